"""Who may change a game, what every answer's headers allow, and that no input breaks a page.

Changing a game needs its edit key (API: a bearer header; pages: the key this
browser keeps in its session); the id alone only shows it. Every answer forbids
inline script and framing. Any form post, however odd, gets a page, never a
500; names full of HTML show as text, on pages and in PDFs.
"""

import hmac
import io
import re
import secrets
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import create_app
from scorekeeper.games import access
from scorekeeper.games import write as service
from scorekeeper.store import db as store
from scorekeeper.store import sqlite
from scorekeeper.games.read import load_game

from .helpers import held_keys

WORKED = [{"melded_points": 120, "hand_points": 15, "mixed_canastas": 1, "red_threes": 1, "going_out": "out"},
          {"melded_points": 0, "hand_points": 95, "red_threes": 2}]
SMALL = [{"melded_points": 60, "hand_points": 10}, {"melded_points": 45, "hand_points": 30}]
SCRIPT_NAME = '<script>alert("x")</script>'
IMG_NAME = "<img src=x onerror=alert(1)>"


def start_game(client, names=("Ann & Bob", "Cy & Di"), hands=(WORKED, SMALL)):
    """Start a game through the API with hands; return its id and key (not held by ``client``)."""
    created = client.post("/api/v1/games", json={"rules": "classic", "names": list(names)}).json
    for sides in hands:
        answer = client.post(f"/api/v1/games/{created['id']}/hands", json={"sides": sides},
                             headers={"Authorization": f"Bearer {created['edit_key']}"})
        assert answer.status_code == 201, answer.json
    return created["id"], created["edit_key"]


def hold_key(client, game_id, key):
    """Open the edit link in this browser, as a player who was sent it."""
    answer = client.get(f"/games/{game_id}/join?key={key}")
    assert answer.status_code == 303


def snapshot(db, game_id):
    game = store.get_game(db, game_id)
    return game["version"], [hand["sides"] for hand in game["hands"]]


# --- access: the API -----------------------------------------------------------------------


def api_changes(game_id):
    base = f"/api/v1/games/{game_id}/hands"
    return [("POST", base, {"sides": SMALL}), ("PUT", f"{base}/1", {"sides": SMALL}), ("DELETE", f"{base}/1", None),
            ("PATCH", f"/api/v1/games/{game_id}", {"names": ["X", "Y"]}), ("POST", f"/api/v1/games/{game_id}/edit-key", None)]


@pytest.mark.parametrize("who", ["no-key", "view-id-as-key", "other-games-key", "key-of-wrong-case", "basic-auth"])
def test_api_changes_need_the_games_own_key(client, db, who):
    game_id, key = start_game(client)
    other_id, other_key = start_game(client, names=("X", "Y"))
    header = {
        "no-key": None,
        "view-id-as-key": f"Bearer {game_id}",
        "other-games-key": f"Bearer {other_key}",
        "key-of-wrong-case": f"Bearer {key.swapcase()}",
        "basic-auth": f"Basic {key}",
    }[who]
    before = snapshot(db, game_id)
    for method, path, body in api_changes(game_id):
        answer = client.open(path, method=method, json=body, headers={"Authorization": header} if header else {})
        assert answer.status_code == 403, (method, answer.json)
        (error,) = answer.json["errors"]
        assert error["field"] == "Authorization" and error["message"]
    assert snapshot(db, game_id) == before
    # The game's own key does open it.
    answer = client.post(f"/api/v1/games/{game_id}/hands", json={"sides": SMALL},
                         headers={"Authorization": f"Bearer {key}"})
    assert answer.status_code == 201


def test_the_edit_key_is_not_in_what_viewers_get(client):
    game_id, key = start_game(client)
    for path in (f"/api/v1/games/{game_id}", f"/games/{game_id}/view", f"/games/{game_id}"):
        answer = client.get(path)
        assert answer.status_code == 200
        assert key.encode() not in answer.data
        assert access.hash_key(key).encode() not in answer.data


# --- access: the pages ----------------------------------------------------------------------


