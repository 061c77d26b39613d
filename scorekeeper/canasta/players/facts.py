"""Every fact a computer's reason states, checked against the position it was given for.

A reason is data (:mod:`.reasons`): a code and its parameters. Each code states
facts ("the pile of 10 is worth less than a fresh card here", "every card that
can go lets the next player take the pile"); :func:`false_facts` checks each one
on the position and returns the facts that do not hold (none: the reason is true).
Facts about the seat's own count ("worth less", "behind by about 120 points")
are counted again on what the seat may know (:func:`..play.masked.masked`), by the
level that gave the reason; the others are read off the position.

The checker also holds the choice to what the coach warns about: a discard never
throws a wild card away while another card could go (unless it freezes a big pile,
and says so), and never feeds the next player's meld while a card that risks less
is in hand (the coach's "watch out", :func:`.plan.feeds_needlessly`).

>>> from ..play.table import deal
>>> from .levels import LEVELS
>>> position, _ = deal("classic", seed=7)
>>> false_facts(position, LEVELS["normal"].choose(position))
[]
"""

from __future__ import annotations

from ..play.going import going_out_plan
from ..play.legal import legal_moves
from ..play.masked import masked
from ..play.moves import Answer, Discard, Draw, Meld, TakePile
from ..play.position import Position
from ..play.referee import apply, examine
from ..rules import next_minimum
from . import plan
from .levels import LAST_CARDS, LEVELS, _out_plan, frozen_for
from .player import Choice
from .search import pile_gains, takes_alone
from .weigh import fewest_opponent_cards, next_opponent


def false_facts(position: Position, choice: Choice, player=None) -> list[str]:
    """Return each fact ``choice``'s reason states that does not hold in ``position`` (before the move), by name.

    ``player``: the player that chose, when it is not the level its choice names (an expert with another budget);
    the facts it measured are measured again by it.
    """
    seat = position.to_move
    code, params = choice.reason.code, dict(choice.reason.params)
    move = choice.move
    wrong = [] if move in legal_moves(position) else ["the move is allowed"]
    if isinstance(move, Discard):
        if plan.wild_needlessly(position, seat, move.card):
            wrong.append("no wild card is thrown away while another card can go")
        if plan.feeds_needlessly(position, seat, move.card):
            wrong.append("no discard feeds the next player's meld while a card that risks less is in hand")
    check = CHECKS.get(code)
    if check is None:
        return wrong + [f"{code} is a reason the checker knows"]
    facts = _searched(position, seat, move, params, choice, player) if check is _searched else \
        check(position, seat, move, params, choice)
    return wrong + [fact for fact, holds in facts if not holds]


# --- starting the turn ----------------------------------------------------------------------------------------


def _codes(cards) -> tuple:
    return tuple(card.code for card in cards)


def _gain(position: Position, seat: int, choice: Choice) -> float | None:
    """Return what the best way of taking the pile gains over drawing, counted again by the choice's level."""
    computer = LEVELS.get(choice.level)
    if computer is None:
        return None
    takes = [move for move in legal_moves(position) if isinstance(move, TakePile)]
    best, gain, _ = pile_gains(masked(position, seat), seat, computer.level, takes)
    return gain if best is not None else None


def _take_pile(position, seat, move, params, choice):
    gain = _gain(position, seat, choice)
    yield "it takes the pile", isinstance(move, TakePile)
    yield "the pile holds size cards", params.get("size") == len(position.pile)
    yield "the top card is of rank top", params.get("top") == position.pile_top.rank.symbol
    yield "it takes the pile with cards", isinstance(move, TakePile) and params.get("cards") == _codes(move.cards)
    yield "taking it beats a card from the stock, by the level's count", gain is None or gain > 0


def _take_pile_first(position, seat, move, params, choice):
    side = position.side_of(seat)
    yield "it takes the pile", isinstance(move, TakePile)
    if not isinstance(move, TakePile):
        return
    points = sum(c.points for lay in move.melds for c in lay.cards) + sum(c.points for c in move.cards)
    yield "the side had not melded", not position.melded[side]
    yield "the melds count points", params.get("points") == points + position.pile_top.points
    yield "the minimum is minimum", params.get("minimum") == next_minimum(position.ruleset, position.total_of(seat))
    yield "points reach the minimum", params.get("points", 0) >= params.get("minimum", 0)


