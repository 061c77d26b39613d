"""Rules a hand's numbers must obey: going out, canastas against points, what the decks hold.

These run on typed sides (see :mod:`.sides`), one side at a time and then
across the sides, and return Problems with API field paths.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import IN_HAND_GROUPS, RANK_POINTS, Rank, copies_in_decks, group_per_deck
from .errors import Place, Problem
from .kinds import CanastaKind
from .options import Options
from .rules import CANASTA_MINIMUM_POINTS, UNFINISHED_MINIMUM_POINTS, RuleSet
from .words import IN_HAND_NAMES, decks_phrase, join_and

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from .hand import SideInput

# Modern canastas so scarce that the decks hold cards for only a few: kinds
# sharing one supply, the cards one canasta takes from it, and its name.
SCARCE_CANASTAS = (
    ((CanastaKind.NATURAL_ACES,), 7, "aces", Rank.ACE),
    ((CanastaKind.SEVENS,), 7, "sevens", Rank.SEVEN),
    ((CanastaKind.WILD_TWOS, CanastaKind.WILD_FOUR_JOKERS, CanastaKind.WILD), 7, "wild cards", None),
)
# The in_hand groups of several ranks: a meld's natural cards count in them too.
RANK_GROUPS = {name: ranks for name, ranks in IN_HAND_GROUPS.items() if len(ranks) > 1}


def _decks(ruleset: RuleSet) -> str:
    return decks_phrase(ruleset.decks, "the")


def _canasta_words(canastas: dict[CanastaKind, int]) -> list[str]:
    return [f"{count} {CanastaKind(kind).noun(count)}" for kind, count in canastas.items() if count]


def canastas_in_words(canastas: dict[CanastaKind, int]) -> str:
    """Return canasta counts in player words.

    >>> canastas_in_words({"natural": 1, "mixed": 2})
    '1 natural canasta and 2 mixed canastas'
    """
    parts = _canasta_words(canastas)
    return join_and(parts) if parts else "no canasta"


def _points_problem(side: SideInput, index: int) -> Problem | None:
    """Return a problem if the side's canastas and unfinished melds hold more points than it melded."""
    least = sum([CANASTA_MINIMUM_POINTS[kind] * count for kind, count in side.canastas.items()])
    if side.unfinished:  # Modern's unfinished aces, sevens or wild cards
        least += sum([UNFINISHED_MINIMUM_POINTS[kind] for kind in side.unfinished])
    if side.melded_points >= least:
        return None
    canastas = [(str(kind), count) for kind, count in side.canastas.items() if count]
    unfinished = sorted(side.unfinished)
    # "count" chooses the verb: one canasta or one unfinished meld "holds", more "hold".
    count = 1 if len(canastas) + len(unfinished) == 1 and side.canasta_count <= 1 else 2
    return Problem("melded_points.below_canastas", Place(side=index, field="melded_points"), canastas=canastas,
                   unfinished=unfinished, count=count, least=least, melded=side.melded_points)


def _going_out_problem(ruleset: RuleSet, options: Options, side: SideInput, index: int) -> Problem | None:
    if not side.goes_out or side.special_hand_points:
        return None  # a special hand has its own problem with going out
    need, have = options.canastas_to_go_out, side.canasta_count
    # The side's canastas are the other half of the problem, however they were given (counts or melds).
    also = ("natural_canastas", "canastas", "melds")
    if side.melded_points == 0 and ruleset.family.going_out_needs_melding:
        code, params = "going_out.nothing_melded", {}
        also = ("melded_points", "melds")
    elif side.going_out == "concealed" and have == 0:
        code, params = "going_out.concealed_no_canasta", {}
    elif have < need:
        code, params = "going_out.canastas_needed", {"needed": need, "has": have}
    else:
        return None
    return Problem(code, Place(side=index, field="going_out"), also=[Place(side=index, field=key) for key in also],
                   **params)


