"""The home page: the games this browser keeps score for, and a way to start one.

There is no list of other people's games anywhere: a browser sees the games
whose edit key it holds (created here, or opened from an edit link), and the
games it followed through their view link.
"""

from datetime import datetime, timezone

from flask import Blueprint, make_response, render_template

from ..games import access
from ..i18n import day_month_year, gettext as _, ngettext
from ..store import db as store
from ..store import sqlite
from .board import result_line
from ..games.read import load_game
from .helpers import forget_warning, no_store

bp = Blueprint("pages", __name__)


@bp.get("/")
def home():
    """Your games, the most recently changed first; a big New game button."""
    db = sqlite.get_db()
    summaries = store.list_games(db, access.remembered_game_ids())  # newest change first
    now = datetime.now(timezone.utc)
    games = []
    for summary in summaries:
        game = load_game(db, summary["id"])
        if game is None:  # deleted between the two reads
            continue
        games.append({
            "game": game,
            "hands": len(game.hands),
            "result": result_line(game, isolate=True),
            "changed": ago(game.updated_at, now),
            # The key this browser holds was replaced on another phone (a new edit link): it only views now.
            "view_only": not access.key_matches(summary["edit_key_hash"], access.held_key(summary["id"])),
        })
    followed = []
    for summary in store.list_games(db, access.followed_game_ids()):
        game = load_game(db, summary["id"])
        if game is not None:
            followed.append({"game": game, "hands": len(game.hands), "result": result_line(game),
                             "changed": ago(game.updated_at, now)})
    warning = forget_warning()  # this phone is full: the game one more would make it forget, with its edit link
    page = make_response(render_template("pages/home.html", games=games, followed=followed, forget_warning=warning))
    return no_store(page) if warning else page


def ago(stamp, now):
    """Return how long ago an ISO 8601 UTC time was, as people say it.

    Said relative to now, so it is right whatever the phone's time zone.

    >>> now = datetime(2025, 3, 8, 20, 0, tzinfo=timezone.utc)
    >>> [ago(s, now) for s in ("2025-03-08T19:59:30+00:00", "2025-03-08T19:55:00+00:00",
    ...  "2025-03-08T17:00:00+00:00", "2025-03-07T12:00:00+00:00", "2025-03-01T20:00:00+00:00",
    ...  "2024-11-02T10:00:00+00:00")]
    ['just now', '5 min ago', '3 hours ago', 'yesterday', '7 days ago', '2 Nov 2024']
    """
    then = datetime.fromisoformat(stamp)
    seconds = (now - then).total_seconds()
    if seconds < 60:
        return _("just now")
    if seconds < 3600:
        return _("%(minutes)s min ago", minutes=int(seconds // 60))
    if seconds < 86400:
        hours = int(seconds // 3600)
        return ngettext("%(num)s hour ago", "%(num)s hours ago", hours)
    days = int(seconds // 86400)
    if days == 1:
        return _("yesterday")
    if days < 14:
        return ngettext("%(num)s day ago", "%(num)s days ago", days)
    return day_month_year(then)
