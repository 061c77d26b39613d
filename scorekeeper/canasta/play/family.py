"""What a rule family does differently in play: one object per family, looked up by the preset.

Nothing else in :mod:`.play` asks which family a preset belongs to; it asks
this object (turned-up card or empty pile, which 3s are laid out, bonus cards,
dead ranks, going out with a discard, special hands).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..going_out import MUST_DISCARD_TO_GO_OUT
from ..rules import CLASSIC, MODERN, RuleSet


@dataclass(frozen=True)
class PlayFamily:
    """The play rules of one family of presets."""

    name: str
    turned_up_card: bool  # Classic: the next card starts the pile; Modern American: the pile starts empty
    all_threes_laid_out: bool  # Modern American: every 3, red or black, is laid out and replaced
    pile_always_frozen: bool
    dead_ranks: bool  # Modern American: a rank of which a canasta is complete may not be melded
    bonus_cards: tuple[int, ...]  # Modern American: cards drawn after each side's first meld (first side, second)
    bonus_cards_stock_floor: int  # none once the stock holds this many cards or fewer
    must_discard_to_go_out: bool
    wild_only_melds: bool

    def laid_out(self, card) -> bool:
        """Return True for a card laid out at once when dealt or drawn (a red 3; in Modern every 3)."""
        if self.all_threes_laid_out:
            return card.rank.value == "3"
        return card.is_red_three


FAMILIES = {
    CLASSIC: PlayFamily(CLASSIC, turned_up_card=True, all_threes_laid_out=False, pile_always_frozen=False,
                        dead_ranks=False, bonus_cards=(), bonus_cards_stock_floor=0,
                        must_discard_to_go_out=MUST_DISCARD_TO_GO_OUT[CLASSIC], wild_only_melds=False),
    # RULES.md "Playing a deal": bonus cards 4 then 3, none once the stock holds 8 cards or fewer.
    MODERN: PlayFamily(MODERN, turned_up_card=False, all_threes_laid_out=True, pile_always_frozen=True,
                       dead_ranks=True, bonus_cards=(4, 3), bonus_cards_stock_floor=8,
                       must_discard_to_go_out=MUST_DISCARD_TO_GO_OUT[MODERN], wild_only_melds=True),
}


def family_of(ruleset: RuleSet) -> PlayFamily:
    """Return the play rules of the preset's family."""
    return FAMILIES[ruleset.family]
