"""Rate-limit counters, in a small SQLite file of their own beside the database.

Every gunicorn worker counts in the same file, so a limit holds for the whole
server, not per worker. The file is apart from the games' so that counting a
request never waits on a hand being written, nor makes one wait: it is
written with ``synchronous=OFF`` (a power cut may lose a minute of counts,
never a hand). Fixed windows: one row per limit, client and window.
"""

import sqlite3

from sqlite_utils import Database

from . import connections

BUSY_TIMEOUT_MS = 2000


def connect(path) -> Database:
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
    db = Database(conn)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=OFF")
    db.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    db.execute("create table if not exists counters ("
               "key text primary key, window integer not null, count integer not null, expires integer not null)")
    db.execute("create index if not exists counters_expires on counters (expires)")
    db.file_identity = connections.file_identity_of(path)
    return db


def counters(path) -> Database:
    """This thread's connection to the counters file at ``path``."""
    return connections.thread_connection(path, connect)


def hit(db, key, window, expires):
    """Count one more for ``key`` in ``window`` (a new window starts at 1); return the count."""
    row = db.execute(
        "insert into counters (key, window, count, expires) values (?, ?, 1, ?) "
        "on conflict (key) do update set "
        "count = case when counters.window = excluded.window then counters.count + 1 else 1 end, "
        "window = excluded.window, expires = excluded.expires "
        "returning count", [key, window, expires]).fetchone()
    return row[0]


def count(db, key, window):
    """How many were counted for ``key`` in ``window``."""
    row = db.execute("select count from counters where key = ? and window = ?", [key, window]).fetchone()
    return row[0] if row else 0


def forget_before(db, now):
    """Drop the counts of windows that ended before ``now`` (seconds)."""
    db.execute("delete from counters where expires < ?", [now])
