"""The normal and hard levels' plan for a turn: end-of-turn positions weighed towards canastas.

Random legal play wins deals by spending wild cards on mixed canastas and going
out early; a player that spreads natural melds is caught with a full hand. The
plan weighs a position by what the side's melds are on their way to (a meld of 6
is nearly a canasta, a wild card on a meld of 4 is spent for little), keeps the
cards a hand needs to go on melding until the side has its canastas, and goes out
when the side's score would then be ahead of the other side's. Before the side's
first meld the hand's points count for it (the meld needs them); once the side
may go out, the hand it keeps is weighed by the chance that the next draw takes it
out (:func:`out_chance`).

Everything here reads a masked position (see :mod:`..play.masked`): the other hands
only by their sizes, the unseen cards only as a whole (their average points).
"""

from __future__ import annotations

from collections import Counter

from ..cards import Rank, copies_in_decks
from ..kinds import CanastaKind
from ..melds import canasta_kind, unfinished_kind
from ..play.masked import unseen_cards, unseen_kinds
from ..play.position import Position
from .weigh import DiscardCost, STUCK, cards_to_keep, unseen_of

# What a meld of n cards (not yet a canasta) is worth, as the share of a canasta bonus it is on its way to.
CHANCE = {3: 0.10, 4: 0.22, 5: 0.38, 6: 0.6}
NATURAL_HOPE = 0.5  # a natural meld's share of hope of staying natural (500 rather than 300)
WILD_IN_HAND = 25.0  # a wild card held to finish a canasta
PAIR = 10.0  # a natural pair in hand: it takes the pile, or becomes a meld
HAND_POINTS = 0.6  # a card in hand counts this share of its points against the side (all once the other side may go out)
READY = 150.0  # the side has the canastas it needs to go out
DRAW = 20.0  # an unknown card drawn from the stock
BLOCK = 80.0  # once the side may go out: each card in hand that cannot be melded
BLOCKED = 3  # ... counted up to this many: a hand that many cards from going out is far from it either way
PAIR_BLOCK = 0.8  # a pair is nearly as much in the way of going out (it needs a third card)
BIG_PILE = 8  # a pile this big is worth freezing with a wild card
STOP = 3.0  # a black 3 discarded stops the next player: this much a card of the pile
FREEZE = 4.0  # a wild card discarded freezes a big pile: this much a card of it
FEED = 40.0  # a discard the next player's side has a meld of hands them the pile
FEED_CARD = 8.0  # ... and this much a card of the pile
PAIR_CARD = 5.0  # a discard the next player may hold a pair of: this much a card of the pile
HURRY_MELD = 0.6  # the other side may go out: what an unfinished meld's hope is still worth
HURRY_HAND = 1.0  # ... and the share of a card's points in hand that counts against the side
RUSH = 40.0  # before the side may go out: each card its nearest meld still needs to be a canasta
OUT_NEXT = 200.0  # once the side may go out: every card kept can be melded, so the next turn goes out
OUT_HURRY = 300.0  # ... and when the other side may go out first
CATCH = 20.0  # each rank the side has melded: a discard of it takes the pile, a card of it goes down
UNMELDED = 60.0  # the side has not made its first meld
BEFORE_MELD = -1.0  # before the side's first meld the hand's points count this share for it: the first meld needs them
ALONE = 400.0  # classic-3p: taking the pile first, and so playing alone against the other two
HOLDING = 0.5  # Modern American: the share of the penalty for 3 aces or 3 sevens held that a hand counts


def bonus(position: Position, kind: str) -> int:
    ruleset = position.ruleset
    return ruleset.canasta_bonus(CanastaKind(kind)) if CanastaKind(kind) in ruleset.canasta_kinds else 300


def meld_value(position: Position, meld, hurry: bool = False) -> float:
    """Return a table meld's points and what it is on its way to (its bonus, once a canasta)."""
    ruleset = position.ruleset
    value = float(meld.meld.points)
    if meld.is_canasta:
        kind = canasta_kind(ruleset, meld.meld)
        return value + (ruleset.canasta_bonus(kind) if kind else 0)
    size = min(len(meld.cards), 6)
    mixed = bonus(position, "mixed")
    hope = mixed if meld.meld.wilds else mixed + NATURAL_HOPE * (bonus(position, "natural") - mixed)
    value += CHANCE.get(size, 0.0) * hope * (HURRY_MELD if hurry else 1.0)
    penalty = unfinished_kind(ruleset, meld.meld)
    if penalty:
        share = 1.0 if _out_of_reach(position, meld) else (7 - len(meld.cards)) / 8
        value -= ruleset.family.unfinished_penalties[penalty] * share
    return value


