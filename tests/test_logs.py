"""Issue 12, finding 6: one access-log format everywhere, and it never writes an edit key.

The documented systemd unit's command and `make run`'s recipe are read from
docs/operations.md and the Makefile and served as they are (on 127.0.0.1,
port 0); the edit link is opened; the log must show its path, never its key.
"""

import re
import shlex
import urllib.request

import pytest

from scorekeeper.store import sqlite

from .helpers import new_game
from .servers import GUNICORN, ROOT, start_gunicorn

pytestmark = pytest.mark.slow


def documented_unit_command():
    """The unit's ExecStart in docs/operations.md, as a list of arguments."""
    text = (ROOT / "docs" / "operations.md").read_text()
    unit = re.search(r"```ini\n(.*?)```", text, re.S).group(1)
    line = re.search(r"^ExecStart=(.*?)(?<!\\)$", unit.replace("\\\n", " "), re.M).group(1)
    return shlex.split(line)


def make_run_command():
    """The gunicorn line of the Makefile's run recipe, with the Makefile's defaults put in."""
    text = (ROOT / "Makefile").read_text()
    line = re.search(r"^\texec (\$\(VENV\)/bin/gunicorn .*)$", text, re.M).group(1)
    for name, value in {"$(VENV)": ".venv", "$(WORKERS)": "3", "$(HOST)": "127.0.0.1", "$(PORT)": "5000"}.items():
        line = line.replace(name, value)
    return shlex.split(line)


def on_loopback(argv):
    """``argv`` with our gunicorn, one worker, and a free port on 127.0.0.1."""
    argv = [str(GUNICORN)] + argv[1:]
    argv[argv.index("--bind") + 1] = "127.0.0.1:0"
    argv[argv.index("--workers") + 1] = "1"
    return argv


@pytest.mark.parametrize("command", [documented_unit_command, make_run_command], ids=["systemd-unit", "make-run"])
def test_the_access_log_never_writes_an_edit_key(tmp_path, command):
    argv = command()
    assert "--access-logformat" not in argv and "--access-logfile" not in argv  # one format: gunicorn.conf.py's
    assert argv[argv.index("-c") + 1] == "gunicorn.conf.py"
    database = tmp_path / "logs.db"
    sqlite.migrate(str(database))
    db = sqlite.connect(str(database))
    game_id, key = new_game(db)
    db.close()
    server = start_gunicorn(database, argv=on_loopback(argv))
    try:
        with urllib.request.urlopen(f"{server.url}/games/{game_id}/join?key={key}", timeout=30) as response:
            assert response.status == 200  # the board, after the 303
    finally:
        server.stop()
    log = server.log.read_text()
    assert f'"GET /games/{game_id}/join HTTP/1.1" 303' in log
    assert key not in log
    assert "?key=" not in log
