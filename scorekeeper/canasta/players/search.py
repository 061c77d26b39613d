"""Looking ahead within a turn: the melds a turn would make, and what drawing or each way of taking the pile is worth.

The computer (:mod:`.levels`) chooses one move at a time; to weigh it, it
plays the rest of its own turn on the masked position it thinks on (see
:mod:`..play.masked`): the melds that gain, one after another, by the level's worth
(:func:`.weigh.worth` for easy, :func:`.plan.value` for normal and hard).

Drawing is an unknown card. Normal counts the hand with each card it has not
seen, averaged, after the melds the hand makes now; hard plays the turn's melds
again for each kind of unseen card (a sampled determinization of the draw, from
the unseen cards as a whole, so the same for every way the hidden cards lie).
"""

from __future__ import annotations

from dataclasses import replace

from . import plan
from ..play.legal import legal_moves
from ..play.masked import unseen_kinds
from ..play.moves import Meld, TakePile
from ..play.position import Position, Step
from ..play.referee import apply
from .weigh import Level, worth

DRAW_WORTH = 35.0  # easy: what an unknown card from the stock is worth, against a pile
EASY_PILE_CARD = 6.0  # easy: what each card of the pile under its top card is worth
TURN_MELDS = 4  # how many melds of the turn the plan plays ahead when it weighs drawing or taking the pile


def worth_of(position: Position, seat: int, level: Level) -> float:
    """Return what ``position`` is worth to ``seat``'s side, by the level's measure."""
    return plan.value(position, seat) if level.plans else worth(position, seat, level)


def left_after(position: Position, seat: int, move: Meld) -> int:
    """Return how many cards ``seat`` holds after ``move``."""
    return len(position.hands[seat]) - sum(len(lay.cards) for lay in move.melds)


def best_melds(position: Position, seat: int, level: Level, depth: int) -> Position:
    """Return the position after up to ``depth`` melds, each the best that gains (a look ahead in the turn)."""
    for _ in range(depth):
        best, best_gain = None, 0.5
        base = worth_of(position, seat, level)
        for move in legal_moves(position):
            if not isinstance(move, Meld) or left_after(position, seat, move) < 2:
                continue
            after, _ = apply(position, move)
            gain = worth_of(after, seat, level) - base
            if gain > best_gain:
                best, best_gain = after, gain
        if best is None:
            break
        position = best
    return position


def drawing_worth(position: Position, seat: int, level: Level) -> float:
    """Return what drawing is worth in the plan's measure (normal: averaged hands; hard: each draw played)."""
    if level.sample_draw and position.stock:
        kinds = unseen_kinds(position, seat)
        hand, hands, total = position.hands[seat], list(position.hands), 0.0
        for card, count in kinds:
            hands[seat] = hand + (card,)
            drawn = replace(position, hands=tuple(hands), stock=position.stock[1:], step=Step.PLAY, began="stock")
            total += count * worth_of(best_melds(drawn, seat, level, TURN_MELDS), seat, level)
        return total / max(sum(count for _, count in kinds), 1) + plan.DRAW
    drawn = replace(position, step=Step.PLAY, began="stock")
    return plan.draw_value(best_melds(drawn, seat, level, TURN_MELDS), seat) + plan.DRAW


def takes_alone(position: Position) -> bool:
    """Return whether taking the pile now makes the taker play alone against the other two (classic-3p)."""
    return position.ruleset.partnership_per_hand and position.lone is None


def pile_gains(position: Position, seat: int, level: Level, takes) -> tuple[TakePile | None, float, list]:
    """Return the best way of taking the pile, what it gains over drawing, and every way's gain."""
    if level.plans:
        base = drawing_worth(position, seat, level)
    else:
        base = worth(position, seat, level) + DRAW_WORTH
    best, best_gain, weighed = None, float("-inf"), []
    for move in takes:
        after, _ = apply(position, move)
        if level.plans:
            gain = worth_of(best_melds(after, seat, level, TURN_MELDS), seat, level) - base
            if takes_alone(position):
                gain -= plan.ALONE
        else:
            gain = worth(after, seat, level) - base + EASY_PILE_CARD * (len(position.pile) - 1)
        weighed.append((move.kind, gain))
        if gain > best_gain:
            best, best_gain = move, gain
    return best, best_gain, weighed
