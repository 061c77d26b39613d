"""The moves a position allows: every kind of move, every way to take the pile, and melds to choose from.

Melds can be combined in more ways than anyone would list, so :func:`legal_moves`
lists, besides drawing, every discard, asking the partner and ending the deal:
every way of taking the pile (for a side's first meld, with the melds from hand
that reach the minimum), for each rank the meld or addition the hand allows,
wild cards added one at a time, the side's first meld from hand, and the
going-out check's way of going out. Every move listed is one the referee allows.
"""

from __future__ import annotations

from collections import defaultdict

from ..cards import Card, Rank
from ..rules import next_minimum
from .going import going_out_plan
from .moves import WILD, Answer, AskPartner, Discard, Draw, EndDeal, Lay, Meld, Move, SpecialHand, TakePile
from .position import Position, Step
from .referee import Judging, ask_refusals, examine


def _by_rank(hand) -> tuple[dict[Rank, list[Card]], list[Card], list[Card]]:
    naturals: dict[Rank, list[Card]] = defaultdict(list)
    wilds, black = [], []
    for card in hand:
        if card.is_wild:
            wilds.append(card)
        elif card.is_natural:
            naturals[card.rank].append(card)
        elif card.is_black_three:
            black.append(card)
    return naturals, wilds, black


def _allowed(position: Position, move: Move, judging: Judging | None = None) -> bool:
    return examine(position, move, judging=judging)[1] is not None


def _candidate_melds(naturals, wilds, skip: Rank | None = None) -> tuple[list[Lay], list[Card]]:
    """Return new melds the hand can make, best first: every natural of a rank (3+), or a pair with a wild card;
    and the wild cards left over."""
    melds = []
    spare = list(wilds)
    for rank, cards in sorted(naturals.items(), key=lambda item: -len(item[1]) * item[0].points):
        if rank is skip:
            continue
        if len(cards) >= 3:
            melds.append(Lay(tuple(cards)))
        elif len(cards) == 2 and spare:
            melds.append(Lay((*cards, spare.pop())))
    return melds, spare


def _first_melds(position: Position, candidates: tuple[list[Lay], list[Card]],
                 extra_points: int = 0) -> list[tuple[Lay, ...]]:
    """Return sets of candidate melds that may reach the minimum, fewest first.

    Where all of them fall short, the wild cards left over are put on them (K K K and a 2 make 50), on
    each meld in turn as far as the rule set lets one meld hold wild cards: the referee keeps the legal ones.
    """
    candidates, spare = candidates
    minimum = next_minimum(position.ruleset, position.total_of(position.turn))
    chosen, points, sets = [], extra_points, []
    for lay in candidates:
        chosen.append(lay)
        points += sum(card.points for card in lay.cards)
        if points >= minimum:
            sets.append(tuple(chosen))
    if not sets and chosen and spare:
        limit = position.ruleset.max_wilds
        for first in range(len(chosen)):
            lays, total, left = list(chosen), points, sorted(spare, key=lambda card: card.points)
            for at in [first] + [index for index in range(len(lays)) if index != first]:
                while left and total < minimum and sum(card.is_wild for card in lays[at].cards) < limit:
                    wild = left.pop()  # the highest first: the fewest cards reach the minimum
                    lays[at] = Lay((*lays[at].cards, wild))
                    total += wild.points
            if total >= minimum:
                sets.append(tuple(lays))
    if not sets and chosen:
        sets.append(tuple(chosen))
    sets = sets[:2]
    # The same without each meld in turn (a first meld need not hold the aces it could); only when all of them
    # reach the minimum without wild cards added, since fewer cannot otherwise.
    for left_out in range(len(candidates) if points >= minimum else 0):
        total, lays = extra_points, []
        for at, lay in enumerate(candidates):
            if at == left_out:
                continue
            lays.append(lay)
            total += sum(card.points for card in lay.cards)
            if total >= minimum:
                if tuple(lays) not in sets:
                    sets.append(tuple(lays))
                break
    return sets


