"""Printed sheets: blank score sheets, a game's filled sheet, cheat sheets and the print page.

Every PDF is rendered once per module and read back with pypdf (text, page
size, metadata) and pdfplumber (the score table's rows and columns).
"""

import html
import io
import logging
import re
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property
from urllib.parse import parse_qsl, urlsplit

import pdfplumber
import pypdf
import pytest

from scorekeeper import create_app
from scorekeeper.printing import pdf
from scorekeeper.games import write as service
from scorekeeper.printing import sheets
from scorekeeper.web import sheets as sheet_pages
from scorekeeper.store import db as store
from scorekeeper.store import sqlite
from scorekeeper.canasta.rules import PRESETS
from scorekeeper.games.read import load_game

from ..helpers import WORKED

A4, LETTER = (595, 842), (612, 792)
HTML_NAME = "<b>Ann</b> & <script>x</script>"


# --- rendering each PDF once ------------------------------------------------------------


@dataclass
class Sheet:
    response: object
    reader: pypdf.PdfReader
    texts: list
    logged: list  # WeasyPrint warnings and errors while it was rendered

    def assert_within_the_page(self, edge=14):
        """Every word printed stays ``edge`` points (5 mm) inside the paper: nothing overflows."""
        with pdfplumber.open(io.BytesIO(self.response.data)) as document:
            for page in document.pages:
                words = page.extract_words()
                assert words
                assert min(word["x0"] for word in words) >= edge
                assert min(word["top"] for word in words) >= edge
                assert max(word["x1"] for word in words) <= page.width - edge, page.page_number
                assert max(word["bottom"] for word in words) <= page.height - edge, page.page_number

    @cached_property
    def tables(self):
        """Per page, the rows of its first table (pdfplumber reads ruled tables)."""
        with pdfplumber.open(io.BytesIO(self.response.data)) as document:
            return [(page.extract_tables() or [[]])[0] for page in document.pages]

    @property
    def text(self):
        """All pages' text, every run of whitespace made one space (lines wrap where they fit)."""
        return " ".join(" ".join(self.texts).split())

    @property
    def size(self):
        box = self.reader.pages[0].mediabox
        return round(float(box.width)), round(float(box.height))


@contextmanager
def weasyprint_problems():
    """Collect what the "weasyprint" logger says at WARNING or above."""
    records = []
    handler = logging.Handler(logging.WARNING)
    handler.emit = records.append
    logger = logging.getLogger("weasyprint")
    logger.addHandler(handler)
    try:
        yield records
    finally:
        logger.removeHandler(handler)


def render(client, url, **kwargs):
    """GET a sheet rendered afresh (not from the in-memory cache) and read it back."""
    sheet_pages._rendered.clear()
    with weasyprint_problems() as records:
        response = client.get(url, **kwargs)
    assert response.status_code == 200, response.data[:500]
    assert response.mimetype == "application/pdf"
    reader = pypdf.PdfReader(io.BytesIO(response.data))
    texts = [page.extract_text() for page in reader.pages]
    return Sheet(response, reader, texts, [record.getMessage() for record in records])


def cells(row):
    return [cell or "" for cell in row]


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    folder = tmp_path_factory.mktemp("sheets")
    return create_app({"TESTING": True, "SECRET_KEY": "test", "RATELIMIT_ENABLED": False, "DATABASE": str(folder / "sheets.db"),
                       "WTF_CSRF_ENABLED": False})


@pytest.fixture(scope="module")
def client(app):
    return app.test_client()


@pytest.fixture(scope="module")
def db(app):
    database = sqlite.connect(app.config["DATABASE"])
    yield database
    database.close()


# --- blank score sheets -------------------------------------------------------------------

NAMES = ["North", "South", "East"]


@pytest.fixture(scope="module")
def blanks(client):
    """A blank sheet of 3 hands for each rule set, named North, South (and East)."""
    rendered = {}
    for ruleset in PRESETS.values():
        names = "".join(f"&names={name}" for name in NAMES[: ruleset.scorers])
        rendered[ruleset.id] = render(
            client, f"/print/score-sheet.pdf?rules={ruleset.id}&paper=a4&hands=3&layout=detailed{names}")
    return rendered


