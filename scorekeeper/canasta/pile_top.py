"""What the pile's top card and its freezing say, shared by the pile check and the initial-meld check."""

from __future__ import annotations

from .cards import Card, Rank
from .rules import RuleSet
from .words import card_word, rank_word

ALWAYS_FROZEN = "In Modern American the pile is always frozen"
FROZEN_BY_A_CARD = "A wild card or a turned-up red 3 freezes the pile"
FROZEN_BEFORE_MELDING = "Your side has not melded yet, so the pile is frozen for it"


def frozen_words(ruleset: RuleSet) -> str:
    """Return why the pile is frozen for a side making its initial meld."""
    return ALWAYS_FROZEN if ruleset.family.pile_always_frozen else FROZEN_BEFORE_MELDING


def frozen_because_words(reasons) -> str:
    """Return why the pile is frozen, ``reasons`` joined in one clause.

    >>> frozen_because_words([FROZEN_BY_A_CARD, FROZEN_BEFORE_MELDING])
    'A wild card or a turned-up red 3 freezes the pile and your side has not melded yet, so the pile is frozen for it'
    """
    first, *more = reasons
    return first + "".join(" and " + part[0].lower() + part[1:] for part in more)


def natural_pair_needed(because: str, rank: Rank, in_hand: int) -> str:
    """Return that a frozen pile (frozen ``because``) needs a natural pair of ``rank``, and what the hand holds."""
    return (f"{because}: taking it needs a natural pair of {rank.plural} from your hand; "
            f"you have {rank_word(rank, in_hand) if in_hand else 'none'}.")


def pile_top_problem(ruleset: RuleSet, top: Card) -> str | None:
    """Return why nobody may take the pile with ``top`` on it, or None."""
    if top.is_wild:
        return f"Nobody may take the pile with {card_word(top)} on top."
    if top.rank is Rank.THREE and (top.is_red_three or ruleset.family.black_threes_laid_out):
        if ruleset.family.black_threes_laid_out:
            return ("In Modern American 3s are laid out as they come, so a 3 is never the top card "
                    "of the pile. Give the card on top of it.")
        return ("A red 3 is never the top card of the pile: one turned up at the start freezes the pile and "
                "the next card is turned over it, and in play red 3s are laid out, never discarded. "
                "Give the card on top of it.")
    if top.is_black_three:
        return "A black 3 on top stops the pile: nobody may take it this turn."
    return None

