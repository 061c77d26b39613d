"""Rule sets as data: the six presets of RULES.md, their numbers and their minimum tables.

A preset differs from another in its values, not in branches through the code:

>>> PRESETS["classic-2p"].canastas_to_go_out, PRESETS["classic"].canastas_to_go_out
(2, 1)
>>> next_minimum(PRESETS["classic"], 1500)
90

Modern American names its special hands, each with its value:

>>> [(hand.id, hand.points) for hand in PRESETS["modern"].special_hands]
[('straight', 3000), ('pairs', 2500), ('pairs_wild', 2000), ('garbage', 3000)]

What a game may choose on top of its preset (the house rules) is in :mod:`.options`.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from functools import cached_property

from .messages import N_
from .errors import Problem, UnknownRules
from .families import AMERICAN, CLASSIC, Family
from .kinds import CanastaKind
# Canasta bonuses by kind; Modern American adds its special canastas (RULES.md).
CLASSIC_CANASTA_BONUSES = ((CanastaKind.NATURAL, 500), (CanastaKind.MIXED, 300))
AMERICAN_CANASTA_BONUSES = (
    (CanastaKind.NATURAL, 500), (CanastaKind.MIXED, 300), (CanastaKind.NATURAL_ACES, 2500),
    (CanastaKind.SEVENS, 2500), (CanastaKind.WILD_TWOS, 3000), (CanastaKind.WILD_FOUR_JOKERS, 2500),
    (CanastaKind.WILD, 2000),
)
# Fewest card points a completed canasta of each kind can hold: seven 5-point
# cards; six 5s and a 2; seven aces; seven sevens; seven 2s; four jokers and
# three 2s; one joker and six 2s.
CANASTA_MINIMUM_POINTS = {
    CanastaKind.NATURAL: 35, CanastaKind.MIXED: 50, CanastaKind.NATURAL_ACES: 140, CanastaKind.SEVENS: 35,
    CanastaKind.WILD_TWOS: 140, CanastaKind.WILD_FOUR_JOKERS: 260, CanastaKind.WILD: 170,
}
# Fewest card points of an unfinished Modern meld charged a penalty (3 cards).
UNFINISHED_MINIMUM_POINTS = {"aces": 60, "sevens": 15, "wild": 60}
# Red 3 amount by how many one side laid out; six-player games use three decks.
RED_THREES_TWO_DECKS = (0, 100, 200, 300, 800)
RED_THREES_THREE_DECKS = (0, 100, 200, 300, 400, 1000, 1200)
# Modern American threes, each colour apart.
THREES_BY_COLOUR = (0, 100, 300, 500, 1000)
MAX_TOTAL = 10_000_000  # no real running total comes near; bigger numbers are typos


@dataclass(frozen=True)
class SpecialHand:
    """A Modern American special hand: 14 cards laid down at once, scored by its value alone."""

    id: str
    label: str
    points: int


# RULES.md, Modern American "Special hands". A game may add its own with a value:
# the engine scores any special hand by its points, these are the named ones.
SPECIAL_HANDS = (
    SpecialHand("straight", N_("Straight"), 3000),
    SpecialHand("pairs", N_("Seven natural pairs"), 2500),
    SpecialHand("pairs_wild", N_("Seven pairs with a wild pair"), 2000),
    SpecialHand("garbage", N_("Garbage (4-4-3-3)"), 3000),
)


@dataclass(frozen=True)
class RuleSet:
    """One preset: every number RULES.md gives for it."""

    id: str
    name: str
    family: Family  # what its rules do differently: see .families
    players: int
    scorers: int
    scorer_label: str  # "team" | "player"
    cards_dealt: int
    draw: int
    decks: int
    target: int
    canastas_to_go_out: int
    # (lowest total, minimum) from low to high; None means "any lower total".
    minimum_table: tuple[tuple[int | None, int], ...]
    partnership_per_hand: bool = False
    going_out_bonus: int = 100
    concealed_bonus: int = 200  # in all, not on top of going out; 0 = no concealed going out
    canasta_bonuses: tuple[tuple[CanastaKind, int], ...] = CLASSIC_CANASTA_BONUSES
    red_three_amounts: tuple[int, ...] = RED_THREES_TWO_DECKS
    threes_table: tuple[int, ...] = ()  # Modern: amount by count, per colour
    max_meld_size: int | None = None
    max_wilds: int = 3
    wild_melds: bool = False
    special_hands: tuple[SpecialHand, ...] = ()  # Modern: the named special hands and their values

    # Numbers and tables derived from the fields, asked for every side of every
    # hand: computed once per rule set (frozen, so they cannot go stale).

    @cached_property
    def jokers(self) -> int:
        """Return how many jokers the decks hold."""
        return 2 * self.decks

    @cached_property
    def cards(self) -> int:
        """Return the number of cards in play: 108 or 162."""
        return 54 * self.decks

    @cached_property
    def total_card_points(self) -> int:
        """Return the card points of every card in the decks: 1,180 or 1,770."""
        return 590 * self.decks

    @cached_property
    def red_threes_in_deck(self) -> int:
        """Return how many red 3s the decks hold: 4 or 6."""
        return 2 * self.decks

    @cached_property
    def players_per_side(self) -> int:
        """Return how many players sit on one side (a team, or one player)."""
        return self.players // self.scorers

    @cached_property
    def canasta_kinds(self) -> tuple[CanastaKind, ...]:
        """Return the canasta kinds this family scores, e.g. ``("natural", "mixed")``."""
        return tuple(kind for kind, _ in self.canasta_bonuses)

    @cached_property
    def _bonus_by_kind(self) -> dict[CanastaKind, int]:
        return dict(self.canasta_bonuses)

    def canasta_bonus(self, kind: CanastaKind) -> int:
        """Return the bonus of one canasta of ``kind``.

        >>> PRESETS["modern"].canasta_bonus("wild_twos")
        3000
        """
        return self._bonus_by_kind[kind]

    def bonus_of(self, canastas: dict[CanastaKind, int]) -> int:
        """Return the bonuses of ``canastas``, counted by kind.

        >>> PRESETS["classic"].bonus_of({"natural": 1, "mixed": 2})
        1100
        """
        return sum([self._bonus_by_kind[kind] * count for kind, count in canastas.items()])

    @property
    def short_name(self) -> str:
        """Return the preset's name short enough for a select on a 320 px phone: ``"Classic, 4 players"``."""
        return SHORT_NAMES[self.id]

    def as_dict(self) -> dict:
        """Return the preset's numbers as JSON-ready data (the catalogue adds its options: see .options)."""
        data = asdict(self)
        data.update(
            family=self.family.id,
            total_card_points=self.total_card_points,
            red_threes_in_deck=self.red_threes_in_deck,
            cards=self.cards,
            canasta_bonuses=dict(self.canasta_bonuses),
            minimum_table=[list(row) for row in self.minimum_table],
            special_hands=[asdict(hand) for hand in self.special_hands],
        )
        return data


