"""The coach: a sentence for every move of every seat, why the computer made it, hints, tips and mistakes.

>>> from ..play.table import deal
>>> from ..play.moves import Draw
>>> from ..play.referee import apply
>>> position, _ = deal("classic", seed=7)
>>> after, events = apply(position, Draw())
>>> line(position, Draw(), events, viewer=1)
'You drew a card.'
>>> line(position, Draw(), events, viewer=1, names=("You", "West", "North", "East")) == 'You drew a card.'
True

Cards that went into a hand are named only to that hand's seat (``viewer``);
``viewer=None`` names every card (the narrated deal, played face up).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..words import capital, join_and, plural
from ..players.levels import HINTS
from ..players.player import Choice
from ..play.moves import Answer, AskPartner, Discard, Draw, EndDeal, Meld, Move, SpecialHand, TakePile
from ..words import cards_words, meld_words
from .names import card_name, in_sentence, seat_names, the_card
from ..play.position import Position, partner_to_ask
from ..play.referee import Ruling


def _the(card) -> str:
    return the_card(card)


def _names(position: Position, names) -> Sequence[str]:
    return names or seat_names(position.seats)


def _lays_words(events, kind: str) -> list[str]:
    parts = []
    for event in events:
        if event.kind == kind:
            if kind == "added":
                target = event.key.plural if event.key is not None else "wild cards"
                parts.append(f"{cards_words(event.cards)} to the {target}")
            else:
                parts.append(meld_words(event.key, event.cards))
    return parts


def _did(position: Position, move: Move, events, seat: int, viewer, names) -> str:
    """Return what the move did, without its subject: "took the pile: 14 cards"."""
    if isinstance(move, Draw):
        drawn = [c for e in events if e.kind == "drew" for c in e.cards]
        if viewer is None or viewer == seat:
            return "drew " + (" and ".join(_the(c) for c in drawn) if drawn else "no card")
        return "drew " + ("a card" if len(drawn) == 1 else plural(len(drawn), "card"))
    if isinstance(move, TakePile):
        size = len(position.pile)
        top = position.pile_top
        with_what = cards_words(move.cards) if move.cards else f"the side's meld of {top.rank.plural}"
        text = f"took the pile of {plural(size, 'card')} ({_the(top)} on top) with {with_what}"
        others = [part for part in _lays_words(events, "laid") if not part.startswith(top.rank.plural)]
        if move.melds and others:
            text += ", and put down " + join_and(others[1:] if len(others) > 1 else others)
        return text
    if isinstance(move, Meld):
        laid, added = _lays_words(events, "laid"), _lays_words(events, "added")
        parts = []
        if laid:
            parts.append("put down " + join_and(laid))
        if added:
            parts.append("added " + join_and(added))
        return ", and ".join(parts) or "melded"
    if isinstance(move, Discard):
        return "discarded " + _the(move.card)
    if isinstance(move, AskPartner):
        partner = partner_to_ask(position, seat)
        return f"asked {in_sentence(_names(position, names)[partner])}: may I go out?"
    if isinstance(move, Answer):
        return "said yes" if move.yes else "said no"
    if isinstance(move, EndDeal):
        return "did not take the pile, so the deal ends"
    if isinstance(move, SpecialHand):
        return f"laid down a special hand ({move.name})"
    return move.kind


def _after(events, position: Position, seat: int, viewer, names) -> list[str]:
    """Return what else happened: canastas, red 3s, the pile frozen, going out."""
    words = []
    for event in events:
        if event.kind == "canasta":
            words.append(f"That makes a canasta of {event.key.plural if event.key is not None else 'wild cards'}.")
        elif event.kind == "three_laid_out":
            whose = _names(position, names)[event.seat]
            verb = "lay" if whose == "You" else "lays"
            words.append(f"{whose} {verb} out {_the(event.cards[0])}.")
        elif event.kind == "pile_frozen" and event.seat is not None:
            words.append("The pile is frozen now.")
        elif event.kind == "went_out":
            whose = _names(position, names)[event.seat]
            words.append(f"{whose} went out{' concealed' if event.detail == 'concealed' else ''}.")
        elif event.kind == "deal_over" and event.detail != "went_out":
            words.append("The deal is over.")
        elif event.kind == "partnership":
            words.append("The other two now play together.")
    return words


def line(position: Position, move: Move, events, *, viewer: int | None = 0, names=None,
         choice: Choice | None = None) -> str:
    """Return the coach's sentence for ``move`` made in ``position`` (before it) and what it made happen.

    ``choice``: the computer's choice, whose reason follows the move; said of another seat than ``viewer``,
    only what a player at a real table could know (``Reason.to_the_table``).
    """
    seat = position.to_move
    who = _names(position, names)[seat]
    text = f"{who} {_did(position, move, events, seat, viewer, names)}"
    said = None
    if choice is not None and choice.move == move:
        hidden = viewer is not None and viewer != seat
        why = choice.reason.to_the_table() if hidden else choice.reason.after_the_move()
        text += f": {why}" if why else ""
        if choice.reason.code == "meld_canasta":  # "it completes a mixed canasta of 9s" says the canasta
            said = dict(choice.reason.params).get("rank")
    ending = "" if text.endswith("?") else "."
    after = [words for words in _after(events, position, seat, viewer, names)
             if said is None or words != f"That makes a canasta of {said}."]
    return " ".join([text + ending] + after)


def refusal_line(ruling: Ruling) -> str:
    """Return why a move was refused, as the referee says it.

    The referee names the meld before each of its broken rules ("Black 3s (3♣): ..."); a meld that breaks
    several is named once, its rules after it.
    """
    parts: list[str] = []
    named = None
    for reason in ruling.reasons:
        head, colon, rest = reason.partition("): ")
        if colon and head + ")" == named:
            parts.append(rest)
            continue
        named = head + ")" if colon else None
        parts.append(reason)
    return " ".join(parts)


def hint(position: Position) -> tuple[Choice, str]:
    """Return the hard level's move for the seat to move, and the sentence that says it and why."""
    choice = HINTS.choose(position)
    return choice, f"{capital(_hint_words(position, choice.move))}, because {choice.reason.for_a_hint()}."