def html_changes(game_id):
    return [
        f"/games/{game_id}/hands/new",
        f"/games/{game_id}/hands/1/edit",
        f"/games/{game_id}/hands/1/delete",
        f"/games/{game_id}/undo",
    ]


@pytest.mark.parametrize("who", ["stranger", "viewer", "holds-another-game"])
def test_pages_refuse_changes_without_the_key_in_the_session(app, client, db, who):
    game_id, key = start_game(client)
    if who == "viewer":
        assert client.get(f"/games/{game_id}/view").status_code == 200
    if who == "holds-another-game":
        other_id, other_key = start_game(client, names=("X", "Y"))
        hold_key(client, other_id, other_key)
    before = snapshot(db, game_id)
    form = {"sides-0-melded_points": "60", "sides-1-melded_points": "45", "expected_version": "2"}
    for path in html_changes(game_id):
        answer = client.post(path, data=form)
        assert answer.status_code == 403, path
        assert b"edit key" in answer.data
        assert answer.mimetype == "text/html"
    assert snapshot(db, game_id) == before


def test_a_wrong_edit_link_holds_nothing(client, db):
    game_id, key = start_game(client)
    answer = client.get(f"/games/{game_id}/join?key={key[:-2]}")
    assert answer.status_code == 403
    assert game_id not in held_keys(client)
    assert client.post(f"/games/{game_id}/undo").status_code == 403
    assert len(store.get_game(db, game_id)["hands"]) == 2


def test_a_forged_session_is_ignored(app, client, db):
    """A session cookie signed with another secret counts for nothing."""
    game_id, key = start_game(client)
    forger = Flask("forger")
    forger.secret_key = "guessed"
    serializer = forger.session_interface.get_signing_serializer(forger)
    cookie = serializer.dumps({"keys": {game_id: key}})
    client.set_cookie(app.config["SESSION_COOKIE_NAME"], cookie)
    assert client.post(f"/games/{game_id}/undo").status_code == 403
    assert len(store.get_game(db, game_id)["hands"]) == 2


def test_without_the_csrf_token_a_page_post_changes_nothing(csrf_app):
    client = csrf_app.test_client()
    game_id, key = start_game(client)
    hold_key(client, game_id, key)
    db = sqlite.connect(csrf_app.config["DATABASE"])
    try:
        before = snapshot(db, game_id)
        answer = client.post(f"/games/{game_id}/undo")
        assert answer.status_code == 400
        assert b"This form has expired" in answer.data
        assert snapshot(db, game_id) == before
    finally:
        db.close()


# --- secrets -------------------------------------------------------------------------------------


def test_ids_and_keys_come_from_secrets_with_at_least_128_bits(monkeypatch):
    asked = []
    real = secrets.token_urlsafe

    def spy(nbytes=None):
        asked.append(nbytes)
        return real(nbytes)

    monkeypatch.setattr(access.secrets, "token_urlsafe", spy)
    access.new_game_id()
    access.new_edit_key()
    assert len(asked) == 2 and min(asked) * 8 >= 128


def test_keys_are_compared_in_constant_time(db, monkeypatch):
    game_id, key = service.new_game(db, rules="classic", names=["A", "B"])
    compared = []
    real = hmac.compare_digest

    def spy(a, b):
        compared.append((a, b))
        return real(a, b)

    monkeypatch.setattr(access.hmac, "compare_digest", spy)
    assert access.key_opens(db, game_id, key)
    assert not access.key_opens(db, game_id, "x" * len(key))
    # Both checks went through compare_digest, on hashes of equal length.
    assert len(compared) == 2
    assert all(len(a) == len(b) == 64 for a, b in compared)


def test_only_a_hash_of_the_key_is_stored(db):
    game_id, key = service.new_game(db, rules="classic", names=["A", "B"])
    dump = "\n".join(db.conn.iterdump())
    assert key not in dump
    assert access.hash_key(key) in dump


# --- nothing lists other people's games ------------------------------------------------------------


def test_there_is_no_index_of_games(client):
    start_game(client)
    assert client.get("/api/v1/games").status_code in (404, 405)
    assert client.get("/games").status_code == 404
    assert client.get("/games/").status_code == 404