@pytest.fixture(params=list(PRESETS))
def blank(request, blanks):
    return PRESETS[request.param], blanks[request.param]


def test_blank_sheet_for_every_rule_set(blank):
    ruleset, sheet = blank
    assert sheet.logged == []
    assert sheet.size == A4
    sheet.assert_within_the_page()
    assert ruleset.name in sheet.text
    assert f"game to {ruleset.target:,}" in sheet.text
    # The foot: card values, bonuses and the minimum table, numbers from the engine.
    assert "Joker 50" in sheet.text and "K Q J 10 9 8 10" in sheet.text and "7 6 5 4 5" in sheet.text
    for _, bonus in ruleset.canasta_bonuses:
        assert f"{bonus:,}" in sheet.text
    for lowest, minimum in ruleset.minimum_table:
        label = f"below {ruleset.minimum_table[1][0]:,}" if lowest is None else f"from {lowest:,}"
        assert f"{label}: {minimum:,}" in sheet.text
    assert sheet.reader.metadata.title == f"Canasta score sheet · {ruleset.name}"


def test_blank_sheet_has_a_column_per_team_or_player_and_the_pad_rows(blank):
    ruleset, sheet = blank
    table = sheet.tables[0]
    header = cells(table[0])
    assert len(header) == ruleset.scorers + 2
    label = ruleset.scorer_label.upper()
    assert header[2:] == [f"{label} {number}\n{name}" for number, name in enumerate(NAMES[: ruleset.scorers], 1)]
    labels = [label for _, label in sheets.blank_rows(ruleset)]
    body = table[1:]
    assert len(body) == 3 * len(labels)  # 3 hands
    assert [row[1] for row in body[: len(labels)]] == labels
    assert [row[0] for row in body[:: len(labels)]] == ["1", "2", "3"]
    assert all(cells(row)[2:] == [""] * ruleset.scorers for row in body)  # boxes to write in


def test_blank_rows_follow_the_rule_set():
    classic = [label for _, label in sheets.blank_rows(PRESETS["classic"])]
    assert classic == ["Meld needed", "Canasta bonuses", "Red 3s", "Going out", "Bonuses",
                       "Card points: melded − in hand", "Hand score", "Running total"]
    modern = [label for _, label in sheets.blank_rows(PRESETS["modern"])]
    assert "Threes" in modern and "Penalties" in modern and "Red 3s" not in modern
    assert "Partner (or alone)" in [label for _, label in sheets.blank_rows(PRESETS["classic-3p"])]


@pytest.fixture(scope="module")
def long_blank(client):
    return render(client, "/print/score-sheet.pdf?rules=classic&paper=letter&hands=12&layout=detailed"
                          "&names=Ann+%26+Bob&names=Cy+%26+Di")


def test_more_hands_more_pages_each_with_the_header(long_blank, blanks):
    assert len(blanks["classic"].reader.pages) == 1
    pages = len(long_blank.reader.pages)
    assert pages >= 3
    assert long_blank.size == LETTER
    hand_numbers = []
    for number, (text, table) in enumerate(zip(long_blank.texts, long_blank.tables), start=1):
        assert f"Page {number} of {pages}" in text
        assert cells(table[0])[2:] == ["TEAM 1\nAnn & Bob", "TEAM 2\nCy & Di"]  # the header repeats
        assert "Meld needed by the total before the hand" in text  # so does the foot
        hand_numbers += [row[0] for row in table[1:] if row[0]]
    assert hand_numbers == [str(number) for number in range(1, 13)]


def test_names_with_html_print_as_text(client):
    sheet = render(client, "/print/score-sheet.pdf", query_string={"names": [HTML_NAME, "Cy"], "hands": 1})
    assert HTML_NAME in sheet.text  # in the running title
    assert cells(sheet.tables[0][0])[3].replace("\n", "") == f"TEAM 1{HTML_NAME}"  # after its meld-needed box


def test_blank_sheet_defaults_and_paper_from_the_browser_language(client):
    sheet = render(client, "/print/score-sheet.pdf", headers={"Accept-Language": "en-US,en;q=0.8"})
    assert sheet.size == LETTER
    assert len(sheet.tables[0]) - 1 == 8 * len(sheets.compact_rows(PRESETS["classic"]))  # the 8 hands on page 1
    assert len(sheet.reader.pages) == 1
    assert "Classic, 4 players in 2 teams" in sheet.text
    assert "Accept-Language" in sheet.response.headers["Vary"]


