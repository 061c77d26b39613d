"""A table's talk and replays as pages: the phrase and nudge forms of ``tables/_talk.html``, a finished deal face up.

The forms work without JavaScript (POST, then a redirect back to the table's
page, the refusal flashed); the seat is the one this browser holds
(``games.table_access``). The replay page shows a finished deal move by move,
``?move=k`` for the position after move ``k`` (0: as dealt), with the coach's
line of that move and the ones before it.
"""

from __future__ import annotations

from flask import Blueprint, abort, current_app, flash, redirect, render_template, request

from ..canasta.coach.words import render
from ..games import table_access
from ..games import table_replay as replays
from ..games import table_talk as talk
from ..games import tables
from ..store import sqlite
from . import practice_page as page
from ..i18n import gettext as _, lazy_gettext as _l

bp = Blueprint("table_talk", __name__, url_prefix="/tables")

EARLIER_SHOWN = 4  # the lines before the move shown, the latest first
NO_SEAT = _l("This browser holds no seat of this table: open your invite link on this phone. Nothing was sent.")


@bp.app_template_global("table_phrases")
def table_phrases():
    """The phrases a seat may say, ``(code, words)``, for the talk partial's buttons."""
    return [(code, _(words)) for code, words in talk.PHRASES.items()]


@bp.app_template_global("table_away_notes")
def table_away_notes(view):
    """The sentences of the seats away, for every phone but the seat's own: from a view of ``view_for``."""
    return talk.away_notes(view["seats"], view["seat"])


def _table(table_id):
    found = tables.load(sqlite.get_db(), table_id)
    if found is None:
        abort(404, description=_("There is no table at this address. Check the link you were given."))
    return found


def _back(table_id):
    return redirect(f"/tables/{table_id}#talk", 303)


def _held_seat(found):
    held = table_access.held_seat(found)
    if held is None:
        abort(403, description=NO_SEAT)
    seat = held[0]
    talk.presence(sqlite.get_db(), found, seat, _setting("TABLES_AWAY_SECONDS", talk.DEFAULT_AWAY_SECONDS),
                  mark_away=False)
    return tables.load(sqlite.get_db(), found.id), seat


def _setting(name, default):
    return talk.setting(current_app.config, name, default)


@bp.post("/<table_id>/say")
def say(table_id):
    """Say the phrase of the button pressed, from this browser's seat; back to the table's page."""
    found, seat = _held_seat(_table(table_id))
    try:
        talk.say(sqlite.get_db(), found, seat, request.form.get("phrase"),
                 _setting("TABLES_SAY_EVERY", talk.DEFAULT_SAY_EVERY))
    except (talk.NoPhrase, talk.TooSoon) as error:
        flash(str(error), "error")
    return _back(table_id)


@bp.post("/<table_id>/nudge")
def nudge(table_id):
    """Nudge the seat to move (the one the page showed), from this browser's seat; back to the table's page."""
    found, seat = _held_seat(_table(table_id))
    shown = request.form.get("seat", "")
    nudged = int(shown) if shown.isascii() and shown.isdigit() and int(shown) < found.players else None
    try:
        talk.nudge(sqlite.get_db(), found, seat, _setting("TABLES_NUDGE_AFTER", talk.DEFAULT_NUDGE_AFTER), nudged)
    except (talk.NotNow, talk.TooSoon) as error:
        flash(str(error), "error")
    return _back(table_id)


# --- a finished deal, face up ----------------------------------------------------------------------------


@bp.get("/<table_id>/deals/<int:number>")
def replay(table_id, number):
    """Deal ``number`` face up at move ``?move=k``, with the coach's lines; only once the deal has ended."""
    found = _table(table_id)
    try:
        replayed = replays.deal_replay(sqlite.get_db(), found, number)
    except replays.NoSuchDeal:
        abort(404, description=_("This table has dealt deals 1 to %(last)d in its present game.", last=found.row['deal_number']))
    except replays.DealNotOver:
        return render_template("error.html", status=409, title=_("This deal is not over"),
                               message=_("Its hands stay hidden until it has ended: come back then.")), 409
    held = table_access.held_seat(found)
    reader = replayed.reader(held[0] if held else None)
    last = len(replayed.moves)
    try:
        at = max(0, min(int(request.args.get("move", last)), last))
    except ValueError:
        at = last
    table = replayed.table
    position = table.positions[at]
    names = [table.names[table.table_seat(engine)] for engine in range(table.players)]
    lines = [render(said, reader) for said in replayed.lines]
    entry = replayed.moves[at - 1] if at else None
    context = {
        "table_id": table.id, "number": number, "at": at, "last": last, "ruleset": position.ruleset,
        "line": lines[at - 1] if at else _("The cards as they were dealt."),
        "earlier": lines[max(0, at - 1 - EARLIER_SHOWN):max(0, at - 1)][::-1],
        "mover": table.names[entry["seat"]] if entry else None,
        "sides": [{"name": page.join_and([names[engine] for engine in position.seats_of(side)]),
                   "tiles": page.tiles(position.melds[side]),
                   "threes": [page.face(card) for engine in position.seats_of(side) for card in position.threes[engine]]}
                  for side in position.sides()],
        "hands": [{"name": names[engine], "columns": page.columns(position.hands[engine]),
                   "count": len(position.hands[engine])} for engine in range(table.players)],
        "top": page.face(position.pile[-1]) if position.pile else None, "pile": len(position.pile),
        "stock": len(position.stock),
        "score": (list(zip(table.game.names, replayed.scores, replayed.totals)) if at == last else None),
    }
    response = current_app.make_response(render_template("tables/replay.html", **context))
    response.headers["Cache-Control"] = "no-store"
    return response
