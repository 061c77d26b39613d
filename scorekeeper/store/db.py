"""The connection, its transactions, and the queries of games and hands, on sqlite-utils.

Nothing outside ``store`` touches a table. Beside this module: the answers kept
for repeated requests (``answers``), export, import and backup (``transfer``),
bulk loading for the benchmarks (``bulk``), the games a browser keeps
(``edit_keys``), history, practice deals and the limits' counters.

Games and hands are stored as entered (the sides of each hand exactly as the
API takes them); scores are never stored, they are recomputed by
``scorekeeper.canasta`` whenever a game is read, so they cannot drift.
"""

import contextlib
import fcntl
import json
import sqlite3
from datetime import datetime, timezone
from pathlib import Path

import click
from flask import current_app, g
from flask.cli import with_appcontext
from sqlite_utils import Database

from . import connections
from .connections import file_identity, forget_connection  # noqa: F401 (file_identity: the app asks db for it)
from .migrations import migrations

BUSY_TIMEOUT_SECONDS = 10


class VersionConflict(Exception):
    """The game changed since the version the change was based on."""

    def __init__(self, current_version):
        super().__init__(f"The game is at version {current_version}.")
        self.current_version = current_version


class NotFound(Exception):
    """No such game, or no such hand in it."""


class Unwritable(Exception):
    """The database cannot be written: its disk is full, or it (or its folder) is read-only."""


UNWRITABLE = ("Nothing was saved: the server cannot write to its database right now (its disk may be full "
              "or read-only). Try again in a moment; if it keeps happening, tell whoever runs the server.")
# SQLite's primary result codes for a database that cannot take a write.
_UNWRITABLE_CODES = {8: "SQLITE_READONLY", 10: "SQLITE_IOERR", 13: "SQLITE_FULL", 14: "SQLITE_CANTOPEN"}


def _unwritable(error):
    """True when ``error`` says the file cannot be written (not a lock, not a bad query)."""
    return ((getattr(error, "sqlite_errorcode", 0) or 0) & 0xFF) in _UNWRITABLE_CODES


def now():
    """Return the current UTC time as an ISO 8601 string."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


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


CONNECTIONS_PER_THREAD = connections.CONNECTIONS_PER_THREAD


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
        forget_connection(db)


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


# --- games -------------------------------------------------------------------

JSON_COLUMNS = ("options", "names", "seats", "start_totals")


def _game_from_row(row):
    game = dict(row)
    for column in JSON_COLUMNS:
        game[column] = json.loads(game[column])
    return game


def create_game(db, *, game_id, edit_key_hash, rules, options, names, seats, start_totals):
    """Store a new game at version 0."""
    stamp = now()
    with writing(db):
        db["games"].insert(
            {
                "id": game_id,
                "edit_key_hash": edit_key_hash,
                "rules": rules,
                "options": json.dumps(options),
                "names": json.dumps(names),
                "seats": json.dumps(seats),
                "start_totals": json.dumps(start_totals),
                "version": 0,
                "created_at": stamp,
                "updated_at": stamp,
            }
        )


def get_game(db, game_id):
    """Return the game with its hands in play order (``number`` 1..n), or None."""
    rows = list(db.query("select * from games where id = ?", [game_id]))
    if not rows:
        return None
    game = _game_from_row(rows[0])
    game["hands"] = [
        {
            "number": number,
            "id": hand["id"],
            "sides": json.loads(hand["sides"]),
            "entry": json.loads(hand["entry"]),
            "created_at": hand["created_at"],
            "updated_at": hand["updated_at"],
        }
        for number, hand in enumerate(
            db.query("select * from hands where game_id = ? order by id", [game_id]), start=1
        )
    ]
    return game


def get_version(db, game_id):
    """Return the game's version, or None when there is no such game."""
    rows = list(db.query("select version from games where id = ?", [game_id]))
    return rows[0]["version"] if rows else None


def get_edit_key_hash(db, game_id):
    """Return the stored hash of the game's edit key, or None when there is no such game."""
    row = db.execute("select edit_key_hash from games where id = ?", [game_id]).fetchone()
    return row[0] if row else None


def list_games(db, game_ids):
    """Return summaries of the given games, newest change first; unknown ids are left out.

    Times are kept to the second, so a rematch and the game it follows often tie:
    the game started last (the higher rowid) comes first, not whichever the index finds first.
    """
    game_ids = list(game_ids)
    if not game_ids:
        return []
    marks = ",".join("?" for _ in game_ids)
    rows = db.query(
        f"""select games.*, (select count(*) from hands where hands.game_id = games.id) as hand_count
            from games where id in ({marks}) order by updated_at desc, created_at desc, rowid desc""",
        game_ids,
    )
    return [_game_from_row(row) for row in rows]