def _draw_moves(position: Position) -> list[Move]:
    moves: list[Move] = [Draw()] if position.stock else [EndDeal()]
    judging = Judging(position)  # the pile check, made once for every move judged here
    if not position.pile:
        return [move for move in moves if _allowed(position, move, judging)]
    seat = position.turn
    check = judging.pile_check(seat)
    if check.can_take:
        hand = position.hands[seat]
        naturals, wilds, _ = _by_rank(hand)
        side = position.side_of(seat)
        top = position.pile[-1]
        for way in check.ways:
            base = TakePile(tuple(way.cards))
            if position.melded[side]:
                moves.append(base)
                continue
            moves.append(base)
            rest_naturals = {rank: list(cards) for rank, cards in naturals.items()}
            rest_wilds = list(wilds)
            for used in way.cards:
                (rest_wilds if used.is_wild else rest_naturals[used.rank]).remove(used)
            candidates = _candidate_melds(rest_naturals, rest_wilds, skip=top.rank)
            top_points = sum(c.points for c in way.cards) + top.points
            for melds in _first_melds(position, candidates, top_points):
                moves.append(TakePile(tuple(way.cards), melds))
    return [move for move in dict.fromkeys(moves) if _allowed(position, move, judging)]


def _play_moves(position: Position) -> list[Move]:
    seat = position.turn
    side = position.side_of(seat)
    hand = position.hands[seat]
    moves: list[Move] = []
    naturals, wilds, _ = _by_rank(hand)
    on_table = position.side_melds(side)
    if position.melded[side]:
        for rank, cards in naturals.items():
            if rank in on_table:
                moves.append(Meld((Lay(tuple(cards)),)))
                if len(cards) > 1:
                    moves.append(Meld((Lay((cards[0],)),)))
            elif len(cards) >= 3:
                moves.append(Meld((Lay(tuple(cards)),)))
            elif len(cards) == 2 and wilds:
                moves.append(Meld((Lay((*cards, wilds[0])),)))
        if wilds:
            for key in on_table:
                moves.append(Meld((Lay((wilds[0],), onto=key if key is not None else WILD),)))
            if len(wilds) >= 3 and None not in on_table:
                moves.append(Meld((Lay(tuple(wilds[:3]), onto=WILD),)))
    else:
        for melds in _first_melds(position, _candidate_melds(naturals, wilds)):
            moves.append(Meld(melds))
    for hand_type in position.ruleset.special_hands:
        if len(hand) == 14:
            moves.append(SpecialHand(hand_type.id))
    moves = [move for move in dict.fromkeys(moves) if _allowed(position, move)]
    if _could_go_out(position, naturals, wilds):
        plan, _ = going_out_plan(position, examine)
        if plan is not None:
            if plan[0] not in moves:
                moves.append(plan[0])
            if ask_refusals(position) == []:
                moves.append(AskPartner())
    distinct = dict.fromkeys(hand)
    if len(hand) >= 2 and position.answer is not True:
        moves.extend(Discard(card) for card in distinct)  # what the referee answers for every one of them
    else:
        moves.extend(move for move in map(Discard, distinct) if _allowed(position, move))
    return moves


def _could_go_out(position: Position, naturals, wilds) -> bool:
    """Return False when no way of going out this turn can exist (the check is costly: skip it then).

    Going out melds every card but at most one: a natural rank the side has no meld of
    needs two cards or more in hand, so two such single cards rule it out; and the side
    needs its canastas, counting those this turn could complete.
    """
    if position.answer is False:
        return False
    seat = position.turn
    side = position.side_of(seat)
    on_table = position.side_melds(side)
    singles = sum(1 for rank, cards in naturals.items() if len(cards) == 1 and rank not in on_table)
    black = sum(1 for card in position.hands[seat] if card.is_black_three)
    singles += black in (1, 2) or black > 4
    if singles > 1:
        return False
    needed = position.options.canastas_to_go_out
    have = position.canastas(side)
    if have >= needed:
        return True
    possible = 0
    for rank, cards in naturals.items():
        meld = on_table.get(rank)
        size = len(meld.cards) if meld is not None else 0
        if meld is None or not meld.is_canasta:
            possible += size + len(cards) + len(wilds) >= 7
    wild_meld = on_table.get(None)  # Modern American: a meld of wild cards alone may be completed too
    if wild_meld is not None and not wild_meld.is_canasta or wild_meld is None and wilds:
        possible += (len(wild_meld.cards) if wild_meld is not None else 0) + len(wilds) >= 7
    for meld in on_table.values():  # wild cards alone may complete a meld whose rank the hand lacks
        if meld.key is not None and meld.key not in naturals and not meld.is_canasta:
            possible += len(meld.cards) + len(wilds) >= 7
    return have + possible >= needed


def legal_moves(position: Position) -> tuple[Move, ...]:
    """Return moves the position allows, for the seat to move (see the module docstring for which)."""
    if position.step == Step.OVER:
        return ()
    if position.step == Step.ANSWER:
        return (Answer(True), Answer(False))
    if position.step == Step.DRAW:
        return tuple(_draw_moves(position))
    return tuple(_play_moves(position))
