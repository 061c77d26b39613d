"""What each page loads: the shared style.css, its area's stylesheet and script, an inline icon,
and no rule in a stylesheet that nothing on its pages can match."""

import base64
import re
from pathlib import Path

import pytest

from bench.seed import realistic_hands, seed_game
from bench.weight import loaded_urls, page_weight

from ..helpers import WORKED, new_game

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "static"
TEMPLATES = ROOT / "templates"


@pytest.fixture
def game(client, db):
    """A game with one hand, kept by this client (as the scorekeeper's phone)."""
    game_id, key = new_game(db, hands=[WORKED])
    assert client.get(f"/games/{game_id}/join?key={key}").status_code == 303
    return game_id


def loads(html):
    """The files a page asks the server for, in page order, without their content version."""
    return [url.split("?v=")[0] for url in loaded_urls(html) if not url.startswith("data:")]


# Every page: the shared sheet, its area's sheet, its area's script (when it has one).
SCOREBOARDS = ("/games/{game}", "/games/{game}/view")
PAGES = {
    "/": ["style.css", "board.css"],
    "/games/{game}": ["style.css", "board.css", "board.js"],
    "/games/{game}/view": ["style.css", "board.css", "board.js"],
    "/games/{game}/breakdown/1": ["style.css", "board.css"],
    "/games/{game}/share": ["style.css", "share.css", "share.js"],
    "/games/{game}/settings": ["style.css", "settings.css"],
    "/games/{game}/new-edit-link": ["style.css", "settings.css"],
    "/games/{game}/forget": ["style.css", "settings.css"],
    "/games/new": ["style.css", "hand.css", "hand.js"],
    "/games/{game}/hands/new": ["style.css", "hand.css", "outbox-form.js", "hand.js"],
    "/games/{game}/hands/1/edit": ["style.css", "hand.css", "outbox-form.js", "hand.js"],
    "/games/{game}/hands/1/delete": ["style.css", "hand.css"],
    "/check": ["style.css", "checker.css"],
    "/check/initial-meld": ["style.css", "checker.css", "cards.js"],
    "/check/meld": ["style.css", "checker.css", "cards.js"],
    "/check/pile": ["style.css", "checker.css", "cards.js"],
    "/check/going-out": ["style.css", "checker.css", "cards.js"],
    "/print": ["style.css", "print-page.css"],
    "/games/no-such-game": ["style.css"],
    "/games/{game}/history": ["style.css", "history.css"],
}


@pytest.mark.parametrize("path", PAGES)
def test_each_page_loads_the_shared_sheet_and_only_its_own_area(client, game, path):
    response = client.get(path.format(game=game))
    assert response.status_code == (404 if "no-such" in path else 200)
    expected = [f"/static/{name}" for name in PAGES[path]]
    if path not in SCOREBOARDS:  # the manifest and offline help (the scoreboards' board.js loads it when needed)
        expected[1:1] = ["/manifest.webmanifest", "/static/offline.js"]
    assert loads(response.get_data(as_text=True)) == expected


def test_the_icon_is_written_into_the_page_and_costs_no_request(client):
    html = client.get("/").get_data(as_text=True)
    icon = re.search(r'<link rel="icon" href="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)" type="image/svg\+xml">', html)
    assert icon, "no inline icon"
    assert base64.b64decode(icon.group(1)) == (STATIC / "favicon.svg").read_bytes()
    assert not [url for url in loaded_urls(html) if "favicon" in url]


def test_the_content_security_policy_allows_the_inline_icon(client):
    policy = client.get("/").headers["Content-Security-Policy"]
    assert re.search(r"img-src [^;]*\bdata:", policy)


def test_static_data_uri_refuses_what_is_not_a_static_file(app):
    with app.test_request_context("/"):
        data_uri = app.jinja_env.globals["static_data_uri"]
        assert data_uri("favicon.svg").startswith("data:image/svg+xml;base64,")
        for name in ("../pyproject.toml", "no-such.svg", "."):
            with pytest.raises(FileNotFoundError):
                data_uri(name)


