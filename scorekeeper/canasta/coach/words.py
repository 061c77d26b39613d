"""The coach's sentences: every line, hint, tip, mistake and computer's reason worded for the one who reads it.

This module alone holds the coach's words. What it words is data (:mod:`.said`,
:mod:`scorekeeper.canasta.play.reasons`), fresh or as the practice log stored it;
the reader decides the names: their own seat reads "You" ("You took the pile"),
every other seat its name ("Ann took the pile").

>>> from .said import Said
>>> took = Said.of("move", seat=0, did=Said.of("discarded", card="KS"))
>>> names = ("Ann", "Bob", "Cy", "Di")
>>> render(took, Reader(0, names)), render(took, Reader(1, names)), render(took, Reader(None, names))
('You discarded the king of spades.', 'Ann discarded the king of spades.', 'Ann discarded the king of spades.')

A translation later passes its catalogue as ``Reader(..., gettext=...)``: every
template goes through it before its parameters are filled in.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ..messages import N_
from ..cards import Card, Rank, parse_cards
from ..words import CARDS, capital, counted, join_and, number_word, singular
from ..words import cards_words, meld_words
from .names import rank_name, the_card
from .said import as_data


def _untranslated(text: str) -> str:
    return text


@dataclass(frozen=True)
class Reader:
    """Who reads a sentence: their seat (None: an onlooker, nobody is "you"), every seat's name, the catalogue."""

    seat: int | None
    names: Sequence[str]
    gettext: Callable[[str], str] = _untranslated

    def who(self, seat: int) -> str:
        """Return a seat as the subject of a sentence: "You" for the reader's own seat, else its name."""
        return self.gettext("You") if seat == self.seat else self.names[seat]

    def whom(self, seat: int) -> str:
        """Return a seat inside a sentence: "you" for the reader's own seat, else its name."""
        return self.gettext("you") if seat == self.seat else self.names[seat]

    def is_reader(self, seat: int) -> bool:
        """Return True when ``seat`` is the reader's own (the verb agrees with "You": "You lay", "West lays")."""
        return seat == self.seat


# --- a computer's reason -----------------------------------------------------------------------------------

REASONS = {
    # Starting the turn.
    "take_pile": N_("{size} for {what}"),
    "take_pile_first": N_("{size} for {what}, and with {melds} that is a first meld of {points} ({minimum} needed)"),
    "draw": N_("the pile is not worth taking ({why})"),
    "draw_only": "{why}",
    "end_deal": N_("the stock is empty and the pile is not worth taking"),
    "take_pile_forced": N_("with the stock empty the pile must be taken"),
    # Melding.
    "meld_first": N_("a first meld of {points} reaches the minimum of {minimum}"),
    "meld_first_threes": N_("a first meld of {points} reaches the minimum of {minimum}, and the side's red 3s now count for it"),
    "meld_canasta": N_("it completes a mixed canasta of {rank}"),
    "meld_canasta.natural": N_("it completes a natural canasta of {rank}"),
    "meld_grow": N_("the {rank} grow to {size} cards, nearer a canasta"),
    "meld_canasta_grow": N_("the canasta of {rank} grows to {size} cards, and the card is out of the hand"),
    "meld_new": N_("a new meld of {rank} scores {points} and leaves fewer cards in hand"),
    "meld_wild": N_("the wild card brings the {rank} to {size} cards"),
    "meld_away": N_("cards on the table score; cards in hand count against the side"),
    # Going out.
    "go_out": "{why}",
    "go_out_plan": N_("every card but one goes on the table, and the discard goes out"),
    # Discarding.
    "discard_stop": N_("a black 3 stops the next player from taking the pile of {size}"),
    "discard_freeze": N_("a wild card freezes the pile of {size}, so the next player needs a natural pair to take it"),
    "discard_dead": N_("the {rank} are dead: nobody can take the pile with it"),
    "discard_safe": N_("the other side has no meld of {rank}, and it is a single card"),
    "discard_single": N_("a single {single}: the pairs stay in hand for taking the pile"),
    "discard_low": N_("it is worth the least of the cards that do not go together"),
    "discard_risky": N_("every card that can go lets the next player take the pile onto a meld; none risks less"),
    "discard_wild_only": N_("every card left is wild"),
    "discard_frozen": N_("the pile is frozen for the next player: taking it needs a natural pair of {rank}"),
    "discard_unmelded": N_("the next player's side has no meld of {rank}"),
    "discard_to_partner": N_("the next player is a partner"),
    "discard_hold": N_("not going out yet: {why}"),
    "discard_out": N_("the last card: going out"),
    # Answering "may I go out?".
    "answer_yes": N_("I hold {count} ({points} points), so going out costs us little"),
    "answer_yes_danger": N_("the other side is close to going out ({fewest} in one hand): go out now"),
    "answer_no": N_("I hold {count} ({points} points): they would count against us. Let me meld first"),
    # Anything else.
    "only_move": N_("it is the only move"),
    "random_move": N_("drawn at random from the legal moves"),
    "heuristic_move": N_("the greedy heuristic player's rule of thumb"),
    # The expert's search: what it measured.
    "searched": N_("{chose}: {margin}, over {samples} samples of the hidden cards"),
}

