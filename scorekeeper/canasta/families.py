"""Rule families as objects: what Classic and Modern American do differently, in one place.

Every preset of :mod:`.rules` belongs to a family. What differs between the
families is asked of the family (``ruleset.family``), never decided by
comparing its name: which fields a side has, how a side's threes and hand
score, what a meld may hold, what going out and the pile need, what the cheat
sheet says. A new family is one more subclass here (and its tests).

>>> CLASSIC.going_out_choices, AMERICAN.going_out_choices
(('no', 'out', 'concealed'), ('no', 'out'))
>>> CLASSIC.black_threes_laid_out, AMERICAN.black_threes_laid_out
(False, True)
>>> family("modern").name, str(family("classic"))
('Modern American', 'classic')
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, ClassVar, Protocol

from .cards import Card, Rank
from .errors import Problem
from .hand import CANASTA_SIZE, MIN_MELD_SIZE, Meld, SideInput
from .kinds import CanastaKind
from .messages import N_
from .words import points_word

if TYPE_CHECKING:
    from collections.abc import Mapping

BLACK_THREE_MELD_SIZES = (3, 4)
# Every side has these; a family adds its own (see Family.side_fields).
COMMON_FIELDS = ("members", "melded_points", "hand_points")
ENTRY_FIELDS = ("going_out", "melds", "in_hand")


class RuleNumbers(Protocol):
    """What a family reads of a rule set (see :class:`.rules.RuleSet`)."""

    name: str
    max_meld_size: int | None
    max_wilds: int
    going_out_bonus: int
    concealed_bonus: int
    red_three_amounts: tuple[int, ...]
    threes_table: tuple[int, ...]

    def bonus_of(self, canastas: Mapping[CanastaKind, int]) -> int: ...


class HouseRules(Protocol):
    """What a family reads of a game's options (see :class:`.options.Options`)."""

    red_threes_minus: str
    wild_limit: str


