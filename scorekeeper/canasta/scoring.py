"""A hand's score, running totals, next minimums and the end of the game: computed here only.

The page, the PDF, the API and the live preview all ask this module. The
worked example of RULES.md's sources: a mixed canasta of five kings and two
2s, three 8s, one red 3, going out, a 5 and a jack left in hand:

>>> from .options import resolve
>>> from .sides import parse_hand
>>> classic, options = resolve("classic")
>>> hand = parse_hand(classic, options, [
...     {"melded_points": 120, "hand_points": 15, "mixed_canastas": 1, "red_threes": 1, "going_out": "out"},
...     {"melded_points": 0, "hand_points": 95, "red_threes": 2}])
>>> scored = score_hand(classic, options, hand.sides)
>>> scored.sides[0].score, scored.sides[0].breakdown
(605, {'canastas': 300, 'going_out': 100, 'red_threes': 100, 'melded': 120, 'in_hand': -15})
>>> scored.scores, scored.totals
((605, -295), (605, -295))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .messages import N_
from .errors import CanastaError, InvalidHand, Place, Problem
from .fields import FieldReader, join
from .hand import SideInput
from .options import Options, default_options, resolve
from .rules import RuleSet, get_ruleset, next_minimum
from .sides import parse_hand, parse_totals

# Breakdown keys in the order a score sheet lists them, with their labels.
BREAKDOWN_LABELS = {
    "canastas": N_("Canasta bonuses"),
    "going_out": N_("Going out"),
    "red_threes": N_("Red 3s"),
    "threes": N_("Threes"),
    "melded": N_("Melded cards"),
    "in_hand": N_("Cards left in hand"),
    "penalties": N_("Penalties"),
    "special_hand": N_("Special hand"),
}
MAX_HANDS = 500


@dataclass(frozen=True)
class SideScore:
    """One side's hand score; ``score`` is the sum of ``breakdown`` (parts that are 0 left out).

    ``member_scores`` is what each member scorer gets this hand: the side's
    score, except in a ``classic-3p`` partnership, where each partner gets the
    partnership's score without red 3s plus only their own red 3s.
    ``details`` names what a part of the breakdown is made of (each penalty),
    ``notes`` says why a part counts as it does when that is not plain (threes at 0).
    """

    members: tuple[int, ...]
    score: int
    breakdown: dict[str, int]
    member_scores: tuple[int, ...]
    details: dict[str, tuple[str, ...]] = field(default_factory=dict)
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class HandScore:
    """A scored hand: its sides, one hand score per scorer, and the totals before and after."""

    number: int
    sides: tuple[SideScore, ...]
    scores: tuple[int, ...]
    totals_before: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True)
class Standing:
    """Where a game stands after a hand, by its totals.

    ``tie`` is True when a total reached the target but the highest totals are
    equal: another hand is played, unless the game shares the win (then
    ``game_over`` is True, ``winner`` None and ``winners`` lists them).
    """

    game_over: bool
    winner: int | None
    winners: tuple[int, ...]
    tie: bool
    leader: int | None  # highest total, None when the highest totals are equal
    margin: int  # lead of the highest total over the next


@dataclass(frozen=True)
class GameScore:
    """A whole game: every hand scored in order, final totals, next minimums and the end."""

    ruleset: RuleSet
    options: Options
    start_totals: tuple[int, ...]
    hands: tuple[HandScore, ...]
    totals: tuple[int, ...]
    next_minimum: tuple[int, ...]
    game_over: bool
    winner: int | None
    winners: tuple[int, ...]
    tie: bool
    leader: int | None
    margin: int


def score_side(ruleset: RuleSet, options: Options, side: SideInput) -> SideScore:
    """Return one side's score for the hand, with its breakdown (scored as its family scores)."""
    breakdown, member_scores, details, notes = ruleset.family.side_score(ruleset, options, side)
    return SideScore(side.members, sum(breakdown.values()), breakdown, member_scores, details, notes)