@pytest.mark.parametrize("query, field, message", [
    ("rules=canasta", "rules", 'There is no rule set "canasta".'),
    ("paper=a5", "paper", "Choose A4 or US Letter."),
    ("hands=0", "hands", "Print from 1 to 60 hands."),
    ("hands=61", "hands", "Print from 1 to 60 hands."),
    ("hands=twelve", "hands", "Give the number of hands as a whole number, like 8."),
    ("hands=", "hands", "Give the number of hands as a whole number, like 8."),
    ("names=A&names=B&names=C", "names", "has 2 teams: give at most 2 names"),
    ("rules=modern&names=" + "x" * 41, "names", "Name 1 is longer than 40 characters."),
    ("names=%00bad", "names", "Name 1 holds an invisible character (U+0000, a control character) that would "
                              "hide or turn the text around it; type the name again without it."),
], ids=["rules", "paper", "hands-0", "hands-61", "hands-text", "hands-empty", "too-many-names", "long-name",
        "control-character"])
def test_bad_choices_answer_the_print_page_with_the_error_beside_the_field(client, query, field, message):
    response = client.get(f"/print/score-sheet.pdf?{query}")
    assert response.status_code == 400
    assert response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    assert message in html.unescape(page)
    assert re.search(rf'class="field[^"]*{field}|id="{field}-error"|class="field has-error"', page)


def test_junk_never_answers_500(client):
    for query in ("rules=%3Cscript%3E&paper=%FF&hands=1e9&names=" + "&names=".join(["y"] * 50),
                  "hands=-3&hands=4", "rules=&paper=", "sheet=score&hands=99999999999999999999"):
        for path in ("/print/score-sheet.pdf", "/print/cheat-sheet.pdf", "/print"):
            response = client.get(f"{path}?{query}")
            assert response.status_code in (200, 303, 400), (path, query)


# --- cheat sheets ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def cheats(client):
    # US Letter is the shorter page: if a cheat sheet fits there, it fits on A4.
    return {rules: render(client, f"/print/cheat-sheet.pdf?rules={rules}&paper=letter") for rules in PRESETS}


@pytest.fixture(params=list(PRESETS))
def cheat(request, cheats):
    return PRESETS[request.param], cheats[request.param]


def test_cheat_sheet_is_one_page_with_the_numbers_of_its_rule_set(cheat):
    ruleset, sheet = cheat
    assert sheet.logged == []
    assert len(sheet.reader.pages) == 1
    sheet.assert_within_the_page()
    assert sheet.size == LETTER
    text = sheet.text
    assert ruleset.name in text and f"game to {ruleset.target:,}" in text
    assert "♠" in text and "♣" in text
    for name, bonus in sheets.reference(ruleset)["canastas"]:
        assert f"{name}" in text and f"{bonus:,}" in text
    for amount in ruleset.red_three_amounts[1:] + ruleset.threes_table[1:]:
        assert f"{amount:,}" in text
    for label, minimum in sheets.minimum_rows(ruleset):
        assert re.search(rf"{label} {minimum:,}\b", text), (label, minimum)
    assert f"Going out {ruleset.going_out_bonus}" in text or f"canastas: {ruleset.going_out_bonus}" in text
    assert sheet.reader.metadata.title == f"Canasta cheat sheet · {ruleset.name}"


def test_cheat_sheet_numbers_by_rule_set(client, cheats):
    a4 = render(client, "/print/cheat-sheet.pdf?rules=modern&paper=a4")
    assert a4.size == A4 and len(a4.reader.pages) == 1
    modern = cheats["modern"]
    for expected in ("Natural aces 2,500", "Seven 2s 3,000", "Other wild 2,000", "4 1,000",
                     "Unfinished aces meld −2,500", "−1,500", "last card drawn −5", "below 3,000 125", "from 5,000 180"):
        assert expected in modern.text, expected
    six = cheats["classic-6p"]
    assert "5 1,000" in six.text and "6 1,200" in six.text and "from 7,500 150" in six.text
    three = cheats["classic-3p"]
    assert "Three players" in three.text and "Canastas needed to go out: 2 canastas" in three.text


