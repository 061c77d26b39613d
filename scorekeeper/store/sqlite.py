"""The database itself: opening it, its schema, this request's connection and its transactions.

``connect`` opens a connection with the app's PRAGMAs (``connections`` keeps one
per worker thread), ``migrate`` brings the schema up to date (``migrations``),
``get_db`` is the request's connection and ``close_db`` rolls back what a failed
request left. A write goes through ``transaction`` (or ``writing`` inside a caller's
own), and what must wait for its commit through ``after_commit``; several reads see
one state of the file through ``snapshot``. A file that cannot take a write raises
``Unwritable``. No query of a table lives here: the games and hands are ``db``'s,
the other tables their own modules'.
"""

import contextlib
import fcntl
import sqlite3
from pathlib import Path

import click
from flask import current_app, g
from flask.cli import with_appcontext
from sqlite_utils import Database

from ..canasta.messages import N_
from . import connections
from .migrations import migrations

BUSY_TIMEOUT_SECONDS = 10


class Unwritable(Exception):
    """The database cannot be written: its disk is full, or it (or its folder) is read-only."""


UNWRITABLE = N_("Nothing was saved: the server cannot write to its database right now (its disk may be full "
                "or read-only). Try again in a moment; if it keeps happening, tell whoever runs the server.")
# SQLite's primary result codes for a database that cannot take a write.
_UNWRITABLE_CODES = {8: "SQLITE_READONLY", 10: "SQLITE_IOERR", 13: "SQLITE_FULL", 14: "SQLITE_CANTOPEN"}


def _unwritable(error):
    """True when ``error`` says the file cannot be written (not a lock, not a bad query)."""
    return ((getattr(error, "sqlite_errorcode", 0) or 0) & 0xFF) in _UNWRITABLE_CODES


def connect(path) -> Database:
    """Return a Database on ``path`` in WAL mode, waiting on locks instead of failing."""
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_SECONDS)
    db = Database(conn)
    try:
        db.execute("PRAGMA journal_mode=WAL")
    except sqlite3.OperationalError as error:
        if not _unwritable(error):
            raise
        # A database that cannot be written still shows its games; each change answers 503.
    # FULL: a hand acknowledged to a player survives a power cut, not only a crash.
    db.execute("PRAGMA synchronous=FULL")
    db.execute("PRAGMA foreign_keys=ON")
    db.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_SECONDS * 1000}")
    db.file_identity = connections.file_identity_of(path)
    return db


def migrate(path):
    """Apply pending migrations to the database at ``path``, one process at a time."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path.with_suffix(".migrate.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        db = connect(path)
        try:
            migrations.apply(db)
        finally:
            db.close()


def thread_connection(path) -> Database:
    """Return this thread's kept connection to the database at ``path`` (see ``connections``)."""
    return connections.thread_connection(path, connect)


def get_db() -> Database:
    """Return this request's database connection: this thread's kept one for the app's database."""
    if "db" not in g:
        g.db = thread_connection(current_app.config["DATABASE"])
    return g.db


def close_db(exception=None):
    """At the end of a request, roll back whatever it left uncommitted; the connection stays open.

    A request that failed between ``BEGIN`` and ``COMMIT`` must neither keep
    the write lock nor hand its half-done change to the next request.
    """
    db = g.pop("db", None)
    if db is None:
        return
    try:
        if db.conn.in_transaction:
            db.conn.rollback()
    except sqlite3.Error:
        # A connection that cannot even roll back is not worth keeping.
        connections.forget_connection(db)


@contextlib.contextmanager
def transaction(db):
    """Run the block as one write transaction, taking the write lock up front.

    ``BEGIN IMMEDIATE`` makes a second writer wait for the busy timeout instead
    of failing when a read inside the block turns into a write. What the block
    asked to run ``after_commit`` runs once the transaction is committed, and
    never when it rolls back.
    """
    try:
        db.execute("BEGIN IMMEDIATE")
        db.after_commit_calls = []
        try:
            yield db
        except BaseException:
            db.after_commit_calls = []
            db.conn.rollback()
            raise
        else:
            db.conn.commit()
    except sqlite3.OperationalError as error:
        if _unwritable(error):
            if db.conn.in_transaction:
                db.conn.rollback()
            raise Unwritable(str(error)) from error
        raise
    calls, db.after_commit_calls = db.after_commit_calls, []
    for call in calls:
        call()


def after_commit(db, call):
    """Run ``call()`` once what is written now is committed: at once outside a transaction.

    A change inside a caller's transaction (a repeated request's answer is kept
    in the same one) is not yet seen by other readers; what only a committed
    change may do (fill a cache shared by every request) waits for the commit.
    """
    if not db.conn.in_transaction:
        call()
        return
    pending = getattr(db, "after_commit_calls", None)
    if pending is not None:
        pending.append(call)
    # A transaction this module did not open (an implicit one) runs no calls:
    # what waits for a commit here only fills a cache, which a later read fills as well.


def writing(db):
    """One write: its own immediate transaction, or a savepoint inside the caller's."""
    return db.atomic() if db.conn.in_transaction else transaction(db)


@contextlib.contextmanager
def writing_a_note(db):
    """One write of something a power cut may lose without harm (which games a phone follows):
    committed without waiting for the disk.

    In WAL mode, ``synchronous=NORMAL`` keeps the database whole through a power cut and
    loses at most the last commits; FULL, which every score is written with, comes back
    for the connection's next write. Inside the caller's transaction it is that one's write.
    """
    if db.conn.in_transaction:
        with db.atomic():
            yield db
        return
    db.execute("PRAGMA synchronous=NORMAL")
    try:
        with transaction(db):
            yield db
    finally:
        db.execute("PRAGMA synchronous=FULL")


@contextlib.contextmanager
def snapshot(db):
    """Read the block from one consistent snapshot, whatever other processes write meanwhile.

    In WAL mode a read transaction sees the database as it was when it began,
    and does not hold up writers.
    """
    db.execute("BEGIN DEFERRED")
    try:
        yield db
    finally:
        db.conn.rollback()


# --- command line -----------------------------------------------------------------


@click.command("init-db")
@with_appcontext
def init_db_command():
    """Create the database or bring its schema up to date."""
    migrate(current_app.config["DATABASE"])
    click.echo(f"Database ready: {current_app.config['DATABASE']}")


def init_app(app):
    """Migrate the app's database at start, roll back each request's leftovers, add ``flask init-db``."""
    try:
        migrate(app.config["DATABASE"])
    except (OSError, sqlite3.OperationalError) as error:
        # Said at start, naming the file: not as a failed save at the table.
        raise RuntimeError(f"The database {app.config['DATABASE']} cannot be opened for writing ({error}). "
                           "Make it and its folder writable by the user that runs the app.") from error
    app.teardown_appcontext(close_db)
    app.cli.add_command(init_db_command)
