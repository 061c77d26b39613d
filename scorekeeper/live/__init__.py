"""The live stream of a table (API.md "Tables"): ``text/event-stream`` of ``{"version": N}``, never a card.

Two ways of serving it, one format and one count of open streams:

- ``hub``: under gunicorn's ASGI worker (``scorekeeper.asgi``, what ``make run``
  serves), one coroutine per phone; one watcher task per process polls SQLite's
  ``PRAGMA data_version`` and reads ``table_changes`` (written in each move's own
  transaction) to wake the phones of the tables that changed.
- ``polling``: under a WSGI worker (gthread), the Flask route streams from its
  thread, which polls the same way for its one phone: one thread per phone.

Settings (``SCOREKEEPER_LIVE_...``): ``LIVE_STREAMS_PER_PROCESS`` and
``LIVE_STREAMS_PER_ADDRESS`` (open streams one worker process serves, all
and from one client address; past them 503 and 429), ``LIVE_HEARTBEAT_SECONDS``
(a comment line when nothing else was sent, so proxies and phones keep the
stream), ``LIVE_POLL_SECONDS`` (how often ``data_version`` is asked),
``LIVE_RETRY_SECONDS`` (the ``retry:`` a browser's EventSource waits before
it reconnects).
"""

import json
import threading
from dataclasses import dataclass

from ..limits import counted_address

DEFAULTS = {
    # ~20 KB a phone under the ASGI worker: 4,000 streams are some 80 MB of one process.
    "LIVE_STREAMS_PER_PROCESS": 4000,
    # A club's fifty tables of four phones behind one address, and their reconnections.
    "LIVE_STREAMS_PER_ADDRESS": 400,
    "LIVE_HEARTBEAT_SECONDS": 15.0,
    "LIVE_POLL_SECONDS": 0.05,
    "LIVE_RETRY_SECONDS": 3,
}

CONTENT_TYPE = "text/event-stream; charset=utf-8"
HEARTBEAT = b": still here\n\n"
TOO_MANY_HERE = ("Too many live streams from this address: at most {most} at once. Close the table on a phone "
                 "you no longer use; meanwhile read the table with GET /api/v1/tables/<id>.")
TOO_MANY_IN_ALL = ("This server has as many live streams open as it serves ({most}). Try again in {wait} seconds; "
                   "meanwhile read the table with GET /api/v1/tables/<id>.")


@dataclass(frozen=True)
class Settings:
    per_process: int
    per_address: int
    heartbeat: float
    poll: float
    retry: int

    @classmethod
    def of(cls, config):
        """The live settings of a Flask app's ``config`` (DEFAULTS for what it lacks)."""
        value = {name: config.get(name, default) for name, default in DEFAULTS.items()}
        return cls(int(value["LIVE_STREAMS_PER_PROCESS"]), int(value["LIVE_STREAMS_PER_ADDRESS"]),
                   float(value["LIVE_HEARTBEAT_SECONDS"]), max(0.005, float(value["LIVE_POLL_SECONDS"])),
                   int(value["LIVE_RETRY_SECONDS"]))


def gate_of(app):
    """The Gate of a Flask app's process: one count of streams, whichever way they are served."""
    return app.extensions.setdefault("live_gate", Gate(Settings.of(app.config)))


def opening(version, retry_seconds):
    """The first bytes of a stream: how long to wait before reconnecting, then the table's version now."""
    return f"retry: {int(retry_seconds * 1000)}\n\n".encode() + event(version)


def event(version):
    """One event: the table is now at ``version``. Nothing else ever goes in it.

    >>> event(12)
    b'data: {"version": 12}\\n\\n'
    """
    return f"data: {json.dumps({'version': int(version)})}\n\n".encode()


@dataclass(frozen=True)
class Refusal:
    status: int
    message: str
    retry_after: int


class Gate:
    """Counts the streams this process serves, in all and per client address; refuses one past a cap."""

    def __init__(self, settings):
        self.settings = settings
        self.open = 0
        self.by_address = {}
        self._lock = threading.Lock()  # the gthread worker's threads share one gate

    def enter(self, address):
        """Count one more stream from ``address``; return a Refusal instead when a cap is reached."""
        address = counted_address(address)
        with self._lock:
            if self.open >= self.settings.per_process:
                return Refusal(503, TOO_MANY_IN_ALL.format(most=self.settings.per_process,
                                                          wait=self.settings.retry), self.settings.retry)
            if self.by_address.get(address, 0) >= self.settings.per_address:
                return Refusal(429, TOO_MANY_HERE.format(most=self.settings.per_address), self.settings.retry)
            self.open += 1
            self.by_address[address] = self.by_address.get(address, 0) + 1
        return None

    def leave(self, address):
        """One stream from ``address`` ended; return how many this process still serves."""
        address = counted_address(address)
        with self._lock:
            self.open -= 1
            left = self.by_address.pop(address) - 1
            if left:
                self.by_address[address] = left
            return self.open


def client_of(remote_address, forwarded_for, trusted_proxies):
    """The client's address: the peer's, or with ``trusted_proxies`` the one our own proxies wrote
    in X-Forwarded-For (as Werkzeug's ProxyFix takes it for the Flask app).

    >>> client_of("127.0.0.1", "6.6.6.6, 203.0.113.9", 1)
    '203.0.113.9'
    >>> client_of("127.0.0.1", "203.0.113.9", 0)
    '127.0.0.1'
    """
    if trusted_proxies > 0 and forwarded_for:
        values = [value.strip() for value in forwarded_for.split(",")]
        if len(values) >= trusted_proxies:
            return values[-trusted_proxies]
    return remote_address
