"""Start and stop real gunicorn servers on loopback for tests and benchmarks."""

import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GUNICORN = Path(sys.executable).with_name("gunicorn")
CONFIG = ROOT / "gunicorn.conf.py"  # the one make run and the documented unit use
LISTENING = re.compile(rb"Listening at: (https?)://127\.0\.0\.1:(\d+)")
# Bounds for a busy 2-core machine: each worker imports WeasyPrint before its first answer,
# which takes many seconds while other test processes hold both cores.
START_SECONDS = 90
STOP_SECONDS = 30


@dataclass
class Server:
    url: str
    process: subprocess.Popen
    database: Path
    log: Path

    @property
    def pid(self):
        return self.process.pid

    def stop(self):
        """Stop the server by its PID and wait for it; no worker outlives the test."""
        if self.process.poll() is None:
            os.kill(self.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=STOP_SECONDS)
            except subprocess.TimeoutExpired:
                pass
        self.kill()  # a worker the master could not stop, or a master that never stopped

    def kill(self):
        """Kill -9 the master and its workers, as a power cut would."""
        _kill_group(self.process)


APP = "scorekeeper.asgi:create_app()"  # what make run serves, under gunicorn.conf.py's ASGI worker
# A WSGI app (the Flask app itself, bench's bare one) is served by the gthread worker, as docs/operations.md says.
GTHREAD = ("--worker-class", "gthread", "--threads", "16")


def start_gunicorn(database, *, workers=2, app=APP, extra_env=None, timeout=START_SECONDS,
                   certificate=None, extra_args=(), argv=None, port=0):
    """Serve ``app`` with gunicorn on 127.0.0.1 and a free port (or ``port``: a server started again); return the Server.

    It is served as ``make run`` serves it (``gunicorn.conf.py``: the ASGI worker, timeouts, the access log);
    any other app than ``APP`` is a WSGI app, served by the gthread worker (``GTHREAD``).
    ``certificate``: a ``(certfile, keyfile)`` pair to serve HTTPS with. ``argv``: the whole
    command instead (it must bind 127.0.0.1:0), to serve exactly as a documented command does.
    """
    database = Path(database)
    log = database.with_suffix(".gunicorn.log")
    env = dict(os.environ)
    env.update(
        {
            "SCOREKEEPER_DATABASE": str(database),
            "SCOREKEEPER_SECRET_KEY": "test-secret-key",
            "PYTHONUNBUFFERED": "1",
            # Load tests start games and print sheets by the hundred; a test of the limits turns them on.
            "SCOREKEEPER_RATELIMIT_ENABLED": "false",
        }
    )
    env.update(extra_env or {})
    tls = ["--certfile", str(certificate[0]), "--keyfile", str(certificate[1])] if certificate else []
    worker = () if app == APP or "--worker-class" in extra_args else GTHREAD
    with open(log, "wb") as log_file:
        process = subprocess.Popen(
            argv or [str(GUNICORN), "-c", str(CONFIG), "--workers", str(workers), "--bind", f"127.0.0.1:{port}",
                     "--graceful-timeout", "5", *worker, *tls, *extra_args, app],
            cwd=ROOT, env=env, stdout=log_file, stderr=subprocess.STDOUT, start_new_session=True,
        )
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            match = LISTENING.search(log.read_bytes())
            if match:
                scheme, port = match.group(1).decode(), int(match.group(2))
                server = Server(f"{scheme}://127.0.0.1:{port}", process, database, log)
                _wait_until_answering(server, deadline)
                return server
            if process.poll() is not None:
                break
            time.sleep(0.05)
        raise RuntimeError(f"gunicorn did not start:\n{log.read_text(errors='replace')}")
    except BaseException:
        # Not started (or interrupted): leave no master or worker behind.
        _kill_group(process)
        raise


def _kill_group(process):
    """SIGKILL gunicorn's process group (the master's PID; start_new_session made it its own)."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass  # the master and every worker are already gone
    process.wait(timeout=STOP_SECONDS)


def _wait_until_answering(server, deadline):
    import ssl
    import urllib.request

    # A test's self-signed certificate: this only asks whether the server answers yet.
    context = ssl._create_unverified_context() if server.url.startswith("https") else None
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(server.url + "/", timeout=10, context=context) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"gunicorn started but does not answer:\n{server.log.read_text(errors='replace')}")
