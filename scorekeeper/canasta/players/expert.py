"""The expert level: hard's play, with each choice of the turn searched by determinized rollouts.

Strong card-game programs decide under hidden information by *determinized
sampling*: deal the cards the player has not seen in many ways consistent with
what it knows, play each candidate move forward in each such deal, and choose
the move with the best average. The expert does that for every choice of its turn
where hard's plan leaves a real alternative:

- drawing against taking the pile (the way hard would take it);
- going out now against hard's move (when hard holds back);
- which discard, among hard's :data:`DISCARDS` least costly.

Everything else (melds, answers to "may I go out?") is hard's choice.

What a sample knows. The sampler reads :func:`..play.masked.masked` only: the
seat's own hand, the table (melds, 3s laid out, the pile) and how many cards each
other hand and the stock hold. The unseen cards (:func:`..play.masked.unseen_cards`)
are shuffled and dealt back by those counts; an unseen red 3 goes to the stock, as
a hand lays one out at once. A position carries no record of which cards another
seat took with the pile, so those are dealt like any unseen card (a known limit).
Two positions that differ only in hidden cards give the same samples, so the
same choice.

What a sample plays. After the candidate, the seat's turn is played to its end
(melds, discard) by the normal level's policy, memoised by what the seat sees (the
same in every sample that draws the same card). Then the deal goes on for
:data:`HORIZON` more turns (every other seat once and the seat's own next turn, at
four players), each seat played by a fast greedy policy (the heuristic player of
:mod:`.heuristic`, about 1 ms a move), or to the end of the deal if it comes
first. A deal that ended is weighed by its hand score (:mod:`..scoring`, through
:func:`..play.ending.score`): the seat's side against the best other side. A deal
still going is weighed by each side's table as the plan weighs it
(:func:`.plan.table_value`) and its hands (:func:`hand_outlook`), less what the next
player takes if it may take the pile (:func:`pile_threat`). Every candidate meets
the same samples (common random numbers), so their difference is measured, not
the luck of the deal.

The budget is a count, never a clock: :data:`ROLLOUTS` rollouts a choice, shared
among its candidates (at least :data:`MIN_SAMPLES` samples each), so the same
position and seed always give the same choice (``make bench`` times it: within
1 s a move). The sampler's chance is seeded by the player's seed and what the
seat knows.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..play.going import going_out_plan
from ..play.legal import legal_moves
from ..play.masked import masked, unseen_cards
from ..play.moves import Discard, Draw, Move, TakePile
from ..play.position import Position, Shuffler, Step
from ..play.referee import apply, examine
from ..play.ending import score, scoring_sides
from . import plan
from .player import Choice
from .reasons import reason
from .heuristic import HeuristicPlayer
from .search import pile_gains
from .weigh import HARD

ROLLOUTS = 36  # rollouts a choice, shared among its candidates
MIN_SAMPLES = 8  # ... at least this many samples of the hidden cards each
DISCARDS = 3  # hard's least costly discards weighed
HORIZON = 4  # turns played after the seat's own turn (at four players: each other seat, then the seat again)
ROLLOUT_MOVES = 80  # a sample's play stops after this many moves, whatever happens
ON_ITS_WAY = 0.5  # a card in hand that goes with others: this share of its points counts for the side
PILE_CARD = 15.0  # what each card of a pile taken is worth to the taker, besides its points
PILE_CARD = 15.0  # what each card of a pile taken is worth to the taker, besides its points


@dataclass(frozen=True)
class Candidate:
    """A choice weighed by the search: the moves it makes now (going out: the whole plan) and its name as data."""

    moves: tuple[Move, ...]
    what: str  # "take_pile", "draw", "go_out", "hold", "discard"
    card: str | None = None  # the discard's code

    def as_data(self) -> tuple:
        return (self.what, self.card)


@dataclass(frozen=True)
class Weighed:
    """What the search measured: each candidate's average outlook over the samples, best first."""

    averages: tuple[tuple[Candidate, float], ...]
    samples: int


