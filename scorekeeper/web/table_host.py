"""Play with friends: open a table from a page, the host's page, the tables this browser holds, play again.

A thin door over ``games.tables``: the form reads what was typed, the table's
domain checks and stores it. The browser that opens a table keeps, sealed
(``games.table_access``), the host's key, the key of the seat its person sits
at, and every person seat's key as that seat's *invite*, so that the host page
can show the invite links again later: the host's key could give any seat a
new key anyway, so the invites give the host nothing more, and an invite never
seats the host (the seat page reads only seat roles). Pages that show a key are
never kept in a cache (``no_store``); no key is ever logged.

The seat's own page (``/tables/<id>``) and the invite link (``/tables/<id>/join``)
are the seat page's (another module); this one only links to them.
"""

from flask import Blueprint, abort, current_app, flash, make_response, redirect, render_template, request, url_for

from .. import limits
from ..i18n import gettext as _, lazy_gettext as _l
from ..canasta.options import OPTION_SPECS
from ..canasta.rules import PRESETS
from ..games import table_access
from ..games import table_computers as computers
from ..games import table_open, tables
from ..printing.qr import qr_svg
from ..store import sqlite
from .board import served_here_only
from .forms.game import applies_note, preset_summary
from .forms.table import NewTableForm, level_label, who_plays_choices
from .helpers import form_expired, int_or_none, keeps_entries_when_expired, no_store

bp = Blueprint("table_host", __name__)

NO_TABLE = _l("There is no table at this address. Check the link, or open a new table.")
NOT_HOST = _l("This page is the host's: this browser does not hold this table's host key. "
              "Open it on the phone that opened the table.")
NOT_AT_TABLE = _l("This browser holds no seat of this table and is not its host: it cannot start a new game there.")


def table_path(table_id):
    """The table's own page (a seat's view), as the API's ``url`` names it."""
    return f"{request.script_root}/tables/{table_id}"


def invite_link(table_id, key):
    """The absolute invite link of a seat, as the API's ``invite_url`` (the seat's key in it: a secret)."""
    return f"{request.url_root.rstrip('/')}/tables/{table_id}/join?key={key}"


def _computers_move(table_id):
    """After a change from a page: the computers move, in this worker's driver thread or here (no threads)."""
    config = current_app.config
    delay = max(0.0, float(config.get("TABLES_COMPUTER_DELAY", computers.DEFAULT_DELAY)))
    computers.after_change(sqlite.get_db(), config["DATABASE"], table_id, delay,
                           bool(config.get("TABLES_COMPUTER_THREADS", True)))


def _table_or_404(table_id):
    table = tables.load(sqlite.get_db(), table_id)
    if table is None:
        abort(404, description=NO_TABLE)
    return table


def is_host(table) -> bool:
    """True when this browser holds the table's host key."""
    key = table_access.held_table_key(table.id, table_access.HOST)
    return key is not None and table.seat_of_key(key) == table_access.HOST


def _hosted_table(table_id):
    """The table when this browser holds its host key; else a 404 or 403 page."""
    table = _table_or_404(table_id)
    if not is_host(table):
        abort(403, description=NOT_HOST)
    return table


# --- opening a table -----------------------------------------------------------------------------------------


@bp.route("/tables/new", methods=["GET", "POST"])
@keeps_entries_when_expired
def new_table():
    """The form that opens a table; on success this browser keeps the keys and lands on the host page."""
    form = NewTableForm()
    if request.method == "POST" and not form.validate() and form_expired(form):
        return _render_new_table(form, 400)
    if request.method == "POST" and not form.errors:
        opened = _open_from(form)
        if opened is not None and not isinstance(opened, table_open.Opened):
            return opened  # the limit's answer
        if opened is not None:
            flash(_("The table is open and the first deal is dealt. Send each friend the link of their seat."), "success")
            return redirect(url_for(".host", table_id=opened.id), code=303)
    return _render_new_table(form, 422 if request.method == "POST" else 200)