def test_the_home_page_shows_only_this_browsers_games(app, client):
    mine_id, mine_key = start_game(client, names=("Mine A", "Mine B"))
    theirs_id, _ = start_game(client, names=("Theirs A", "Theirs B"))
    stranger = app.test_client()
    page = stranger.get("/").get_data(as_text=True)
    assert mine_id not in page and theirs_id not in page and "Mine A" not in page
    hold_key(client, mine_id, mine_key)
    page = client.get("/").get_data(as_text=True)
    assert mine_id in page and "Mine A" in page
    assert theirs_id not in page and "Theirs A" not in page


# --- headers ----------------------------------------------------------------------------------


def assert_locked_down(response):
    headers = response.headers
    csp = dict(
        (part.split(" ", 1) + [""])[:2] for part in (p.strip() for p in headers["Content-Security-Policy"].split(";"))
    )
    assert csp["script-src"] == "'self'"
    assert csp["style-src"] == "'self'"
    assert csp["frame-ancestors"] == "'none'"
    assert csp["object-src"] == "'none'"
    assert "unsafe-inline" not in headers["Content-Security-Policy"]
    assert "unsafe-eval" not in headers["Content-Security-Policy"]
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "same-origin"
    assert headers["X-Frame-Options"] == "DENY"


def test_every_kind_of_answer_carries_the_security_headers(client):
    game_id, key = start_game(client)
    hold_key(client, game_id, key)
    answers = {
        "home": client.get("/"),
        "board": client.get(f"/games/{game_id}"),
        "view": client.get(f"/games/{game_id}/view"),
        "api game": client.get(f"/api/v1/games/{game_id}"),
        "api rules": client.get("/api/v1/rules"),
        "api error": client.post("/api/v1/score", data="not json", content_type="application/json"),
        "api 404": client.get("/api/v1/games/nope"),
        "page 404": client.get("/nope"),
        "static": client.get("/static/style.css"),
        "redirect": client.get(f"/games/{game_id}/join?key={key}"),
    }
    for name, response in answers.items():
        assert response.status_code < 500, name
        assert_locked_down(response)