def test_modern_cheat_sheet_prints_each_special_hand_with_its_value(cheats):
    text = cheats["modern"].text
    for expected in ("Straight 3,000", "Seven natural pairs 2,500", "Seven pairs with a wild pair 2,000",
                     "Garbage (4-4-3-3) 3,000"):
        assert expected in text, expected
    for hand in PRESETS["modern"].special_hands:  # the engine's values, whatever they become
        assert f"{hand.label} {hand.points:,}" in text, hand
    assert "Straight" not in cheats["classic"].text


# --- a game's filled sheet ----------------------------------------------------------------

SMALL = [{"melded_points": 60, "hand_points": 40},
         {"melded_points": 200, "natural_canastas": 1, "going_out": "concealed"}]


@pytest.fixture(scope="module")
def games(db):
    long_id, _ = service.new_game(db, rules="classic", options={"target": 100_000}, names=[HTML_NAME, "Cy & Di"],
                                  seats=["Ann", "Cy", "Bob", "Di"])
    for number in range(30):
        service.add_hand(db, long_id, WORKED if number % 3 else SMALL)
    won_id, _ = service.new_game(db, rules="classic", options={"target": 1000, "red_threes_minus": "no_canasta"},
                                 names=["Ann & Bob", "Cy & Di"])
    service.add_hand(db, won_id, WORKED)
    service.add_hand(db, won_id, [{"melded_points": 200, "natural_canastas": 1, "going_out": "concealed"},
                                  {"hand_points": 50}])
    three_id, _ = service.new_game(db, rules="classic-3p", names=["Ann", "Bob", "Cy"], start_totals=[1500, 0, -20])
    service.add_hand(db, three_id, [
        {"members": [0], "melded_points": 150, "mixed_canastas": 2, "going_out": "out", "red_threes": 1},
        {"members": [1, 2], "melded_points": 90, "hand_points": 30, "red_threes": [1, 0]}])
    modern_id, _ = service.new_game(db, rules="modern", names=["We", "They"])
    service.add_hand(db, modern_id, [
        {"canastas": {"natural": 1, "mixed": 1}, "melded_points": 250, "red_threes": 2, "going_out": "out"},
        {"canastas": {}, "melded_points": 60, "hand_points": 40, "red_threes": 1, "unfinished": {"aces": True}}])
    return {"long": long_id, "won": won_id, "three": three_id, "modern": modern_id}


@pytest.fixture(scope="module")
def long_game(client, games):
    return render(client, f"/games/{games['long']}/sheet.pdf?paper=a4")


def test_game_sheet_has_every_hand_and_the_engines_totals(long_game, games, db):
    game = load_game(db, games["long"])
    assert long_game.logged == []
    assert long_game.size == A4
    long_game.assert_within_the_page()
    assert len(long_game.reader.pages) == 2
    rows = {}
    for number, (text, table) in enumerate(zip(long_game.texts, long_game.tables), start=1):
        assert f"Page {number} of 2" in text
        assert cells(table[0])[1::3] == [f"TEAM 1\n{HTML_NAME}", "TEAM 2\nCy & Di"]  # the header repeats
        assert cells(table[1])[1:] == ["Breakdown", "Hand", "Total"] * 2
        rows.update({row[0]: cells(row) for row in table[2:] if row[0] and row[0].isdigit()})
    assert sorted(rows, key=int) == [str(number) for number in range(1, 31)]
    for hand in game.score.hands:
        row = rows[str(hand.number)]
        assert [row[2], row[5]] == [sheets.sheet_number(score) for score in hand.scores]
        assert [row[3].split("\n")[0], row[6].split("\n")[0]] == [sheets.sheet_number(t) for t in hand.totals]
    assert rows["2"][1].replace("\n", " ") == "canastas 300 · going out 100 · red 3s 100 · melded 120 · in hand −15"
    assert rows["2"][4] == "red 3s −200 · in hand −95"