# Three of them make the least a player holding them has in hand.
HELD_CARD_POINTS = {"aces": RANK_POINTS[Rank.ACE], "sevens": RANK_POINTS[Rank.SEVEN]}


def _holding_problem(side: SideInput, index: int) -> Problem | None:
    """Return a problem if players said to hold 3+ aces or 3+ sevens hold fewer points (or cards) than that.

    >>> from .sides import SideInput
    >>> _holding_problem(SideInput(members=(0,), hand_points=40, players_with_three_aces=1), 1).message
    'Cards left in hand are 40 points, but 1 player holding 3+ aces holds at least 60 (3 aces at 20 each): count those aces in the points left in hand.'
    """
    held = {"aces": side.players_with_three_aces, "sevens": side.players_with_three_sevens}
    if not any(held.values()):
        return None
    field = f"players_with_three_{'aces' if held['aces'] else 'sevens'}"
    least = sum(3 * HELD_CARD_POINTS[kind] * players for kind, players in held.items())
    hand = side.in_hand
    if hand is not None:  # counted card by card: the aces themselves, the sevens among the 4s to 7s
        counted = {"aces": hand.aces, "sevens": hand.four_to_seven}
        for kind, players in held.items():
            cards = counted[kind]
            if players and cards < 3 * players:
                where = field if kind == "aces" or not held["aces"] else "players_with_three_sevens"
                return Problem(f"held.{kind}_in_hand", Place(side=index, field=where), cards=cards, count=players,
                               least=3 * players)
    if side.hand_points >= least:
        return None
    place = Place(side=index, field=field)
    if held["aces"] and held["sevens"]:
        return Problem("held.points_in_hand", place, points=side.hand_points, aces=held["aces"],
                       sevens=held["sevens"], least=least, each_ace=HELD_CARD_POINTS["aces"],
                       each_seven=HELD_CARD_POINTS["sevens"])
    kind = "aces" if held["aces"] else "sevens"
    return Problem(f"held.points_in_hand.{kind}", place, points=side.hand_points, count=held[kind], least=least,
                   each=HELD_CARD_POINTS[kind])


def side_problems(ruleset: RuleSet, options: Options, side: SideInput, index: int) -> list[Problem]:
    """Return every rule one side's typed numbers break (going out, canastas vs points, special hands)."""
    problems = []
    if side.melds is None and (problem := _points_problem(side, index)):
        problems.append(problem)
    if problem := _going_out_problem(ruleset, options, side, index):
        problems.append(problem)
    if not side.special_hand_points and (problem := _holding_problem(side, index)):
        problems.append(problem)
    if side.special_hand_points:
        if side.goes_out:
            problems.append(Problem("going_out.special_hand", Place(side=index, field="going_out")))
        if side.canasta_count:
            problems.append(Problem("special_hand.canastas", Place(side=index, field="special_hand_points")))
    return problems


def side_count_problems(ruleset: RuleSet, count: int) -> list[Problem]:
    """Return a problem if a hand of this preset cannot have ``count`` sides.

    >>> from .rules import PRESETS
    >>> side_count_problems(PRESETS["classic"], 3)[0].message
    'Classic, 4 players in 2 teams scores 2 sides, one per team; this hand has 3.'
    >>> side_count_problems(PRESETS["classic-3p"], 2)
    []
    """
    if ruleset.partnership_per_hand:
        if count in (2, ruleset.scorers):
            return []
        return [Problem("sides.count_partnership", "sides", rules=ruleset.name, scorers=ruleset.scorers, count=count)]
    if count == ruleset.scorers:
        return []
    return [Problem("sides.count", "sides", rules=ruleset.name, scorers=ruleset.scorers,
                    scorer=ruleset.scorer_label, count=count)]