@pytest.mark.slow
def test_pdfs_carry_the_security_headers(client):
    game_id, _ = start_game(client)
    for path in (f"/games/{game_id}/sheet.pdf", "/print/score-sheet.pdf?rules=classic&paper=a4"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert response.mimetype == "application/pdf"
        assert_locked_down(response)


def test_session_cookie_is_httponly_and_samesite(app, client):
    game_id, key = start_game(client)
    response = client.get(f"/games/{game_id}/join?key={key}")
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie
    assert "SameSite=Lax" in cookie
    # The session keeps edit keys: it must not be readable by page script nor sent cross-site on posts.
    assert app.config["SESSION_COOKIE_HTTPONLY"] is True


def test_the_secret_key_is_generated_into_the_instance_folder(tmp_path, monkeypatch):
    """Run as production does (no test config, no SECRET_KEY anywhere): a random key is made once and kept."""
    instance = tmp_path / "instance"
    monkeypatch.setattr(Flask, "auto_find_instance_path", lambda self: str(instance))
    monkeypatch.delenv("SCOREKEEPER_SECRET_KEY", raising=False)
    monkeypatch.delenv("FLASK_SECRET_KEY", raising=False)
    monkeypatch.setenv("SCOREKEEPER_DATABASE", str(tmp_path / "prod.db"))
    first = create_app()
    assert first.instance_path == str(instance)
    secret = (instance / "secret_key").read_text().strip()
    assert first.secret_key == secret
    assert re.fullmatch(r"[0-9a-f]{64}", secret)
    assert (instance / "secret_key").stat().st_mode & 0o077 == 0
    # A restart (another worker) reads the same key: sessions survive it.
    assert create_app().secret_key == secret
    # Another installation gets its own.
    monkeypatch.setattr(Flask, "auto_find_instance_path", lambda self: str(tmp_path / "elsewhere"))
    assert create_app().secret_key != secret


def test_no_secret_key_is_written_in_the_code():
    from pathlib import Path

    package = Path(__file__).resolve().parent.parent / "scorekeeper"
    for path in package.rglob("*.py"):
        text = path.read_text()
        assert not re.search(r"SECRET_KEY['\"]?\s*[:=]\s*['\"]", text), path


# --- pages: no inline script, names shown as text ---------------------------------------------------


class Page(HTMLParser):
    """What a page holds that matters here: forms with their fields, links, and anything inline."""

    def __init__(self, url):
        super().__init__(convert_charrefs=True)
        self.url = url
        self.forms, self.links, self.inline = [], [], []
        self._form = None
        self._select = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        for name, _ in attrs:
            if name.startswith("on"):
                self.inline.append(f"<{tag} {name}=...>")
            if name == "style":
                self.inline.append(f"<{tag} style=...>")
        # A JSON data block (the words a script shows, escaped by |tojson) is data, never run: CSP governs scripts.
        if tag == "script" and "src" not in attributes and attributes.get("type") != "application/json":
            self.inline.append("<script> without src")
        if tag == "a" and attributes.get("href"):
            self.links.append(urljoin(self.url, attributes["href"]))
        if tag == "form":
            self._form = {"method": (attributes.get("method") or "get").upper(),
                          "action": urljoin(self.url, attributes.get("action") or self.url), "fields": {}}
            self.forms.append(self._form)
        if self._form is None:
            return
        name = attributes.get("name")
        if tag in ("input", "textarea", "button") and name:
            choices = self._form["fields"].setdefault(name, [])
            if attributes.get("value") is not None:
                choices.append(attributes["value"])
        if tag == "select" and name:
            self._select = self._form["fields"].setdefault(name, [])
        if tag == "option" and self._select is not None and attributes.get("value") is not None:
            self._select.append(attributes["value"])

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        if tag == "select":
            self._select = None


def parse(url, html):
    page = Page(url)
    page.feed(html)
    return page


def crawl(client, starts, limit=40):
    """Visit same-site pages reachable from ``starts`` (no PDFs, no static files); return {path: Page}."""
    seen, queue = {}, list(starts)
    while queue and len(seen) < limit:
        url = queue.pop(0)
        parts = urlsplit(url)
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        if parts.netloc not in ("", "localhost") or path in seen or parts.path.endswith(".pdf"):
            continue
        if parts.path.startswith(("/static/", "/api/", "/language/")) or parts.path.endswith("/join"):
            continue  # a language link is no page: it sets the language of every page after it
        response = client.get(path)
        if response.mimetype != "text/html":
            continue
        page = parse("http://localhost" + path, response.get_data(as_text=True))
        seen[path] = page
        queue.extend(page.links)
    return seen


@pytest.fixture
def keeper(app, client):
    """A browser that keeps score of a game with hands, and the game's id."""
    game_id, key = start_game(client)
    hold_key(client, game_id, key)
    return client, game_id


def site_pages(client, game_id):
    starts = ["/", "/games/new", "/print", f"/games/{game_id}", f"/games/{game_id}/view",
              f"/games/{game_id}/hands/new", f"/games/{game_id}/hands/1/edit", f"/games/{game_id}/hands/1/delete"]
    return crawl(client, ["http://localhost" + path for path in starts])


def test_no_page_has_inline_script_or_style(keeper):
    client, game_id = keeper
    pages = site_pages(client, game_id)
    assert len(pages) >= 4, list(pages)
    for path, page in pages.items():
        assert page.inline == [], path


def test_no_template_has_inline_script_or_style():
    from pathlib import Path

    templates = Path(__file__).resolve().parent.parent / "templates"
    for path in templates.rglob("*.html"):
        if path.parts[-2] == "print":
            continue  # rendered to PDF by WeasyPrint, which runs no script
        text = path.read_text()
        assert not re.search(r'<script(?![^>]*\bsrc=)(?![^>]*type="application/json")[^>]*>', text), path
        assert not re.search(r"\sstyle\s*=", text), path
        assert not re.search(r"\son[a-z]+\s*=", text), path


@pytest.fixture
def hostile(app, client):
    """A game whose names are HTML, kept by this browser."""
    game_id, key = start_game(client, names=(SCRIPT_NAME, IMG_NAME))
    hold_key(client, game_id, key)
    return client, game_id


def test_names_with_html_show_as_text_on_every_page(hostile):
    client, game_id = hostile
    paths = ["/", f"/games/{game_id}", f"/games/{game_id}/view", f"/games/{game_id}/fragment",
             f"/games/{game_id}/hands/new", f"/games/{game_id}/hands/1/edit", "/print"]
    shown = 0
    for path in paths:
        response = client.get(path)
        if response.status_code == 404:
            continue  # a page still being built
        assert response.status_code == 200, path
        html = response.get_data(as_text=True)
        assert SCRIPT_NAME not in html and IMG_NAME not in html, path
        assert "<img src=x" not in html
        if "&lt;script&gt;" in html:
            shown += 1
        page = parse("http://localhost" + path, html)
        assert page.inline == [], path
    assert shown >= 3  # the names are on the pages, escaped


def test_names_with_html_in_the_api_are_plain_json_strings(hostile):
    client, game_id = hostile
    answer = client.get(f"/api/v1/games/{game_id}")
    assert answer.mimetype == "application/json"
    assert answer.json["names"] == [SCRIPT_NAME, IMG_NAME]


@pytest.mark.slow
def test_names_with_html_print_as_text_in_the_pdf(hostile):
    from pypdf import PdfReader

    client, game_id = hostile
    response = client.get(f"/games/{game_id}/sheet.pdf")
    assert response.status_code == 200
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.data)).pages)
    flat = re.sub(r"\s+", "", text)
    assert re.sub(r"\s+", "", SCRIPT_NAME) in flat
    assert re.sub(r"\s+", "", IMG_NAME) in flat


