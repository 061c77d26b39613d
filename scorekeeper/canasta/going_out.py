"""Can my side go out: the best way to lay the hand down, or every rule that stops it.

Reasons, conditions and notes are :class:`.errors.Problem` values (the
``*_data`` fields); the fields without ``_data`` are their sentences.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import Card, Rank
from .errors import InvalidHand, Problem
from .melds import Meld
from .options import Options
from .placement import CheckedMeld, Placer, Slot, bonus_gained, broken_rules_data, meld_key, meld_order, sort_hand
from .rules import RuleSet, next_minimum
from .supply import deck_problems, kind_card

# Said before the rules the closest way to go out breaks (each meld lists its own).
CLOSEST_WAY = "going_out.closest_way"

@dataclass(frozen=True)
class GoingOutCheck:
    """Whether a player may go out now, how, and the rules of going out under the rule set."""

    can_go_out: bool
    reasons_data: tuple[Problem, ...]
    canastas_needed: int
    canastas: int  # the side's canastas before this turn
    canastas_after: int  # counting those this turn's melds complete
    must_discard: bool
    concealed: bool  # going out now would be concealed
    bonus: int  # the going-out bonus this would score (0 when not possible)
    melds: tuple[CheckedMeld, ...]
    discard: Card | None
    conditions_data: tuple[Problem, ...]
    notes_data: tuple[Problem, ...] = ()

    @property
    def reasons(self) -> tuple[str, ...]:
        """Return why not, in player words."""
        return tuple(problem.message for problem in self.reasons_data)

    @property
    def conditions(self) -> tuple[str, ...]:
        """Return the rules of going out, in player words."""
        return tuple(problem.message for problem in self.conditions_data)

    @property
    def notes(self) -> tuple[str, ...]:
        """Return how to go out and what else to know, in player words."""
        return tuple(problem.message for problem in self.notes_data)

    @property
    def general_reasons_data(self) -> tuple[Problem, ...]:
        """Return the reasons that belong to no single meld (each meld lists its own)."""
        own = set(broken_rules_data(self.melds))
        return tuple(reason for reason in self.reasons_data if reason not in own)

    @property
    def general_reasons(self) -> tuple[str, ...]:
        """Return the reasons that belong to no single meld, in player words."""
        return tuple(problem.message for problem in self.general_reasons_data)


def _side_shares(ruleset: RuleSet) -> bool:
    """Return True when the player's canastas are a side's, shared with a partner."""
    return ruleset.players_per_side > 1 or ruleset.partnership_per_hand


def going_out_rules(ruleset: RuleSet, options: Options) -> tuple[Problem, ...]:
    """Return the rules of going out under ``ruleset`` and ``options``, as data (see :func:`going_out_conditions`)."""
    shares = _side_shares(ruleset)
    lines = [Problem("going_out.rule.canastas", shares=shares, needed=options.canastas_to_go_out)]
    if ruleset.family.must_discard_to_go_out:
        lines.append(Problem("going_out.rule.discard"))
    else:
        lines.append(Problem("going_out.rule.meld_every"))
    if ruleset.concealed_bonus:
        lines.append(Problem("going_out.rule.concealed", bonus=ruleset.going_out_bonus,
                             concealed=ruleset.concealed_bonus, shares=shares))
    else:
        lines.append(Problem("going_out.rule.no_concealed", bonus=ruleset.going_out_bonus))
    return tuple(lines)


def going_out_conditions(ruleset: RuleSet, options: Options) -> tuple[str, ...]:
    """Return the rules of going out under ``ruleset`` and ``options``, as sentences.

    >>> from .options import resolve
    >>> going_out_conditions(*resolve("classic-2p"))[0]
    'You need 2 canastas to go out; one completed in the same turn counts.'
    """
    return tuple(line.message for line in going_out_rules(ruleset, options))


def check_going_out(
    ruleset: RuleSet,
    options: Options,
    hand: Sequence[Card],
    *,
    canastas: int,
    side_has_melded: bool,
    player_has_melded: bool | None = None,
    side_melds: Sequence[Meld] = (),
    total: int | None = None,
    dead_ranks: Iterable[Rank] = (),
) -> GoingOutCheck:
    """Return whether a player holding ``hand`` may go out this turn, and how.

    ``canastas``: the side's canastas on the table before this turn.
    ``side_melds``: the side's melds on the table the cards may be added to.
    ``player_has_melded``: this player melded earlier in the hand (no
    concealed going out then); when None, taken as ``side_has_melded``.
    ``total``: the side's total before the hand, to check the minimum of a
    side that has not melded. Raises InvalidHand for impossible input
    (fields ``hand``, ``side_melds``, ``canastas``). ``dead_ranks``: Modern
    American ranks of which a canasta is complete: nobody melds them or adds
    to them, so a card of one can only be the discard (ignored elsewhere).

    >>> from .cards import parse_cards
    >>> from .options import resolve
    >>> classic, options = resolve("classic")
    >>> check = check_going_out(classic, options, parse_cards("K K K K K 2 2 5"), canastas=0, side_has_melded=False)
    >>> check.can_go_out, [m.text for m in check.melds], str(check.discard), check.concealed, check.bonus
    (True, ['K K K K K 2 2'], '5', True, 200)
    """
    hand = list(hand)
    family = ruleset.family
    _raise_if_impossible(ruleset, hand, canastas, side_melds)
    if player_has_melded is None:
        player_has_melded = side_has_melded
    needed = options.canastas_to_go_out
    must_discard = family.must_discard_to_go_out
    notes: list[Problem] = []
    naturals, wilds, black, red = sort_hand(hand)
    if red:
        notes.append(Problem("going_out.red_threes_left_out"))
    if family.black_threes_laid_out and black:
        notes.append(Problem("going_out.threes_left_out"))
        black = []
    playable = naturals + wilds + black
    placer = Placer(ruleset, options, going_out=True, initial=not side_has_melded, dead_ranks=dead_ranks)
    # A side that has not melded makes its initial meld going out: in Modern American it needs a
    # clean triple, and its points must reach the minimum unless it goes out concealed (Classic).
    need_clean = family.needs_clean_triple and not side_has_melded
    minimum = next_minimum(ruleset, total) if not side_has_melded and total is not None else None

    # Every way to go out: no discard (where allowed), or one card of each kind kept to discard.
    choices: list[Card | None] = [] if must_discard else [None]
    choices += list(dict.fromkeys(kind_card(card) for card in playable))
    best = None
    for choice in choices:
        rest, discard = list(playable), None
        if choice is not None:
            discard = next(card for card in playable if kind_card(card) == choice)
            rest.remove(discard)
        melds = _going_out_melds(placer, rest, side_melds, want_clean=need_clean)
        plan = _Plan(ruleset, melds, discard, canastas, needed, player_has_melded, need_clean, minimum)
        if best is None or plan.rank < best.rank:
            best = plan

    reasons: list[Problem] = []
    if best is None:
        reasons.append(Problem("going_out.no_card_to_discard"))
        melds: tuple[CheckedMeld, ...] = ()
        discard, after, concealed = None, canastas, False
    else:
        melds, discard, after = tuple(best.melds), best.discard, best.canastas_after
        concealed = best.concealed and bool(ruleset.concealed_bonus)
        broken = broken_rules_data(melds)
        if broken:
            reasons.append(Problem(CLOSEST_WAY, must_discard=must_discard))
            reasons.extend(broken)
        if after < needed:
            reasons.append(Problem("going_out.canastas_short", shares=_side_shares(ruleset), needed=needed,
                                   after=after))
        if best.no_clean_triple:
            reasons.append(Problem("going_out.clean_triple"))
        if minimum is not None and melds:
            points = best.points
            if concealed:
                if points < minimum:
                    notes.append(Problem("going_out.concealed_no_minimum_short", points=points, minimum=minimum))
                else:
                    notes.append(Problem("going_out.concealed_no_minimum"))
            elif best.short_by:
                reasons.append(Problem("going_out.minimum_short", points=points, short_by=best.short_by,
                                       minimum=minimum))
        elif not side_has_melded and melds and concealed:
            notes.append(Problem("going_out.concealed_no_minimum_unknown"))
        elif not side_has_melded and melds:
            notes.append(Problem("going_out.initial_minimum"))
    can = not reasons
    concealed = can and concealed
    if can:
        bonus = ruleset.concealed_bonus if concealed else ruleset.going_out_bonus
        notes.insert(0, _plan_words(melds, discard, concealed))
    else:
        bonus = 0
    return GoingOutCheck(
        can_go_out=can, reasons_data=tuple(reasons), canastas_needed=needed, canastas=canastas,
        canastas_after=after, must_discard=must_discard, concealed=concealed, bonus=bonus,
        melds=tuple(sorted(melds, key=meld_order)), discard=discard,
        conditions_data=going_out_rules(ruleset, options), notes_data=tuple(notes),
    )


def _raise_if_impossible(ruleset: RuleSet, hand: list[Card], canastas: int, side_melds: Sequence[Meld]) -> None:
    """Raise InvalidHand for cards the decks cannot hold, or side's melds that contradict ``canastas``."""
    problems = deck_problems(ruleset, hand, "hand")
    on_table = sum(meld.is_canasta for meld in side_melds)
    if canastas < on_table:
        problems.append(Problem("side_melds.canastas", "canastas", on_table=on_table,
                                canastas=canastas))
    ranks = [meld.rank for meld in side_melds]
    for index, rank in enumerate(ranks):
        if rank in ranks[:index]:
            problems.append(Problem("side_melds.one_per_rank", "side_melds", meld=meld_key(Meld(rank))))
    if problems:
        raise InvalidHand(problems)