def _out_of_reach(position: Position, meld) -> bool:
    """Return whether too few cards of the meld's kind are left off the table and out of the pile to finish it."""
    ranks = (Rank.TWO, Rank.JOKER) if meld.key is None else (meld.key,)  # a meld of wild cards takes wild cards
    seen = [c for side in position.melds for m in side for c in m.cards] + list(position.pile)
    left = sum(copies_in_decks(rank, position.ruleset.decks) for rank in ranks) - sum(c.rank in ranks for c in seen)
    return left < 7 - len(meld.cards)


def _melded_points(position: Position, side: int) -> int:
    return sum(meld.meld.points for meld in position.melds[side])


def red_threes(position: Position, side: int) -> int:
    """Return what the side's laid-out threes would score if the deal ended now, signed as the scoring counts them
    (Classic: red 3s against a side that has not melded; Modern American: every 3, by the side's canastas)."""
    threes = [c for s in position.seats_of(side) for c in position.threes[s]]
    family = position.ruleset.family
    red = sum(1 for c in threes if c.is_red_three)
    black = sum(1 for c in threes if c.is_black_three) if family.black_threes_laid_out else 0
    melded = _melded_points(position, side) if position.melded[side] else 0
    sign, _ = family.table_signs(position.options, position.canastas(side), melded)
    return sign * family.threes_score(position.ruleset, red, black)


def table_value(position: Position, side: int) -> float:
    """Return what the side's melds, red 3s and canastas are worth (the hand aside)."""
    hurry = they_may_go_out(position, side)
    total = sum(meld_value(position, meld, hurry) for meld in position.melds[side])
    total += CATCH * sum(1 for meld in position.melds[side] if meld.key is not None and meld.key not in position.dead)
    total += red_threes(position, side)
    if not position.melded[side]:
        total -= UNMELDED
    if position.may_go_out(side):
        total += READY
    return total


def kept_value(position: Position, seat: int, hand, share: float = HAND_POINTS, draws=None) -> float:
    """Return what ``hand`` is worth at the end of the turn: the best discard from it, less what it risks."""
    if not hand:
        return 0.0
    side = position.side_of(seat)
    ready = position.may_go_out(side)
    hurry = they_may_go_out(position, side)
    if ready and draws is None:
        draws = unseen_kinds(position, seat)
    naturals = Counter(card.rank for card in hand if card.is_natural)  # the hand's, less each discard in turn
    best = None
    for card in dict.fromkeys(hand):
        if card.is_natural:
            naturals[card.rank] -= 1
        kept = hand_value(position, side, ready, _without(hand, card), hurry, share, draws, naturals) - risk(position, seat, card)
        if card.is_natural:
            naturals[card.rank] += 1
        if best is None or kept > best:
            best = kept
    return best


def _live_ranks(position: Position, side: int) -> set:
    """Return the ranks of the side's melds that still take cards."""
    return {key for key in position.side_melds(side) if key not in position.dead}


def _strays(naturals: Counter, wilds: int, blacks: int, on_table) -> tuple[int, int]:
    """Return the cards that cannot be melded (singles of ranks not on the table, a black 3 or two), and the pairs short of a wild."""
    singles = pairs = 0
    for rank, count in naturals.items():
        if rank in on_table:
            continue
        if count == 1:
            singles += 1
        elif count == 2:
            pairs += 1
    return singles + (blacks if blacks < 3 else 0), max(0, pairs - wilds)


def out_chance(position: Position, side: int, hand, draws) -> float:
    """Return the chance that ``hand`` (kept at the end of the turn) goes out next turn: every card melded after one draw, but a discard.

    ``draws``: the cards a draw may bring, with their counts (:func:`..play.masked.unseen_kinds`).
    """
    on_table = _live_ranks(position, side)
    naturals = Counter(card.rank for card in hand if card.is_natural)
    wilds = sum(1 for card in hand if card.is_wild)
    blacks = sum(1 for card in hand if card.is_black_three)
    strays, short = _strays(naturals, wilds, blacks, on_table)
    if strays == 0 and short == 0:
        return 1.0  # the drawn card is the discard
    if strays + short > 2:
        return 0.0
    hits = total = 0
    for card, count in draws:
        total += count
        if card.is_wild:
            s, p = _strays(naturals, wilds + 1, blacks, on_table)
        elif card.is_black_three:
            s, p = _strays(naturals, wilds, blacks + 1, on_table)
        else:
            naturals[card.rank] += 1
            s, p = _strays(naturals, wilds, blacks, on_table)
            naturals[card.rank] -= 1
        if s <= 1 and p == 0:
            hits += count
    return hits / total if total else 0.0


def value(position: Position, seat: int, share: float = HAND_POINTS) -> float:
    """Return what ``position`` (the seat's turn, before its discard) is worth to ``seat``'s side.

    The discard is the one that leaves the hand worth most, less what it risks feeding the other side.
    """
    return table_value(position, position.side_of(seat)) + kept_value(position, seat, position.hands[seat], share)