# The expert's choices as the "searched" reason names them: (what, card code or None).
SEARCHED = {
    "take_pile": N_("taking the pile"),
    "draw": N_("drawing"),
    "go_out": N_("going out"),
    "hold": N_("not going out yet"),
    "discard": N_("discarding {card}"),
}
# By how much: the search's points, rounded to tens (0: within 5 points either way).
MARGIN = N_("about {points} points more than {versus}")
MARGIN_EVEN = N_("within 5 points of {versus}")

# A reason's nested "why" (drawing, going out, holding on).
WHYS = {
    "alone": N_("{size}, and the first to take it plays alone against the other two"),
    "worth_less": N_("{size}, worth less than a fresh card here"),
    "pile_empty": N_("the pile is empty"),
    "wild_on_top": N_("the pile cannot be taken with a wild card on top"),
    "black_three_on_top": N_("the pile cannot be taken with a black 3 on top"),
    "frozen": N_("the pile is frozen and the hand has no natural pair of {rank}"),
    "cannot_use": N_("the hand cannot use the {rank} on top"),
    "everything": N_("everything goes on the table"),
    "partner_yes": N_("the partner said yes"),
    "lead": N_("the side would lead by about {points} points"),
    "stock_gone": N_("the stock is nearly gone, and going out adds its bonus"),
    "behind": N_("the side would still be behind by about {points} points"),
}

# A black 3 on an empty pile: there is no "pile of 0" to stop anyone taking.
EMPTY_PILE = {"discard_stop": N_("a black 3 stops the next player from taking the pile")}

# The clause after the coach's line, where that line already says part of the reason ("West took the pile
# of 14 cards ... with a pair of jacks"): only what it adds, or nothing.
AFTER_THE_MOVE = {
    "take_pile": "",
    "take_pile_first": N_("that is a first meld of {points} ({minimum} needed)"),
    "discard_out": "",
    "searched": N_("{margin}, over {samples} samples of the hidden cards"),
}

# The clause said of another seat's move in a live game ("told"), where the plain clause would tell its hand: the
# partner's answer, never its cards or points. (The reasons that tell nothing but the hand are not told at all.)
TO_THE_TABLE = {
    "answer_yes": N_("go ahead"),
    "answer_no": N_("not yet"),
}

# The clause after "because" in a hint ("Take the pile with a pair of jacks, because ..."), where the plain clause
# does not read as one ("because 14 cards for a pair of jacks").
FOR_A_HINT = {
    "take_pile": N_("taking its {size} beats a card from the stock"),
    "take_pile_first": N_("together they make a first meld of {points} ({minimum} needed)"),
    "discard_single": N_("it is a single {single}: the pairs stay in hand for taking the pile"),
    "discard_out": N_("it is your last card, so you go out"),
    "searched": N_("over {samples} samples of the hidden cards it scored {margin}"),
}


def _cards(codes) -> list[Card]:
    return parse_cards(" ".join(codes)) if codes else []


def _card(code: str) -> Card:
    return parse_cards(code)[0]


def _rank(code) -> Rank | None:
    return None if code is None else Rank(code)


