"""The practice page: Canasta against the computer, with a coach who says why.

Every action is a POST form (the page works without its script); the script
sends the same forms and swaps in the answer. The game lives on the server
(``games.practice``): this browser's session remembers which practice game is
its own, so a reload or another tab continues it. Every rule is judged by the
engine; this module only reads the selection and the button pressed.
"""

from __future__ import annotations

import hashlib
import hmac
import threading
from collections import OrderedDict
from dataclasses import replace

from flask import Blueprint, abort, current_app, flash, redirect, render_template, request, session, url_for

from ..canasta.play import deal, view
from ..canasta.coach.lines import line
from ..canasta.coach.said import Said
from ..canasta.coach.words import Reader, render
from ..canasta.players.levels import LEVEL_NAMES, LEVELS
from ..canasta.players.loop import play_out
from ..canasta.coach.names import seat_names
from ..canasta.play.selection import grouping
from ..canasta.rules import PRESETS, next_minimum
from .. import limits
from ..i18n import gettext as _, lazy_gettext as _l
from ..games import practice
from ..store import sqlite
from . import play
from .helpers import private_pages
from . import practice_page as page

bp = Blueprint("practice", __name__, url_prefix="/practice")

LEVEL_LABELS = {"easy": _l("Easy"), "normal": _l("Normal"), "hard": _l("Hard"), "expert": _l("Expert")}
SESSION_KEY = "practice"


# Every practice page shows a hand or where a game stands: no shared cache keeps it (as the board).
private_pages(bp, "private, no-cache")


def _table():
    return practice.load(sqlite.get_db(), session.get(SESSION_KEY))


@bp.get("")
def page_view():
    """The practice page; ``?moves=K``: the table as the player saw it after the deal's first K moves.

    The page's script shows the other seats' moves one at a time: for each move the log tells, it shows that
    move's table from ``?moves=K`` (the seat's view of that position, nothing more), so the table never shows a
    move the log has not told yet.
    """
    table = _table()
    context = {"presets": PRESETS, "levels": LEVEL_LABELS, "table": table, "ruleset": PRESETS["classic"]}
    if table is not None:
        position, over = table.position, table.game.score.game_over
        at = request.args.get("moves", type=int)
        if at is not None and 0 <= at < len(table.positions) - 1:
            position, over = table.positions[at], False
            # An earlier table: its forms carry a version the game never has, so a move sent from it is refused
            # as one from an old tab ("This game moved on ..."), never made on a table the player did not see.
            table = context["table"] = replace(table, row={**table.row, "version": -1})
        seen = view(position, practice.HUMAN)
        context.update(
            **play.play_area(seen, table.names), names=table.names,
            next_step=page.next_step(seen, table.names, over, position.ruleset.draw),
            log=practice.shown_log(table), ruleset=position.ruleset,
            result=page.deal_result(position, table.game.names, table.game.score.totals), game=table.game,
            level=table.row["level"],
            # Before the deal's first move: the goal line, with the player's partners by name.
            goal=not table.row["moves"],
            partners=[table.names[s] for s in position.seats_of(position.side_of(practice.HUMAN))
                      if s != practice.HUMAN],
        )
        result = context["result"]
        context["won"] = bool(result) and result[0]["mine"] and all(
            result[0]["score"] > other["score"] for other in result[1:])
    context["start_minimum"] = next_minimum(context["ruleset"], 0)
    return render_template("practice/page.html", **context)


@bp.post("/start")
def start():
    rules = request.form.get("rules", "classic")
    level = request.form.get("level", "normal")
    if rules not in PRESETS or level not in LEVEL_NAMES:
        flash(_("Choose a rule set and a level from the lists."), "error")
        return redirect(url_for("practice.page_view"), 303)
    seed = request.form.get("seed", "").strip()[:40] or None
    limited = limits.count("practice")
    if limited is not None:
        return limited
    db = sqlite.get_db()
    # Opportunistically, and cheaply (by an index): the games nobody came back to go as new ones start.
    practice.forget_untouched(db, current_app.config.get("PRACTICE_KEEP_DAYS", practice.KEEP_DAYS))
    session[SESSION_KEY] = practice.start(db, rules, level, seed)
    session.permanent = True
    return redirect(url_for("practice.page_view"), 303)


