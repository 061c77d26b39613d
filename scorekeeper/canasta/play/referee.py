"""The referee: whether a move is allowed in a position, every reason why not, and the position after it.

:func:`judge` answers a :class:`Ruling` (allowed, and every refusal with its
code, parameters and sentence); :func:`apply` makes the move and answers the
new position and what happened, or raises :class:`IllegalMove` with the
refusals. Positions are frozen, so a refused move changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import wraps

from ..cards import format_cards
from ..errors import CanastaError, Problem
from ..pile import check_pile, frozen_because_words, must_take_pile, pile_cards_problem
from ..words import plural, singular
from .events import Event, EventKind
from .going import going_out_plan
from .lays import lay_down, take_from
from .moves import Answer, AskPartner, Discard, Draw, EndDeal, Meld, Move, SpecialHand, TakePile
from .position import End, Position, Step, partner_to_ask
from .problems import Refusal, refusal
from .special import special_hand_problem
from .table import after_lays, draw_cards, form_partnership, next_turn, out_if_empty, put, went_out

Commit = Callable[[], tuple[Position, list[Event]]]


class IllegalMove(CanastaError):
    """A move the referee refuses; ``.refusals`` lists every reason (``.problems`` as API problems)."""

    def __init__(self, refusals: tuple[Refusal, ...], field: str = "move"):
        self.refusals = tuple(refusals)
        super().__init__([Problem("play.refused", field, refusal=r) for r in self.refusals])


@dataclass(frozen=True)
class Ruling:
    """The referee's answer on one move: allowed or not, and every reason why not."""

    allowed: bool
    refusals: tuple[Refusal, ...] = ()

    @property
    def reasons(self) -> tuple[str, ...]:
        """Return the refusals' sentences."""
        return tuple(r.message for r in self.refusals)


STEP_REFUSALS = {Step.DRAW: "draw_first", Step.PLAY: "drawn_already", Step.ANSWER: "answer_first"}


def _step(position: Position, *steps: str) -> list[Refusal]:
    if position.step == Step.OVER:
        return [refusal("deal_over")]
    if position.step not in steps:
        return [refusal(STEP_REFUSALS[position.step])]
    return []


def _at_play(judge):
    """Make ``judge(position, move, seat, side, hand)`` a judge of the play step: refused outside it,
    else judged with the seat to move, its side and its hand."""
    @wraps(judge)
    def judged(position: Position, move: Move):
        refusals = _step(position, Step.PLAY)
        if refusals:
            return refusals, None
        seat = position.turn
        return judge(position, move, seat, position.side_of(seat), position.hands[seat])
    return judged


def leave_refusals(position: Position, left: int, canastas_after: int, *, checked_going_out: bool = False) -> list[Refusal]:
    """Return why a move may not leave the player ``left`` cards: keep a card, go out with a discard, the answer."""
    needed = position.options.canastas_to_go_out
    if left >= 2:
        return [refusal("must_go_out")] if position.answer is True else []
    if position.answer is False:
        return [refusal("keep_a_card_asked")]
    refusals = []
    if canastas_after < needed and not checked_going_out:
        refusals.append(refusal("keep_a_card", have=plural(canastas_after, "canasta"), needed=needed))
    if left == 0 and position.ruleset.family.must_discard_to_go_out:
        refusals.append(refusal("discard_to_go_out"))
    return refusals


# --- the moves ---------------------------------------------------------------------------------------


def _draw(position: Position, move: Draw):
    refusals = _step(position, Step.DRAW)
    if not refusals and not position.stock:
        refusals.append(refusal("stock_empty"))

    def commit():
        events: list[Event] = []
        seat = position.turn
        after = draw_cards(position, seat, position.ruleset.draw, events)
        if after.step != Step.OVER:
            after = replace(after, step=Step.PLAY, began="stock")
        return after, events
    return refusals, commit


class Judging:
    """What judging moves of one position works out once, owned by the caller that judges them.

    :func:`..legal.legal_moves` judges many moves of one position: the pile check
    for the seat to move is made once and asked again. A new value for each
    position judged (``examine`` makes one when none is given), never shared
    between positions, threads or requests.
    """

    __slots__ = ("position", "_pile_checks")

    def __init__(self, position: Position):
        self.position = position
        self._pile_checks: dict = {}

    def pile_check(self, seat: int):
        """Return the pile check (:func:`pile_check`) for ``seat`` in this position, made once."""
        check = self._pile_checks.get(seat)
        if check is None:
            check = self._pile_checks[seat] = _pile_check(self.position, seat)
        return check


def pile_check(position: Position, seat: int):
    """Return the pile check (:func:`..pile.check_pile`) for ``seat`` in ``position``."""
    return _pile_check(position, seat)


def _pile_check(position: Position, seat: int):
    side = position.side_of(seat)
    counts = {meld.key: len(meld.cards) for meld in position.melds[side]
              if meld.key is not None and meld.key.is_natural}
    return check_pile(position.ruleset, position.options, position.pile[-1], position.hands[seat],
                      frozen=position.pile_frozen, side_has_melded=position.melded[side], side_melds=counts,
                      pile_size=len(position.pile), dead_ranks=position.dead)


