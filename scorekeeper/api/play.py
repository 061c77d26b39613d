"""The referee as JSON: is this move allowed in this position, and what moves does a position allow.

``POST /api/v1/play/check`` takes a complete position and one move, and answers
whether the move is allowed, with every reason, and for an allowed move the
position after it, what happened and, when the deal ends, its hand score.
``POST /api/v1/play/moves`` lists the moves a position allows. A refused move
is part of a 200 answer; a body that cannot be read answers 400, and input
that cannot be read or cannot happen 422 with every problem (docs/play.md).
Sentences come with their ``codes``, as in the rules checks' answers.
"""

from flask import Blueprint

from ..i18n import problem_dict
from ..canasta.errors import CanastaError, data
from ..canasta.fields import FieldReader
from ..canasta.options import resolve
from ..canasta.play import apply, judge, legal_moves, move_from_data, score
from ..canasta.play.codec import position_data, read_position
from ..canasta.play.position import Step
from ..canasta.play.referee import pile_check
from .checks import way_json
from .common import computed_answer, referee_limit

bp = Blueprint("api_play", __name__, url_prefix="/api/v1/play")
CSRF_EXEMPT = True  # answers questions, changes nothing, reads no cookie
bp.before_request(referee_limit)  # each answer runs the engine: counted per address

CHECK_FIELDS = ("rules", "options", "position", "move", "seat")
MOVES_FIELDS = ("rules", "options", "position")


def read_body(body, fields):
    """Return ``(position, shown, move)`` from a body, or raise InvalidHand listing every problem."""
    reader = FieldReader()
    body = reader.mapping(body, "", "The request", fields) or {}
    ruleset = options = None
    try:
        ruleset, options = resolve(body.get("rules"), body.get("options"))
    except CanastaError as error:
        reader.extend(error.problems)
    if "position" not in body:
        reader.problem("position", "position.missing")
    move = None
    if "move" in fields:
        if "move" not in body:
            reader.problem("move", "move.missing")
        else:
            try:
                move = move_from_data(body["move"])
            except CanastaError as error:
                reader.extend(error.problems)
    seat = body.get("seat")
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or seat < 0
                             or ruleset is not None and seat >= ruleset.players):
        top = ruleset.players - 1 if ruleset is not None else 5
        reader.problem("seat", "move.seat", last=top)
    position = shown = None
    if ruleset is not None and "position" in body:
        try:
            position, shown = read_position(ruleset, options, body["position"])
        except CanastaError as error:
            reader.extend(error.problems)
    reader.raise_if_any()
    return position, shown, move, seat


def check_answer(body):
    """Return the answer of ``/check``: allowed or not, every reason, and the position after an allowed move."""
    position, shown, move, seat = read_body(body, CHECK_FIELDS)
    ruling = judge(position, move, seat)
    answer = {
        "allowed": ruling.allowed,
        "reasons": list(ruling.reasons),
        "refusals": [problem_dict(refusal) for refusal in ruling.refusals],
        "position": None,
        "events": [],
        "over": False,
        "score": None,
        "codes": {"reasons": data(ruling.refusals)},
    }
    if ruling.allowed:
        after, events = apply(position, move, seat)
        answer.update(position=position_data(after, shown), events=[event.as_dict() for event in events],
                      over=after.over, score=score(after) if after.over else None)
    return answer


def moves_answer(body):
    """Return the answer of ``/moves``: who moves, the kinds of move allowed, the moves, every way to take the pile."""
    position, _, _, _ = read_body(body, MOVES_FIELDS)
    moves = legal_moves(position)
    pile = None
    if position.step == Step.DRAW and position.pile:
        check = pile_check(position, position.turn)
        pile = {"can_take": check.can_take, "frozen": check.frozen, "frozen_because": list(check.frozen_because),
                "ways": [way_json(way, " ".join(card.code for card in way.cards)) for way in check.ways],
                "reasons": list(check.reasons),
                "codes": {"frozen_because": data(check.frozen_because_data), "reasons": data(check.reasons_data)}}
    return {
        "to_move": position.to_move,
        "step": position.step,
        "kinds": list(dict.fromkeys(move.kind for move in moves)),
        "moves": [move.as_dict() for move in moves],
        "pile": pile,
    }


@bp.post("/check")
def check():
    """Whether one move is allowed in a position, every reason, and the position after it."""
    return computed_answer(check_answer)


@bp.post("/moves")
def moves():
    """The moves a position allows: their kinds, the moves, every way to take the pile."""
    return computed_answer(moves_answer)

