"""The tables API (API.md "Tables", docs/tables.md): open a table, read it as a seat, make moves, manage it.

A seat's key (``Authorization: Bearer <key>``) opens that seat; no key reads
the table as a spectator; the host's key manages the table and reads it as a
spectator. A refused move is a 200 answer with ``allowed: false``. Answers are
checked in this order: unknown table 404, wrong key 403, unreadable body
400/422, stale ``expected_version`` 409. Computers' moves are made after the
answered change (``games.tables``): inline when ``TABLES_COMPUTER_THREADS`` is
off (the tests), else by this worker's driver thread, and by every read's catch-up. The host's requests (seats,
end) are :mod:`.table_host`; talk and finished deals, :mod:`.table_talk`.
"""

import json

from flask import Blueprint, current_app, request, url_for

from .. import limits
from ..canasta.messages import N_
from ..i18n import gettext as _
from ..canasta.errors import CanastaError
from ..errors import error_body
from ..games import access
from ..games import table_computers as computers
from ..games import table_talk as talk
from ..games import table_views as views
from ..games import table_open, tables
from ..games.once import KeyReused, at_most_once
from ..live import polling as live_polling
from ..store import sqlite
from ..store import tables as tables_store
from . import idempotency
from .common import BadBody, bad_body, json_response, read_json_object

bp = Blueprint("api_tables", __name__, url_prefix="/api/v1/tables")
CSRF_EXEMPT = True  # changes need a bearer key (a seat's or the host's), which no other site can send

OPEN_FIELDS = ("rules", "options", "names", "computer")
MOVE_FIELDS = ("move", "expected_version")
NEW_TABLE_SCOPE = "api:new-table"


# --- settings -------------------------------------------------------------------------------------


def _delay():
    value = current_app.config.get("TABLES_COMPUTER_DELAY", computers.DEFAULT_DELAY)
    return max(0.0, float(value))


def _away():
    return talk.setting(current_app.config, "TABLES_AWAY_SECONDS", talk.DEFAULT_AWAY_SECONDS)


def _threads():
    return bool(current_app.config.get("TABLES_COMPUTER_THREADS", True))


def _computers_move(table_id):
    """After a change: let the computers move, in a thread of this worker (paced) or here and now (no threads)."""
    computers.after_change(sqlite.get_db(), current_app.config["DATABASE"], table_id, _delay(), _threads())


# --- answers -------------------------------------------------------------------------------------------


def _urls(table_id, game_id):
    return {"url": f"/tables/{table_id}", "live_url": url_for(".live", table_id=table_id),
            "game_url": url_for("games.board", game_id=game_id)}


def invite_url(table_id, key):
    """Return the link that opens a seat on a phone (the seat's key in it: a secret)."""
    return f"/tables/{table_id}/join?key={key}"


def _view(table, seat):
    return views.view_for(table, seat, _urls(table.id, table.game.id))


def _answer(data, status=200):
    response = json_response(data, status)
    # A seat's view holds its hand: no cache keeps it, and no ETag tells anything but the version.
    response.cache_control.no_store = True
    return response


def no_table():
    return error_body(404, [("id", _("There is no table with this id. Check the link you were given."))])


def _wrong_key():
    limits.count("keys")
    return error_body(403, [("Authorization", _("This key opens no seat of this table, and is not its host's key. "
                                                "Check the invite link; the host may have given the seat a new one. "
                                                "Nothing was changed."))])


def _key_of_request():
    """Return ``(key, refusal)``: the bearer key (None without one), or the 429 answer after too many wrong keys."""
    key = access.bearer_key(request)
    if key is None:
        return None, None
    return key, limits.reached("keys")


def _read_body(allowed, what):
    """Return ``(body, canonical, problems)``; raise BadBody for a body that is no JSON object."""
    body, canonical = read_json_object()
    problems = [(str(name)[:40], _('%(what)s has no field "%(name)s". Its fields: %(fields)s.', what=_(what),
                                   name=str(name)[:40], fields=", ".join(allowed)))
                for name in body if name not in allowed]
    return body, canonical, problems


# --- opening and reading -------------------------------------------------------------------------------


