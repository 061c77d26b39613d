"""What a computer player weighs: a position's worth to a side, and what a discard costs.

Each consideration has a name; a :class:`Level` lists the ones it weighs and how
far it looks ahead. Every function here reads a masked position (see
:mod:`.masked`): the hidden cards in it are stand-ins, so nothing here uses them
except through counts (hand sizes, the stock's size).

Considerations:

- ``points``: card points on the table for the side, in hand against it;
- ``minimum``: the first meld must reach the side's minimum (the referee sees to it);
- ``canasta``: a completed canasta's bonus, and melds growing towards one;
- ``natural``: a natural meld of 4 or more is worth keeping natural (500 against 300);
- ``pairs``: pairs in hand take the pile; a single card is the one to let go;
- ``pile_size``: a big pile is worth taking, and worth protecting;
- ``feeds``: a discard the next player's side can put on its melds gives them the pile;
- ``freeze``: a wild card discarded freezes a big pile against the next player;
- ``red_threes``: the side's red 3s count against it until it melds;
- ``partner_cards``: going out while the partner holds many cards costs their points;
- ``unfinished``: Modern American charges an unfinished meld of aces, 7s or wild cards;
- ``count_seen``: how many cards of a rank are still unseen decides how likely a pair is out there.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Rank, copies_in_decks
from ..melds import canasta_kind, unfinished_kind
from .position import Position, partner_to_ask

BASIC = frozenset({"points", "minimum", "canasta", "unfinished"})
MORE = BASIC | {"natural", "pairs", "pile_size", "feeds", "red_threes", "partner_cards"}
# What the considerations weigh, in points (tuned on seeded deals: bench/strength.py).
PROGRESS = 12  # a meld of n cards (4 to 6) is worth (n - 3)² × this towards its canasta
ALL = MORE | {"freeze", "count_seen", "plan", "sample_draw", "full_hand"}


@dataclass(frozen=True)
class Level:
    """A computer player's level: the considerations it weighs and how many moves of its turn it looks ahead."""

    name: str
    considers: frozenset
    lookahead: int  # 0: each move alone; 1: a pile taken with the melds it allows; 2: the whole turn's melds

    def weighs(self, name: str) -> bool:
        return name in self.considers


LEVELS = {
    "easy": Level("easy", BASIC, 0),
    "normal": Level("normal", MORE | {"plan"}, 1),
    "hard": Level("hard", ALL, 2),
}


def worth(position: Position, seat: int, level: Level) -> float:
    """Return what ``position`` is worth to ``seat``'s side, by the level's considerations.

    Only the levels without ``plan`` (easy) weigh a position here; the others weigh it by :func:`.plan.value`.
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
        if level.weighs("canasta") and size >= 4:
            value += (size - 3) ** 2 * PROGRESS
        penalty = unfinished_kind(ruleset, meld.meld)
        if penalty and level.weighs("unfinished"):
            value -= ruleset.family.unfinished_penalties[penalty] * (7 - size) / 8
    if not position.melded[side]:
        value -= 60
    hand = position.hands[seat]
    value -= 0.5 * sum(card.points for card in hand if not card.is_wild)
    value += 5 * sum(1 for card in hand if card.is_wild)
    if position.canastas(side) >= position.options.canastas_to_go_out:
        value -= 4 * len(hand)
    return value


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
    why: str  # a consideration: "stop", "freeze", "dead", "feeds", "pairs", "points"


def discard_cost(position: Position, seat: int, card, level: Level) -> DiscardCost:
    """Return what discarding ``card`` costs ``seat``'s side (lower is better).

    Only the levels without ``plan`` (easy) weigh a discard here; the others by :func:`.plan.discard_cost`.
    """
    if card.is_black_three:
        return DiscardCost(-card.points * 0.5, "stop")
    if card.is_wild:
        return DiscardCost(40.0, "points")
    if card.rank in position.dead:
        return DiscardCost(-20.0, "dead")
    cost = -0.5 * card.points
    if card.rank in position.side_melds(position.side_of(seat)):
        cost += 10
    return DiscardCost(cost, "points")


def partner_cards(position: Position, seat: int) -> tuple[int | None, int]:
    """Return the partner's seat and how many cards it holds (None, 0 without a partner)."""
    partner = partner_to_ask(position, seat)
    return partner, (len(position.hands[partner]) if partner is not None else 0)


def fewest_opponent_cards(position: Position, seat: int) -> int:
    """Return the fewest cards any hand of the other sides holds."""
    side = position.side_of(seat)
    sizes = [len(hand) for other, hand in enumerate(position.hands) if position.side_of(other) != side]
    return min(sizes) if sizes else 99
