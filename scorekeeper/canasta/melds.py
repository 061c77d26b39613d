"""Melds as counts (rank, naturals, twos, jokers): legality, canasta kinds and card points.

The API's ``melds`` input, the scorekeeper and the rules checker all describe
a meld the same way, so the checks live here once:

>>> from .rules import resolve
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

from .cards import RANK_POINTS, Card, Rank, copies_in_decks
from .errors import CardError, Problem
from .rules import MODERN, Options, RuleSet

CANASTA_SIZE = 7
MIN_MELD_SIZE = 3
BLACK_THREE_MELD_SIZES = (3, 4)
DECK_WORDS = {2: "Two decks", 3: "Three decks"}


@dataclass(frozen=True)
class Meld:
    """One meld by its counts. ``rank`` None is a meld of wild cards only (Modern American).

    ``Rank.THREE`` stands for black 3s, melded in Classic only by a player going out.
    """

    rank: Rank | None
    naturals: int = 0
    twos: int = 0
    jokers: int = 0

    def __post_init__(self) -> None:
        if self.rank is not None and self.rank.is_wild:
            raise CardError("Give a meld of wild cards only with rank None, its 2s as twos and jokers as jokers.")
        if self.rank is None and self.naturals:
            raise CardError("A meld of wild cards only has no natural cards.")

    @property
    def wilds(self) -> int:
        """Return how many wild cards (2s and jokers) the meld holds."""
        return self.twos + self.jokers

    @property
    def size(self) -> int:
        """Return how many cards the meld holds."""
        return self.naturals + self.wilds

    @property
    def points(self) -> int:
        """Return the card points of the meld (bonuses not included).

        >>> Meld(Rank.KING, naturals=7).points, Meld(None, twos=3, jokers=4).points
        (70, 260)
        """
        natural_points = RANK_POINTS[self.rank] if self.rank is not None else 0
        return self.naturals * natural_points + self.twos * RANK_POINTS[Rank.TWO] + self.jokers * RANK_POINTS[Rank.JOKER]

    @property
    def is_canasta(self) -> bool:
        """Return True once the meld has 7 or more cards."""
        return self.size >= CANASTA_SIZE

    @property
    def label(self) -> str:
        """Return what the meld is made of, in player words: ``"kings"``, ``"black 3s"``, ``"wild cards"``."""
        if self.rank is None:
            return "wild cards"
        if self.rank is Rank.THREE:
            return "black 3s"
        return self.rank.plural

    @classmethod
    def from_cards(cls, cards: Iterable[Card]) -> Meld:
        """Return the meld the cards make, or raise CardError if they cannot be one meld.

        >>> from .cards import parse_cards
        >>> Meld.from_cards(parse_cards("K K K K K 2 2"))
        Meld(rank=<Rank.KING: 'K'>, naturals=5, twos=2, jokers=0)
        >>> Meld.from_cards(parse_cards("3S 3C 3S")).label
        'black 3s'
        >>> Meld.from_cards(parse_cards("K Q 2"))
        Traceback (most recent call last):
        ...
        scorekeeper.canasta.errors.CardError: A meld holds cards of one rank; these are kings and queens.
        """
        cards = list(cards)
        if any(card.is_red_three for card in cards):
            raise CardError("Red 3s are never melded: they are laid out on their own.")
        ranks = [card.rank for card in cards if not card.is_wild]
        distinct = list(dict.fromkeys(ranks))
        if len(distinct) > 1:
            names = [Meld(rank).label for rank in distinct]
            raise CardError(f"A meld holds cards of one rank; these are {', '.join(names[:-1])} and {names[-1]}.")
        return cls(
            rank=distinct[0] if distinct else None,
            naturals=len(ranks),
            twos=sum(card.rank is Rank.TWO for card in cards),
            jokers=sum(card.rank is Rank.JOKER for card in cards),
        )


def _decks(ruleset: RuleSet) -> str:
    return DECK_WORDS.get(ruleset.decks, f"{ruleset.decks} decks")


def _deck_problems(ruleset: RuleSet, meld: Meld) -> list[Problem]:
    """Return problems for counts more than the decks hold."""
    problems = []
    if meld.rank is not None:
        held = copies_in_decks(meld.rank, ruleset.decks) // (2 if meld.rank is Rank.THREE else 1)
        if meld.naturals > held:
            problems.append(Problem("naturals", f"{_decks(ruleset)} hold only {held} {meld.label}; this meld has {meld.naturals}."))
    for field, rank in (("twos", Rank.TWO), ("jokers", Rank.JOKER)):
        count, held = getattr(meld, field), copies_in_decks(rank, ruleset.decks)
        if count > held:
            problems.append(Problem(field, f"{_decks(ruleset)} hold only {held} {rank.plural}; this meld has {count}."))
    return problems


def _classic_problems(options: Options, meld: Meld, going_out: bool | None) -> list[Problem]:
    if meld.rank is None or meld.naturals == 0:
        return [Problem("", "A meld of wild cards alone is not allowed in Classic.")]
    if meld.rank is Rank.THREE:
        problems = []
        if going_out is False:
            problems.append(Problem("rank", "Black 3s are melded only by a player going out."))
        if meld.wilds:
            problems.append(Problem("", "Black 3s are melded without wild cards."))
        if meld.naturals not in BLACK_THREE_MELD_SIZES:
            problems.append(Problem("naturals", f"Black 3s are melded 3 or 4 at a time; this meld has {meld.naturals}."))
        return problems
    problems = []
    if meld.naturals < 2:
        problems.append(Problem("naturals", f"A meld needs at least 2 natural cards; this one has {meld.naturals}."))
    elif meld.size < MIN_MELD_SIZE:
        problems.append(Problem("", f"A meld needs at least {MIN_MELD_SIZE} cards; this one has {meld.size}."))
    if meld.wilds > 3:
        problems.append(Problem("", f"A meld may hold at most 3 wild cards; this one has {meld.wilds}."))
    elif options.wild_limit == "not_outnumber" and meld.wilds > meld.naturals:
        problems.append(Problem("", (
            f"With your house rule, wild cards may not outnumber the natural cards; "
            f"this meld has {meld.wilds} wild and {meld.naturals} natural.")))
    elif options.wild_limit == "naturals_outnumber" and meld.wilds and meld.wilds >= meld.naturals:
        problems.append(Problem("", (
            f"With your house rule, the natural cards must outnumber the wild cards; "
            f"this meld has {meld.naturals} natural and {meld.wilds} wild.")))
    return problems


def _modern_problems(ruleset: RuleSet, meld: Meld, initial: bool | None) -> list[Problem]:
    # RULES.md: at most 2 wild cards in any meld and never past 7 cards, going out included. The
    # clubs' "rule of five" (after the initial meld, wild cards only on 5 natural cards) is not in it.
    if meld.rank is Rank.THREE:
        return [Problem("rank", "In Modern American 3s are never melded: they are laid out on their own.")]
    problems = []
    if meld.size > ruleset.max_meld_size:
        problems.append(Problem("", (
            f"A meld holds at most {ruleset.max_meld_size} cards in Modern American; this one has {meld.size}.")))
    if meld.rank is None:
        if meld.size < MIN_MELD_SIZE:
            problems.append(Problem("", f"A meld of wild cards needs at least {MIN_MELD_SIZE}; this one has {meld.size}."))
        return problems
    if meld.naturals < 2:
        problems.append(Problem("naturals", f"A meld needs at least 2 natural cards; this one has {meld.naturals}."))
    elif meld.size < MIN_MELD_SIZE:
        problems.append(Problem("", f"A meld needs at least {MIN_MELD_SIZE} cards; this one has {meld.size}."))
    if meld.rank is Rank.SEVEN and meld.wilds:
        problems.append(Problem("", "Sevens never take wild cards."))
    elif meld.wilds > ruleset.max_wilds:
        problems.append(Problem("", (
            f"A meld may hold at most {ruleset.max_wilds} wild cards in Modern American; this one has {meld.wilds}.")))
    if meld.rank is Rank.ACE and meld.wilds and initial is False:
        problems.append(Problem("", "Aces take wild cards only as part of the side's initial meld."))
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

    >>> from .rules import resolve
    >>> modern, options = resolve("modern")
    >>> [p.message for p in meld_problems(modern, options, Meld(Rank.SEVEN, naturals=6, twos=2))]
    ['A meld holds at most 7 cards in Modern American; this one has 8.', 'Sevens never take wild cards.']
    >>> meld_problems(modern, options, Meld(None, twos=3, jokers=4))
    []
    """
    problems = _deck_problems(ruleset, meld)
    if ruleset.family == MODERN:
        return problems + _modern_problems(ruleset, meld, initial)
    return problems + _classic_problems(options, meld, going_out)