@bp.post("")
def open_table():
    """Open a table and deal its first deal: 201 with its id, the host's key and each person seat's key."""
    limited = limits.count("tables")
    if limited is not None:
        return limited
    try:
        key = idempotency.idempotency_key()
        body, canonical, problems = _read_body(OPEN_FIELDS, N_("A new table"))
    except BadBody as error:
        return bad_body(error)
    refusal = idempotency.random_key_refusal(key, N_("a new table"))
    if refusal is not None:
        return refusal
    db = sqlite.get_db()
    created = {}

    def start():
        try:
            opened = table_open.open_table(db, rules=body.get("rules"), options=body.get("options"),
                                       names=body.get("names"), computer=body.get("computer"))
        except table_open.BadTable as error:
            raise table_open.BadTable(problems + error.problems) from None
        if problems:
            raise table_open.BadTable(problems)  # rolls the new table back
        created["opened"] = opened
        # Only hashes of keys are stored: a repeat's answer keeps them sealed with the Idempotency-Key.
        secrets = {"host": opened.host_key, "seats": {str(seat): k for seat, k in opened.keys.items()}}
        sealed = idempotency.seal(json.dumps(secrets), key, opened.id) if key else None
        return 201, json.dumps({"id": opened.id, "sealed": sealed})

    try:
        once = at_most_once(db, NEW_TABLE_SCOPE, key, idempotency.request_hash(canonical), start)
    except table_open.BadTable as error:
        return error_body(422, error.problems)
    except KeyReused:
        return idempotency.key_reused()
    if once.repeated:
        kept = json.loads(once.kept)
        secrets = json.loads(idempotency.unseal(kept["sealed"], key, kept["id"]))
        opened = table_open.Opened(kept["id"], secrets["host"], {int(seat): k for seat, k in secrets["seats"].items()})
        response = idempotency.replayed(_opened_response(db, opened))
        return response
    _computers_move(created["opened"].id)
    return _opened_response(db, created["opened"])


def _opened_response(db, opened):
    table = tables.load(db, opened.id)
    seats = []
    for row in table.seats:
        seat = {"seat": row["seat"], "name": row["name"], "player": row["player"]}
        if row["player"] == tables.PERSON:
            key = opened.keys.get(row["seat"])
            seat.update(key=key, invite_url=invite_url(table.id, key) if key else None)
        else:
            seat["level"] = row["level"]
        seats.append(seat)
    urls = _urls(table.id, table.game.id)
    data = {"id": table.id, "url": urls["url"], "host_key": opened.host_key, "version": table.version,
            "seats": seats, "game_id": table.game.id, "game_url": urls["game_url"], "live_url": urls["live_url"]}
    response = _answer(data, 201)
    response.headers["Location"] = url_for(".table", table_id=table.id)
    return response


def table_and_reader(db, table_id):
    """Return ``(table, seat, refusal)``: the table and whom the request's key opens (a seat, "host", or None for
    no key), else the 404, 429 or 403 answer in ``refusal``."""
    found = tables.load(db, table_id)
    if found is None:
        return None, None, no_table()
    key, limited = _key_of_request()
    if limited is not None:
        return None, None, limited
    seat = None
    if key is not None:
        seat = found.seat_of_key(key)
        if seat is None:
            return None, None, _wrong_key()
    return found, seat, None


@bp.get("/<table_id>")
def table(table_id):
    """The table as the key's seat may know it; a spectator's view without a key or with the host's."""
    db = sqlite.get_db()
    found, seat, refusal = table_and_reader(db, table_id)
    if refusal is not None:
        return refusal
    talk.presence(db, found, seat, _away())  # this seat seen; seats unseen too long marked away
    # A worker killed mid-deal left a computer to move: whoever reads the table makes the overdue move.
    found = computers.read_table(db, current_app.config["DATABASE"], table_id, _delay(), _threads())
    return _answer(_view(found, None if seat == "host" else seat))


@bp.get("/<table_id>/live")
def live(table_id):
    """The live stream of the table's versions (docs/tables.md): ``{"version": N}`` events, never a card.

    Under the ASGI worker (``scorekeeper.asgi``) a known table's stream is served before Flask: this
    answers its unknown tables, and every stream under a WSGI worker, from this thread.
    """
    version = tables_store.get_version(sqlite.get_db(), table_id)
    if version is None:
        return no_table()
    return live_polling.response(table_id, version)


# --- moves --------------------------------------------------------------------------------------------


def _expected_version(body, problems):
    value = body.get("expected_version")
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2 ** 53:
        problems.append(("expected_version", _("expected_version is the table's version you saw, a whole number.")))
        return None
    return value


def _conflict(version, expected):
    return error_body(409, [("expected_version", _(
        "The table moved on: it is at version %(version)s, you sent %(expected)s. "
        "Read the table again and choose your move in the position as it is now. Nothing was changed.",
        version=version, expected=expected))])


