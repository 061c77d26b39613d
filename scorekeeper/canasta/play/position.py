"""A position of a deal as data: every seat's hand, the stock, the pile, the melds, whose turn.

A :class:`Position` is frozen: a move makes a new one (see :mod:`.table`), so
a refused move cannot change anything and a replay can keep every position.
Seats are numbered from 0 clockwise; seat 0 sits left of the dealer and plays
first. Sides are numbered like the scorers of the preset (a team, or a player
who scores alone): seat ``s`` plays for side ``s % scorers`` (partners sit
opposite; six players in two teams: seats 0, 2, 4 against 1, 3, 5; in three
teams: 0 and 3, 1 and 4, 2 and 5). In ``classic-3p`` every seat is its own side
until the first taker of the pile plays alone and the other two join (their
side is numbered by the lower seat of the two).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from ..cards import Card, Rank, Suit
from ..melds import Meld
from ..options import Options
from ..rules import RuleSet



class Step(StrEnum):
    """Steps of a turn: the player to move draws or takes the pile, then plays (melds, asks the partner,
    discards); a partner asked "may I go out?" answers; the deal is over. Each is its string in JSON."""

    DRAW = "draw"
    PLAY = "play"
    ANSWER = "answer"
    OVER = "over"


class End(StrEnum):
    """How the deal ended (its string in JSON and in stored deals)."""

    WENT_OUT = "went_out"
    STOCK_OUT = "stock_out"
    LAST_CARD_THREE = "last_card_three"
    SPECIAL_HAND = "special_hand"


SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
SUITED_RANKS = tuple(rank for rank in Rank if rank is not Rank.JOKER)
# Every card the engine uses is one of these objects: equal cards are the same object.
CARDS: dict[tuple[Rank, Suit | None], Card] = {
    (rank, suit): Card(rank, suit) for rank in SUITED_RANKS for suit in SUITS
} | {(Rank.JOKER, None): Card(Rank.JOKER)}


def card(rank: Rank, suit: Suit | None = None) -> Card:
    """Return the engine's card of ``rank`` and ``suit`` (a 2 to ace without a suit gets spades)."""
    if suit is None and rank is not Rank.JOKER:
        suit = Suit.SPADES
    return CARDS[(rank, suit)]


def decks(count: int) -> list[Card]:
    """Return ``count`` decks of 52 cards and 2 jokers each, in a fixed order.

    >>> len(decks(2)), len(decks(3)), sum(c.is_red_three for c in decks(2))
    (108, 162, 4)
    """
    return list(ONE_DECK * count)


# One deck of the engine's cards, in the decks' fixed order.
ONE_DECK: tuple[Card, ...] = tuple(CARDS[(rank, suit)] for suit in SUITS for rank in SUITED_RANKS) \
    + (CARDS[(Rank.JOKER, None)],) * 2


def cards_not_seen(count: int, seen: Iterable[Card]) -> list[Card]:
    """Return the cards of ``count`` decks that ``seen`` does not hold, in the decks' order.

    A card written without its suit (``"K"`` in a position read from JSON) takes one
    card of its rank: of the suit with the most copies left, the first such in the
    decks' order, so the answer depends on what was seen alone, never on hidden cards.

    >>> from ..cards import parse_cards
    >>> left = cards_not_seen(2, parse_cards("K K KS 3H JK"))
    >>> len(left), sum(c.rank is Rank.KING for c in left), sum(c.is_red_three for c in left)
    (103, 5, 3)
    """
    seen = list(seen)
    left = Counter(ONE_DECK * count)
    for seen_card in seen:
        if seen_card.suit is not None or seen_card.rank is Rank.JOKER:
            left[seen_card] -= 1
    for seen_card in seen:
        if seen_card.suit is None and seen_card.rank is not Rank.JOKER:
            same_rank = [held for held in left if held.rank is seen_card.rank and left[held] > 0]
            if same_rank:
                left[max(same_rank, key=lambda held: left[held])] -= 1
    unseen = []
    for deck_card in ONE_DECK * count:
        if left[deck_card] > 0:
            unseen.append(deck_card)
            left[deck_card] -= 1
    return unseen


class Shuffler:
    """A seeded shuffle that stays the same on every Python version: splitmix64 and Fisher-Yates.

    Python's own ``random`` may change its algorithms between versions; a deal stored as its
    seed and moves must replay the same cards forever.

    >>> Shuffler(7).shuffled(list(range(8)))
    [1, 4, 5, 2, 6, 0, 3, 7]
    """

    MASK = (1 << 64) - 1

    def __init__(self, seed: int | str):
        if isinstance(seed, str):
            seed = int.from_bytes(hashlib.sha256(seed.encode("utf-8")).digest()[:8], "big")
        self.state = seed & self.MASK

    def next(self) -> int:
        """Return the next 64-bit number."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & self.MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.MASK
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """Return a number from 0 to ``bound - 1``, without the bias of a plain modulo."""
        limit = self.MASK + 1 - ((self.MASK + 1) % bound)
        while True:
            value = self.next()
            if value < limit:
                return value % bound

    def shuffled(self, items: list) -> list:
        """Return ``items`` in a shuffled order (a new list)."""
        items = list(items)
        for index in range(len(items) - 1, 0, -1):
            other = self.below(index + 1)
            items[index], items[other] = items[other], items[index]
        return items


def meld_key_word(key: Rank | None) -> str:
    """Return a meld's key in player words: ``"kings"``, ``"black 3s"``, ``"wild cards"``."""
    return Meld(key).label