def _take_pile(position: Position, move: TakePile, judging: Judging):
    refusals = _step(position, Step.DRAW)
    if refusals:
        return refusals, None
    if not position.pile:
        return [refusal("pile_empty")], None
    seat = position.turn
    side = position.side_of(seat)
    hand = position.hands[seat]
    top = position.pile[-1]
    check = judging.pile_check(seat)
    if not check.can_take:
        return [refusal("pile", text=reason) for reason in check.reasons], None
    found = take_from(hand, move.cards)
    if found is None:
        return [refusal("not_in_hand", cards=format_cards(list(move.cards)))], None
    problem = pile_cards_problem(top, found[0], frozen=check.frozen, on_table=top.rank in position.side_melds(side))
    if problem == "pile_frozen":
        return [refusal(problem, because=frozen_because_words(check.frozen_because), rank=top.rank.plural)], None
    if problem is not None:
        return [refusal(problem, top=singular(top.rank), rank=top.rank.plural)], None
    family = position.ruleset.family
    rest_of_pile = position.pile[:-1]
    pile_threes = tuple(c for c in rest_of_pile if family.laid_out(c))
    to_hand = tuple(c for c in rest_of_pile if not family.laid_out(c))
    left = len(hand) - len(move.cards) - sum(len(lay.cards) for lay in move.melds) + len(to_hand)
    going = left <= 1
    laid = lay_down(position, seat, hand, move.melds, going_out=going, top=top, top_cards=move.cards)
    refusals.extend(laid.refusals)
    if refusals:
        return refusals, None
    canastas_after = sum(1 for meld in laid.melds if meld.is_canasta)
    refusals.extend(leave_refusals(position, left, canastas_after,
                                   checked_going_out=going and not position.melded[side]))

    def commit():
        events = [Event(EventKind.TOOK_PILE, seat, position.pile, top.rank)]
        after = after_lays(position, seat, side, laid, events, "pile")
        after = replace(after, hands=put(after.hands, seat, laid.rest + to_hand), pile=(), pile_frozen=False,
                        threes=put(after.threes, seat, after.threes[seat] + pile_threes),
                        step=Step.PLAY, began="pile")
        events.extend(Event(EventKind.THREE_LAID_OUT, seat, (c,), detail="from_pile") for c in pile_threes)
        if after.ruleset.partnership_per_hand and after.lone is None:
            after = form_partnership(after, seat, events)
        return out_if_empty(after, seat, events), events
    return refusals, commit


@_at_play
def _meld(position: Position, move: Meld, seat: int, side: int, hand: tuple):
    refusals: list[Refusal] = []
    left = len(hand) - sum(len(lay.cards) for lay in move.melds)
    going = left <= 1
    initial = not position.melded[side]
    concealed_words = initial and going and position.began == "stock" and position.ruleset.concealed_bonus > 0
    laid = lay_down(position, seat, hand, move.melds, going_out=going,
                    going_words="concealed" if concealed_words else "out")
    refusals.extend(laid.refusals)
    if refusals:
        return refusals, None
    canastas_after = sum(1 for meld in laid.melds if meld.is_canasta)
    refusals.extend(leave_refusals(position, left, canastas_after, checked_going_out=going and initial))

    def commit():
        events: list[Event] = []
        after = after_lays(position, seat, side, laid, events, position.began)
        return out_if_empty(after, seat, events), events
    return refusals, commit


@_at_play
def _discard(position: Position, move: Discard, seat: int, side: int, hand: tuple):
    refusals: list[Refusal] = []
    found = take_from(hand, (move.card,))
    if found is None:
        return [refusal("not_in_hand", cards=format_cards([move.card]))], None
    (card,), rest = found
    needed = position.options.canastas_to_go_out
    if not rest:
        have = position.canastas(side)
        if position.answer is False:
            refusals.append(refusal("keep_a_card_asked"))
        elif have < needed:
            shares = partner_to_ask(position, seat) is not None
            count = have if have else "none"
            refusals.append(refusal("cannot_go_out", needs="Your side needs" if shares else "You need",
                                    needed=plural(needed, "canasta"),
                                    has=f"it has {count}" if shares else f"you have {count}"))
    elif position.answer is True:
        refusals.append(refusal("must_go_out"))

    def commit():
        events = [Event(EventKind.DISCARDED, seat, (card,))]
        after = replace(position, hands=put(position.hands, seat, rest), pile=position.pile + (card,))
        if card.is_wild and not position.pile_frozen:
            after = replace(after, pile_frozen=True)
            events.append(Event(EventKind.PILE_FROZEN, seat, (card,)))
        if not rest:
            return went_out(after, seat, events), events
        return next_turn(after, events), events
    return refusals, commit


def ask_refusals(position: Position) -> list[Refusal]:
    """Return why the player to move may not ask "may I go out?" now, before the going-out check is asked."""
    refusals = _step(position, Step.PLAY)
    if refusals:
        return refusals
    if partner_to_ask(position, position.turn) is None:
        return [refusal("no_partner")]
    if position.began != "stock" or position.turn_melded:
        return [refusal("ask_when")]
    if position.answer is not None:
        return [refusal("asked_already")]
    return []