# The presets' names where a select on a narrow phone must show them whole (about 24 characters).
SHORT_NAMES = {
    "classic": N_("Classic, 4 players"), "classic-2p": N_("Classic, 2 players"), "classic-3p": N_("Classic, 3 players"),
    "classic-6p": N_("Classic, 6 in 2 teams"), "classic-6p-3teams": N_("Classic, 6 in 3 teams"), "modern": N_("Modern American"),
}
CLASSIC_MINIMUMS = ((None, 15), (0, 50), (1500, 90), (3000, 120))
AMERICAN_MINIMUMS = ((None, 125), (3000, 155), (5000, 180))
MAX_MINIMUM = 1000  # the highest minimum a check takes: above every rule set's, the engine refuses those between

PRESETS: dict[str, RuleSet] = {
    preset.id: preset
    for preset in (
        RuleSet("classic", N_("Classic, 4 players in 2 teams"), CLASSIC, players=4, scorers=2,
                scorer_label="team", cards_dealt=11, draw=1, decks=2, target=5000,
                canastas_to_go_out=1, minimum_table=CLASSIC_MINIMUMS),
        RuleSet("classic-2p", N_("Classic, 2 players"), CLASSIC, players=2, scorers=2,
                scorer_label="player", cards_dealt=15, draw=2, decks=2, target=5000,
                canastas_to_go_out=2, minimum_table=CLASSIC_MINIMUMS),
        RuleSet("classic-3p", N_("Classic, 3 players (cutthroat)"), CLASSIC, players=3, scorers=3,
                scorer_label="player", cards_dealt=13, draw=2, decks=2, target=7500,
                canastas_to_go_out=2, minimum_table=CLASSIC_MINIMUMS, partnership_per_hand=True),
        RuleSet("classic-6p", N_("Classic, 6 players in 2 teams of 3"), CLASSIC, players=6, scorers=2,
                scorer_label="team", cards_dealt=13, draw=1, decks=3, target=10000,
                canastas_to_go_out=2, minimum_table=CLASSIC_MINIMUMS + ((7500, 150),),
                red_three_amounts=RED_THREES_THREE_DECKS),
        RuleSet("classic-6p-3teams", N_("Classic, 6 players in 3 teams of 2"), CLASSIC, players=6,
                scorers=3, scorer_label="team", cards_dealt=13, draw=1, decks=3, target=7500,
                canastas_to_go_out=2, minimum_table=CLASSIC_MINIMUMS,
                red_three_amounts=RED_THREES_THREE_DECKS),
        # RULES.md "Playing a deal": Modern American draws one card.
        RuleSet("modern", N_("Modern American, 4 players in 2 teams"), AMERICAN, players=4, scorers=2,
                scorer_label="team", cards_dealt=13, draw=1, decks=2, target=8500,
                canastas_to_go_out=2, minimum_table=AMERICAN_MINIMUMS, concealed_bonus=0,
                canasta_bonuses=AMERICAN_CANASTA_BONUSES, red_three_amounts=(),
                threes_table=THREES_BY_COLOUR, max_meld_size=7, max_wilds=2, wild_melds=True,
                special_hands=SPECIAL_HANDS),
    )
}


