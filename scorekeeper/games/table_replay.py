"""A finished deal of a table replayed face up, move by move, with the coach's line for each move and the deal's score.

Only a deal that has ended is replayed: while a deal is played its hands are
secrets (``table_views``), and a deal the host ended half-way stays hidden. The
deal being played is the table's row; the earlier ones of the same game are
kept in ``table_deals`` (``store.table_talk.kept_deal``), with their seeds, as
the next deal replaced them. The coach's lines are data
(:func:`scorekeeper.canasta.coach.lines.line` with ``viewer=None``: every card
is face up), worded for the reader by :func:`~scorekeeper.canasta.coach.words.render`.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from flask_babel import gettext

from ..canasta.coach.lines import line
from ..canasta.coach.words import Reader, render
from ..canasta.play import apply, move_from_data, replay, score
from ..canasta.play.codec import Shown, position_data
from ..canasta.players.player import Choice
from ..canasta.players.reasons import Reason
from ..store import table_talk as rows
from . import tables
from .table_views import _rotated
from .tables import Table


class NoSuchDeal(LookupError):
    """The table has dealt no deal of this number (in its present game)."""


class DealNotOver(Exception):
    """The deal is still being played, or the host ended the table before it ended: it stays hidden."""


@dataclass(frozen=True)
class DealReplay:
    """A finished deal: ``table`` as it played it (its row holds the deal's moves, its positions every position),
    the coach's line of each move, and the deal's score per scorer in the game's order."""

    table: Table
    lines: tuple  # lines[k]: the Said of move k + 1
    scores: tuple
    totals: tuple

    @property
    def number(self) -> int:
        return self.table.row["deal_number"]

    @property
    def moves(self) -> list[dict]:
        return self.table.row["moves"]

    def reader(self, seat) -> Reader:
        """The reader of the lines: ``seat`` (a table seat) reads "You"; None, an onlooker, reads every name."""
        table = self.table
        names = [table.names[table.table_seat(engine)] for engine in range(table.players)]
        return Reader(table.engine_seat(seat) if isinstance(seat, int) else None, names, gettext=gettext)

    def face_up(self, number: int) -> dict:
        """The position after move ``number`` (0: as dealt), every card shown, in the table's seats."""
        return _rotated(position_data(self.table.positions[number], Shown()), self.table)


KEPT = 32  # finished deals never change: this process keeps the last ones replayed
_kept: OrderedDict = OrderedDict()
_kept_lock = threading.Lock()


def deal_replay(db, table: Table, number: int) -> DealReplay:
    """Return deal ``number`` of the table's game replayed; raises NoSuchDeal or DealNotOver."""
    current = table.row["deal_number"]
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= current:
        raise NoSuchDeal(number)
    if number == current and (not table.position.over or not table.row["moves"]):
        raise DealNotOver(number)
    key = (table.id, table.game.id, number, len(table.row["moves"]) if number == current else -1)
    with _kept_lock:
        found = _kept.get(key)
    if found is not None:
        return found
    if number == current:
        played = table
    else:
        kept = rows.kept_deal(db, table.id, table.game.id, number)
        if kept is None:
            raise NoSuchDeal(number)
        row = dict(table.row, deal_number=number, seed=kept["seed"], totals_before=kept["totals_before"],
                   moves=kept["moves"])
        played = Table(row, table.game, replay(tables._record(row)).positions)
        if not played.position.over:
            raise DealNotOver(number)
    found = _replayed(played)
    with _kept_lock:
        _kept[key] = found
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return found


def _replayed(played: Table) -> DealReplay:
    lines = []
    for number, entry in enumerate(played.row["moves"]):
        before, move = played.positions[number], move_from_data(entry["move"])
        _, events = apply(before, move)
        choice = Choice(move, Reason.from_dict(entry["reason"]), entry["by"]) if entry.get("reason") else None
        lines.append(line(before, move, events, viewer=None, choice=choice))
    scorers = score(played.position)["scorers"]
    count = len(scorers)
    scores, totals = [None] * count, [None] * count
    for side, scorer in enumerate(scorers):  # the engine's sides turned to the game's scorers
        scores[(side + played.shift) % count] = scorer["hand_score"]
        totals[(side + played.shift) % count] = scorer["total"]
    return DealReplay(played, tuple(lines), tuple(scores), tuple(totals))


def replay_data(replayed: DealReplay, seat) -> dict:
    """The replay as the API answers it, its lines worded for ``seat`` (None: an onlooker)."""
    table, reader = replayed.table, replayed.reader(seat)
    moves = [{"number": number, "seat": entry["seat"], "by": entry["by"], "move": entry["move"],
              "line": render(replayed.lines[number - 1], reader), "position": replayed.face_up(number)}
             for number, entry in enumerate(replayed.moves, start=1)]
    return {"id": table.id, "deal": replayed.number, "rules": table.row["rules"], "names": table.names,
            "dealer": table.dealer, "start": replayed.face_up(0), "moves": moves,
            "score": {"names": list(table.game.names), "scores": list(replayed.scores),
                      "totals": list(replayed.totals)}}