@bp.post("/move")
def move():
    db = sqlite.get_db()
    table = _table()
    if table is None:
        flash(_("Start a practice game first."), "error")
        return redirect(url_for("practice.page_view"), 303)
    if request.form.get("version") not in (None, str(table.row["version"])):
        flash(_("This game moved on in another tab or window: here is where it stands now."), "error")
        return redirect(url_for("practice.page_view"), 303)
    action = request.form.get("action", "")
    try:
        if action == "hint":
            practice.take_hint(db, table)
        elif action == "next_deal":
            limited = limits.count("practice")
            if limited is not None:
                return limited
            practice.next_deal(db, table)
        else:
            cards = play.selected_cards()
            made = (play.move_of(table.position, action, cards or ()) if cards is not None
                    else _("Those cards could not be read."))
            if made is None:
                abort(400)
            if isinstance(made, str):
                flash(made, "error")
            else:
                outcome = practice.play(db, table, made)
                if outcome.refused:
                    # Where the app chose how to group the selection, the player's own selection is named first.
                    guessed = grouping(table.position, cards, made) if action in ("meld", "take") else None
                    flash(f"{guessed.message} {outcome.refused}" if guessed else outcome.refused, "error")
    except practice.Conflict:
        flash(_("This game moved on in another tab or window: here is where it stands now."), "error")
    except ValueError as error:
        flash(str(error), "error")
    return redirect(url_for("practice.page_view"), 303)


# --- the narrated deal ------------------------------------------------------------------------------------


class NarratedDeals:
    """The narrated deals this worker played, the last ``size`` kept: a deal is played once, then only shown.

    ``played`` counts the deals played (each costs seconds of CPU at the hard level).
    """

    def __init__(self, size: int = 32):
        self.size = size
        self.played = 0
        self._kept: OrderedDict = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key):
        with self._lock:
            if key in self._kept:
                self._kept.move_to_end(key)
            return self._kept.get(key)

    def keep(self, key, value):
        with self._lock:
            self.played += 1
            self._kept[key] = value
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)

    def clear(self):
        with self._lock:
            self._kept.clear()


NARRATED = NarratedDeals()


def narrated(rules: str, seed: str, level: str = "hard"):
    """Return a whole deal played face up by the computer: every position and what the coach said of each move."""
    position, _events = deal(rules, None, seed)
    positions, lines = [position], [Said.of("dealt", count=PRESETS[rules].cards_dealt)]
    marks = {"deal": 0}
    for turn in play_out(position, [LEVELS[level]] * position.seats):
        lines.append(line(turn.position, turn.move, turn.events, viewer=None, choice=turn.choice))
        positions.append(turn.after)
        kinds = {event.kind for event in turn.events}
        if "laid" in kinds and "first_meld" not in marks:
            marks["first_meld"] = len(positions) - 1
        if "canasta" in kinds and "first_canasta" not in marks:
            marks["first_canasta"] = len(positions) - 1
    marks["going_out"] = len(positions) - 1
    return positions, lines, marks


def watch_names(seats: int) -> tuple[str, ...]:
    """Return the seats' names in the narrated deal, where nobody is "you": seat 0 is South."""
    return (_("South"),) + tuple(_(name) for name in seat_names(seats)[1:])


def _watch_seed(game_seed: str, deal_number: int) -> str:
    """Return the seed of the narrated deal beside a practice deal: one-way from the game's secret seed."""
    key = current_app.secret_key
    key = key.encode() if isinstance(key, str) else key
    digest = hmac.new(key, f"{game_seed}:{deal_number}".encode(), hashlib.sha256).hexdigest()[:32]
    return f"watch:{digest}"


JUMPS = (("deal", _l("The deal")), ("first_meld", _l("The first meld")), ("first_canasta", _l("The first canasta")),
         ("going_out", _l("The end of the deal")))


@bp.get("/watch")
def watch():
    table = _table()
    rules = request.args.get("rules") or (table.row["rules"] if table else "classic")
    if rules not in PRESETS:
        rules = "classic"
    seed = _watch_seed(table.row["seed"], table.row["deal_number"]) if table else "watch:1"
    kept = NARRATED.get((rules, seed))
    if kept is None:
        limited = limits.count("watch")  # only a deal played afresh costs anything
        if limited is not None:
            return limited
        kept = narrated(rules, seed)
        NARRATED.keep((rules, seed), kept)
    positions, lines, marks = kept
    jump = request.args.get("jump")
    try:
        at = marks[jump] if jump in marks else int(request.args.get("at", 0))
    except ValueError:
        at = 0
    at = max(0, min(at, len(positions) - 1))
    position = positions[at]
    names = watch_names(position.seats)
    onlooker = Reader(None, names, gettext=_)  # the deal is played face up: nobody is "you"
    hands = [{"name": names[s], "columns": page.columns(position.hands[s])} for s in range(position.seats)]
    sides = [{"name": page.join_and([names[s] for s in position.seats_of(side)]) or _("Side %(number)s", number=side + 1),
              "tiles": page.tiles(position.melds[side])} for side in position.sides()]
    return render_template(
        "practice/watch.html", at=at, last=len(positions) - 1, line=render(lines[at], onlooker),
        earlier=[render(said, onlooker) for said in lines[max(0, at - 4):at][::-1]],
        hands=hands, sides=sides, top=page.face(position.pile[-1]) if position.pile else None, pile=len(position.pile),
        stock=len(position.stock), jumps=[(key, label) for key, label in JUMPS if key in marks], marks=marks,
        rules=rules, ruleset=PRESETS[rules])
