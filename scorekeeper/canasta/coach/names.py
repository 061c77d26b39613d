"""Seats and cards by name, in the coach's words: "West", "king of spades" (cards by rank: :mod:`..words`).

Seat 0 is the player ("You"); the other seats are named clockwise round the
table, partners opposite.

>>> seat_names(4)
('You', 'West', 'North', 'East')
>>> from ..cards import Card, Rank, Suit
>>> card_name(Card(Rank.KING, Suit.SPADES)), card_name(Card(Rank.JOKER)), card_name(Card(Rank.TEN, Suit.HEARTS))
('king of spades', 'joker', '10 of hearts')
"""

from __future__ import annotations

from ..cards import Card, Rank
from ..messages import N_
from ..words import singular

SEAT_NAMES = {  # marked for the catalogue: a page shows them through its gettext
    2: (N_("You"), N_("North")),
    3: ("You", N_("West"), N_("East")),
    4: ("You", "West", "North", "East"),
    6: ("You", "West", N_("North-west"), "North", N_("North-east"), "East"),
}
SUIT_WORDS = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
RANK_NAMES = {Rank.ACE: N_("ace"), Rank.KING: N_("king"), Rank.QUEEN: N_("queen"), Rank.JACK: N_("jack"),
              Rank.JOKER: N_("joker")}
# A card named: the caller's gettext translates these (the engine's words are English until shown).
OF_SUIT = N_("{rank} of {suit}")
THE_CARD = N_("the {card}")
A_JOKER = N_("a joker")


def _same(text: str) -> str:
    return text


def in_sentence(name: str) -> str:
    """Return a seat's name inside a sentence: "you" for the player, the others as they are."""
    return "you" if name == "You" else name


def seat_names(seats: int) -> tuple[str, ...]:
    """Return the names of the seats, seat 0 first."""
    return SEAT_NAMES.get(seats) or ("You",) + tuple(f"Seat {n + 1}" for n in range(1, seats))


def rank_name(card: Card, gettext=_same) -> str:
    """Return a card's rank by name, as ``gettext`` words it: ``"king"``, ``"10"``."""
    name = RANK_NAMES.get(card.rank)
    return gettext(name) if name else card.rank.value


def card_name(card: Card, gettext=_same) -> str:
    """Return one card's accessible name, as ``gettext`` words it: ``"king of spades"``, ``"joker"``."""
    name = rank_name(card, gettext)
    if card.rank is Rank.JOKER or not card.suit:
        return name
    return gettext(OF_SUIT).format(rank=name, suit=gettext(SUIT_WORDS[card.suit.value]))


def the_card(card: Card, gettext=_same) -> str:
    """Return one card named in a sentence: ``"the king of spades"``, ``"a joker"`` (jokers have no suit)."""
    if card.rank is Rank.JOKER:
        return gettext(A_JOKER)
    return gettext(THE_CARD).format(card=card_name(card, gettext))


__all__ = ["card_name", "in_sentence", "rank_name", "seat_names", "singular", "the_card"]
