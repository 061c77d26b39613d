"""A table's talk and its finished deals through the API (docs/tables.md): ``POST /api/v1/tables/<id>/say``,
``POST …/nudge`` and ``GET …/deals/<n>``, added to the tables API's blueprint.

Who is away and the phrases are ``games.table_talk``'s; a finished deal face up is
``games.table_replay``'s. The answers follow the tables API's order: unknown
table 404, wrong key 403, unreadable body 400/422, then what the table says.
"""

from flask import current_app, request

from ..canasta.messages import N_
from ..errors import error_body
from ..i18n import gettext as _
from ..games import table_replay as replays
from ..games import table_talk as talk
from ..games import tables
from ..store import sqlite
from .common import BadBody, bad_body
from .tables import _answer, _away, _key_of_request, _read_body, _view, _wrong_key, bp, no_table, table_and_reader


# --- talk: phrases and the nudge (games.table_talk) ------------------------------------------------------

SAY_FIELDS = ("phrase",)
NUDGE_FIELDS = ("seat",)


def _seat_table(table_id, what):
    """Return ``(table, seat, refusal)``: the table and the key's person seat, else the 404/403/429 answer."""
    db = sqlite.get_db()
    found = tables.load(db, table_id)
    if found is None:
        return None, None, no_table()
    key, limited = _key_of_request()
    if limited is not None:
        return None, None, limited
    if key is None:
        return None, None, error_body(403, [("Authorization", _("%(what)s needs the seat's key, sent as the header "
                                                                "Authorization: Bearer <seat key>. Nothing was sent.", what=_(what)))])
    seat = found.seat_of_key(key)
    if seat is None:
        return None, None, _wrong_key()
    if seat == "host":
        return None, None, error_body(403, [("Authorization", _("%(what)s comes from a seat: the host's key only "
                                                                "watches the table. Nothing was sent.", what=_(what)))])
    if talk.presence(db, found, seat, _away(), mark_away=False):
        found = tables.load(db, table_id)
    return found, seat, None


def _too_soon(error):
    response = error_body(429, [("", str(error))])
    response.headers["Retry-After"] = str(error.wait)
    return response


def _talk_answer(table_id, seat, version):
    return _answer({"version": version, "table": _view(tables.load(sqlite.get_db(), table_id), seat)})


@bp.post("/<table_id>/say")
def say(table_id):
    """Say one of the fixed phrases from the key's seat: 200 with the table's new version and the table."""
    found, seat, refusal = _seat_table(table_id, N_("A phrase"))
    if refusal is not None:
        return refusal
    try:
        body, _canonical, problems = _read_body(SAY_FIELDS, N_("A phrase"))
    except BadBody as error:
        return bad_body(error)
    if not problems and "phrase" not in body:
        problems.append(("phrase", str(talk.NoPhrase())))
    if problems:
        return error_body(422, problems)
    try:
        version = talk.say(sqlite.get_db(), found, seat, body["phrase"], _say_every())
    except talk.NoPhrase as error:
        return error_body(422, [("phrase", str(error))])
    except talk.TooSoon as error:
        return _too_soon(error)
    return _talk_answer(table_id, seat, version)


@bp.post("/<table_id>/nudge")
def nudge(table_id):
    """Nudge the seat to move, from the key's seat, once it has had the move a while: 200 with the new version."""
    found, seat, refusal = _seat_table(table_id, N_("A nudge"))
    if refusal is not None:
        return refusal
    body, problems = {}, []
    if request.get_data():
        try:
            body, _canonical, problems = _read_body(NUDGE_FIELDS, N_("A nudge"))
        except BadBody as error:
            return bad_body(error)
    nudged = body.get("seat")
    if nudged is not None and (isinstance(nudged, bool) or not isinstance(nudged, int)
                               or not 0 <= nudged < found.players):
        problems.append(("seat", _("seat is the seat you nudge, a number from 0 to %(last)s.", last=found.players - 1)))
    if problems:
        return error_body(422, problems)
    try:
        version = talk.nudge(sqlite.get_db(), found, seat, _nudge_after(), nudged)
    except talk.NotNow as error:
        return error_body(409, [("seat", str(error))])
    except talk.TooSoon as error:
        return _too_soon(error)
    return _talk_answer(table_id, seat, version)


def _say_every():
    return talk.setting(current_app.config, "TABLES_SAY_EVERY", talk.DEFAULT_SAY_EVERY)


def _nudge_after():
    return talk.setting(current_app.config, "TABLES_NUDGE_AFTER", talk.DEFAULT_NUDGE_AFTER)


# --- a finished deal, face up (games.table_replay) ----------------------------------------------------------


@bp.get("/<table_id>/deals/<int:number>")
def deal(table_id, number):
    """Deal ``number`` of the table's game, face up, move by move with the coach's lines, once it has ended."""
    db = sqlite.get_db()
    found, seat, refusal = table_and_reader(db, table_id)
    if refusal is not None:
        return refusal
    try:
        replayed = replays.deal_replay(db, found, number)
    except replays.NoSuchDeal:
        return error_body(404, [("deal", _("This table has dealt deals 1 to %(last)s in its present game.",
                                           last=found.row['deal_number']))])
    except replays.DealNotOver:
        return error_body(409, [("deal", _("This deal has not ended: its hands stay hidden until it has. "
                                           "A deal the host ended half-way is never shown."))])
    return _answer(replays.replay_data(replayed, None if seat == "host" else seat))