def score_hand(
    ruleset: RuleSet,
    options: Options,
    sides: Sequence[SideInput],
    totals_before: Sequence[int] | None = None,
    number: int = 1,
) -> HandScore:
    """Return the hand's score per side and per scorer, and the totals after it.

    ``sides`` come from :func:`.sides.parse_hand`, which checked them.

    >>> from .options import resolve
    >>> from .sides import parse_hand
    >>> modern, options = resolve("modern")
    >>> hand = parse_hand(modern, options, [
    ...     {"canastas": {"natural": 1, "mixed": 1}, "melded_points": 250, "red_threes": 2, "going_out": "out"},
    ...     {"canastas": {}, "melded_points": 60, "hand_points": 40, "red_threes": 1,
    ...      "unfinished": {"aces": True}}])
    >>> [(side.score, side.breakdown) for side in score_hand(modern, options, hand.sides, [3000, 0]).sides]
    [(1450, {'canastas': 800, 'going_out': 100, 'threes': 300, 'melded': 250}), (-2700, {'threes': -100, 'melded': -60, 'in_hand': -40, 'penalties': -2500})]
    """
    totals_before = tuple(totals_before) if totals_before is not None else (0,) * ruleset.scorers
    side_scores = tuple([score_side(ruleset, options, side) for side in sides])
    scores = [0] * ruleset.scorers
    for side_score in side_scores:
        for member, member_score in zip(side_score.members, side_score.member_scores):
            scores[member] = member_score
    totals = tuple([before + score for before, score in zip(totals_before, scores)])
    return HandScore(number, side_scores, tuple(scores), totals_before, totals)


def standing(options: Options, totals: Sequence[int]) -> Standing:
    """Return whether the game is over after a hand with these totals, and who leads or won.

    >>> from .options import resolve
    >>> options = resolve("classic")[1]
    >>> standing(options, [5120, 4900])
    Standing(game_over=True, winner=0, winners=(0,), tie=False, leader=0, margin=220)
    >>> standing(options, [5000, 5000]).game_over, standing(resolve("classic", {"tie": "shared"})[1], [5000, 5000]).winners
    (False, (0, 1))
    """
    highest = max(totals)
    top = tuple(index for index, total in enumerate(totals) if total == highest)
    others = [total for total in totals if total != highest]
    leader = top[0] if len(top) == 1 else None
    margin = highest - max(others) if leader is not None and others else 0
    reached = highest >= options.target
    if not reached:
        return Standing(False, None, (), False, leader, margin)
    if leader is not None:
        return Standing(True, leader, (leader,), False, leader, margin)
    if options.tie == "shared":
        return Standing(True, None, top, True, None, 0)
    return Standing(False, None, (), True, None, 0)


