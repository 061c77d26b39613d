"""The computer's levels: players that choose a move for the seat to move from what that seat may know, with why.

>>> from ..play.table import deal
>>> position, _ = deal("classic", seed=7)
>>> choice = LEVELS["normal"].choose(position)
>>> choice.move.kind, choice.reason.code in ("draw", "take_pile", "draw_only")
('draw', True)

The computer thinks on :func:`..play.masked.masked` (the hidden cards replaced by
stand-ins), so its choice depends only on the seat's own hand and the table.
Three levels (:data:`LEVELS`, each a :class:`Computer` player of a
:class:`.weigh.Level`) differ in the considerations they weigh and
how far they look ahead in their own turn, never in what they see:

- easy weighs card points, the minimum and canastas, each move alone
  (:func:`.weigh.worth`);
- normal weighs the turn by the plan of :mod:`.plan`: a meld by the canasta it
  is on its way to, wild cards kept to finish one, the cards that would block
  going out, pairs, the pile, what a discard feeds the other side, red 3s; it
  takes the pile or draws by the whole turn's melds after either (a draw as the
  hand with each unseen card, averaged), and goes out when the side would then
  lead, its partner's cards counted;
- hard weighs as normal does, and looks further: it plays the turn's melds
  for each kind of card a draw could bring (:mod:`.search`), and looks one
  meld further before choosing one.

The computer never asks its partner "may I go out?" (asking is a choice, not a
rule); it answers when asked (:func:`answer`), by its own hand.
"""

from __future__ import annotations

from ..play.going import going_out_plan
from ..play.legal import legal_moves
from ..play.masked import masked
from ..play.moves import Answer, Discard, Draw, EndDeal, Meld, TakePile
from ..play.position import Position, Step
from .expert import Expert
from .loop import play_out
from .player import Choice
from .reasons import Reason, reason
from ..play.referee import apply, examine
from ..play.replay import Deal
from ..play.table import deal
from . import plan as planning
from .search import best_melds, left_after, pile_gains, takes_alone, worth_of
from .weigh import EASY, HARD, KEEP, NORMAL, Level, discard_cost_by_points, fewest_opponent_cards, next_opponent

LAST_CARDS = 4  # a side behind still goes out when the stock holds no more than this


class Computer:
    """A computer player of one :class:`.weigh.Level`: the player interface of :mod:`.player`."""

    def __init__(self, level: Level):
        self.level, self.name = level, level.name

    def __repr__(self) -> str:
        return f"Computer({self.name!r})"

    def choose(self, position: Position) -> Choice:
        """Return the move this level makes for the seat to move, and why."""
        seat = position.to_move
        if seat is None:
            raise ValueError("The deal is over: there is no move to choose.")
        known = masked(position, seat)
        if known.step == Step.ANSWER:
            return answer(known, seat, self.name)
        if known.step == Step.DRAW:
            return _start(known, seat, self.level)
        if known.step == Step.PLAY:
            return _play(known, seat, self.level)
        raise ValueError("The deal is over: there is no move to choose.")


LEVELS = {level.name: Computer(level) for level in (EASY, NORMAL, HARD)}  # the levels by the names the API and pages use
LEVELS["expert"] = Expert(LEVELS["hard"], LEVELS["normal"])  # hard's play, its big choices searched (.expert)
LEVEL_NAMES = tuple(LEVELS)
HINTS = LEVELS["hard"]  # the player whose move a hint is


# --- starting the turn: draw, or take the pile --------------------------------------------------------


def _codes(cards) -> tuple[str, ...]:
    return tuple(card.code for card in cards)


def _meld_data(lay) -> tuple:
    """Return a meld laid as data: its rank's code (None: wild cards alone) and its cards' codes."""
    return (lay.key.symbol if lay.key is not None else None, _codes(lay.cards))


def _start(position: Position, seat: int, level: Level) -> Choice:
    moves = legal_moves(position)
    takes = [move for move in moves if isinstance(move, TakePile)]
    best, best_gain, weighed = pile_gains(position, seat, level, takes)
    weighed = tuple(weighed)
    size = len(position.pile)
    taken = {} if best is None else {"size": size, "top": position.pile_top.rank.symbol, "cards": _codes(best.cards)}
    forced = Draw() not in moves and EndDeal() not in moves
    if best is not None and (best_gain > 0 or forced):
        if best.melds:
            first_points = sum(c.points for lay in best.melds for c in lay.cards)
            first_points += sum(c.points for c in best.cards) + position.pile_top.points
            why = reason("take_pile_first", **taken, melds=tuple(_meld_data(lay) for lay in best.melds),
                         points=first_points, minimum=_minimum(position, seat))
        elif forced:
            why = reason("take_pile_forced")
        else:
            why = reason("take_pile", **taken)
        return Choice(best, why, level.name, best_gain, weighed)
    if Draw() in moves:
        if best is not None and level.plans and takes_alone(position) and best_gain + planning.ALONE > 0:
            why = reason("draw", why="alone", size=size)
        elif best is not None:
            why = reason("draw", why="worth_less", size=size)
        elif not position.pile:
            why = reason("draw_only", why="pile_empty")
        else:
            why = _cannot_take(position, seat)
        return Choice(Draw(), why, level.name, -best_gain if best else 0.0, weighed)
    return Choice(EndDeal(), reason("end_deal"), level.name, 0.0, weighed)


