"""Why a computer player chose its move: a code, its parameters, and a clause in player words.

The clause follows what the move did, after a colon: "West took the pile: 14
cards for a pair of jacks". This module alone turns a reason's code into words.

>>> reason("take_pile", size="14 cards", what="a pair of jacks").sentence
'14 cards for a pair of jacks'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..play.problems import Worded

TEMPLATES = {
    # Starting the turn.
    "take_pile": "{size} for {what}",
    "take_pile_first": "{size} for {what}, and with {melds} that is a first meld of {points} ({minimum} needed)",
    "draw": "the pile is not worth taking ({why})",
    "draw_only": "{why}",
    "end_deal": "the stock is empty and the pile is not worth taking",
    "take_pile_forced": "with the stock empty the pile must be taken",
    # Melding.
    "meld_first": "a first meld of {points} reaches the minimum of {minimum}",
    "meld_first_threes": "a first meld of {points} reaches the minimum of {minimum}, and the side's red 3s now count for it",
    "meld_canasta": "it completes a {kind} canasta of {rank}",
    "meld_grow": "the {rank} grow to {size} cards, nearer a canasta",
    "meld_canasta_grow": "the canasta of {rank} grows to {size} cards, and the card is out of the hand",
    "meld_new": "a new meld of {rank} scores {points} and leaves fewer cards in hand",
    "meld_wild": "the wild card brings the {rank} to {size} cards",
    "meld_away": "cards on the table score; cards in hand count against the side",
    # Going out.
    "go_out": "{why}",
    "go_out_plan": "every card but one goes on the table, and the discard goes out",
    # Discarding.
    "discard_stop": "a black 3 stops {next} from taking the pile of {size}",
    "discard_freeze": "a wild card freezes the pile of {size}, so {next} needs a natural pair to take it",
    "discard_dead": "the {rank} are dead: nobody can take the pile with it",
    "discard_safe": "the other side has no meld of {rank}, and it is a single card",
    "discard_single": "a single {rank}: the pairs stay in hand for taking the pile",
    "discard_low": "it is worth the least of the cards that do not go together",
    "discard_risky": "every card left could help the other side; this one risks least",
    "discard_hold": "not going out yet: {why}",
    "discard_out": "the last card: going out",
    # Answering "may I go out?".
    "answer_yes": "I hold {count} ({points} points), so going out costs us little",
    "answer_yes_danger": "the other side is close to going out ({fewest} in one hand): go out now",
    "answer_no": "I hold {count} ({points} points): they would count against us. Let me meld first",
    # Anything else.
    "only_move": "it is the only move",
    "random_move": "drawn at random from the legal moves",
}


# A black 3 on an empty pile: there is no "pile of 0" to stop anyone taking.
EMPTY_PILE = {"discard_stop": "a black 3 stops {next} from taking the pile"}

# The clause after the coach's line, where that line already says part of the reason ("West took the pile
# of 14 cards ... with a pair of jacks"): only what it adds, or nothing.
AFTER_THE_MOVE = {
    "take_pile": "",
    "take_pile_first": "that is a first meld of {points} ({minimum} needed)",
    "discard_out": "",
}


# The clause after "because" in a hint ("Take the pile with a pair of jacks, because ..."), where the plain clause
# does not read as one ("because 14 cards for a pair of jacks").
FOR_A_HINT = {
    "take_pile": "taking its {size} beats a card from the stock",
    "take_pile_first": "together they make a first meld of {points} ({minimum} needed)",
    "discard_single": "it is a single {rank}: the pairs stay in hand for taking the pile",
    "discard_out": "it is your last card, so you go out",
}


# In a live game, what may be said of another seat's move is what a player at a real table could see or be
# told. These reasons tell what the hand holds or could have done ("the hand has no natural pair of 4s", "the
# pile is not worth taking", "not going out yet"): never said of another seat. The narrated deal, played face
# up, says them all.
HAND_SECRETS = frozenset({"draw", "draw_only", "end_deal", "discard_safe", "discard_single", "discard_low",
                          "discard_risky", "discard_hold"})

# The partner's answer to "may I go out?" said at the table: the answer, never the hand's cards or points.
TO_THE_TABLE = {
    "answer_yes": "go ahead",
    "answer_no": "not yet",
}


@dataclass(frozen=True, slots=True)
class Reason(Worded):
    """Why a move was chosen: a code, its parameters, and the clause."""

    sentence: str

    def for_a_hint(self) -> str:
        """Return the clause to follow "because" in a hint."""
        template = FOR_A_HINT.get(self.code)
        return self.sentence if template is None else template.format(**dict(self.params))

    def after_the_move(self) -> str:
        """Return the clause to follow a sentence that already says what the move did (may be empty)."""
        template = AFTER_THE_MOVE.get(self.code)
        return self.sentence if template is None else template.format(**dict(self.params))

    def to_the_table(self) -> str:
        """Return the clause said of another seat's move in a live game: nothing its hand hides (may be empty)."""
        if self.code in HAND_SECRETS:
            return ""
        template = TO_THE_TABLE.get(self.code)
        return self.after_the_move() if template is None else template.format(**dict(self.params))


def reason(code: str, **params) -> Reason:
    """Return the reason ``code`` with its parameters, worded by its template."""
    template = EMPTY_PILE[code] if code in EMPTY_PILE and params.get("size") == 0 else TEMPLATES[code]
    return Reason(code, tuple(params.items()), template.format(**params))
