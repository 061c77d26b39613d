"""Undo, redo, and a game's history page.

Every change to a game is kept (``store.history``); Undo reverts the last one
(a deleted hand comes back in its place, an edit gets its old values back),
Redo puts back what Undo reverted last. Both come from the scoreboard's forms,
which carry the version they were shown at: a game changed meanwhile is a
conflict, shown on the history page with what Undo and Redo would do now. The
history page lists the changes with when, and which phone or door made them:
a short random label of the browser, never anything about its player.
"""

from datetime import datetime, timezone

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for

from ..canasta.errors import InvalidHand
from ..games import undo as steps
from ..i18n import gettext as _, lazy_gettext as _l, problems
from ..store import db as store
from ..store import sqlite
from ..store import history
from .helpers import NO_GAME, editable_game_or_abort, game_or_404, int_or_none, phone_label, this_phone
from .pages import ago

bp = Blueprint("history", __name__)

# A rename in the list, by what steps.describe says of it untranslated (its words: steps.CHANGES).
RENAMED = {steps.CHANGES["team"]: _l("Teams renamed"), steps.CHANGES["player"]: _l("Players renamed"),
           steps.CHANGES["seats"]: _l("Seats renamed")}
DONE = {"add": _l("Hand %(number)s added"), "edit": _l("Hand %(number)s edited"), "delete": _l("Hand %(number)s deleted")}


@bp.post("/games/<game_id>/undo")
def undo(game_id):
    return _step(game_id, "undo")


@bp.post("/games/<game_id>/redo")
def redo(game_id):
    return _step(game_id, "redo")


def _step(game_id, direction):
    game = editable_game_or_abort(game_id)
    expected = int_or_none(request.form.get("expected_version"))
    if expected is None:  # not from a form that said what it would do: show it first
        return _page(game)
    board = url_for("games.board", game_id=game_id)
    try:
        _saved, change = (steps.undo if direction == "undo" else steps.redo)(
            sqlite.get_db(), game_id, expected_version=expected, made_by=this_phone())
    except store.VersionConflict:
        return _page(game_or_404(game_id), conflict=True, status=409)
    except steps.NothingLeft as nothing:
        flash(_(str(nothing)), "info")
        return redirect(board, code=303)
    except InvalidHand as error:
        refused = (_("Nothing was changed: undo would leave hands that break the rules.") if direction == "undo"
                   else _("Nothing was changed: redo would leave hands that break the rules."))
        flash(refused + " " + " ".join(problems(error.problems)), "error")
        return redirect(board, code=303)
    except store.NotFound:
        abort(404, description=NO_GAME)
    words = steps.describe(change, game.rules, _)
    flash(_("Undone: %(what)s. Redo puts it back.", what=words) if direction == "undo"
          else _("Redone: %(what)s.", what=words), "success")
    return redirect(board, code=303)


@bp.get("/games/<game_id>/history")
def page(game_id):
    """The game's changes, newest first, for anyone who can view the game; Undo and Redo for its scorekeeper."""
    return _page(game_or_404(game_id))


def _page(game, conflict=False, status=200):
    from ..games import access

    db = sqlite.get_db()
    editable = access.can_edit(db, game.id)
    now = datetime.now(timezone.utc)
    me = phone_label()
    rows = [{
        "what": _what(change, game.rules),
        "note": {"undone": _("undone: Redo puts it back"),
                 "dropped": _("undone, then left behind by a later change")}.get(change["state"], ""),
        "who": _who(change["made_by"], me),
        "when": ago(change["created_at"], now),
        "stamp": change["created_at"],
        "version": change["version"],
    } for change in history.changes(db, game.id)]
    return render_template("history/history.html", game=game, rows=rows, editable=editable, conflict=conflict,
                           controls=steps.controls(db, game, _) if editable else {}, title=_(" vs ").join(game.names),
                           board_url=url_for("games.board" if editable else "games.view", game_id=game.id)), status


def _what(change, rules):
    kind = change["kind"]
    if kind in DONE:
        return str(DONE[kind]) % {"number": change["number"]}
    if kind == "rename":
        return RENAMED[steps.describe(change, rules)]
    target = steps.describe({"kind": change["target_kind"], "number": change["target_number"],
                             "before": None, "after": None}, rules, _) if change["target_kind"] != "rename" else _("rename")
    return _("Undo: %(what)s", what=target) if kind == "undo" else _("Redo: %(what)s", what=target)


def _who(made_by, me):
    """Which phone or door, in words: no name, no address, only a label that tells phones apart."""
    if made_by == "api":
        return _("the JSON API (edit key)")
    if made_by.startswith("web:"):
        return _("this phone") if made_by == me else _("another phone (%(label)s)", label=made_by[4:])
    return "—"
