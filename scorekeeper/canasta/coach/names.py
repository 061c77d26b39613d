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
from ..words import singular

SEAT_NAMES = {
    2: ("You", "North"),
    3: ("You", "West", "East"),
    4: ("You", "West", "North", "East"),
    6: ("You", "West", "North-west", "North", "North-east", "East"),
}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {Rank.ACE: "ace", Rank.KING: "king", Rank.QUEEN: "queen", Rank.JACK: "jack", Rank.JOKER: "joker"}


def in_sentence(name: str) -> str:
    """Return a seat's name inside a sentence: "you" for the player, the others as they are."""
    return "you" if name == "You" else name


def seat_names(seats: int) -> tuple[str, ...]:
    """Return the names of the seats, seat 0 first."""
    return SEAT_NAMES.get(seats) or ("You",) + tuple(f"Seat {n + 1}" for n in range(1, seats))


def card_name(card: Card) -> str:
    """Return one card's accessible name: ``"king of spades"``, ``"joker"``."""
    if card.rank is Rank.JOKER:
        return "joker"
    name = RANK_NAMES.get(card.rank, card.rank.value)
    return f"{name} of {SUIT_WORDS[card.suit.value]}" if card.suit else name


def the_card(card: Card) -> str:
    """Return one card named in a sentence: ``"the king of spades"``, ``"a joker"`` (jokers have no suit)."""
    name = card_name(card)
    return "a joker" if name == "joker" else "the " + name


__all__ = ["card_name", "in_sentence", "seat_names", "singular", "the_card"]
