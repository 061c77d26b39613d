"""The queries of tables: a deal played by several phones, its seats, and the log of its changes.

A table row holds the deal being played as its moves (replayed by
``canasta.play``), with the deal's secret seed; ``table_seats`` who plays each
seat and the hash of its key; ``table_changes`` one row per change, written in
the change's own transaction, which a live stream reads (only versions: no
card). Every change goes through ``_bump``: the version grows, ``touched_at``
moves, a change row is written. Nothing here judges a move or scores a deal.
"""

import json

from .db import VersionConflict
from .sqlite import writing


class TableVersionConflict(VersionConflict):
    """The table moved on since the version a change was based on."""


def _decoded(row):
    table = dict(row)
    for column in ("options", "totals_before", "moves", "log"):
        table[column] = json.loads(table[column])
    table["ended"] = bool(table["ended"])
    return table


def create_table(db, *, table_id, host_key_hash, rules, options, game_id, seed, totals_before, seats, at,
                 practice=None, deal_code=None):
    """Store a new table at deal 1, version 1, with its seats; log the change.

    ``seats``: one ``{"name", "player", "level", "key_hash"}`` per seat, in seat order. ``practice``: the
    computers' level of a practice table; ``deal_code``: what its later deals are dealt from.
    """
    with writing(db):
        db["tables"].insert({
            "id": table_id, "host_key_hash": host_key_hash, "rules": rules, "options": json.dumps(options),
            "game_id": game_id, "deal_number": 1, "seed": seed, "totals_before": json.dumps(list(totals_before)),
            "moves": "[]", "version": 1, "ended": 0, "created_at": at, "touched_at": at,
            "practice": practice, "deal_code": deal_code, "hints": 0, "log": "[]",
        })
        db["table_seats"].insert_all(
            [{"table_id": table_id, "seat": seat, **details} for seat, details in enumerate(seats)])
        log_change(db, table_id, 1, at)


def get_table(db, table_id):
    """Return the table (JSON columns decoded) with ``seats``, a list of seat rows in seat order; or None."""
    rows = list(db.query("select * from tables where id = ?", [table_id]))
    if not rows:
        return None
    table = _decoded(rows[0])
    table["seats"] = [dict(row) for row in db.query(
        "select seat, name, player, level, key_hash, seen_at, away from table_seats where table_id = ? order by seat",
        [table_id])]
    for seat in table["seats"]:
        seat["away"] = bool(seat["away"])
    return table


def get_version(db, table_id):
    """Return the table's version, or None when there is no such table."""
    row = db.execute("select version from tables where id = ?", [table_id]).fetchone()
    return row[0] if row else None


def log_change(db, table_id, version, at):
    """Write the change row a live stream reads: the table is now at ``version``."""
    db.execute("insert into table_changes (table_id, version, at) values (?, ?, ?)", [table_id, version, at])


def _bump(db, table_id, expected_version, at, sets=(), values=(), steps=1):
    """Move the table from ``expected_version`` (None: whatever it is) on by ``steps``; return the new version.

    Compare-and-swap on the version: two workers making the same move never both
    make it. Raises TableVersionConflict when the table is not at ``expected_version``.
    """
    assignments = "".join(f", {column} = ?" for column in sets)
    where, arguments = "id = ?", [table_id]
    if expected_version is not None:
        where, arguments = "id = ? and version = ?", [table_id, expected_version]
    row = db.execute(
        f"update tables set version = version + ?, touched_at = ?{assignments} where {where} returning version",
        [steps, at, *values, *arguments]).fetchone()
    if row is None:
        raise TableVersionConflict(get_version(db, table_id))
    log_change(db, table_id, row[0], at)
    return row[0]


def _coach(log, hints):
    """The columns a practice table's coach changes: its log (None: unchanged) and its hints (None: unchanged)."""
    sets, values = [], []
    if log is not None:
        sets, values = ["log"], [json.dumps(log)]
    if hints is not None:
        sets, values = [*sets, "hints"], [*values, hints]
    return sets, values


def save_moves(db, table_id, expected_version, moves, at, steps=1, ended=False, log=None):
    """Store the deal's moves if the table is still at ``expected_version``; return the new version.

    ``ended``: the table ends with this change (its game is over). ``log``: a practice table's coach log.
    """
    sets, values = _coach(log, None)
    with writing(db):
        return _bump(db, table_id, expected_version, at, ("moves", "ended", *sets),
                     (json.dumps(moves), int(ended), *values), steps)


def save_new_deal(db, table_id, expected_version, *, deal_number, seed, totals_before, at):
    """Start deal ``deal_number`` (no move yet) if the table is still at ``expected_version``; return the new version."""
    with writing(db):
        return _bump(db, table_id, expected_version, at, ("deal_number", "seed", "totals_before", "moves", "log"),
                     (deal_number, seed, json.dumps(list(totals_before)), "[]", "[]"))


