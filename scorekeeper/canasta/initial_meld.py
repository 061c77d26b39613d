"""Is this enough for a first meld: the melds a side lays down first in a hand, against its minimum."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import Card, Rank
from .errors import CardError, Problem, said_as_one
from .melds import Meld
from .options import Options
from .pile_top import frozen_words, natural_pair_needed, pile_top_problem
from .placement import CheckedMeld, Placer, Slot, broken_rules_data, meld_key, meld_order, sort_hand
from .rules import RuleSet, next_minimum
from .supply import raise_if_impossible

CLEAN_TRIPLE_NEEDED = Problem("initial.clean_triple")


@dataclass(frozen=True)
class InitialMeldCheck:
    """Whether cards laid down together make a side's first meld of the hand."""

    melds: tuple[CheckedMeld, ...]
    points: int  # the points that count toward the minimum
    minimum: int  # the minimum that applies (0 when going out concealed)
    table_minimum: int  # the minimum of the table for this total
    problems_data: tuple[Problem, ...]  # every rule broken (``problems``: their words)
    pile_top: Card | None = None
    pile_top_counts: bool = True

    @property
    def problems(self) -> tuple[str, ...]:
        """Return every rule broken, in player words."""
        return tuple(problem.message for problem in self.problems_data)

    @property
    def general_problems_data(self) -> tuple[Problem, ...]:
        """Return the problems that belong to no single meld (each meld lists its own)."""
        own = set(broken_rules_data(self.melds))
        return tuple(problem for problem in self.problems_data if problem not in own)

    @property
    def general_problems(self) -> tuple[str, ...]:
        """Return the problems that belong to no single meld, in player words."""
        return tuple(problem.message for problem in self.general_problems_data)

    @property
    def meets_minimum(self) -> bool:
        """Return True when no rule is broken and the points reach the minimum."""
        return not self.problems_data and self.points >= self.minimum

    @property
    def short_by(self) -> int:
        """Return how many points are missing (0 once the points reach the minimum)."""
        return max(0, self.minimum - self.points)


def check_initial_meld(
    ruleset: RuleSet,
    options: Options,
    total: int,
    cards: Sequence[Card] | None = None,
    *,
    groups: Sequence[Sequence[Card]] | None = None,
    pile_top: Card | None = None,
    going_out: str = "no",
    dead_ranks: Iterable[Rank] = (),
) -> InitialMeldCheck:
    """Return whether ``cards`` from hand (and the pile's top card) make the side's first meld.

    Give ``cards`` to let the checker make one meld per rank and place wild
    cards where the melds are legal, or ``groups`` for melds as the player
    grouped them. ``going_out`` is "no", "out" or "concealed" (drawn from the
    stock and the whole hand melded: no minimum). ``dead_ranks``: Modern
    American ranks of which a canasta is complete (nobody melds them; ignored
    elsewhere). Raises InvalidHand for cards
    the decks cannot hold (fields ``cards`` and ``pile_top``).

    >>> from .cards import parse_cards
    >>> from .options import resolve
    >>> modern, options = resolve("modern")
    >>> check = check_initial_meld(modern, options, 0, parse_cards("A A 2 2 K K K"))
    >>> [(m.text, m.points) for m in check.melds], check.points, check.short_by, check.problems
    ([('A A 2 2', 80), ('K K K', 30)], 110, 15, ())
    >>> check_initial_meld(modern, options, 0, parse_cards("A A 2 K K 2")).problems[0]
    'In Modern American the initial meld must include a clean triple: three or more natural cards of one rank and no wild card.'
    """
    if groups is None:
        groups = [list(cards or [])]
        explicit = False
    else:
        explicit = True
    hand = [card for group in groups for card in group]
    raise_if_impossible(ruleset, hand, pile_top, "cards")
    family = ruleset.family
    going = going_out in ("out", "concealed")
    problems: list[Problem] = []
    placer = Placer(ruleset, options, going_out=going, initial=True, dead_ranks=dead_ranks)

    top = pile_top
    if top is not None and (reason := pile_top_problem(ruleset, top)) is not None:
        problems.append(reason)
        top = None
    if pile_top is not None and going_out == "concealed":
        problems.append(Problem("initial.concealed_with_pile"))

    if explicit:
        melds = _explicit_melds(ruleset, placer, groups, top, problems)
    else:
        melds = _auto_melds(ruleset, placer, hand, top, problems, want_clean=family.needs_clean_triple)

    problems.extend(broken_rules_data(melds))
    # RULES.md is silent on whether the pile's top card may be part of the clean triple: it
    # may (Q Q from hand with the queen on top is one), though its points never count.
    if family.needs_clean_triple and not any(meld.clean_triple for meld in melds):
        problems.append(CLEAN_TRIPLE_NEEDED)
    if going:
        made = sum(meld.completes_canasta(ruleset) for meld in melds)
        needed = options.canastas_to_go_out
        if made < needed:
            problems.append(Problem("initial.canastas_to_go_out", needed=needed, made=made))
    if not hand:
        problems.append(Problem("initial.no_cards"))

    points = sum(meld.points for meld in melds)
    counted_top = next((meld.from_pile for meld in melds if meld.from_pile is not None), None)
    if not family.top_card_counts and counted_top is not None:
        points -= counted_top.points
    table_minimum = next_minimum(ruleset, total)
    # RULES.md: "A player who draws from the stock and goes out concealed needs no minimum";
    # after taking the pile nobody goes out concealed, so the table's minimum still applies.
    concealed = going_out == "concealed" and ruleset.concealed_bonus > 0 and pile_top is None
    return InitialMeldCheck(
        melds=tuple(sorted(melds, key=meld_order)), points=points,
        minimum=0 if concealed else table_minimum, table_minimum=table_minimum,
        problems_data=tuple(dict.fromkeys(problems)), pile_top=pile_top, pile_top_counts=family.top_card_counts,
    )


