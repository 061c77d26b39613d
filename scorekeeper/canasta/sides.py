"""A hand's raw sides (decoded JSON, as stored or as the API takes them) to typed inputs.

:func:`parse_hand` checks every field and every rule a hand's numbers must
obey, and raises InvalidHand listing every problem at once, with field paths
as in API.md (``sides[0].going_out``, ``sides[1].melds[2].twos``,
``totals_before[1]``, ``sides[0].in_hand.jokers``):

>>> from .options import resolve
>>> classic, options = resolve("classic")
>>> hand = parse_hand(classic, options, [
...     {"melded_points": 120, "hand_points": 15, "mixed_canastas": 1, "red_threes": 1, "going_out": "out"},
...     {"melded_points": 0, "hand_points": 95, "red_threes": 2}])
>>> hand.sides[0].canasta_count, hand.sides[1].members, hand.totals_before
(1, (1,), (0, 0))
>>> parse_hand(classic, options, [{"melded_points": 12, "going_out": "out"}, {"colour": "red"}])
Traceback (most recent call last):
...
scorekeeper.canasta.errors.InvalidHand: Melded points must be a multiple of 5 (card values are 5, 10, 20 or 50). A side has no field "colour". Its fields: members, melded_points, hand_points, natural_canastas, mixed_canastas, red_threes, going_out, melds, in_hand.
"""

from __future__ import annotations


from .cards import IN_HAND_GROUPS, Rank, group_per_deck
from .fields import FieldReader, is_integer, join, paths_under
from .hand import HandInput, InHand, Meld, SideInput
from .kinds import CanastaKind
from .melds import meld_problems, summarise_melds
from .options import Options
from .rules import MAX_TOTAL, RuleSet
from .validation import hand_problems, side_count_problems, side_problems
from .words import IN_HAND_LABELS
from .messages import N_

__all__ = ["HandInput", "InHand", "SideInput", "parse_hand", "parse_side", "parse_totals"]

# Fields that the ``melds`` list replaces, and the one ``in_hand`` replaces.
MELD_TOTAL_FIELDS = ("melded_points", "natural_canastas", "mixed_canastas", "canastas", "unfinished")
UNFINISHED_FIELDS = ("aces", "sevens", "wild")
# The field of each canasta kind's count: inside ``canastas``, or ``<kind>_canastas`` in the side.
KIND_FIELDS = {kind: kind.value for kind in CanastaKind}
COUNT_FIELDS = {kind: f"{kind}_canastas" for kind in CanastaKind}
# How many cards of each ``in_hand`` group one deck holds.
IN_HAND_PER_DECK = {name: group_per_deck(name) for name in IN_HAND_GROUPS}
MELD_COUNTS = {"naturals": (N_("Natural cards in a meld"), 4), "twos": (N_("2s in a meld"), 4), "jokers": (N_("Jokers in a meld"), 2)}
# Why a count or points cannot be that high (see FieldReader.integer and the messages ``value.above.*``).
DECKS_HOLD = "decks"
DECKS_HOLD_OF_A_RANK = "decks_of_a_rank"
DECKS_HOLD_POINTS = "decks_points"
SIDE_HAS_PLAYERS = "side_players"
WILD_MELD_NAMES = ("WILD", "2", "JK", "JOKER")
MAX_SIDES = 6
MAX_MELDS = 20
MAX_SPECIAL_HAND = 10_000


def parse_totals(reader: FieldReader, ruleset: RuleSet, raw: object, field_name: str = "totals_before") -> tuple[int, ...]:
    """Return one running total per scorer (all 0 when ``raw`` is None), recording problems."""
    if raw is None:
        return (0,) * ruleset.scorers
    if not isinstance(raw, list) or len(raw) != ruleset.scorers:
        reader.problem(field_name, "totals.one_per_scorer", scorer=ruleset.scorer_label, scorers=ruleset.scorers)
        return (0,) * ruleset.scorers
    totals = []
    paths = paths_under(field_name)
    for index, value in enumerate(raw):
        total = reader.integer(value, paths[index], "A total", low=-MAX_TOTAL, high=MAX_TOTAL, example=1500)
        totals.append(total or 0)
    return tuple(totals)


def _members(reader: FieldReader, ruleset: RuleSet, raw: object, index: int, where: str) -> tuple[int, ...] | None:
    if raw is None:
        return (index,)
    if not isinstance(raw, list) or not raw or len(raw) > ruleset.scorers:
        reader.problem(where, "members.not_list", scorer=ruleset.scorer_label, index=index)
        return None
    members = []
    for position, member in enumerate(raw):
        if not is_integer(member) or not 0 <= member < ruleset.scorers:
            reader.problem(join(where, position), "members.not_scorer", scorer=ruleset.scorer_label,
                           last=ruleset.scorers - 1)
            return None
        if member in members:
            reader.problem(where, "members.twice", Scorer=ruleset.scorer_label.capitalize(), number=member + 1)
            return None
        members.append(member)
    return tuple(members)


