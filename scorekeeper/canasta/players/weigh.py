"""What a computer player weighs: the levels, and the easy level's worth of a position and cost of a discard.

A :class:`Level` says what it weighs (each consideration an attribute) and how
many moves of its turn it looks ahead. Normal and hard plan (``plans``):
positions and discards by :mod:`.plan`. Easy weighs them here. Every function here reads a masked
position (see :mod:`..play.masked`): the hidden cards in it are stand-ins, so nothing
here uses them except through counts (hand sizes, the stock's size).

:func:`worth` counts the side's melds at their card points and 4 a card, a
canasta at its bonus, 60 off while the side has not melded, half the points of
the hand's cards that are not wild against it, 5 for each wild card held, and 4 off a
card in hand once the side has the canastas to go out. It reads two considerations:

- ``progress``: a meld of 4 to 6 cards is worth (n - 3)² × ``PROGRESS`` more, on its way to a canasta;
- ``unfinished``: Modern American's penalty for an unfinished meld of aces, 7s or wild cards, by the cards it lacks.

:func:`discard_cost_by_points` reads none: a black 3 stops the next player (let go sooner the bigger
the pile), a wild card costs 40, a dead rank is let go first, any other card costs less the more points
it holds, 10 more when the side has a meld of its rank and ``PAIR_KEPT`` more when the hand holds a pair of it.

Elsewhere: ``plans`` and ``sample_draw`` in :mod:`.search` (the plan's
measure, each unseen kind drawn in turn). A level
holds only what something reads: what the plan weighs (pairs, the pile, what a
discard feeds, red 3s, the partner's cards…) it weighs for normal and hard alike.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Rank, copies_in_decks
from ..melds import canasta_kind, unfinished_kind
from ..play.position import Position

# What the considerations weigh, in points (tuned on seeded deals: bench/strength.py).
PROGRESS = 12  # a meld of n cards (4 to 6) is worth (n - 3)² × this towards its canasta
STUCK = 40.0  # each card short of :func:`cards_to_keep` in hand at the end of the turn, before the side can go out
PAIR_KEPT = 6.0  # easy: a card of a natural pair in hand costs this much more to let go (the pair takes the pile)
KEEP = 3  # the cards a hand keeps while the side still needs a canasta: a pair for the pile and a discard
KEEP_A_CANASTA = 2  # ... and this many more for each further canasta it needs (Modern American needs two)


@dataclass(frozen=True)
class Level:
    """What a computer level weighs, and how many moves of its turn it looks ahead."""

    name: str
    lookahead: int  # 0: each move alone; 1: a pile taken with the melds it allows; 2: the whole turn's melds
    plans: bool = False  # positions and discards weighed by :mod:`.plan` (else by :func:`worth` and :func:`discard_cost_by_points`)
    progress: bool = False  # a meld of 4 to 6 cards is worth more on its way to a canasta (:func:`worth`)
    unfinished: bool = False  # Modern American's penalty for an unfinished meld (:func:`worth`)
    sample_draw: bool = False  # a draw is weighed as each kind of card it could bring, played (:mod:`.search`)


EASY = Level("easy", 0, progress=True, unfinished=True)
NORMAL = Level("normal", 1, plans=True)
HARD = Level("hard", 2, plans=True, sample_draw=True)


def worth(position: Position, seat: int, level: Level) -> float:
    """Return what ``position`` is worth to ``seat``'s side, by the level's considerations.

    Only the levels that do not plan (easy) weigh a position here; the others weigh it by :func:`.plan.value`.
    """
    side = position.side_of(seat)
    value = 0.0
    ruleset = position.ruleset
    for meld in position.melds[side]:
        size = len(meld.cards)
        value += meld.meld.points + 4 * size
        if meld.is_canasta:
            kind = canasta_kind(ruleset, meld.meld)
            value += ruleset.canasta_bonus(kind) if kind else 0
            continue
        if level.progress and size >= 4:
            value += (size - 3) ** 2 * PROGRESS
        penalty = unfinished_kind(ruleset, meld.meld)
        if penalty and level.unfinished:
            value -= ruleset.family.unfinished_penalties[penalty] * (7 - size) / 8
    if not position.melded[side]:
        value -= 60
    hand = position.hands[seat]
    value -= 0.5 * sum(card.points for card in hand if not card.is_wild)
    value += 5 * sum(1 for card in hand if card.is_wild)
    if position.may_go_out(side):
        value -= 4 * len(hand)
    elif cards_to_keep(position, side) > KEEP:  # more than one canasta to make: the hand (and its discard) stays big
        value -= STUCK * max(0, cards_to_keep(position, side) + 1 - len(hand))
    return value


def cards_to_keep(position: Position, side: int) -> int:
    """Return how many cards a hand of ``side`` keeps at the end of its turn before the side may go out: a hand
    melded down to a card or two can neither take the pile nor make a canasta, and no canasta means no going out."""
    if position.may_go_out(side):
        return 0
    missing = position.options.canastas_to_go_out - position.canastas(side)
    return KEEP + KEEP_A_CANASTA * max(0, missing - 1)


def next_opponent(position: Position, seat: int) -> int:
    """Return the seat that plays after ``seat`` (the one a discard is offered to)."""
    return (seat + 1) % position.seats


def unseen_of(position: Position, seat: int, rank: Rank) -> int:
    """Return how many cards of ``rank`` ``seat`` has not seen (in other hands or the stock)."""
    seen = sum(1 for c in position.hands[seat] if c.rank is rank) + sum(1 for c in position.pile if c.rank is rank)
    seen += sum(1 for side in position.melds for meld in side for c in meld.cards if c.rank is rank)
    return max(copies_in_decks(rank, position.ruleset.decks) - seen, 0)


@dataclass(frozen=True)
class DiscardCost:
    """What letting a card go costs, and the consideration that decided it."""

    cost: float
    why: str  # "stop", "freeze", "dead", "feeds" or "points" (easy: only "stop", "dead", "points")


def discard_cost_by_points(position: Position, seat: int, card, level: Level) -> DiscardCost:
    """Return what discarding ``card`` costs ``seat``'s side (lower is better).

    Only the levels that do not plan (easy) weigh a discard here; the others by :func:`.plan.discard_cost`.
    """
    if card.is_black_three:  # the bigger the pile, the more a black 3 is worth to stop the next player
        return DiscardCost(-card.points * 0.5 - len(position.pile), "stop")
    if card.is_wild:
        return DiscardCost(40.0, "points")
    if card.rank in position.dead:
        return DiscardCost(-20.0, "dead")
    cost = -0.5 * card.points
    if card.rank in position.side_melds(position.side_of(seat)):
        cost += 10
    if sum(1 for other in position.hands[seat] if other.rank is card.rank) >= 2:
        cost += PAIR_KEPT  # a pair takes the pile
    return DiscardCost(cost, "points")


def fewest_opponent_cards(position: Position, seat: int) -> int:
    """Return the fewest cards any hand of the other sides holds."""
    side = position.side_of(seat)
    sizes = [len(hand) for other, hand in enumerate(position.hands) if position.side_of(other) != side]
    return min(sizes) if sizes else 99
