"""Cards laid on a side's melds: taken from the hand, grouped by meld, judged by the rules checks.

Shared by the referee's judgement of a meld and of a taken pile: a side's first
meld is judged by :func:`..initial_meld.check_initial_meld`, every later meld by
:func:`..melds.meld_problems`, with the check pages' own sentences.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card, Rank, format_cards
from ..errors import CardError
from ..dead import dead_rank_problem
from ..initial_meld import check_initial_meld
from ..melds import Meld, meld_problems
from ..placement import CheckedMeld
from .moves import Lay
from .position import Position, TableMeld, meld_key_word
from .problems import Refusal, refusal


def take_groups(hand: Sequence[Card], groups: Sequence[Sequence[Card]]) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]] | None:
    """Return the hand's cards each group names, and the rest of the hand; None if the hand lacks one.

    A card written with its suit takes that card; one without takes any card of its rank.
    Cards with their suit are taken first, from every group, so that a king written
    without its suit never takes the K♠ another group names.
    """
    rest = list(hand)
    taken: list[list[Card]] = [[] for _ in groups]
    for exact in (True, False):
        for index, group in enumerate(groups):
            for wanted in group:
                if (wanted.suit is not None or wanted.rank.value == "JK") != exact:
                    continue
                if exact:
                    try:
                        rest.remove(wanted)
                    except ValueError:
                        return None
                    taken[index].append(wanted)
                    continue
                for position, held in enumerate(rest):
                    if held.rank is wanted.rank:
                        taken[index].append(rest.pop(position))
                        break
                else:
                    return None
    return [tuple(group) for group in taken], tuple(rest)


def take_from(hand: Sequence[Card], cards: Sequence[Card]) -> tuple[tuple[Card, ...], tuple[Card, ...]] | None:
    """Return ``(taken, rest)``: the hand's cards ``cards`` name, and the rest; None if the hand lacks one."""
    found = take_groups(hand, [cards])
    return None if found is None else (found[0][0], found[1])


def missing_words(hand: Sequence[Card], cards: Sequence[Card]) -> str:
    """Return the cards of ``cards`` the hand does not hold, as card text."""
    rest = list(hand)
    missing = []
    for wanted in cards:
        match = next((i for i, held in enumerate(rest) if held == wanted or
                      (wanted.suit is None and held.rank is wanted.rank)), None)
        if match is None:
            missing.append(wanted)
        else:
            rest.pop(match)
    return format_cards(missing) if missing else format_cards(list(cards))


@dataclass(frozen=True)
class LaidMelds:
    """Lays judged: the side's melds after them, what was laid on each, the cards left, and the refusals."""

    refusals: tuple[Refusal, ...]
    melds: tuple[TableMeld, ...] = ()  # the side's melds after the move, in table order
    laid: tuple[tuple[Rank | None, tuple[Card, ...]], ...] = ()  # cards laid this move, by meld key
    rest: tuple[Card, ...] = ()  # the hand after the lays (before a taken pile joins it)
    added_to_existing: bool = False  # cards went on melds the side had before this move


def group_lays(position: Position, lays: Sequence[Lay], side_keys) -> tuple[dict, list[Refusal]]:
    """Return the lays' cards by meld key, merged, with the refusals of lays that name no meld."""
    groups: dict[Rank | None, list[Card]] = {}
    refusals = []
    for lay in lays:
        if not lay.cards:
            continue
        key = lay.key
        naturals = [c for c in lay.cards if not c.is_wild]
        if naturals:
            try:
                meld = Meld.from_cards(lay.cards)
            except CardError as error:
                refusals.append(refusal("meld_rule", text=f"{format_cards(list(lay.cards))}: {error}"))
                continue
            if lay.onto is not None and meld.rank is not key:
                refusals.append(refusal("meld_rule", text=(
                    f"{format_cards(list(lay.cards))}: these cards do not go on {meld_key_word(key)}.")))
                continue
        elif lay.onto is None and key is None and None not in side_keys and not position.ruleset.wild_melds:
            refusals.append(refusal("which_meld", cards=format_cards(list(lay.cards))))
            continue
        groups.setdefault(key, []).extend(lay.cards)
    return groups, refusals