def test_game_sheet_names_date_and_metadata(long_game, games, db):
    game = load_game(db, games["long"])
    first = long_game.texts[0]
    assert f"{HTML_NAME} vs Cy & Di" in first  # printed as text, never as markup
    assert sheets.played_on(game.created_at) in first
    assert "Seats, first dealer first: Ann, Cy, Bob, Di" in first
    assert long_game.reader.metadata.title == f"Canasta score sheet · {HTML_NAME} vs Cy & Di · {sheets.played_on(game.created_at)}"
    assert re.fullmatch(r'inline; filename=canasta-\d{4}-\d\d-\d\d-b-ann-b-script-x-script-vs-cy-di\.pdf',
                        long_game.response.headers["Content-Disposition"])


def test_game_sheet_next_minimum_where_it_changes_and_the_leader(long_game, games, db):
    game = load_game(db, games["long"])
    last = long_game.texts[-1]
    assert f"Game in progress: {HTML_NAME} leads by {game.score.margin:,}." in last
    totals = " ".join(sheets.sheet_number(total) for total in game.score.totals)
    minimums = " ".join(str(minimum) for minimum in game.score.next_minimum)
    assert f"Total {totals}" in last and f"Meld needed next {minimums}" in last
    # Team 2 crosses 1,500 after hand 10: "meld 90" is printed under that total.
    crossing = next(hand for hand in game.score.hands if hand.totals[1] >= 1500)
    row = next(cells(row) for table in long_game.tables for row in table if row[0] == str(crossing.number))
    assert row[6] == f"{sheets.sheet_number(crossing.totals[1])}\nmeld 90"


def test_finished_game_names_the_winner_and_its_house_rules(client, games):
    sheet = render(client, f"/games/{games['won']}/sheet.pdf?paper=letter")
    assert sheet.size == LETTER and sheet.logged == []
    assert "Winner: Ann & Bob, 1,505 points, by 1,850." in sheet.text
    assert "House rules: Red 3s count minus when the side: has no canasta" in sheet.text
    assert "minus the same when the side has no canasta" in sheet.text  # the foot follows the game's rules
    assert "game to 1,000" in sheet.text
    assert "Meld needed next" not in sheet.text


def test_three_player_sheet_shows_partners_and_carried_totals(client, games):
    sheet = render(client, f"/games/{games['three']}/sheet.pdf")
    table = sheet.tables[0]
    assert [cell for cell in cells(table[0]) if cell] == ["Hand", "PLAYER 1\nAnn", "PLAYER 2\nBob", "PLAYER 3\nCy"]
    start = cells(table[2])
    assert start[0] == "Start" and start[3] == "1,500\nmeld 90" and start[9] == "−20\nmeld 15"
    hand = [cell.replace("\n", " ") for cell in cells(table[3])]
    assert hand[1].startswith("alone: canastas 600")
    # Each partner's line shows only their own red 3s, and adds up to their score: Cy laid out none.
    assert hand[4].startswith("with Cy: red 3s 100*") and "red 3s" not in hand[7]
    assert hand[7].startswith("with Bob: "), hand[7]
    assert [hand[5], hand[8]] == ["160", "60"]
    assert "* A partner's own red 3s" in sheet.text


def test_modern_sheet_prints_threes_and_penalties(client, games):
    sheet = render(client, f"/games/{games['modern']}/sheet.pdf?paper=letter")
    sheet.assert_within_the_page()
    row = [cell.replace("\n", " ") for cell in cells(sheet.tables[0][3])]
    assert row[1] == "canastas 800 · going out 100 · threes 300 · melded 250"
    assert row[4] == "threes −100 · melded −60 · in hand −40 · penalties −2,500"
    assert [row[2], row[5]] == ["1,450", "−2,700"]
    assert "Unfinished aces −2,500" in sheet.text  # the foot


def test_a_stored_hand_the_engine_now_refuses_is_named_not_printed(client, db):
    game_id, _ = service.new_game(db, rules="classic", names=["Ann", "Cy"])
    service.add_hand(db, game_id, WORKED)
    store.add_hand(db, game_id, [{"melded_points": 12, "going_out": "out"}, {}])  # past the engine's checks
    sheet = render(client, f"/games/{game_id}/sheet.pdf")
    assert sheet.logged == []
    assert "Hand 2 and the hands after it are not on this sheet" in sheet.text
    assert "Melded points must be a multiple of 5" in sheet.text
    assert [row[0] for row in sheet.tables[0][2:]] == ["Start", "1"]