def _ask(position: Position, move: AskPartner):
    refusals = ask_refusals(position)
    if refusals:
        return refusals, None
    moves, reason = going_out_plan(position, examine)
    if moves is None:
        return [refusal("ask_cannot_go_out", text=reason)], None
    seat = position.turn

    def commit():
        return replace(position, step=Step.ANSWER), [Event(EventKind.ASKED, seat, detail=str(partner_to_ask(position, seat)))]
    return refusals, commit


def _answer(position: Position, move: Answer):
    if position.step == Step.OVER:
        return [refusal("deal_over")], None
    if position.step != Step.ANSWER:
        return [refusal("not_asked")], None

    def commit():
        event = Event(EventKind.ANSWERED, partner_to_ask(position, position.turn), detail="yes" if move.yes else "no")
        return replace(position, step=Step.PLAY, answer=move.yes), [event]
    return [], commit


def _special(position: Position, move: SpecialHand):
    refusals = _step(position, Step.PLAY)
    if refusals:
        return refusals, None
    hands = {hand.id: hand for hand in position.ruleset.special_hands}
    if not hands:
        return [refusal("special_none")], None
    if move.name not in hands:
        return [refusal("special_unknown", name=move.name[:40], names=", ".join(hands))], None
    seat = position.turn
    if position.began != "stock" or position.turn_melded or position.melded[position.side_of(seat)]:
        return [refusal("special_when")], None
    problem = special_hand_problem(move.name, position.hands[seat])
    if problem is not None:
        return [refusal("special_cards", label=hands[move.name].label.lower(), rule=problem)], None

    def commit():
        events = [Event(EventKind.SPECIAL_HAND, seat, position.hands[seat], detail=move.name),
                  Event(EventKind.DEAL_OVER, seat, detail=End.SPECIAL_HAND)]
        return replace(position, step=Step.OVER, end=End.SPECIAL_HAND, out_seat=seat, special_hand=move.name), events
    return [], commit


def end_deal_refused_for_pile(position: Position, judging: Judging | None = None) -> bool:
    """Return True when the stock is empty and the player may not end the deal: the pile must be taken
    (:func:`..pile.must_take_pile`: its top goes on the side's meld), and adding it there is allowed."""
    if position.stock or not position.pile or position.step != Step.DRAW:
        return False
    judging = judging if judging is not None else Judging(position)
    if not must_take_pile(judging.pile_check(position.turn)):
        return False
    refusals, _ = _take_pile(position, TakePile(), judging)
    return not refusals


def _end_deal(position: Position, move: EndDeal, judging: Judging):
    refusals = _step(position, Step.DRAW)
    if refusals:
        return refusals, None
    if position.stock:
        return [refusal("stock_not_empty", count=len(position.stock))], None
    if end_deal_refused_for_pile(position, judging):
        top = position.pile[-1]
        return [refusal("must_take_pile", top=singular(top.rank), rank=top.rank.plural)], None

    def commit():
        return (replace(position, step=Step.OVER, end=End.STOCK_OUT),
                [Event(EventKind.DEAL_OVER, position.turn, detail=End.STOCK_OUT)])
    return [], commit


EXAMINERS = {Draw: _draw, TakePile: _take_pile, Meld: _meld, Discard: _discard, AskPartner: _ask,
             Answer: _answer, SpecialHand: _special, EndDeal: _end_deal}
NEEDS_JUDGING = frozenset({_take_pile, _end_deal})


def examine(position: Position, move: Move, seat: int | None = None,
            judging: Judging | None = None) -> tuple[list[Refusal], Commit | None]:
    """Return the refusals of ``move`` (made by ``seat``, when said) and, when there are none, how to make it.

    ``judging``: what judging other moves of this position worked out (see :class:`Judging`).
    """
    if seat is not None and position.to_move is not None and seat != position.to_move:
        return [refusal("not_your_turn", seat=seat, to_move=position.to_move)], None
    examiner = EXAMINERS[type(move)]
    if examiner in NEEDS_JUDGING:
        if judging is None or judging.position is not position:
            judging = Judging(position)
        refusals, commit = examiner(position, move, judging)
    else:
        refusals, commit = examiner(position, move)
    return refusals, (commit if not refusals else None)


def judge(position: Position, move: Move, seat: int | None = None) -> Ruling:
    """Return whether ``move`` is allowed in ``position`` (for ``seat``, when said), with every reason when not."""
    refusals, _ = examine(position, move, seat)
    return Ruling(not refusals, tuple(refusals))


def apply(position: Position, move: Move, seat: int | None = None) -> tuple[Position, tuple[Event, ...]]:
    """Return the position after ``move`` and what happened; raise IllegalMove when it is refused."""
    refusals, commit = examine(position, move, seat)
    if commit is None:
        raise IllegalMove(tuple(refusals))
    after, events = commit()
    return replace(after, move_number=position.move_number + 1), tuple(events)