@bp.post("/<table_id>/moves")
def move(table_id):
    """Make a move for the key's seat: 200 with allowed or not, every reason, and the table as it stands."""
    db = sqlite.get_db()
    found = tables.load(db, table_id)
    if found is None:
        return no_table()
    key, limited = _key_of_request()
    if limited is not None:
        return limited
    if key is None:
        return error_body(403, [("Authorization", _("A move needs the seat's key, sent as the header "
                                                    "Authorization: Bearer <seat key>. Nothing was changed."))])
    seat = found.seat_of_key(key)
    if seat is None:
        return _wrong_key()
    if seat == "host":
        return error_body(403, [("Authorization", tables.sentence("spectator") + " " + _("Nothing was changed."))])
    talk.presence(db, found, seat, _away(), mark_away=False)  # a seat back from away moves the version: its old one is stale
    try:
        idempotency_key = idempotency.idempotency_key()
        body, canonical, problems = _read_body(MOVE_FIELDS, N_("A move"))
    except BadBody as error:
        return bad_body(error)
    expected = _expected_version(body, problems)
    chosen = None
    if "move" not in body:
        problems.append(("move", _("Give the move, like {\"kind\": \"draw\"}.")))
    else:
        try:
            chosen = tables.read_move(body["move"])
        except CanastaError as error:
            problems += [(problem.field, problem.message) for problem in error.problems]
    if problems:
        return error_body(422, problems)
    if chosen == "next_deal":
        limited = limits.count("tables")
        if limited is not None:
            return limited
    outcome = {}

    def change():
        made = tables.make_move(db, table_id, seat, chosen, expected)
        outcome["made"] = made
        return 200, json.dumps(made.as_dict())

    scope = f"api:table:{table_id}:seat:{seat}"
    try:
        once = at_most_once(db, scope, idempotency_key, idempotency.request_hash(canonical), change)
    except tables.Conflict as conflict:
        return _conflict(conflict.version, expected)
    except KeyReused:
        return idempotency.key_reused()
    if not once.repeated and outcome["made"].allowed:
        _computers_move(table_id)
    data = json.loads(once.kept)
    data["table"] = _view(tables.load(db, table_id), seat)
    response = _answer(data, once.status)
    return idempotency.replayed(response) if once.repeated else response


# --- play again with the same seats -------------------------------------------------------------------------

AGAIN_FIELDS = ("expected_version",)


def _seat_or_host_table(table_id):
    """Return ``(table, role, refusal)``: the table and the key's seat or "host"; else the 404/403/429 answer."""
    db = sqlite.get_db()
    found = tables.load(db, table_id)
    if found is None:
        return None, None, no_table()
    key, limited = _key_of_request()
    if limited is not None:
        return None, None, limited
    if key is None:
        return None, None, error_body(403, [("Authorization", _(
            "Playing again needs a seat's key or the host's, sent as the header Authorization: Bearer <key>. "
            "Nothing was changed."))])
    role = found.seat_of_key(key)
    if role is None:
        return None, None, _wrong_key()
    return found, role, None


def again_body():
    """Return ``(expected_version, canonical, problems)`` of a play-again request; its body may be left out."""
    if not request.get_data(cache=True).strip() and not request.is_json:
        return None, b"{}", []
    body, canonical, problems = _read_body(AGAIN_FIELDS, N_("Playing again"))
    return _expected_version(body, problems), canonical, problems


GAME_NOT_OVER = N_("The table's game is not over: a new game starts only once a side has reached the target. "
                   "Nothing was changed.")


@bp.post("/<table_id>/again")
def again(table_id):
    """A seat or the host: once the game is over, a new game at the same table with the same seats, deal 1."""
    found, role, refusal = _seat_or_host_table(table_id)
    if refusal is not None:
        return refusal
    try:
        idempotency_key = idempotency.idempotency_key()
        expected, canonical, problems = again_body()
    except BadBody as error:
        return bad_body(error)
    if problems:
        return error_body(422, problems)
    limited = limits.count("tables")  # it deals a deal, as next_deal does
    if limited is not None:
        return limited
    db = sqlite.get_db()

    def change():
        version = tables.play_again(db, tables.load(db, table_id), expected)
        game_id = tables.load(db, table_id).game.id
        return 200, json.dumps({"id": table_id, "version": version, "deal": 1, "game_id": game_id,
                                "game_url": url_for("games.board", game_id=game_id),
                                "previous_game_id": found.game.id})

    try:
        once = at_most_once(db, f"api:table:{table_id}:again", idempotency_key, idempotency.request_hash(canonical),
                            change)
    except tables.Conflict as conflict:
        return _conflict(conflict.version, expected)
    except tables.GameNotOver:
        return error_body(409, [("", _(GAME_NOT_OVER))])
    except KeyReused:
        return idempotency.key_reused()
    if not once.repeated:
        _computers_move(table_id)
    data = json.loads(once.kept)
    data["table"] = _view(tables.load(db, table_id), None if role == "host" else role)
    response = _answer(data, once.status)
    return idempotency.replayed(response) if once.repeated else response
