"""The games API: start a game, read it (cheaply, with ETags), change its hands and its names and seats.

Knowing a game's id is enough to read it; changing it needs the edit key as
``Authorization: Bearer <edit key>``. Every change goes through
``scorekeeper.service`` (the engine checks the whole game before anything is
stored) inside one write transaction, together with the ``Idempotency-Key``
bookkeeping (``scorekeeper.idempotency``), so two copies of one request can
never both add a hand.

Answers are checked in this order: unknown game 404, missing or wrong key 403,
unreadable body 400, stale ``expected_version`` 409, broken rules 422.
"""

import json
import re

from flask import Blueprint, current_app, request, url_for

from ..canasta.messages import N_
from ..i18n import gettext as _, ngettext, problem_dict
from .. import limits
from ..games import access
from . import idempotency
from ..games import undo as history
from ..games import write as service
from ..store import db as store
from ..store import sqlite
from .common import BadBody, bad_body, json_response, read_json_object, rule_problems
from ..canasta.errors import CanastaError, InvalidHand, Problem
from ..canasta.fields import is_integer
from ..errors import error_body
from ..games.once import KeyReused, at_most_once
from ..games.read import load_game

bp = Blueprint("api_games", __name__, url_prefix="/api/v1/games")
CSRF_EXEMPT = True  # changes need the bearer edit key, which no other site can send

GAME_FIELDS = ("rules", "names", "options", "seats", "start_totals")
HAND_FIELDS = ("sides", "expected_version")
DELETE_FIELDS = ("expected_version",)
RENAME_FIELDS = ("names", "seats", "expected_version")
STEP_FIELDS = ("expected_version",)
API = "api"  # who made a change, on the game's history page: the JSON API (with the edit key)
NEW_GAME_SCOPE = "api:new"


# --- how a game reads as JSON ----------------------------------------------------------


def game_urls(game_id):
    """Return the paths of the game's scoreboard (``url``) and of its view-only page (``view_url``)."""
    return url_for("games.board", game_id=game_id), url_for("games.view", game_id=game_id)


def _created(game_id, edit_key):
    """Return the answer to a new game: API.md's four fields, and the edit link that opens it in a browser."""
    url, view_url = game_urls(game_id)
    return {
        "id": game_id, "edit_key": edit_key, "url": url, "view_url": view_url,
        "edit_url": url_for("games.join", game_id=game_id, key=edit_key),
    }


def _hand_json(game, index):
    hand = game.hands[index]
    # A stored hand the engine now refuses (see Game.problems) leaves the hands
    # from it on unscored: they read as null rather than as made-up numbers.
    scored = game.score.hands[index] if index < len(game.score.hands) else None
    return {
        "number": hand["number"],
        "sides": hand["sides"],
        "scores": list(scored.scores) if scored else None,
        "totals": list(scored.totals) if scored else None,
        "side_scores": [
            {"members": list(side.members), "score": side.score, "breakdown": dict(side.breakdown)}
            for side in scored.sides
        ] if scored else None,
        "dealer": game.dealer_of(hand["number"]),
    }


def game_json(game):
    """Return the API's reading of a game: API.md's fields first, then the project's additions."""
    score = game.score
    url, view_url = game_urls(game.id)
    return {
        "id": game.id,
        "rules": game.rules,
        "names": game.names,
        "hands": [_hand_json(game, index) for index in range(len(game.hands))],
        "totals": list(score.totals),
        "next_minimum": list(score.next_minimum),
        "game_over": score.game_over,
        "winner": score.winner,
        "version": game.version,
        "winners": list(score.winners),
        "tie": score.tie,
        "leader": score.leader,
        "options": game.options,
        "seats": game.seats,
        "start_totals": game.start_totals,
        "next_dealer": game.next_dealer,
        "url": url,
        "view_url": view_url,
        "created_at": game.created_at,
        "updated_at": game.updated_at,
        "problems": [problem_dict(problem) for problem in game.problems],
    }


def _etag(version):
    return f'W/"{version}"'


def _game_response(text, status, game_id, version, location=None):
    response = current_app.response_class(text, status=status, mimetype="application/json")
    response.headers["ETag"] = _etag(version)
    # Asked again each time (a poll with If-None-Match costs one small query),
    # and kept out of shared caches: the id in the address is the view secret.
    response.cache_control.private = True
    response.cache_control.no_cache = True
    if location:
        response.headers["Location"] = location
    return response


# --- reading -------------------------------------------------------------------------------


@bp.get("/<game_id>")
def game(game_id):
    """The game with every hand scored; 304 when the poller's ETag is still the game's version."""
    db = sqlite.get_db()
    version = store.get_version(db, game_id)
    if version is None:
        return no_game()
    if request.if_none_match.contains_weak(str(version)):
        # Answered from the version alone: nothing is loaded or scored.
        return _game_response("", 304, game_id, version)
    found = load_game(db, game_id)
    return _game_response(_dumps(game_json(found)), 200, game_id, found.version)


