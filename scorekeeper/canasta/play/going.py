"""Going out: the way the going-out check lays the hand down, as moves the referee allows."""

from __future__ import annotations

from ..errors import Problem
from ..going_out import CLOSEST_WAY, check_going_out
from .moves import WILD, Discard, Lay, Meld, Move
from .position import Position


def going_out_plan(position: Position, examine) -> tuple[tuple[Move, ...] | None, Problem | None]:
    """Return the moves that take the player to move out now (a meld, a discard), or None and why not (a problem).

    The plan is :func:`..going_out.check_going_out`'s; the referee must allow every
    move of it too (it also knows the dead ranks and the partner's answer):
    ``examine`` is the referee's (passed in, as the referee itself asks for a plan).
    """
    seat = position.turn
    side = position.side_of(seat)
    hand = position.hands[seat]
    check = check_going_out(
        position.ruleset, position.options, hand, canastas=position.canastas(side),
        side_has_melded=position.melded[side],
        player_has_melded=position.seat_melded[seat] or position.turn_melded,
        side_melds=[meld.meld for meld in position.melds[side]], total=position.total_of(seat))
    if not check.can_go_out:
        # "The closest way breaks these rules" only with the rules; another reason (the canastas) says enough.
        general = [reason for reason in check.general_reasons_data if reason.code != CLOSEST_WAY]
        return None, Problem("going_out.why_not", reasons=tuple(general or check.reasons_data))
    lays = []
    for meld in check.melds:
        key = meld.meld.rank if meld.meld is not None else None
        if any(not card.is_wild for card in meld.cards):
            lays.append(Lay(tuple(meld.cards)))
        else:
            lays.append(Lay(tuple(meld.cards), onto=key if key is not None else WILD))
    moves: list[Move] = [Meld(tuple(lays))] if lays else []
    if check.discard is not None:
        moves.append(Discard(check.discard))
    probe = position if position.answer is not None else position
    for move in moves:
        refusals, commit = examine(probe, move)
        if commit is None:
            return None, Problem("sentences", problems=tuple(refusals))
        probe, _ = commit()
    return tuple(moves), None
