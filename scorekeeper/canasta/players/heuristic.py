"""A greedy heuristic player, written from published advice on good Canasta play: an opponent the levels are not tuned to.

The advice, as club players and card-game books give it:

- "The most important strategy in canasta is to be the first team to take the
  discard pile", and a black 3 discarded stops the next player taking it
  (N. Katz, *The Book of Card Games*, Canasta: strategy; excerpt at
  https://dianahicksbooks.com/online-books/the-book-of-card-games-the-complete-rules-to-the-classics-family-favorite-and-forgotten-games-read-online-free-book-by-nikki-katz-173977-a);
- a wild card discarded freezes the pile; a pair kept in hand is what takes a
  frozen pile (https://www.bellaonline.com/articles/art31036.asp, "Canasta Discards");
- meld early enough to be in the game, "but strategically hold a few back" (Katz);
- never discard a card of a rank the next player's side has melded: it lets
  "the opponent catch the sets he has melded" with the pile
  (https://gamecolony.com/canasta_game_tips.shtml, "Canasta game tips");
- go out when the side is ahead, or when the other side is about to.

So, greedily, each turn: take the pile whenever it may be taken (the way that
uses the fewest cards of the hand); otherwise draw. Meld whatever goes down
naturally, a canasta first, keeping two cards in hand; put a wild card down only
to make a canasta. Go out when the side's table is ahead of the other side's (or
the other side holds 3 cards or fewer, or the stock is nearly gone). Discard the
card that feeds the next player least: a black 3 on a big pile, never a wild
card or a rank the next player's side has melded while anything else can go,
singles before pairs, and among singles the one worth most (it would count
against the side).

It reads only what its seat may know (:func:`..play.masked.masked`), counts with
the cards' points and the rules' canasta bonuses alone, and imports nothing of the
levels (:mod:`.plan`, :mod:`.weigh`, :mod:`.search`): an independent opponent
for ``make bench``.
"""

from __future__ import annotations

from collections import Counter

from ..play.legal import legal_moves
from ..play.masked import masked
from ..play.moves import Answer, AskPartner, Discard, Draw, EndDeal, Meld, SpecialHand, TakePile
from ..play.position import Position, Step
from .player import Choice
from .reasons import reason

BIG_PILE = 5  # a black 3 is worth discarding on a pile of this many cards
FEW_CARDS = 3  # the other side is about to go out when one of its hands holds this many cards or fewer
LAST_STOCK = 6  # the stock is nearly gone


class HeuristicPlayer:
    """The greedy player of the module docstring: the player interface of :mod:`.player`."""

    def __init__(self, name: str = "heuristic"):
        self.name = name

    def __repr__(self) -> str:
        return f"HeuristicPlayer({self.name!r})"

    def choose(self, position: Position) -> Choice:
        seat = position.to_move
        if seat is None:
            raise ValueError("The deal is over: there is no move to choose.")
        return self.decide(masked(position, seat))

    def decide(self, known: Position) -> Choice:
        """Return the move for the seat to move in ``known``, read as it is given: a masked position, or a deal the
        expert's search imagines (:mod:`.expert`), which needs no masking again."""
        seat = known.to_move
        moves = legal_moves(known)
        if known.step == Step.ANSWER:
            yes = len(known.hands[seat]) <= 5
            return self._chose(Answer(yes) if Answer(yes) in moves else moves[0])
        if known.step == Step.DRAW:
            return self._chose(_start(known, moves))
        return self._chose(_play(known, seat, moves))

    def _chose(self, move) -> Choice:
        return Choice(move, reason("heuristic_move"), self.name)


def _start(known: Position, moves):
    takes = [move for move in moves if isinstance(move, TakePile)]
    if takes:  # take the pile whenever it may be taken, with the fewest cards of the hand
        return min(takes, key=lambda move: (len(move.cards) + sum(len(lay.cards) for lay in move.melds),
                                            sum(card.is_wild for card in move.cards)))
    for kind in (Draw, EndDeal):
        if kind() in moves:
            return kind()
    return moves[0]