class Family:
    """A rule family: the rules its presets share, as data and as the few methods that differ."""

    id: ClassVar[str]  # as the API and the rules catalogue name it
    name: ClassVar[str]  # in player words
    # A side's own fields after the common ones, in the order the API lists them.
    own_fields: ClassVar[tuple[str, ...]]
    going_out_choices: ClassVar[tuple[str, ...]]
    # Canasta counts: one object ``canastas`` by kind, or a field ``<kind>_canastas`` per kind.
    canastas_as_object: ClassVar[bool]
    red_threes_per_member: ClassVar[bool]  # partners may give their red 3s as a list, one count each
    black_threes_laid_out: ClassVar[bool]  # laid out like red 3s, scored as threes (never melded)
    black_threes_melded_going_out: ClassVar[bool]  # melded only by a player going out
    going_out_needs_melding: ClassVar[bool]  # a side that goes out has melded points
    # RULES.md lets a Classic player meld every card or discard the last one; the Modern American
    # comparison of the project's sources reads "two canastas and a discard".
    must_discard_to_go_out: ClassVar[bool]
    pile_always_frozen: ClassVar[bool]
    dead_ranks: ClassVar[bool]  # a completed canasta's rank may not take the pile
    pile_meld_limit: ClassVar[int | None]  # the pile is not taken towards a meld this big
    top_card_counts: ClassVar[bool]  # the pile's top card counts toward the initial meld's minimum
    needs_clean_triple: ClassVar[bool]  # the initial meld includes a clean triple
    # What judging one meld needs to know besides its cards: "going_out" (Classic's black 3s),
    # "initial" (Modern American's aces take wild cards only in the initial meld).
    meld_asks: ClassVar[tuple[str, ...]]
    unfinished_penalties: ClassVar[dict[str, int]]  # by unfinished meld: aces, sevens, wild
    holding_penalty: ClassVar[int]  # each player holding 3+ aces, or 3+ sevens
    last_drawn_three_penalty: ClassVar[int]
    cheat_sheet: ClassVar[str]  # the template of the family's part of the cheat sheet
    # Playing a deal (see .play): the deal's next card starts the pile, or the pile starts empty;
    # cards drawn after each side's first meld (first side, second), none once the stock holds
    # ``bonus_cards_stock_floor`` cards or fewer.
    turned_up_card: ClassVar[bool]
    bonus_cards: ClassVar[tuple[int, ...]]
    bonus_cards_stock_floor: ClassVar[int]

    def __str__(self) -> str:
        return self.id

    def __repr__(self) -> str:
        return f"<{type(self).__name__} family>"

    def laid_out(self, card: Card) -> bool:
        """Return True for a card laid out at once when dealt or drawn (a red 3; where black 3s are laid out, every 3)."""
        if self.black_threes_laid_out:
            return card.rank is Rank.THREE
        return card.is_red_three

    @cached_property
    def side_fields(self) -> tuple[str, ...]:
        """Return every field a side of this family may have, in the API's order."""
        return COMMON_FIELDS + self.own_fields + ENTRY_FIELDS

    @property
    def penalties(self) -> bool:
        """Return True when a side's hand can cost penalties (unfinished melds, holding, the last 3)."""
        return bool(self.unfinished_penalties)

    # --- what a meld may hold ------------------------------------------------------------

    def meld_problems(self, ruleset: RuleNumbers, options: HouseRules, meld: Meld, *,
                      going_out: bool | None, initial: bool | None) -> list[Problem]:
        """Return every rule of the family the meld breaks (the decks' supply aside)."""
        raise NotImplementedError

    def canasta_kind(self, meld: Meld) -> CanastaKind:
        """Return the kind of a completed canasta (``meld.is_canasta``)."""
        return CanastaKind.NATURAL if meld.wilds == 0 else CanastaKind.MIXED

    def unfinished_kind(self, meld: Meld) -> str | None:
        """Return which penalty an unfinished meld costs when the hand ends ("aces", "sevens", "wild"), or None."""
        return None

    # --- a side's score -------------------------------------------------------------------

    def red_threes_score(self, ruleset: RuleNumbers, count: int) -> int:
        """Return what ``count`` red 3s of one side score when they count for it (a side's score takes its sign)."""
        return ruleset.red_three_amounts[count]

    def threes_score(self, ruleset: RuleNumbers, red: int, black: int) -> int:
        """Return what a side's laid-out threes (``red`` red 3s, ``black`` black 3s) score when they count for it."""
        return self.red_threes_score(ruleset, red)

    def table_signs(self, options: HouseRules, canastas: int, melded_points: int) -> tuple[int, int]:
        """Return how a side's threes and its melded points count: 1 for it, -1 against it, 0 not at all."""
        raise NotImplementedError

    def side_score(self, ruleset: RuleNumbers, options: HouseRules, side: SideInput) -> SideParts:
        """Return a side's breakdown (parts that are 0 left out), what each of its members scores,
        what a part is made of (``details``) and why a part counts as it does (``notes``)."""
        raise NotImplementedError


# What a family's side_score answers: breakdown, member scores, details, notes.
SideParts = tuple[dict[str, int], tuple[int, ...], dict[str, tuple[str, ...]], tuple[str, ...]]
RED_THREES_AGAINST = {
    "no_meld": "Red 3s count against a side that melded nothing.",
    "no_canasta": "Red 3s count against a side without a canasta.",
}


def _breakdown(**parts: int) -> dict[str, int]:
    return {key: value for key, value in parts.items() if value}


