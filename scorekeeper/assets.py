"""Static files under addresses that change with their content.

Every ``url_for('static', ...)`` gets ``?v=<digest of the file>``; a request
carrying it is answered with a year-long cache lifetime, so a phone on a weak
signal asks for the stylesheet and scripts once, and a new release changes the
address instead of waiting for caches to expire.
"""

import hashlib
from functools import lru_cache
from pathlib import Path

from flask import request

YEAR = 365 * 24 * 60 * 60


@lru_cache(maxsize=256)
def _digest(path, modified):
    """Return a short digest of the file's content (``modified`` keys the cache)."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:12]


def init_app(app):
    static_root = Path(app.static_folder).resolve()

    @app.url_defaults
    def version_static_urls(endpoint, values):
        if endpoint != "static" or "v" in values or "filename" not in values:
            return
        path = (static_root / values["filename"]).resolve()
        if path.is_relative_to(static_root) and path.is_file():
            values["v"] = _digest(str(path), path.stat().st_mtime_ns)

    default_max_age = app.get_send_file_max_age

    def max_age(filename):
        return YEAR if request.args.get("v") else default_max_age(filename)

    app.get_send_file_max_age = max_age
