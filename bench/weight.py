"""Page weight: the scoreboard with everything it loads, as a phone on a weak signal fetches it.

The page's HTML is parsed for what a browser would fetch before the page is
complete (stylesheets, scripts, images, icons, preloads), stylesheets for their
``url(...)`` and ``@import``, scripts for the absolute URLs they hold; each is
fetched once and the uncompressed bytes are summed (gunicorn compresses
nothing). Anything on another site fails the page: it is a request the app
does not control, and a privacy leak. A response without a fresh ``max-age``
must be asked for again on the next visit: on a weak signal each such round
trip costs more than the bytes.
"""

from __future__ import annotations

import gzip
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from . import Aim, Line, unavailable
from .seed import game_database, realistic_hands

KB_AIM = Aim("<=", 30, on="value", unit="KB")
REQUESTS_AIM = Aim("<=", 4, on="value", unit="requests")
# On a weak signal a round trip costs more than a few KB: a second visit should
# ask the server only for the page, and take the stylesheet, script and icon
# from the browser's cache (the stylesheet blocks the first paint until it is there).
REPEAT_AIM = Aim("<=", 1, on="value", unit="requests")
FOREIGN_AIM = Aim("<=", 0, on="value", unit="requests")
HOST = "localhost"
CSS_URL = re.compile(r"""url\(\s*(['"]?)([^'")]+)\1\s*\)|@import\s+(['"])([^'"]+)\3""")
# An absolute URL written as a string in a script: what it may fetch() later.
SCRIPT_URL = re.compile(r"""["'`]((?:https?:)?//[^"'`\s]+)""")
CSS_SECTION = re.compile(r"/\*\s*---\s*(.+?)\s*-*\s*\*/")
LOADED_RELS = {"stylesheet", "icon", "shortcut", "apple-touch-icon", "preload", "modulepreload", "manifest", "mask-icon"}