def test_unchanged_game_answers_304_without_reading_or_rendering(client, games, db, monkeypatch):
    url = f"/games/{games['won']}/sheet.pdf?paper=a4"
    first = client.get(url)
    assert first.status_code == 200
    etag = first.headers["ETag"]
    assert first.headers["Cache-Control"] == "private, no-cache"

    def must_not_run(*args, **kwargs):
        raise AssertionError("a 304 must not read the game or render it")

    monkeypatch.setattr(sheet_pages, "load_game", must_not_run)
    monkeypatch.setattr(pdf, "render_pdf", must_not_run)
    again = client.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""
    assert again.headers["ETag"] == etag and again.headers["Cache-Control"] == "private, no-cache"
    monkeypatch.undo()
    other_paper = client.get(f"/games/{games['won']}/sheet.pdf?paper=letter", headers={"If-None-Match": etag})
    assert other_paper.status_code != 304


def test_a_changed_game_gets_a_new_etag(client, db):
    game_id, _ = service.new_game(db, rules="classic", names=["Ann", "Cy"])
    url = f"/games/{game_id}/sheet.pdf?paper=a4"
    before = client.get(url)
    assert "No hands yet." in pypdf.PdfReader(io.BytesIO(before.data)).pages[0].extract_text()
    service.add_hand(db, game_id, WORKED)
    after = client.get(url, headers={"If-None-Match": before.headers["ETag"]})
    assert after.status_code == 200 and after.headers["ETag"] != before.headers["ETag"]
    assert "605" in pypdf.PdfReader(io.BytesIO(after.data)).pages[0].extract_text()


def test_unknown_game_is_a_404_page(client):
    response = client.get("/games/no-such-game/sheet.pdf")
    assert response.status_code == 404
    assert response.mimetype == "text/html"
    assert "There is nothing at this address." in response.get_data(as_text=True)


def test_blank_and_cheat_sheets_answer_304_too(client, monkeypatch):
    for url in ("/print/score-sheet.pdf?rules=modern&paper=a4&hands=2&names=We",
                "/print/cheat-sheet.pdf?rules=classic-2p&paper=letter"):
        first = client.get(url)
        assert first.status_code == 200 and first.headers["Cache-Control"] == "public, no-cache"
        monkeypatch.setattr(pdf, "render_pdf", lambda *a, **k: pytest.fail("rendered again"))
        again = client.get(url, headers={"If-None-Match": first.headers["ETag"]})
        assert again.status_code == 304
        kept = client.get(url)  # another client: the bytes kept in memory, no second rendering
        assert kept.status_code == 200 and kept.data == first.data
        monkeypatch.undo()
    names_differ = client.get("/print/score-sheet.pdf?rules=modern&paper=a4&hands=2&names=They",
                              headers={"If-None-Match": first.headers["ETag"]})
    assert names_differ.status_code == 200


def test_sheet_stamp_reads_what_an_etag_needs(db, games):
    stamp = store.get_sheet_stamp(db, games["won"])
    assert stamp["version"] == 2 and stamp["names"] == ["Ann & Bob", "Cy & Di"]
    assert stamp["created_at"] <= stamp["updated_at"]
    assert store.get_sheet_stamp(db, "nope") is None


# --- the print page -------------------------------------------------------------------------


def test_print_page_offers_every_rule_set_and_paper(client):
    response = client.get("/print")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    for preset in PRESETS.values():
        assert re.search(rf'<option (selected )?value="{preset.id}"', page) and preset.short_name in page
    assert 'value="a4"' in page and 'value="letter"' in page
    assert "None" not in page
    assert 'inputmode="numeric"' in page and page.count('name="names"') == 3
    assert 'href="/print"' in client.get("/").get_data(as_text=True)  # in the main menu


