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
LISTENING = re.compile(rb"Listening at: http://127\.0\.0\.1:(\d+)")


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
        """Stop the server by its PID and wait for it."""
        if self.process.poll() is None:
            os.kill(self.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()

    def kill(self):
        """Kill -9 the master and its workers, as a power cut would."""
        if self.process.poll() is None:
            os.killpg(self.pid, signal.SIGKILL)
            self.process.wait(timeout=10)


def start_gunicorn(database, *, workers=2, app="scorekeeper:create_app()", extra_env=None, timeout=30):
    """Serve ``app`` with gunicorn on 127.0.0.1 and a free port; return the Server."""
    database = Path(database)
    log = database.with_suffix(".gunicorn.log")
    env = dict(os.environ)
    env.update(
        {
            "SCOREKEEPER_DATABASE": str(database),
            "SCOREKEEPER_SECRET_KEY": "test-secret-key",
            "PYTHONUNBUFFERED": "1",
        }
    )
    env.update(extra_env or {})
    with open(log, "wb") as log_file:
        process = subprocess.Popen(
            [str(GUNICORN), "--no-control-socket", "--workers", str(workers), "--bind", "127.0.0.1:0",
             "--graceful-timeout", "5", app],
            cwd=ROOT, env=env, stdout=log_file, stderr=subprocess.STDOUT, start_new_session=True,
        )
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        match = LISTENING.search(log.read_bytes())
        if match:
            server = Server(f"http://127.0.0.1:{int(match.group(1))}", process, database, log)
            _wait_until_answering(server, deadline)
            return server
        if process.poll() is not None:
            break
        time.sleep(0.05)
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
    raise RuntimeError(f"gunicorn did not start:\n{log.read_text(errors='replace')}")


def _wait_until_answering(server, deadline):
    import urllib.request

    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(server.url + "/", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("gunicorn started but does not answer")
