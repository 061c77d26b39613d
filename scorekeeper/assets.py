"""Static files under addresses that change with their content.

Every ``url_for('static', ...)`` gets ``?v=<digest of the file>``; a request
carrying it is answered with a year-long cache lifetime, so a phone on a weak
signal asks for the stylesheet and scripts once, and a new release changes the
address instead of waiting for caches to expire.

``fixed_url('static', filename='style.css')`` in a template is ``url_for`` for an
address that is the same on every request (a static file, a page without
arguments): made once per process and kept, for the frame every page shares.

``static_data_uri('favicon.svg')`` in a template gives a small static file as a
``data:`` address instead, written into the page: the icon costs the page no
request of its own (the CSP allows ``img-src data:``).
"""

import base64
import hashlib
import mimetypes
from functools import lru_cache
from pathlib import Path

from flask import request, url_for

YEAR = 365 * 24 * 60 * 60
FIXED_URLS_KEPT = 256  # far more than the templates name; past it an address is made each time


@lru_cache(maxsize=256)
def _digest(path, modified):
    """Return a short digest of the file's content (``modified`` keys the cache)."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:12]


def _data_uri(path):
    """Return the file at ``path`` as a base64 ``data:`` URI."""
    kind = mimetypes.guess_type(path)[0] or "application/octet-stream"
    return f"data:{kind};base64,{base64.b64encode(Path(path).read_bytes()).decode('ascii')}"


def init_app(app):
    static_root = Path(app.static_folder).resolve()

    @app.template_global()
    @lru_cache(maxsize=16)
    def static_data_uri(filename):
        """The static file ``filename`` as a ``data:`` address, for an icon written into the page.

        Made once per file and kept, like ``version_of``: every page writes the
        icon, and resolving its path and asking the disk each time was about a
        twentieth of what the scoreboard cost.
        """
        path = (static_root / filename).resolve()
        if not (path.is_relative_to(static_root) and path.is_file()):
            raise FileNotFoundError(f"no static file {filename!r}")
        return _data_uri(path)

    fixed_urls = {}

    @app.template_global()
    def fixed_url(endpoint, **values):
        """``url_for(endpoint, **values)`` made once per process and kept: only for an address without a game in it.

        The page frame (stylesheets, scripts, the menu) names a dozen such addresses;
        building each with ``url_for`` on every request was a sixth of what a scoreboard cost.
        """
        key = (endpoint, request.script_root, *sorted(values.items()))
        url = fixed_urls.get(key)
        if url is None:
            url = url_for(endpoint, **values)
            if len(fixed_urls) < FIXED_URLS_KEPT:
                fixed_urls[key] = url
        return url

    @lru_cache(maxsize=256)
    def version_of(filename):
        # Static files change only with a release, which restarts the workers:
        # look at the disk once per file, not on every page.
        path = (static_root / filename).resolve()
        if path.is_relative_to(static_root) and path.is_file():
            return _digest(str(path), path.stat().st_mtime_ns)
        return None

    @app.url_defaults
    def version_static_urls(endpoint, values):
        if endpoint != "static" or "v" in values or "filename" not in values:
            return
        version = version_of(values["filename"])
        if version:
            values["v"] = version

    default_max_age = app.get_send_file_max_age

    def max_age(filename):
        return YEAR if request.args.get("v") else default_max_age(filename)

    app.get_send_file_max_age = max_age