def lay_down(
    position: Position,
    seat: int,
    hand: Sequence[Card],
    lays: Sequence[Lay],
    *,
    going_out: bool,
    top: Card | None = None,
    top_cards: Sequence[Card] | None = None,
    going_words: str = "out",
) -> LaidMelds:
    """Return the side's melds after ``lays`` from ``hand`` (and the pile's ``top`` melded with ``top_cards``).

    ``going_out``: the move leaves the player at most one card (black 3s may be
    melded, the melds are a going out). ``going_words`` is the going out the
    initial-meld check is told of ("out" or "concealed").
    """
    ruleset, options = position.ruleset, position.options
    side = position.side_of(seat)
    on_table = position.side_melds(side)
    wanted = [c for lay in lays for c in lay.cards] + list(top_cards or ())
    found = take_groups(hand, [lay.cards for lay in lays] + [tuple(top_cards or ())])
    if found is None:
        return LaidMelds((refusal("not_in_hand", cards=missing_words(hand, wanted)),))
    # The cards as the hand holds them (suits resolved), lay by lay.
    taken, remaining = found
    resolved_lays = [Lay(cards, lay.onto) for cards, lay in zip(taken, lays)]
    top_taken = taken[-1] if top is not None else ()
    groups, refusals = group_lays(position, resolved_lays, on_table)
    if top is not None:
        groups = {top.rank: [*top_taken, *groups.pop(top.rank, [])], **groups}
    if not groups and top is None and not refusals:
        refusals.append(refusal("no_cards"))
    others = {meld.key for other, melds in enumerate(position.melds) if other != side for meld in melds}
    for key in groups:
        dead = dead_rank_problem(ruleset, key, position.dead) is not None
        if dead:
            refusals.append(refusal("dead_rank", rank=meld_key_word(key)))
        if key is None or key in on_table or (top is not None and key is top.rank):
            continue
        naturals = sum(1 for c in groups[key] if not c.is_wild)
        if key in others and not dead and (naturals < 2 or len(groups[key]) < 3):
            # Cards that only another side's meld of the rank could take: a side never adds to it.
            refusals.append(refusal("others_meld", rank=meld_key_word(key), cards=format_cards(groups[key])))
        elif not naturals:
            refusals.append(refusal("no_such_meld", rank=meld_key_word(key),
                                    cards=format_cards(groups[key])))
    if refusals:
        return LaidMelds(tuple(refusals))

    initial = not position.melded[side]
    if initial:
        check = check_initial_meld(
            ruleset, options, position.total_of(seat),
            groups=[cards for cards in groups.values()], pile_top=top,
            going_out=going_words if going_out else "no")
        refusals.extend(refusal("initial_meld", text=text) for text in check.problems)
        # Every reason, the minimum too: a going out refused is no concealed going out, which alone needs none.
        minimum = check.table_minimum if check.problems else check.minimum
        if check.melds and check.points < minimum:
            counted = " (the top card does not count)" if top is not None and not check.pile_top_counts else ""
            refusals.append(refusal("initial_minimum", minimum=minimum, points=check.points,
                                    short_by=minimum - check.points, counted=counted))
    after = dict(on_table)
    laid = []
    added_to_existing = False
    for key, cards in groups.items():
        cards = tuple(cards)
        if key is not None and top is not None and key is top.rank:
            cards = (top, *cards)
        base = on_table.get(key)
        new = base.plus(cards) if base is not None else TableMeld.of(key, cards)
        if base is not None:
            added_to_existing = True
        if not initial:
            adds_wild = any(c.is_wild for c in cards)
            flag = False if base is None or adds_wild else None
            problems = [p.message for p in meld_problems(ruleset, options, new.meld, going_out=going_out, initial=flag)]
            if problems:
                checked = CheckedMeld(cards, new.meld, tuple(problems), adds_to=base.meld if base else None)
                refusals.extend(refusal("meld_rule", text=text) for text in checked.broken_rules)
        after[key] = new
        laid.append((key, cards))
    return LaidMelds(tuple(refusals), tuple(after.values()), tuple(laid), tuple(remaining), added_to_existing)
