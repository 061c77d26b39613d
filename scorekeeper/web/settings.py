"""Managing a game once it has started: its names and seats, a rematch, a new edit link, forgetting it here.

Thin views, like the hand forms: build the form, let ``service`` check and
store, redirect. Everything here but forgetting needs the edit key this
browser holds; forgetting only changes this browser's own list of games.

A rename grows the game's version like a hand does, so everything that
follows a game by its version (the live view's poll, the PDF sheet's ETag,
the scored games and boards each process keeps) shows the new names at once.
Scores never change here: the rule set, house rules and hands stay as they are.
"""

import secrets

from flask import Blueprint, abort, flash, make_response, redirect, render_template, request, url_for
from werkzeug.datastructures import MultiDict

from .. import limits
from ..i18n import gettext as _, lazy_gettext as _l, problem as problem_text, problems
from ..games import access
from ..games import write as service
from ..store import db as store
from ..store import sqlite
from ..canasta.errors import CanastaError, InvalidHand
from ..canasta.options import option_specs
from ..printing.charts import points_label
from .forms.game import GameSettingsForm
from ..games.read import load_game
from .helpers import forgets_title, forgotten_line, game_title, no_store, this_phone
from .helpers import (NO_GAME, editable_game_or_abort, form_expired, game_or_404, int_or_none,
                    keeps_entries_when_expired, once_per_token)

bp = Blueprint("settings", __name__)

NOT_KEEPER = _l("Only a phone that keeps score for this game can change its settings. "
              "You can still follow the game from its view link.")
NOT_KEPT_HERE = _l("This game is not on this phone's list of games.")
CONFLICT = _l("Someone changed this game while you were editing, so nothing was saved. Your entries are below: "
            "check the scoreboard and save again.")
REMATCH_SCOPE = "rematch:"  # a double tap on "New game, same table" starts one game, not two


# --- on every board -------------------------------------------------------------------------


def rematch_token():
    """A fresh token for one rematch form: the same form sent twice starts one game."""
    return secrets.token_urlsafe(16)


# --- helpers --------------------------------------------------------------------------------------


def house_rules(game):
    """The game's house rules in words: (label, value) pairs, as the new-game form offered them."""
    rules = []
    for spec in option_specs(game.ruleset):
        value = getattr(game.score.options, spec.name)
        words = dict(spec.choices).get(value, value)
        rules.append((_(spec.label), points_label(words) if isinstance(words, int) else _(words)))
    return rules


def _settings_form(game):
    """The form as it opens: the names, and the seats starting with who deals next."""
    next_hand = len(game.hands) + 1
    typed = {f"names-{index}": name for index, name in enumerate(game.names)}
    typed.update({f"seats-{index}": name
                  for index, name in enumerate(service.seats_from_dealer(game.seats, next_hand))})
    typed.update(expected_version=str(game.version), seats_from=str(next_hand))
    return GameSettingsForm(formdata=MultiDict(typed), ruleset=game.ruleset)


def _render_settings(game, form, status=200, conflict=False):
    seats_from = form.first_seat_deals(len(game.hands) + 1)
    page = render_template(
        "settings/settings.html", game=game, form=form, title=" vs ".join(game.names), conflict=conflict,
        seats_from=seats_from, house_rules=house_rules(game), next_first_dealer=game.dealer_of(2),
        forgets=forgets_title(),
    )
    return page, status


# --- names and seats ----------------------------------------------------------------------------


@bp.route("/games/<game_id>/settings", methods=["GET", "POST"])
@keeps_entries_when_expired
def edit(game_id):
    """Rename the teams or players and name the seats; the rule set and house rules stay."""
    game = editable_game_or_abort(game_id, NOT_KEEPER)
    if request.method == "GET":
        return _render_settings(game, _settings_form(game))
    form = GameSettingsForm(ruleset=game.ruleset)
    valid = form.validate()
    if form_expired(form):
        return _render_settings(game, form, 400)
    if not valid:
        return _render_settings(game, form, 422)
    db = sqlite.get_db()
    try:
        version = service.rename_game(
            db, game_id, names=form.chosen_names(), seats=form.chosen_seats(),
            seats_from=form.first_seat_deals(len(game.hands) + 1),
            expected_version=int_or_none(form.expected_version.data), made_by=this_phone()).version
    except InvalidHand as error:
        for problem in error.problems:
            form.place(problem.field, problem_text(problem))
        return _render_settings(game, form, 422)
    except store.VersionConflict as conflict:
        # Saving again after a look at the scoreboard is a choice the player makes knowingly.
        form.expected_version.data = str(conflict.current_version)
        return _render_settings(game_or_404(game_id), form, 409, conflict=True)
    except store.NotFound:
        abort(404, description=NO_GAME)
    if version == game.version:
        flash(_("Nothing to change: the names and seats were already these."), "info")
    else:
        flash(_("Names and seats saved. The scores stay as they were."), "success")
    return redirect(url_for("games.board", game_id=game_id), code=303)