class Classic(Family):
    """Classic Canasta (RULES.md "Classic family"): 2 to 6 players, red 3s, concealed going out."""

    id = "classic"
    name = N_("Classic")
    own_fields = ("natural_canastas", "mixed_canastas", "red_threes")
    going_out_choices = ("no", "out", "concealed")
    canastas_as_object = False
    red_threes_per_member = True
    black_threes_laid_out = False
    black_threes_melded_going_out = True
    going_out_needs_melding = True
    must_discard_to_go_out = False
    pile_always_frozen = False
    dead_ranks = False
    meld_asks = ("going_out",)
    pile_meld_limit = None
    top_card_counts = True
    needs_clean_triple = False
    unfinished_penalties: ClassVar[dict[str, int]] = {}
    holding_penalty = 0
    last_drawn_three_penalty = 0
    cheat_sheet = "print/_cheat_classic.html"
    turned_up_card = True
    bonus_cards = ()
    bonus_cards_stock_floor = 0

    def meld_problems(self, ruleset, options, meld, *, going_out, initial):
        if meld.rank is None or meld.naturals == 0:
            return [Problem("meld.wild_alone", family=self.id)]
        if meld.rank is Rank.THREE:
            problems = []
            if going_out is False:
                problems.append(Problem("meld.black_threes_going_out", "rank"))
            if meld.wilds:
                problems.append(Problem("meld.black_threes_no_wilds"))
            if meld.naturals not in BLACK_THREE_MELD_SIZES:
                problems.append(Problem("meld.black_threes_size", "naturals", naturals=meld.naturals))
            return problems
        problems = []
        if meld.naturals < 2:
            problems.append(Problem("meld.too_few_naturals", "naturals", naturals=meld.naturals))
        elif meld.size < MIN_MELD_SIZE:
            problems.append(Problem("meld.too_small", least=MIN_MELD_SIZE, size=meld.size))
        if meld.wilds > 3:
            problems.append(Problem("meld.too_many_wilds", most=3, wilds=meld.wilds))
        elif options.wild_limit == "not_outnumber" and meld.wilds > meld.naturals:
            problems.append(Problem("meld.wilds_outnumber", wilds=meld.wilds, naturals=meld.naturals))
        elif options.wild_limit == "naturals_outnumber" and meld.wilds and meld.wilds >= meld.naturals:
            problems.append(Problem("meld.naturals_outnumber", naturals=meld.naturals, wilds=meld.wilds))
        return problems

    def table_signs(self, options, canastas, melded_points):
        # RULES.md: red 3s count against a side that has not melded (house rule: that has no canasta).
        counts_minus = canastas == 0 if options.red_threes_minus == "no_canasta" else melded_points == 0
        return (-1 if counts_minus else 1), 1

    def side_score(self, ruleset, options, side):
        bonuses = ruleset.bonus_of(side.canastas)
        going_out = {"no": 0, "out": ruleset.going_out_bonus, "concealed": ruleset.concealed_bonus}[side.going_out]
        sign, _ = self.table_signs(options, side.canasta_count, side.melded_points)
        red_threes = [sign * self.red_threes_score(ruleset, count) for count in side.red_threes]
        breakdown = _breakdown(canastas=bonuses, going_out=going_out, red_threes=sum(red_threes),
                               melded=side.melded_points, in_hand=-side.hand_points)
        without_red_threes = bonuses + going_out + side.melded_points - side.hand_points
        notes = ()
        if sign < 0 and any(side.red_threes):
            notes = (RED_THREES_AGAINST[options.red_threes_minus],)
        return breakdown, tuple([without_red_threes + amount for amount in red_threes]), {}, notes