def test_print_page_sends_valid_choices_to_the_pdf(client):
    response = client.get("/print", query_string={"sheet": "score", "rules": "classic-3p", "paper": "letter",
                                                  "hands": "6", "names": ["Ann & Bo", "Cy", "Di", ""]})
    assert response.status_code == 303
    location = urlsplit(response.headers["Location"])
    assert location.path == "/print/score-sheet.pdf"
    assert parse_qsl(location.query) == [("rules", "classic-3p"), ("paper", "letter"), ("hands", "6"),
                                         ("layout", "compact"), ("names", "Ann & Bo"), ("names", "Cy"), ("names", "Di")]
    cheat = client.get("/print?sheet=cheat&rules=modern&paper=a4&hands=nonsense")
    assert cheat.status_code == 303 and cheat.headers["Location"] == "/print/cheat-sheet.pdf?rules=modern&paper=a4"


def test_print_page_shows_errors_beside_fields_and_keeps_the_input(client):
    response = client.get("/print", query_string={"sheet": "score", "rules": "classic", "paper": "a4",
                                                  "hands": "100", "names": ["A", "B", "<i>C</i>"]})
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert re.search(r'id="hands-error">Print from 1 to 60 hands.</p>', page)
    assert 'value="100"' in page
    assert 'id="names-error">Classic, 4 players in 2 teams has 2 teams' in page
    assert 'value="&lt;i&gt;C&lt;/i&gt;"' in page  # kept, and escaped
    assert 'aria-invalid="true"' in page


def test_print_page_points_each_name_box_at_every_error(client):
    response = client.get("/print", query_string={"sheet": "score", "rules": "classic", "hands": "8",
                                                  "names": ["A", "x" * 61, "C"]})
    page = response.get_data(as_text=True)
    assert 'id="names-error">Classic, 4 players in 2 teams has 2 teams' in page
    assert 'id="names-error-2">Name 2 is longer than 40 characters.</p>' in page
    assert page.count('aria-describedby="names-hint names-error names-error-2" aria-invalid="true"') == 3
    assert 'aria-describedby="hands-hint"' in page and 'aria-describedby="rules' not in page
    assert "None" not in page


def test_print_page_lists_this_browsers_games(client, games):
    with client.session_transaction() as session:
        session["keys"] = {games["won"]: "key"}
    page = client.get("/print?paper=letter").get_data(as_text=True)
    assert f'href="/games/{games["won"]}/sheet.pdf?paper=letter"' in page
    assert "<bdi>Ann &amp; Bob</bdi> vs <bdi>Cy &amp; Di</bdi>" in page
    with client.session_transaction() as session:
        session.clear()  # an older cookie's key: moved to the server on that first page, and let go here


def test_no_weasyprint_warning_when_rendering(client, caplog):
    sheet_pages._rendered.clear()
    with caplog.at_level(logging.WARNING, logger="weasyprint"):
        assert client.get("/print/score-sheet.pdf?rules=classic-6p-3teams&hands=2").status_code == 200
    assert caplog.records == []


# --- in a real browser ------------------------------------------------------------------------


@pytest.mark.browser
def test_print_page_on_a_phone(live_server, phone):
    from playwright.sync_api import expect

    from ..conftest import assert_accessible, no_sideways_scroll, screenshot

    phone.goto(live_server.url + "/print")
    expect(phone.get_by_role("heading", level=1)).to_have_text("Print score sheets")
    expect(phone.get_by_role("link", name="Print")).to_have_attribute("aria-current", "page")
    assert no_sideways_scroll(phone)
    screenshot(phone, "print-page")
    assert_accessible(phone)

    phone.get_by_label("Rule set").select_option("classic-3p")
    phone.get_by_label("Hands").fill("0")
    for box, name in zip(("Name 1", "Name 2", "Name 3"), ("Ann", "Bob", "<b>Cy</b>")):
        phone.get_by_label(box, exact=True).fill(name)
    phone.get_by_role("button", name="Score sheet (PDF)").click()
    expect(phone.locator("#hands-error")).to_have_text("Print from 1 to 60 hands.")
    expect(phone.get_by_label("Hands")).to_have_value("0")
    expect(phone.get_by_label("Name 3", exact=True)).to_have_value("<b>Cy</b>")
    expect(phone.get_by_label("Rule set")).to_have_value("classic-3p")
    assert no_sideways_scroll(phone)
    screenshot(phone, "print-page-errors")
    assert_accessible(phone)

    # The form's address leads to the PDF (a browser would show or download it).
    answer = phone.request.get(phone.url.replace("hands=0", "hands=2"))
    assert answer.status == 200 and answer.headers["content-type"] == "application/pdf"
    assert answer.body().startswith(b"%PDF-")


