"""The play area shared by the practice page and a table's seat page: the cards selected, the move a button makes.

Both pages send the same form (the hand's checkboxes named ``card``, the
pressed button named ``action``); this module turns it into the engine's move.
Whether the move is allowed is the referee's to say, never decided here:
``selection`` only groups the selected cards as the button asks.
"""

from __future__ import annotations

from flask import request

from ..canasta.cards import Rank, parse_cards
from ..canasta.errors import CanastaError, Problem
from ..canasta.play import Answer, AskPartner, Discard, Draw, EndDeal
from ..canasta.play.moves import engine_cards
from ..canasta.play.selection import add_to, put_down, take_pile
from ..i18n import gettext as _
from . import practice_page as page

MAX_SELECTED = 30


def play_area(seen, names) -> dict:
    """What the play area shows of the seat's view ``seen`` (:func:`scorekeeper.canasta.play.view`), the seats called
    ``names`` (the reader's own "You"): the view, each side's melds and hands, the seat's hand in columns, the pile's
    top card. Both pages fill ``templates/table/_play.html`` with it."""
    return {"seen": seen, "sides": page.table_sides(seen, names), "hand": page.columns(seen.hand),
            "top": page.face(seen.pile[-1]) if seen.pile else None}


def selected_cards():
    """Return the selected cards (their codes, as the hand's checkboxes send them); None when they cannot be read."""
    codes = request.form.getlist("card")[:MAX_SELECTED]
    try:
        return engine_cards(parse_cards(" ".join(codes))) if codes else ()
    except CanastaError:
        return None


def move_of(position, action: str, cards):
    """Return the move the pressed button and the selected cards make, a sentence saying what is missing, or None
    for a button the page never shows."""
    if action == "draw":
        return Draw()
    if action == "end_deal":
        return EndDeal()
    if action == "ask":
        return AskPartner()
    if action in ("yes", "no"):
        return Answer(action == "yes")
    if action == "take":
        return take_pile(position, cards)
    if action == "meld":
        if not cards:
            return "Select the cards to put down first: tap them in your hand."
        if all(card.is_wild for card in cards) and (len(cards) < 3 or not position.ruleset.wild_melds):
            # Wild cards alone make no meld here: the page says how to add them to one (tap it).
            melds = position.side_melds(position.side_of(position.turn))
            return Problem("selection.wilds_to_a_meld" if melds else "selection.wilds_no_meld",
                           cards=[card.code for card in cards]).message
        return put_down(position, cards)
    if action == "discard":
        if len(cards) != 1:
            return "Select exactly one card to discard." if cards else "Select the card to discard first."
        return Discard(cards[0])
    if action.startswith("add:"):
        if not cards:
            return "Select the cards to add first, then tap the meld."
        key = action[4:]
        try:
            rank = None if key == "wild" else Rank.from_text(key)
        except ValueError:
            return _("That meld is not on the table.")
        return add_to(position, cards, rank)
    return None
