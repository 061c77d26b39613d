"""What the pile's top card and its freezing say, shared by the pile check and the initial-meld check.

Each answer is a :class:`.errors.Problem` (a code and its data); :mod:`.messages` words it.

>>> because = (FROZEN_BY_A_CARD, FROZEN_BEFORE_MELDING)
>>> natural_pair_needed(because, Rank.QUEEN, 1).message
'A wild card or a turned-up red 3 freezes the pile and your side has not melded yet, so the pile is frozen for it: taking it needs a natural pair of queens from your hand; you have a queen.'
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card, Rank
from .errors import Problem
from .messages import render
from .rules import RuleSet

ALWAYS_FROZEN = Problem("pile.frozen.always")
FROZEN_BY_A_CARD = Problem("pile.frozen.by_a_card")
FROZEN_BEFORE_MELDING = Problem("pile.frozen.before_melding")


def frozen_words(ruleset: RuleSet) -> Problem:
    """Return why the pile is frozen for a side making its initial meld."""
    return ALWAYS_FROZEN if ruleset.family.pile_always_frozen else FROZEN_BEFORE_MELDING


def frozen_because_words(reasons: Sequence[Problem]) -> str:
    """Return why the pile is frozen, ``reasons`` joined in one clause.

    >>> frozen_because_words([FROZEN_BY_A_CARD, FROZEN_BEFORE_MELDING])
    'A wild card or a turned-up red 3 freezes the pile and your side has not melded yet, so the pile is frozen for it'
    """
    return render("{because:frozen}", {"because": reasons})


def natural_pair_needed(because: Sequence[Problem], rank: Rank, in_hand: int) -> Problem:
    """Return that a frozen pile (frozen ``because``) needs a natural pair of ``rank``, and what the hand holds."""
    return Problem("pile.natural_pair_needed", because=tuple(because), rank=rank.value, in_hand=in_hand)


def pile_top_problem(ruleset: RuleSet, top: Card) -> Problem | None:
    """Return why nobody may take the pile with ``top`` on it, or None."""
    if top.is_wild:
        return Problem("pile.top_wild", card=top.code)
    if top.rank is Rank.THREE and (top.is_red_three or ruleset.family.black_threes_laid_out):
        if ruleset.family.black_threes_laid_out:
            return Problem("pile.top_three_modern")
        return Problem("pile.top_red_three")
    if top.is_black_three:
        return Problem("pile.top_black_three")
    return None