def _red_threes(reader: FieldReader, ruleset: RuleSet, raw: object, members: tuple[int, ...] | None, where: str) -> tuple[int, ...]:
    size = len(members) if members else 1
    held = ruleset.red_threes_in_deck
    if isinstance(raw, list) and ruleset.family.red_threes_per_member:
        if len(raw) != size:
            reader.problem(where, "red_threes.list_size", size=size)
            return (0,) * size
        paths = paths_under(where)
        return tuple(reader.integer(value, paths[position], "Red 3s", high=held, why_high=DECKS_HOLD) or 0
                     for position, value in enumerate(raw))
    count = reader.integer(raw, where, "Red 3s", high=held, why_high=DECKS_HOLD) or 0
    if size > 1 and count:
        reader.problem(where, "red_threes.per_partner")
    return (count,) + (0,) * (size - 1)


def _meld(reader: FieldReader, ruleset: RuleSet, raw: object, where: str) -> Meld | None:
    data = reader.mapping(raw, where, "A meld", ("rank", "naturals", "twos", "jokers"))
    if data is None:
        return None
    paths = paths_under(where)
    counts = {}
    for name, (label, per_deck) in MELD_COUNTS.items():
        counts[name] = reader.integer(data.get(name, 0), paths[name], label, high=per_deck * ruleset.decks, example=3,
                                      why_high=DECKS_HOLD_OF_A_RANK if name == "naturals" else DECKS_HOLD)
    rank_text = data.get("rank")
    rank: Rank | None = None
    if isinstance(rank_text, str) and rank_text.strip().upper() in WILD_MELD_NAMES:
        if counts["naturals"]:
            reader.problem(paths["naturals"], "melds.wild_with_naturals")
            return None
    else:
        try:
            rank = Rank.from_text(rank_text) if isinstance(rank_text, str) else None
        except ValueError:
            rank = None
        if rank is None or rank.is_wild:
            reader.problem(paths["rank"], "melds.rank_or_wild" if ruleset.wild_melds else "melds.rank")
            return None
    if None in counts.values():
        return None
    return Meld(rank, **counts)


def _melds(reader: FieldReader, ruleset: RuleSet, options: Options, raw: object, going_out: str | None, where: str) -> tuple[Meld, ...] | None:
    entries = reader.sequence(raw, where, "Melds", MAX_MELDS)
    if entries is None:
        return None
    melds: list[Meld] = []
    seen: dict[Rank, int] = {}
    clean = True
    paths = paths_under(where)
    goes_out = None if going_out is None else going_out != "no"
    for position, entry in enumerate(entries):
        path = paths[position]
        meld = _meld(reader, ruleset, entry, path)
        if meld is None:
            clean = False
            continue
        if meld.rank is not None and meld.rank in seen:
            reader.problem(join(path, "rank"), "melds.rank_twice", label=meld.label, first=seen[meld.rank] + 1)
            clean = False
        seen.setdefault(meld.rank, position)
        problems = meld_problems(ruleset, options, meld, going_out=goes_out)
        reader.extend(problems, path)
        clean = clean and not problems
        melds.append(meld)
    return tuple(melds) if clean else None


def _in_hand(reader: FieldReader, ruleset: RuleSet, raw: object, where: str) -> InHand | None:
    data = reader.mapping(raw, where, "In hand", IN_HAND_PER_DECK)
    if data is None:
        return None
    paths = paths_under(where)
    counts = {}
    for name, per_deck in IN_HAND_PER_DECK.items():
        counts[name] = reader.integer(data.get(name, 0), paths[name], IN_HAND_LABELS[name],
                                      high=per_deck * ruleset.decks, why_high=DECKS_HOLD)
    return None if None in counts.values() else InHand(**counts)


def _canastas(reader: FieldReader, ruleset: RuleSet, data: dict, paths: dict[str, str]) -> dict[str, int]:
    """Return the side's canasta counts by kind: Modern gives them in ``canastas``, Classic as ``<kind>_canastas``."""
    if ruleset.family.canastas_as_object:
        given = reader.mapping(data.get("canastas", {}), paths["canastas"], "Canastas", ruleset.canasta_kinds) or {}
        given_paths = paths_under(paths["canastas"])
        names = KIND_FIELDS
    else:
        given, given_paths, names = data, paths, COUNT_FIELDS
    most = ruleset.cards // 7
    counts = {}
    for kind in ruleset.canasta_kinds:
        name = names[kind]
        counts[kind] = reader.integer(given.get(name, 0), given_paths[name], kind.count_label, high=most) or 0
    return counts