def _ranks_word(code, gettext=_untranslated) -> str:
    """Return a meld's rank in words, plural: "kings", "10s"; "wild cards" for a meld of wild cards."""
    return gettext(N_("wild cards")) if code is None else gettext(Rank(code).plural)


def _meld(meld, gettext=_untranslated) -> str:
    rank, codes = meld
    return meld_words(_rank(rank), _cards(codes), gettext)


def _points(value, gettext=_untranslated) -> str:
    return number_word(round(value), gettext)


def _reason_fields(code: str, params: Mapping, reader: Reader) -> dict:
    """Return a reason's parameters as the words its templates take."""
    _ = reader.gettext
    fields = dict(params)
    if "size" in params and code in ("take_pile", "take_pile_first", "draw"):  # "14 cards"; elsewhere a number
        fields["size"] = counted(params["size"], CARDS, _)
    if "cards" in params:
        fields["what"] = (cards_words(_cards(params["cards"]), _) if params["cards"] else
                          _("the side's meld of {rank}").format(rank=_(Rank(params["top"]).plural)))
    if "melds" in params:
        fields["melds"] = join_and([_meld(meld, _) for meld in params["melds"]], _)
    if "rank" in params:
        fields["rank"] = _ranks_word(params["rank"], _)
        fields["single"] = singular(Rank(params["rank"])) if params["rank"] is not None else ""
    if "count" in params:
        fields["count"] = counted(params["count"], CARDS, _)
    if "fewest" in params:
        fields["fewest"] = counted(params["fewest"], CARDS, _)
    if "points" in params and params.get("why") in ("lead", "behind"):
        fields["points"] = _points(params["points"], _)
    if "why" in params:
        fields["why"] = _(WHYS[params["why"]]).format(**fields)
    if code == "searched":
        for key in ("chose", "versus"):
            what, card = params[key]
            fields[key] = _(SEARCHED[what]).format(card=the_card(_card(card), _) if card else "")
        fields["points"] = _points(params["points"], _)
        fields["margin"] = _(MARGIN if params["points"] else MARGIN_EVEN).format(**fields)
    return fields


def _variant(code: str, params: Mapping) -> str:
    """Return the key of the reason's whole sentence: a canasta's kind is a sentence of its own ("a natural canasta")."""
    return "meld_canasta.natural" if code == "meld_canasta" and params.get("kind") == "natural" else code


def reason_clause(reason, form: str = "plain", reader: Reader | None = None) -> str:
    """Return a computer's reason as a clause: ``form`` "plain" (after a colon), "after" (after a line that says
    what the move did; may be empty), "told" (another seat's reason as the table hears it) or "hint" (after
    "because")."""
    reader = reader or Reader(None, ())
    data = as_data(reason)
    code, params = data["code"], data.get("params", {})
    if form == "told":
        form = "after" if code not in TO_THE_TABLE else form
    template = {"after": AFTER_THE_MOVE, "hint": FOR_A_HINT, "told": TO_THE_TABLE}.get(form, {}).get(code)
    if template is None:
        template = EMPTY_PILE[code] if code in EMPTY_PILE and params.get("size") == 0 else REASONS[_variant(code, params)]
    return reader.gettext(template).format(**_reason_fields(code, params, reader)) if template else ""


# --- a line: what a seat's move did, why, and what else happened ------------------------------------------------

MOVES = {
    "drew": N_("drew {cards}"),
    "drew_hidden": N_("drew {count}"),
    "took_pile": N_("took the pile of {size} ({top} on top) with {what}"),
    "took_pile_laid": N_("took the pile of {size} ({top} on top) with {what}, and put down {laid}"),
    "put_down": N_("put down {laid}"),
    "added": N_("added {added}"),
    "melded": "melded",
    "discarded": N_("discarded {card}"),
    "asked": N_("asked {partner}: may I go out?"),
    "said_yes": N_("said yes"),
    "said_no": N_("said no"),
    "ended_deal": N_("did not take the pile, so the deal ends"),
    "special_hand": N_("laid down a special hand ({name})"),
}

