"""A table's page on a phone: the invite link that opens a seat, the seat's page, its moves by tap, its live fragment.

The page is the practice page's play area (``templates/table/_play.html``) fed
with what this browser's seat may see: the engine's view of the seat
(:func:`scorekeeper.canasta.play.view`, its own hand and of every other hand
and of the stock only counts) and the table's view of it
(:func:`scorekeeper.games.table_views.view_for`: whose move, the totals, the
score of the deal, "may I go out?"). A browser with no seat's key sees a
spectator's view: every hand a count. Every move is judged by the referee
(:func:`scorekeeper.games.tables.make_move`); this module reads the form.

Every form works without JavaScript (POST, then a redirect to the page);
``static/table.js`` sends the same forms in the background and swaps in the
fragment of the play area the answer carries, and follows the table's live
stream (or polls the fragment) to show the others' moves.
"""

from __future__ import annotations

from dataclasses import replace

from flask import Blueprint, abort, current_app, flash, redirect, render_template, request, url_for

from .. import limits
from ..i18n import gettext as _, lazy_gettext as _l
from ..canasta.coach.lines import line
from ..canasta.coach.words import Reader, render
from ..canasta.play import apply, move_from_data, view
from ..games import table_access
from ..games import table_computers as computers
from ..games import table_talk as talk
from ..games import table_views as views
from ..games import tables
from ..store import sqlite
from . import play
from .helpers import private_pages
from . import practice_page as page

bp = Blueprint("table_page", __name__, url_prefix="/tables")

WORDED_MOVES = 8  # the deal's last moves shown in words, the latest first
FRAGMENT_HEADER = "X-Table-Fragment"  # sent by table.js: answer the play area, not the page
MOVED_ON = _l("The table moved on: here it is as it stands now. Choose your move again.")
NO_SEAT = _l("This browser holds no seat of this table: open your invite link on this phone, "
             "or ask the host for a new one. Nothing was changed.")
JOIN_REFUSED = _l("This invite link no longer opens a seat: ask the host for a new one.")


# A seat's page shows its hand: no cache keeps it.
private_pages(bp, "no-store")


def _pace():
    """The computers' pace and whether a driver thread moves them (the tables API's settings)."""
    delay = max(0.0, float(current_app.config.get("TABLES_COMPUTER_DELAY", computers.DEFAULT_DELAY)))
    return delay, bool(current_app.config.get("TABLES_COMPUTER_THREADS", True))


def _read(table_id):
    """Return the table (its overdue computer moves made), or a 404 page."""
    delay, threads = _pace()
    found = computers.read_table(sqlite.get_db(), current_app.config["DATABASE"], table_id, delay, threads)
    if found is None:
        abort(404, description=_("There is no table at this address. Check the link you were given."))
    return found


# --- joining ------------------------------------------------------------------------------------------


@bp.get("/<table_id>/join")
def join(table_id):
    """Open the seat (or the host's page) the invite link's key opens, and keep the key in this browser."""
    found = tables.load(sqlite.get_db(), table_id)
    if found is None:
        abort(404, description=_("There is no table at this address. Check the link you were given."))
    limited = limits.reached("keys")
    if limited is not None:
        return limited
    role = found.seat_of_key(request.args.get("key", "")[:200])
    if role is None:
        limits.count("keys")
        response = render_template("error.html", status=403, title=_("This link opens no seat"), message=JOIN_REFUSED)
        return _no_referrer(response, 403)
    table_access.remember_table_key(table_id, role, request.args["key"])
    # The key leaves the address bar (and the history): the page is opened without it.
    target = f"/tables/{table_id}/host" if role == table_access.HOST else url_for(".seat", table_id=table_id)
    return _no_referrer(redirect(target, 303))


def _no_referrer(response, status=None):
    response = current_app.make_response(response if status is None else (response, status))
    response.headers["Referrer-Policy"] = "no-referrer"  # the invite link's key is sent to no other page
    return response


# --- the seat's page ----------------------------------------------------------------------------------


def _names_by_engine_seat(table, seat):
    """Each engine seat's name as this reader says it: "You" for the reader's own seat."""
    return [(_("You") if table.table_seat(e) == seat else table.names[table.table_seat(e)]) for e in range(table.players)]


def _seen(table, seat):
    """The engine's view of the seat (a spectator's: the view with no hand, no moves, no side of its own)."""
    if seat is not None:
        return view(table.position, table.engine_seat(seat))
    return replace(view(table.position, 0), seat=None, side=None, hand=(), moves=(), partner=None)


def worded_moves(table, seat, count=WORDED_MOVES):
    """The deal's last ``count`` moves in words for the reader at ``seat`` (None: a spectator), the latest first."""
    viewer = table.engine_seat(seat) if seat is not None else -1  # -1: nobody's eyes see a drawn card
    reader = Reader(viewer if seat is not None else None, _names_by_engine_seat(table, seat), gettext=_)
    moves, positions = table.row["moves"], table.positions
    worded = []
    for number in range(max(0, len(moves) - count), len(moves)):
        before, move = positions[number], move_from_data(moves[number]["move"])
        _after, events = apply(before, move)
        worded.append({"n": number + 1, "seat": moves[number]["seat"], "mine": moves[number]["seat"] == seat,
                       "text": render(line(before, move, events, viewer=viewer), reader)})
    return worded[::-1]


def _urls(table):
    return {"url": url_for(".seat", table_id=table.id), "live_url": url_for("api_tables.live", table_id=table.id),
            "game_url": url_for("games.board", game_id=table.game.id)}