def get_ruleset(rules_id: object) -> RuleSet:
    """Return the preset called ``rules_id``, or raise UnknownRules.

    >>> get_ruleset("canasta")
    Traceback (most recent call last):
    ...
    scorekeeper.canasta.errors.UnknownRules: There is no rule set "canasta". Choose one of: classic, classic-2p, classic-3p, classic-6p, classic-6p-3teams, modern.
    """
    if isinstance(rules_id, str) and rules_id in PRESETS:
        return PRESETS[rules_id]
    choices = ", ".join(PRESETS)
    if rules_id is None or rules_id == "":
        problem = Problem("rules.missing", "rules", choices=choices)
    elif isinstance(rules_id, str) and len(rules_id) <= 40:
        problem = Problem("rules.unknown", "rules", rules=rules_id, choices=choices)
    else:
        problem = Problem("rules.unknown_long", "rules", choices=choices)
    raise UnknownRules(problem)


def next_minimum(ruleset: RuleSet, total: int) -> int:
    """Return the initial-meld minimum for a side whose total before the hand is ``total``.

    >>> [next_minimum(PRESETS["classic"], total) for total in (-40, 0, 1495, 1500, 2995, 3000, 9000)]
    [15, 50, 50, 90, 90, 120, 120]
    >>> next_minimum(PRESETS["classic-6p"], 7500), next_minimum(PRESETS["classic-6p-3teams"], 7500)
    (150, 120)
    >>> [next_minimum(PRESETS["modern"], total) for total in (-500, 2995, 3000, 4995, 5000)]
    [125, 125, 155, 155, 180]
    """
    minimum = ruleset.minimum_table[0][1]
    for lowest, row_minimum in ruleset.minimum_table:
        if lowest is None or total >= lowest:
            minimum = row_minimum
    return minimum