def test_the_scoreboard_of_a_long_game_stays_within_30_kb_and_4_requests(app, db, client):
    """Issue 7, as `python -m bench --only weight` measures it: the page and all it loads."""
    game_id, key = seed_game(db, realistic_hands(30))
    client.get(f"/games/{game_id}/join?key={key}")
    for path, who in ((f"/games/{game_id}", client), (f"/games/{game_id}/view", app.test_client())):
        weight = page_weight(who, path)
        assert [status for _, status, _ in weight["requests"]] == [200] * len(weight["requests"])
        assert len(weight["requests"]) <= 4, weight["requests"]
        assert weight["bytes"] <= 30 * 1024, weight["requests"]
        assert not weight["foreign"]


# --- no dead rules: every class a stylesheet styles is named where its pages are made ---------

AREAS = {  # stylesheet -> the templates and scripts of its pages
    "style.css": ["**/*.html", "*.js"],
    "board.css": ["games/*.html", "pages/*.html", "board.js"],
    "hand.css": ["hands/*.html", "new_game/*.html", "hand.js"],
    "checker.css": ["checker/*.html", "cards.js"],
    "print-page.css": ["sheets/*.html"],
    "share.css": ["games/share.html", "share.js", "printing/qr.py"],  # qr.py writes the QR codes' <svg class>
    "practice.css": ["practice/*.html", "table/*.html", "tables/*.html", "table.js"],  # the play area
    "history.css": ["history/*.html"],
    "settings.css": ["settings/*.html"],
}
SHARED_TEMPLATES = ["base.html", "_macros.html"]  # on every page
CLASS_ATTRIBUTE = re.compile(r"""\bclass_?=(["'])((?:\{\{.*?\}\}|\{%.*?%\}|(?!\1).)*)\1""", re.S)
WORD = re.compile(r"-?[A-Za-z_][\w-]*")


def named_classes(patterns):
    """The class names written in these templates (class="...", class_="...") and scripts or
    markup-making modules (any string), and the prefixes of classes ending in a template expression (``totals-{{ n }}``)."""
    names, prefixes = set(), set()
    for pattern in patterns + SHARED_TEMPLATES:
        folder = {".js": STATIC, ".py": ROOT / "scorekeeper"}.get(Path(pattern).suffix, TEMPLATES)
        for path in folder.glob(pattern):
            text = path.read_text()
            if path.suffix in (".js", ".py"):
                for literal in re.findall(r""""([^"\n]*)"|'([^'\n]*)'""", text):
                    names |= set(WORD.findall("".join(literal)))
                continue
            for match in CLASS_ATTRIBUTE.finditer(text):
                names |= set(WORD.findall(match.group(2)))
                prefixes |= set(re.findall(r"([\w-]+-)\{\{", match.group(2)))
    return names, prefixes


def styled_classes(css):
    """Each rule's selector and the classes it names (element and attribute selectors name none)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    for selector in re.findall(r"([^{}]+)\{", css):
        selector = " ".join(selector.split())
        if not selector.startswith("@"):
            yield selector, set(re.findall(r"\.(-?[A-Za-z_][\w-]*)", re.sub(r'"[^"]*"', "", selector)))


def test_every_stylesheet_but_the_pdfs_has_an_area():
    assert {path.name for path in STATIC.glob("*.css")} - {"print.css"} == set(AREAS)


@pytest.mark.parametrize("sheet", AREAS)
def test_every_class_a_stylesheet_styles_is_named_on_its_pages(sheet):
    names, prefixes = named_classes(AREAS[sheet])
    dead = {}
    for selector, classes in styled_classes((STATIC / sheet).read_text()):
        missing = sorted(name for name in classes if name not in names and not name.startswith(tuple(prefixes)))
        if missing:
            dead[selector] = missing
    assert not dead, f"{sheet}: rules for classes that no template or script of its pages names: {dead}"


def test_the_dead_rule_check_finds_a_dead_rule():
    names, prefixes = named_classes(AREAS["board.css"])
    assert "total-points" in names and "totals-" in prefixes  # a class, and one made in the template
    css = ".total-points { color: red; } .totals-3 { gap: 0; } .hand-side { margin: 0; } a[href] { color: red; }"
    found = {selector: classes - names for selector, classes in styled_classes(css)
             if classes - names and not any(name.startswith(tuple(prefixes)) for name in classes)}
    assert found == {".hand-side": {"hand-side"}}  # hand entry's class, not the board's