# --- too much, or nonsense -----------------------------------------------------------------------


def test_a_body_past_the_limit_is_refused_by_the_api(client):
    game_id, key = start_game(client)
    big = b'{"sides": [' + b" " * (70 * 1024) + b"]}"
    answer = client.post(f"/api/v1/games/{game_id}/hands", data=big, content_type="application/json",
                         headers={"Authorization": f"Bearer {key}"})
    assert answer.status_code == 413
    assert answer.json == {"errors": [{"field": "", "message": "The request is too large; a hand never needs that much."}]}
    assert client.post("/api/v1/score", data=big, content_type="application/json").status_code == 413


def test_a_form_past_the_limit_gets_an_error_page(keeper, db):
    client, game_id = keeper
    before = snapshot(db, game_id)
    for path in ("/games/new", f"/games/{game_id}/hands/new", f"/games/{game_id}/hands/1/edit"):
        answer = client.post(path, data={"names-0": "A" * (70 * 1024), "sides-0-melded_points": "5"})
        assert answer.status_code == 413, path
        assert answer.mimetype == "text/html"
        assert b"The request is too large" in answer.data
    assert snapshot(db, game_id) == before


ODD_TEXT = st.one_of(
    st.text(max_size=30),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=300),
    st.sampled_from(["", " ", "0", "-5", "5", "12", "120", "1e9", "9" * 40, "-" + "9" * 40, "0x10", "NaN",
                     "inf", "½", "٣", "𝟓", "1,5", "<script>", "' or 1=1 --", "\x00", "on", "true", "null"]),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
)


def form_data(fields):
    """Hypothesis form bodies for a form: its fields with odd, real or missing values, and extra ones."""
    known = st.fixed_dictionaries(
        {},
        optional={
            name: st.one_of(ODD_TEXT, st.sampled_from(choices) if choices else ODD_TEXT,
                            st.lists(ODD_TEXT, min_size=2, max_size=3))
            for name, choices in fields.items()
        },
    )
    extra = st.dictionaries(st.text(min_size=1, max_size=20), ODD_TEXT, max_size=3)
    return st.tuples(known, extra).map(lambda parts: {**parts[1], **parts[0]})


