"""A side's first meld made with the pile: the most a hand can lay down with the top card.

RULES.md: the pile is frozen for a side that has not melded, so taking it
needs a natural pair matching the top card, and the melds laid down with it
(the top card counting in Classic, not in Modern American, where they must
also include a clean triple) must reach the side's minimum. The pile check
asks :func:`best_first_meld` whether the player's whole hand can get there.

>>> from .cards import parse_cards
>>> from .options import resolve
>>> classic, options = resolve("classic")
>>> best = best_first_meld(classic, options, parse_cards("8")[0], parse_cards("8 8 K K K 2 5 9"))
>>> [meld.text for meld in best.melds], best.points
(['K K K 2', '8 8 8'], 80)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import Card, Rank
from .dead import live
from .initial_meld import check_initial_meld
from .melds import Meld, meld_problems
from .placement import CheckedMeld, is_clean, sort_hand
from .words import join_and

# A meld of wild cards alone (Modern American) holds at least this many.
WILD_MELD_LEAST = 3


@dataclass(frozen=True)
class FirstMeld:
    """The first meld with the most points a hand can lay down with the pile's top card."""

    melds: tuple[CheckedMeld, ...]
    points: int  # what counts toward the minimum (Modern American: without the top card)

    @property
    def text(self) -> str:
        """Return the melds as card text joined in words: ``"K K K 2 and 8 8 8"``."""
        return join_and([meld.text for meld in self.melds])


@dataclass(frozen=True)
class _Option:
    """One way to build one meld: how many naturals from hand and wild cards, and the points of its naturals."""

    naturals: int
    wilds: int
    points: int
    clean: bool


def _options(ruleset, options, rank: Rank | None, in_hand: int, wilds: int, *, top: Card | None,
             least: int) -> list[_Option]:
    """Return every legal way to meld ``in_hand`` naturals of ``rank`` (``least`` at the fewest) with wild cards."""
    found = []
    from_pile = 1 if top is not None else 0
    counted = from_pile if ruleset.family.top_card_counts else 0
    value = rank.points if rank is not None else 0
    for naturals in range(in_hand, least - 1, -1):
        for count in range(wilds + 1):
            if rank is None and count < WILD_MELD_LEAST:
                continue
            # Only how many wild cards matters here, not which: 2s, of which the decks hold most.
            meld = Meld(rank, naturals=naturals + from_pile, twos=count) if rank is not None else Meld(None, twos=count)
            if not meld_problems(ruleset, options, meld, going_out=False, initial=True):
                found.append(_Option(naturals, count, (naturals + counted) * value, rank is not None and is_clean(meld)))
    return found


def best_first_meld(ruleset, options, top: Card, hand: Sequence[Card], *,
                    dead_ranks: Iterable[Rank] = ()) -> FirstMeld | None:
    """Return the first meld with the most points ``hand`` can lay down taking the pile with ``top`` on it.

    The top card goes on a natural pair of its rank; every other rank of the
    hand may be melded too, and the wild cards go where they are allowed (the
    jokers first: they are worth most). None when the hand holds no natural
    pair of the top card's rank, or no first meld is legal at all (Modern
    American without a clean triple). Only counts matter, so a small dynamic
    programme over the ranks finds it; the engine's initial-meld check then
    judges the melds found, so the points said are the points it counts.
    """
    naturals, wilds, _black, _red = sort_hand(hand)
    wilds.sort(key=lambda card: -card.points)
    dead = live(ruleset, dead_ranks)
    by_rank: dict[Rank, list[Card]] = {}
    for card in naturals:
        by_rank.setdefault(card.rank, []).append(card)
    if len(by_rank.get(top.rank, [])) < 2 or top.rank in dead:
        return None
    slots: list[tuple[Rank | None, list[_Option], bool]] = []  # rank, its options, must be melded
    for rank, cards in by_rank.items():
        if rank in dead:
            continue
        is_top = rank is top.rank
        slots.append((rank, _options(ruleset, options, rank, len(cards), len(wilds), top=top if is_top else None,
                                     least=2 if is_top else 1), is_top))
    if ruleset.wild_melds:
        slots.append((None, _options(ruleset, options, None, 0, len(wilds), top=None, least=0), False))

    # best[(wild cards used, clean triple made)] = (points of naturals, option chosen per slot)
    best: dict[tuple[int, bool], tuple[int, tuple[_Option | None, ...]]] = {(0, False): (0, ())}
    for _rank, choices, required in slots:
        following: dict[tuple[int, bool], tuple[int, tuple[_Option | None, ...]]] = {}
        for (used, clean), (points, chosen) in best.items():
            for option in ([] if required else [None]) + choices:
                count = option.wilds if option else 0
                if used + count > len(wilds):
                    continue
                key = (used + count, clean or bool(option and option.clean))
                candidate = (points + (option.points if option else 0), chosen + (option,))
                if key not in following or candidate[0] > following[key][0]:
                    following[key] = candidate
        best = following
    wild_points = [0]
    for card in wilds:
        wild_points.append(wild_points[-1] + card.points)
    finished = [(points + wild_points[used], chosen) for (used, clean), (points, chosen) in best.items()
                if clean or not ruleset.family.needs_clean_triple]
    if not finished:
        return None
    _points, chosen = max(finished, key=lambda item: item[0])

    pool = list(wilds)
    groups = []
    for (rank, _choices, _required), option in zip(slots, chosen):
        if option is None:
            continue
        group = by_rank[rank][:option.naturals] if rank is not None else []
        groups.append(group + pool[:option.wilds])
        del pool[:option.wilds]
    check = check_initial_meld(ruleset, options, 0, groups=groups, pile_top=top, dead_ranks=dead)
    return FirstMeld(check.melds, check.points)