def _cannot_take(position: Position, seat: int) -> Reason:
    top = position.pile_top
    if top.is_wild or top.is_black_three:
        return reason("draw_only", why="wild_on_top" if top.is_wild else "black_three_on_top")
    pair = sum(1 for card in position.hands[seat] if card.is_natural and card.rank is top.rank) >= 2
    if frozen_for(position, position.side_of(seat)) and not pair:
        return reason("draw_only", why="frozen", rank=top.rank.symbol)
    return reason("draw_only", why="cannot_use", rank=top.rank.symbol)


def _minimum(position: Position, seat: int) -> int:
    from ..rules import next_minimum
    return next_minimum(position.ruleset, position.total_of(seat))


# --- the rest of the turn: meld, go out, discard ---------------------------------------------------------


def _out_plan(position: Position, seat: int, plan) -> tuple[bool, dict]:
    """Return whether to go out by ``plan``, and why: the why's code and its points (rounded to tens)."""
    final = position
    for move in plan:
        if isinstance(move, Meld):
            final, _ = apply(final, move)
    lead = planning.lead_if_out(final, seat)
    if lead > 0:
        return True, {"why": "lead", "points": round(lead, -1)}
    # A meld that costs a penalty unfinished (Modern's aces, sevens, wild cards) may still be finished by the last cards.
    to_finish = planning.penalties(final, position.side_of(seat), reachable=True)
    if not position.stock or len(position.stock) <= LAST_CARDS and not to_finish:
        return True, {"why": "stock_gone"}
    if not to_finish and not _may_hold(position, seat):
        return True, {"why": "everything"}
    return False, {"why": "behind", "points": round(-lead, -1)}


def _may_hold(position: Position, seat: int) -> bool:
    """Return whether the hand may play on instead of going out: it keeps a pair and a discard after this turn
    (:data:`.weigh.KEEP`), and a card that is not wild and does not feed the next player's melds. A side behind
    holds back to catch up; a hand too small to build, whose every discard hands the other side the pile, only
    lets the gap grow. (A side with a meld to finish that costs a penalty unfinished holds on for it: its partner
    may finish it.)"""
    hand = position.hands[seat]
    return len(hand) > KEEP and any(not card.is_wild and not planning.feeds(position, seat, card) for card in hand)


def _meld_reason(before: Position, after: Position, seat: int, move: Meld) -> Reason:
    side = before.side_of(seat)
    if not before.melded[side]:
        points = sum(c.points for lay in move.melds for c in lay.cards)
        reds = sum(1 for s in before.seats_of(side) for c in before.threes[s] if c.is_red_three)
        # Only where the first meld turns them from against the side to for it (Modern American: by canastas).
        counts = reds and planning.red_threes(before, side) < 0 < planning.red_threes(after, side)
        code = "meld_first_threes" if counts else "meld_first"
        return reason(code, points=points, minimum=_minimum(before, seat))
    old = before.side_melds(side)
    for meld in after.melds[side]:
        if meld.is_canasta and not (meld.key in old and old[meld.key].is_canasta):
            kind = "natural" if meld.meld.wilds == 0 else "mixed"
            return reason("meld_canasta", kind=kind, rank=_key(meld.key))
    lay = move.melds[0]
    key = lay.key
    new = after.side_melds(side).get(key)
    if key in old and all(c.is_wild for c in lay.cards):
        return reason("meld_wild", rank=_key(key), size=len(new.cards))
    if key in old and old[key].is_canasta:
        return reason("meld_canasta_grow", rank=_key(key), size=len(new.cards))
    if key in old:
        return reason("meld_grow", rank=_key(key), size=len(new.cards))
    if new is not None:
        return reason("meld_new", rank=_key(key), points=new.meld.points)
    return reason("meld_away")


def _key(key) -> str | None:
    """Return a meld's rank as its code; None for a meld of wild cards."""
    return key.symbol if key is not None else None


