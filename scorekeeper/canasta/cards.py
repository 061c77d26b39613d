"""Ranks, suits, card values and reading card text such as ``"K K 2 | 8 8 8"``.

Card values are the same in every rule set (RULES.md, "Card values"):

>>> [Card(rank).points for rank in (Rank.JOKER, Rank.TWO, Rank.ACE, Rank.KING, Rank.EIGHT, Rank.SEVEN, Rank.FOUR)]
[50, 20, 20, 10, 10, 5, 5]
>>> Card(Rank.THREE, Suit.CLUBS).points, Card(Rank.THREE, Suit.HEARTS).points
(5, 0)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from .errors import CardError, Problem
from .messages import N_


class Rank(Enum):
    """A card's rank; the value is how card text writes it."""

    JOKER = "JK"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    # A rank keys every count of cards (card values, the decks' supply, melds by
    # rank). Members are singletons compared by identity, so hash them by
    # identity too: Enum's own hash (of the member's name) is a Python call.
    __hash__ = object.__hash__

    @property
    def symbol(self) -> str:
        """Return the rank as card text writes it: ``"K"``, ``"10"``, ``"JK"``."""
        return self.value

    @property
    def is_wild(self) -> bool:
        """Return True for 2s and jokers."""
        return self in WILD_RANKS

    @property
    def is_natural(self) -> bool:
        """Return True for the ranks melds are made of, 4 to ace."""
        return self in NATURAL_RANKS

    @property
    def points(self) -> int:
        """Return the card value (a 3 here is a black 3; a red 3 has none, see Card)."""
        return RANK_POINTS[self]

    @property
    def plural(self) -> str:
        """Return the rank in player words, plural: ``"kings"``, ``"10s"``.

        >>> Rank.KING.plural, Rank.TEN.plural, Rank.JOKER.plural
        ('kings', '10s', 'jokers')
        """
        return RANK_PLURALS.get(self, f"{self.value}s")

    @classmethod
    def from_text(cls, text: str) -> Rank:
        """Return the rank written as ``text`` (case-insensitive, ``T`` for 10).

        >>> Rank.from_text("q"), Rank.from_text("T"), Rank.from_text("Joker")
        (<Rank.QUEEN: 'Q'>, <Rank.TEN: '10'>, <Rank.JOKER: 'JK'>)
        >>> Rank.from_text("1")
        Traceback (most recent call last):
        ...
        ValueError: '1' is not a rank
        """
        key = text.strip().upper()
        if key in RANK_ALIASES:
            return RANK_ALIASES[key]
        raise ValueError(f"{text!r} is not a rank")


