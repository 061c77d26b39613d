"""The queries of games and hands: creating, reading, listing and changing them.

Nothing outside ``store`` touches a table. The connection, its transactions and the
migrations are ``sqlite``'s; beside this module: the answers kept for repeated
requests (``answers``), export, import and backup (``transfer``), bulk loading for
the benchmarks (``bulk``), the games a browser keeps (``edit_keys``), history,
practice deals and the limits' counters.

Games and hands are stored as entered (the sides of each hand exactly as the
API takes them); scores are never stored, they are recomputed by
``scorekeeper.canasta`` whenever a game is read, so they cannot drift.
"""

import json
from datetime import datetime, timezone

from .sqlite import writing


class VersionConflict(Exception):
    """The game changed since the version the change was based on."""

    def __init__(self, current_version):
        super().__init__(f"The game is at version {current_version}.")
        self.current_version = current_version


class NotFound(Exception):
    """No such game, or no such hand in it."""


def now():
    """Return the current UTC time as an ISO 8601 string."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


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
