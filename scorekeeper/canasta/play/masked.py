"""A position as one seat may know it: the hidden cards replaced by a fixed stand-in.

A computer player (:mod:`..players.levels`) thinks on the masked position only, so what
it chooses can depend on nothing it could not see: its own hand, the table, the
pile, and how many cards each hand and the stock hold. The cards nobody at the
seat has seen are dealt to the other hands and the stock in one fixed order, so
two positions that differ only in hidden cards mask to the same position.

>>> from .table import deal
>>> position, _ = deal("classic", seed=3)
>>> other, _ = deal("classic", seed=3)
>>> masked(position, 0).hands[0] == position.hands[0], len(masked(position, 0).stock) == len(position.stock)
(True, True)
"""

from __future__ import annotations

from dataclasses import replace

from ..cards import Rank
from .position import SUITS, Position, cards_not_seen

_RANK_ORDER = {rank: index for index, rank in enumerate(Rank)}
_SUIT_ORDER = {suit: index for index, suit in enumerate(SUITS)}


def _order(card) -> tuple[int, int]:
    return _RANK_ORDER[card.rank], _SUIT_ORDER.get(card.suit, -1)


def unseen_cards(position: Position, seat: int) -> list:
    """Return the cards ``seat`` has not seen (other hands and the stock), in a fixed order.

    Counted as the codec counts them (:func:`.position.cards_not_seen`): a seen card
    written without its suit takes one card of its rank.
    """
    seen = list(position.hands[seat]) + list(position.pile)
    seen += [card for side in position.melds for meld in side for card in meld.cards]
    seen += [card for threes in position.threes for card in threes]
    return sorted(cards_not_seen(position.ruleset.decks, seen), key=_order)


def unseen_kinds(position: Position, seat: int) -> list[tuple]:
    """Return the cards ``seat`` has not seen by kind: (one card of the kind, how many), in the unseen order.

    A kind is a rank, except that each wild card and black 3 is a kind by itself (by its code). Red 3s
    are left out: one drawn is laid out at once, and another card drawn in its place.
    """
    kinds: dict = {}
    for card in unseen_cards(position, seat):
        if card.is_red_three:
            continue
        kind = card.code if card.is_wild or card.is_black_three else card.rank
        first, count = kinds.get(kind, (card, 0))
        kinds[kind] = (first, count + 1)
    return list(kinds.values())


def masked(position: Position, seat: int) -> Position:
    """Return ``position`` with every card ``seat`` cannot see replaced by the same stand-in cards.

    The other hands keep their sizes, the stock its size; the stand-ins are the
    unseen cards in a fixed order, dealt round the other seats then to the stock.
    """
    unseen = unseen_cards(position, seat)
    hands = []
    at = 0
    for other, hand in enumerate(position.hands):
        if other == seat:
            hands.append(hand)
            continue
        hands.append(tuple(unseen[at:at + len(hand)]))
        at += len(hand)
    stock = tuple(unseen[at:at + len(position.stock)])
    return replace(position, hands=tuple(hands), stock=stock)
