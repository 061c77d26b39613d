"""Melds as counts (rank, naturals, twos, jokers): legality, canasta kinds and card points.

The API's ``melds`` input, the scorekeeper and the rules checker all describe
a meld the same way, so the checks live here once:

>>> from .options import resolve
>>> classic, options = resolve("classic")
>>> kings = Meld(Rank.KING, naturals=5, twos=2)
>>> kings.points, canasta_kind(classic, kings), canasta_bonus(classic, kings)
(90, 'mixed', 300)
>>> [problem.message for problem in meld_problems(classic, options, Meld(Rank.NINE, naturals=1, twos=2))]
['A meld needs at least 2 natural cards; this one has 1.']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .cards import Rank, copies_in_decks
from .errors import Problem
from .hand import CANASTA_SIZE, MIN_MELD_SIZE, Meld
from .kinds import CanastaKind
from .options import Options
from .rules import RuleSet

__all__ = [
    "CANASTA_SIZE", "MIN_MELD_SIZE", "Meld", "MeldSummary", "canasta_bonus", "canasta_kind", "meld_problems",
    "summarise_melds", "unfinished_kind",
]


def _deck_problems(ruleset: RuleSet, meld: Meld) -> list[Problem]:
    """Return problems for counts more than the decks hold."""
    problems = []
    if meld.rank is not None:
        held = copies_in_decks(meld.rank, ruleset.decks) // (2 if meld.rank is Rank.THREE else 1)
        if meld.naturals > held:
            problems.append(Problem("meld.more_than_decks", "naturals", decks=ruleset.decks, held=held,
                                    what=meld.rank.value, count=meld.naturals))
    for field, rank in (("twos", Rank.TWO), ("jokers", Rank.JOKER)):
        count, held = getattr(meld, field), copies_in_decks(rank, ruleset.decks)
        if count > held:
            problems.append(Problem("meld.more_than_decks", field, decks=ruleset.decks, held=held,
                                    what=rank.value, count=count))
    return problems


def meld_problems(
    ruleset: RuleSet,
    options: Options,
    meld: Meld,
    *,
    going_out: bool | None = None,
    initial: bool | None = None,
) -> list[Problem]:
    """Return every rule the meld breaks; each field is relative to the meld ("" = the whole meld).

    ``going_out``: whether the side's player goes out (black 3s in Classic);
    ``initial``: whether the meld is part of the side's initial meld (aces
    with wilds in Modern American). None means "not known": not held against it.

    >>> from .options import resolve
    >>> modern, options = resolve("modern")
    >>> [p.message for p in meld_problems(modern, options, Meld(Rank.SEVEN, naturals=6, twos=2))]
    ['A meld holds at most 7 cards in Modern American; this one has 8.', 'Sevens never take wild cards.']
    >>> meld_problems(modern, options, Meld(None, twos=3, jokers=4))
    []
    """
    return _deck_problems(ruleset, meld) + ruleset.family.meld_problems(
        ruleset, options, meld, going_out=going_out, initial=initial)


def canasta_kind(ruleset: RuleSet, meld: Meld) -> CanastaKind | None:
    """Return the meld's canasta kind (a key of the preset's bonuses), or None if it is not a canasta.

    >>> from .rules import PRESETS
    >>> modern = PRESETS["modern"]
    >>> [canasta_kind(modern, meld) for meld in (
    ...     Meld(Rank.ACE, naturals=7), Meld(Rank.ACE, naturals=6, twos=1), Meld(Rank.SEVEN, naturals=7),
    ...     Meld(None, twos=7), Meld(None, twos=3, jokers=4), Meld(None, twos=5, jokers=2),
    ...     Meld(Rank.NINE, naturals=6))]
    ['natural_aces', 'mixed', 'sevens', 'wild_twos', 'wild_four_jokers', 'wild', None]
    """
    return ruleset.family.canasta_kind(meld) if meld.is_canasta else None


def canasta_bonus(ruleset: RuleSet, meld: Meld) -> int:
    """Return the meld's canasta bonus (0 for a meld that is not a canasta).

    >>> from .rules import PRESETS
    >>> canasta_bonus(PRESETS["classic"], Meld(Rank.KING, naturals=7)), canasta_bonus(PRESETS["classic"], Meld(Rank.KING, 3))
    (500, 0)
    """
    kind = canasta_kind(ruleset, meld)
    return ruleset.canasta_bonus(kind) if kind else 0


def unfinished_kind(ruleset: RuleSet, meld: Meld) -> str | None:
    """Return "aces", "sevens" or "wild" for a Modern meld that costs a penalty when unfinished.

    >>> from .rules import PRESETS
    >>> unfinished_kind(PRESETS["modern"], Meld(Rank.ACE, naturals=4)), unfinished_kind(PRESETS["classic"], Meld(Rank.ACE, 4))
    ('aces', None)
    """
    return ruleset.family.unfinished_kind(meld)


@dataclass(frozen=True)
class MeldSummary:
    """What a side's melds add up to: card points, canastas by kind, unfinished penalty melds."""

    melded_points: int
    canastas: dict[CanastaKind, int]
    unfinished: frozenset[str]

    @property
    def canasta_count(self) -> int:
        """Return how many canastas the melds complete."""
        return sum(self.canastas.values())


def summarise_melds(ruleset: RuleSet, melds: Iterable[Meld]) -> MeldSummary:
    """Return the card points, canasta counts and unfinished penalty melds of a side's melds.

    >>> from .rules import PRESETS
    >>> summarise_melds(PRESETS["classic"], [Meld(Rank.KING, 5, twos=2), Meld(Rank.EIGHT, 3)])
    MeldSummary(melded_points=120, canastas={'natural': 0, 'mixed': 1}, unfinished=frozenset())
    """
    canastas = dict.fromkeys(ruleset.canasta_kinds, 0)
    unfinished: set[str] = set()
    points = 0
    family = ruleset.family
    for meld in melds:
        points += meld.points
        if meld.is_canasta:
            canastas[family.canasta_kind(meld)] += 1
        elif penalty := family.unfinished_kind(meld):
            unfinished.add(penalty)
    return MeldSummary(points, canastas, frozenset(unfinished))