def save_coach(db, table_id, expected_version, *, log, hints, at):
    """Store a practice table's coach log and hint count (a hint taken) if still at ``expected_version``."""
    sets, values = _coach(log, hints)
    with writing(db):
        return _bump(db, table_id, expected_version, at, sets, values)


def is_practice_game(db, game_id) -> bool:
    """Return True when the scorekeeper game ``game_id`` is the score of a practice table."""
    return bool(list(db.query("select 1 from tables where game_id = ? and practice is not null limit 1", [game_id])))


def forget_practice(db, untouched_before) -> int:
    """Delete the practice tables untouched since ``untouched_before`` (seconds since the epoch), with their scores;
    return how many. A practice game's scorekeeper game (its hands, their history, the browsers that list it) goes
    with it: nobody else holds its edit key."""
    with writing(db):
        old = list(db.query("select id, game_id from tables where practice is not null and touched_at < ?",
                            [untouched_before]))
        for row in old:
            _delete_table(db, row["id"])
            kept = list(db.query("select 1 from table_deals where game_id = ? limit 1", [row["game_id"]]))
            if not is_practice_game(db, row["game_id"]) and not kept:
                for table in ("changes", "hands", "browser_games"):
                    db.execute(f"delete from {table} where game_id = ?", [row["game_id"]])
                db.execute("delete from games where id = ?", [row["game_id"]])
    return len(old)


def set_seat(db, table_id, seat, *, player, level, key_hash, at):
    """Change who plays ``seat`` and its key's hash; return the table's new version."""
    with writing(db):
        db.execute("update table_seats set player = ?, level = ?, key_hash = ? where table_id = ? and seat = ?",
                   [player, level, key_hash, table_id, seat])
        return _bump(db, table_id, None, at)


def end_table(db, table_id, at):
    """Mark the table ended (no move follows); return its new version."""
    with writing(db):
        return _bump(db, table_id, None, at, ("ended",), (1,))


def changes_since(db, table_id, version):
    """Return the versions logged for the table after ``version``, oldest first (what a live stream sends)."""
    return [row[0] for row in db.execute(
        "select version from table_changes where table_id = ? and version > ? order by id", [table_id, version])]


def data_version(db):
    """Return SQLite's ``PRAGMA data_version`` of this connection: it changes when another connection commits."""
    return db.execute("PRAGMA data_version").fetchone()[0]


def last_change_id(db):
    """Return the id of the newest change row (0 when there is none): a live watcher reads from there on."""
    return db.execute("select coalesce(max(id), 0) from table_changes").fetchone()[0]


def changes_after(db, change_id, limit=1000):
    """Return ``(id, table_id, version)`` of the change rows after ``change_id``, oldest first, at most ``limit``."""
    return db.execute("select id, table_id, version from table_changes where id > ? order by id limit ?",
                      [change_id, limit]).fetchall()


def purge_tables(db, *, ended_before, untouched_before):
    """Delete the tables ended before ``ended_before`` or untouched since ``untouched_before``; return their ids.

    Times are seconds since the epoch. The scorekeeper games the tables' deals
    were scored into stay: their score sheets are the players' to keep.
    """
    with writing(db):
        ids = [row[0] for row in db.execute(
            "select id from tables where (ended = 1 and touched_at < ?) or touched_at < ?",
            [ended_before, untouched_before])]
        for table_id in ids:
            _delete_table(db, table_id)
    return ids


def _delete_table(db, table_id):
    """Delete the table with its seats, changes, talk and kept deals (never its scorekeeper game)."""
    db.execute("delete from table_changes where table_id = ?", [table_id])
    for talk in ("table_said", "table_nudges", "table_deals"):  # store.table_talk's rows
        db.execute(f"delete from {talk} where table_id = ?", [table_id])
    db.execute("delete from browser_tables where table_id = ?", [table_id])
    db.execute("delete from table_seats where table_id = ?", [table_id])
    db.execute("delete from tables where id = ?", [table_id])


def restart_table(db, table_id, expected_version, *, game_id, seed, totals_before, at):
    """Seat the table at a new scorekeeper game, deal 1, no move, not ended, if still at ``expected_version``.

    The seats, their names, players, levels and keys' hashes stay. Return the new version.
    """
    with writing(db):
        return _bump(db, table_id, expected_version, at,
                     ("game_id", "deal_number", "seed", "totals_before", "moves", "ended"),
                     (game_id, 1, seed, json.dumps(list(totals_before)), "[]", 0))