class ModernAmerican(Family):
    """Modern American Canasta (RULES.md "Modern American"): special canastas, threes, penalties."""

    id = "modern"
    name = N_("Modern American")
    own_fields = ("canastas", "red_threes", "black_threes", "unfinished", "players_with_three_aces",
                  "players_with_three_sevens", "last_drawn_three", "special_hand_points")
    going_out_choices = ("no", "out")
    canastas_as_object = True
    red_threes_per_member = False
    black_threes_laid_out = True
    black_threes_melded_going_out = False
    going_out_needs_melding = False
    must_discard_to_go_out = True
    pile_always_frozen = True
    dead_ranks = True
    meld_asks = ("initial",)
    pile_meld_limit = 5
    top_card_counts = False
    needs_clean_triple = True
    unfinished_penalties: ClassVar[dict[str, int]] = {"aces": 2500, "sevens": 2500, "wild": 2000}
    holding_penalty = 1500
    last_drawn_three_penalty = 5
    cheat_sheet = "print/_cheat_modern.html"
    # RULES.md "Playing a deal": bonus cards 4 then 3, none once the stock holds 8 cards or fewer.
    turned_up_card = False
    bonus_cards = (4, 3)
    bonus_cards_stock_floor = 8

    def meld_problems(self, ruleset, options, meld, *, going_out, initial):
        # RULES.md: at most 2 wild cards in any meld and never past 7 cards, going out included. The
        # clubs' "rule of five" (after the initial meld, wild cards only on 5 natural cards) is not in it.
        if meld.rank is Rank.THREE:
            return [Problem("meld.threes_never_melded", "rank", family=self.id)]
        problems = []
        if meld.size > ruleset.max_meld_size:
            problems.append(Problem("meld.too_big", most=ruleset.max_meld_size, family=self.id, size=meld.size))
        if meld.rank is None:
            if meld.size < MIN_MELD_SIZE:
                problems.append(Problem("meld.wild_meld_too_small", least=MIN_MELD_SIZE, size=meld.size))
            return problems
        if meld.naturals < 2:
            problems.append(Problem("meld.too_few_naturals", "naturals", naturals=meld.naturals))
        elif meld.size < MIN_MELD_SIZE:
            problems.append(Problem("meld.too_small", least=MIN_MELD_SIZE, size=meld.size))
        if meld.rank is Rank.SEVEN and meld.wilds:
            problems.append(Problem("meld.sevens_no_wilds"))
        elif meld.wilds > ruleset.max_wilds:
            problems.append(Problem("meld.too_many_wilds_in", most=ruleset.max_wilds, family=self.id, wilds=meld.wilds))
        if meld.rank is Rank.ACE and meld.wilds and initial is False:
            problems.append(Problem("meld.aces_wilds_initial"))
        return problems

    def canasta_kind(self, meld):
        if meld.rank is None:
            if meld.twos == CANASTA_SIZE:
                return CanastaKind.WILD_TWOS
            return CanastaKind.WILD_FOUR_JOKERS if meld.jokers >= 4 else CanastaKind.WILD
        if meld.wilds:
            return CanastaKind.MIXED
        return {Rank.ACE: CanastaKind.NATURAL_ACES, Rank.SEVEN: CanastaKind.SEVENS}.get(meld.rank, CanastaKind.NATURAL)

    def unfinished_kind(self, meld):
        if meld.is_canasta:
            return None
        # RULES.md charges "an unfinished meld of aces" whatever it holds, so aces that took wild
        # cards in the initial meld are charged too (some sources charge only natural aces).
        if meld.rank is None:
            return "wild"
        return {Rank.ACE: "aces", Rank.SEVEN: "sevens"}.get(meld.rank)

    def red_threes_score(self, ruleset, count):
        return ruleset.threes_table[count]

    def _penalties(self, side: SideInput) -> tuple[int, tuple[str, ...]]:
        """Return a side's penalties and, in words, what each one is."""
        parts = [(self.unfinished_penalties[kind], f"unfinished meld of {'wild cards' if kind == 'wild' else kind}")
                 for kind in sorted(side.unfinished)]
        for players, kind in ((side.players_with_three_aces, "aces"), (side.players_with_three_sevens, "sevens")):
            if players:
                parts.append((self.holding_penalty * players,
                              f"{players} player{'s' if players > 1 else ''} holding 3+ {kind}"))
        if side.last_drawn_three:
            parts.append((self.last_drawn_three_penalty, "a 3 drawn last"))
        return sum(amount for amount, _ in parts), tuple(f"{what} {points_word(-amount)}" for amount, what in parts)

    def threes_score(self, ruleset, red, black):
        return self.red_threes_score(ruleset, red) + ruleset.threes_table[black]

    def table_signs(self, options, canastas, melded_points):
        # RULES.md "Modern American": threes count against a side with no canasta, nothing with one, for it with
        # two or more; melded points count against a side with no canasta.
        return (-1 if canastas == 0 else 0 if canastas == 1 else 1), (1 if canastas else -1)

    def side_score(self, ruleset, options, side):
        named: tuple[str, ...] = ()
        notes: tuple[str, ...] = ()
        if side.special_hand_points:
            breakdown = _breakdown(special_hand=side.special_hand_points)
        else:
            canastas = side.canasta_count
            threes = self.threes_score(ruleset, side.red_three_count, side.black_threes)
            threes_sign, melded_sign = self.table_signs(options, canastas, side.melded_points)
            penalties, named = self._penalties(side)
            if threes and threes_sign == 0:
                notes = (f"Threes 0: with one canasta a side's threes count nothing "
                         f"({points_word(threes)} with two or more, {points_word(-threes)} with none).",)
            elif threes and threes_sign < 0:
                notes = ("Threes count against a side without a canasta.",)
            breakdown = _breakdown(
                canastas=ruleset.bonus_of(side.canastas),
                going_out=ruleset.going_out_bonus if side.goes_out else 0,
                threes=threes_sign * threes,
                melded=melded_sign * side.melded_points,
                in_hand=-side.hand_points,
                penalties=-penalties,
            )
        score = sum(breakdown.values())
        details = {"penalties": named} if named and "penalties" in breakdown else {}
        return breakdown, (score,) * len(side.members), details, notes


CLASSIC = Classic()
AMERICAN = ModernAmerican()
FAMILIES: dict[str, Family] = {each.id: each for each in (CLASSIC, AMERICAN)}


def family(family_id: str) -> Family:
    """Return the family called ``family_id`` (KeyError for none)."""
    return FAMILIES[family_id]