def _play(position: Position, seat: int, level: Level) -> Choice:
    moves = legal_moves(position)
    side = position.side_of(seat)
    hold_why = None
    if position.answer is True or position.canastas(side) + 1 >= position.options.canastas_to_go_out:
        plan, _ = going_out_plan(position, examine)
        if plan is not None:
            # The levels that plan weigh going out by the score the side would then have; easy always goes out.
            out, why = _out_plan(position, seat, plan) if level.plans else (True, {"why": "everything"})
            if position.answer is True:
                out, why = True, {"why": "partner_yes"}
            if out:
                if isinstance(plan[0], Discard):
                    return Choice(plan[0], reason("discard_out"), level.name, 100.0)
                return Choice(plan[0], reason("go_out", **why), level.name, 100.0)
            hold_why = why
    base = worth_of(position, seat, level)
    best, best_gain, best_after, weighed = None, 0.5, None, []
    for move in moves:
        if not isinstance(move, Meld) or left_after(position, seat, move) < 2:
            continue
        after, _ = apply(position, move)
        ahead = best_melds(after, seat, level, 1) if level.lookahead >= 2 else after
        gain = worth_of(ahead, seat, level) - base
        weighed.append((move.kind, gain))
        if gain > best_gain:
            best, best_gain, best_after = move, gain, after
    if best is not None:
        return Choice(best, _meld_reason(position, best_after, seat, best), level.name, best_gain, tuple(weighed))
    return _discard(position, seat, level, moves, hold_why)


def _discard(position: Position, seat: int, level: Level, moves, hold_why: dict | None) -> Choice:
    hand = position.hands[seat]
    options = [move for move in moves if isinstance(move, Discard) and len(hand) > 1]
    if not options:
        options = [move for move in moves if isinstance(move, Discard)]
    if not options:
        move = moves[0]
        return Choice(move, reason("only_move"), level.name)
    weigh = (lambda card: planning.discard_cost(position, seat, card)) if level.plans \
        else (lambda card: discard_cost_by_points(position, seat, card, level))
    # What a club player never does while another card can go: throw a wild card away (unless it freezes a big
    # pile), or feed the next player's meld when a card that risks less is in hand.
    sound = [move for move in options if not planning.wild_needlessly(position, seat, move.card)
             and not planning.feeds_needlessly(position, seat, move.card)]
    costs = [(weigh(move.card), move) for move in sound or options]
    costs.sort(key=lambda item: (item[0].cost, item[1].card.code))
    cost, move = costs[0]
    weighed = tuple((m.card.code, c.cost) for c, m in costs)
    gain = (costs[1][0].cost - cost.cost) if len(costs) > 1 else 0.0
    if hold_why is not None:
        return Choice(move, reason("discard_hold", **hold_why), level.name, gain, weighed)
    return Choice(move, discard_reason(position, seat, move.card), level.name, gain, weighed)


def discard_reason(position: Position, seat: int, card) -> Reason:
    """Return the true and most telling reason for discarding ``card`` (each a fact :mod:`.facts` checks)."""
    hand = position.hands[seat]
    their = position.side_of(next_opponent(position, seat))
    if their == position.side_of(seat):
        return reason("discard_to_partner")
    if card.is_black_three:
        return reason("discard_stop", size=len(position.pile))
    if card.is_wild:
        if planning.freezes(position, seat, card):
            return reason("discard_freeze", size=len(position.pile) + 1)
        return reason("discard_wild_only")
    rank = card.rank
    if rank in position.dead:
        return reason("discard_dead", rank=rank.symbol)
    if planning.feeds(position, seat, card):
        return reason("discard_risky")
    single = sum(1 for c in hand if c.rank is rank) == 1
    melded_by_them = rank in position.side_melds(their)
    if single and not melded_by_them:
        return reason("discard_safe", rank=rank.symbol)
    if frozen_for(position, their):
        return reason("discard_frozen", rank=rank.symbol)
    return reason("discard_unmelded", rank=rank.symbol)


def frozen_for(position: Position, side: int) -> bool:
    """Return whether the pile is frozen for ``side`` (a wild card in it, the side has not melded, or always)."""
    return position.pile_frozen or not position.melded[side] or position.ruleset.family.pile_always_frozen


# --- answering "may I go out?" -------------------------------------------------------------------------------


def answer(position: Position, seat: int, level: str = "normal") -> Choice:
    """Return the partner's answer to "may I go out?", by its own hand and the other side's, with why."""
    hand = position.hands[seat]
    points = sum(card.points for card in hand)
    fewest = fewest_opponent_cards(position, seat)
    count = len(hand)
    if len(hand) <= 4 or points <= 40:
        return Choice(Answer(True), reason("answer_yes", count=count, points=points), level)
    if fewest <= 3:
        return Choice(Answer(True), reason("answer_yes_danger", fewest=fewest), level)
    return Choice(Answer(False), reason("answer_no", count=count, points=points), level)


def play_deal(rules: str = "classic", options=None, seed=0, levels=("normal",), totals_before=None):
    """Return a whole deal played by computers (``levels`` by seat, repeated round the table), as a Deal."""
    position, _ = deal(rules, options, seed, totals_before)
    players = [LEVELS[levels[seat % len(levels)]] for seat in range(position.seats)]
    moves = tuple(turn.move for turn in play_out(position, players))
    return Deal(rules, options, seed, tuple(totals_before) if totals_before is not None else None, moves)
