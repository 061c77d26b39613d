"""PDF rendering: an HTML template of ``templates/print/`` plus ``static/print.css``, through WeasyPrint.

A sheet never loads anything from elsewhere: the URL fetcher given to
WeasyPrint answers only files inside the app's own static folder and refuses
every other URL (another site, ``file:///etc/passwd``, ``data:``), so a name
typed by a player can never make the server fetch something.
"""

from __future__ import annotations

import hashlib
import mimetypes
import threading
from pathlib import Path
from urllib.parse import unquote, urlsplit

from flask import current_app, render_template
from weasyprint import CSS, HTML
from weasyprint.urls import URLFetcher, URLFetcherResponse

PRINT_CSS = "print.css"
# Part of every sheet's ETag: bump it when a change in code alters the PDFs
# (templates and print.css are hashed in automatically, see sheet_version()).
SHEET_CODE_VERSION = "1"


class RefusedURL(ValueError):
    """A sheet asked for something that is not one of the app's static files."""


class StaticOnlyFetcher(URLFetcher):
    """A WeasyPrint URL fetcher that serves the app's static files and refuses everything else.

    ``file:`` URLs are answered when they point inside ``static_folder``;
    ``http(s):`` URLs only when they name ``/static/...`` on one of
    ``own_hosts`` (then read from disk, never over the network).
    """

    def __init__(self, static_folder, static_url_path="/static", own_hosts=()):
        super().__init__(allowed_protocols=("file", "http", "https"), allow_redirects=False)
        self.static_root = Path(static_folder).resolve()
        self.static_url_path = static_url_path.rstrip("/") + "/"
        self.own_hosts = frozenset(host.lower() for host in own_hosts)
        self.refused: list[str] = []

    def static_file(self, url: str) -> Path | None:
        """Return the static file ``url`` names, or None when it names anything else."""
        parts = urlsplit(url)
        scheme = parts.scheme.lower()
        if scheme == "file" and parts.netloc in ("", "localhost"):
            path = Path(unquote(parts.path))
        elif scheme in ("http", "https") and parts.netloc.lower() in self.own_hosts:
            if not parts.path.startswith(self.static_url_path):
                return None
            path = self.static_root / unquote(parts.path[len(self.static_url_path):])
        else:
            return None
        try:
            path = path.resolve()
        except (OSError, RuntimeError):
            return None
        if not path.is_relative_to(self.static_root) or not path.is_file():
            return None
        return path

    def fetch(self, url, headers=None):
        path = self.static_file(url)
        if path is None:
            self.refused.append(url)
            raise RefusedURL(f"Refused to fetch {url[:200]}: a sheet only loads the app's own static files.")
        content_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(path.as_uri(), path.read_bytes(), {"Content-Type": content_type})


_stylesheets: dict[tuple[str, float], CSS] = {}
_stylesheets_lock = threading.Lock()


def print_stylesheet(static_folder) -> CSS:
    """Return ``static/print.css`` parsed once (again only when the file changes)."""
    path = Path(static_folder) / PRINT_CSS
    key = (str(path), path.stat().st_mtime)
    with _stylesheets_lock:
        stylesheet = _stylesheets.get(key)
        if stylesheet is None:
            fetcher = StaticOnlyFetcher(static_folder)
            stylesheet = CSS(filename=str(path), url_fetcher=fetcher)
            _stylesheets.clear()
            _stylesheets[key] = stylesheet
        return stylesheet


def fetcher_for_app(app) -> StaticOnlyFetcher:
    """Return a fetcher for ``app``'s static folder, knowing the host names it serves."""
    hosts = {"localhost", "127.0.0.1"}
    if app.config.get("SERVER_NAME"):
        hosts.add(app.config["SERVER_NAME"])
    try:
        from flask import request

        hosts.add(request.host)
    except RuntimeError:
        pass  # rendering outside a request
    return StaticOnlyFetcher(app.static_folder, app.static_url_path or "/static", hosts)


def html_to_pdf(html: str, fetcher: StaticOnlyFetcher | None = None) -> bytes:
    """Return the PDF of ``html`` styled by print.css; relative URLs resolve in the static folder."""
    app = current_app
    fetcher = fetcher or fetcher_for_app(app)
    base_url = Path(app.static_folder).resolve().as_uri() + "/"
    document = HTML(string=html, base_url=base_url, url_fetcher=fetcher)
    return document.write_pdf(stylesheets=[print_stylesheet(app.static_folder)])


def render_pdf(template: str, **context) -> bytes:
    """Return the PDF of ``templates/print/<template>`` rendered with ``context``."""
    return html_to_pdf(render_template(f"print/{template}", **context))


_versions: dict[str, str] = {}


def sheet_version(app) -> str:
    """Return a short digest of the code version and of every file that shapes a sheet.

    It is part of every sheet's ETag, so that a new template, stylesheet or
    scoring rule never answers 304 with a sheet printed the old way. Read once
    per process (a deployment restarts it); in debug mode on every call.
    """
    key = str(Path(app.root_path))
    if key not in _versions or app.debug:
        package = Path(__file__).resolve().parent.parent
        templates = Path(app.root_path, app.template_folder or "templates").resolve()
        files = (sorted((templates / "print").glob("*.html")) + [Path(app.static_folder) / PRINT_CSS]
                 + sorted((package / "canasta").glob("*.py"))
                 + [package / "printing" / "pdf.py", package / "web" / "sheets.py", package / "games" / "read.py"])
        digest = hashlib.sha256(SHEET_CODE_VERSION.encode())
        for path in files:
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
        _versions[key] = digest.hexdigest()[:12]
    return _versions[key]
