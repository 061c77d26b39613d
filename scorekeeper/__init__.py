"""Canasta Scorekeeper: the Flask application factory."""

import os
import secrets
import tempfile
from functools import partial
from pathlib import Path

from flask import Flask

from . import assets, cli, errors, i18n, limits, security
from .security import csrf
from .api import checks as api_checks
from .api import common as api
from .api import edit_key as api_edit_key  # noqa: F401 (adds its route to the games API's blueprint)
from .api import games as api_games
from .api import play as api_play
from .api import tables as api_tables
from .api import table_talk as api_table_talk  # noqa: F401 (adds its routes to the tables API's blueprint)
from .api import table_host as api_table_host  # noqa: F401 (adds its routes to the tables API's blueprint)
from .store import sqlite
from .printing.charts import points_label
from .web import (board, checker, hands, history, new_game, offline, pages, practice, settings, sheets, table_host,
                  table_page, table_talk)
from .web.helpers import isolated, isolated_names, signed


def create_app(test_config=None):
    """Return a configured Flask app; ``test_config`` overrides every other setting."""
    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder="../templates",
        static_folder="../static",
    )
    app.config.from_mapping(
        DATABASE=os.path.join(app.instance_path, "scorekeeper.db"),
        # A JSON body or form larger than this is refused with 413: no hand needs more.
        MAX_CONTENT_LENGTH=64 * 1024,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        PERMANENT_SESSION_LIFETIME=60 * 60 * 24 * 400,
        # The cookie (the edit keys this browser holds) is re-sent when it changes,
        # not re-signed on every page view.
        SESSION_REFRESH_EACH_REQUEST=False,
        WTF_CSRF_TIME_LIMIT=None,
        # How many proxies (nginx...) stand in front of the app and set X-Forwarded-For and
        # X-Forwarded-Proto. 0: none, and those headers are believed from no one.
        TRUSTED_PROXIES=0,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.from_prefixed_env("SCOREKEEPER")
    else:
        app.config.from_mapping(test_config)
    _writable_folder(Path(app.instance_path))
    _writable_folder(Path(app.config["DATABASE"]).parent)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(Path(app.instance_path))

    # Answers keep the engine's key order (API.md's examples read in that order).
    app.json.sort_keys = False
    i18n.init_app(app)
    csrf.init_app(app)
    sqlite.init_app(app)
    errors.init_app(app)
    security.init_app(app)
    limits.init_app(app)
    cli.init_app(app)
    assets.init_app(app)
    _register_blueprints(app)
    _register_template_helpers(app)
    _trust_proxies(app)

    @app.context_processor
    def navigation():
        return {"nav_links": NAV}

    return app


def _trust_proxies(app):
    """Read the client's address and scheme from the proxies' headers, only when told how many proxies there are.

    Werkzeug's ProxyFix takes the last ``TRUSTED_PROXIES`` values of
    X-Forwarded-For and X-Forwarded-Proto, the ones our own proxies wrote: a
    value a client typed itself comes before them and is never read. The host
    is not taken from X-Forwarded-Host: nginx passes the client's Host as it is.
    """
    proxies = int(app.config.get("TRUSTED_PROXIES") or 0)
    if proxies > 0:
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=0, x_port=0, x_prefix=0)


def _writable_folder(folder: Path):
    """Make sure ``folder`` exists and takes new files; else stop here, naming it.

    A folder that cannot be written would otherwise show up later, as a game
    or a hand that cannot be saved at the table.
    """
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as error:
        raise RuntimeError(
            f"The folder {folder} cannot be written to ({error.strerror or error}). "
            "The app keeps its database and secret key there: make it writable by the user that runs the app."
        ) from error


def _instance_secret(instance: Path) -> str:
    """Return the secret key kept in the instance folder, creating it on first run.

    There is never a built-in default: a key shipped with the code would let anyone
    forge a session, and with it the edit access a browser keeps.
    """
    path = instance / "secret_key"
    if not path.exists():
        # Several gunicorn workers may start at once: write aside, then link into
        # place, which fails for all but the first, so every worker reads one key.
        draft = instance / f".secret_key.{os.getpid()}"
        draft.write_text(secrets.token_hex(32))
        draft.chmod(0o600)
        try:
            os.link(draft, path)
        except FileExistsError:
            pass
        finally:
            draft.unlink()
    return path.read_text().strip()


def _register_blueprints(app):
    """Register every blueprint; each owns one area of the app."""
    for module in BLUEPRINTS:
        app.register_blueprint(module.bp)
        if getattr(module, "CSRF_EXEMPT", False):
            # JSON endpoints authenticate with a bearer key, not a cookie: no CSRF risk.
            csrf.exempt(module.bp)


def _register_template_helpers(app):
    """Register every template filter and global: templates of every blueprint use them."""
    app.add_template_filter(points_label, "points")  # 1,600 and −40, as the board and sheets write them
    app.add_template_filter(signed, "signed")  # +605, −295
    # The board's banner is rendered for each request (not kept with the board's content),
    # since for the scorekeeper it carries the rematch form and its CSRF token.
    app.add_template_global(partial(board.result_line, isolate=True), "result_of")
    # A name on a page never turns the numbers beside it: {{ name|isolated }}, {{ names|isolated_names }}.
    app.add_template_filter(isolated, "isolated")
    app.add_template_filter(isolated_names, "isolated_names")
    app.add_template_global(settings.rematch_token, "rematch_token")
    app.add_template_global(hands.label_variants, "hand_label_variants")


BLUEPRINTS = [pages, offline, history, api, api_games, api_checks, api_play, api_tables, board, new_game, hands, settings, checker, sheets,
              practice, table_host, table_page, table_talk]

# The main menu: each item's page, its words, and the blueprints of the pages that belong to it
# (a game's board, hands and settings are under Games; the narrated deal under Practice).
# A table's pages are under Games: a sixth item would wrap the menu onto two lines on a phone.
NAV = [("pages.home", i18n.lazy_gettext("Games"), {"pages", "games", "new_game", "hands", "settings", "history",
                                                   "table_host", "table_page", "table_talk"}),
       ("practice.page_view", i18n.lazy_gettext("Practice"), {"practice"}),
       ("checker.index", i18n.lazy_gettext("Rules check"), {"checker"}),
       ("sheets.index", i18n.lazy_gettext("Print"), {"sheets"})]
