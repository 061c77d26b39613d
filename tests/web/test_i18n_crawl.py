"""Every page crawled in the pseudo-locale en_XA shows no English word outside a translated string.

The catalogue is extracted afresh from the code and templates (``pybabel
extract``, as ``make extract``), turned into en_XA by ``translations/pseudo.py``
(each string between « » and accented), and every page and state below is read
in it: what is left outside the brackets, once the names the players typed and
the card letters are set aside, was never put through gettext.
"""

import importlib.util
import random
import re
import subprocess
import sys
from html.parser import HTMLParser
from io import BytesIO
from pathlib import Path

import pdfplumber
import pytest

from scorekeeper import create_app
from scorekeeper.games import tables

from ..api.test_tables import play_out
from ..tables_helpers import keys_of, open_table
from .test_hands import WORKED_NUMBER, add

ROOT = Path(__file__).resolve().parents[2]
# Words that are not the app's: the players' names the crawl types, language names in the
# switcher (each in itself), the brand in the page's icon text.
NOT_WORDS = {"Ann", "Bob", "Cy", "Di", "English", "Español", "Português", "Brasil", "Italiano", "Deutsch"}
READ_ATTRIBUTES = {"title", "aria-label", "alt", "placeholder"}
# English still shown, by page (a game's id written <id>): none. The test fails on any word not listed here,
# so no new English comes in; a word may be listed only if it is no English to a reader (a proper name).
KNOWN_LEFT: dict[str, set[str]] = {}


def _pseudo_module():
    spec = importlib.util.spec_from_file_location("pseudo", ROOT / "translations" / "pseudo.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def pseudo_dir(tmp_path_factory):
    """A folder holding en_XA, made from a catalogue extracted now from the code and templates."""
    folder = tmp_path_factory.mktemp("pseudo")
    pot = folder / "messages.pot"
    pybabel = Path(sys.executable).with_name("pybabel")
    subprocess.run([str(pybabel), "-q", "extract", "-F", "babel.cfg", "-k", "N_", "-k", "Nn_:1,2", "-k", "_l", "-k", "lazy_gettext",
                    "-k", "lazy_ngettext:1,2", "-k", "pgettext:1c,2", "-o", str(pot), "."], cwd=ROOT, check=True)
    return _pseudo_module().build(pot, folder)


@pytest.fixture
def client(tmp_path, pseudo_dir, monkeypatch):
    # The same cards every run: a table's deals come from known seeds (what the coach says depends on them).
    seeds = iter(f"crawl-seed-{number}" for number in range(1, 1000))
    monkeypatch.setattr(tables, "new_seed", lambda: next(seeds))
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                      "DATABASE": str(tmp_path / "crawl.db"), "PSEUDO_LOCALE": True,
                      "TABLES_COMPUTER_DELAY": 0, "TABLES_COMPUTER_THREADS": False,
                      "BABEL_TRANSLATION_DIRECTORIES": f"{ROOT / 'translations'};{pseudo_dir}"})
    client = app.test_client()
    client.set_cookie("lang", "en_XA")
    return client