def _red_three_problem(red: Sequence[Card]) -> Problem:
    return Problem("initial.red_threes", count=len(red))


def _pair_problem(ruleset: RuleSet, top: Card, in_hand: int) -> Problem:
    return natural_pair_needed((frozen_words(ruleset),), top.rank, in_hand)


def _auto_melds(ruleset, placer, hand, top, problems, *, want_clean) -> list[CheckedMeld]:
    """Return one meld per rank of ``hand`` (the top card on its rank), wild cards placed by ``placer``."""
    naturals, wilds, black, red = sort_hand(hand)
    if red:
        problems.append(_red_three_problem(red))
    by_rank: dict[Rank, list[Card]] = {}
    for card in naturals:
        by_rank.setdefault(card.rank, []).append(card)
    slots = [Slot(rank, cards) for rank, cards in by_rank.items()]
    if black:
        slots.append(Slot(Rank.THREE, black))
    if top is not None:
        slot = next((slot for slot in slots if slot.rank is top.rank), None)
        in_hand = len(slot.naturals) if slot else 0
        if in_hand < 2:
            problems.append(_pair_problem(ruleset, top, in_hand))
        if slot is not None:
            slot.from_pile = top
    slots.append(Slot(None))
    return placer.place(slots, wilds, want_clean=want_clean)


def _explicit_melds(ruleset, placer, groups, top, problems) -> list[CheckedMeld]:
    """Return the melds as the player grouped them, the top card on the first group of its rank."""
    melds: list[CheckedMeld] = []
    seen: dict[Rank | None, int] = {}
    placed_top = False
    for number, group in enumerate(groups, start=1):
        red = [card for card in group if card.is_red_three]
        if red:
            problems.append(_red_three_problem(red))
            group = [card for card in group if not card.is_red_three]
            if not group:
                continue
        try:
            meld = Meld.from_cards(group)
        except CardError as error:
            melds.append(CheckedMeld(tuple(group), None, (said_as_one(error.problems),)))
            continue
        from_pile = None
        if top is not None and not placed_top and meld.rank is top.rank:
            if meld.naturals < 2:
                problems.append(_pair_problem(ruleset, top, meld.naturals))
            from_pile, placed_top = top, True
            meld = Meld(meld.rank, meld.naturals + 1, meld.twos, meld.jokers)
            group = [group[0], top, *group[1:]]
        if meld.rank in seen and meld.rank is not None:
            problems.append(Problem("initial.group_again", number=number, meld=meld_key(meld),
                                    first=seen[meld.rank]))
        seen.setdefault(meld.rank, number)
        melds.append(CheckedMeld(tuple(group), meld, tuple(placer.problems(Slot(meld.rank), meld)), from_pile))
    if top is not None and not placed_top:
        problems.append(_pair_problem(ruleset, top, 0))
    return melds
