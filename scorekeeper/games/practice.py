"""A practice game against the computer: the player at seat 0, computers at the other seats.

The deal being played is stored as its moves (``store.practice``) and replayed
by :mod:`scorekeeper.canasta.play` on every read, so a reload, a phone that
slept or a second tab continue the same deal. After the player's move the
computers play until it is the player's move again (or the deal is over),
each move with the coach's line and the computer's reason. The log keeps what
the coach said as data (codes and parameters, seats as numbers), worded for the
reader when the page is shown (:func:`shown_log`). A finished deal
is scored by the engine and stored as a hand of the scorekeeper game behind
the practice game (``games.write.add_hand``): its board, chart and PDF sheet
work as for any game.

The deals of a game started without a deal code come from a secret drawn here
and kept only in the database: never shown, never in a cookie, so nobody can
compute the hidden hands (issue 20). A deal code typed by the player is that
player's own, and deals the same cards every time.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from ..canasta.play import (
    AskPartner, Deal, Move, apply, deal, hand_sides, judge, move_from_data, replay, view,
)
from ..canasta.coach.lines import answer_line, hint, line, mistakes, refusal_line, tip
from ..canasta.coach.names import seat_names
from ..canasta.coach.words import Reader, render
from ..canasta.players.levels import LEVEL_NAMES, LEVELS
from ..canasta.players.loop import play_out
from ..canasta.rules import PRESETS
from flask_babel import gettext
from ..store import db as store
from ..store import sqlite
from ..store import practice as rows
from . import read, write

HUMAN = 0
MAX_LOG = 200
# A practice game nobody touched for this long is deleted, with its score (docs/operations.md).
KEEP_DAYS = 30


class Conflict(Exception):
    """The game moved on in another tab: the move was not made."""


@dataclass
class Table:
    """A practice game as read: its row, the scorekeeper game, the deal and where it stands."""

    row: dict
    game: read.Game
    deal: Deal
    positions: list  # every position of the deal so far

    @property
    def id(self) -> str:
        return self.row["id"]

    @property
    def position(self):
        return self.positions[-1]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(gettext(name) for name in seat_names(self.position.seats))

    def seen(self):
        """Return what the player may know of the position (seat 0's view)."""
        return view(self.position, HUMAN)


def side_names(rules: str) -> list[str]:
    """Return the scorekeeper game's names of the sides: "You and North", "West and East" …"""
    ruleset = PRESETS[rules]
    names = seat_names(ruleset.players)
    sides = []
    for side in range(ruleset.scorers):
        seats = [names[seat] for seat in range(ruleset.players) if seat % ruleset.scorers == side]
        sides.append(" and ".join(seats) if len(seats) <= 2 else ", ".join(seats[:-1]) + " and " + seats[-1])
    return sides


def seed_of(seed: str, deal_number: int) -> str:
    """Return the seed of a practice game's deal: its game's seed and the deal's number."""
    return f"practice:{seed}:{deal_number}"


def start(db, rules: str, level: str, seed: str | None = None) -> str:
    """Create a practice game under ``rules`` at ``level``; return its id.

    ``seed`` chooses the deals (the same seed deals the same cards: a deal can be
    played again); by default a secret nobody is shown, unrelated to the game's id.
    """
    if rules not in PRESETS:
        raise ValueError(gettext("There is no rule set %(rules)s.", rules=repr(rules)))
    if level not in LEVEL_NAMES:
        raise ValueError(gettext("There is no level %(level)s.", level=repr(level)))
    with sqlite.transaction(db):
        game_id, _ = write.new_game(db, rules=rules, names=side_names(rules))
        practice_id = secrets.token_urlsafe(12)
        rows.create_practice(db, practice_id=practice_id, game_id=game_id, rules=rules, level=level,
                             seed=seed or secrets.token_urlsafe(24), totals_before=[0] * PRESETS[rules].scorers)
    return practice_id


def load(db, practice_id: str | None) -> Table | None:
    """Return the practice game, replayed to its last move, or None."""
    row = rows.get_practice(db, practice_id) if practice_id else None
    if row is None:
        return None
    game = read.load_game(db, row["game_id"])
    if game is None:
        return None
    # A game from before the seeds were secret plays its last deal on from the seed it was dealt from.
    dealt_from = row.get("deal_seed") or seed_of(row["seed"], row["deal_number"])
    record = Deal(row["rules"], None, dealt_from, tuple(row["totals_before"]),
                  tuple(move_from_data(move) for move in row["moves"]))
    played = replay(record)
    return Table(row, game, record, played.positions)


def _entry(kind: str, said, seat: int | None, number: int) -> dict:
    """Return a log entry: its kind (you, computer, hint, tip, mistake), what the coach said as data, whose move it
    was and the move's number. Entries stored before the log held data have ``text`` instead of ``said``."""
    return {"kind": kind, "said": said.as_dict(), "seat": seat, "n": number}


def reader(table: Table, seat: int = HUMAN) -> Reader:
    """Return the reader at ``seat`` of the practice game: the player (seat 0, "You"), the computers by name."""
    return Reader(seat, table.names, gettext=gettext)


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


def _computers(position, moves: list, log: list, level: str) -> object:
    """Play the computer seats until the player is to move or the deal is over."""
    for turn in play_out(position, [LEVELS[level]] * position.seats, until=lambda now: now.to_move == HUMAN):
        log.append(_entry("computer", line(turn.position, turn.move, turn.events, viewer=HUMAN,
                                           choice=turn.choice), turn.position.to_move, len(moves)))
        moves.append(turn.move.as_dict())
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
    ruling = judge(position, move)
    if not ruling.allowed:
        return Outcome(refused=refusal_line(ruling))
    moves = list(table.row["moves"])
    log = list(table.row["log"])
    before = len(log)
    advice = tip(position, move) if position.step != "answer" else None
    after, events = apply(position, move)
    log.append(_entry("you", line(position, move, events, viewer=HUMAN), HUMAN, len(moves)))
    moves.append(move.as_dict())
    for said in mistakes(position, move, after):
        log.append(_entry("mistake", said, None, len(moves) - 1))
    if advice:
        log.append(_entry("tip", advice, None, len(moves) - 1))
    if isinstance(move, AskPartner) and not after.over:
        choice = LEVELS[table.row["level"]].choose(after)
        answered, events = apply(after, choice.move)
        # The partner says its answer, never its hand: "North says yes: go ahead."
        log.append(_entry("computer", answer_line(after, choice, viewer=HUMAN), after.to_move, len(moves)))
        moves.append(choice.move.as_dict())
        after = answered
    after = _computers(after, moves, log, table.row["level"])
    _store(db, table, moves, log, after)
    return Outcome(added=len(log) - before)


def _store(db, table: Table, moves, log, position, deal_number=None, totals_before=None):
    """Store the deal and, once it is over, its hand in the scorekeeper game: one transaction."""
    with sqlite.transaction(db):
        _save(db, table, moves, log, deal_number=deal_number, totals_before=totals_before)
        if position.over:
            finish(db, table.row["game_id"], position)


def _save(db, table: Table, moves, log, deal_number=None, hints=None, totals_before=None):
    try:
        rows.save_practice(db, table.id, table.row["version"], moves=moves, log=log[-MAX_LOG:],
                           deal_number=deal_number or table.row["deal_number"],
                           hints=table.row["hints"] if hints is None else hints, totals_before=totals_before,
                           new_deal=deal_number is not None and deal_number != table.row["deal_number"])
    except store.VersionConflict:
        raise Conflict() from None


def finish(db, game_id: str, position) -> None:
    """Store the ended deal as a hand of the scorekeeper game (scored there by the engine)."""
    write.add_hand(db, game_id, hand_sides(position))


def take_hint(db, table: Table) -> str:
    """Return the hint for the player's move in words, and log it (as data) and count it."""
    position = table.position
    if position.over or position.to_move != HUMAN:
        return gettext("There is nothing to do until your move.")
    _, said = hint(position)
    log = list(table.row["log"]) + [_entry("hint", said, None, len(table.row["moves"]))]
    _save(db, table, table.row["moves"], log, hints=table.row["hints"] + 1)
    return render(said, reader(table))


def next_deal(db, table: Table) -> None:
    """Deal again (the deal being played is thrown away unless it is over); the totals stay."""
    if table.game.score.game_over:
        raise ValueError(gettext("The game is over: start a new game."))
    number = table.row["deal_number"] + 1
    totals = tuple(table.game.score.totals)
    position, _ = deal(table.row["rules"], None, seed_of(table.row["seed"], number), totals)
    moves, log = [], []
    position = _computers(position, moves, log, table.row["level"])
    _store(db, table, moves, log, position, deal_number=number, totals_before=totals)


def forget_untouched(db, keep_days: int = KEEP_DAYS) -> int:
    """Delete the practice games nobody touched for ``keep_days`` days, with their scores; return how many."""
    since = datetime.now(timezone.utc) - timedelta(days=keep_days)
    return rows.forget_practice(db, since.isoformat(timespec="seconds"))
