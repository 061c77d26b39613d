"""The one interface between the engine and a player: given what a seat sees, choose a move and say why.

A player is any object with a ``name`` and ``choose(position) -> Choice``: it
chooses for the seat to move (``position.to_move``), and looks only at what
that seat may know (:func:`..play.masked.masked`: its own hand and the table).
The computer's levels (:mod:`.levels`) and the random players
(:mod:`.random_players`) are players; :func:`.loop.play_out` plays a deal out
with one player a seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ..play.moves import Move
from ..play.position import Position
from .reasons import Reason


@dataclass(frozen=True)
class Choice:
    """A player's move, the reason that decided it, and the worth it saw in it (against the next best)."""

    move: Move
    reason: Reason
    level: str
    gain: float = 0.0
    weighed: tuple[tuple[str, float], ...] = ()  # other moves considered and their worth

    def as_dict(self) -> dict:
        return {"move": self.move.as_dict(), "reason": self.reason.as_dict(), "level": self.level}


class Player(Protocol):
    """Chooses the move of the seat to move, from what that seat sees, with why."""

    name: str

    def choose(self, position: Position) -> Choice: ...
