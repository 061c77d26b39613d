"""The queries of practice games: a deal stored as its moves, with the coach's lines, one row per game."""

import json

from .db import VersionConflict, now
from .sqlite import writing


def create_practice(db, *, practice_id, game_id, rules, level, seed, totals_before):
    """Store a new practice game at its first deal, version 0."""
    stamp = now()
    with writing(db):
        db["practice_games"].insert({
            "id": practice_id, "game_id": game_id, "rules": rules, "level": level, "seed": seed, "deal_number": 1,
            "totals_before": json.dumps(list(totals_before)),
            "moves": "[]", "log": "[]", "hints": 0, "version": 0, "created_at": stamp, "updated_at": stamp,
        })


def is_practice_game(db, game_id) -> bool:
    """Return True when the scorekeeper game ``game_id`` is the score of a practice game."""
    return bool(list(db.query("select 1 from practice_games where game_id = ? limit 1", [game_id])))


def get_practice(db, practice_id):
    """Return the practice game (``moves`` and ``log`` decoded), or None."""
    rows = list(db.query("select * from practice_games where id = ?", [practice_id]))
    if not rows:
        return None
    row = dict(rows[0])
    row["moves"] = json.loads(row["moves"])
    row["log"] = json.loads(row["log"])
    row["totals_before"] = json.loads(row["totals_before"])
    return row


def save_practice(db, practice_id, expected_version, *, moves, log, deal_number, hints, totals_before=None,
                  new_deal=False):
    """Store the deal's moves and lines if the game is still at ``expected_version``; return the new version.

    ``new_deal``: the deal is a new one, dealt from the game's seed (a kept ``deal_seed`` was the last deal's).
    Raises VersionConflict when another tab moved the game on meanwhile.
    """
    with writing(db):
        changes = {"moves": json.dumps(moves), "log": json.dumps(log), "deal_number": deal_number,
                   "hints": hints, "updated_at": now()}
        if new_deal:
            changes["deal_seed"] = None
        if totals_before is not None:
            changes["totals_before"] = json.dumps(list(totals_before))
        sets = ", ".join(f"{column} = ?" for column in changes)
        cursor = db.execute(
            f"update practice_games set {sets}, version = version + 1 where id = ? and version = ?",
            [*changes.values(), practice_id, expected_version])
        if cursor.rowcount != 1:
            rows = list(db.query("select version from practice_games where id = ?", [practice_id]))
            raise VersionConflict(rows[0]["version"] if rows else None)
    return expected_version + 1


def forget_practice(db, untouched_since: str) -> int:
    """Delete the practice games not changed since ``untouched_since`` (ISO time), with their scores; return how many.

    A practice game's scorekeeper game (its hands, their history, the browsers that list it) goes with it:
    nobody else holds its edit key.
    """
    with writing(db):
        old = list(db.query("select id, game_id from practice_games where updated_at < ?", [untouched_since]))
        for row in old:
            db.execute("delete from practice_games where id = ?", [row["id"]])
            if not is_practice_game(db, row["game_id"]):
                for table in ("changes", "hands", "browser_games"):
                    db.execute(f"delete from {table} where game_id = ?", [row["game_id"]])
                db.execute("delete from games where id = ?", [row["game_id"]])
    return len(old)
