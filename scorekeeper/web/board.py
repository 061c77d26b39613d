"""The scoreboard of a game, its read-only view that follows the game live, the edit link and the share page.

Every number shown comes from the engine through ``model.load_game``; the
views only arrange it for the page. Knowing a game's id is enough to view it;
changing it needs the edit key this browser holds (``access.can_edit``).

The board's content is the same for everyone who reads one version of a game
with the same rights (editor or viewer), so each process keeps it rendered
(``RENDERED_BOARDS`` of them): only the page around it and the undo form,
which carries the session's CSRF token, are rendered per request.
"""

from dataclasses import dataclass

from flask import Blueprint, abort, flash, jsonify, make_response, redirect, render_template, request, url_for
from markupsafe import Markup

from .. import errors, limits
from ..i18n import gettext as _, lazy_gettext as _l, locale_key, problem_with_hand
from ..games import access
from ..games import undo
from ..store import db as store
from ..store import tables as table_rows
from ..store import sqlite
from ..canasta.scoring import BREAKDOWN_LABELS
from ..printing.charts import points_label, running_totals_chart
from ..games.read import LRUCache
from ..printing.qr import qr_svg
from .helpers import (NO_GAME, editable_game_or_abort, forget_warning, forgets_title, forgotten_line, game_or_404,
                      game_title, isolated, no_store, side_label)

bp = Blueprint("games", __name__)

RENDERED_BOARDS = 512  # a board per game and per kind of reader (editor, viewer)

WRONG_KEY = _l(
    "This edit link does not open the game: it may have been copied only in part, or the scorekeeper "
    "may have made a new edit link, which stops the old one from working. "
    "Ask the scorekeeper for the link again; the game itself can still be viewed."
)
NOT_KEEPER = _l(
    "Only the phone that keeps score can share this game, since sharing shows its edit link. "
    "To pass the game on, send the address of the page you are watching it on."
)


# --- how numbers are written -------------------------------------------------------


# Filters for every template: a total and a hand score read the same on every page.


# --- what the board shows ------------------------------------------------------------


@dataclass(frozen=True)
class SideRow:
    """One side of a hand, ready for the breakdown: ``parts`` are (label, points) pairs."""

    label: str
    note: str
    score: int
    parts: list
    member_scores: list  # (name, score) when partners score differently (classic-3p red 3s)


@dataclass(frozen=True)
class HandRow:
    number: int
    dealer: str | None
    scores: tuple
    totals: tuple
    sides: list
    note: str


def _hand_row(game, hand):
    names = game.names
    sizes = [len(side.members) for side in hand.sides]
    partnership = game.ruleset.partnership_per_hand
    note = ""
    if partnership:
        if all(size == 1 for size in sizes):
            note = _("Everyone scored alone.")
        else:
            alone = [side_label(names, side.members) for side in hand.sides if len(side.members) == 1]
            note = _("%(names)s played alone.", names=_(" and ").join(alone))
    sides = []
    for side in hand.sides:
        parts = [(_(BREAKDOWN_LABELS[key]) if key in BREAKDOWN_LABELS else key.replace("_", " ").capitalize(), value)
                 for key, value in _ordered(side.breakdown)]
        member_scores = []
        if len(set(side.member_scores)) > 1:
            member_scores = [(names[m], score) for m, score in zip(side.members, side.member_scores)]
        side_note = _("partners") if partnership and len(side.members) > 1 else ""
        sides.append(SideRow(side_label(names, side.members), side_note, side.score, parts, member_scores))
    return HandRow(hand.number, game.dealer_of(hand.number), hand.scores, hand.totals, sides, note)


def _ordered(breakdown):
    known = [(key, breakdown[key]) for key in BREAKDOWN_LABELS if key in breakdown]
    return known + [(key, value) for key, value in breakdown.items() if key not in BREAKDOWN_LABELS]


def _verb(game, name):
    """``win`` for a team written as several people ("Ann & Bob"), else ``wins``."""
    plural = game.ruleset.scorer_label == "team" and any(mark in name for mark in ("&", " and ", "+", ","))
    return "win" if plural else "wins"


