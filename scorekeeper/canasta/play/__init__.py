"""A deal of Canasta that can be played: positions, the referee, legal moves, replay.

Standard library only, like the rest of :mod:`scorekeeper.canasta`. Every rule
of RULES.md ("Playing a deal" and the sections before it) for the six presets
is judged here, with the rules checks' own functions for melds, the pile, the
initial meld and going out, so a refusal reads the same in the game and on
the check pages. The score of an ended deal comes from
:mod:`scorekeeper.canasta.scoring`, never from here.

The API a practice game or a computer player uses
-------------------------------------------------

Deal::

    position, events = deal("classic", options=None, seed=42, totals_before=[0, 0])

``position`` is a frozen :class:`Position`: every hand, the stock, the pile,
each side's melds, the 3s laid out, whose turn (``position.turn``) and at
which step (``position.step``, a :class:`Step`: "draw", "play", "answer", "over"); the seat that
makes the next move is ``position.to_move`` (the partner while "may I go
out?" waits for an answer). Seats count from 0 clockwise, seat 0 plays first;
seat ``s`` plays for side ``s % scorers`` (``position.side_of(seat)``; in
classic-3p the sides change when the first taker of the pile plays alone).

What a seat may know — its own hand and everything on the table, never
another seat's hidden cards, of the stock only its size::

    seen = view(position, seat)      # SeatView; seen.moves: its legal moves when it is to move
    seen.as_dict()                   # JSON-ready

Moves are frozen values (:mod:`.moves`): ``Draw()``, ``TakePile(cards, melds)``
(``cards`` from hand melded with the top card, none to add it to the side's
meld; ``melds`` laid from hand in the same move, which a side's first meld
needs to reach its minimum), ``Meld((Lay(cards), Lay(cards, onto=Rank.KING), ...))``,
``Discard(card)``, ``AskPartner()``, ``Answer(yes)``, ``SpecialHand(name)`` and
``EndDeal()`` (the stock is empty and the pile not taken). A card written
without its suit (``Card(Rank.KING)``) stands for any king of the hand.
``move_from_data({"kind": "meld", "melds": "K K K | 8 8 2"})`` reads the JSON form,
``move.as_dict()`` writes it.

The moves a position allows (every kind, every way to take the pile, melds to
choose from, the going-out check's way out; each one allowed by the referee)::

    moves = legal_moves(position)

The referee, for any move, allowed or not, with every reason::

    ruling = judge(position, move)   # ruling.allowed; ruling.refusals: code, params, message
    position, events = apply(position, move)   # raises IllegalMove(refusals) when refused

A refused move changes nothing (positions are frozen). ``events`` say what
happened: cards drawn (their cards only for that seat: ``event.as_dict(hide=True)``),
3s laid out, the pile taken, melds laid and added, canastas completed, the
pile frozen, the partnership formed, the deal over.

The end of a deal (``position.over``)::

    hand_sides(position)   # the sides as POST /api/v1/score takes them (melds, in_hand, red_threes, going_out …)
    score(position)        # POST /api/v1/score's answer for them, from canasta.scoring

Replay: a deal is its rule set, options, seed and moves. The same input gives
the same positions on every machine (the shuffle is the engine's own, not
Python's ``random``)::

    record = Deal("classic", None, 42, None, moves)
    played = replay(record)          # played.positions[n]: after n moves; played.events[n]
    played.step(3); played.back(); played.forward()
    Deal.from_dict(record.as_dict()) == record

A position as JSON, both ways (the referee's API shape, docs/play.md)::

    position, shown = read_position(ruleset, options, data)   # raises InvalidHand, field by field
    position_data(position, shown)

``random_deal(rules, options, seed)`` plays a whole deal with moves drawn
from the legal ones: a first opponent, and what the tests and the benchmark play.

>>> position, _ = deal("classic", seed=7)
>>> position.step, position.to_move, [len(hand) for hand in position.hands]
(<Step.DRAW: 'draw'>, 0, [11, 11, 11, 11])
>>> position, events = apply(position, Draw())
>>> position.step, len(position.hands[0])
(<Step.PLAY: 'play'>, 12)
>>> judge(position, Draw()).refusals[0].message
'You have begun your turn already: meld, or discard to end it.'
>>> from scorekeeper.canasta.players.random_players import random_deal
>>> record = random_deal("modern", seed=5)
>>> played = replay(record)
>>> played.position.over, played.position == replay(record).position
(True, True)
>>> [side["members"] for side in score(played.position)["sides"]]
[[0], [1]]
"""

from .codec import position_data, read_position
from .ending import hand_sides, score, score_body, scoring_sides
from .events import Event, EventKind
from .legal import legal_moves
from .moves import (
    WILD, Answer, AskPartner, Discard, Draw, EndDeal, Lay, Meld, Move, SpecialHand, TakePile, move_from_data,
)
from .position import End, Position, Step, TableMeld, partner_to_ask
from .problems import Refusal
from .referee import IllegalMove, Ruling, apply, judge
from .replay import Deal, Replay, replay
from .table import deal
from .view import SeatView, view

__all__ = [
    "WILD",
    "Answer", "AskPartner", "Deal", "Discard", "Draw", "End", "EndDeal", "Event", "EventKind", "IllegalMove", "Lay", "Meld",
    "Move", "Position", "Refusal", "Replay", "Ruling", "SeatView", "SpecialHand", "Step", "TableMeld", "TakePile",
    "apply", "deal", "hand_sides", "judge", "legal_moves", "move_from_data", "partner_to_ask", "position_data",
    "read_position", "replay", "score", "score_body", "scoring_sides", "view",
]