def _play(known: Position, seat: int, moves):
    hand = known.hands[seat]
    side = known.side_of(seat)
    special = [move for move in moves if isinstance(move, SpecialHand)]
    if special:
        return special[0]
    melds = [move for move in moves if isinstance(move, Meld)]
    outs = [move for move in melds if _left(hand, move) <= 1]
    if known.may_go_out(side) or any(_canastas_after(known, side, move) >= known.options.canastas_to_go_out
                                     for move in outs):
        if _wants_out(known, seat) and outs:
            return max(outs, key=lambda move: -_left(hand, move))
        if _wants_out(known, seat) and len(hand) == 1 and Discard(hand[0]) in moves:
            return Discard(hand[0])
    keeping = [move for move in melds if _left(hand, move) >= 2]
    scored = [(_meld_score(known, side, move), move) for move in keeping]
    scored = [(score, move) for score, move in scored if score > 0]
    if scored:
        return max(scored, key=lambda item: item[0])[1]
    discards = [move for move in moves if isinstance(move, Discard)]
    if discards:
        return min(discards, key=lambda move: _discard_cost(known, seat, move.card))
    rest = [move for move in moves if not isinstance(move, AskPartner)]
    return (rest or moves)[0]


def _left(hand, move: Meld) -> int:
    return len(hand) - sum(len(lay.cards) for lay in move.melds)


def _canastas_after(known: Position, side: int, move: Meld) -> int:
    sizes = {meld.key: len(meld.cards) for meld in known.melds[side]}
    for lay in move.melds:
        key = lay.onto if lay.onto is not None else next((c.rank for c in lay.cards if c.is_natural), None)
        sizes[key] = sizes.get(key, 0) + len(lay.cards)
    return sum(1 for size in sizes.values() if size >= 7)


def _meld_score(known: Position, side: int, move: Meld) -> float:
    """Natural cards down are good; a canasta made is best; a wild card goes down only to make a canasta."""
    before = _canastas_after(known, side, Meld(()))
    made = _canastas_after(known, side, move) - before
    wilds = sum(1 for lay in move.melds for card in lay.cards if card.is_wild)
    naturals = sum(1 for lay in move.melds for card in lay.cards if card.is_natural)
    first = not known.melded[side]
    score = 10.0 * naturals + 300.0 * made
    if wilds and not made and not first:
        score -= 40.0 * wilds
    return score


def _table_points(known: Position, side: int) -> int:
    """The side's table, counted the plain way: the cards' points, and 300 or 500 a canasta (natural: no wild card)."""
    total = 0
    for meld in known.melds[side]:
        total += sum(card.points for card in meld.cards)
        if meld.is_canasta:
            total += 300 if any(card.is_wild for card in meld.cards) else 500
    return total


def _wants_out(known: Position, seat: int) -> bool:
    """Go out when ahead on the table, when another side holds few cards, or when the stock is nearly gone."""
    side = known.side_of(seat)
    mine = _table_points(known, side)
    others = [other for other in known.sides() if other != side]
    theirs = max((_table_points(known, other) for other in others), default=0)
    fewest = min((len(known.hands[s]) for other in others for s in known.seats_of(other)), default=99)
    return mine >= theirs or fewest <= FEW_CARDS or len(known.stock) <= LAST_STOCK


def _discard_cost(known: Position, seat: int, card) -> tuple:
    hand = known.hands[seat]
    following = (seat + 1) % known.seats
    theirs = {meld.key for meld in known.melds[known.side_of(following)]}
    counts = Counter(c.rank for c in hand if c.is_natural)
    if card.is_black_three:
        cost = -50 if len(known.pile) >= BIG_PILE else 5
    elif card.is_wild:
        cost = 500
    elif card.rank in theirs and known.side_of(following) != known.side_of(seat):
        cost = 200  # it feeds the next player: they add it to their meld and take the pile
    elif counts[card.rank] >= 2:
        cost = 50 + 10 * counts[card.rank]  # a pair (or more) is kept for the pile
    else:
        cost = -card.points  # a single: the one worth most would count against the side
    return cost, card.code