def result_line(game, isolate=False):
    """The end of the game or a tie at the top, in one sentence; None while play goes on.

    ``isolate``: as markup for a page, each name in ``<bdi>``.
    """
    score, names = game.score, game.names
    text, name_of = (Markup, isolated) if isolate else (str, str)
    if score.game_over and score.winner is not None:
        name = names[score.winner]
        won = _("%(name)s win by %(points)s") if _verb(game, name) == "win" else _("%(name)s wins by %(points)s")
        return text(won) % {"name": name_of(name), "points": points_label(score.margin)}
    if score.game_over:
        who = text(_(" and ")).join(name_of(names[index]) for index in score.winners)
        return text(_("%(names)s share the win at %(points)s")) % {"names": who, "points": points_label(score.totals[score.winners[0]])}
    if score.tie:
        top = max(score.totals)
        return _("Tied at %(points)s: another hand is played to decide", points=points_label(top))
    return None


def lead_line(game, isolate=False):
    """Who leads and by how much while the game goes on, or None (no hands, a tie, or over)."""
    score = game.score
    if score.game_over or not score.hands or score.leader is None:
        return None
    name = game.names[score.leader]
    leads = _("%(name)s lead by %(points)s") if _verb(game, name) == "win" else _("%(name)s leads by %(points)s")
    text, name_of = (Markup, isolated) if isolate else (str, str)
    return text(leads) % {"name": name_of(name), "points": points_label(score.margin)}


def announcement(game):
    """What a screen reader hears when the live view changes."""
    score = game.score
    standings = ", ".join(f"{name} {points_label(total)}" for name, total in zip(game.names, score.totals))
    hands = len(score.hands)
    text = (_("Scores updated after hand %(number)s: %(standings)s.", number=hands, standings=standings) if hands
            else _("No hands yet: %(standings)s.", standings=standings))
    result = result_line(game)
    return f"{text} {result}." if result else text


def problem_lines(game):
    """The engine's problems with the stored hands, each saying which hand: ``Hand 4: ...``."""
    return [problem_with_hand(problem) for problem in game.problems]


def unscored_hands(game):
    """Numbers of the stored hands the engine could not score (shown with the problems)."""
    return list(range(len(game.score.hands) + 1, len(game.hands) + 1))


def board_context(game, editable, opened=None):
    """Everything ``games/_board_body.html`` needs; ``opened`` is a HandRow shown with its breakdown."""
    score = game.score
    chart = None
    if score.hands:
        chart = running_totals_chart(
            game.names, score.start_totals, [hand.totals for hand in score.hands], score.options.target
        )
    return {
        "game": game,
        "score": score,
        "editable": editable,
        "rows": score.hands,
        "opened": opened,
        "chart": chart,
        "result": result_line(game, isolate=True),
        "lead": lead_line(game, isolate=True),
        "problems": problem_lines(game),
        "unscored": unscored_hands(game),
        "next_hand": len(game.hands) + 1,
    }


_rendered = LRUCache(RENDERED_BOARDS)


def _opened_row(game, open_hand):
    """The HandRow of hand ``open_hand`` when the game has it (the board shows its breakdown), else None."""
    if open_hand is not None and 1 <= open_hand <= len(game.score.hands):
        return _hand_row(game, game.score.hands[open_hand - 1])
    return None


def board_body(game, editable, open_hand=None):
    """The board's content for this version of the game and this kind of reader: ``games/_board_body.html``.

    Rendered once per process and kept; never anything of a session in it.
    A board with a hand opened (no JavaScript: ``?hand=N``) links to the
    request's own address, so it is rendered each time.
    """
    opened = _opened_row(game, open_hand)
    key = None
    if game.key is not None and opened is None:
        key = (game.key, editable, request.script_root, locale_key())
        body = _rendered.get(key)
        if body is not None:
            return body
    body = Markup(render_template("games/_board_body.html", **board_context(game, editable, opened)))
    if key is not None:
        _rendered.put(key, body)
    return body