class _Loads(HTMLParser):
    """Collects the URLs a page loads by itself (not links the player may follow)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "link":
            rels = set((attributes.get("rel") or "").lower().split())
            if rels & LOADED_RELS and attributes.get("href"):
                self.urls.append(attributes["href"])
        elif tag in ("script", "img", "iframe", "audio", "video", "source", "embed", "input") and attributes.get("src"):
            if tag != "input" or (attributes.get("type") or "").lower() == "image":
                self.urls.append(attributes["src"])
        elif tag == "object" and attributes.get("data"):
            self.urls.append(attributes["data"])
        if attributes.get("srcset"):
            self.urls += [part.strip().split()[0] for part in attributes["srcset"].split(",") if part.strip()]
        if tag == "video" and attributes.get("poster"):
            self.urls.append(attributes["poster"])


def loaded_urls(html: str) -> list[str]:
    """Return the URLs ``html`` makes a browser load, in page order."""
    parser = _Loads()
    parser.feed(html)
    parser.close()
    return parser.urls


def css_urls(css: str) -> list[str]:
    """Return the URLs a stylesheet loads (``url(...)``, ``@import``), leaving out inline ``data:`` ones."""
    urls = []
    for match in CSS_URL.finditer(css):
        url = (match.group(2) or match.group(4) or "").strip()
        if url and not url.startswith(("data:", "#")):
            urls.append(url)
    return urls


def script_urls(script: str) -> list[str]:
    """Return the absolute URLs a script holds as strings (it may fetch them)."""
    return [match.group(1) for match in SCRIPT_URL.finditer(script)]


def css_sections(css: str) -> dict[str, int]:
    """Return the bytes of each ``/* --- name --- */`` section of a stylesheet (what comes before: ``top``)."""
    marks = list(CSS_SECTION.finditer(css))
    sizes = {"top": len((css[:marks[0].start()] if marks else css).encode())}
    for index, mark in enumerate(marks):
        end = marks[index + 1].start() if index + 1 < len(marks) else len(css)
        name = mark.group(1).strip()
        sizes[name] = sizes.get(name, 0) + len(css[mark.start():end].encode())
    return sizes


def kept_by_browser(cache_control: str) -> bool:
    """True when a response may be reused on the next visit without asking the server (a fresh max-age)."""
    directives = {part.strip().split("=")[0].lower(): part.strip() for part in cache_control.split(",") if part.strip()}
    if "no-cache" in directives or "no-store" in directives:
        return False
    for name in ("s-maxage", "max-age"):
        if name in directives:
            value = directives[name].partition("=")[2].strip('"')
            return value.isdigit() and int(value) > 0
    return "immutable" in directives


def is_foreign(url: str, host=HOST) -> bool:
    """True when ``url`` (absolute, or scheme-relative ``//``) names another host than the app's."""
    parts = urlsplit(url)
    return bool(parts.netloc) and parts.hostname != host


def page_weight(client, path, host=HOST) -> dict:
    """Return what the page at ``path`` weighs: ``{"requests": [(url, status, bytes)], "bytes", "foreign"}``.

    ``client`` is a Flask test client; the page itself is the first request.
    """
    base = f"http://{host}"
    fetched: list[tuple[str, int, int]] = []
    foreign: list[str] = []
    revalidated: list[str] = []  # must ask the server again on the next visit
    gzipped = 0
    sections: dict[str, dict[str, int]] = {}
    queue = [urljoin(base, path)]
    seen = set()
    while queue:
        url = queue.pop(0)
        if url in seen or url.startswith("data:"):
            continue
        seen.add(url)
        if is_foreign(url, host):
            foreign.append(url)
            continue
        parts = urlsplit(url)
        response = client.get(parts.path + (f"?{parts.query}" if parts.query else ""), base_url=base)
        body = response.get_data()
        fetched.append((parts.path, response.status_code, len(body)))
        gzipped += len(gzip.compress(body, 9))
        if not kept_by_browser(response.headers.get("Cache-Control", "")):
            revalidated.append(parts.path)
        if response.status_code != 200:
            continue
        if response.mimetype == "text/html":
            queue += [urljoin(url, found) for found in loaded_urls(body.decode("utf-8", "replace"))]
        elif response.mimetype == "text/css":
            css = body.decode("utf-8", "replace")
            queue += [urljoin(url, found) for found in css_urls(css)]
            sections[parts.path] = css_sections(css)
        elif response.mimetype in ("text/javascript", "application/javascript"):
            foreign += [found for found in script_urls(body.decode("utf-8", "replace")) if is_foreign(found, host)]
    return {"requests": fetched, "bytes": sum(size for _, _, size in fetched), "foreign": foreign,
            "gzip_bytes": gzipped, "css_sections": sections, "revalidated": revalidated}


def _app(workdir: Path):
    from scorekeeper import create_app

    return create_app({"TESTING": False, "SECRET_KEY": "bench", "DATABASE": str(workdir / "weight.db"),
                       "WTF_CSRF_ENABLED": False, "SERVER_NAME": HOST})


def _lines(label, weight, kb_aim=KB_AIM, requests_aim=REQUESTS_AIM):
    listing = ", ".join(f"{path} {size / 1024:.1f} KB" + ("" if status == 200 else f" ({status})")
                        for path, status, size in weight["requests"])
    failed = [path for path, status, _ in weight["requests"] if status != 200]
    kb = weight["bytes"] / 1024
    details = {"requests": [{"path": p, "status": s, "bytes": b} for p, s, b in weight["requests"]],
               "foreign": weight["foreign"], "gzip_bytes": weight["gzip_bytes"], "css_sections": weight["css_sections"]}
    note = f"{listing}; {weight['gzip_bytes'] / 1024:.1f} KB if gzipped"
    size_line = Line(f"{label}: bytes, uncompressed", None if failed else kb, "KB", kb_aim,
                     note=note + (f"; not 200: {', '.join(failed)}" if failed else ""), details=details)
    count = len(weight["requests"]) + len(weight["foreign"])
    count_line = Line(f"{label}: requests", count, "", requests_aim, details=details)
    return size_line, count_line


def _repeat_line(label, weight):
    again = weight["revalidated"]
    return Line(f"{label}: requests on a repeat visit", len(again), "", REPEAT_AIM,
                note="asked again (no max-age): " + ", ".join(again), details={"revalidated": again})


def measure(workdir: Path, *, hands=30) -> list[Line]:
    """Return the page weight lines of the scorekeeper's scoreboard and of the players' view page."""

    workdir.mkdir(parents=True, exist_ok=True)
    app = _app(workdir)
    game_id, edit_key = game_database(workdir / "weight.db", realistic_hands(hands))
    board_label = f"Scoreboard page, {hands} hands, scorekeeper's phone"
    view_label = f"View page, {hands} hands, other players' phones"
    scorekeeper = app.test_client()
    joined = scorekeeper.get(f"/games/{game_id}/join", query_string={"key": edit_key}, base_url=f"http://{HOST}")
    if joined.status_code not in (302, 303):
        why = f"not measured: the edit link answered {joined.status_code}"
        return [unavailable(f"{board_label}: bytes, uncompressed", "KB", KB_AIM, why)]
    board = page_weight(scorekeeper, f"/games/{game_id}")
    view = page_weight(app.test_client(), f"/games/{game_id}/view")
    lines = [*_lines(board_label, board), _repeat_line(board_label, board), *_lines(view_label, view)]
    foreign = sorted(set(board["foreign"] + view["foreign"]))
    lines.append(Line("Scoreboard and view pages: requests to another site", len(foreign), "", FOREIGN_AIM,
                      note=", ".join(foreign), details={"foreign": foreign}))
    lines += service_worker_lines(app)
    lines += practice_lines(app)
    return lines


def service_worker_lines(app) -> list[Line]:
    """What the service worker adds, once, after a first visit: its own file, then the files it keeps (no aim).

    The scoreboard's aims above leave it out: the browser fetches it after the
    page, in the background, and from then on the kept files cost no request.
    """
    import json as json_module

    client = app.test_client()
    worker = client.get("/sw.js", base_url=f"http://{HOST}")
    text = worker.get_data(as_text=True)
    shell = json_module.loads(re.search(r"var SHELL = (\[.*?\]);", text).group(1))
    shell.append(json_module.loads(re.search(r"var OFFLINE_PAGE = (\".*?\");", text).group(1)))
    kept = [(url, len(client.get(url, base_url=f"http://{HOST}").get_data())) for url in shell]
    label = "Service worker, once after the first visit"
    return [
        Line(f"{label}: its own file (sw.js)", round(len(worker.get_data()) / 1024, 1), "KB",
             note="asked again when the browser checks for an update (no-cache): a 304 while unchanged"),
        Line(f"{label}: the files it keeps for offline", round(sum(size for _, size in kept) / 1024, 1), "KB",
             note=f"{len(kept)} requests, in the background: " + ", ".join(url.split("?")[0] for url, _ in kept),
             details={"kept": kept}),
    ]


PRACTICE_KB_AIM = Aim("<=", 80, on="value", unit="KB")
PRACTICE_REQUESTS_AIM = Aim("<=", 6, on="value", unit="requests")


def practice_lines(app) -> list[Line]:
    """Return the weight lines of the practice page, first load of a deal in play (issue 15's aims)."""
    client = app.test_client()
    label = "Practice page, a deal in play"
    started = client.post("/practice/start", data={"rules": "classic", "level": "normal", "seed": "weight"},
                          base_url=f"http://{HOST}")
    if started.status_code != 303:
        return [unavailable(f"{label}: bytes, uncompressed", "KB", PRACTICE_KB_AIM,
                            f"not measured: starting a game answered {started.status_code}")]
    client.post("/practice/move", data={"action": "draw"}, base_url=f"http://{HOST}")
    weight = page_weight(client, "/practice")
    return [*_lines(label, weight, PRACTICE_KB_AIM, PRACTICE_REQUESTS_AIM),
            Line(f"{label}: requests to another site", len(weight["foreign"]), "", FOREIGN_AIM,
                 note=", ".join(weight["foreign"]), details={"foreign": weight["foreign"]})]
