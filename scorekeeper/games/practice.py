"""A practice game against the computer: a table (:mod:`.tables`) with one person and three computers.

The player sits at seat 0 and plays first in every deal; the computers play
the other seats at the game's level. Unlike a table of friends, they move at
once, inside the request of the player's move: the player's page narrates
their moves one at a time itself (``static/table.js``). The deal being played
is the table's moves, replayed by :mod:`scorekeeper.canasta.play` on every read,
so a reload, a phone that slept or a second tab continue the same deal; every
move of the player goes through the engine's referee, and is stored with the
computers' answers by the table's own compare-and-swap (:func:`tables.store_moves`).

The coach's log of the deal (each move's line, the tips, mistakes and hints)
is kept with the table as data (codes and parameters, seats as numbers), worded
for the reader when the page is shown (:func:`shown_log`); ``hints`` counts the
hints of the game. A finished deal is scored by the engine and stored as a hand
of the scorekeeper game behind the table (``games.write.add_hand``): its board,
chart and PDF sheet work as for any game.

Seeds. A table's deals come from a secret drawn from ``secrets`` and kept
only in the database: never shown, never in a cookie, never derived from an id
(issue 20). Only a practice table may be dealt from a deal code the player
typed (``deal_code``): that code is the player's own, and deals the same cards
every time, so two people can play the same deals.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from ..canasta.play import AskPartner, Move, apply, deal, judge
from ..canasta.coach.lines import answer_line, hint, line, mistakes, refusal_line, tip
from ..canasta.coach.names import seat_names
from ..canasta.coach.words import Reader, render
from ..canasta.players.levels import LEVEL_NAMES, LEVELS
from ..canasta.players.loop import play_out
from ..canasta.rules import PRESETS
from flask_babel import gettext
from ..store import sqlite
from ..store import tables as rows
from . import tables, write
from .tables import COMPUTER, PERSON, Table

HUMAN = 0
MAX_LOG = 200
# A practice game nobody touched for this long is deleted, with its score (docs/operations.md).
KEEP_DAYS = 30

__all__ = ["HUMAN", "KEEP_DAYS", "Conflict", "Outcome", "Table", "forget_untouched", "load", "next_deal", "play",
           "reader", "seed_of", "shown_log", "side_names", "start", "take_hint"]


class Conflict(Exception):
    """The game moved on in another tab: the move was not made."""


def side_names(rules: str) -> list[str]:
    """Return the scorekeeper game's names of the sides: "You and North", "West and East" …"""
    ruleset = PRESETS[rules]
    names = seat_names(ruleset.players)
    sides = []
    for side in range(ruleset.scorers):
        seats = [names[seat] for seat in range(ruleset.players) if seat % ruleset.scorers == side]
        sides.append(" and ".join(seats) if len(seats) <= 2 else ", ".join(seats[:-1]) + " and " + seats[-1])
    return sides


def seed_of(code: str, deal_number: int) -> str:
    """Return the seed of deal ``deal_number`` of a practice game dealt from ``code``."""
    return f"practice:{code}:{deal_number}"


def _deal_seed(row: dict, deal_number: int) -> str:
    """The seed of the table's deal ``deal_number``: from its deal code, else a fresh secret."""
    return seed_of(row["deal_code"], deal_number) if row.get("deal_code") else tables.new_seed()


def start(db, rules: str, level: str, seed: str | None = None) -> str:
    """Open a practice table under ``rules`` at ``level``, the person at seat 0; return its id.

    ``seed``: a deal code typed by the player (the same code deals the same cards: a deal can be
    played again); by default every deal comes from a secret nobody is shown.
    """
    if rules not in PRESETS:
        raise ValueError(gettext("There is no rule set %(rules)s.", rules=repr(rules)))
    if level not in LEVEL_NAMES:
        raise ValueError(gettext("There is no level %(level)s.", level=repr(level)))
    names = seat_names(PRESETS[rules].players)
    seats = [{"name": name, "player": PERSON if seat == HUMAN else COMPUTER,
              "level": None if seat == HUMAN else level, "key_hash": None}  # no key opens it: the session does
             for seat, name in enumerate(names)]
    table_id = secrets.token_urlsafe(tables.ID_BYTES)
    with sqlite.transaction(db):
        game_id, _ = write.new_game(db, rules=rules, names=side_names(rules))
        # Nobody is its host: the hash of a key never made.
        rows.create_table(db, table_id=table_id, host_key_hash=tables.hash_key(tables.new_key()), rules=rules,
                          options={}, game_id=game_id, seed=seed_of(seed, 1) if seed else tables.new_seed(),
                          totals_before=[0] * PRESETS[rules].scorers, seats=seats, at=tables.clock(),
                          practice=level, deal_code=seed or None)
    return table_id


def load(db, practice_id: str | None) -> Table | None:
    """Return the practice table, replayed to its last move, or None (also for a table of friends)."""
    found = tables.load(db, practice_id) if practice_id else None
    if found is None or not found.row.get("practice"):
        return None
    found.row["level"] = found.row["practice"]
    return found


def _entry(kind: str, said, seat: int | None, number: int) -> dict:
    """Return a log entry: its kind (you, computer, hint, tip, mistake), what the coach said as data, whose move it
    was and the move's number. Entries stored before the log held data have ``text`` instead of ``said``."""
    return {"kind": kind, "said": said.as_dict(), "seat": seat, "n": number}