_links = LRUCache(RENDERED_BOARDS)


def game_links(game_id):
    """The addresses of a game that the board's page links to, made once per game and kept.

    Once the board's content is kept rendered, building these a dozen times
    per request was a noticeable part of what remained.
    """
    key = (game_id, request.script_root)
    links = _links.get(key)
    if links is None:
        links = {name: url_for(endpoint, game_id=game_id, **values) for name, (endpoint, values) in {
            "board": ("games.board", {}), "view": ("games.view", {}), "live": ("games.live", {}),
            "fragment": ("games.fragment", {}), "fragment_edit": ("games.fragment", {"edit": 1}),
            "share": ("games.share", {}), "sheet": ("sheets.game_sheet", {}),
            "undo": ("history.undo", {}), "redo": ("history.redo", {}), "history": ("history.page", {}),
            "settings": ("settings.edit", {}),
        }.items()}
        # board.js adds a hand's number to this to load its breakdown.
        links["hand"] = url_for("games.hand", game_id=game_id, number=1).removesuffix("1")
        _links.put(key, links)
    return links


_controls = LRUCache(RENDERED_BOARDS)


def undo_controls(game):
    """What the board's Undo and Redo would do (``{"undo": "delete of hand 5", "redo": None}``), kept per version."""
    key = (game.key, locale_key()) if game.key is not None else None
    controls = _controls.get(key) if key is not None else None
    if controls is None:
        controls = undo.controls(sqlite.get_db(), game, _)
        if key is not None:
            _controls.put(key, controls)
    return controls


def fragment_context(game, editable, open_hand=None):
    """What ``games/_board.html`` (the part board.js swaps) needs around the board's content."""
    return {
        "game": game,
        "editable": editable,
        "controls": undo_controls(game) if editable else {},
        # A finished game offers the next one: when this phone is full, the title of the game it would forget.
        "forgets": forgets_title() if editable and game.score.game_over else None,
        "board_body": board_body(game, editable, open_hand),
        "announce": announcement(game),
        "next_hand": len(game.hands) + 1,
        "links": game_links(game.id),
    }


def page_context(game, editable, open_hand=None):
    """Everything ``games/board.html`` needs besides ``view``."""
    return {**fragment_context(game, editable, open_hand), "title": _(" vs ").join(game.names)}


def _private(response):
    # Scores change under the page: always ask again, and keep pages that may
    # carry the edit link out of shared caches.
    response.headers["Cache-Control"] = "private, no-cache"
    return response


# --- routes -----------------------------------------------------------------------------


@bp.get("/games/<game_id>")
def board(game_id):
    """The scoreboard; with edit controls when this browser holds the edit key."""
    game = game_or_404(game_id)
    editable = access.can_edit(sqlite.get_db(), game_id)
    practice = not editable and table_rows.is_practice_game(sqlite.get_db(), game_id)
    page = render_template("games/board.html", view=False, practice=practice,
                           **page_context(game, editable, request.args.get("hand", type=int)))
    return _private(make_response(page))


@bp.get("/games/<game_id>/view")
def view(game_id):
    """The read-only board for the other players' phones; it follows the game by itself."""
    game = game_or_404(game_id)
    keeps_score = access.can_edit(sqlite.get_db(), game_id)
    if not keeps_score:
        access.follow(game_id)  # the home page lists it: a closed tab needs no new link
    page = render_template("games/board.html", view=True, keeps_score=keeps_score,
                           view_url=url_for("games.view", game_id=game.id, _external=True),
                           **page_context(game, False, request.args.get("hand", type=int)))
    return _private(make_response(page))


@bp.get("/games/<game_id>/fragment")
def fragment(game_id):
    """Only the board's changing part, for the live view to swap in (``?edit=1``: with edit controls)."""
    game = game_or_404(game_id)
    editable = request.args.get("edit") == "1" and access.can_edit(sqlite.get_db(), game_id)
    return _private(make_response(render_template("games/_board.html", **fragment_context(game, editable))))


LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "::1", "[::1]")


def served_here_only(host):
    """True when the address of this page opens only on this computer (loopback): no other phone reaches it.

    >>> [served_here_only(h) for h in ("127.0.0.1:5000", "localhost", "[::1]:5000", "192.168.1.20:5000", "cards.example")]
    [True, True, True, False, False]
    """
    name = host.rsplit(":", 1)[0] if not host.endswith("]") and host.count(":") == 1 else host
    name = name.rsplit("]", 1)[0] + "]" if name.startswith("[") else name
    return name in LOOPBACK_HOSTS or name.startswith("127.")


@bp.get("/games/<game_id>/share")
def share(game_id):
    """The scorekeeper's share page: the view link for the table and, behind a warning, the edit link; with QR codes."""
    game = editable_game_or_abort(game_id, NOT_KEEPER)
    view_url = url_for("games.view", game_id=game.id, _external=True)
    edit_url = url_for("games.join", game_id=game.id, key=access.held_key(game.id), _external=True)
    page = render_template(
        "games/share.html", game=game, title=_(" vs ").join(game.names), local_only=served_here_only(request.host),
        view_url=view_url, view_qr=qr_svg(view_url, _("QR code of the view link")),
        edit_url=edit_url, edit_qr=qr_svg(edit_url, _("QR code of the edit link")),
    )
    return no_store(make_response(page))  # it shows the edit key


@bp.get("/games/<game_id>/breakdown/<int:number>")
def hand(game_id, number):
    """One hand's breakdown: a page of its own, or (``?partial=1``) the part the board's details load."""
    game = game_or_404(game_id)
    if not 1 <= number <= len(game.score.hands):
        abort(404, description=_("This game has no hand %(number)s.", number=number))
    editable = access.can_edit(sqlite.get_db(), game_id)
    row = _hand_row(game, game.score.hands[number - 1])
    if request.args.get("partial") == "1":
        editable = editable and request.args.get("edit") == "1"
        return _private(make_response(render_template("games/_hand.html", game=game, row=row, editable=editable)))
    back = url_for("games.board" if editable else "games.view", game_id=game_id)
    page = render_template("games/hand.html", game=game, row=row, editable=editable, back=back,
                           title=_(" vs ").join(game.names))
    return _private(make_response(page))


@bp.get("/games/<game_id>/live.json")
def live(game_id):
    """``{"version": n}``: the live view polls this, with ``If-None-Match``, and gets 304 until a change."""
    version = store.get_version(sqlite.get_db(), game_id)
    if version is None:
        return errors.error_body(404, [("", NO_GAME)])
    response = jsonify(version=version)
    response.set_etag(f"v{version}")
    response.headers["Cache-Control"] = "no-cache"
    return response.make_conditional(request)


@bp.get("/games/<game_id>/join")
def join(game_id):
    """The edit link: keep its key in this browser and open the board, the key gone from the address."""
    db = sqlite.get_db()
    if store.get_version(db, game_id) is None:
        abort(404, description=NO_GAME)
    key = request.args.get("key", "")
    limited = limits.reached("keys")  # after too many wrong keys, no key is tried for a while
    if limited is not None:
        return limited
    if not access.key_opens(db, game_id, key):
        limits.count("keys")
        abort(403, description=WRONG_KEY)
    warning = forget_warning(game_id)
    if warning is not None and request.args.get("make_room") != "1":
        # Full: keeping this game forgets another. Say which, with its edit link, before it goes.
        page = render_template("games/join.html", warning=warning, title=game_title(game_id),
                               make_room=url_for("games.join", game_id=game_id, key=key, make_room=1),
                               view=url_for("games.view", game_id=game_id))
        return no_store(make_response(page))
    forgotten = forgotten_line(access.remember_key(game_id, key))
    if forgotten:
        flash(forgotten, "info")
    response = redirect(url_for("games.board", game_id=game_id), code=303)
    response.headers["Cache-Control"] = "no-store"
    return response