AFTER = {
    "canasta": N_("That makes a canasta of {rank}."),
    "three_laid_out": N_("{who} lays out {card}."),
    "three_laid_out_you": N_("{who} lay out {card}."),
    "pile_frozen": N_("The pile is frozen now."),
    "went_out": N_("{who} went out."),
    "went_out_concealed": N_("{who} went out concealed."),
    "deal_over": N_("The deal is over."),
    "partnership": N_("The other two now play together."),
}


ADDED_TO = N_("{cards} to the {ranks}")


def _added(added, gettext=_untranslated) -> list[str]:
    return [gettext(ADDED_TO).format(cards=cards_words(_cards(codes), gettext), ranks=_ranks_word(rank, gettext))
            for rank, codes in added]


def _did(did: Mapping, reader: Reader) -> str:
    _ = reader.gettext
    code, params = did["code"], did.get("params", {})
    if code == "drew":
        if "cards" in params:
            drawn = _cards(params["cards"])
            return _(MOVES["drew"]).format(cards=join_and([the_card(c, _) for c in drawn], _) if drawn else _("no card"))
        count = params["count"]
        return _(MOVES["drew_hidden"]).format(count=_("a card") if count == 1 else counted(count, CARDS, _))
    if code == "took_pile":
        top = _card(params["top"])
        fields = {"size": counted(params["size"], CARDS, _), "top": the_card(top, _),
                  "what": cards_words(_cards(params["cards"]), _) if params["cards"] else
                  _("the side's meld of {rank}").format(rank=_(top.rank.plural)),
                  "laid": join_and([_meld(meld, _) for meld in params["laid"]], _) if params["laid"] else ""}
        return _(MOVES["took_pile_laid" if params["laid"] else "took_pile"]).format(**fields)
    if code == "melded":
        parts = []
        if params["laid"]:
            parts.append(_(MOVES["put_down"]).format(laid=join_and([_meld(meld, _) for meld in params["laid"]], _)))
        if params["added"]:
            parts.append(_(MOVES["added"]).format(added=join_and(_added(params["added"], _), _)))
        return ", and ".join(parts) or _(MOVES["melded"])
    if code == "discarded":
        return _(MOVES["discarded"]).format(card=the_card(_card(params["card"]), _))
    if code == "asked":
        return _(MOVES["asked"]).format(partner=reader.whom(params["partner"]))
    if code == "answered":
        return _(MOVES["said_yes" if params["yes"] else "said_no"])
    if code == "ended_deal":
        return _(MOVES["ended_deal"])
    if code == "special_hand":
        return _(MOVES["special_hand"]).format(name=params["name"])
    return params.get("kind", code)


def _after(said: Mapping, reader: Reader) -> str:
    _ = reader.gettext
    code, params = said["code"], said.get("params", {})
    if code == "canasta":
        return _(AFTER["canasta"]).format(rank=_ranks_word(params["rank"], _))
    if code == "three_laid_out":
        seat = params["seat"]
        return _(AFTER["three_laid_out_you" if reader.is_reader(seat) else "three_laid_out"]).format(
            who=reader.who(seat), card=the_card(_card(params["card"]), _))
    if code == "went_out":
        return _(AFTER["went_out_concealed" if params["concealed"] else "went_out"]).format(
            who=reader.who(params["seat"]))
    return _(AFTER[code])


def _line(params: Mapping, reader: Reader) -> str:
    text = f"{reader.who(params['seat'])} {_did(params['did'], reader)}"
    if params.get("reason"):
        why = reason_clause(params["reason"], "told" if params.get("told") else "after", reader)
        text += f": {why}" if why else ""
    ending = "" if text.endswith("?") else "."
    return " ".join([text + ending] + [_after(said, reader) for said in params.get("after", ())])


# --- hints, tips, mistakes, the partner's answer, the deal dealt ------------------------------------------------

HINTS = {
    "draw": N_("draw a card"),
    "take_pile": N_("take the pile with {cards}"),
    "take_pile_onto": N_("take the pile: its top card goes on your side's {rank}"),
    "and_put_down": N_("{hint}, and put down {melds}"),
    "put_down": N_("put down {melds}"),
    "add": N_("add {added}"),
    "discard": N_("discard {card}"),
    "say_yes": N_("say yes"),
    "say_no": N_("say no"),
    "end_deal": N_("leave the pile and end the deal"),
    "ask_partner": N_("ask your partner whether you may go out"),
    "hint": N_("{hint}, because {why}."),
}