def _hint_words(position: Position, move: Move) -> str:
    if isinstance(move, Draw):
        return "draw a card"
    if isinstance(move, TakePile):
        top = position.pile_top
        text = f"take the pile with {cards_words(move.cards)}" if move.cards else \
            f"take the pile: its top card goes on your side's {top.rank.plural}"
        if move.melds:
            text += ", and put down " + join_and([meld_words(lay.key, lay.cards) for lay in move.melds])
        return text
    if isinstance(move, Meld):
        # A new meld as the coach's lines say it ("2 9s with a 2"); cards for a meld on the table are added to it.
        on_table = position.side_melds(position.side_of(position.turn))
        new = [meld_words(lay.key, lay.cards) for lay in move.melds if lay.key not in on_table]
        added = [f"{cards_words(lay.cards)} to the {lay.key.plural if lay.key is not None else 'wild cards'}"
                 for lay in move.melds if lay.key in on_table]
        parts = (["put down " + join_and(new)] if new else []) + (["add " + join_and(added)] if added else [])
        return ", and ".join(parts)
    if isinstance(move, Discard):
        return "discard " + _the(move.card)
    if isinstance(move, Answer):
        return "say yes" if move.yes else "say no"
    if isinstance(move, EndDeal):
        return "leave the pile and end the deal"
    if isinstance(move, AskPartner):
        return "ask your partner whether you may go out"
    return move.kind


# --- tips after the player's move, and the beginner's mistakes ---------------------------------------------


def mistakes(position: Position, move: Move, after: Position, names=None) -> list[str]:
    """Return the seed page's beginner mistakes ``move`` made (before: ``position``, after: ``after``)."""
    seat = position.to_move
    side = position.side_of(seat)
    found = []
    if isinstance(move, Discard) and move.card.is_natural and after.pile_top == move.card and not after.over:
        nxt = (seat + 1) % position.seats
        their = position.side_of(nxt)
        theirs = position.side_melds(their)
        # Only a mistake where the hand held a card they could not take the pile with.
        safer = any(c != move.card and not c.is_wild and c.rank not in theirs for c in position.hands[seat])
        if their != side and position.melded[their] and not position.pile_frozen and move.card.rank in theirs \
                and safer:
            name = _names(position, names)[nxt]
            found.append(f"That {card_name(move.card).split(' of ')[0]} lets {name} take the pile: "
                         f"the other side has a meld of {move.card.rank.plural}. Look at their melds before you discard.")
    if isinstance(move, Meld):
        before = position.side_melds(side)
        for lay in move.melds:
            meld = before.get(lay.key)
            if meld is not None and meld.is_canasta and meld.meld.wilds == 0 and any(c.is_wild for c in lay.cards):
                found.append(f"A wild card on your natural canasta of {lay.key.plural} makes it mixed: "
                             f"its bonus drops from {position.ruleset.canasta_bonus('natural')} to "
                             f"{position.ruleset.canasta_bonus('mixed')}.")
    if after.over and after.out_seat == seat:
        partner = partner_to_ask(position, seat)
        if partner is not None and len(position.hands[partner]) >= 7:
            name = _names(position, names)[partner]
            found.append(f"You went out while {name} held {plural(len(position.hands[partner]), 'card')}: "
                         "they count against your side.")
    return found


def tip(position: Position, move: Move, names=None) -> str | None:
    """Return a short tip when the hard level saw a clearly better move than ``move``, else None."""
    best = HINTS.choose(position)
    if best.move == move or type(best.move) is type(move) and not isinstance(best.move, (TakePile, Discard)):
        return None
    if isinstance(best.move, TakePile) and isinstance(move, Draw):
        return f"Taking the pile here would have given you {plural(len(position.pile), 'card')}."
    if isinstance(best.move, Draw) and isinstance(move, TakePile) and len(position.pile) <= 3 and move.cards \
            and any(c.is_wild for c in move.cards):
        return "A pile this small is not worth a wild card: drawing would have kept it."
    if isinstance(best.move, Meld) and isinstance(move, Discard) and best.reason.code == "meld_canasta":
        return f"Before discarding, you could have completed a canasta: {best.reason.sentence}."
    return None