@bp.get("/<game_id>/hands/<int:number>")
def hand(game_id, number):
    """One hand of the game: its sides as entered and its scores."""
    found = load_game(sqlite.get_db(), game_id)
    if found is None:
        return no_game()
    if not 1 <= number <= len(found.hands):
        return _no_hand(found, number)
    data = {**_hand_json(found, number - 1), "game_version": found.version}
    return _game_response(_dumps(data), 200, game_id, found.version)


# --- changing ------------------------------------------------------------------------------


@bp.post("")
def create():
    """Start a game: 201 with its id, its edit key (shown this once) and its pages."""
    limited = limits.count("games")
    if limited is not None:
        return limited
    try:
        idempotency_key = idempotency.idempotency_key()
        body, canonical = read_json_object()
    except BadBody as error:
        return bad_body(error)
    refusal = idempotency.random_key_refusal(idempotency_key, N_("a new game"))
    if refusal is not None:
        return refusal
    problems = _unknown_fields(body, GAME_FIELDS, N_("A new game"))
    request_hash = idempotency.request_hash(canonical)
    db = sqlite.get_db()
    created = {}

    def start():
        try:
            game_id, edit_key = service.new_game(
                db, rules=body.get("rules"), options=body.get("options"), names=body.get("names"),
                seats=body.get("seats"), start_totals=body.get("start_totals"),
            )
        except CanastaError as error:
            raise InvalidHand(problems + error.problems) from None
        if problems:
            raise InvalidHand(problems)  # rolls the new game back
        created.update(_created(game_id, edit_key))
        # Only a hash of an edit key is ever stored: what a repeat needs holds it
        # sealed with the Idempotency-Key, which only the client knows.
        sealed = idempotency.seal(edit_key, idempotency_key, game_id) if idempotency_key else None
        return 201, _dumps({"id": game_id, "sealed_key": sealed})

    try:
        answer = at_most_once(db, NEW_GAME_SCOPE, idempotency_key, request_hash, start)
    except InvalidHand as error:
        return rule_problems(error)
    except KeyReused:
        return idempotency.key_reused()
    if answer.repeated:
        data = json.loads(answer.kept)
        edit_key = idempotency.unseal(data["sealed_key"], idempotency_key, data["id"])
        return idempotency.replayed(_created_response(_created(data["id"], edit_key), answer.status))
    return _created_response(created, 201)


def _created_response(answer, status):
    response = json_response(answer, status)
    response.headers["Location"] = url_for(".game", game_id=answer["id"])
    response.cache_control.no_store = True  # it holds the edit key
    return response


@bp.post("/<game_id>/hands")
def add_hand(game_id):
    """Append a hand: 201 with the game, the new hand last."""
    return _change(game_id, 201, HAND_FIELDS, N_("A hand"), lambda db, body, expected: service.add_hand(
        db, game_id, body.get("sides"), expected_version=expected, made_by=API))


@bp.put("/<game_id>/hands/<int:number>")
def replace_hand(game_id, number):
    """Replace hand ``number``: 200 with the game, every total after it recomputed."""
    def replace(db, body, expected):
        return service.replace_hand(db, game_id, number, body.get("sides"), expected_version=expected, made_by=API)
    return _change(game_id, 200, HAND_FIELDS, N_("A hand"), replace, number=number)


@bp.delete("/<game_id>/hands/<int:number>")
def delete_hand(game_id, number):
    """Remove hand ``number``: 200 with the game, later hands numbered one less."""
    def delete(db, body, expected):
        return service.delete_hand(db, game_id, number, expected_version=expected, made_by=API)
    return _change(game_id, 200, DELETE_FIELDS, N_("A deletion"), delete, number=number, body_optional=True)


@bp.patch("/<game_id>")
def rename(game_id):
    """Rename the teams or players and name the seats: 200 with the game. Scores never change.

    A field left out keeps what the game has; ``"seats": []`` (or null) clears the seats.
    Seats are in the order ``seats`` reads in the game: the first dealer first.
    """
    def rename_table(db, body, expected):
        stored = store.get_game(db, game_id)
        if stored is None:
            raise store.NotFound(game_id)
        names, seats = (body[field] if field in body else stored[field] for field in ("names", "seats"))
        return service.rename_game(db, game_id, names=names, seats=seats, expected_version=expected, made_by=API)
    return _change(game_id, 200, RENAME_FIELDS, N_("A change of names and seats"), rename_table)


@bp.post("/<game_id>/undo")
def undo(game_id):
    """Revert the game's last change (an add, edit, delete or rename): 200 with the game; 409 when none is left."""
    return _change(game_id, 200, STEP_FIELDS, N_("An undo"),
                   lambda db, body, expected: history.undo(db, game_id, expected_version=expected, made_by=API)[0],
                   body_optional=True)


@bp.post("/<game_id>/redo")
def redo(game_id):
    """Put back the change undone last: 200 with the game; 409 when nothing was undone since the last change."""
    return _change(game_id, 200, STEP_FIELDS, N_("A redo"),
                   lambda db, body, expected: history.redo(db, game_id, expected_version=expected, made_by=API)[0],
                   body_optional=True)