@dataclass(frozen=True, slots=True)
class TableMeld:
    """One meld on the table: its key (the rank; None for wild cards alone), its cards and their counts."""

    key: Rank | None
    cards: tuple[Card, ...]
    meld: Meld

    @classmethod
    def of(cls, key: Rank | None, cards: tuple[Card, ...]) -> TableMeld:
        """Return the meld of ``cards`` under ``key``."""
        twos = sum(1 for c in cards if c.rank is Rank.TWO)
        jokers = sum(1 for c in cards if c.rank is Rank.JOKER)
        return cls(key, cards, Meld(key, len(cards) - twos - jokers, twos, jokers))

    def plus(self, cards: tuple[Card, ...]) -> TableMeld:
        """Return this meld with ``cards`` added."""
        return TableMeld.of(self.key, self.cards + cards)

    @property
    def is_canasta(self) -> bool:
        """Return True once the meld holds 7 cards or more."""
        return len(self.cards) >= 7


@dataclass(frozen=True, slots=True)
class Position:
    """Everything about a deal at one moment; see the module docstring for seats and sides.

    ``stock`` is drawn from its end; ``pile`` is listed bottom to top. ``melds``
    and ``melded`` are by side, ``hands``, ``threes`` (3s laid out) and
    ``seat_melded`` (melded in an earlier turn of this deal) by seat.
    ``began`` says how the turn began: "stock" or "pile" (None before the draw).
    """

    ruleset: RuleSet
    options: Options
    totals_before: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    pile: tuple[Card, ...]
    pile_frozen: bool  # a wild card, or a red 3 turned up at the start, lies in the pile
    melds: tuple[tuple[TableMeld, ...], ...]
    melded: tuple[bool, ...]
    threes: tuple[tuple[Card, ...], ...]
    seat_melded: tuple[bool, ...]
    turn: int = 0
    step: Step = Step.DRAW
    began: str | None = None
    turn_keys: frozenset = frozenset()  # melds the player started this turn (concealed going out)
    turn_melded: bool = False
    added_to_partner: bool = False
    answer: bool | None = None  # the partner's answer to "may I go out?" this turn
    lone: int | None = None  # classic-3p: the seat that took the pile first and plays alone
    first_meld_sides: tuple[int, ...] = ()  # sides in the order they made their first meld
    bonus_due: int = 0  # Modern American: bonus cards the player draws after this turn's discard
    last_drawn_three: int | None = None  # seat that drew a 3 as the last card of the stock
    end: End | None = None
    out_seat: int | None = None
    concealed: bool = False
    special_hand: str | None = None  # Modern American: the special hand that ended the deal
    dead: frozenset = field(default_factory=frozenset)  # Modern American: ranks of a completed canasta
    move_number: int = 0

    # --- seats and sides -------------------------------------------------------------------------

    @property
    def seats(self) -> int:
        """Return how many players sit at the table."""
        return len(self.hands)

    @property
    def to_move(self) -> int | None:
        """Return the seat that makes the next move (the partner while "may I go out?" is asked)."""
        if self.step == Step.OVER:
            return None
        if self.step == Step.ANSWER:
            return partner_to_ask(self, self.turn)
        return self.turn

    @property
    def over(self) -> bool:
        """Return True once the deal has ended."""
        return self.step == Step.OVER

    @property
    def pile_top(self) -> Card | None:
        """Return the top card of the pile (None when the pile is empty)."""
        return self.pile[-1] if self.pile else None

    def side_of(self, seat: int) -> int:
        """Return the side ``seat`` plays for now."""
        if self.lone is not None and seat != self.lone:
            return min(other for other in range(self.seats) if other != self.lone)
        return seat % self.ruleset.scorers

    def seats_of(self, side: int) -> tuple[int, ...]:
        """Return the seats playing for ``side``, clockwise from seat 0."""
        return tuple(seat for seat in range(self.seats) if self.side_of(seat) == side)

    def sides(self) -> tuple[int, ...]:
        """Return the sides playing now (in classic-3p two once the partnership is formed)."""
        return tuple(dict.fromkeys(self.side_of(seat) for seat in range(self.seats)))

    def side_melds(self, side: int) -> dict[Rank | None, TableMeld]:
        """Return a side's melds on the table by key."""
        return {meld.key: meld for meld in self.melds[side]}

    def canastas(self, side: int) -> int:
        """Return how many canastas a side has on the table."""
        return sum(1 for meld in self.melds[side] if meld.is_canasta)

    def may_go_out(self, side: int) -> bool:
        """Return whether a side has the canastas it needs to go out."""
        return self.canastas(side) >= self.options.canastas_to_go_out

    def total_of(self, seat: int) -> int:
        """Return the total before the deal that sets ``seat``'s initial-meld minimum.

        In classic-3p it is the player's own total; otherwise the side's.
        """
        if self.ruleset.partnership_per_hand:
            return self.totals_before[seat]
        return self.totals_before[seat % self.ruleset.scorers]


def partner_to_ask(position: Position, seat: int) -> int | None:
    """Return the partner ``seat`` asks "may I go out?": the next seat of its side clockwise, or None."""
    side = position.side_of(seat)
    for step in range(1, position.seats):
        other = (seat + step) % position.seats
        if position.side_of(other) == side:
            return other
    return None
