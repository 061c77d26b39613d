"""The one loop that plays a deal out: each seat's player chooses, the referee applies, until the deal is over.

The practice game (the computers' turns), the narrated deal, the benchmark and
the tests play deals with it::

    for turn in play_out(position, [LEVELS["normal"]] * position.seats):
        turn.position, turn.choice, turn.after, turn.events
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from ..play.events import Event
from ..play.position import Position
from ..play.referee import apply
from .player import Choice, Player

MAX_MOVES = 5000  # no deal comes near: every turn draws a card or melds one for good


@dataclass(frozen=True)
class Turn:
    """One move of the loop: the position before it, the player's choice, the position after it and what happened."""

    position: Position
    choice: Choice
    after: Position
    events: tuple[Event, ...]

    @property
    def move(self):
        return self.choice.move


def play_out(position: Position, players: Sequence[Player], *, until: Callable[[Position], bool] | None = None,
             limit: int = MAX_MOVES) -> Iterator[Turn]:
    """Yield each turn of the deal from ``position``, ``players[seat]`` choosing for each seat, until it is over.

    ``until(position)`` stops the loop earlier (the practice game stops when the person is to move). Raises
    RuntimeError after ``limit`` moves: a deal that does not end is a defect.
    """
    made = 0
    while not position.over and not (until is not None and until(position)):
        if made >= limit:
            raise RuntimeError(f"The deal did not end in {limit} moves.")
        choice = players[position.to_move].choose(position)
        after, events = apply(position, choice.move)
        yield Turn(position, choice, after, tuple(events))
        position = after
        made += 1


def final_position(position: Position, players: Sequence[Player], **how) -> Position:
    """Return the position where :func:`play_out` stops."""
    for turn in play_out(position, players, **how):
        position = turn.after
    return position
