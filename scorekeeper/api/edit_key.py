"""A new edit key through the API: ``POST /api/v1/games/<id>/edit-key``.

The same change as the settings page's "Make a new edit link"
(``service.replace_edit_key``): the key the request was sent with stops opening
the game at once, everywhere, and the answer shows the new key this once.

An answer lost on the way would leave the client with a key that no longer
works, so a repeat with the same ``Idempotency-Key`` gets the new key again.
That repeat comes with the old key, which is refused by then: the repeat is
looked for before the key is checked, and the old key is part of what the
repeat must match. Others may hold the old key too (it is the one that went
too far): the Idempotency-Key must then be random (at least 128 bits), so
that only the client that sent it can send it again and get the new key.
"""

import json

from flask import request, url_for

from ..canasta.messages import N_
from ..i18n import gettext as _
from ..games import access
from . import idempotency
from ..games import write as service
from ..store import db as store
from ..store import sqlite
from ..games.once import KeyReused, at_most_once
from .common import BadBody, bad_body, json_response, read_json_object
from .games import bp, edit_refusal, no_game

# A route of the games API's own blueprint (/api/v1/games), kept in a module of its own.


@bp.post("/<game_id>/edit-key")
def new_edit_key(game_id):
    """200 with the game's new edit key (shown this once) and its edit link; the old key opens nothing."""
    db = sqlite.get_db()
    if store.get_version(db, game_id) is None:
        return no_game()
    try:
        idempotency_key = idempotency.idempotency_key()
        _no_body()
    except BadBody as error:
        return bad_body(error)
    refusal = idempotency.random_key_refusal(idempotency_key, N_("a new edit key"))
    if refusal is not None:
        return refusal
    old_key = access.bearer_key(request) or ""
    request_hash = idempotency.request_hash(access.hash_key(old_key).encode("utf-8"))
    kept = {}

    def renew():
        refusal = edit_refusal(db, game_id)
        if refusal is not None:
            kept["refusal"] = refusal
            raise Refused
        kept["edit_key"] = service.replace_edit_key(db, game_id)
        kept["version"] = store.get_version(db, game_id)
        sealed = idempotency.seal(kept["edit_key"], idempotency_key, game_id) if idempotency_key else None
        return 200, json.dumps({"sealed_key": sealed, "version": kept["version"]})

    try:
        answer = at_most_once(db, f"api-key:{game_id}", idempotency_key, request_hash, renew)
    except Refused:
        return kept["refusal"]
    except KeyReused:
        # The withdrawn key's holder is refused as before; the key's holder is told the key was used.
        return edit_refusal(db, game_id) or idempotency.key_reused()
    if answer.repeated:
        # Only the holder of the key this request withdrew gets here (the request hash is of that key).
        data = json.loads(answer.kept)
        edit_key = idempotency.unseal(data["sealed_key"], idempotency_key, game_id)
        return idempotency.replayed(_answer(game_id, edit_key, data["version"]))
    return _answer(game_id, kept["edit_key"], kept["version"])


class Refused(Exception):
    """The request may not change the game: nothing is changed, nothing kept."""


def _no_body():
    """A new key takes no fields: no body, or ``{}``."""
    if request.get_data(cache=True).strip():
        body, _canonical = read_json_object()
        if body:
            raise BadBody(_("A new edit key takes no fields: send no body, or {}."))


def _answer(game_id, edit_key, version):
    response = json_response({
        "id": game_id, "edit_key": edit_key,
        "edit_url": url_for("games.join", game_id=game_id, key=edit_key), "version": version,
    })
    response.cache_control.no_store = True  # it holds the edit key
    return response
