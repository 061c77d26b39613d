"""The live stream under a WSGI worker (gthread): the Flask route streams from its own thread.

One thread per phone, for as long as the phone keeps the stream: this is what
the ASGI worker (``scorekeeper.asgi``) avoids, and what ``make bench`` compares
it with. The thread asks ``PRAGMA data_version`` on a connection of its own every
``poll`` seconds and reads the table's version when it changed.
"""

import time

from flask import Response, current_app, request

from ..errors import error_body
from ..store import sqlite
from ..store import tables as store
from . import CONTENT_TYPE, HEARTBEAT, event, gate_of, opening


def response(table_id, version):
    """The stream's answer (200 ``text/event-stream``), or the 429/503 past a cap of open streams."""
    if request.method == "HEAD":  # the headers only: no stream is opened, no thread is held
        return _streaming(b"")
    gate = gate_of(current_app)
    address = request.remote_addr  # ProxyFix put the client's there, when told to trust proxies
    refusal = gate.enter(address)
    if refusal is not None:
        answer = error_body(refusal.status, [("", refusal.message)])
        answer.headers["Retry-After"] = str(refusal.retry_after)
        answer.cache_control.no_store = True
        return answer
    return _streaming(Events(current_app.config["DATABASE"], table_id, version, gate, address))


def _streaming(body):
    answer = Response(body, content_type=CONTENT_TYPE)
    answer.cache_control.no_store = True
    answer.headers["X-Accel-Buffering"] = "no"
    return answer


class Events:
    """The stream's body; its place at the gate is given back once, when it ends or is closed unstarted
    (a client gone before its first byte: a generator never started runs no ``finally``)."""

    def __init__(self, database, table_id, version, gate, address):
        self.gate, self.address = gate, address
        self.events = _events(database, table_id, version, gate.settings)
        self.left = False

    def __iter__(self):
        return self

    def __next__(self):
        try:
            return next(self.events)
        except BaseException:
            self.close()
            raise

    def close(self):
        self.events.close()
        if not self.left:
            self.left = True
            self.gate.leave(self.address)


def _events(database, table_id, version, settings):
    db = None
    try:
        # A connection of its own: data_version moves for other connections' commits only, and this
        # thread's kept one may have made the move itself (the tests' client runs in one thread).
        db = sqlite.connect(database)
        seen = store.data_version(db)
        version = max(version, store.get_version(db, table_id) or version)  # a change since the route's read
        yield opening(version, settings.retry)
        quiet_since = time.monotonic()
        while True:
            time.sleep(settings.poll)
            now = store.data_version(db)
            if now != seen:
                seen = now
                current = store.get_version(db, table_id)
                if current is None:
                    return  # the table was purged
                if current > version:
                    version = current
                    quiet_since = time.monotonic()
                    yield event(version)
            elif time.monotonic() - quiet_since >= settings.heartbeat:
                quiet_since = time.monotonic()
                yield HEARTBEAT
    finally:
        if db is not None:
            db.close()
