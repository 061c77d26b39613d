"""What one seat may know of a position: its own hand, never another seat's hidden cards.

Everything on the table is seen by all (melds, 3s laid out, the pile, whose
turn); of the other hands and the stock only how many cards they hold. Every
card of the pile was seen face up when it was discarded, so the view lists the
whole pile.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, Rank
from ..rules import next_minimum
from .legal import legal_moves
from .moves import Move
from .position import Position, TableMeld, partner_to_ask


@dataclass(frozen=True)
class SeatView:
    """A position as ``seat`` sees it, with the moves it may make when it is to move."""

    seat: int
    side: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    pile: tuple[Card, ...]
    pile_frozen: bool
    melds: tuple[tuple[TableMeld, ...], ...]
    melded: tuple[bool, ...]
    threes: tuple[tuple[Card, ...], ...]
    turn: int
    step: str
    to_move: int | None
    began: str | None
    answer: bool | None
    partner: int | None
    lone: int | None
    dead: frozenset[Rank]
    totals_before: tuple[int, ...]
    minimum: int  # the seat's initial-meld minimum (it matters until its side has melded)
    canastas_needed: int
    end: str | None
    moves: tuple[Move, ...]  # empty unless ``seat`` is to move

    def as_dict(self) -> dict:
        """Return the view as JSON-ready data (cards as text, ``KS``, ``JK``)."""
        def text(cards):
            return " ".join(card.code for card in cards)
        return {
            "seat": self.seat, "side": self.side, "hand": text(self.hand), "hand_sizes": list(self.hand_sizes),
            "stock": self.stock_size, "pile": text(self.pile), "pile_frozen": self.pile_frozen,
            "melds": [{("wild" if m.key is None else m.key.symbol): text(m.cards) for m in side}
                      for side in self.melds],
            "melded": list(self.melded), "threes": [text(t) for t in self.threes],
            "turn": self.turn, "step": self.step, "to_move": self.to_move, "began": self.began,
            "answer": self.answer, "partner": self.partner, "lone": self.lone,
            "dead": [rank.symbol for rank in sorted(self.dead, key=list(Rank).index)],
            "totals_before": list(self.totals_before), "minimum": self.minimum,
            "canastas_needed": self.canastas_needed, "end": self.end,
            "moves": [move.as_dict() for move in self.moves],
        }


def view(position: Position, seat: int) -> SeatView:
    """Return what ``seat`` may know of ``position``, with its legal moves when it is to move."""
    return SeatView(
        seat=seat, side=position.side_of(seat), hand=position.hands[seat],
        hand_sizes=tuple(len(hand) for hand in position.hands), stock_size=len(position.stock),
        pile=position.pile, pile_frozen=position.pile_frozen, melds=position.melds, melded=position.melded,
        threes=position.threes, turn=position.turn, step=position.step, to_move=position.to_move,
        began=position.began, answer=position.answer, partner=partner_to_ask(position, seat), lone=position.lone,
        dead=position.dead, totals_before=position.totals_before,
        minimum=next_minimum(position.ruleset, position.total_of(seat)),
        canastas_needed=position.options.canastas_to_go_out, end=position.end,
        moves=legal_moves(position) if position.to_move == seat else (),
    )