def _open_from(form):
    """Open the table the form asks for: the Opened table, a 429 page, or None with the problems placed on the form.

    Counted against RATELIMIT_TABLES as the API counts a new table: every request that could open one.
    """
    limited = limits.count("tables")
    if limited is not None:
        # What was typed stays on the page, with why nothing opened and when to try again.
        form.form_errors.append(limited.limit_message)
        response = make_response(_render_new_table(form, 429))
        response.headers["Retry-After"] = limited.headers["Retry-After"]
        return response
    try:
        you = form.your_seat()
    except ValueError as problem:
        form.you.errors = list(form.you.errors) + [str(problem)]
        you = None
    db = sqlite.get_db()
    try:
        with sqlite.transaction(db):
            opened = table_open.open_table(db, rules=form.ruleset.id, options=form.chosen_options(),
                                       names=form.seat_names(), computer=form.computer_map())
            if you is None:
                raise table_open.BadTable([])  # the seats' problems too are said at once; nothing is stored
    except table_open.BadTable as error:
        for field, message in error.problems:
            form.place(field, message)
        return None
    table_access.remember_table_key(opened.id, table_access.HOST, opened.host_key)
    table_access.remember_table_key(opened.id, you, opened.keys[you])
    for seat, key in opened.keys.items():
        table_access.remember_table_key(opened.id, table_access.invite(seat), key)
    _computers_move(opened.id)
    return opened


def _render_new_table(form, status):
    page = render_template(
        "tables/new.html", form=form, presets=list(PRESETS.values()), option_specs=OPTION_SPECS,
        applies_note=applies_note, preset_summary=preset_summary)
    return make_response(page, status)
# --- the host's page ---------------------------------------------------------------------------------------


def _seat_rows(table):
    """What the host page shows of each seat: name, who plays, the invite link and its QR code, yours or not."""
    invites = table_access.held_invites(table.id)
    mine = table_access.held_seat(table)
    rows = []
    for seat in table.seats:
        number, name = seat["seat"], seat["name"]
        row = {"seat": number, "name": name, "player": seat["player"], "level": level_label(seat["level"]),
               "yours": mine is not None and mine[0] == number, "link": None, "qr": None, "lost": False}
        if seat["player"] == tables.PERSON:
            key = invites.get(number)
            if key is not None and table.seat_of_key(key) == number:
                row["link"] = invite_link(table.id, key)
                row["qr"] = qr_svg(row["link"], _("QR code of the link to %(name)s's seat", name=name))
            else:  # a new key was given elsewhere (the API): this browser cannot show the seat's link
                row["lost"] = True
        rows.append(row)
    return rows


def _state(table):
    """Where the table stands, in words: the deal and whose turn, the deal over, the game over, ended."""
    if table.game_over:
        return _("The game is over.")
    if table.row["ended"]:
        return _("The host ended this table.")
    if table.position.over:
        return _("Deal %(number)s is over: the next deal waits for a player.", number=table.row['deal_number'])
    return _("Deal %(number)s · %(name)s to move.", number=table.row['deal_number'], name=table.names[table.to_move])


def _render_host(table, status=200, problems=None):
    page = render_template(
        "tables/host.html", table=table, seats=_seat_rows(table), state=_state(table), problems=problems or {},
        levels=who_plays_choices(), table_url=table_path(table.id), local_only=served_here_only(request.host),
        board_url=url_for("games.view", game_id=table.game.id))
    return no_store(make_response(page, status))  # it shows every seat's key


@bp.get("/tables/<table_id>/host")
def host(table_id):
    """The host's page: each seat's invite link and QR code, and the table's management."""
    return _render_host(_hosted_table(table_id))


def _seat_or_404(table, seat):
    if not 0 <= seat < table.players:
        abort(404, description=_("This table has seats 1 to %(last)s.", last=table.players))
    return table.seats[seat]


def _keep_new_key(table, seat, key):
    """Keep a seat's new key as its invite, and as this browser's seat when the host sits there."""
    mine = table_access.held_seat(table)
    table_access.remember_table_key(table.id, table_access.invite(seat), key)
    if mine is not None and mine[0] == seat:
        table_access.remember_table_key(table.id, seat, key)


@bp.post("/tables/<table_id>/host/seats/<int:seat>/key")
def reissue(table_id, seat):
    """Give a person's seat a new link: the old one opens nothing from now on."""
    table = _hosted_table(table_id)
    row = _seat_or_404(table, seat)
    if row["player"] != tables.PERSON:
        return _render_host(table, 422, {seat: _("The computer plays this seat: make it a person's seat first.")})
    db = sqlite.get_db()
    with sqlite.transaction(db):
        key, _version = tables.reissue_key(db, table, seat)
    _keep_new_key(table, seat, key)
    flash(_("%(name)s's seat has a new link. The old link opens nothing now: send %(name)s the new one.", name=row['name']),
          "success")
    return redirect(url_for(".host", table_id=table_id, _anchor=f"seat-{seat}"), code=303)