def _going_out_melds(placer: Placer, cards: list[Card], side_melds: Sequence[Meld], *,
                     want_clean: bool) -> list[CheckedMeld]:
    """Return the melds ``cards`` make, on the side's melds where they have one, wild cards placed."""
    naturals, wilds, black, _red = sort_hand(cards)
    slots: dict[Rank | None, Slot] = {meld.rank: Slot(meld.rank, base=meld) for meld in side_melds}
    for card in naturals + black:
        slots.setdefault(card.rank, Slot(card.rank)).naturals.append(card)
    slots.setdefault(None, Slot(None))
    return placer.place(list(slots.values()), wilds, want_clean=want_clean)


class _Plan:
    """One way of laying the hand down (with a discard or not), and ``rank``: lower is better.

    Every rule going out needs comes before what it scores: a discard that keeps the clean
    triple or reaches the minimum beats one that makes a bigger canasta bonus without it.
    ``minimum`` is None when no minimum applies (the side has melded, or its total is not given).
    """

    def __init__(self, ruleset, melds, discard, canastas, needed, player_has_melded, need_clean, minimum):
        self.melds, self.discard = melds, discard
        illegal = sum(1 for meld in melds if meld.problems)
        self.canastas_after = canastas + sum(meld.completes_canasta(ruleset) for meld in melds)
        new_canasta = any(meld.adds_to is None and meld.completes_canasta(ruleset) for meld in melds)
        self.concealed = (not player_has_melded and new_canasta and illegal == 0
                          and not any(meld.adds_to is not None for meld in melds))
        self.no_clean_triple = need_clean and bool(melds) and not any(meld.clean_triple for meld in melds)
        self.points = sum(meld.points for meld in melds)
        exempt = self.concealed and bool(ruleset.concealed_bonus)  # drawn from the stock: no minimum
        self.short_by = max(0, minimum - self.points) if minimum is not None and melds and not exempt else 0
        bonus = sum(bonus_gained(ruleset, meld.meld, meld.adds_to) for meld in melds if meld.legal)
        self.rank = (illegal, max(0, needed - self.canastas_after), self.no_clean_triple, self.short_by,
                     not self.concealed, -bonus, discard.points if discard is not None else 0)


def _plan_words(melds: Sequence[CheckedMeld], discard: Card | None, concealed: bool) -> Problem:
    """Return how to go out, as one problem said "Go out: meld K K K and discard the 5."."""
    steps = []
    for meld in sorted(melds, key=meld_order):
        if meld.adds_to is not None:
            steps.append(Problem("going_out.step.add", cards=meld.text, meld=meld_key(meld.adds_to)))
        else:
            steps.append(Problem("going_out.step.meld", cards=meld.text))
    if discard is not None:
        steps.append(Problem("going_out.step.discard", card=discard.code))
    if not steps:
        return Problem("going_out.nothing_to_meld")
    return Problem("going_out.plan_concealed" if concealed else "going_out.plan", steps=tuple(steps))