def score_game(
    rules_id: str,
    options: dict | None,
    start_totals: list[int] | None,
    hands: list[list[dict]],
) -> GameScore:
    """Return a whole game scored hand by hand from the raw sides of each hand (as stored).

    Raises UnknownRules for an unknown preset, and InvalidHand listing every
    problem, with fields like ``hands[2].sides[0].going_out`` or
    ``start_totals[1]``; a hand after the one that ended the game is a problem too.

    >>> game = score_game("classic", {"target": 1000}, None, [
    ...     [{"melded_points": 120, "hand_points": 15, "mixed_canastas": 1, "red_threes": 1, "going_out": "out"},
    ...      {"hand_points": 95, "red_threes": 2}],
    ...     [{"melded_points": 200, "natural_canastas": 1, "going_out": "concealed"}, {"hand_points": 50}]])
    >>> [hand.totals for hand in game.hands], game.next_minimum, game.game_over, game.winner
    ([(605, -295), (1505, -345)], (90, 15), True, 0)
    """
    ruleset, chosen = resolve(rules_id, options)
    reader = FieldReader()
    totals = parse_totals(reader, ruleset, start_totals, "start_totals")
    start = totals
    entries = reader.sequence(hands, "hands", "Hands", MAX_HANDS)
    reader.raise_if_any()
    scored: list[HandScore] = []
    ended_after: int | None = None
    for index, raw_sides in enumerate(entries):
        if ended_after is not None:
            reader.problems.append(Problem("hands.after_end", Place(hand=index), ended=ended_after))
            break
        try:
            hand = parse_hand(ruleset, chosen, raw_sides)
        except InvalidHand as error:
            reader.extend(error.problems, hand=index)
            continue
        if reader.problems:
            continue  # an earlier hand is wrong: its totals are unknown, so only check this one
        hand_score = score_hand(ruleset, chosen, hand.sides, totals, number=index + 1)
        scored.append(hand_score)
        totals = hand_score.totals
        # No game ends before a total reaches the target: most hands need no standing.
        if max(totals) >= chosen.target and standing(chosen, totals).game_over:
            ended_after = index + 1
    reader.raise_if_any()
    end = standing(chosen, totals)
    return GameScore(
        ruleset=ruleset, options=chosen, start_totals=start, hands=tuple(scored), totals=totals,
        next_minimum=tuple(next_minimum(ruleset, total) for total in totals),
        game_over=end.game_over, winner=end.winner, winners=end.winners, tie=end.tie,
        leader=end.leader, margin=end.margin,
    )


REQUEST_FIELDS = ("rules", "options", "totals_before", "sides")


def score_request(payload: object, details: bool = False) -> dict:
    """Return the answer of ``POST /api/v1/score`` for a decoded JSON body, exactly as API.md shapes it.

    Raises InvalidHand listing every problem (an unknown preset included).
    ``details=True`` (the hand page's live score) adds each side's ``details``
    and ``notes`` (see :class:`SideScore`); the API answers without them.

    >>> answer = score_request({"rules": "classic", "options": {}, "totals_before": [0, 0], "sides": [
    ...     {"melded_points": 120, "hand_points": 15, "natural_canastas": 0, "mixed_canastas": 1,
    ...      "red_threes": 1, "going_out": "out"},
    ...     {"melded_points": 0, "hand_points": 95, "red_threes": 2}]})
    >>> answer["scorers"], answer["game_over"], answer["winner"]
    ([{'hand_score': 605, 'total': 605, 'next_minimum': 50}, {'hand_score': -295, 'total': -295, 'next_minimum': 15}], False, None)
    """
    if not isinstance(payload, dict):
        raise InvalidHand(Problem("request.not_object"))
    reader = FieldReader()
    for key in payload:
        if key not in REQUEST_FIELDS:
            reader.problem(join("", key), "request.unknown_field", name=str(key)[:40], fields=", ".join(REQUEST_FIELDS))
    try:
        ruleset = get_ruleset(payload.get("rules"))
    except CanastaError as error:
        reader.extend(error.problems)
        raise InvalidHand(reader.problems) from None
    try:
        _, options = resolve(ruleset.id, payload.get("options"))
    except CanastaError as error:
        reader.extend(error.problems)
        options = default_options(ruleset)  # still check the sides, to list every problem at once
    try:
        hand = parse_hand(ruleset, options, payload.get("sides"), payload.get("totals_before"))
    except CanastaError as error:
        reader.extend(error.problems)
    reader.raise_if_any()
    scored = score_hand(ruleset, options, hand.sides, hand.totals_before)
    end = standing(options, scored.totals)
    sides = [{"members": list(side.members), "score": side.score, "breakdown": dict(side.breakdown)}
             for side in scored.sides]
    if details:
        for answer, side in zip(sides, scored.sides):
            answer.update(details={key: list(value) for key, value in side.details.items()}, notes=list(side.notes))
    return {
        "sides": sides,
        "scorers": [
            {"hand_score": score, "total": total, "next_minimum": next_minimum(ruleset, total)}
            for score, total in zip(scored.scores, scored.totals)
        ],
        "game_over": end.game_over,
        "winner": end.winner,
    }
