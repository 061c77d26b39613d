"""Seats and cards in player words: "West", "king of spades", "a pair of jacks".

Seat 0 is the player ("You"); the other seats are named clockwise round the
table, partners opposite.

>>> seat_names(4)
('You', 'West', 'North', 'East')
>>> from ..cards import Card, Rank, Suit
>>> card_name(Card(Rank.KING, Suit.SPADES)), card_name(Card(Rank.JOKER)), card_name(Card(Rank.TEN, Suit.HEARTS))
('king of spades', 'joker', '10 of hearts')
>>> cards_words([Card(Rank.JACK, Suit.SPADES), Card(Rank.JACK, Suit.HEARTS)])
'a pair of jacks'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..cards import Card, Rank
from ..words import join_and, rank_word, singular

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


def _group(rank: Rank, count: int) -> str:
    if count == 2 and rank is not Rank.JOKER:
        return f"a pair of {rank.plural}"
    return rank_word(rank, count)


def cards_words(cards: Sequence[Card]) -> str:
    """Return cards in player words, grouped by rank: ``"a pair of jacks and a joker"``."""
    if not cards:
        return "no card"
    counts = Counter(card.rank for card in cards)
    parts = []
    for rank, count in counts.items():
        if rank is Rank.THREE:
            reds = sum(1 for c in cards if c.is_red_three)
            if reds:
                parts.append("a red 3" if reds == 1 else f"{reds} red 3s")
            if count - reds:
                parts.append("a black 3" if count - reds == 1 else f"{count - reds} black 3s")
            continue
        parts.append(_group(rank, count))
    return join_and(parts)


def meld_words(key, cards: Sequence[Card]) -> str:
    """Return a meld in words: ``"3 kings"``, ``"3 kings with a 2"``, ``"3 wild cards"``."""
    naturals = [c for c in cards if not c.is_wild]
    wilds = [c for c in cards if c.is_wild]
    head = rank_word(key, len(naturals)) if key is not None and naturals else ""
    tail = cards_words(wilds) if wilds else ""
    if key is None:
        return f"{len(cards)} wild cards"
    return " with ".join(part for part in (head, tail) if part) or "no card"


__all__ = ["card_name", "cards_words", "in_sentence", "meld_words", "seat_names", "singular", "the_card"]