# --- the compact blank sheet (the default): three lines a hand, 10 or more hands a page -------------


@pytest.fixture(scope="module")
def compacts(client):
    """The most hands of each rule set and paper that one page holds, in the default layout."""
    rendered = {}
    for ruleset in PRESETS.values():
        for paper in ("a4", "letter"):
            rendered[ruleset.id, paper] = render(client, f"/print/score-sheet.pdf?rules={ruleset.id}&paper={paper}&hands=10")
    return rendered


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("rules", list(PRESETS))
def test_the_compact_sheet_holds_ten_hands_a_page_and_nothing_is_cut(compacts, rules, paper):
    ruleset, sheet = PRESETS[rules], compacts[rules, paper]
    assert sheet.logged == []
    assert sheet.size == (A4 if paper == "a4" else LETTER)
    assert len(sheet.reader.pages) == 1  # 10 hands on one page
    sheet.assert_within_the_page()
    table = sheet.tables[0]
    header = cells(table[0])
    # Hand | line | then per scorer its meld-needed box and its score column
    assert header[:2] == ["Hand", ""] and header[2::2] == ["Meld\nneeded"] * ruleset.scorers
    labels = [label for _, label in sheets.compact_rows(ruleset)]
    body = table[1:]
    assert len(body) == 10 * len(labels)
    assert [row[1] for row in body[: len(labels)]] == labels
    assert [row[0] for row in body[:: len(labels)]] == [str(number) for number in range(1, 11)]
    assert "Meld needed by the total before the hand" in sheet.text  # the foot says where the minimum comes from


def test_compact_rows_are_the_pads_three_lines():
    assert [label for _, label in sheets.compact_rows(PRESETS["classic"])] == ["Bonuses", "Melded − in hand", "Total"]
    assert [label for _, label in sheets.compact_rows(PRESETS["modern"])] == [
        "Bonuses − penalties", "Melded − in hand", "Total"]
    assert [label for _, label in sheets.compact_rows(PRESETS["classic-3p"])][0] == "Partner (or alone)"


def test_the_detailed_layout_stays_an_option_and_the_print_page_offers_both(client):
    detailed = render(client, "/print/score-sheet.pdf?rules=classic&paper=a4&hands=8&layout=detailed")
    assert len(detailed.reader.pages) == 2
    compact = render(client, "/print/score-sheet.pdf?rules=classic&paper=a4&hands=8")
    assert len(compact.reader.pages) == 1
    assert compact.response.headers["ETag"] != detailed.response.headers["ETag"]
    page = client.get("/print").get_data(as_text=True)
    assert re.search(r'<input(?=[^>]*name="layout")(?=[^>]*value="compact")[^>]*checked', page)
    assert 'value="detailed"' in page
    wrong = client.get("/print/score-sheet.pdf?layout=tiny")
    assert wrong.status_code == 400 and "Choose the compact or the detailed layout." in wrong.get_data(as_text=True)
    sent = client.get("/print?sheet=score&rules=classic&paper=a4&hands=8&layout=detailed")
    assert "layout=detailed" in sent.headers["Location"]


def test_the_compact_sheet_as_a_picture_has_ink_to_the_last_hand_and_none_in_the_margins(compacts, tmp_path):
    """pdftoppm draws the page: the table's last hand and the foot are printed, the edges stay blank."""
    import shutil
    import subprocess

    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed; make test installs it")
    from PIL import Image

    pdf_path = tmp_path / "sheet.pdf"
    pdf_path.write_bytes(compacts["modern", "letter"].response.data)
    subprocess.run(["pdftoppm", "-r", "40", "-png", "-singlefile", str(pdf_path), str(tmp_path / "page")], check=True)
    image = Image.open(tmp_path / "page.png").convert("L")
    width, height = image.size
    edge = 6  # about 4 mm at 40 dpi
    inked = [y for y in range(height) if image.crop((0, y, width, y + 1)).getextrema()[0] < 128]
    assert inked[0] > edge and inked[-1] < height - edge
    assert image.crop((0, 0, edge, height)).getextrema()[0] > 200 and image.crop((width - edge, 0, width, height)).getextrema()[0] > 200