@bp.post("/tables/<table_id>/host/seats/<int:seat>")
def who_plays(table_id, seat):
    """Hand a seat to the computer at a level, or back to a person (with a new link)."""
    table = _hosted_table(table_id)
    row = _seat_or_404(table, seat)
    level = request.form.get("who", "")
    if level and level not in tables.computer_levels():
        return _render_host(table, 422, {seat: _("Who plays: choose a person or one of the computer's levels.")})
    if level and not any(other["player"] == tables.PERSON for other in table.seats if other["seat"] != seat):
        return _render_host(table, 422, {
            seat: _("Who plays: at least one seat stays a person's, so this one cannot go to the computer.")})
    if (not level and row["player"] == tables.PERSON) or (level and level == row["level"]):
        flash(_("Nothing to change: %(name)s's seat was already played so.", name=row['name']), "info")
        return redirect(url_for(".host", table_id=table_id, _anchor=f"seat-{seat}"), code=303)
    db = sqlite.get_db()
    with sqlite.transaction(db):
        key, _version = tables.set_player(db, table, seat, tables.COMPUTER if level else tables.PERSON, level or None)
    if key is None:
        table_access.forget_table_key(table_id, table_access.invite(seat))
        flash(_("The computer (%(level)s) plays %(name)s's seat now; its link opens nothing.", level=level_label(level), name=row['name']), "success")
    else:
        _keep_new_key(table, seat, key)
        flash(_("%(name)s's seat is a person's again, with a new link: send it to them.", name=row['name']), "success")
    _computers_move(table_id)
    return redirect(url_for(".host", table_id=table_id, _anchor=f"seat-{seat}"), code=303)


@bp.route("/tables/<table_id>/host/end", methods=["GET", "POST"])
def end(table_id):
    """End the table, after a confirming step: no move follows, the deals scored so far stay in the game."""
    table = _hosted_table(table_id)
    if request.method == "GET":
        return no_store(make_response(render_template("tables/end.html", table=table, state=_state(table))))
    if not table.row["ended"]:
        db = sqlite.get_db()
        with sqlite.transaction(db):
            tables.end(db, table)
        flash(_("The table is ended: no move can follow. The deals scored so far stay on the score board."), "success")
    else:
        flash(_("This table was already ended."), "info")
    return redirect(url_for(".host", table_id=table_id), code=303)


# --- play again with the same seats ----------------------------------------------------------------------------


@bp.post("/tables/<table_id>/again")
def again(table_id):
    """Once the game is over, a seat of this browser or its host starts a new game with the same seats, deal 1."""
    table = _table_or_404(table_id)
    seat = table_access.held_seat(table)
    if seat is None and not is_host(table):
        abort(403, description=NOT_AT_TABLE)
    back = table_path(table_id) if seat is not None else url_for(".host", table_id=table_id)
    limited = limits.count("tables")  # it deals a deal, as the next deal does
    if limited is not None:
        return limited
    db = sqlite.get_db()
    try:
        with sqlite.transaction(db):
            tables.play_again(db, tables.load(db, table_id), int_or_none(request.form.get("version")))
    except tables.Conflict:
        flash(_("Someone at the table was quicker: the table changed meanwhile. Here it is as it stands."), "info")
        return redirect(back, code=303)
    except tables.GameNotOver:
        flash(_("No new game was started: the game at this table is still being played. "
                "A new game starts once a side has reached the target."), "error")
        return redirect(back, code=303)
    _computers_move(table_id)
    flash(_("A new game has started at the same table, with the same seats: deal 1 is dealt. "
            "The last game stays on its score board."), "success")
    return redirect(back, code=303)


# --- the tables this browser holds ----------------------------------------------------------------------------


@bp.get("/tables")
def index():
    """The tables this browser holds a key of (host or seat), the latest opened first, each with where it stands."""
    db = sqlite.get_db()
    listed = []
    for held in table_access.tables_held():
        table = tables.load(db, held["table_id"])
        if table is None:
            continue
        mine = table_access.held_seat(table)
        listed.append({"table": table, "state": _state(table), "seat": mine[0] if mine else None,
                       "url": table_path(table.id), "host": is_host(table)})
    return no_store(make_response(render_template("tables/index.html", tables=listed)))
