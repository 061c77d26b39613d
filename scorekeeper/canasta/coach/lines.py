"""The coach: what it says about every move of every seat, why the computer made it, hints, tips and mistakes.

Everything here is data (:class:`~scorekeeper.canasta.coach.said.Said`: a code
and its parameters, seats as numbers, cards as codes); the sentences are made
when shown, for the reader, by :func:`scorekeeper.canasta.coach.words.render`.

>>> from ..play.table import deal
>>> from ..play.moves import Draw
>>> from ..play.referee import apply
>>> from .words import Reader, render
>>> position, _ = deal("classic", seed=7)
>>> after, events = apply(position, Draw())
>>> said = line(position, Draw(), events, viewer=1)
>>> said.code, said.get("seat"), said.get("did").as_dict()
('move', 0, {'code': 'drew', 'params': {'count': 1}})
>>> names = ("Ann", "Bob", "Cy", "Di")
>>> render(said, Reader(0, names)), render(said, Reader(1, names))
('You drew a card.', 'Ann drew a card.')

Cards that went into a hand are in the data only for that hand's seat
(``viewer``); ``viewer=None`` keeps every card (the narrated deal, played face up).
"""

from __future__ import annotations

from ..play.moves import Answer, AskPartner, Discard, Draw, EndDeal, Meld, Move, SpecialHand, TakePile
from ..play.position import Position, partner_to_ask
from ..play.referee import Ruling
from ..players.levels import HINTS
from ..players.plan import feeds_needlessly
from ..players.player import Choice
from .said import Said


def _codes(cards) -> tuple[str, ...]:
    return tuple(card.code for card in cards)


def _rank(key) -> str | None:
    """Return a meld's rank as its code; None for a meld of wild cards."""
    return key.symbol if key is not None else None


def _lays(events, kind: str) -> tuple:
    """Return the melds laid (``kind`` "laid") or the cards added ("added") as [rank, cards], in order."""
    return tuple((_rank(event.key), _codes(event.cards)) for event in events if event.kind == kind)


def _did(position: Position, move: Move, events, seat: int, viewer) -> Said:
    """Return what the move did, without its subject."""
    if isinstance(move, Draw):
        drawn = [c for e in events if e.kind == "drew" for c in e.cards]
        if viewer is None or viewer == seat:
            return Said.of("drew", cards=_codes(drawn))
        return Said.of("drew", count=len(drawn))
    if isinstance(move, TakePile):
        laid = _lays(events, "laid")
        # The first meld laid is the pile's own, said by "took the pile ... with": the others follow.
        return Said.of("took_pile", size=len(position.pile), top=position.pile_top.code, cards=_codes(move.cards),
                       laid=(laid[1:] if len(laid) > 1 else laid) if move.melds else ())
    if isinstance(move, Meld):
        return Said.of("melded", laid=_lays(events, "laid"), added=_lays(events, "added"))
    if isinstance(move, Discard):
        return Said.of("discarded", card=move.card.code)
    if isinstance(move, AskPartner):
        return Said.of("asked", partner=partner_to_ask(position, seat))
    if isinstance(move, Answer):
        return Said.of("answered", yes=move.yes)
    if isinstance(move, EndDeal):
        return Said.of("ended_deal")
    if isinstance(move, SpecialHand):
        return Said.of("special_hand", name=move.name)
    return Said.of("other", kind=move.kind)


def _after(events, skip_canasta=None) -> tuple[Said, ...]:
    """Return what else happened: canastas, red 3s, the pile frozen, going out (a canasta of ``skip_canasta`` is
    said already)."""
    said = []
    for event in events:
        if event.kind == "canasta":
            if skip_canasta is None or _rank(event.key) != skip_canasta[0]:
                said.append(Said.of("canasta", rank=_rank(event.key)))
        elif event.kind == "three_laid_out":
            said.append(Said.of("three_laid_out", seat=event.seat, card=event.cards[0].code))
        elif event.kind == "pile_frozen" and event.seat is not None:
            said.append(Said.of("pile_frozen"))
        elif event.kind == "went_out":
            said.append(Said.of("went_out", seat=event.seat, concealed=event.detail == "concealed"))
        elif event.kind == "deal_over" and event.detail != "went_out":
            said.append(Said.of("deal_over"))
        elif event.kind == "partnership":
            said.append(Said.of("partnership"))
    return tuple(said)