def _change(game_id, status, fields, what, apply, number=None, body_optional=False):
    """Check access, read the body, and apply one change with its Idempotency-Key bookkeeping.

    ``apply(db, body, expected_version)`` makes the change through the service
    and returns it ``Saved``: the game it answers with was scored once, by the change.
    """
    db = sqlite.get_db()
    refusal = edit_refusal(db, game_id)
    if refusal is not None:
        return refusal
    try:
        idempotency_key = idempotency.idempotency_key()
        body, canonical = _change_body(body_optional)
    except BadBody as error:
        return bad_body(error)
    problems = _unknown_fields(body, fields, what)
    expected = body.get("expected_version")
    if expected is not None and not (is_integer(expected) and expected >= 0):
        problems.append(Problem("request.expected_version", "expected_version"))
        expected = None
    request_hash = idempotency.request_hash(canonical)
    changed = []

    def change():
        try:
            saved = apply(db, body, expected)
        except CanastaError as error:
            raise InvalidHand(problems + error.problems) from None
        if problems:
            raise InvalidHand(problems)  # the change passed the engine, but the body has more wrong
        changed.append(saved)
        # What a repeat needs, not the game again: it answers the game as it is then.
        return status, _dumps({"id": game_id, "version": saved.game.version, "number": saved.number})

    try:
        answer = at_most_once(db, f"api:{game_id}", idempotency_key, request_hash, change)
    except InvalidHand as error:
        return rule_problems(error)
    except KeyReused:
        return idempotency.key_reused()
    except store.VersionConflict as conflict:
        return _conflict(conflict.current_version, expected)
    except history.NothingLeft as nothing:
        return error_body(409, [("", _(str(nothing)))])
    except store.NotFound:
        # No such hand; or, with no hand named, the game was deleted meanwhile.
        return _no_hand(load_game(db, game_id), number) if number is not None else no_game()
    if answer.repeated:
        return idempotency.replayed(_repeat(db, answer))
    saved = changed[0]
    location = url_for(".hand", game_id=game_id, number=saved.number) if status == 201 else None
    return _game_response(_dumps(game_json(saved.game)), status, game_id, saved.game.version, location)


def _repeat(db, answer):
    """The answer to a repeated change: the game as it is now (the first answer's body while nothing changed since)."""
    data = json.loads(answer.kept)
    found = load_game(db, data["id"])
    response = _game_response(_dumps(game_json(found)), answer.status, data["id"], found.version)
    if answer.status == 201 and data.get("number"):
        response.headers["Location"] = url_for(".hand", game_id=data["id"], number=data["number"])
    return response


def _change_body(body_optional):
    """Return the body of a change; a DELETE may come without one (``?expected_version=N`` then)."""
    if not body_optional or request.get_data(cache=True).strip():
        body, canonical = read_json_object()
    else:
        body, canonical = {}, b"{}"
    if body_optional and "expected_version" in request.args:
        value = request.args["expected_version"]
        # Only plain digits become a number ("¹".isdigit() is True; 5,000 digits overflow int()).
        body = {**body, "expected_version": int(value) if re.fullmatch(r"[0-9]{1,18}", value) else value}
        canonical = json.dumps(body, sort_keys=True, separators=(",", ":")).encode("utf-8")
    return body, canonical


# --- access, versions, repeated requests ------------------------------------------------------


def edit_refusal(db, game_id):
    """Return the 404 or 403 answer when this request may not change the game, else None."""
    if store.get_version(db, game_id) is None:
        return no_game()
    key = access.bearer_key(request)
    if key is None:
        return error_body(403, [("Authorization", _("Changing a game needs its edit key, sent as the header "
                                                    "Authorization: Bearer <edit key>. The game's id alone only lets you view it."))])
    limited = limits.reached("keys")  # after too many wrong keys, no key is tried for a while
    if limited is not None:
        return limited
    if not access.key_opens(db, game_id, key):
        limits.count("keys")
        return error_body(403, [("Authorization", _("This is not the edit key of this game, so it can only be viewed. "
                                                    "Nothing was changed."))])
    return None


def no_game():
    return error_body(404, [("id", _("There is no game with this id. Check the link you were given."))])


def _no_hand(found, number):
    count = len(found.hands) if found else 0
    has = _("no hands yet") if count == 0 else ngettext("%(num)s hand", "%(num)s hands", count)
    return error_body(404, [("number", _("This game has no hand %(number)s: it has %(has)s.", number=number, has=has))])


def _conflict(current_version, expected):
    return error_body(409, [("expected_version", (
        _("The game changed meanwhile: it is at version %(current)s, you sent %(expected)s. "
          "Reload it, check the hands, and send the change again with the new version. Nothing was changed.",
          current=current_version, expected=expected)))])


def _unknown_fields(body, allowed, what):
    return [
        Problem("value.unknown_field", str(name)[:40], what=_(what), name=str(name)[:40], fields=", ".join(allowed))
        for name in body if name not in allowed
    ]


def _dumps(data):
    return current_app.json.dumps(data, sort_keys=False) + "\n"
