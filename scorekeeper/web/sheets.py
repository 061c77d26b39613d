"""Printable sheets as PDF: blank score sheets, a game's filled score sheet, one-page cheat sheets.

Every number printed comes from ``scorekeeper.canasta``: card values, bonuses
and minimum tables from its rule sets, every hand's breakdown, totals and next
minimums from its scoring. A sheet is answered with an ETag (parameters or
game version, plus a digest of the print templates and code) so that asking
again for an unchanged sheet answers 304 without rendering.
"""

from __future__ import annotations

import hashlib
import re
import threading
import unicodedata
from collections import OrderedDict
from urllib.parse import urlencode

from flask import Blueprint, Response, abort, current_app, redirect, render_template, request, url_for

from .. import limits
from ..i18n import gettext as _, lazy_gettext as _l, locale_key
from ..games import access
from ..printing import pdf
from ..store import db as store
from ..store import sqlite
from ..printing.sheets import blank_rows, compact_rows, game_hands, house_rules, played_on, reference, result, start_row
from .helpers import isolated
from .forms.sheets import PAPERS, CheatSheetForm, ScoreSheetForm, paper_for
from ..games.read import load_game

bp = Blueprint("sheets", __name__)



# --- answers: ETag first, render only when needed --------------------------------------

_rendered: OrderedDict[str, bytes] = OrderedDict()
_rendered_lock = threading.Lock()
RENDERED_KEPT = 24  # sheets kept in memory per process, most recently asked first


def _etag(*parts):
    # A sheet is printed in the language it was asked in: one copy per language.
    text = "\x1f".join(str(part) for part in (pdf.sheet_version(current_app), locale_key(), *parts))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def _pdf_answer(etag, filename, render, private=False):
    """Answer 304 when the client holds ``etag``; else the PDF, rendered by ``render()`` or kept."""
    cache_control = ("private" if private else "public") + ", no-cache"
    if request.if_none_match.contains_weak(etag):
        response = Response(status=304)
    else:
        with _rendered_lock:
            body = _rendered.get(etag)
            if body is not None:
                _rendered.move_to_end(etag)
        if body is None:
            # Refused before any work: a loop of sheets never kept (unique names) costs a counter
            # each; "busy" first, so that an answer "try again" does not use up the address's renders.
            with limits.render_slot() as free:
                if not free:
                    return limits.busy()
                limited = limits.count("sheets")
                if limited is not None:
                    return limited
                body = render()
            with _rendered_lock:
                _rendered[etag] = body
                while len(_rendered) > RENDERED_KEPT:
                    _rendered.popitem(last=False)
        response = Response(body, mimetype="application/pdf")
        response.headers.set("Content-Disposition", "inline", filename=filename)
    response.set_etag(etag)
    response.headers["Cache-Control"] = cache_control
    response.vary.add("Accept-Language")
    return response


def _slug(text):
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")[:60]


def _form(form_class):
    """The form filled from the query; without a paper, the one the browser's language prints on."""
    form = form_class(request.args)
    if "paper" not in request.args:
        form.paper.data = paper_for(request.accept_languages)
    return form


def _page(form, status=200):
    """The print page; with status 400 it answers a PDF address holding bad choices, errors beside them."""
    return render_template("sheets/index.html", form=form, games=_your_games()), status


def _your_games():
    ids = access.remembered_game_ids()
    return store.list_games(sqlite.get_db(), ids) if ids else []


@bp.get("/print")
def index():
    form = _form(ScoreSheetForm)
    sheet = request.args.get("sheet")
    if sheet in ("score", "cheat") and form.validate_for(sheet):
        return redirect(_sheet_url(sheet, form), 303)
    return _page(form)


def _sheet_url(sheet, form):
    if sheet == "cheat":
        return url_for("sheets.cheat", rules=form.rules.data, paper=form.paper.data)
    query = urlencode([("rules", form.rules.data), ("paper", form.paper.data), ("hands", form.hands.data),
                       ("layout", form.layout.data)] + [("names", name) for name in form.names.names])
    return url_for("sheets.blank") + "?" + query


@bp.get("/print/score-sheet.pdf")
def blank():
    form = _form(ScoreSheetForm)
    if not form.validate_for("score"):
        return _page(form, 400)
    ruleset, paper, hands, names = form.ruleset, form.paper.data, form.hands.data, form.names.names
    layout = form.layout.data
    etag = _etag("blank", ruleset.id, paper, hands, layout, *names)

    def render():
        return pdf.render_pdf(
            "score_sheet.html", ruleset=ruleset, paper=paper, hands=hands, reference=reference(ruleset),
            names=names + [""] * (ruleset.scorers - len(names)), layout=layout,
            rows=compact_rows(ruleset) if layout == "compact" else blank_rows(ruleset),
        )

    return _pdf_answer(etag, f"canasta-score-sheet-{ruleset.id}.pdf", render)


@bp.get("/print/cheat-sheet.pdf")
def cheat():
    form = _form(CheatSheetForm)
    if not form.validate():
        return _page(_score_form_like(form), 400)
    ruleset, paper = form.ruleset, form.paper.data
    etag = _etag("cheat", ruleset.id, paper)

    def render():
        return pdf.render_pdf(
            "cheat_sheet.html", ruleset=ruleset, paper=paper, reference=reference(ruleset),
        )

    return _pdf_answer(etag, f"canasta-cheat-sheet-{ruleset.id}.pdf", render)


def _score_form_like(cheat_form):
    """The print page's form holding a cheat sheet's choices and their errors."""
    form = _form(ScoreSheetForm)
    form.rules.errors, form.paper.errors = cheat_form.rules.errors, cheat_form.paper.errors
    return form


@bp.get("/games/<game_id>/sheet.pdf")
def game_sheet(game_id):
    db = sqlite.get_db()
    stamp = store.get_sheet_stamp(db, game_id)
    if stamp is None:
        abort(404)
    paper = request.args.get("paper")
    if paper not in PAPERS:
        paper = paper_for(request.accept_languages)
    etag = _etag("game", game_id, stamp["version"], stamp["updated_at"], paper)

    def render():
        game = load_game(db, game_id)
        if game is None:
            abort(404)
        return pdf.render_pdf(
            "game_sheet.html", game=game, ruleset=game.ruleset, paper=paper, names=game.names,
            reference=reference(game.ruleset, game.score.options), hands=game_hands(game), start=start_row(game),
            result=result(game, mark=isolated),
            house_rules=house_rules(game), played_on=played_on(game.created_at),
        )

    names = _slug(" vs ".join(stamp["names"])) or "game"
    filename = f"canasta-{stamp['created_at'][:10]}-{names}.pdf"
    return _pdf_answer(etag, filename, render, private=True)