def _take_pile_forced(position, seat, move, params, choice):
    yield "the stock is empty", not position.stock
    yield "drawing is not allowed", Draw() not in legal_moves(position)


def _draw(position, seat, move, params, choice):
    yield "it draws", isinstance(move, Draw)
    yield "the pile holds size cards", params.get("size") == len(position.pile)
    if params.get("why") == "alone":
        yield "taking the pile first plays alone", takes_alone(position)
    else:
        gain = _gain(position, seat, choice)
        yield "the pile is worth less than a fresh card, by the level's count", gain is not None and gain <= 0


def _draw_only(position, seat, move, params, choice):
    why, top = params.get("why"), position.pile_top
    yield "it draws", isinstance(move, Draw)
    if why == "pile_empty":
        yield "the pile is empty", not position.pile
        return
    yield "the pile cannot be taken", not any(isinstance(m, TakePile) for m in legal_moves(position))
    if why == "wild_on_top":
        yield "a wild card is on top", top is not None and top.is_wild
    elif why == "black_three_on_top":
        yield "a black 3 is on top", top is not None and top.is_black_three
    elif why in ("frozen", "cannot_use"):
        yield "the top card is of rank", top is not None and params.get("rank") == top.rank.symbol
        if why == "frozen":
            pair = sum(1 for c in position.hands[seat] if c.is_natural and c.rank is top.rank) >= 2
            yield "the pile is frozen for the side", frozen_for(position, position.side_of(seat))
            yield "the hand has no natural pair of rank", not pair


def _end_deal(position, seat, move, params, choice):
    yield "the stock is empty", not position.stock


# --- melding ----------------------------------------------------------------------------------------------------


def _laid_points(move) -> int:
    return sum(c.points for lay in move.melds for c in lay.cards)


def _meld_first(position, seat, move, params, choice):
    side = position.side_of(seat)
    yield "it melds", isinstance(move, Meld)
    if not isinstance(move, Meld):
        return
    yield "the side had not melded", not position.melded[side]
    yield "the melds count points", params.get("points") == _laid_points(move)
    yield "the minimum is minimum", params.get("minimum") == next_minimum(position.ruleset, position.total_of(seat))
    yield "points reach the minimum", params.get("points", 0) >= params.get("minimum", 0)
    if choice.reason.code == "meld_first_threes":
        yield "the side has red 3s laid out", any(c.is_red_three for s in position.seats_of(side)
                                                  for c in position.threes[s])
        after, _ = apply(position, move)
        yield "the side's red 3s counted against it and now count for it", \
            _threes_sign(position, side) < 0 < _threes_sign(after, side)


def _threes_sign(position, side) -> int:
    """Return how the side's 3s laid out would count if the deal ended now: 1 for it, -1 against, 0 not at all
    (Classic: by its first meld; Modern American: by its canastas)."""
    melded = sum(meld.meld.points for meld in position.melds[side]) if position.melded[side] else 0
    return position.ruleset.family.table_signs(position.options, position.canastas(side), melded)[0]


def _after_meld(position, seat, move):
    after, _ = apply(position, move)
    side = position.side_of(seat)
    return position.side_melds(side), after.side_melds(side)


def _symbol(key):
    return key.symbol if key is not None else None


def _meld_named(position, seat, move, params):
    """Return the side's meld of the reason's rank before and after the move."""
    old, new = _after_meld(position, seat, move)
    key = next((k for k in new if _symbol(k) == params.get("rank")), "none")
    return old.get(key), new.get(key)


def _meld_canasta(position, seat, move, params, choice):
    yield "it melds", isinstance(move, Meld)
    if not isinstance(move, Meld):
        return
    before, after = _meld_named(position, seat, move, params)
    yield "it completes a canasta of rank", after is not None and after.is_canasta and not (
        before is not None and before.is_canasta)
    kind = "natural" if after is not None and after.meld.wilds == 0 else "mixed"
    yield "the canasta is of kind", params.get("kind") == kind


def _meld_size(position, seat, move, params, choice):
    yield "it melds", isinstance(move, Meld)
    if not isinstance(move, Meld):
        return
    code = choice.reason.code
    before, after = _meld_named(position, seat, move, params)
    yield "the meld of rank holds size cards after it", after is not None and len(after.cards) == params.get("size")
    yield "the side had a meld of rank", before is not None
    if code == "meld_canasta_grow":
        yield "the meld of rank was a canasta", before is not None and before.is_canasta
    if code == "meld_wild":
        laid = [c for lay in move.melds if _symbol(lay.key) == params.get("rank") for c in lay.cards]
        yield "the cards added are wild", bool(laid) and all(c.is_wild for c in laid)


