"""The input types of a hand: melds by their counts, cards left in hand, a side, a hand.

:func:`.sides.parse_hand` makes them from raw input and checks every rule
they must obey; :mod:`.scoring` scores them; every check and family reads them.

>>> Meld(Rank.KING, naturals=5, twos=2).points, InHand(jokers=1, four_to_seven=2).points
(90, 60)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .cards import IN_HAND_GROUPS, RANK_POINTS, Card, Rank, group_points
from .errors import CardError, Problem
from .kinds import CanastaKind

CANASTA_SIZE = 7
MIN_MELD_SIZE = 3
# Card value of each ``in_hand`` group, read for every side given its cards in hand.
IN_HAND_POINTS = {name: group_points(name) for name in IN_HAND_GROUPS}


@dataclass(frozen=True)
class Meld:
    """One meld by its counts. ``rank`` None is a meld of wild cards only (Modern American).

    ``Rank.THREE`` stands for black 3s, melded in Classic only by a player going out.
    """

    rank: Rank | None
    naturals: int = 0
    twos: int = 0
    jokers: int = 0

    def __post_init__(self) -> None:
        if self.rank is not None and self.rank.is_wild:
            raise CardError(Problem("meld.wild_rank"))
        if self.rank is None and self.naturals:
            raise CardError(Problem("meld.wild_with_naturals"))

    @property
    def wilds(self) -> int:
        """Return how many wild cards (2s and jokers) the meld holds."""
        return self.twos + self.jokers

    @property
    def size(self) -> int:
        """Return how many cards the meld holds."""
        return self.naturals + self.wilds

    @property
    def points(self) -> int:
        """Return the card points of the meld (bonuses not included).

        >>> Meld(Rank.KING, naturals=7).points, Meld(None, twos=3, jokers=4).points
        (70, 260)
        """
        natural_points = RANK_POINTS[self.rank] if self.rank is not None else 0
        return self.naturals * natural_points + self.twos * RANK_POINTS[Rank.TWO] + self.jokers * RANK_POINTS[Rank.JOKER]

    @property
    def is_canasta(self) -> bool:
        """Return True once the meld has 7 or more cards."""
        return self.size >= CANASTA_SIZE

    @property
    def label(self) -> str:
        """Return what the meld is made of, in player words: ``"kings"``, ``"black 3s"``, ``"wild cards"``."""
        if self.rank is None:
            return "wild cards"
        if self.rank is Rank.THREE:
            return "black 3s"
        return self.rank.plural

    @classmethod
    def from_cards(cls, cards: Iterable[Card]) -> Meld:
        """Return the meld the cards make, or raise CardError if they cannot be one meld.

        >>> from .cards import parse_cards
        >>> Meld.from_cards(parse_cards("K K K K K 2 2"))
        Meld(rank=<Rank.KING: 'K'>, naturals=5, twos=2, jokers=0)
        >>> Meld.from_cards(parse_cards("3S 3C 3S")).label
        'black 3s'
        >>> Meld.from_cards(parse_cards("K Q 2"))
        Traceback (most recent call last):
        ...
        scorekeeper.canasta.errors.CardError: A meld holds cards of one rank; these are kings and queens.
        """
        cards = list(cards)
        if any(card.is_red_three for card in cards):
            raise CardError(Problem("meld.red_threes"))
        ranks = [card.rank for card in cards if not card.is_wild]
        distinct = list(dict.fromkeys(ranks))
        if len(distinct) > 1:
            raise CardError(Problem("meld.not_one_rank", ranks=tuple(rank.value for rank in distinct)))
        return cls(
            rank=distinct[0] if distinct else None,
            naturals=len(ranks),
            twos=sum(card.rank is Rank.TWO for card in cards),
            jokers=sum(card.rank is Rank.JOKER for card in cards),
        )


@dataclass(frozen=True)
class InHand:
    """Cards left in a side's hands, counted by value group."""

    jokers: int = 0
    twos: int = 0
    aces: int = 0
    eight_to_king: int = 0
    four_to_seven: int = 0
    black_threes: int = 0

    @property
    def points(self) -> int:
        """Return the card points these cards count against the side.

        >>> InHand(eight_to_king=1, four_to_seven=1).points
        15
        """
        return sum(getattr(self, name) * value for name, value in IN_HAND_POINTS.items())


@dataclass(frozen=True)
class SideInput:
    """One side's hand, typed and complete (derived from melds / in_hand when given that way)."""

    members: tuple[int, ...]
    melded_points: int = 0
    hand_points: int = 0
    canastas: dict[CanastaKind, int] = field(default_factory=dict)  # by kind; every kind of the family
    red_threes: tuple[int, ...] = (0,)  # one count per member
    going_out: str = "no"  # "no" | "out" | "concealed"
    black_threes: int = 0
    unfinished: frozenset[str] = frozenset()  # Modern: "aces", "sevens", "wild"
    players_with_three_aces: int = 0
    players_with_three_sevens: int = 0
    last_drawn_three: bool = False
    special_hand_points: int = 0
    melds: tuple[Meld, ...] | None = None  # as given, if given
    in_hand: InHand | None = None  # as given, if given

    @property
    def canasta_count(self) -> int:
        """Return how many canastas the side completed, of any kind."""
        return sum(self.canastas.values())

    @property
    def red_three_count(self) -> int:
        """Return how many red 3s the side laid out."""
        return sum(self.red_threes)

    @property
    def goes_out(self) -> bool:
        """Return True if a player of this side went out."""
        return self.going_out != "no"


@dataclass(frozen=True)
class HandInput:
    """A checked hand: its sides and the totals before it (one per scorer)."""

    sides: tuple[SideInput, ...]
    totals_before: tuple[int, ...]
