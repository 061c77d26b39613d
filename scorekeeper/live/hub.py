"""The live streams of one ASGI worker process: one coroutine per phone, one watcher task for all.

The watcher asks SQLite's ``PRAGMA data_version`` on its own connection every
``poll`` seconds (a number that changes when any other connection, of any
process, commits); when it changed, it reads the ``table_changes`` rows after
the last one it saw and wakes the phones of those tables. A change row is
written in the move's own transaction: a move that was not stored sends no
event. A phone is told the version only, never a card.
"""

import asyncio
import logging
import sqlite3

from ..store import sqlite
from ..store import tables as store
from . import HEARTBEAT, event, opening

log = logging.getLogger("gunicorn.error")  # the worker's own log: lines go where gunicorn writes its own


class Phone:
    """One open stream: the version it was last told, and a flag the watcher raises."""

    __slots__ = ("table_id", "version", "woken", "gone")

    def __init__(self, table_id, version):
        self.table_id = table_id
        self.version = version
        self.woken = asyncio.Event()
        self.gone = False


class Hub:
    def __init__(self, database, settings, gate):
        self.database = database
        self.settings = settings
        self.gate = gate
        self.phones = {}  # table id -> set of Phone
        self.stopping = lambda: False  # the worker says when it stops (gunicorn.conf.py's post_worker_init)
        self._db = None
        self._watcher = None

    def _connection(self):
        if self._db is None:
            self._db = sqlite.connect(self.database)
        return self._db

    def version_of(self, table_id):
        """The table's version now, or None for no such table (a read of one indexed row, in the event loop)."""
        return store.get_version(self._connection(), table_id)

    def subscribe(self, table_id, version):
        phone = Phone(table_id, version)
        self.phones.setdefault(table_id, set()).add(phone)
        if self._watcher is None or self._watcher.done():
            self._watcher = asyncio.get_running_loop().create_task(self._watch())
        return phone

    def unsubscribe(self, phone):
        phones = self.phones.get(phone.table_id)
        if phones is not None:
            phones.discard(phone)
            if not phones:
                del self.phones[phone.table_id]

    def wake(self, table_id, version):
        for phone in self.phones.get(table_id, ()):
            if version > phone.version:
                phone.version = version
                phone.woken.set()

    def close_all(self):
        """End every stream (the worker stops): each phone's EventSource reconnects to another worker."""
        for phones in self.phones.values():
            for phone in phones:
                phone.gone = True
                phone.woken.set()

    async def _watch(self):
        db = self._connection()
        last = store.last_change_id(db)
        seen = store.data_version(db)
        while self.phones:
            await asyncio.sleep(self.settings.poll)
            if self.stopping():
                self.close_all()
                return
            try:
                now = store.data_version(db)
                if now == seen:
                    continue
                while True:
                    rows = store.changes_after(db, last)
                    for change_id, table_id, version in rows:
                        last = change_id
                        self.wake(table_id, version)
                    if len(rows) < 1000:
                        break
                seen = now
            except sqlite3.Error:
                # A read that failed (the disk, a lock held too long) is asked again at the next poll.
                log.warning("The live streams' watcher could not read the database", exc_info=True)

    async def stream(self, table_id, version, send, receive):
        """Serve one phone's stream until it goes away (or the worker stops); always let go of it."""
        phone = self.subscribe(table_id, version)
        listening = asyncio.get_running_loop().create_task(_until_gone(receive, phone))
        try:
            await send({"type": "http.response.body", "body": opening(version, self.settings.retry),
                        "more_body": True})
            while not phone.gone:
                try:
                    await asyncio.wait_for(phone.woken.wait(), self.settings.heartbeat)
                except asyncio.TimeoutError:
                    await send({"type": "http.response.body", "body": HEARTBEAT, "more_body": True})
                    continue
                phone.woken.clear()
                if not phone.gone:
                    await send({"type": "http.response.body", "body": event(phone.version), "more_body": True})
            await send({"type": "http.response.body", "body": b"", "more_body": False})
        finally:
            listening.cancel()
            self.unsubscribe(phone)

    def count(self, table_id=None):
        """How many phones this process streams to (to one table's)."""
        if table_id is not None:
            return len(self.phones.get(table_id, ()))
        return sum(len(phones) for phones in self.phones.values())


async def _until_gone(receive, phone):
    """Read the request's messages until the client disconnects; then end its stream."""
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            phone.gone = True
            phone.woken.set()
            return
