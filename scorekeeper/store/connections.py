"""Open SQLite connections, kept one per worker thread and database file.

Opening a connection and setting its PRAGMAs cost more than the queries of a
scoreboard, so each thread keeps its connections open between requests, one
per database file (tests point apps at many files). A connection is only ever
used by the thread and the process that opened it: SQLite connections must not
cross a fork (gunicorn's workers) nor be shared between threads.

No query lives here: ``sqlite.connect`` opens and sets up a connection, and every
query stays in ``db`` and its siblings.
"""

import os
import sqlite3
import threading
from collections import OrderedDict


def file_identity_of(path):
    """``(absolute path, device, inode)`` of a database file, or None (in memory, or not there).

    Names one database for as long as its file is not replaced: what in-process
    caches of games (``model``) and pages (``games``) key on besides the game.
    """
    path = str(path)
    if path in ("", ":memory:"):
        return None
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return (os.path.abspath(path), stat.st_dev, stat.st_ino)


def file_identity(db):
    """The identity of the file ``db`` was opened on by ``sqlite.connect`` (see ``file_identity_of``), or None."""
    return getattr(db, "file_identity", None)


CONNECTIONS_PER_THREAD = 4  # files a thread keeps open; tests use a fresh file each


class _ThreadConnections(threading.local):
    def __init__(self):
        self.open = OrderedDict()  # path -> (Database, pid that opened it)


_connections = _ThreadConnections()
# Connections a forked child inherited: kept referenced, never used or closed,
# since closing the parent's file handles in the child could drop the parent's locks.
_inherited = []


def thread_connection(path, connect):
    """Return this thread's open connection to the database at ``path``, opening it with ``connect`` on first use.

    A file replaced since (another inode at the path) gets a new connection;
    past ``CONNECTIONS_PER_THREAD`` files, the least recently used is closed.
    """
    key = str(path)
    kept = _connections.open
    entry = kept.get(key)
    if entry is not None:
        db, pid = entry
        if pid != os.getpid():
            # This thread's connections came across a fork: none of them is ours.
            _inherited.extend(db for db, _ in kept.values())
            kept.clear()
        elif _same_file(db, key):
            kept.move_to_end(key)
            return db
        else:
            del kept[key]
            db.close()
    db = connect(key)
    kept[key] = (db, os.getpid())
    while len(kept) > CONNECTIONS_PER_THREAD:
        _, (oldest, pid) = kept.popitem(last=False)
        if pid == os.getpid():
            oldest.close()
        else:
            _inherited.append(oldest)
    return db


def _same_file(db, path):
    """True when ``path`` is still the file ``db`` was opened on (not deleted or replaced since)."""
    identity = db.file_identity
    if identity is None:
        return False
    try:
        stat = os.stat(path)
    except OSError:
        return False
    return (stat.st_dev, stat.st_ino) == identity[1:]


def forget_connection(db):
    """Close ``db`` and stop keeping it for this thread."""
    kept = _connections.open
    for key, (kept_db, _) in list(kept.items()):
        if kept_db is db:
            del kept[key]
    try:
        db.close()
    except sqlite3.Error:
        pass
