"""Modern American special hands: 14 cards laid down at once, before the side has melded.

RULES.md names them and their values; it does not say what each holds. The
engine's reading (every 3 is laid out as it comes in Modern American, so none
is ever part of one):

- straight: one natural card of each rank 4 to ace (11) and three wild cards;
- pairs: seven natural pairs, seven ranks;
- pairs_wild: six natural pairs of six ranks and a pair of wild cards;
- garbage (4-4-3-3): four cards of one rank, four of another, three of a third and three of a fourth, no wild card.

>>> from ..cards import parse_cards
>>> special_hand_problem("garbage", parse_cards("K K K K 9 9 9 9 5 5 5 A A A")) is None
True
>>> special_hand_problem("pairs", parse_cards("K K 9 9 5 5 A A 4 4 6 6 8 2")).message
'seven natural pairs of seven ranks, no wild card.'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..cards import NATURAL_RANKS, Card
from ..errors import Problem

SPECIAL_HAND_SIZE = 14
# What each special hand holds, said by messages.py ("special.rule.<name>").
RULES = ("straight", "pairs", "pairs_wild", "garbage")


def _shape(cards: Sequence[Card]) -> tuple[list[int], int, bool]:
    """Return the sorted counts of natural ranks, the wild cards, and whether anything else is there."""
    naturals = Counter(card.rank for card in cards if card.is_natural)
    wilds = sum(1 for card in cards if card.is_wild)
    other = any(not card.is_natural and not card.is_wild for card in cards)
    return sorted(naturals.values(), reverse=True), wilds, other


def _rule(name: str) -> Problem:
    return Problem("special.rule." + (name if name in RULES else "unknown"))


def special_hand_problem(name: str, cards: Sequence[Card]) -> Problem | None:
    """Return what the special hand ``name`` needs when ``cards`` are not it, else None."""
    if len(cards) != SPECIAL_HAND_SIZE:
        return Problem("special.size", size=SPECIAL_HAND_SIZE, count=len(cards))
    counts, wilds, other = _shape(cards)
    if other:
        return _rule(name)
    fits = {
        "straight": counts == [1] * len(NATURAL_RANKS) and wilds == 3,
        "pairs": counts == [2] * 7 and wilds == 0,
        "pairs_wild": counts == [2] * 6 and wilds == 2,
        "garbage": counts == [4, 4, 3, 3] and wilds == 0,
    }.get(name, False)
    return None if fits else _rule(name)
