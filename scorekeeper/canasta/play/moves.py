"""The moves of a deal as frozen values, and their JSON form.

>>> from ..cards import parse_cards
>>> kings = Lay(tuple(parse_cards("K K K")))
>>> Meld((kings, Lay(tuple(parse_cards("2")), onto=Rank.QUEEN))).as_dict()
{'kind': 'meld', 'melds': [{'cards': 'K K K'}, {'cards': '2', 'onto': 'Q'}]}
>>> move_from_data({"kind": "take_pile", "cards": "Q Q", "melds": "K K K | 8 8 2"}).melds[1].cards[2].rank
<Rank.TWO: '2'>
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..cards import Card, Rank, parse_cards, parse_meld_groups
from ..errors import CanastaError, InvalidHand, Problem
from ..fields import join
from ..messages import N_

WILD = "wild"  # ``onto`` of a lay that goes on (or starts) the side's meld of wild cards alone


def engine_cards(cards) -> tuple[Card, ...]:
    """Return ``cards`` as a tuple; a card written without its suit stands for any card of its rank in hand."""
    return tuple(cards)


@dataclass(frozen=True, slots=True)
class Lay:
    """Cards laid on one meld: a new meld, or added to the side's meld of their rank.

    ``onto`` names the meld when the cards alone cannot: a rank for wild cards added
    to that meld, :data:`WILD` for a meld of wild cards alone; None reads it from
    the cards (their natural rank, black 3s, or wild cards alone).
    """

    cards: tuple[Card, ...]
    onto: Rank | str | None = None

    @property
    def key(self) -> Rank | None:
        """Return the key of the meld the cards go on: a rank, or None for wild cards alone."""
        if isinstance(self.onto, Rank):
            return self.onto
        if self.onto == WILD:
            return None
        for c in self.cards:
            if not c.is_wild:
                return c.rank
        return None

    def as_dict(self) -> dict:
        data = {"cards": " ".join(c.code for c in self.cards)}
        if self.onto is not None:
            data["onto"] = self.onto.symbol if isinstance(self.onto, Rank) else self.onto
        return data


class Move:
    """A move of the deal; ``kind`` names it in JSON."""

    kind: ClassVar[str]

    def as_dict(self) -> dict:
        return {"kind": self.kind}


@dataclass(frozen=True, slots=True)
class Draw(Move):
    """Draw from the stock: one card, or two where the preset draws two (with one left, that one)."""

    kind: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class TakePile(Move):
    """Take the pile: ``cards`` from hand melded with the top card (none: it goes on the side's meld),
    and ``melds`` laid from hand in the same move (a side's first meld must reach its minimum at once)."""

    kind: ClassVar[str] = "take_pile"
    cards: tuple[Card, ...] = ()
    melds: tuple[Lay, ...] = ()

    def as_dict(self) -> dict:
        data = {"kind": self.kind, "cards": " ".join(c.code for c in self.cards)}
        if self.melds:
            data["melds"] = [lay.as_dict() for lay in self.melds]
        return data


@dataclass(frozen=True, slots=True)
class Meld(Move):
    """Lay down new melds and add to the side's melds, from hand, in one move."""

    kind: ClassVar[str] = "meld"
    melds: tuple[Lay, ...] = ()

    def as_dict(self) -> dict:
        return {"kind": self.kind, "melds": [lay.as_dict() for lay in self.melds]}


@dataclass(frozen=True, slots=True)
class Discard(Move):
    """Discard one card, which ends the turn (the last card: the player goes out)."""

    kind: ClassVar[str] = "discard"
    card: Card = None  # type: ignore[assignment]

    def as_dict(self) -> dict:
        return {"kind": self.kind, "card": self.card.code}


@dataclass(frozen=True, slots=True)
class AskPartner(Move):
    """Ask the partner "may I go out?" (after drawing, before melding); the answer binds this turn."""

    kind: ClassVar[str] = "ask_partner"


@dataclass(frozen=True, slots=True)
class Answer(Move):
    """The partner's answer to "may I go out?"."""

    kind: ClassVar[str] = "answer"
    yes: bool = False

    def as_dict(self) -> dict:
        return {"kind": self.kind, "yes": self.yes}


@dataclass(frozen=True, slots=True)
class SpecialHand(Move):
    """Modern American: lay down a special hand of 14 cards, which ends the deal."""

    kind: ClassVar[str] = "special_hand"
    name: str = ""

    def as_dict(self) -> dict:
        return {"kind": self.kind, "name": self.name}


@dataclass(frozen=True, slots=True)
class EndDeal(Move):
    """With the stock empty: do not take the pile, which ends the deal."""

    kind: ClassVar[str] = "end_deal"


MOVE_KINDS: dict[str, type[Move]] = {
    cls.kind: cls for cls in (Draw, TakePile, Meld, Discard, AskPartner, Answer, SpecialHand, EndDeal)
}
MOVE_FIELDS = {"draw": (), "take_pile": ("cards", "melds"), "meld": ("melds",), "discard": ("card",),
               "ask_partner": (), "answer": ("yes",), "special_hand": ("name",), "end_deal": ()}


def _cards(value, where: str, problems: list[Problem]) -> tuple[Card, ...]:
    try:
        return engine_cards(parse_cards(value, where))
    except CanastaError as error:
        problems.extend(error.problems)
        return ()


def _onto(value, where: str, problems: list[Problem]) -> Rank | str | None:
    if value is None:
        return None
    if isinstance(value, str) and value.strip().lower() == WILD:
        return WILD
    try:
        rank = Rank.from_text(value) if isinstance(value, str) else None
    except ValueError:
        rank = None
    if rank is None or rank.is_wild:
        problems.append(Problem("move.onto", where))
        return None
    return rank


def _lays(value, where: str, problems: list[Problem]) -> tuple[Lay, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        try:
            return tuple(Lay(engine_cards(group)) for group in parse_meld_groups(value, where))
        except CanastaError as error:
            problems.extend(error.problems)
            return ()
    if not isinstance(value, list) or len(value) > 30:
        problems.append(Problem("move.melds", where))
        return ()
    lays = []
    for index, entry in enumerate(value):
        path = join(where, index)
        if isinstance(entry, str):
            entry = {"cards": entry}
        if not isinstance(entry, dict) or set(entry) - {"cards", "onto"}:
            problems.append(Problem("move.meld", path))
            continue
        cards = _cards(entry.get("cards"), join(path, "cards"), problems)
        onto = _onto(entry.get("onto"), join(path, "onto"), problems)
        if cards:
            lays.append(Lay(cards, onto))
    return tuple(lays)


def move_from_data(data, where: str = "move") -> Move:
    """Return the move a decoded JSON object describes, or raise InvalidHand with every problem.

    >>> move_from_data({"kind": "discard", "card": "3s"})
    Discard(card=Card(rank=<Rank.THREE: '3'>, suit=<Suit.SPADES: 'S'>))
    >>> move_from_data({"kind": "fold"})
    Traceback (most recent call last):
    ...
    scorekeeper.canasta.errors.InvalidHand: There is no move "fold". Moves: draw, take_pile, meld, discard, ask_partner, answer, special_hand, end_deal.
    """
    if not isinstance(data, dict):
        raise InvalidHand(Problem("move.not_object", where))
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in MOVE_KINDS:  # a list or object in JSON is no name (nor hashable)
        known = ", ".join(MOVE_KINDS)
        name = f' "{kind}"' if isinstance(kind, str) and len(kind) <= 40 else ""
        raise InvalidHand(Problem("move.unknown_kind", join(where, "kind"), name=name, known=known))
    problems: list[Problem] = []
    allowed = MOVE_FIELDS[kind]
    for key in data:
        if key != "kind" and key not in allowed:
            listed = ", ".join(allowed) if allowed else N_("none besides kind")
            problems.append(Problem("move.unknown_field", join(where, str(key)[:40]), kind=kind,
                                    name=str(key)[:40], listed=listed))
    move: Move | None = None
    if kind == "take_pile":
        raw = data.get("cards", "")
        cards = _cards(raw, join(where, "cards"), problems) if raw not in (None, "") else ()
        move = TakePile(cards, _lays(data.get("melds"), join(where, "melds"), problems))
    elif kind == "meld":
        lays = _lays(data.get("melds"), join(where, "melds"), problems)
        if not lays and not problems:
            problems.append(Problem("move.no_melds", join(where, "melds")))
        move = Meld(lays)
    elif kind == "discard":
        cards = _cards(data.get("card"), join(where, "card"), problems)
        if len(cards) != 1 and not problems:
            problems.append(Problem("move.discard_one", join(where, "card"), count=len(cards)))
        move = Discard(cards[0]) if len(cards) == 1 else None
    elif kind == "answer":
        yes = data.get("yes")
        if not isinstance(yes, bool):
            problems.append(Problem("move.answer", join(where, "yes")))
        move = Answer(bool(yes))
    elif kind == "special_hand":
        name = data.get("name")
        if not isinstance(name, str) or not name:
            problems.append(Problem("move.special_hand", join(where, "name")))
        move = SpecialHand(name if isinstance(name, str) else "")
    else:
        move = MOVE_KINDS[kind]()
    if problems:
        raise InvalidHand(problems)
    return move
