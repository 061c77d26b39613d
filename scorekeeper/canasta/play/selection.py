"""The player's selected cards as a move: grouped by rank, wild cards placed where the referee allows them.

A practice page lets the player tap cards and press *Put down*, *Take the pile*
or a meld's tile; these functions turn that selection into the move the
referee is asked about. Natural cards go together by rank; each wild card is
tried on each group until the referee allows the whole move (a pair needs one
to be a meld). When no placement is allowed the plainest one is returned, so
the referee's refusal says what is wrong.

>>> from ..cards import parse_cards
>>> from .table import deal
>>> from dataclasses import replace
>>> position, _ = deal("classic", seed=7)
>>> position = replace(position, step="play", began="stock", hands=(tuple(parse_cards("K K K Q Q 2 5")),) + position.hands[1:])
>>> put_down(position, parse_cards("K K K Q Q 2")).as_dict()["melds"]
[{'cards': 'Q Q 2'}, {'cards': 'K K K'}]
"""

from __future__ import annotations

from itertools import product

from ..cards import Card, Rank
from .legal import legal_moves
from .moves import WILD, Lay, Meld, Move, TakePile
from .position import Position
from .referee import judge

MAX_TRIES = 60


def _groups(cards) -> tuple[dict[Rank, list[Card]], list[Card]]:
    groups: dict[Rank, list[Card]] = {}
    wilds = []
    for card in cards:
        if card.is_wild:
            wilds.append(card)
        else:
            groups.setdefault(card.rank, []).append(card)
    return groups, wilds


def _placements(groups: dict, wilds: list, extra_keys=()):
    """Yield the lays of every way to give the wild cards to the groups (pairs served first)."""
    keys = list(groups) + [key for key in extra_keys if key not in groups]
    if not keys:
        return
    if not wilds:
        yield tuple(Lay(tuple(groups.get(key, ()))) for key in keys if groups.get(key))
        return
    tries = 0
    # Groups short of a meld first, then the biggest: the first placement tried is the likeliest.
    keys.sort(key=lambda key: (len(groups.get(key, ())) >= 3, -len(groups.get(key, ()))))
    for owners in product(range(len(keys)), repeat=len(wilds)):
        tries += 1
        if tries > MAX_TRIES:
            return
        given = {key: list(groups.get(key, ())) for key in keys}
        loose = {key: [] for key in keys}
        for wild, owner in zip(wilds, owners):
            (given if groups.get(keys[owner]) else loose)[keys[owner]].append(wild)
        lays = [Lay(tuple(cards)) for cards in given.values() if cards]
        lays += [Lay(tuple(cards), onto=key) for key, cards in loose.items() if cards]
        yield tuple(lays)


def put_down(position: Position, cards) -> Move:
    """Return the meld move for the selected ``cards``: new melds and additions, by rank."""
    groups, wilds = _groups(cards)
    seat = position.turn
    on_table = [key for key in position.side_melds(position.side_of(seat)) if key is not None]
    if not groups:
        if len(wilds) >= 3:
            return Meld((Lay(tuple(wilds), onto=WILD),))
        return Meld((Lay(tuple(wilds)),))
    first = None
    for lays in _placements(groups, wilds, on_table if wilds else ()):
        move = Meld(lays)
        first = first or move
        if judge(position, move).allowed:
            return move
    return first


def add_to(position: Position, cards, key: Rank | None) -> Move:
    """Return the move that adds the selected ``cards`` to the side's meld ``key``."""
    return Meld((Lay(tuple(cards), onto=key if key is not None else WILD),))


def take_pile(position: Position, cards) -> Move:
    """Return the move that takes the pile with the selected ``cards``, or the cheapest legal way with none.

    Selected cards of the top card's rank (and wild cards, when needed) go with
    the top card; the other selected cards are laid as melds in the same move.
    """
    top = position.pile_top
    if not cards:
        takes = [move for move in legal_moves(position) if isinstance(move, TakePile)]
        if takes:
            return min(takes, key=lambda m: (sum(c.is_wild for c in m.cards), len(m.cards), len(m.melds),
                                              sum(len(lay.cards) for lay in m.melds)))
        return TakePile()
    if top is None:
        return TakePile(tuple(cards))
    groups, wilds = _groups(cards)
    with_top = groups.pop(top.rank, [])
    first = None
    for used in range(0, len(wilds) + 1):
        base = tuple(with_top) + tuple(wilds[:used])
        rest = wilds[used:]
        options = list(_placements(groups, rest)) if groups else ([()] if not rest else [])
        for lays in options:
            move = TakePile(base, lays)
            first = first or move
            if judge(position, move).allowed:
                return move
    return first or TakePile(tuple(cards))
