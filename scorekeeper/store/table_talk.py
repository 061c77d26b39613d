"""The queries of a table's talk: who is seen and who is away, the phrases said, the nudges, and the deals kept.

Every change here that others must learn of (a phrase, a nudge, a seat away
or back) moves the table's version on through ``tables._bump`` (its change row
marked ``talk``: it changes no card, so a turn's start is the latest change
that is not talk). A seat seen is only noted: it moves no version.
"""

import json

from . import tables
from .sqlite import writing, writing_a_note

TALK = "talk"  # the kind of a change row that is only talk
SAID_KEPT = 20  # phrases kept per table, the latest
NUDGES_KEPT = 10


def touch(db, table_id, at, expected_version=None):
    """Move the table on by one version for talk (compare-and-swap when ``expected_version``); return the new version."""
    with writing(db):
        version = tables._bump(db, table_id, expected_version, at)
        db.execute("update table_changes set kind = ? where table_id = ? and version = ?", [TALK, table_id, version])
    return version


def talk_of(db, table_id):
    """Return ``{"said": [...], "nudges": [...]}``: the table's last phrases and nudges, oldest first."""
    said = [dict(row) for row in db.query(
        "select seat, phrase, version, at from (select * from table_said where table_id = ? order by id desc limit ?)"
        " order by id", [table_id, SAID_KEPT])]
    nudges = [dict(row) for row in db.query(
        "select seat, by_seat, turn, version, at from (select * from table_nudges where table_id = ? "
        "order by id desc limit ?) order by id", [table_id, NUDGES_KEPT])]
    return {"said": said, "nudges": nudges}


def note_seen(db, table_id, seat, at):
    """Note that ``seat``'s phone read the table or moved at ``at`` (no version: nobody needs telling)."""
    with writing_a_note(db):
        db.execute("update table_seats set seen_at = ? where table_id = ? and seat = ?", [at, table_id, seat])


def set_presence(db, table_id, *, back, away, at, expected_version):
    """Mark the seats ``back`` back (seen at ``at``) and ``away`` away; return the table's new version.

    Compare-and-swap on ``expected_version``: raises TableVersionConflict, and changes nothing, when it moved on.
    """
    with writing(db):
        for seat in back:
            db.execute("update table_seats set away = 0, seen_at = ? where table_id = ? and seat = ?",
                       [at, table_id, seat])
        for seat in away:
            db.execute("update table_seats set away = 1 where table_id = ? and seat = ?", [table_id, seat])
        return touch(db, table_id, at, expected_version)


def add_said(db, table_id, seat, phrase, at):
    """Keep a phrase ``seat`` said and move the table on; return the new version. Older phrases beyond the kept go."""
    with writing(db):
        version = touch(db, table_id, at)
        db["table_said"].insert({"table_id": table_id, "seat": seat, "phrase": phrase, "version": version, "at": at})
        db.execute("delete from table_said where table_id = ? and id not in "
                   "(select id from table_said where table_id = ? order by id desc limit ?)",
                   [table_id, table_id, SAID_KEPT])
    return version


def last_said_at(db, table_id, seat):
    """Return when ``seat`` last said a phrase at the table, or None."""
    row = db.execute("select max(at) from table_said where table_id = ? and seat = ?", [table_id, seat]).fetchone()
    return row[0]


def add_nudge(db, table_id, seat, by_seat, turn, at):
    """Keep ``by_seat``'s nudge of ``seat`` in ``turn`` and move the table on; return the new version."""
    with writing(db):
        version = touch(db, table_id, at)
        db["table_nudges"].insert({"table_id": table_id, "seat": seat, "by_seat": by_seat, "turn": turn,
                                   "version": version, "at": at})
        db.execute("delete from table_nudges where table_id = ? and id not in "
                   "(select id from table_nudges where table_id = ? order by id desc limit ?)",
                   [table_id, table_id, NUDGES_KEPT])
    return version


def last_nudge_at(db, table_id, seat, turn):
    """Return when ``seat`` was last nudged in ``turn``, or None."""
    row = db.execute("select max(at) from table_nudges where table_id = ? and seat = ? and turn = ?",
                     [table_id, seat, turn]).fetchone()
    return row[0]


def turn_started_at(db, table_id):
    """Return when the table last changed by more than talk (a move, a deal, a seat handed over), or None."""
    row = db.execute("select at from table_changes where table_id = ? and kind is null order by id desc limit 1",
                     [table_id]).fetchone()
    return row[0] if row else None


def kept_deal(db, table_id, game_id, number):
    """Return a deal the table dealt before its current one (``seed``, ``totals_before``, ``moves`` decoded), or None."""
    rows = list(db.query("select * from table_deals where table_id = ? and game_id = ? and number = ?",
                         [table_id, game_id, number]))
    if not rows:
        return None
    kept = dict(rows[0])
    kept["totals_before"], kept["moves"] = json.loads(kept["totals_before"]), json.loads(kept["moves"])
    return kept