def fuzz_settings(fields):
    # The hand forms have over a hundred fields and take the longest to render: fewer, richer examples.
    return settings(max_examples=15 if len(fields) > 50 else 30, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def test_any_form_post_gets_a_page_never_a_500(app, keeper, db):
    """Every form the pages offer (found by following the links), fuzzed once per endpoint."""
    client, game_id = keeper
    pages = site_pages(client, game_id)
    urls = app.url_map.bind("localhost")
    forms = {}
    for page in pages.values():
        for form in page.forms:
            path = urlsplit(form["action"]).path
            endpoint, _ = urls.match(path, method=form["method"])
            forms.setdefault((endpoint, form["method"]), (path, form["fields"]))
    endpoints = {endpoint for endpoint, _ in forms}
    assert {"new_game.new_game", "hands.add", "hands.edit", "hands.delete", "history.undo",
            "sheets.index", "checker.initial_meld", "checker.pile"} <= endpoints, sorted(endpoints)
    for (endpoint, method), (path, fields) in sorted(forms.items()):
        fields = {name: choices for name, choices in fields.items() if name != "csrf_token"}

        @fuzz_settings(fields)
        @given(data=form_data(fields))
        def post(data):
            # Deletes and undos may have taken hands away: edits always have a hand 1 and 2 to aim at.
            for _ in range(2 - len(store.get_game(db, game_id)["hands"])):
                service.add_hand(db, game_id, SMALL)
            if method == "GET":
                response = client.get(path, query_string=data)
            else:
                response = client.post(path, data=data)
            assert response.status_code < 500, (method, path, data)
            assert b"Traceback" not in response.data

        post()
        # Whatever was posted, the stored game still reads and scores.
        game = load_game(db, game_id)
        assert game is not None and game.problems == []


@pytest.mark.slow
def test_a_chunked_body_past_the_limit_is_refused_not_cut(live_server):
    """Behind gunicorn a chunked body has no Content-Length: it must still be refused, not read in part.

    Whichever way a body too large is sent, the client reads the 413 page: the
    server reads what was sent before answering, so it never resets a
    connection with data unread (which loses the answer on the client's side).
    """
    import http.client

    from .test_reliability import Browser, hidden_value

    phone = Browser(live_server.url)
    page = phone.open("GET", "/games/new").body.decode()
    start = (f"csrf_token={hidden_value(page, 'csrf_token')}&rules=classic&names-0=Ann&names-1=Bob&pad=").encode()
    cookie = "; ".join(f"{name}={value}" for name, value in phone.cookies.items())
    parts = urlsplit(live_server.url)
    for path, content_type, body in [
        ("/games/new", "application/x-www-form-urlencoded", start + b"A" * 100_000),
        ("/games/new", "application/x-www-form-urlencoded", start + b"A" * 2_000_000),
        ("/api/v1/games", "application/json", b'{"rules": "classic", "names": ["A", "B"], "x": "' + b"A" * 100_000 + b'"}'),
    ]:
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=15)
        try:
            pieces = (body[i:i + 8192] for i in range(0, len(body), 8192))
            connection.request("POST", path, body=pieces, encode_chunked=True,
                               headers={"Content-Type": content_type, "Cookie": cookie})
            response = connection.getresponse()
            text = response.read().decode()
        finally:
            connection.close()
        assert response.status == 413, (path, len(body), response.status)
        assert "The request is too large" in text
    # The same with a Content-Length: the page is answered, not a reset connection.
    for size in (100_000, 2_000_000):
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=15)
        try:
            connection.request("POST", "/games/new", body=start + b"A" * size,
                               headers={"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie})
            response = connection.getresponse()
            text = response.read().decode()
        finally:
            connection.close()
        assert response.status == 413, (size, response.status)
        assert "The request is too large" in text
    # A chunked form within the limit still works.
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=15)
    try:
        connection.request("POST", "/games/new", body=iter([start + b"A" * 100]), encode_chunked=True,
                           headers={"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie})
        response = connection.getresponse()
        response.read()
    finally:
        connection.close()
    assert response.status == 303
