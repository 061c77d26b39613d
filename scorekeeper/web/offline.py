"""What makes the app installable and keeps it working without a connection.

The web app manifest, the service worker and the page a phone shows offline
when it has no copy of the page asked for. The service worker is served from
the root (``/sw.js``) so that its scope is the whole app; it is rendered from
``templates/offline/sw.js`` with the versioned addresses of the static files
it keeps, so a release that changes any of them changes the worker's bytes,
and the browser finds the new worker by itself (the page then offers it, it
never reloads on its own).

Hand-written rather than Workbox: the worker does three things (keep the
static files, network-first pages with a copy kept, an offline page), about a
hundred lines anyone can read. Workbox would bring a build step (rollup) and
some 20 KB of bundled modules into a project with no JavaScript build, for
strategies that are one function each here. The outbox of hands typed
offline is not in the worker at all: it lives in the page (``static/offline.js``, its list
``static/outbox-list.js``, and on the hand pages ``static/outbox-form.js``, in localStorage), so that it also works where service workers do not (plain
HTTP on the local network).
"""

import hashlib
from functools import lru_cache

from flask import Blueprint, current_app, make_response, render_template, request, url_for

from ..i18n import gettext as _

bp = Blueprint("offline", __name__)

# What the worker keeps from its first visit on: every page's own files.
SHELL = (
    "style.css", "board.css", "board.js", "hand.css", "hand.js", "cards.js", "offline.js", "outbox-form.js",
    "outbox-list.js", "checker.css", "share.css", "share.js", "history.css", "settings.css",
    "favicon.svg", "icon-192.png", "icon-512.png",
)
ICONS = (("icon-192.png", "192x192", "image/png"), ("icon-512.png", "512x512", "image/png"),
         ("favicon.svg", "any", "image/svg+xml"))


@lru_cache(maxsize=8)
def _worker(script_root, static_urls, offline_url, release):
    """Return the worker's text for these addresses, with a version made of its own content."""
    text = render_template("offline/sw.js", shell=list(static_urls), offline_url=offline_url, release=release,
                           root=script_root + "/", static_prefix=script_root + "/static/", version="")
    version = hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]
    return text.replace('var VERSION = "";', f'var VERSION = "{version}";', 1)


@bp.get("/sw.js")
def service_worker():
    """The service worker, at the root of the app so that it may keep every page."""
    static_urls = tuple(url_for("static", filename=name) for name in SHELL)
    # RELEASE (SCOREKEEPER_RELEASE): a name that, changed, makes every phone offered the update
    # even when no static file changed (a template did).
    text = _worker(request.script_root, static_urls, url_for("offline.page"), current_app.config.get("RELEASE", ""))
    response = make_response(text)
    response.mimetype = "text/javascript"
    # The browser compares a worker's bytes when it checks for an update: never an old copy
    # from a cache, and a 304 while it is unchanged.
    response.headers["Cache-Control"] = "no-cache"
    response.set_etag(hashlib.sha256(text.encode("utf-8")).hexdigest()[:16])
    return response.make_conditional(request)


@bp.get("/manifest.webmanifest")
def manifest():
    """The web app manifest: name, colours, icons, and that it opens on the list of games."""
    root = request.script_root + "/"
    response = current_app.json.response({
        "name": "Canasta Scorekeeper",
        "short_name": "Canasta",
        "description": _("Keep the score of a Canasta game at the table, check the rules, print score sheets."),
        "start_url": url_for("pages.home"),
        "scope": root,
        "display": "standalone",
        "background_color": "#f6f4ee",
        "theme_color": "#0d5c3a",
        "icons": [{"src": url_for("static", filename=name), "sizes": sizes, "type": kind, "purpose": "any"}
                  for name, sizes, kind in ICONS],
    })
    response.mimetype = "application/manifest+json"
    response.headers["Cache-Control"] = "public, max-age=86400"
    return response


@bp.get("/offline")
def page():
    """What a phone shows, without a connection, for a page it never kept a copy of."""
    return render_template("offline/offline.html", title=_("No connection"))