def _bump(db, game_id):
    """Move the game to its next version; return it. The caller checked the version it expected."""
    row = db.execute(
        "update games set version = version + 1, updated_at = ? where id = ? returning version", [now(), game_id]
    ).fetchone()
    if row is None:
        raise NotFound(game_id)
    return row[0]


def _hand_id(db, game_id, number):
    """Return the row id of hand ``number`` (1 = the first hand played)."""
    rows = list(db.query("select id from hands where game_id = ? order by id limit 1 offset ?",
                         [game_id, number - 1])) if number >= 1 else []
    if not rows:
        raise NotFound(f"{game_id} hand {number}")
    return rows[0]["id"]


def add_hand(db, game_id, sides, entry=None):
    """Append a hand to the game; return ``(hand number, new version)``."""
    with writing(db):
        version = _bump(db, game_id)
        stamp = now()
        db["hands"].insert(
            {
                "game_id": game_id,
                "sides": json.dumps(sides),
                "entry": json.dumps(entry or {}),
                "created_at": stamp,
                "updated_at": stamp,
            }
        )
        number = next(db.query("select count(*) as n from hands where game_id = ?", [game_id]))["n"]
        return number, version


def replace_hand(db, game_id, number, sides, entry=None):
    """Replace hand ``number`` of the game; return the new version."""
    with writing(db):
        hand_id = _hand_id(db, game_id, number)
        version = _bump(db, game_id)
        db.execute(
            "update hands set sides = ?, entry = ?, updated_at = ? where id = ?",
            [json.dumps(sides), json.dumps(entry or {}), now(), hand_id],
        )
        return version


def delete_hand(db, game_id, number):
    """Remove hand ``number``; later hands move up one number. Return the new version."""
    with writing(db):
        hand_id = _hand_id(db, game_id, number)
        version = _bump(db, game_id)
        db.execute("delete from hands where id = ?", [hand_id])
        return version


# --- command line -----------------------------------------------------------------


@click.command("init-db")
@with_appcontext
def init_db_command():
    """Create the database or bring its schema up to date."""
    migrate(current_app.config["DATABASE"])
    click.echo(f"Database ready: {current_app.config['DATABASE']}")


def init_app(app):
    try:
        migrate(app.config["DATABASE"])
    except (OSError, sqlite3.OperationalError) as error:
        # Said at start, naming the file: not as a failed save at the table.
        raise RuntimeError(f"The database {app.config['DATABASE']} cannot be opened for writing ({error}). "
                           "Make it and its folder writable by the user that runs the app.") from error
    app.teardown_appcontext(close_db)
    app.cli.add_command(init_db_command)


# --- printed sheets ---------------------------------------------------------------


def get_sheet_stamp(db, game_id):
    """Return what a printed sheet's ETag and file name need, without the hands, or None.

    ``{"version", "updated_at", "created_at", "names"}``: a sheet asked for
    again is answered 304 from these alone, before the game is read and scored.
    """
    rows = list(
        db.query("select version, updated_at, created_at, names from games where id = ?", [game_id])
    )
    if not rows:
        return None
    stamp = dict(rows[0])
    stamp["names"] = json.loads(stamp["names"])
    return stamp


# --- one snapshot for several reads (a game and its hands; an export) ------------------


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


# --- the scored-game cache (model.load_game) ----------------------------------------------


def get_stamp(db, game_id):
    """Return ``(version, updated_at)`` of the game, or None: what tells one state of a game from another.

    Every change grows the version; ``updated_at`` also tells apart a game
    imported over itself (``import --replace``) at a version it had before.
    """
    row = db.execute("select version, updated_at from games where id = ?", [game_id]).fetchone()
    return tuple(row) if row else None


# --- game settings: names, seats, edit key ------------------------------------------------


def rename_game(db, game_id, names, seats):
    """Store new names and seats; return the new version.

    The version grows like with a hand, so that every reader (the live view's
    poll, the sheet's ETag, each process's scored-game and board caches, all
    keyed by the version stamp) sees the new names at once.
    """
    with writing(db):
        version = _bump(db, game_id)
        db.execute("update games set names = ?, seats = ? where id = ?",
                   [json.dumps(names), json.dumps(seats), game_id])
        return version


def replace_edit_key_hash(db, game_id, edit_key_hash):
    """Store the hash of a new edit key (the old key stops opening the game); return the new version.

    The version grows too, so that a partner's scoreboard, which polls it,
    reloads without its edit controls as soon as its key stops working.
    """
    with writing(db):
        version = _bump(db, game_id)
        db.execute("update games set edit_key_hash = ? where id = ?", [edit_key_hash, game_id])
        return version