def _meld_new(position, seat, move, params, choice):
    yield "it melds", isinstance(move, Meld)
    if not isinstance(move, Meld):
        return
    before, after = _meld_named(position, seat, move, params)
    yield "the meld of rank is new", before is None and after is not None
    yield "the new meld scores points", after is not None and after.meld.points == params.get("points")


def _meld_away(position, seat, move, params, choice):
    yield "it melds", isinstance(move, Meld)


# --- going out and discarding -----------------------------------------------------------------------------------


def _go_out(position, seat, move, params, choice):
    why = params.get("why")
    going, _ = going_out_plan(position, examine)
    yield "the hand can go out", going is not None and going[0] == move
    if why == "partner_yes":
        yield "the partner said yes", position.answer is True
    elif why in ("lead", "stock_gone") and going is not None:
        out, said = _out_plan(masked(position, seat), seat, going)
        yield "going out is the level's count", out and said.get("why") == why
        if why == "lead":
            yield "the side would lead by about points", said.get("points") == params.get("points")
        else:
            yield "the stock is nearly gone", len(position.stock) <= LAST_CARDS


def _discard_hold(position, seat, move, params, choice):
    going, _ = going_out_plan(position, examine)
    yield "it discards", isinstance(move, Discard)
    yield "the hand could go out", going is not None
    if going is not None:
        out, said = _out_plan(masked(position, seat), seat, going)
        yield "the side would still be behind by about points", not out and said == {
            "why": "behind", "points": params.get("points")}


def _discard_out(position, seat, move, params, choice):
    yield "it is the last card", isinstance(move, Discard) and len(position.hands[seat]) == 1


def _card(move):
    return move.card if isinstance(move, Discard) else None


def _discard_stop(position, seat, move, params, choice):
    card = _card(move)
    yield "it is a black 3", card is not None and card.is_black_three
    yield "the pile holds size cards", params.get("size") == len(position.pile)
    yield "the next player is of the other side", position.side_of(next_opponent(position, seat)) != \
        position.side_of(seat)


def _discard_freeze(position, seat, move, params, choice):
    card = _card(move)
    yield "it freezes a big pile", card is not None and plan.freezes(position, seat, card)
    yield "the pile will hold size cards", params.get("size") == len(position.pile) + 1


def _discard_wild_only(position, seat, move, params, choice):
    yield "every card in hand is wild", isinstance(move, Discard) and all(c.is_wild for c in position.hands[seat])


def _discard_dead(position, seat, move, params, choice):
    card = _card(move)
    yield "the card's rank is dead", card is not None and card.rank in position.dead
    yield "the rank is rank", card is not None and card.rank.symbol == params.get("rank")


def _their_melds(position, seat):
    return position.side_melds(position.side_of(next_opponent(position, seat)))


def _rank_fact(card, params):
    return "the card is of rank", card is not None and card.rank.symbol == params.get("rank")


def _single(position, seat, card) -> bool:
    return card is not None and sum(1 for c in position.hands[seat] if c.rank is card.rank) == 1


def _discard_safe(position, seat, move, params, choice):
    card = _card(move)
    yield _rank_fact(card, params)
    yield "the other side has no meld of rank", card is not None and card.rank not in _their_melds(position, seat)
    yield "it is a single card", _single(position, seat, card)


def _discard_single(position, seat, move, params, choice):
    card = _card(move)
    hand = position.hands[seat]
    yield _rank_fact(card, params)
    yield "it is a single card", _single(position, seat, card)
    yield "the hand keeps a pair", any(sum(1 for c in hand if c.is_natural and c.rank is rank) >= 2
                                       for rank in {c.rank for c in hand})


def _discard_low(position, seat, move, params, choice):
    card = _card(move)
    side = position.side_of(seat)
    alone = [c for c in position.hands[seat] if c.is_natural and _single(position, seat, c)
             and c.rank not in position.side_melds(side)]
    yield "it is worth the least of the cards that do not go together", card in alone and all(
        card.points <= c.points for c in alone)


