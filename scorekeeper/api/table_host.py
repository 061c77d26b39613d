"""The host's hand on a table through the API (docs/tables.md): ``POST /api/v1/tables/<id>/seats/<n>/key``,
``PUT …/seats/<n>`` and ``POST …/end``, added to the tables API's blueprint.

Every request carries the host's key; the answers follow the tables API's order: unknown table 404,
wrong key 403, unreadable body 400/422, then what the table says.
"""

from .. import limits
from ..canasta.messages import N_
from ..errors import error_body
from ..i18n import gettext as _
from ..games import tables
from ..store import sqlite
from .common import BadBody, bad_body
from .tables import _answer, _computers_move, _key_of_request, _read_body, bp, invite_url, no_table

SEAT_FIELDS = ("player", "level")


def _host_table(table_id):
    """Return ``(table, refusal)``: the table when the request carries its host's key, else the 404/403 answer."""
    db = sqlite.get_db()
    found = tables.load(db, table_id)
    if found is None:
        return None, no_table()
    key, limited = _key_of_request()
    if limited is not None:
        return None, limited
    if key is None:
        return None, error_body(403, [("Authorization", _("Managing a table needs its host's key, sent as the header "
                                                          "Authorization: Bearer <host key>. Nothing was changed."))])
    if found.seat_of_key(key) != "host":
        limits.count("keys")
        return None, error_body(403, [("Authorization", _("This is not the host's key of this table. Nothing was changed."))])
    return found, None


def _seat_number(found, seat):
    if not 0 <= seat < found.players:
        return error_body(404, [("seat", _("This table has seats 0 to %(last)s.", last=found.players - 1))])
    return None


def _seat_answer(found, seat, key, version):
    row = tables.load(sqlite.get_db(), found.id).seats[seat]
    data = {"seat": seat, "name": row["name"], "player": row["player"], "level": row["level"], "version": version}
    if key is not None:
        data.update(key=key, invite_url=invite_url(found.id, key))
    return _answer(data)


@bp.post("/<table_id>/seats/<int:seat>/key")
def reissue_key(table_id, seat):
    """Host: give a person's seat a new key and invite link; the old ones stop opening it."""
    found, refusal = _host_table(table_id)
    if refusal is None:
        refusal = _seat_number(found, seat)
    if refusal is not None:
        return refusal
    if found.seats[seat]["player"] != tables.PERSON:
        return error_body(422, [("seat", _("The computer plays this seat: make it a person's seat first "
                                           "(PUT .../seats/<seat> with {\"player\": \"person\"})."))])
    db = sqlite.get_db()
    with sqlite.transaction(db):
        key, version = tables.reissue_key(db, found, seat)
    return _seat_answer(found, seat, key, version)


@bp.put("/<table_id>/seats/<int:seat>")
def set_player(table_id, seat):
    """Host: make a seat a person's (answered with its new key) or the computer's at a level."""
    found, refusal = _host_table(table_id)
    if refusal is None:
        refusal = _seat_number(found, seat)
    if refusal is not None:
        return refusal
    try:
        body, _canonical, problems = _read_body(SEAT_FIELDS, N_("A seat"))
    except BadBody as error:
        return bad_body(error)
    player, level = body.get("player"), body.get("level")
    if not isinstance(player, str) or player not in (tables.PERSON, tables.COMPUTER):
        problems.append(("player", _("player is \"person\" or \"computer\".")))
    elif player == tables.COMPUTER:
        level = "normal" if level is None else level
        if not isinstance(level, str) or level not in tables.computer_levels():
            problems.append(("level", _("A computer's level is one of %(levels)s.", levels=", ".join(tables.computer_levels()))))
        elif sum(row["player"] == tables.PERSON for row in found.seats if row["seat"] != seat) == 0:
            problems.append(("player", _("A table needs at least one person's seat: the computer plays the others.")))
    elif level is not None:
        problems.append(("level", _("A person's seat has no level.")))
    if problems:
        return error_body(422, problems)
    db = sqlite.get_db()
    with sqlite.transaction(db):
        key, version = tables.set_player(db, found, seat, player, level if player == tables.COMPUTER else None)
    _computers_move(table_id)
    return _seat_answer(found, seat, key, version)


@bp.post("/<table_id>/end")
def end(table_id):
    """Host: end the table. No move follows; the deals scored so far stay in the game."""
    found, refusal = _host_table(table_id)
    if refusal is not None:
        return refusal
    db = sqlite.get_db()
    with sqlite.transaction(db):
        version = tables.end(db, found)
    return _answer({"id": found.id, "ended": True, "version": version})