def _members_problems(ruleset: RuleSet, sides: Sequence[SideInput]) -> list[Problem]:
    label = ruleset.scorer_label
    if not ruleset.partnership_per_hand:
        return [Problem("members.fixed", Place(side=index, field="members"), number=index + 1, scorer=label,
                        index=index)
                for index, side in enumerate(sides) if side.members != (index,)]
    problems = []
    sizes = sorted(len(side.members) for side in sides)
    if len(sides) == 2 and sizes != [1, 2]:
        problems.append(Problem("members.two_sides", "sides"))
    if len(sides) == ruleset.scorers and sizes != [1] * ruleset.scorers:
        problems.append(Problem("members.three_sides", "sides"))
    seen: dict[int, int] = {}
    for index, side in enumerate(sides):
        for member in side.members:
            if member in seen:
                problems.append(Problem("members.on_two_sides", Place(side=index, field="members"),
                                        Scorer=label.capitalize(), number=member + 1, side=seen[member] + 1))
            seen.setdefault(member, index)
    for member in range(ruleset.scorers):
        if member not in seen:
            problems.append(Problem("members.on_no_side", "sides", Scorer=label.capitalize(), number=member + 1))
    return problems


def _one_side_only(sides: Sequence[SideInput], has: Callable[[SideInput], object], field: str, code: str) -> list[Problem]:
    """Return a problem for each side after the first for which ``has(side)``."""
    first = None
    problems = []
    for index, side in enumerate(sides):
        if has(side):
            if first is None:
                first = index
            else:
                problems.append(Problem(code, Place(side=index, field=field), first=first + 1))
    return problems


def _card_supply(ruleset: RuleSet, sides: Sequence[SideInput]) -> dict[object, int]:
    """Return how many cards of each kind (the keys of _supply_limits) the sides' melds and hands show."""
    shown: list[tuple[object, int]] = []
    for side in sides:
        for meld in side.melds or ():
            if meld.rank is not None:
                shown.append((meld.rank, meld.naturals))
            shown += [(Rank.TWO, meld.twos), (Rank.JOKER, meld.jokers)]
        if side.in_hand is not None:
            hand = side.in_hand
            shown += [(Rank.JOKER, hand.jokers), (Rank.TWO, hand.twos), (Rank.ACE, hand.aces),
                      (Rank.THREE, hand.black_threes), ("eight_to_king", hand.eight_to_king),
                      ("four_to_seven", hand.four_to_seven)]
    held: dict[object, int] = {}
    for kind, count in shown:
        held[kind] = held.get(kind, 0) + count
    for name, ranks in RANK_GROUPS.items():
        held[name] = held.get(name, 0) + sum([held.get(rank, 0) for rank in ranks])
    return held


def _supply_limits(decks: int) -> tuple[tuple[object, int, str], ...]:
    """Return each kind of card the sides may show, as ``(key of _card_supply, most the decks hold, name)``.

    >>> _supply_limits(2)[-3:]
    ((<Rank.THREE: '3'>, 4, 'black 3s'), ('eight_to_king', 48, '8s to kings'), ('four_to_seven', 32, '4s to 7s'))
    """
    limits: list[tuple[object, int, str]] = [
        (rank, copies_in_decks(rank, decks), rank.plural)
        for rank in Rank if rank is not Rank.THREE
    ]
    limits.append((Rank.THREE, group_per_deck("black_threes") * decks, IN_HAND_NAMES["black_threes"].lower()))
    limits += [(name, group_per_deck(name) * decks, IN_HAND_NAMES[name]) for name in RANK_GROUPS]
    return tuple(limits)


def _supply_problems(ruleset: RuleSet, sides: Sequence[SideInput]) -> list[Problem]:
    if all(side.melds is None and side.in_hand is None for side in sides):
        return []  # sides given as totals show no cards: none can be more than the decks hold
    held = _card_supply(ruleset, sides)
    return [Problem("sides.more_cards_than_decks", "sides", count=held[key], what=what, decks=_decks(ruleset),
                    most=most)
            for key, most, what in SUPPLY_LIMITS.get(ruleset.decks) or _supply_limits(ruleset.decks)
            if held.get(key, 0) > most]


