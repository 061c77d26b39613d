"""What the decks hold: the rules checks refuse cards written more often than that.

Impossible input is no broken rule: it raises InvalidHand with the API's field name.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from .cards import Card, Rank, Suit, copies_in_decks
from .errors import InvalidHand, Problem
from .rules import RuleSet
from .words import decks_phrase, singular


def supply_name(card: Card) -> str:
    """Return the name of the card's kind as the decks hold it: "kings", "red 3s"."""
    if card.rank is Rank.THREE:
        return "red 3s" if card.is_red_three else "black 3s"
    return card.rank.plural


def kind_card(card: Card) -> Card:
    """Return one representative card per supply kind (suits only tell 3s apart)."""
    if card.rank is Rank.THREE:
        return Card(Rank.THREE, Suit.HEARTS if card.is_red_three else Suit.SPADES)
    return Card(card.rank)


def deck_problems(ruleset: RuleSet, cards: Iterable[Card], field_name: str) -> list[Problem]:
    """Return a problem for every kind of card written more often than the decks hold it.

    >>> from .rules import PRESETS
    >>> from .cards import parse_cards
    >>> [p.message for p in deck_problems(PRESETS["classic"], parse_cards("JK JK JK JK JK KS KS KS"), "hand")]
    ['Two decks hold only 4 jokers; you wrote 5.', 'Two decks hold only 2 kings of spades; you wrote 3.']
    """
    cards = list(cards)
    decks = decks_phrase(ruleset.decks, "capital")
    problems = []
    by_kind = Counter(supply_name(card) for card in cards)
    for card in dict.fromkeys(kind_card(card) for card in cards):
        what = supply_name(card)
        # Red and black 3s are two supplies of half the 3s each.
        held = copies_in_decks(card.rank, ruleset.decks) // (2 if card.rank is Rank.THREE else 1)
        if by_kind[what] > held:
            problems.append(Problem("cards.more_than_decks", field_name, decks=decks, held=held, what=what,
                                    count=by_kind[what]))
    by_suit = Counter((card.rank, card.suit) for card in cards if card.suit is not None)
    for (rank, suit), count in by_suit.items():
        if count > ruleset.decks:
            name = f"{singular(rank)}s of {suit.name.lower()}"
            problems.append(Problem("cards.more_than_decks", field_name, decks=decks, held=ruleset.decks, what=name,
                                    count=count))
    return problems


def raise_if_impossible(ruleset: RuleSet, hand: Sequence[Card], pile_top: Card | None, field_name: str) -> None:
    """Raise InvalidHand when the hand and the pile's top card hold more of a card than the decks."""
    problems = deck_problems(ruleset, list(hand) + ([pile_top] if pile_top else []), field_name)
    if problems:
        raise InvalidHand(problems)