def draw_value(position: Position, seat: int, share: float = HAND_POINTS) -> float:
    """Return what drawing is worth, the melds of ``position`` made: the hand with each unseen card, averaged."""
    kinds = unseen_kinds(position, seat)
    if not kinds:
        return value(position, seat, share)
    hand = position.hands[seat]
    total = 0.0
    for card, count in kinds:
        total += count * kept_value(position, seat, hand + (card,), share, kinds)
    return table_value(position, position.side_of(seat)) + total / sum(count for _, count in kinds)


def distance(position: Position, side: int, hand, naturals: Counter | None = None) -> int:
    """Return how many cards the side's nearest meld still needs to be a canasta, with the hand's cards.

    ``naturals``: the hand's natural cards counted by rank, when the caller has them.
    """
    if naturals is None:
        naturals = Counter(card.rank for card in hand if card.is_natural)
    wilds = sum(1 for card in hand if card.is_wild)
    limit = position.ruleset.max_wilds
    best = 7
    for meld in position.melds[side]:
        if meld.is_canasta:
            continue
        best = min(best, max(0, 7 - len(meld.cards) - naturals[meld.key] - min(wilds, max(0, limit - meld.meld.wilds))))
    return best


def _without(hand, card):
    at = hand.index(card)
    return hand[:at] + hand[at + 1:]


def they_may_go_out(position: Position, side: int) -> bool:
    """Return whether another side has the canastas it needs to go out (then the deal may end any turn)."""
    return any(position.may_go_out(other) for other in position.sides() if other != side)


def hand_value(position: Position, side: int, ready: bool, hand, hurry: bool = False,
               share: float = HAND_POINTS, draws=(), naturals: Counter | None = None) -> float:
    """Return what the cards a hand keeps at the end of its turn are worth to the side.

    ``share``: the part of a card's points that counts against the side (all of them once the other side may go out).
    ``draws``: the cards a draw may bring (:func:`..play.masked.unseen_kinds`), for the chance of going out next turn.
    ``naturals``: the hand's natural cards counted by rank, when the caller has them (a rank may count 0).
    """
    total = 0.0
    points = max(HURRY_HAND, share) if hurry else share
    if not position.melded[side]:
        points *= BEFORE_MELD  # the cards' points are what the first meld needs
    if naturals is None:
        naturals = Counter(card.rank for card in hand if card.is_natural)
    for card in hand:
        if card.is_wild:
            # A wild card goes on any meld: its points count against the side only before its first meld (for
            # it, then) or when the other side may go out and catch it in hand.
            total += WILD_IN_HAND - (points * card.points if hurry or not position.melded[side] else 0.0)
        else:
            total -= points * card.points
    blacks = sum(1 for card in hand if card.is_black_three)
    wilds = sum(1 for card in hand if card.is_wild)
    held = position.ruleset.family.holding_penalty
    if held:  # Modern American charges each player left holding 3 aces or 3 sevens
        total -= HOLDING * held * sum(1 for rank in (Rank.ACE, Rank.SEVEN) if naturals[rank] >= 3)
    total += PAIR * sum(1 for count in naturals.values() if count >= 2)
    strays, short = _strays(naturals, wilds, blacks, _live_ranks(position, side))
    if ready:
        total -= BLOCK * min(strays + short * PAIR_BLOCK, BLOCKED)
        total += (OUT_HURRY if hurry else OUT_NEXT) * out_chance(position, side, hand, draws)
    else:
        total -= RUSH * distance(position, side, hand, naturals)
        total -= STUCK * max(0, cards_to_keep(position, side) - len(hand))
    return total


def feeds(position: Position, seat: int, card) -> bool:
    """Return whether discarding ``card`` lets the next player take the pile onto their side's meld of its rank,
    with no card of their hand (the pile not frozen for them, the rank not dead): the coach's "watch out"."""
    nxt = (seat + 1) % position.seats
    their = position.side_of(nxt)
    if their == position.side_of(seat) or not card.is_natural or card.rank in position.dead:
        return False
    frozen = position.pile_frozen or not position.melded[their] or position.ruleset.family.pile_always_frozen
    return not frozen and card.rank in position.side_melds(their)


def freezes(position: Position, seat: int, card) -> bool:
    """Return whether discarding wild ``card`` freezes a pile of :data:`BIG_PILE` cards or more the next player's
    side could otherwise take onto a meld (it has melded, the pile is not frozen yet)."""
    nxt = (seat + 1) % position.seats
    their = position.side_of(nxt)
    return (card.is_wild and their != position.side_of(seat) and not position.pile_frozen
            and not position.ruleset.family.pile_always_frozen and position.melded[their]
            and len(position.pile) + 1 >= BIG_PILE)


