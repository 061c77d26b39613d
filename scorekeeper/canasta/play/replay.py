"""A deal as its rule set, options, seed and moves: replayed the same every time, stepped back and forth.

>>> deal_record = Deal("classic", seed=3)
>>> played = deal_record.replay()
>>> played.position.step, len(played)
(<Step.DRAW: 'draw'>, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .events import Event
from .moves import Move, move_from_data
from .position import Position
from .referee import apply
from .table import deal


@dataclass(frozen=True)
class Deal:
    """What a deal is: ``rules``, ``options``, ``seed``, the totals before it and its moves."""

    rules: str = "classic"
    options: dict | None = None
    seed: int | str = 0
    totals_before: tuple[int, ...] | None = None
    moves: tuple[Move, ...] = ()

    def replay(self) -> Replay:
        """Return the deal replayed: every position from the deal to the last move."""
        return replay(self)

    def plus(self, move: Move) -> Deal:
        """Return the deal with one more move (not judged here: :meth:`replay` judges every move)."""
        return Deal(self.rules, self.options, self.seed, self.totals_before, self.moves + (move,))

    def as_dict(self) -> dict:
        """Return the deal as JSON-ready data, to store it."""
        return {"rules": self.rules, "options": self.options or {}, "seed": self.seed,
                "totals_before": list(self.totals_before) if self.totals_before is not None else None,
                "moves": [move.as_dict() for move in self.moves]}

    @classmethod
    def from_dict(cls, data: dict) -> Deal:
        """Return the deal stored by :meth:`as_dict` (raises InvalidHand for a move that cannot be read)."""
        moves = tuple(move_from_data(move, f"moves[{index}]") for index, move in enumerate(data.get("moves", [])))
        totals = data.get("totals_before")
        return cls(data.get("rules", "classic"), data.get("options") or None, data.get("seed", 0),
                   tuple(totals) if totals is not None else None, moves)


@dataclass
class Replay:
    """Every position of a deal in order (``positions[0]`` after the deal), with what each move made happen."""

    deal: Deal
    positions: list[Position]
    events: list[tuple[Event, ...]] = field(default_factory=list)  # events[0]: the deal itself
    at: int = -1

    def __len__(self) -> int:
        return len(self.positions)

    @property
    def position(self) -> Position:
        """Return the position stepped to (the last one unless stepped back)."""
        return self.positions[self.at]

    def step(self, number: int) -> Position:
        """Return the position after ``number`` moves (0: just dealt) and step there."""
        self.at = max(0, min(number, len(self.positions) - 1))
        return self.positions[self.at]

    def back(self) -> Position:
        """Step one move back."""
        return self.step((self.at % len(self.positions)) - 1)

    def forward(self) -> Position:
        """Step one move forward."""
        return self.step((self.at % len(self.positions)) + 1)


def replay(deal_record: Deal, moves: Sequence[Move] | None = None) -> Replay:
    """Return the deal replayed move by move; raises IllegalMove (from the referee) at a refused move."""
    position, dealt = deal(deal_record.rules, deal_record.options, deal_record.seed, deal_record.totals_before)
    positions, events = [position], [tuple(dealt)]
    for move in deal_record.moves if moves is None else moves:
        position, happened = apply(position, move)
        positions.append(position)
        events.append(happened)
    return Replay(deal_record, positions, events)