SAYINGS = {
    "tip_take_pile": N_("Taking the pile here would have given you {size}."),
    "tip_small_pile": N_("A pile this small is not worth a wild card: drawing would have kept it."),
    "tip_canasta_first": N_("Before discarding, you could have completed a canasta: {why}."),
    "mistake_feeds_pile": (N_("That {card} lets {seat} take the pile: the other side has a meld of {rank}. "
                           "Look at their melds before you discard.")),
    "mistake_wild_on_natural": (N_("A wild card on your natural canasta of {rank} makes it mixed: "
                                "its bonus drops from {natural} to {mixed}.")),
    "mistake_out_over_partner": N_("You went out while {seat} held {count}: they count against your side."),
    "partner_answered": N_("{who} says {word}: {why}."),
    "partner_answered_you": N_("{who} say {word}: {why}."),
    "dealt": N_("The cards are dealt: {count} each."),
    "dealt_eleven": N_("The cards are dealt: 11 each, and a card turned up to start the pile."),
}


def _hint_move(move: Mapping, reader: Reader) -> str:
    _ = reader.gettext
    code, params = move["code"], move.get("params", {})
    if code == "take_pile":
        text = _(HINTS["take_pile"]).format(cards=cards_words(_cards(params["cards"]), _)) if params["cards"] else \
            _(HINTS["take_pile_onto"]).format(rank=_(_card(params["top"]).rank.plural))
        if params["melds"]:
            text = _(HINTS["and_put_down"]).format(hint=text, melds=join_and([_meld(m, _) for m in params["melds"]], _))
        return text
    if code == "meld":
        parts = ([_(HINTS["put_down"]).format(melds=join_and([_meld(m, _) for m in params["new"]], _))]
                 if params["new"] else [])
        parts += [_(HINTS["add"]).format(added=join_and(_added(params["added"], _), _))] if params["added"] else []
        return ", and ".join(parts)
    if code == "discard":
        return _(HINTS["discard"]).format(card=the_card(_card(params["card"]), _))
    if code == "answer":
        return _(HINTS["say_yes" if params["yes"] else "say_no"])
    if code in HINTS:
        return _(HINTS[code])
    return params.get("kind", code)


def _saying(code: str, params: Mapping, reader: Reader) -> str:
    _ = reader.gettext
    if code == "hint":
        return _(HINTS["hint"]).format(hint=capital(_hint_move(params["move"], reader)),
                                       why=reason_clause(params["reason"], "hint", reader))
    fields = {}
    if code == "tip_take_pile":
        fields["size"] = counted(params["size"], CARDS, _)
    elif code == "tip_canasta_first":
        fields["why"] = reason_clause(params["reason"], "plain", reader)
    elif code == "mistake_feeds_pile":
        card = _card(params["card"])
        fields.update(card=rank_name(card, _), seat=reader.whom(params["seat"]), rank=_(card.rank.plural))
    elif code == "mistake_wild_on_natural":
        fields.update(rank=_ranks_word(params["rank"], _), natural=params["natural"], mixed=params["mixed"])
    elif code == "mistake_out_over_partner":
        fields.update(seat=reader.whom(params["seat"]), count=counted(params["count"], CARDS, _))
    elif code == "partner_answered":
        seat = params["seat"]
        fields.update(who=reader.who(seat), word=_("yes") if params["yes"] else _("no"),
                      why=reason_clause(params["reason"], "told" if params.get("told") else "plain", reader))
        code = "partner_answered_you" if reader.is_reader(seat) else code
    elif code == "dealt":
        code = "dealt_eleven" if params["count"] == 11 else code
        fields["count"] = params["count"]
    return _(SAYINGS[code]).format(**fields)


def render(said, reader: Reader) -> str:
    """Return what the coach said (a :class:`.said.Said`, or its stored data) as a sentence for ``reader``."""
    data = as_data(said)
    code, params = data["code"], data.get("params", {})
    if code == "move":
        return _line(params, reader)
    return _saying(code, params, reader)


__all__ = ["Reader", "reason_clause", "render"]