def feeds_needlessly(position: Position, seat: int, card) -> bool:
    """Return whether discarding ``card`` feeds the next player's meld (:func:`feeds`) while the hand holds a card
    that is not wild and risks less by :func:`risk`: the discard the coach says "watch out" to, and no level makes."""
    if not feeds(position, seat, card):
        return False
    mine = risk(position, seat, card)
    return any(other != card and not other.is_wild and risk(position, seat, other) < mine
               for other in position.hands[seat])


def wild_needlessly(position: Position, seat: int, card) -> bool:
    """Return whether discarding ``card`` throws a wild card away while a card that is not wild could go, and it
    does not freeze a big pile (:func:`freezes`)."""
    return card.is_wild and not freezes(position, seat, card) and any(
        not other.is_wild for other in position.hands[seat])


def risk(position: Position, seat: int, card) -> float:
    """Return what discarding ``card`` risks: the pile it may hand the next player (less: a black 3 stops it).

    The one measure of risk: the computer's discards, the hint and the coach's "watch out" read it.
    """
    size = len(position.pile) + 1
    nxt = (seat + 1) % position.seats
    their = position.side_of(nxt)
    if their == position.side_of(seat):
        return 0.0
    if card.is_black_three:
        return -STOP * size
    frozen = position.pile_frozen or not position.melded[their] or position.ruleset.family.pile_always_frozen
    if card.is_wild:
        return -FREEZE * size if freezes(position, seat, card) else 0.0
    if card.rank in position.dead:
        return -10.0
    if feeds(position, seat, card):
        return FEED + FEED_CARD * size
    left = unseen_of(position, seat, card.rank)
    return (PAIR_CARD if not frozen else PAIR_CARD / 3) * size * min(left, 4) / 4


def discard_cost(position: Position, seat: int, card, share: float = HAND_POINTS) -> DiscardCost:
    """Return what discarding ``card`` costs the side, by what the hand keeps and what the discard risks."""
    side = position.side_of(seat)
    ready = position.may_go_out(side)
    hand = position.hands[seat]
    danger = risk(position, seat, card)
    draws = unseen_kinds(position, seat) if ready else ()
    cost = -hand_value(position, side, ready, _without(hand, card), they_may_go_out(position, side), share, draws) + danger
    if card.is_black_three:
        why = "stop"
    elif card.is_wild and freezes(position, seat, card):
        why = "freeze"
    elif card.rank in position.dead:
        why = "dead"
    elif danger > 8:
        why = "feeds"
    else:
        why = "points"
    return DiscardCost(cost, why)


def unseen_average(position: Position, seat: int) -> float:
    """Return the average points of a card ``seat`` has not seen (what a hidden card is likely worth)."""
    cards = unseen_cards(position, seat)
    return sum(card.points for card in cards) / len(cards) if cards else 10.0


def penalties(position: Position, side: int, reachable: bool = False) -> int:
    """Return what the side's unfinished melds would cost if the deal ended now, one penalty a kind
    (Modern American: aces, sevens, wild cards); ``reachable``: only those that enough cards are left to finish."""
    kinds = {unfinished_kind(position.ruleset, meld.meld) for meld in position.melds[side]
             if not (reachable and _out_of_reach(position, meld))}
    kinds.discard(None)
    return sum(position.ruleset.family.unfinished_penalties[kind] for kind in kinds)


def table_score(position: Position, side: int) -> int:
    """Return what the side has on the table, as the scoring would count it now: canasta bonuses, meld points
    and threes, each signed as :meth:`..families.Family.table_signs` says, less the penalty of each kind of
    unfinished meld (Modern American: aces, sevens, wild cards)."""
    ruleset = position.ruleset
    total = -penalties(position, side)
    for meld in position.melds[side]:
        if meld.is_canasta:
            kind = canasta_kind(ruleset, meld.meld)
            total += ruleset.canasta_bonus(kind) if kind else 0
    melded = _melded_points(position, side)
    _, sign = ruleset.family.table_signs(position.options, position.canastas(side), melded)
    return total + sign * melded + red_threes(position, side)


def lead_if_out(position: Position, seat: int) -> float:
    """Return how far ``seat``'s side would lead if it went out now: its score against the best other side's.

    ``position``: after the going-out melds (the seat's last card is its discard, or none is left).
    Hidden hands count at the unseen cards' average points; going out adds its bonus.
    """
    side = position.side_of(seat)
    average = unseen_average(position, seat)
    mine = table_score(position, side) + position.ruleset.going_out_bonus
    mine -= sum(average * len(position.hands[s]) for s in position.seats_of(side) if s != seat)
    best_other = None
    for other in position.sides():
        if other == side:
            continue
        theirs = table_score(position, other) - sum(average * len(position.hands[s]) for s in position.seats_of(other))
        best_other = theirs if best_other is None else max(best_other, theirs)
    return mine - (best_other if best_other is not None else 0)