def reader(table: Table, seat: int = HUMAN) -> Reader:
    """Return the reader at ``seat`` of the practice game: the player (seat 0, "You"), the computers by name."""
    return Reader(seat, tuple(gettext(name) for name in table.names), gettext=gettext)


def shown_log(table: Table, seat: int = HUMAN) -> list[dict]:
    """Return the log, newest first, each entry with its ``text`` worded for the reader at ``seat``."""
    words = reader(table, seat)
    return [{**entry, "text": render(entry["said"], words) if "said" in entry else entry["text"]}
            for entry in reversed(table.row["log"])]


@dataclass
class Outcome:
    """What a request to the practice game made happen: the lines added, or why nothing happened."""

    refused: str | None = None
    added: int = 0


def _stored(move, seat, version, by, reason=None) -> dict:
    """A move as the table stores it: the move, who made it, the version it was made on, a computer's reason."""
    return {"move": move.as_dict(), "seat": seat, "version": version, "by": by,
            "reason": reason.as_dict() if reason is not None else None}


def _computers(position, moves: list, log: list, level: str, version: int) -> object:
    """Play the computer seats until the player is to move or the deal is over."""
    for turn in play_out(position, [LEVELS[level]] * position.seats, until=lambda now: now.to_move == HUMAN):
        log.append(_entry("computer", line(turn.position, turn.move, turn.events, viewer=HUMAN,
                                           choice=turn.choice), turn.position.to_move, len(moves)))
        moves.append(_stored(turn.move, turn.position.to_move, version, COMPUTER, turn.choice.reason))
        position = turn.after
    return position


def play(db, table: Table, move: Move) -> Outcome:
    """Make the player's ``move`` (then the computers' moves); store the deal. A refused move changes nothing."""
    position = table.position
    if position.over:
        if table.game.score.game_over:
            return Outcome(refused=gettext("The game is over: start a new game below."))
        return Outcome(refused=gettext("The deal is over: press Next deal to play the next one."))
    if position.to_move != HUMAN:
        return Outcome(refused=gettext("It is not your move."))
    ruling = judge(position, move, HUMAN)
    if not ruling.allowed:
        return Outcome(refused=refusal_line(ruling))
    moves = list(table.row["moves"])
    log = list(table.row["log"])
    before = len(log)
    advice = tip(position, move) if position.step != "answer" else None
    after, events = apply(position, move)
    log.append(_entry("you", line(position, move, events, viewer=HUMAN), HUMAN, len(moves)))
    moves.append(_stored(move, HUMAN, table.version, PERSON))
    for said in mistakes(position, move, after):
        log.append(_entry("mistake", said, None, len(moves) - 1))
    if advice:
        log.append(_entry("tip", advice, None, len(moves) - 1))
    if isinstance(move, AskPartner) and not after.over:
        choice = LEVELS[table.row["level"]].choose(after)
        partner = after.to_move
        answered, events = apply(after, choice.move)
        # The partner says its answer, never its hand: "North says yes: go ahead."
        log.append(_entry("computer", answer_line(after, choice, viewer=HUMAN), partner, len(moves)))
        moves.append(_stored(choice.move, partner, table.version, COMPUTER, choice.reason))
        after = answered
    after = _computers(after, moves, log, table.row["level"], table.version)
    _store(db, table, moves, log, after)
    return Outcome(added=len(log) - before)


def _store(db, table: Table, moves, log, position):
    """Store the deal's moves and log and, once it is over, its hand in the scorekeeper game: one transaction."""
    try:
        with sqlite.transaction(db):
            tables.store_moves(db, table, moves, position, log=log[-MAX_LOG:])
    except tables.Conflict:
        raise Conflict() from None


def take_hint(db, table: Table) -> str:
    """Return the hint for the player's move in words, and log it (as data) and count it."""
    position = table.position
    if position.over or position.to_move != HUMAN:
        return gettext("There is nothing to do until your move.")
    _best, said = hint(position)
    log = list(table.row["log"]) + [_entry("hint", said, None, len(table.row["moves"]))]
    try:
        rows.save_coach(db, table.id, table.version, log=log[-MAX_LOG:], hints=table.row["hints"] + 1,
                        at=tables.clock())
    except rows.TableVersionConflict:
        raise Conflict() from None
    return render(said, reader(table))


def next_deal(db, table: Table) -> None:
    """Deal again (the deal being played is thrown away unless it is over); the totals stay."""
    if table.game.score.game_over:
        raise ValueError(gettext("The game is over: start a new game."))
    number = table.row["deal_number"] + 1
    totals = tuple(table.game.score.totals)
    seed = _deal_seed(table.row, number)
    try:
        with sqlite.transaction(db):
            rows.save_new_deal(db, table.id, table.version, deal_number=number, seed=seed, totals_before=totals,
                               at=tables.clock())
    except rows.TableVersionConflict:
        raise Conflict() from None
    dealt = load(db, table.id)
    position, _dealt = deal(dealt.row["rules"], None, seed, totals)
    if position.to_move != HUMAN:  # the player plays first; should a rule set deal otherwise, the computers move
        moves, log = [], []
        position = _computers(position, moves, log, dealt.row["level"], dealt.version)
        _store(db, dealt, moves, log, position)


def forget_untouched(db, keep_days: int = KEEP_DAYS) -> int:
    """Delete the practice games nobody touched for ``keep_days`` days, with their scores; return how many."""
    since = datetime.now(timezone.utc) - timedelta(days=keep_days)
    return rows.forget_practice(db, since.timestamp())
