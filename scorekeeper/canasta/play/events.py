"""What a move made happen, as data: cards moved, canastas completed, the pile frozen, the deal over."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..cards import Card, Rank



class EventKind(StrEnum):
    """What kind of thing happened (its string in JSON)."""

    ANSWERED = "answered"
    ASKED = "asked"
    BONUS_CARDS = "bonus_cards"
    CANASTA = "canasta"
    DEAL_OVER = "deal_over"
    DEALT = "dealt"
    DISCARDED = "discarded"
    DREW = "drew"
    LAID = "laid"
    PARTNERSHIP = "partnership"
    PILE_FROZEN = "pile_frozen"
    REPLACED = "replaced"
    SPECIAL_HAND = "special_hand"
    THREE_LAID_OUT = "three_laid_out"
    TOOK_PILE = "took_pile"
    TURNED_UP = "turned_up"
    WENT_OUT = "went_out"


# Events whose cards only their seat may see (cards that went into a hand).
PRIVATE = frozenset({EventKind.DEALT, EventKind.DREW, EventKind.REPLACED, EventKind.BONUS_CARDS})


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened: ``kind``, the seat it happened to, the cards, the meld key, a count."""

    kind: EventKind
    seat: int | None = None
    cards: tuple[Card, ...] = ()
    key: Rank | None | str = ""  # the meld's key ("" when no meld is concerned)
    count: int = 0
    detail: str = ""

    def as_dict(self, hide: bool = False) -> dict:
        """Return the event as JSON; ``hide`` leaves out cards only the seat may see (their count stays)."""
        data: dict = {"kind": self.kind}
        if self.seat is not None:
            data["seat"] = self.seat
        if self.cards:
            data["count"] = len(self.cards)
            if not (hide and self.kind in PRIVATE):
                data["cards"] = " ".join(card.code for card in self.cards)
        elif self.count:
            data["count"] = self.count
        if self.key != "":
            data["meld"] = "wild" if self.key is None else self.key.symbol
        if self.detail:
            data["detail"] = self.detail
        return data