class _Text(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts, self.hidden = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.hidden += 1
        for name, value in attrs:
            # data-said-*: a script's words, handed over by the server in the reader's language.
            if (name in READ_ATTRIBUTES or name.startswith("data-said-")) and value:
                self.parts.append(value)
            if name == "value" and tag == "input" and ("type", "submit") in attrs and value:  # a button's value is a code
                self.parts.append(value)

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.hidden -= 1

    def handle_data(self, data):
        if not self.hidden:
            self.parts.append(data)


def english_left(text):
    """Return the words of ``text`` outside every « » (nested ones too), the players' own words set aside."""
    text = re.sub(r"https?://\S+", " ", text)  # the game's links, shown to copy
    while True:
        shorter = re.sub(r"«[^«»]*»", " ", text)
        if shorter == text:
            break
        text = shorter
    return sorted({word for word in re.findall(r"(?<![\w&])[A-Za-z][A-Za-z']{2,}(?![\w])", text)
                   if word not in NOT_WORDS})


def page_words(html):
    reader = _Text()
    reader.feed(html)
    return english_left("\n".join(reader.parts))


def pdf_words(body):
    with pdfplumber.open(BytesIO(body)) as pdf:
        return english_left("\n".join(page.extract_text() or "" for page in pdf.pages))


def start_game(client):
    response = client.post("/games/new", data={"rules": "classic", "names-0": "Ann", "names-1": "Cy"})
    assert response.status_code == 303
    return response.headers["Location"].rsplit("/", 1)[1]


def crawl(client):
    """Yield (what, status, English words left) for every page and state wrapped so far."""
    def get(path, expected=200):
        response = client.get(path)
        assert response.status_code == expected, path
        return response

    for path in ("/", "/games/new", "/check", "/check/initial-meld", "/check/meld", "/check/pile",
                 "/check/going-out", "/print", "/offline", "/games/nothing-here"):
        response = client.get(path)
        yield path, page_words(response.get_data(as_text=True))
    # The checks with answers and with problems.
    for path in ("/check/meld?cards=K+K+2", "/check/meld?cards=K+2+2+2", "/check/meld?cards=XX",
                 "/check/initial-meld?cards=K+K+K&total=1600", "/check/pile?top=KS&hand=K+K",
                 "/check/going-out?canastas=0"):
        yield path, page_words(client.get(path).get_data(as_text=True))
    bad = client.post("/games/new", data={"rules": "classic", "names-0": "Ann", "names-1": "Cy",
                                          "options-target": "many", "start_totals-0": "lots"})
    assert bad.status_code == 422
    yield "new game with problems", page_words(bad.get_data(as_text=True))
    game_id = start_game(client)
    assert add(client, game_id, WORKED_NUMBER).status_code == 303
    for path in (f"/games/{game_id}", f"/games/{game_id}/view", f"/games/{game_id}/share",
                 f"/games/{game_id}/breakdown/1", f"/games/{game_id}/hands/new", f"/games/{game_id}/hands/1/edit",
                 f"/games/{game_id}/hands/1/delete", f"/games/{game_id}/history", f"/games/{game_id}/settings",
                 f"/games/{game_id}/new-edit-link", f"/games/{game_id}/forget"):
        yield path, page_words(get(path).get_data(as_text=True))
    problems = add(client, game_id, {"going_out": "0:out", "sides-0-melded_points": "12O",
                                     "sides-0-hand_points": "5", "sides-1-hand_points": "70"})
    assert problems.status_code == 422
    yield "hand form with problems", page_words(problems.get_data(as_text=True))
    for path in ("/print/score-sheet.pdf", "/print/cheat-sheet.pdf", "/print/cheat-sheet.pdf?rules=modern",
                 f"/games/{game_id}/sheet.pdf"):
        yield path, pdf_words(get(path).data)
    yield from crawl_practice(client, get)
    yield from crawl_tables(client, get)


def crawl_practice(client, get):
    """The practice table before a game, with a game (the goal line, the coach's first lines), the narrated deal."""
    yield "/practice", page_words(get("/practice").get_data(as_text=True))
    for rules in ("classic", "modern"):
        assert client.post("/practice/start", data={"rules": rules, "level": "easy", "seed": "crawl"}).status_code == 303
        yield "/practice (a game)", page_words(get("/practice").get_data(as_text=True))
        assert client.post("/practice/move", data={"action": "draw"}).status_code == 303
        yield "/practice (a move)", page_words(get("/practice").get_data(as_text=True))
    for path in ("/practice/watch", "/practice/watch?jump=first_meld"):
        yield "/practice/watch", page_words(get(path).get_data(as_text=True))


def crawl_tables(client, get):
    """Play with friends: the lobby, the form (with problems), the host's page, a seat, the end, a deal face up."""
    yield "/tables", page_words(get("/tables").get_data(as_text=True))
    yield "/tables/new", page_words(get("/tables/new").get_data(as_text=True))
    bad = client.post("/tables/new", data={"rules": "classic", "seats-0": "Ann", "computer-0": "normal", "you": "0",
                                           "computer-1": "normal", "computer-2": "normal", "computer-3": "normal"})
    assert bad.status_code == 422
    yield "/tables/new with problems", page_words(bad.get_data(as_text=True))
    opened = client.post("/tables/new", data={"rules": "classic", "seats-0": "Ann", "seats-1": "Bob",
                                              "computer-1": "normal", "seats-2": "Cy", "seats-3": "Di",
                                              "computer-3": "easy", "you": "0"})
    assert opened.status_code == 303
    host = opened.headers["Location"]
    table = host.rsplit("/", 1)[0]
    for path, what in ((host, "/tables/<id>/host"), ("/tables", "/tables (one)"), (table, "/tables/<id>"),
                       (f"{host}/end", "/tables/<id>/host/end")):
        yield what, page_words(get(path).get_data(as_text=True))
    # A deal played to its end by a person and the computer: its page face up, and the seat's page after it.
    two = open_table(client, rules="classic-2p", names=["Ann", "Bob"], computer={"1": "easy"})
    play_out(client, two["id"], keys_of(two), random.Random(4))
    for path in (f"/tables/{two['id']}/deals/1?move=0", f"/tables/{two['id']}/deals/1?move=3",
                 f"/tables/{two['id']}/deals/1"):
        yield "/tables/<id>/deals/1", page_words(get(path).get_data(as_text=True))


@pytest.mark.slow
def test_no_english_word_is_left_in_the_pseudo_locale(client):
    left = {}
    for what, words in crawl(client):
        page = re.sub(r"/(games|tables)/[A-Za-z0-9_-]{12,}", r"/\1/<id>", what)
        new = sorted(set(words) - KNOWN_LEFT.get(page, set()))
        if new:
            left[page] = new
    assert not left, "\n".join(f"{what}: {' '.join(words)}" for what, words in left.items())


def test_the_pseudo_locale_wraps_the_frame(client):
    html = client.get("/").get_data(as_text=True)
    assert '<html lang="en-XA"' in html
    assert "«Gáméš»" in html


def test_the_hand_forms_meld_rows_are_worded_in_each_requests_language(client):
    """The meld rows' form classes are made once per process: their labels stay lazy, worded by each request.

    (An f-string once fixed them in the language of the process's first request; the crawl caught it only
    by the order its tests ran in.) Here one process answers the pseudo-locale, English, then the
    pseudo-locale again.
    """
    pseudo = _pseudo_module().pseudo
    game_id = start_game(client)
    path = f"/games/{game_id}/hands/new"
    first = client.get(path).get_data(as_text=True)
    client.set_cookie("lang", "en")
    english = client.get(path).get_data(as_text=True)
    client.set_cookie("lang", "en_XA")
    again = client.get(path).get_data(as_text=True)
    assert "Kings: natural cards" in english and "Kings: 2s" in english
    assert pseudo("Kings") not in english
    for page in (first, again):
        assert "Kings: natural cards" not in page
        assert pseudo("%(what)s: natural cards").replace("%(what)s", pseudo("Kings")) in page