# --- a rematch ------------------------------------------------------------------------------------


@bp.post("/games/<game_id>/rematch")
def rematch(game_id):
    """Start a new game at the same table, kept by this browser, and open its board."""
    editable_game_or_abort(game_id, NOT_KEEPER)
    limited = limits.count("games")
    if limited is not None:
        return limited
    db = sqlite.get_db()
    token = request.form.get("token", "")[:64]
    started = {}

    def start():
        started["id"], started["edit_key"] = service.rematch(db, game_id)
        return {"game_id": started["id"]}

    try:
        answer, repeated = once_per_token(db, REMATCH_SCOPE + game_id, token, start)
    except CanastaError as error:  # a game imported with names today's checks refuse
        flash(_("A new game could not start with this table: %(problems)s Fix the names below first.",
                problems=" ".join(problems(error.problems))), "error")
        return redirect(url_for("settings.edit", game_id=game_id), code=303)
    except store.NotFound:
        abort(404, description=NO_GAME)
    if repeated:
        flash(_("This new game was already started."), "info")
        return redirect(url_for("games.board", game_id=answer["game_id"]), code=303)
    new_id = started["id"]
    forgotten = forgotten_line(access.remember_key(new_id, started["edit_key"]))
    game = game_or_404(new_id)
    if game.seats:
        flash(_("New game started at the same table. %(dealer)s deals first. The last game stays on the list.",
                dealer=game.dealer_of(1)), "success")
    else:
        flash(_("New game started at the same table. The last game stays on the list."), "success")
    if forgotten:
        flash(forgotten, "info")
    return redirect(url_for("games.board", game_id=new_id), code=303)


# --- a new edit link ------------------------------------------------------------------------------


@bp.route("/games/<game_id>/new-edit-link", methods=["GET", "POST"])
def new_edit_link(game_id):
    """Withdraw the edit link: a new key, the old one refused everywhere at once; this browser keeps the new one."""
    game = editable_game_or_abort(game_id, NOT_KEEPER)
    if request.method == "GET":
        return render_template("settings/new_edit_link.html", game=game, title=" vs ".join(game.names))
    try:
        edit_key = service.replace_edit_key(sqlite.get_db(), game_id)
    except store.NotFound:
        abort(404, description=NO_GAME)
    access.remember_key(game_id, edit_key)
    flash(_("The old edit link no longer works. This is the new one: give it only to who keeps score with you."),
          "success")
    return redirect(url_for("games.share", game_id=game_id, new_link=1), code=303)


# --- forgetting a game on this phone ----------------------------------------------------------


@bp.route("/games/<game_id>/forget", methods=["GET", "POST"])
def forget(game_id):
    """Take the game off this browser's list (its key goes too); the game itself stays for everyone else."""
    if game_id not in access.remembered_game_ids():
        if request.method == "POST":  # forgotten already (a second tap): nothing left to do
            return redirect(url_for("pages.home"), code=303)
        abort(404, description=NOT_KEPT_HERE)
    game = load_game(sqlite.get_db(), game_id)  # None: deleted meanwhile, and still forgettable
    title = game_title(game_id)
    if request.method == "GET":
        keeps_score = game is not None and access.can_edit(sqlite.get_db(), game_id)
        # Its edit link, to keep before this phone forgets it: only this phone sees it, and it is kept nowhere.
        edit_url = url_for("games.join", game_id=game_id, key=access.held_key(game_id), _external=True) \
            if keeps_score else None
        return no_store(make_response(render_template("settings/forget.html", game=game, game_id=game_id,
                                                      title=title, keeps_score=keeps_score, edit_url=edit_url)))
    access.forget_game(game_id)
    flash(_("“%(title)s” is no longer on this phone. It stays for the other players; "
            "its edit link opens it here again.", title=title), "success")
    return redirect(url_for("pages.home"), code=303)