# The limits of the presets' two and three decks, built once at import (read, never written).
SUPPLY_LIMITS = {decks: _supply_limits(decks) for decks in (2, 3)}


def _threes_problems(ruleset: RuleSet, sides: Sequence[SideInput]) -> list[Problem]:
    most = ruleset.red_threes_in_deck
    counts = [("red 3s", "red_threes", [side.red_three_count for side in sides])]
    if ruleset.family.black_threes_laid_out:
        counts.append(("black 3s", "black_threes", [side.black_threes for side in sides]))
    return [Problem("sides.more_threes_than_decks", "sides", count=sum(each), what=what, decks=_decks(ruleset),
                    most=most, also=[Place(side=index, field=key) for index, count in enumerate(each) if count])
            for what, key, each in counts if sum(each) > most]


def _scarce_of(canasta_kinds: tuple[CanastaKind, ...]) -> tuple:
    """Return the SCARCE_CANASTAS a rule set scoring ``canasta_kinds`` has (none in Classic)."""
    return tuple(scarce for scarce in SCARCE_CANASTAS if all(kind in canasta_kinds for kind in scarce[0]))


def _scarce_canasta_problems(ruleset: RuleSet, sides: Sequence[SideInput], scarce: tuple) -> list[Problem]:
    problems = []
    for kinds, size, what, rank in scarce:
        supply = copies_in_decks(rank, ruleset.decks) if rank else 6 * ruleset.decks
        made = sum(side.canastas.get(kind, 0) for side in sides for kind in kinds)
        if made > supply // size:
            names = " or ".join(kind.noun(1) for kind in kinds)
            problems.append(Problem("sides.scarce_canastas", "sides", Decks=decks_phrase(ruleset.decks, "The"), supply=supply,
                                    what=what, enough=supply // size, names=names, made=made))
    return problems


def hand_problems(ruleset: RuleSet, options: Options, sides: Sequence[SideInput]) -> list[Problem]:
    """Return every rule the sides break together: members, going out, threes, card points, supply."""
    problems = _members_problems(ruleset, sides)
    problems += _one_side_only(sides, lambda side: side.goes_out, "going_out", "going_out.one_side")
    if ruleset.partnership_per_hand and len(sides) == ruleset.scorers:
        # Everyone scores alone only when the stock ran out before anyone took the pile.
        problems += [Problem("going_out.everyone_alone", Place(side=index, field="going_out"))
                     for index, side in enumerate(sides) if side.goes_out]
    problems += _threes_problems(ruleset, sides)
    card_points = sum([side.melded_points + side.hand_points for side in sides])
    if card_points > ruleset.total_card_points:
        problems.append(Problem("sides.more_points_than_decks", "sides", points=card_points, decks=_decks(ruleset),
                                most=ruleset.total_card_points,
                                also=[Place(side=index, field=key) for index, side in enumerate(sides)
                                      for key in ("melded_points", "hand_points") if getattr(side, key)]))
    problems += _supply_problems(ruleset, sides)
    if scarce := _scarce_of(ruleset.canasta_kinds):
        problems += _scarce_canasta_problems(ruleset, sides, scarce)
    if ruleset.special_hands:
        problems += _one_side_only(sides, lambda side: side.special_hand_points, "special_hand_points",
                                   "special_hand.one_side")
    if ruleset.family.last_drawn_three_penalty:
        problems += _one_side_only(sides, lambda side: side.last_drawn_three, "last_drawn_three",
                                   "last_drawn_three.one_side")
    if ruleset.special_hands and any(side.special_hand_points for side in sides):
        problems += [Problem("going_out.after_special_hand", Place(side=index, field="going_out"))
                     for index, side in enumerate(sides) if side.goes_out and not side.special_hand_points]
    return problems
