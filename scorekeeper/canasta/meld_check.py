"""Is this one meld legal: its canasta kind, card points, bonus, and what it costs unfinished."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import Card, Rank
from .dead import dead_rank_problem
from .errors import CardError, InvalidHand, Problem, said_as_one
from .melds import CANASTA_SIZE, Meld, canasta_kind, meld_problems, unfinished_kind
from .placement import CardsLaid
from .kinds import CanastaKind
from .options import Options
from .rules import RuleSet
from .supply import raise_if_impossible

@dataclass(frozen=True)
class MeldCheck(CardsLaid):
    """One meld judged: legal or not, its canasta kind, card points and bonus."""

    cards: tuple[Card, ...]
    meld: Meld | None
    problems_data: tuple[Problem, ...]  # every rule the meld breaks (``problems``: their words)
    kind: CanastaKind | None  # canasta kind, if a legal canasta
    bonus: int
    penalty_if_unfinished: int  # Modern American: what the meld costs if the hand ends before it is a canasta

    @property
    def is_canasta(self) -> bool:
        """Return True for a meld of 7 or more cards."""
        return self.meld is not None and self.meld.is_canasta

    @property
    def make_up(self) -> str | None:
        """Return "natural", "mixed" or "wild" (cards alone), or None when it is no meld."""
        if self.meld is None:
            return None
        if self.meld.rank is None:
            return "wild"
        return "natural" if self.meld.wilds == 0 else "mixed"

    @property
    def cards_to_canasta(self) -> int:
        """Return how many more cards make the meld a canasta (0 once it is one)."""
        return max(0, CANASTA_SIZE - len(self.cards)) if self.meld is not None else 0

    @property
    def kind_label(self) -> str | None:
        """Return the canasta kind in player words, e.g. "Mixed canasta"."""
        return self.kind.label if self.kind else None


def check_meld(
    ruleset: RuleSet,
    options: Options,
    cards: Sequence[Card],
    *,
    going_out: bool | None = None,
    initial: bool | None = None,
    dead_ranks: Iterable[Rank] = (),
) -> MeldCheck:
    """Return whether ``cards`` make a legal meld, its canasta kind, points and bonus.

    ``dead_ranks``: Modern American ranks of which a canasta is complete;
    a meld of one is refused (ignored where the family has no dead ranks).

    >>> from .cards import parse_cards
    >>> from .options import resolve
    >>> classic, options = resolve("classic")
    >>> check = check_meld(classic, options, parse_cards("K K K K K 2 2"))
    >>> check.legal, check.kind, check.points, check.bonus
    (True, 'mixed', 90, 300)
    >>> modern, options = resolve("modern")
    >>> check = check_meld(modern, options, parse_cards("2 2 2 JK JK JK JK"))
    >>> check.kind_label, check.points, check.bonus
    ('Wild canasta with all four jokers', 260, 2500)
    """
    cards = list(cards)
    raise_if_impossible(ruleset, cards, None, "cards")
    if not cards:
        raise InvalidHand(Problem("check.meld_cards", "cards"))
    try:
        meld = Meld.from_cards(cards)
    except CardError as error:
        return MeldCheck(tuple(cards), None, (said_as_one(error.problems),), None, 0, 0)
    problems = meld_problems(ruleset, options, meld, going_out=going_out, initial=initial)
    if (dead := dead_rank_problem(ruleset, meld.rank, dead_ranks)) is not None:
        problems.insert(0, dead)
    legal = not problems
    kind = canasta_kind(ruleset, meld) if legal else None
    penalty_kind = unfinished_kind(ruleset, meld)
    penalty = ruleset.family.unfinished_penalties[penalty_kind] if legal and penalty_kind else 0
    return MeldCheck(tuple(cards), meld, tuple(problems), kind,
                     ruleset.canasta_bonus(kind) if kind else 0, penalty)