def _laid_out_and_penalties(reader: FieldReader, ruleset: RuleSet, data: dict, paths: dict[str, str]) -> dict:
    extras: dict = {}
    extras["black_threes"] = reader.integer(data.get("black_threes", 0), paths["black_threes"], "Black 3s",
                                            high=ruleset.red_threes_in_deck, why_high=DECKS_HOLD) or 0
    unfinished = reader.mapping(data.get("unfinished", {}), paths["unfinished"], "Unfinished", UNFINISHED_FIELDS) or {}
    unfinished_paths = paths_under(paths["unfinished"])
    extras["unfinished"] = frozenset(
        name for name in UNFINISHED_FIELDS
        if reader.boolean(unfinished.get(name, False), unfinished_paths[name], f"Unfinished {name}"))
    for name, label in (("players_with_three_aces", N_("Players holding three or more aces")),
                        ("players_with_three_sevens", N_("Players holding three or more sevens"))):
        extras[name] = reader.integer(data.get(name, 0), paths[name], label,
                                      high=ruleset.players_per_side, why_high=SIDE_HAS_PLAYERS) or 0
    extras["last_drawn_three"] = bool(reader.boolean(data.get("last_drawn_three", False), paths["last_drawn_three"],
                                                     N_("Last drawn three")))
    extras["special_hand_points"] = reader.integer(data.get("special_hand_points", 0), paths["special_hand_points"],
                                                   N_("Special hand points"), high=MAX_SPECIAL_HAND, step=5, example=3000) or 0
    return extras


def parse_side(reader: FieldReader, ruleset: RuleSet, options: Options, raw: object, index: int) -> SideInput | None:
    """Return side ``index`` typed and complete, recording every problem (placed on the side); None if it has any."""
    reader.side = index  # the paths below are the side's own fields: the reader places them on it
    try:
        paths = paths_under("")
        family = ruleset.family
        data = reader.mapping(raw, "", "A side", family.side_fields)
        if data is None:
            return None
        before = len(reader.problems)
        members = _members(reader, ruleset, data.get("members"), index, paths["members"])
        going_out = None
        if not ruleset.concealed_bonus and data.get("going_out") == "concealed":
            reader.problem(paths["going_out"], "going_out.no_concealed", family=family.name)
        else:
            going_out = reader.choice(data.get("going_out", "no"), paths["going_out"], "Going out",
                                      family.going_out_choices)
        values: dict = {
            "red_threes": _red_threes(reader, ruleset, data.get("red_threes", 0), members, paths["red_threes"]),
            "canastas": _canastas(reader, ruleset, data, paths),
            "melded_points": reader.integer(data.get("melded_points", 0), paths["melded_points"], "Melded points",
                                            high=ruleset.total_card_points, step=5, example=120,
                                            why_high=DECKS_HOLD_POINTS),
        }
        if family.black_threes_laid_out:
            values.update(_laid_out_and_penalties(reader, ruleset, data, paths))
        if "melds" in data:
            for name in MELD_TOTAL_FIELDS:
                if name in data:
                    reader.problem(paths[name], "melds.and_totals")
            melds = _melds(reader, ruleset, options, data["melds"], going_out, paths["melds"])
            if melds is not None:
                summary = summarise_melds(ruleset, melds)
                values.update(melds=melds, melded_points=summary.melded_points, canastas=summary.canastas,
                              unfinished=summary.unfinished)
        values["hand_points"] = reader.integer(data.get("hand_points", 0), paths["hand_points"], N_("Points left in hand"),
                                               high=ruleset.total_card_points, step=5, why_high=DECKS_HOLD_POINTS)
        if "in_hand" in data:
            if "hand_points" in data:
                reader.problem(paths["hand_points"], "in_hand.and_points")
            in_hand = _in_hand(reader, ruleset, data["in_hand"], paths["in_hand"])
            if in_hand is not None:
                values.update(in_hand=in_hand, hand_points=in_hand.points)
        if len(reader.problems) > before:
            return None
        side = SideInput(members=members, going_out=going_out, **values)
        reader.extend(side_problems(ruleset, options, side, index))
        return side
    finally:
        reader.side = None


def parse_hand(ruleset: RuleSet, options: Options, raw_sides: object, totals_before: object = None) -> HandInput:
    """Return the hand's sides typed and checked, or raise InvalidHand with every problem.

    ``raw_sides`` is the API's ``sides`` list; ``totals_before`` one total per
    scorer (None: all 0). Sides with problems of their own are not checked
    against each other, so that one typo does not cause a cascade of problems.
    """
    reader = FieldReader()
    totals = parse_totals(reader, ruleset, totals_before)
    entries = reader.sequence(raw_sides, "sides", "Sides", MAX_SIDES)
    sides: list[SideInput | None] = []
    if entries is not None:
        count_problems = side_count_problems(ruleset, len(entries))
        reader.extend(count_problems)
        sides = [parse_side(reader, ruleset, options, raw, index) for index, raw in enumerate(entries)]
        if not count_problems and None not in sides:
            reader.extend(hand_problems(ruleset, options, sides))
    reader.raise_if_any()
    return HandInput(tuple(sides), totals)
