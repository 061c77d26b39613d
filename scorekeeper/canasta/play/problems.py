"""Why a move is refused: a code, its parameters, and one sentence in the player's words.

Every refusal of the referee is a :class:`Refusal`; this module alone turns
codes into words. Refusals that a rules check already words (a meld's broken
rule, the pile, the initial meld) keep the check's sentence, so a refusal
reads the same in the game and on the check pages.

>>> refusal("dead_rank", rank="kings").message
'The kings are dead (a canasta of them is complete): nobody may meld them or add to them.'
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from ..dead import DEAD_RANK
from ..pile import MUST_TAKE

TEMPLATES = {
    "deal_over": "The deal is over: no move can follow.",
    "not_your_turn": "It is seat {to_move}'s move, not seat {seat}'s: wait for your turn.",
    "draw_first": "First draw from the stock or take the pile.",
    "drawn_already": "You have begun your turn already: meld, or discard to end it.",
    "answer_first": "Your partner must answer first: may you go out?",
    "not_asked": "Nobody asked you whether they may go out.",
    "stock_empty": "The stock is empty: take the pile if you can, or end the deal.",
    "stock_not_empty": "The stock still holds {count} cards: draw, or take the pile.",
    "must_take_pile": MUST_TAKE,
    "not_in_hand": "You do not hold {cards}.",
    "pile_empty": "The pile is empty: there is nothing to take.",
    "pile": "{text}",
    "pile_frozen": "{because}: take it only with two natural {rank} from your hand.",
    "pile_with": ("To take the pile, meld the {top} on top at once: the cards you give with it must be "
                  "{rank} or wild cards."),
    "pile_add_needs_meld": ("To take the pile with no card from your hand, its {top} must go on your side's "
                            "{rank}, and your side has none."),
    "pile_wilds_only": "To take the pile, meld the {top} on top with natural {rank} from your hand: wild cards alone do not take it.",
    "meld_rule": "{text}",
    "initial_meld": "{text}",
    "initial_minimum": ("Your side's first meld must reach {minimum}: these melds make {points}, "
                        "{short_by} short{counted}."),
    "dead_rank": DEAD_RANK,
    "no_cards": "Give the cards to meld.",
    "which_meld": "Say which meld the wild cards {cards} go on.",
    "no_such_meld": "Your side has no meld of {rank} to add {cards} to.",
    "black_threes": "Black 3s are melded only by a player going out.",
    "keep_a_card": ("Your side may not go out yet ({have} of the {needed} needed): keep at least one card "
                    "after your discard, so this move must leave you two."),
    "keep_a_card_asked": ("Your partner said no to going out: keep at least one card after your discard this turn, "
                          "so this move must leave you two."),
    "discard_to_go_out": "In Modern American you go out with a final discard: keep one card to discard.",
    "must_go_out": ("Your partner said yes, so you must go out this turn: lay down your cards "
                    "(all but one to discard) in one move."),
    "cannot_go_out": "{needs} {needed} to go out and {has}: keep a card.",
    "no_partner": "You have no partner to ask.",
    "ask_when": "Ask your partner after drawing from the stock and before you meld.",
    "asked_already": "You asked already this turn.",
    "ask_cannot_go_out": "You cannot go out this turn, so there is nothing to ask: {text}",
    "special_unknown": "There is no special hand \"{name}\". Special hands here: {names}.",
    "special_none": "This rule set has no special hands.",
    "special_when": "A special hand is laid down after drawing from the stock, before your side has melded anything.",
    "special_cards": "Your 14 cards are not a {label}: {rule}",
}


@dataclass(frozen=True, slots=True)
class Worded:
    """A code and its parameters, worded by a template: what a refusal and a computer's reason share.

    A subclass adds one last field, the words; :meth:`as_dict` names it as the field is named.
    """

    code: str
    params: tuple[tuple[str, object], ...]

    def as_dict(self) -> dict:
        """Return the code, the parameters and the words for JSON, keys in alphabetical order."""
        words = fields(self)[-1].name
        return dict(sorted({"code": self.code, "params": dict(self.params), words: getattr(self, words)}.items()))


@dataclass(frozen=True, slots=True)
class Refusal(Worded):
    """One reason a move is refused: a code, its parameters, and the sentence."""

    message: str


def refusal(code: str, **params) -> Refusal:
    """Return the refusal ``code`` with its parameters, worded by its template."""
    message = TEMPLATES[code].format(**params)
    # A sentence a rules check worded is the whole refusal: it is not repeated as a parameter.
    return Refusal(code, tuple(item for item in params.items() if item[0] != "text"), message)