def canasta_kind(ruleset: RuleSet, meld: Meld) -> str | None:
    """Return the meld's canasta kind (a key of the preset's bonuses), or None if it is not a canasta.

    >>> from .rules import PRESETS
    >>> modern = PRESETS["modern"]
    >>> [canasta_kind(modern, meld) for meld in (
    ...     Meld(Rank.ACE, naturals=7), Meld(Rank.ACE, naturals=6, twos=1), Meld(Rank.SEVEN, naturals=7),
    ...     Meld(None, twos=7), Meld(None, twos=3, jokers=4), Meld(None, twos=5, jokers=2),
    ...     Meld(Rank.NINE, naturals=6))]
    ['natural_aces', 'mixed', 'sevens', 'wild_twos', 'wild_four_jokers', 'wild', None]
    """
    if not meld.is_canasta:
        return None
    if ruleset.family != MODERN:
        return "natural" if meld.wilds == 0 else "mixed"
    if meld.rank is None:
        if meld.twos == CANASTA_SIZE:
            return "wild_twos"
        return "wild_four_jokers" if meld.jokers >= 4 else "wild"
    if meld.wilds:
        return "mixed"
    return {Rank.ACE: "natural_aces", Rank.SEVEN: "sevens"}.get(meld.rank, "natural")


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
    if ruleset.family != MODERN or meld.is_canasta:
        return None
    # RULES.md charges "an unfinished meld of aces" whatever it holds, so aces that took wild
    # cards in the initial meld are charged too (some sources charge only natural aces).
    if meld.rank is None:
        return "wild"
    return {Rank.ACE: "aces", Rank.SEVEN: "sevens"}.get(meld.rank)


@dataclass(frozen=True)
class MeldSummary:
    """What a side's melds add up to: card points, canastas by kind, unfinished penalty melds."""

    melded_points: int
    canastas: dict[str, int]
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
    for meld in melds:
        points += meld.points
        kind = canasta_kind(ruleset, meld)
        if kind:
            canastas[kind] += 1
        elif penalty := unfinished_kind(ruleset, meld):
            unfinished.add(penalty)
    return MeldSummary(points, canastas, frozenset(unfinished))