class Suit(Enum):
    """A suit; the value is its letter."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    # Cards are counted by the hundred in a deal (hands, the stock, the decks' supply): hash
    # suits by identity, as ranks are, not by Enum's Python-level hash of the member's name.
    __hash__ = object.__hash__

    @property
    def symbol(self) -> str:
        """Return the suit's symbol, e.g. ``"♠"``."""
        return SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """Return True for hearts and diamonds."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


WILD_RANKS: tuple[Rank, ...] = (Rank.JOKER, Rank.TWO)
NATURAL_RANKS: tuple[Rank, ...] = (
    Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE,
    Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE,
)
RANK_POINTS: dict[Rank, int] = {
    Rank.JOKER: 50, Rank.TWO: 20, Rank.ACE: 20,
    Rank.KING: 10, Rank.QUEEN: 10, Rank.JACK: 10, Rank.TEN: 10, Rank.NINE: 10, Rank.EIGHT: 10,
    Rank.SEVEN: 5, Rank.SIX: 5, Rank.FIVE: 5, Rank.FOUR: 5,
    Rank.THREE: 5,  # a black 3; red 3s have no card value
}
RANK_PLURALS = {
    Rank.JOKER: N_("jokers"), Rank.ACE: N_("aces"), Rank.KING: N_("kings"),
    Rank.QUEEN: N_("queens"), Rank.JACK: N_("jacks"),
}
RANK_ALIASES: dict[str, Rank] = {rank.value: rank for rank in Rank} | {
    "T": Rank.TEN, "JOKER": Rank.JOKER, "*": Rank.JOKER,
}
SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
SUIT_ALIASES: dict[str, Suit] = {suit.value: suit for suit in Suit} | {
    "♠": Suit.SPADES, "♤": Suit.SPADES, "♥": Suit.HEARTS, "♡": Suit.HEARTS,
    "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS, "♣": Suit.CLUBS, "♧": Suit.CLUBS,
}


def _same_value(rank: Rank) -> tuple[Rank, ...]:
    """Return the ranks that count like ``rank``: as wild or natural, and for the same value."""
    return tuple(other for other in Rank
                 if other is not Rank.THREE and other.is_wild == rank.is_wild and other.points == rank.points)


# The cards left in a hand, counted by groups of one value (the API's ``in_hand``
# fields), from the card values above; black 3s are the 3s of this count.
IN_HAND_GROUPS: dict[str, tuple[Rank, ...]] = {
    "jokers": _same_value(Rank.JOKER),
    "twos": _same_value(Rank.TWO),
    "aces": _same_value(Rank.ACE),
    "eight_to_king": _same_value(Rank.KING),
    "four_to_seven": _same_value(Rank.SEVEN),
    "black_threes": (Rank.THREE,),
}


def group_points(name: str) -> int:
    """Return the card value of every card of the ``in_hand`` group ``name``.

    >>> [group_points(name) for name in IN_HAND_GROUPS]
    [50, 20, 20, 10, 5, 5]
    """
    return RANK_POINTS[IN_HAND_GROUPS[name][0]]


def group_per_deck(name: str) -> int:
    """Return how many cards of the ``in_hand`` group ``name`` one deck holds (half its 3s are black).

    >>> [group_per_deck(name) for name in IN_HAND_GROUPS]
    [2, 4, 4, 24, 16, 2]
    """
    ranks = IN_HAND_GROUPS[name]
    held = sum(copies_in_decks(rank, 1) for rank in ranks)
    return held // 2 if ranks == (Rank.THREE,) else held


DECK_SIZE = 54  # one deck of 52 cards and its 2 jokers
MAX_CARDS_IN_TEXT = 162  # three decks: more cards than that cannot be on any table
MAX_TEXT_LENGTH = 2000


@dataclass(frozen=True)
class Card:
    """One card. ``suit`` is optional except on a 3, where it tells red from black.

    >>> Card(Rank.KING, Suit.SPADES)
    Card(rank=<Rank.KING: 'K'>, suit=<Suit.SPADES: 'S'>)
    >>> str(Card(Rank.KING, Suit.SPADES)), str(Card(Rank.JOKER)), Card(Rank.THREE, Suit.DIAMONDS).is_red_three
    ('K♠', 'JK', True)
    """

    rank: Rank
    suit: Suit | None = None

    # What the play's search asks of a card tens of thousands of times a move, worked out once
    # when the card is made (plain attributes, not fields: they are no part of what a card is).
    #   is_wild: 2s and jokers. is_natural: 4 to ace. is_red_three / is_black_three: the 3 of
    #   hearts or diamonds / of spades or clubs. points: the card value, a red 3 has none, every
    #   other card a multiple of 5.
    is_wild: ClassVar[bool]
    is_natural: ClassVar[bool]
    is_red_three: ClassVar[bool]
    is_black_three: ClassVar[bool]
    points: ClassVar[int]

    def __post_init__(self) -> None:
        rank, suit = self.rank, self.suit
        if rank is Rank.THREE and suit is None:
            raise CardError(Problem("card.three_without_suit"))
        if rank is Rank.JOKER and suit is not None:
            raise CardError(Problem("card.joker_with_suit"))
        red_three = rank is Rank.THREE and suit.is_red
        known = object.__setattr__
        known(self, "is_wild", rank.is_wild)
        known(self, "is_natural", rank.is_natural)
        known(self, "is_red_three", red_three)
        known(self, "is_black_three", rank is Rank.THREE and not red_three)
        known(self, "points", 0 if red_three else rank.points)
        known(self, "_hash", hash((rank, suit)))  # the hash a frozen dataclass gives, kept

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self):
        # Made again from its rank and suit (a pickle, a copy): the kept answers, the hash among
        # them (a Rank hashes by identity), are worked out anew where it is loaded.
        return (Card, (self.rank, self.suit))

    @property
    def code(self) -> str:
        """Return the card as plain-letter card text, e.g. ``"KS"``, ``"3H"``, ``"JK"``."""
        return self.rank.symbol + (self.suit.value if self.suit else "")

    def __str__(self) -> str:
        return self.rank.symbol + (self.suit.symbol if self.suit else "")


_TOKEN = re.compile(r"^(10|[2-9TJQKA])([SHDC♠♤♥♡♦♢♣♧])?$")
_JOKER_TOKENS = frozenset({"JK", "JOKER", "*"})
_SEPARATORS = re.compile(r"[\s,]+")



def _read_token(token: str, number: int, field: str, hint: bool = False) -> Card | Problem:
    """Return the card ``token`` writes, or the Problem that says why it cannot (``hint``: and how to write one)."""
    key = token.upper().replace("\ufe0f", "")
    if key in _JOKER_TOKENS:
        return Card(Rank.JOKER)
    match = _TOKEN.match(key)
    if match is None:
        if key[:2] == "JK" or key[:5] == "JOKER" or key[:1] == "*":
            return Problem("cards.joker_suit", field, token=token, number=number)
        return Problem("cards.unreadable_hint" if hint else "cards.unreadable", field, token=token, number=number)
    rank = RANK_ALIASES[match.group(1)]
    suit = SUIT_ALIASES[match.group(2)] if match.group(2) else None
    if rank is Rank.THREE and suit is None:
        return Problem("cards.three_without_suit", field, number=number)
    return Card(rank, suit)


def _tokens(text: object, field: str) -> list[str]:
    if not isinstance(text, str):
        raise CardError(Problem("cards.not_text", field))
    if len(text) > MAX_TEXT_LENGTH:
        raise CardError(Problem("cards.too_long", field, most=MAX_TEXT_LENGTH))
    return [token for token in _SEPARATORS.split(text.replace("|", " | ")) if token]


def parse_meld_groups(text: str, field: str = "cards") -> list[list[Card]]:
    """Return the cards of ``text`` in the groups ``|`` marks (one group when there is no ``|``).

    Every unreadable token is reported at once, as a CardError whose problems
    all carry ``field``. Empty groups (``"K K K |"``) are dropped.

    >>> [[str(card) for card in group] for group in parse_meld_groups("K K 2 | 8h 8♠ 8")]
    [['K', 'K', '2'], ['8♥', '8♠', '8']]
    >>> parse_meld_groups("")
    []
    >>> parse_meld_groups("K, KX, 3, Q")
    Traceback (most recent call last):
    ...
    scorekeeper.canasta.errors.CardError: Cannot read "KX" (card 2). Write cards as 4 to 10, J, Q, K, A, 2, JK for a joker, and a 3 with its suit (3H, 3S). Card 3 is a 3 without its suit: write 3H or 3D for a red 3, 3S or 3C for a black 3.
    """
    groups: list[list[Card]] = [[]]
    problems: list[Problem] = []
    number = 0
    hint = True
    for token in _tokens(text, field):
        if token == "|":
            groups.append([])
            continue
        number += 1
        if number > MAX_CARDS_IN_TEXT:
            raise CardError(Problem("cards.too_many", field, most=MAX_CARDS_IN_TEXT))
        read = _read_token(token, number, field, hint=hint)
        if isinstance(read, Problem):
            problems.append(read)
            hint = hint and read.code != "cards.unreadable_hint"
        else:
            groups[-1].append(read)
    if problems:
        raise CardError(problems)
    return [group for group in groups if group]


def parse_cards(text: str, field: str = "cards") -> list[Card]:
    """Return the cards written in ``text``, ignoring any ``|`` grouping.

    Tokens are separated by spaces or commas, case-insensitive: ``4``-``10`` or
    ``T``, ``J``, ``Q``, ``K``, ``A``, ``2``, a joker as ``JK``, ``Joker`` or
    ``*``; a 3 needs its suit (``3H``/``3D`` red, ``3S``/``3C`` black); any
    card may carry a suit letter or symbol (``KS``, ``K♠``, ``10h``).

    >>> [card.code for card in parse_cards("10h, t, joker * 3d 3S K♣")]
    ['10H', '10', 'JK', 'JK', '3D', '3S', 'KC']
    >>> parse_cards("K Q KX")
    Traceback (most recent call last):
    ...
    scorekeeper.canasta.errors.CardError: Cannot read "KX" (card 3). Write cards as 4 to 10, J, Q, K, A, 2, JK for a joker, and a 3 with its suit (3H, 3S).
    """
    return [card for group in parse_meld_groups(text, field) for card in group]


def format_cards(cards: list[Card]) -> str:
    """Return the cards as card text, with suit symbols.

    >>> format_cards(parse_cards("k 2 jk 3h"))
    'K 2 JK 3♥'
    """
    return " ".join(str(card) for card in cards)


def copies_in_decks(rank: Rank, decks: int) -> int:
    """Return how many cards of ``rank`` the decks hold (threes: both colours).

    >>> copies_in_decks(Rank.KING, 2), copies_in_decks(Rank.JOKER, 3)
    (8, 6)
    """
    return decks * (2 if rank is Rank.JOKER else 4)


def card_points(cards: list[Card]) -> int:
    """Return the sum of the cards' values.

    >>> card_points(parse_cards("K K 2 5 JK 3H 3S"))
    100
    """
    return sum(card.points for card in cards)