def line(position: Position, move: Move, events, *, viewer: int | None = 0, choice: Choice | None = None) -> Said:
    """Return the coach's line for ``move`` made in ``position`` (before it) and what it made happen.

    ``viewer``: the seat whose eyes the line is for: the cards drawn into another hand are only counted, and of
    another seat's move only what a player at a real table could know is said (:meth:`Reason.to_the_table`); None
    for a deal played face up. ``choice``: the computer's choice, whose reason follows the move.
    """
    seat = position.to_move
    why = choice.reason if choice is not None and choice.move == move else None
    # "it completes a mixed canasta of 9s" says the canasta: "That makes a canasta of 9s" is not said again.
    said = (dict(why.params).get("rank"),) if why is not None and why.code == "meld_canasta" else None
    told = why is not None and viewer is not None and viewer != seat
    why = why.to_the_table() if told else why
    return Said.of("move", seat=seat, did=_did(position, move, events, seat, viewer), reason=why,
                   after=_after(events, said), **_told(told and why is not None))


def _told(told: bool) -> dict:
    """Return the mark of a reason told to another seat (worded as the table hears it), or nothing."""
    return {"told": True} if told else {}


def answer_line(position: Position, choice: Choice, viewer: int | None = 0) -> Said:
    """Return the partner's answer to "may I go out?" (``position``: the partner to answer), with its reason.

    Said to another seat than the partner's, the answer tells nothing of its hand ("North says yes: go ahead").
    """
    told = viewer is not None and viewer != position.to_move
    return Said.of("partner_answered", seat=position.to_move, yes=choice.move.yes,
                   reason=choice.reason.to_the_table() if told else choice.reason, **_told(told))


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


def hint(position: Position) -> tuple[Choice, Said]:
    """Return the hard level's move for the seat to move, and the hint that says it and why."""
    choice = HINTS.choose(position)
    return choice, Said.of("hint", move=_hint_move(position, choice.move), reason=choice.reason)


def _hint_move(position: Position, move: Move) -> Said:
    if isinstance(move, Draw):
        return Said.of("draw")
    if isinstance(move, TakePile):
        return Said.of("take_pile", cards=_codes(move.cards), top=position.pile_top.code,
                       melds=tuple((_rank(lay.key), _codes(lay.cards)) for lay in move.melds))
    if isinstance(move, Meld):
        # A new meld as the coach's lines say it ("2 9s with a 2"); cards for a meld on the table are added to it.
        on_table = position.side_melds(position.side_of(position.turn))
        return Said.of("meld", new=tuple((_rank(lay.key), _codes(lay.cards)) for lay in move.melds
                                         if lay.key not in on_table),
                       added=tuple((_rank(lay.key), _codes(lay.cards)) for lay in move.melds if lay.key in on_table))
    if isinstance(move, Discard):
        return Said.of("discard", card=move.card.code)
    if isinstance(move, Answer):
        return Said.of("answer", yes=move.yes)
    if isinstance(move, EndDeal):
        return Said.of("end_deal")
    if isinstance(move, AskPartner):
        return Said.of("ask_partner")
    return Said.of("other", kind=move.kind)


# --- tips after the player's move, and the beginner's mistakes ---------------------------------------------


def mistakes(position: Position, move: Move, after: Position) -> list[Said]:
    """Return the seed page's beginner mistakes ``move`` made (before: ``position``, after: ``after``).

    They speak to the seat that made the move.
    """
    seat = position.to_move
    side = position.side_of(seat)
    found = []
    if isinstance(move, Discard) and after.pile_top == move.card and not after.over \
            and feeds_needlessly(position, seat, move.card):
        # Only a mistake where the hand held a card that risked less, by the measure the hint's discard uses.
        found.append(Said.of("mistake_feeds_pile", card=move.card.code, seat=(seat + 1) % position.seats))
    if isinstance(move, Meld):
        before = position.side_melds(side)
        for lay in move.melds:
            meld = before.get(lay.key)
            if meld is not None and meld.is_canasta and meld.meld.wilds == 0 and any(c.is_wild for c in lay.cards):
                found.append(Said.of("mistake_wild_on_natural", rank=_rank(lay.key),
                                     natural=position.ruleset.canasta_bonus("natural"),
                                     mixed=position.ruleset.canasta_bonus("mixed")))
    if after.over and after.out_seat == seat:
        partner = partner_to_ask(position, seat)
        if partner is not None and len(position.hands[partner]) >= 7:
            found.append(Said.of("mistake_out_over_partner", seat=partner, count=len(position.hands[partner])))
    return found


def tip(position: Position, move: Move) -> Said | None:
    """Return a short tip when the hard level saw a clearly better move than ``move``, else None."""
    best = HINTS.choose(position)
    if best.move == move or type(best.move) is type(move) and not isinstance(best.move, (TakePile, Discard)):
        return None
    if isinstance(best.move, TakePile) and isinstance(move, Draw):
        return Said.of("tip_take_pile", size=len(position.pile))
    if isinstance(best.move, Draw) and isinstance(move, TakePile) and len(position.pile) <= 3 and move.cards \
            and any(c.is_wild for c in move.cards):
        return Said.of("tip_small_pile")
    if isinstance(best.move, Meld) and isinstance(move, Discard) and best.reason.code == "meld_canasta":
        return Said.of("tip_canasta_first", reason=best.reason)
    return None