def _discard_risky(position, seat, move, params, choice):
    card = _card(move)
    others = [c for c in position.hands[seat] if not c.is_wild]
    yield "it lets the next player take the pile", card is not None and plan.feeds(position, seat, card)
    yield "every card that can go lets the next player take the pile", all(plan.feeds(position, seat, c)
                                                                          for c in others)
    mine = plan.risk(position, seat, card) if card is not None else 0
    yield "none risks less", all(plan.risk(position, seat, c) >= mine for c in others)


def _discard_frozen(position, seat, move, params, choice):
    card = _card(move)
    yield _rank_fact(card, params)
    yield "the pile is frozen for the next player", frozen_for(position, position.side_of(next_opponent(position, seat)))


def _discard_unmelded(position, seat, move, params, choice):
    card = _card(move)
    yield _rank_fact(card, params)
    yield "the next player's side has no meld of rank", card is not None and card.rank not in _their_melds(position,
                                                                                                           seat)


def _discard_to_partner(position, seat, move, params, choice):
    yield "the next player is a partner", position.side_of(next_opponent(position, seat)) == position.side_of(seat)


# --- answering and the rest -------------------------------------------------------------------------------------


def _answer(position, seat, move, params, choice):
    hand = position.hands[seat]
    code = choice.reason.code
    yield "it answers", isinstance(move, Answer) and move.yes == (code != "answer_no")
    if code == "answer_yes_danger":
        fewest = fewest_opponent_cards(position, seat)
        yield "the other side holds fewest cards in one hand", params.get("fewest") == fewest and fewest <= 3
        return
    yield "the hand holds count cards", params.get("count") == len(hand)
    yield "the hand holds points", params.get("points") == sum(c.points for c in hand)
    few = len(hand) <= 4 or sum(c.points for c in hand) <= 40
    yield "going out costs little" if code == "answer_yes" else "the hand is too big to go out", \
        few == (code == "answer_yes")


def _only_move(position, seat, move, params, choice):
    yield "no discard is allowed", not any(isinstance(m, Discard) for m in legal_moves(position))


def _anything(position, seat, move, params, choice):
    return ()


def _searched(position, seat, move, params, choice, player=None):
    """The expert's measure: searched again from what the seat may know, the same samples give the same numbers."""
    expert = player if player is not None else LEVELS.get(choice.level)
    if not hasattr(expert, "weigh"):
        yield "a level that searches said it searched", False
        return
    known = masked(position, seat)
    candidates, count = expert.candidates(known, seat, expert.policy.choose(known))
    yield "the search weighed at least two moves", len(candidates) >= 2
    if len(candidates) < 2:
        return
    weighed = expert.weigh(known, seat, candidates, count)
    (best, best_average), (second, second_average) = weighed.averages[:2]
    yield "the move is the one that scored best", move == best.moves[0] and params.get("chose") == best.as_data()
    yield "it is compared with the next best", params.get("versus") == second.as_data()
    yield "by about the points measured", params.get("points") == int(round(best_average - second_average, -1))
    yield "over the samples searched", params.get("samples") == weighed.samples


CHECKS = {
    "searched": _searched,
    "take_pile": _take_pile, "take_pile_first": _take_pile_first, "take_pile_forced": _take_pile_forced,
    "draw": _draw, "draw_only": _draw_only, "end_deal": _end_deal,
    "meld_first": _meld_first, "meld_first_threes": _meld_first, "meld_canasta": _meld_canasta,
    "meld_grow": _meld_size, "meld_canasta_grow": _meld_size, "meld_wild": _meld_size, "meld_new": _meld_new,
    "meld_away": _meld_away,
    "go_out": _go_out, "go_out_plan": _go_out, "discard_hold": _discard_hold, "discard_out": _discard_out,
    "discard_stop": _discard_stop, "discard_freeze": _discard_freeze, "discard_wild_only": _discard_wild_only,
    "discard_dead": _discard_dead, "discard_safe": _discard_safe, "discard_single": _discard_single,
    "discard_low": _discard_low, "discard_risky": _discard_risky, "discard_frozen": _discard_frozen,
    "discard_unmelded": _discard_unmelded, "discard_to_partner": _discard_to_partner,
    "answer_yes": _answer, "answer_yes_danger": _answer, "answer_no": _answer,
    "only_move": _only_move, "random_move": _anything,
}
