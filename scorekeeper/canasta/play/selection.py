"""The player's selected cards as a move: grouped by rank, wild cards placed where the referee allows them.

A practice page lets the player tap cards and press *Put down*, *Take the pile*
or a meld's tile; these functions turn that selection into the move the
referee is asked about. Natural cards go together by rank; each wild card is
tried on each group until the referee allows the whole move (a pair needs one
to be a meld). When no placement is allowed, the one the referee refuses for
the fewest reasons is returned, so its refusal says what is really wrong; and
:func:`grouping` says what the player selected and where the app put the wild
cards, for the refusal to name the player's own selection before the app's guess.

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
from ..errors import Problem
from .legal import legal_moves
from .lays import key_code
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
    return _allowed_or_closest(position, (Meld(lays) for lays in _placements(groups, wilds, on_table if wilds else ())))


def _allowed_or_closest(position: Position, moves, fallback: Move | None = None) -> Move | None:
    """Return the first of ``moves`` the referee allows, else the first one it refuses for the fewest reasons."""
    closest, fewest = None, None
    for move in moves:
        ruling = judge(position, move)
        if ruling.allowed:
            return move
        if fewest is None or len(ruling.refusals) < fewest:
            closest, fewest = move, len(ruling.refusals)
    return closest or fallback


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

    def takes():
        for used in range(0, len(wilds) + 1):
            base = tuple(with_top) + tuple(wilds[:used])
            rest = wilds[used:]
            for lays in list(_placements(groups, rest)) if groups else ([()] if not rest else []):
                yield TakePile(base, lays)

    return _allowed_or_closest(position, takes(), TakePile(tuple(cards)))


def grouping(position: Position, cards, move: Move) -> Problem | None:
    """Return what the player selected and where the app put its wild cards, when the app chose that.

    The app chooses when the selection holds wild cards and they could go to more
    than one place (natural cards of two ranks, or a meld on the table beside
    them). A refusal of that move names the player's selection first, then the
    app's guess (``placed``: each meld's key and the wild cards put on it).
    """
    if not any(card.is_wild for card in cards) or not isinstance(move, (Meld, TakePile)):
        return None
    placed = []
    if isinstance(move, TakePile) and position.pile_top is not None:
        with_top = [card.code for card in move.cards if card.is_wild]
        if with_top:
            placed.append([key_code(position.pile_top.rank), with_top])
    for lay in move.melds:
        wilds = [card.code for card in lay.cards if card.is_wild]
        if wilds:
            placed.append([key_code(lay.key), wilds])
    places = {key for key, _ in placed} | {key_code(card.rank) for card in cards if not card.is_wild}
    if not placed or len(places) < 2:
        return None
    code = "selection.grouped_take" if isinstance(move, TakePile) else "selection.grouped"
    return Problem(code, selected=[card.code for card in cards], placed=placed)
