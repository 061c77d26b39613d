"""Modern American's dead ranks: once either side completes a canasta of a rank, nobody melds it again.

RULES.md ("Playing a deal"): a dead rank may not be melded or added to by
anyone, nor taken with the pile. The checks and the referee ask this module,
so the rule and its words are one.

>>> from .cards import Rank
>>> from .options import resolve
>>> modern, _ = resolve("modern")
>>> dead_rank_problem(modern, Rank.KING, {Rank.KING}).message
'The kings are dead (a canasta of them is complete): nobody may meld them or add to them.'
>>> classic, _ = resolve("classic")
>>> live(classic, {Rank.KING}), dead_rank_problem(classic, Rank.KING, {Rank.KING})
(frozenset(), None)
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import Rank
from .errors import Problem
from .rules import RuleSet


def has_dead_ranks(ruleset: RuleSet) -> bool:
    """Return True when the rule set's family has dead ranks (Modern American)."""
    return ruleset.family.dead_ranks


def live(ruleset: RuleSet, dead_ranks: Iterable[Rank] | None) -> frozenset[Rank]:
    """Return the dead ranks that count under ``ruleset``: none where the family has no dead ranks."""
    return frozenset(dead_ranks or ()) if has_dead_ranks(ruleset) else frozenset()


def dead_rank_problem(ruleset: RuleSet, rank: Rank | None, dead_ranks: Iterable[Rank] | None) -> Problem | None:
    """Return why a meld of ``rank`` may not be laid or added to, or None when the rank is alive."""
    if rank is None or rank not in live(ruleset, dead_ranks):
        return None
    return Problem("meld.dead_rank", rank=rank.value)
