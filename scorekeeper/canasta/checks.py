"""The table's referee: is this enough for a first meld, may I take the pile, can my side go out.

Every check takes typed cards (see :mod:`.cards`) and a rule set, and answers
with the melds it found, the numbers and every rule broken, in player words.
Impossible input (more kings than the decks hold) raises InvalidHand with API
field names (``cards``, ``pile_top``, ``hand``, ``side_melds``); a broken rule
is part of the answer.

This module is the checks' one door; each check lives in a module of its own:
:mod:`.initial_meld`, :mod:`.meld_check`, :mod:`.pile` and :mod:`.going_out`,
on :mod:`.placement` (where wild cards go), :mod:`.supply` (what the decks
hold) and :mod:`.words` (cards in player words).

The example of the rules page: king on top of the pile, K K and Q Q 2 in hand.

>>> from .cards import parse_cards
>>> from .options import resolve
>>> classic, options = resolve("classic")
>>> hand, king = parse_cards("K K Q Q 2"), parse_cards("K")[0]
>>> below = check_initial_meld(classic, options, 1400, hand, pile_top=king)
>>> [(meld.text, meld.points) for meld in below.melds], below.points, below.minimum, below.meets_minimum
([('K K K', 30), ('Q Q 2', 40)], 70, 50, True)
>>> above = check_initial_meld(classic, options, 1600, hand, pile_top=king)
>>> above.minimum, above.short_by
(90, 20)
"""

from __future__ import annotations

from .going_out import GoingOutCheck, check_going_out, going_out_conditions
from .initial_meld import InitialMeldCheck, check_initial_meld
from .meld_check import MeldCheck, check_meld
from .pile import FirstMeldAnswer, PileCheck, PileWay, check_pile, minimum_problems
from .placement import CheckedMeld
from .supply import deck_problems
from .words import card_word, rank_word

__all__ = [
    "CheckedMeld", "FirstMeldAnswer", "GoingOutCheck", "InitialMeldCheck", "MeldCheck", "PileCheck", "PileWay",
    "card_word", "check_going_out", "check_initial_meld", "check_meld", "check_pile", "deck_problems",
    "going_out_conditions", "minimum_problems", "rank_word",
]
