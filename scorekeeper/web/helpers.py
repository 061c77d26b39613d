"""What the pages of one game share: the game or a 404 page, how its people and scores are written,
and forms that come back filled in when their CSRF token has expired."""

import hashlib
import json
import secrets

from flask import abort, current_app, session, url_for
from markupsafe import Markup, escape

from ..i18n import gettext as _, lazy_gettext as _l
from ..security import csrf
from ..games import access
from ..games.once import at_most_once
from ..store import sqlite
from ..printing.charts import points_label
from ..games.read import load_game

NO_GAME = _l("There is no game at this address. Check the link, or start a new game.")
EXPIRED = _l("This form has expired or was sent from another page, so nothing was saved. "
           "Your entries are below: check them and send again.")


def private_pages(blueprint, cache_control):
    """Give every answer of ``blueprint`` the header ``Cache-Control: cache_control`` unless it set its own: pages that
    show a hand or where a game stands are kept by no shared cache."""

    @blueprint.after_request
    def private(response):
        response.headers.setdefault("Cache-Control", cache_control)
        return response

    return private


def game_or_404(game_id):
    """Return the game, scored by the engine; a game that is not stored ends the request with a 404 page."""
    game = load_game(sqlite.get_db(), game_id)
    if game is None:
        abort(404, description=NO_GAME)
    return game


def editable_game_or_abort(game_id, refusal=None):
    """Return the game when this browser holds its edit key; else a 404 page, or a 403 page saying ``refusal``."""
    game = game_or_404(game_id)
    if not access.can_edit(sqlite.get_db(), game_id):
        abort(403, description=refusal)
    return game


def forget_warning(game_id=None):
    """What this phone would forget if it kept one more game (``game_id``, when given), or None while it has room.

    ``{"game_id", "title", "edit_url", "at_most"}``: the game's edit link (None for a
    game no longer stored), to show before it goes. Shown only to the browser that
    holds the key: a page that shows it is never kept (``no_store``).
    """
    doomed = access.next_to_forget(game_id)
    if doomed is None:
        return None
    game = load_game(sqlite.get_db(), doomed)
    key = access.held_key(doomed)
    return {
        "game_id": doomed,
        "title": game_title(doomed),
        "edit_url": url_for("games.join", game_id=doomed, key=key, _external=True) if game and key else None,
        "at_most": access.remembered_at_most(),
    }


def forgets_title():
    """The title of the game this phone would forget if it kept one more, or None while it has room."""
    warning = forget_warning()
    return warning["title"] if warning else None


def game_title(game_id):
    """The game's title ("Us vs Them"), or "A game no longer stored"."""
    game = load_game(sqlite.get_db(), game_id)
    return _(" vs ").join(game.names) if game else _("A game no longer stored")


def no_store(response):
    """A page that shows an edit key: kept nowhere, not even in this browser's cache or its offline copies."""
    response.headers["Cache-Control"] = "private, no-store"
    return response


def forgotten_line(game_ids):
    """The message after games were forgotten to make room (their links were shown before), or None."""
    if not game_ids:
        return None
    titles = [_("“%(title)s”", title=game_title(game_id)) for game_id in game_ids]
    return _("To make room, this phone no longer keeps score of %(titles)s. Its edit link brings it back.",
             titles=", ".join(titles))


def side_label(names, members):
    """Return a side as its people's names: ``Ann & Bob``."""
    return " & ".join(names[member] for member in members)


def isolated(name):
    """A name as markup that never turns the text around it: ``<bdi>Them</bdi>``.

    A right-to-left name (Hebrew, Arabic) beside a number would otherwise take
    the number into its own direction: "805" beside it could read "508".
    """
    return Markup("<bdi>{}</bdi>").format(name)


def isolated_names(names, separator=" vs "):
    """Names joined by ``separator``, each isolated: ``<bdi>Us</bdi> vs <bdi>Them</bdi>``."""
    return Markup(escape(separator)).join(isolated(name) for name in names)


def signed(value):
    """Return a hand score with its sign: ``+605``, ``−295``, ``0``."""
    return ("+" if value > 0 else "") + points_label(value)


def keeps_entries_when_expired(view):
    """The form checks its own CSRF token (FlaskForm does), so an expired form comes back filled in.

    The app-wide check would answer a bare error page and lose what was typed.
    """
    return csrf.exempt(view)


def form_expired(form):
    """True (and the form says so) when the form's CSRF token is missing or wrong."""
    token_field = getattr(form, "csrf_token", None)
    if token_field is None or not token_field.errors:
        return False
    token_field.errors = []
    if str(EXPIRED) not in form.form_errors:
        form.form_errors.append(str(EXPIRED))
    return True


def int_or_none(text):
    """Return the number a form sent (an expected version), or None when it sent none or no number."""
    try:
        return int(text)
    except (TypeError, ValueError):
        return None


def once_per_token(db, scope, token, change):
    """Run ``change()`` once per one-time form token; return ``(its answer, True when it ran before)``.

    A double tap, or back and send again, carries the same token: the second
    gets the first answer (the dict ``change`` returned, kept as JSON) and
    changes nothing (``games.once``). Without a token ``change`` simply runs.
    """
    answer = at_most_once(db, scope, token, None, lambda: (303, json.dumps(change())))
    return json.loads(answer.kept), answer.repeated


def this_phone():
    """Who makes a change from this browser, for the game's history: ``web:`` and a short random label.

    The label is a digest of a random id this browser's session keeps: it tells
    one phone from another on the history page, and nothing about who holds it.
    """
    if "phone" not in session:
        session["phone"] = secrets.token_hex(8)
    return "web:" + hashlib.sha256(session["phone"].encode()).hexdigest()[:6]


def phone_label():
    """This browser's label as ``this_phone`` gives it, or None when it has made no change yet (nothing is set)."""
    phone = session.get("phone")
    return "web:" + hashlib.sha256(phone.encode()).hexdigest()[:6] if phone else None