class Expert:
    """The expert level: the player interface of :mod:`.player`.

    ``policy`` chooses when there is nothing to search and names the candidates (hard); ``others`` plays the rest of
    the seat's turn in the samples (normal); ``fast`` plays the turns after it (the greedy heuristic player);
    ``rollouts`` is the budget of a choice; ``seed`` seeds the sampler.
    """

    def __init__(self, policy, others, name: str = "expert", seed: int | str = 0, rollouts: int = ROLLOUTS,
                 min_samples: int = MIN_SAMPLES, fast=None, horizon: int = HORIZON):
        self.policy, self.others, self.name, self.seed = policy, others, name, seed
        self.rollouts, self.min_samples, self.horizon = rollouts, min_samples, horizon
        self.fast = fast if fast is not None else HeuristicPlayer("rollout")

    def __repr__(self) -> str:
        return f"Expert({self.name!r})"

    @property
    def level(self):
        """Return the weighing of the level whose choice it keeps where it searches nothing (hard's): a reason of
        hard's it gives ("worth less than a fresh card here") is counted again by it (:mod:`.facts`)."""
        return self.policy.level

    def choose(self, position: Position) -> Choice:
        """Return the expert's move for the seat to move, and why: the search's measure when it searched."""
        seat = position.to_move
        if seat is None:
            raise ValueError("The deal is over: there is no move to choose.")
        known = masked(position, seat)
        base = self.policy.choose(known)
        candidates, count = self.candidates(known, seat, base)
        if len(candidates) < 2:
            return replace(base, level=self.name)
        weighed = self.weigh(known, seat, candidates, count)
        (best, best_average), (second, second_average) = weighed.averages[0], weighed.averages[1]
        gain = best_average - second_average
        why = reason("searched", chose=best.as_data(), versus=second.as_data(), points=int(round(gain, -1)),
                     samples=weighed.samples)
        others = tuple((" ".join(str(m.as_dict()) for m in c.moves), a) for c, a in weighed.averages[1:])
        return Choice(best.moves[0], why, self.name, gain, others)

    # --- what to weigh ---------------------------------------------------------------------------------------------

    def count(self, candidates: int) -> int:
        """Return how many samples each of ``candidates`` candidates gets: the budget shared, never below the least."""
        return max(self.min_samples, self.rollouts // max(candidates, 1))

    def candidates(self, known: Position, seat: int, base: Choice) -> tuple[list[Candidate], int]:
        """Return the choices worth searching in ``known`` (hard's first), and how many samples they get."""
        if known.step == Step.DRAW:
            moves = legal_moves(known)
            takes = [move for move in moves if isinstance(move, TakePile)]
            if not takes or Draw() not in moves:
                return [], 0
            take = base.move if isinstance(base.move, TakePile) else pile_gains(known, seat, HARD, takes)[0]
            pair = [Candidate((take,), "take_pile"), Candidate((Draw(),), "draw")]
            return (pair if isinstance(base.move, TakePile) else pair[::-1]), self.count(2)
        if known.step != Step.PLAY:
            return [], 0
        out, _ = going_out_plan(known, examine)
        if out is not None and base.move != out[0]:
            return [Candidate((base.move,), "hold"), Candidate(out, "go_out")], self.count(2)
        if isinstance(base.move, Discard) and len(known.hands[seat]) > 1:
            hand = {card.code: card for card in known.hands[seat]}
            codes = [code for code, _ in base.weighed if code in hand][:DISCARDS]
            if len(codes) >= 2:
                chosen = [Candidate((Discard(hand[code]),), "discard", code) for code in codes]
                return chosen, self.count(len(chosen))
        return [], 0

    # --- the search ------------------------------------------------------------------------------------------------

    def weigh(self, known: Position, seat: int, candidates: list[Candidate], count: int) -> Weighed:
        """Return each candidate's average outlook over ``count`` samples of the hidden cards of ``known``, best first
        (ties: the earlier candidate)."""
        own: dict = {}  # the seat's own choices, by what it sees: the same in every sample that sees the same
        totals = [0.0] * len(candidates)
        for sample in samples(known, seat, count, self.seed):
            for index, candidate in enumerate(candidates):
                totals[index] += self.rollout(sample, seat, candidate, own)
        averages = sorted(((c, t / count) for c, t in zip(candidates, totals)),
                          key=lambda item: -item[1])  # a stable sort: ties keep hard's order
        return Weighed(tuple(averages), count)

    def rollout(self, sample: Position, seat: int, candidate: Candidate, own: dict) -> float:
        """Return the outlook for ``seat``'s side after ``candidate`` in ``sample``, played on (:meth:`played`), less
        what the next player takes if it may take the pile."""
        position = self.played(sample, seat, candidate, own)
        return outlook(position, seat) - pile_threat(position, seat)

    def played(self, sample: Position, seat: int, candidate: Candidate, own: dict) -> Position:
        """Return ``sample`` after ``candidate``, the seat's turn played to its end (normal's choices, memoised in
        ``own`` by what the seat sees), then :attr:`horizon` more turns by the fast policy, or the deal to its end."""
        position = sample
        for move in candidate.moves:
            position, _ = apply(position, move)
        moves = 0
        while not position.over and position.to_move == seat and moves < ROLLOUT_MOVES:
            key = _knowledge(position, seat)
            move = own.get(key)
            if move is None:
                move = own[key] = self.others.choose(position).move
            position, _ = apply(position, move)
            moves += 1
        turns, turn = 0, position.turn
        while not position.over and moves < ROLLOUT_MOVES:
            if position.turn != turn:
                turn, turns = position.turn, turns + 1
            if turns >= self.horizon:
                break
            position, _ = apply(position, self.fast.decide(position).move)
            moves += 1
        return position


def pile_threat(position: Position, seat: int) -> float:
    """Return what the player after ``seat`` gains by taking the pile at once (0 when it cannot, or is on the seat's
    side): the pile's points and :data:`PILE_CARD` a card. It takes it whenever the rules let it (a natural pair of the
    top card; once its side has melded and the pile is not frozen, one natural card and a wild card, or the side's
    meld of the top card), so the threat is the most a greedy opponent takes."""
    if position.over or position.step != Step.DRAW or not position.pile:
        return 0.0
    taker = position.turn
    if position.side_of(taker) == position.side_of(seat):
        return 0.0
    top = position.pile_top
    if top.is_wild or top.is_black_three or top.is_red_three or top.rank in position.dead:
        return 0.0
    hand = position.hands[taker]
    same = sum(1 for card in hand if card.rank is top.rank and card.is_natural)
    side = position.side_of(taker)
    melded = position.melded[side]
    if same >= 2 and melded:
        takes = True
    elif same >= 2:
        takes = True  # a first meld may need more: counted as a threat all the same
    elif position.pile_frozen or not melded:
        takes = False
    else:
        ranks = {meld.key for meld in position.melds[side]}
        takes = top.rank in ranks or (same == 1 and any(card.is_wild for card in hand))
    if not takes:
        return 0.0
    return sum(card.points for card in position.pile) + PILE_CARD * len(position.pile)


def _knowledge(position: Position, seat: int) -> tuple:
    """Return what ``seat`` knows of ``position`` as a key (its own hand, the table, the counts)."""
    return (position.hands[seat], position.pile, position.melds, position.threes, position.step, position.turn,
            position.answer, position.turn_melded, tuple(len(hand) for hand in position.hands), len(position.stock),
            position.move_number)


def samples(known: Position, seat: int, count: int, seed: int | str = 0):
    """Yield ``count`` positions: ``known`` with the cards ``seat`` has not seen dealt anew, each consistently with
    what the seat knows (each hand's and the stock's size; unseen red 3s in the stock). Seeded by ``seed`` and what
    the seat knows, never by a hidden card."""
    unseen = unseen_cards(known, seat)
    reds = [card for card in unseen if card.is_red_three]
    rest = [card for card in unseen if not card.is_red_three]
    chance = Shuffler(f"expert:{seed}:{_fingerprint(known, seat)}")
    sizes = [len(hand) for hand in known.hands]
    for _ in range(count):
        cards = chance.shuffled(rest)
        hands, at = [], 0
        for other, size in enumerate(sizes):
            if other == seat:
                hands.append(known.hands[seat])
                continue
            hands.append(tuple(cards[at:at + size]))
            at += size
        stock = chance.shuffled(cards[at:] + reds)
        yield replace(known, hands=tuple(hands), stock=tuple(stock))


def _fingerprint(known: Position, seat: int) -> str:
    def codes(cards):
        return " ".join(card.code for card in cards)
    melds = "/".join(f"{meld.key}:{codes(meld.cards)}" for side in known.melds for meld in side)
    return "|".join((str(seat), codes(known.hands[seat]), codes(known.pile), melds,
                     "/".join(codes(t) for t in known.threes), ",".join(str(len(h)) for h in known.hands),
                     str(len(known.stock)), str(known.move_number), str(known.step)))


def outlook(position: Position, seat: int) -> float:
    """Return how far ``seat``'s side is ahead of the best other side: by the score once the deal is over, else by
    each side's table as the plan weighs it and its hands as :func:`hand_outlook` does."""
    side = position.side_of(seat)
    if position.over:
        rows = zip(scoring_sides(position), score(position)["sides"])
        scores = [(seat in seats, row["score"]) for seats, row in rows]
        mine = next(points for ours, points in scores if ours)
        theirs = max((points for ours, points in scores if not ours), default=0)
        return float(mine - theirs)
    values = {}
    for each in position.sides():
        melded = {meld.key for meld in position.melds[each] if meld.key not in position.dead}
        held = sum(hand_outlook(position.hands[s], melded) for s in position.seats_of(each))
        values[each] = plan.table_value(position, each) + held
    mine = values.pop(side)
    return mine - max(values.values(), default=0.0)


def hand_outlook(hand, melded) -> float:
    """Return what a hand is worth to its side, the deal going on: a card that goes with others (a pair or more of a
    rank, a rank the side has melded, a wild card) counts :data:`ON_ITS_WAY` of its points for the side, as it is on
    its way to the table; a card alone counts its points against the side, as it would if the deal ended."""
    ranks: dict = {}
    for card in hand:
        if card.is_natural:
            ranks[card.rank] = ranks.get(card.rank, 0) + 1
    total = 0.0
    for card in hand:
        goes = card.is_wild or card.is_natural and (ranks[card.rank] >= 2 or card.rank in melded)
        total += ON_ITS_WAY * card.points if goes else -card.points
    return total
