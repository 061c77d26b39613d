"""Starting a game: rule set, house rules, names, seats and totals carried over from paper.

A thin view: the form reads what was typed, ``games.write`` (and through it the
engine) checks and stores it, and the browser that started the game keeps its
edit key and lands on the scoreboard. Every problem comes back beside its field.
"""

from flask import Blueprint, flash, make_response, redirect, render_template, request

from .. import limits
from ..i18n import gettext as _, problem as problem_text

from ..canasta.errors import CanastaError
from ..canasta.options import OPTION_SPECS
from ..canasta.rules import PRESETS
from ..games import access
from ..games import write as service
from ..store import sqlite
from .forms.game import NewGameForm, applies_note, preset_summary
from .hands import board_url
from .helpers import forget_warning, forgotten_line, form_expired, keeps_entries_when_expired, no_store

bp = Blueprint("new_game", __name__)


@bp.route("/games/new", methods=["GET", "POST"])
@keeps_entries_when_expired
def new_game():
    form = NewGameForm()
    if request.method == "POST" and not form.validate() and form_expired(form):
        return _render_new_game(form, 400)
    if request.method == "POST" and not form.errors:
        try:
            totals = form.chosen_totals()
        except ValueError:
            totals = False
        limited = limits.count("games") if totals is not False else None
        if limited is not None:
            # What was typed stays on the page, with why nothing started and when to try again.
            form.form_errors.append(limited.limit_message)
            response = make_response(_render_new_game(form, 429))
            response.headers["Retry-After"] = limited.headers["Retry-After"]
            return response
        if totals is not False:
            db = sqlite.get_db()
            try:
                game_id, edit_key = service.new_game(
                    db, rules=form.ruleset.id, options=form.chosen_options(), names=form.chosen_names(),
                    seats=form.chosen_seats(), start_totals=totals)
            except CanastaError as error:
                for problem in error.problems:
                    form.place(problem.field, problem_text(problem))
            else:
                forgotten = forgotten_line(access.remember_key(game_id, edit_key))
                flash(_("Game started. Tap “Add hand 1” when the first hand is counted."), "success")
                if forgotten:
                    flash(forgotten, "info")
                return redirect(board_url(game_id), code=303)
    return _render_new_game(form, 422 if request.method == "POST" else 200)


def _render_new_game(form, status):
    warning = forget_warning()  # this phone is full: the game a new one would make it forget, with its edit link
    response = make_response(render_template(
        "new_game/new_game.html", form=form, presets=list(PRESETS.values()), option_specs=OPTION_SPECS,
        applies_note=applies_note, preset_summary=preset_summary, forget_warning=warning), status)
    return no_store(response) if warning else response
