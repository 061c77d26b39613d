"""Games out of and into a database file: export and import, the online backup and its checks.

What ``flask export``, ``import`` and ``backup`` (``scorekeeper.cli``) read and
write: games exactly as stored (edit key hash, version, timestamps, hands as
entered), never a score.
"""

import json
import sqlite3

from .db import JSON_COLUMNS, get_game
from .sqlite import BUSY_TIMEOUT_SECONDS, writing


def all_game_ids(db):
    """Return every game id, oldest game first."""
    # rowid: the order of insertion, which breaks ties between games created in one second.
    return [row["id"] for row in db.query("select id from games order by created_at, rowid")]


def existing_game_ids(db, game_ids):
    """Return the subset of ``game_ids`` that are stored."""
    game_ids = list(game_ids)
    found = set()
    # Bounded chunks stay under SQLite's limit on query parameters.
    for start in range(0, len(game_ids), 500):
        chunk = game_ids[start:start + 500]
        marks = ",".join("?" for _ in chunk)
        found.update(row["id"] for row in db.query(f"select id from games where id in ({marks})", chunk))
    return found


def export_game(db, game_id):
    """Return the game exactly as stored (edit key hash, version, timestamps, hands as entered), or None."""
    game = get_game(db, game_id)
    if game is None:
        return None
    game["hands"] = [
        {key: hand[key] for key in ("number", "sides", "entry", "created_at", "updated_at")}
        for hand in game["hands"]
    ]
    return game


def import_games(db, games, replace=False):
    """Store exported games in one transaction: all of them, or none.

    A game whose id is already stored is replaced (its hands too) when
    ``replace`` is true; otherwise the import stops with sqlite3.IntegrityError
    and nothing is written. Hands are inserted in their number order, which
    is the order the store numbers them by.
    """
    with writing(db):
        for game in games:
            if replace:
                db.execute("delete from hands where game_id = ?", [game["id"]])
                # Its history names hand rows that are stored anew: it starts again from the import.
                db.execute("delete from changes where game_id = ?", [game["id"]])
                db.execute("delete from games where id = ?", [game["id"]])
            db.execute(
                """insert into games (id, edit_key_hash, rules, options, names, seats, start_totals,
                                      version, created_at, updated_at)
                   values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                [game["id"], game["edit_key_hash"], game["rules"]]
                + [json.dumps(game[column]) for column in JSON_COLUMNS]
                + [game["version"], game["created_at"], game["updated_at"]],
            )
            for hand in sorted(game["hands"], key=lambda hand: hand["number"]):
                db.execute(
                    "insert into hands (game_id, sides, entry, created_at, updated_at) values (?, ?, ?, ?, ?)",
                    [game["id"], json.dumps(hand["sides"]), json.dumps(hand["entry"]),
                     hand["created_at"], hand["updated_at"]],
                )


def integrity_problems(path):
    """Return what ``PRAGMA integrity_check`` finds wrong with the database file (empty when sound)."""
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_SECONDS)
    try:
        rows = [row[0] for row in conn.execute("PRAGMA integrity_check")]
        rows += [f"foreign key: {tuple(row)}" for row in conn.execute("PRAGMA foreign_key_check")]
    except sqlite3.DatabaseError as error:  # too damaged for the check to run at all
        rows = [str(error)]
    finally:
        conn.close()
    return [] if rows == ["ok"] else [row for row in rows if row != "ok"]


def backup_to(source_path, target_path):
    """Copy the live database at ``source_path`` into a new file ``target_path``.

    SQLite's online backup copies every page in one step inside a read
    transaction: a consistent copy while the server keeps writing (WAL lets
    writers go on meanwhile). The copy is switched to a rollback journal so
    that it is one self-contained file.
    """
    source = sqlite3.connect(str(source_path), timeout=BUSY_TIMEOUT_SECONDS)
    target = sqlite3.connect(str(target_path))
    try:
        source.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_SECONDS * 1000}")
        source.backup(target)
        target.execute("PRAGMA journal_mode=DELETE")
    finally:
        target.close()
        source.close()


def file_counts(path):
    """Return ``(games, hands)`` stored in the database file at ``path``, leaving its journal mode alone."""
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_SECONDS)
    try:
        games = conn.execute("select count(*) from games").fetchone()[0]
        hands = conn.execute("select count(*) from hands").fetchone()[0]
    finally:
        conn.close()
    return games, hands