def seat_context(table, seat, message=None):
    """Everything the seat's page and its fragment show, for ``seat`` (None: a spectator)."""
    shown = views.view_for(table, seat, _urls(table))
    seen = _seen(table, seat)
    if shown["ended"]:
        seen = replace(seen, to_move=None, moves=())  # no move follows: no button offers one
    names = _names_by_engine_seat(table, seat)
    over = shown["over"]
    return {
        "table_id": table.id, "view": shown, "seat": seat, "spectator": seat is None, **play.play_area(seen, names),
        "next_step": _next_step(table, seen, names, shown),
        "play_url": url_for(".move", table_id=table.id), "version": table.version, "hint": False,
        "can_next_deal": shown["next_deal"] and seat is not None, "moves_said": worded_moves(table, seat),
        "scorers": table.game.names, "message": message,
        "asked_name": (table.names[shown["asked"]["partner"]] if shown["asked"] and shown["asked"]["partner"] is not None
                       else None),
        "fragment_url": url_for(".fragment", table_id=table.id), "over": over,
        "heartbeat_ms": _heartbeat_ms(seat),
    }


def _heartbeat_ms(seat):
    """How often a seat's page reads the table even with the stream open: its reads say the phone is there."""
    away = talk.setting(current_app.config, "TABLES_AWAY_SECONDS", talk.DEFAULT_AWAY_SECONDS)
    return 0 if seat is None or not away else max(1000, int(away * 1000 / 3))


def _next_step(table, seen, names, shown):
    if shown["ended"] and not shown["game_over"]:
        return _("The host ended this table: no move follows. The deals played stay on the score board.")
    if seen.seat is None:
        if shown["over"]:
            return _("The deal is over.") if shown["game_over"] else _("The deal is over. A player deals the next one.")
        return _("%(name)s is playing.", name=names[seen.to_move])
    if shown["game_over"]:
        return _("The game is over: play again with the same seats below.")
    if shown["over"]:
        return _("The deal is over: see its score below, then press Next deal.")
    return page.next_step(seen, names, False, table.position.ruleset.draw)


def _render(table, seat, message=None, status=200):
    context = seat_context(table, seat, message)
    template = "tables/_seat.html" if request.headers.get(FRAGMENT_HEADER) else "tables/page.html"
    return render_template(template, **context), status


def _held(table):
    held = table_access.held_seat(table)
    return held[0] if held else None


def _note_seen(table, seat, mark_away=True):
    """Note this phone's seat as seen now (its page counts as the phone being there, as the API's reads do);
    return the table as it stands after (a seat back from away, or others marked away, moved the version on)."""
    away = talk.setting(current_app.config, "TABLES_AWAY_SECONDS", talk.DEFAULT_AWAY_SECONDS)
    if talk.presence(sqlite.get_db(), table, seat, away, mark_away=mark_away):
        return tables.load(sqlite.get_db(), table.id)
    return table


@bp.get("/<table_id>")
def seat(table_id):
    """The table as this browser's seat sees it, or a spectator's view when it holds no seat."""
    found = _read(table_id)
    seat = _held(found)
    return _render(_note_seen(found, seat), seat)


@bp.get("/<table_id>/play")
def fragment(table_id):
    """The play area alone (an HTML fragment, for the page's script): what this browser's seat may see."""
    found = _read(table_id)
    seat = _held(found)
    context = seat_context(_note_seen(found, seat), seat)
    return render_template("tables/_seat.html", **context)


@bp.post("/<table_id>/move")
def move(table_id):
    """Make this browser's seat's move: the referee's refusal in its words, 409 when the table moved on."""
    db = sqlite.get_db()
    found = _read(table_id)
    seat = _held(found)
    if seat is None:
        abort(403, description=NO_SEAT)
    found = _note_seen(found, seat, mark_away=False)  # a seat back from away moved the version on: its page is stale
    version = request.form.get("version", "")
    if version != str(found.version):
        return _render(found, seat, MOVED_ON, 409)
    action = request.form.get("action", "")
    if action == "next_deal":
        limited = limits.count("tables")
        if limited is not None:
            return limited
        chosen = "next_deal"
    else:
        cards = play.selected_cards()
        try:
            chosen = (play.move_of(found.position, action, cards) if cards is not None
                      else _("Those cards could not be read."))
        except ValueError as error:
            chosen = str(error)
        if chosen is None:
            abort(400, description=_("There is no such button on this page."))
    if isinstance(chosen, str) and chosen != "next_deal":
        return _answer(found, seat, chosen)
    try:
        with sqlite.transaction(db):
            outcome = tables.make_move(db, table_id, seat, chosen, found.version)
    except tables.Conflict:
        return _render(tables.load(db, table_id), seat, MOVED_ON, 409)
    if not outcome.allowed:
        return _answer(found, seat, " ".join(refusal["message"] for refusal in outcome.refusals))
    delay, threads = _pace()
    computers.after_change(db, current_app.config["DATABASE"], table_id, delay, threads)
    return _answer(tables.load(db, table_id), seat, None)


def _answer(table, seat, message):
    """The answer to a move: the fragment (with the refusal) for the page's script, else a redirect to the page."""
    if request.headers.get(FRAGMENT_HEADER):
        return _render(table, seat, message)
    if message:
        flash(message, "error")
    return redirect(url_for(".seat", table_id=table.id), 303)
