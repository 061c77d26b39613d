"""Languages: which one a page is answered in, numbers and plurals as each writes them, the API's
messages, a sheet in the language it was asked in, and card letters as the country's decks print them."""

import re
from io import BytesIO
from pathlib import Path

import pdfplumber
import pytest
from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from scorekeeper import create_app
from scorekeeper.i18n import CARD_LETTERS, LANGUAGES, RANK_LETTERS, number, read_card_text

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def catalogues(tmp_path_factory):
    """The catalogues of translations/, compiled here (as make compile does), so the test needs no make."""
    folder = tmp_path_factory.mktemp("catalogues")
    for po in (ROOT / "translations").glob("*/LC_MESSAGES/messages.po"):
        target = folder / po.parent.relative_to(ROOT / "translations")
        target.mkdir(parents=True)
        with po.open("rb") as source, (target / "messages.mo").open("wb") as out:
            write_mo(out, read_po(source, locale=po.parts[-3]))
    return folder


@pytest.fixture
def client(tmp_path, catalogues):
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                      "DATABASE": str(tmp_path / "i18n.db"), "BABEL_TRANSLATION_DIRECTORIES": str(catalogues)})
    return app.test_client()


def lang_of(html):
    return re.search(r'<html lang="([^"]+)"', html).group(1)


# --- which language -----------------------------------------------------------------------------


def test_accept_language_chooses_and_english_is_the_default(client):
    assert lang_of(client.get("/").get_data(as_text=True)) == "en"
    assert lang_of(client.get("/", headers={"Accept-Language": "fr-FR,fr"}).get_data(as_text=True)) == "en"
    page = client.get("/", headers={"Accept-Language": "es-AR,es;q=0.9"}).get_data(as_text=True)
    assert lang_of(page) == "es"
    assert ">Partidas</a>" in page and "Tus partidas" in page
    assert lang_of(client.get("/", headers={"Accept-Language": "pt-BR"}).get_data(as_text=True)) == "pt-BR"
    assert lang_of(client.get("/", headers={"Accept-Language": "pt"}).get_data(as_text=True)) == "pt-BR"
    assert lang_of(client.get("/", headers={"Accept-Language": "de-CH, en;q=0.5"}).get_data(as_text=True)) == "de"


def test_the_switcher_is_on_every_page_and_the_phone_remembers_the_choice(client):
    page = client.get("/print").get_data(as_text=True)
    for code, name in LANGUAGES.items():
        assert f'href="/language/{code}?next=/print"' in page and name in page
    chosen = client.get("/language/it?next=/print", headers={"Accept-Language": "es"})
    assert chosen.status_code == 303 and chosen.headers["Location"] == "/print"
    assert "lang=it" in chosen.headers["Set-Cookie"] and "HttpOnly" in chosen.headers["Set-Cookie"]
    # The cookie wins over Accept-Language from then on.
    page = client.get("/", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert lang_of(page) == "it" and "Le tue partite" in page
    assert 'aria-current="true">Italiano' in page


def test_the_switcher_goes_back_only_to_this_site_and_knows_its_languages(client):
    unknown = client.get("/language/xx?next=/print")
    assert unknown.headers["Location"] == "/print" and "Set-Cookie" not in unknown.headers
    assert lang_of(client.get("/").get_data(as_text=True)) == "en"
    assert client.get("/language/de?next=https://evil.example/").headers["Location"] == "/"
    assert client.get("/language/de?next=//evil.example/").headers["Location"] == "/"
    assert lang_of(client.get("/").get_data(as_text=True)) == "de"


def test_pages_vary_by_language_for_caches(client):
    assert {"accept-language", "cookie"} <= {v.strip().lower() for v in client.get("/").headers["Vary"].split(",")}


# --- numbers and plurals --------------------------------------------------------------------------


@pytest.mark.parametrize(("locale", "written"), [("en", "1,500"), ("es", "1.500"), ("it", "1.500"), ("de", "1.500"),
                                                 ("pt_BR", "1.500")])
def test_one_formatter_writes_thousands_as_each_language_does(locale, written):
    assert number(1500, locale) == written
    assert number(-2500, locale).startswith("\u2212")


def test_the_board_writes_totals_in_the_readers_language(client):
    response = client.post("/games/new", data={"rules": "classic", "names-0": "Ann", "names-1": "Cy",
                                               "start_totals-0": "1500", "start_totals-1": "2340"})
    board = client.get(response.headers["Location"], headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert "1.500" in board and "2.340" in board and "1,500" not in board


def test_portuguese_treats_zero_as_singular_and_the_catalogue_follows_it(client):
    """Babel's plural rules: pt (Brazil) says "0 rodada", Spanish "0 manos"."""
    assert Locale.parse("pt_BR").plural_form(0) == "one"
    assert Locale.parse("es").plural_form(0) == "other"
    from scorekeeper.i18n import ngettext

    with client.application.test_request_context(headers={"Accept-Language": "pt-BR"}):
        assert [ngettext("%(num)s hand", "%(num)s hands", n) for n in (0, 1, 2)] == ["0 rodada", "1 rodada", "2 rodadas"]
    with client.application.test_request_context(headers={"Accept-Language": "es"}):
        assert [ngettext("%(num)s hand", "%(num)s hands", n) for n in (0, 1, 2)] == ["0 manos", "1 mano", "2 manos"]


# --- the API's messages -------------------------------------------------------------------------


def test_the_apis_messages_follow_accept_language_and_its_codes_do_not(client):
    body = {"rules": "classic", "sides": [{"melded_points": -5, "hand_points": 0}, {"melded_points": 0, "hand_points": 0}]}
    english = client.post("/api/v1/score", json=body).get_json()
    spanish = client.post("/api/v1/score", json=body, headers={"Accept-Language": "es"}).get_json()
    assert [error["field"] for error in english["errors"]] == [error["field"] for error in spanish["errors"]]
    assert english["errors"][0]["message"] != spanish["errors"][0]["message"]
    assert "no puede ser negativo" in spanish["errors"][0]["message"]
    bad = client.post("/api/v1/score", data="{", content_type="text/plain", headers={"Accept-Language": "es"})
    assert bad.status_code == 400
    assert bad.get_json()["errors"][0]["message"].startswith("Envía el cuerpo como JSON")


# --- a sheet in the language it was asked in ------------------------------------------------------


@pytest.mark.slow
def test_a_score_sheet_is_printed_in_the_language_it_was_asked_in(client):
    english = client.get("/print/score-sheet.pdf")
    spanish = client.get("/print/score-sheet.pdf", headers={"Accept-Language": "es"})
    assert english.status_code == spanish.status_code == 200
    assert english.headers["ETag"] != spanish.headers["ETag"]
    with pdfplumber.open(BytesIO(spanish.data)) as pdf:
        text = " ".join(page.extract_text() or "" for page in pdf.pages)
    assert "Clásica, 4 jugadores en 2 parejas" in text and "desde 1.500: 90" in text
    assert "Classic" not in text and "from 1,500" not in text


def test_a_german_sheet_prints_the_german_card_letters_and_no_english_in_its_foot(client):
    german = client.get("/print/score-sheet.pdf", headers={"Accept-Language": "de"})
    with pdfplumber.open(BytesIO(german.data)) as pdf:
        text = " ".join(page.extract_text() or "" for page in pdf.pages)
    assert "K D B 10 9 8" in text and "K Q J" not in text
    assert "wenn die Partei nichts gemeldet hat" in text and "melded nothing" not in text


# --- card letters -------------------------------------------------------------------------------


def test_card_letters_never_collide_with_another_card():
    for locale, letters in CARD_LETTERS.items():
        shown = [letters.get(symbol, symbol) for symbol in RANK_LETTERS]
        assert len(set(shown)) == len(shown), locale
        # No local letter is an English rank letter, nor the joker, nor a number.
        for local in letters.values():
            assert local not in RANK_LETTERS and local not in ("JK",) and not local.isdigit()
        assert read_card_text(" ".join(shown), locale) == " ".join(RANK_LETTERS)


def test_german_shows_d_and_b_and_reads_both_letters(client):
    german = {"Accept-Language": "de"}
    page = client.get("/check/meld", headers=german).get_data(as_text=True)
    assert 'data-card="Q">D<' in page and 'data-card="J">B<' in page
    assert 'data-card="Q">Q<' in client.get("/check/meld").get_data(as_text=True)
    for typed in ("D D D", "Q Q Q", "d Q D"):
        answer = client.get("/check/meld", query_string={"cards": typed, "rules": "classic"}, headers=german)
        assert answer.status_code == 200, typed
    # D is no card in English: the English page refuses it.
    assert client.get("/check/meld", query_string={"cards": "D D D", "rules": "classic"}).status_code == 422


# --- the catalogues -----------------------------------------------------------------------------

PLACEHOLDER = re.compile(r"%\(\w+\)s|\{[^{}]*\}")


@pytest.mark.parametrize("locale", ["es", "pt_BR", "it", "de"])
def test_every_translation_keeps_its_placeholders(locale):
    """A translation that lost "%(number)s" or "{label}" would fail when shown: each keeps the English ones."""
    with (ROOT / "translations" / locale / "LC_MESSAGES" / "messages.po").open("rb") as source:
        catalog = read_po(source, locale=locale)
    for message in catalog:
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set(PLACEHOLDER.findall(ids[-1])) | set(PLACEHOLDER.findall(ids[0]))
        for string in strings:
            if string:
                assert set(PLACEHOLDER.findall(string)) <= wanted, (message.id, string)
                assert set(PLACEHOLDER.findall(ids[0])) - {"%(num)s", "%(count)s"} <= set(PLACEHOLDER.findall(string)), (
                    message.id, string)


def test_a_plural_is_chosen_by_its_count():
    """Jinja's {% pluralize %} without a name counts by the block's first variable: a name or a title there made
    every translated page with it fail ("Plural value must be an integer") — the practice table, a game's sheet."""
    blocks = re.compile(r"\{% trans (.*?)%\}(.*?)\{% endtrans %\}", re.S)
    wrong = []
    for template in (ROOT / "templates").rglob("*.html"):
        for variables, body in blocks.findall(template.read_text()):
            first = variables.split("=")[0].strip()
            if "{% pluralize %}" in body and first not in ("count", "num"):
                wrong.append(f"{template.relative_to(ROOT)}: {first}")
    assert wrong == []


def test_a_practice_game_names_its_seats_in_the_language_it_was_started_in(client):
    """The computers' seats and the sides of the practice game's score board: "Oeste y Este", not "West e East"."""
    client.set_cookie("lang", "es")
    started = client.post("/practice/start", data={"rules": "classic-3p", "level": "easy", "seed": "plaza"},
                          follow_redirects=True)
    page = started.get_data(as_text=True)
    assert started.status_code == 200 and "Oeste" in page and "Este" in page
    assert not re.search(r"\b(West|East)\b", page)
    board = client.get(re.search(r'href="(/games/[^"/]+)"', page).group(1)).get_data(as_text=True)
    assert "Oeste" in board and not re.search(r"\b(West|East)\b", board)


# --- no English piece inside a translated sentence (issue 24) ----------------------------------------


def _engine_words(client, language, words):
    """Return ``words(gettext)`` worded in ``language``: the engine's sentences through the app's catalogue."""
    from scorekeeper.i18n import gettext

    with client.application.test_request_context(headers={"Accept-Language": language}):
        return words(gettext)


def test_the_coach_counts_cards_with_the_languages_plural(client):
    from scorekeeper.canasta.coach.said import Said
    from scorekeeper.canasta.coach.words import Reader, render

    def line(count):
        return lambda gettext: render(Said.of("move", seat=1, did=Said.of("drew", count=count)),
                                      Reader(0, ("Ann", "Bob"), gettext=gettext))
    german = _engine_words(client, "de", line(12))
    assert "12 Karten" in german and "Kartes" not in german, german
    assert "3 carte" in _engine_words(client, "it", line(3))
    assert render(Said.of("move", seat=1, did=Said.of("drew", count=12)), Reader(0, ("Ann", "Bob"))) == "Bob drew 12 cards."


def test_the_engines_sentences_count_canastas_and_write_numbers_in_the_readers_language(client):
    from scorekeeper.canasta import messages

    italian = _engine_words(client, "it", lambda g: messages.sentence("going_out.canastas_needed",
                                                                        {"needed": 2, "has": 0}, g))
    assert "2 canaste" in italian and "canastas" not in italian, italian
    portuguese = _engine_words(client, "pt_BR", lambda g: messages.sentence("going_out.canastas_needed",
                                                                              {"needed": 1, "has": 0}, g))
    assert "1 canastra" in portuguese, portuguese
    spanish = _engine_words(client, "es", lambda g: messages.sentence("value.above", {"label": "Total", "high": 7980}, g))
    assert "7.980" in spanish and "7,980" not in spanish, spanish
    assert messages.sentence("value.above", {"label": "Total", "high": 7980}) == "Total cannot be more than 7,980."


def test_agreeing_words_are_whole_sentences_in_the_catalogue(client):
    from scorekeeper.canasta import messages

    held = _engine_words(client, "de", lambda g: messages.sentence("held.aces_in_hand",
                                                                     {"cards": 2, "count": 2, "least": 6}, g))
    assert "2 Spieler mit 3+ Assen haben mindestens 6 Asse" in held and "holding" not in held, held
    frozen = _engine_words(client, "es", lambda g: messages.sentence("position.not_frozen", {}, g))
    assert frozen == "El pozo no tiene ningún comodín ni ningún tres rojo, así que no está congelado por una carta."
    assert messages.sentence("held.aces_in_hand", {"cards": 2, "count": 1, "least": 3}) == (
        "Aces left in hand are 2, but 1 player holding 3+ aces holds at least 3 aces: count them among the cards "
        "left in hand.")


def test_the_practice_button_deals_and_the_check_link_says_whose_meld(client):
    page = client.get("/practice", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert ">Geben</button>" in page, page
    response = client.post("/games/new", data={"rules": "classic", "names-0": "Ann", "names-1": "Cy"})
    board = client.get(response.headers["Location"], headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert "Consultar nuestra primera bajada" in board and "(our)" not in board
    assert 'aria-label="Ann: 0 de 5.000"' in board


def test_markup_is_no_word_of_the_catalogue():
    with (ROOT / "translations" / "messages.pot").open("rb") as source:
        ids = {message.id for message in read_po(source) if message.id}
    assert not {"hidden", "cheat", "a8", 'data-when="%(when)s"', "Unfinished ", "card"} & ids


def test_the_decks_are_named_in_the_readers_language(client):
    from scorekeeper.canasta import messages
    from scorekeeper.canasta.cards import parse_cards
    from scorekeeper.canasta.rules import PRESETS
    from scorekeeper.canasta.supply import deck_problems

    problem = deck_problems(PRESETS["classic"], parse_cards("JK JK JK JK JK"), "hand")[0]
    german = _engine_words(client, "de", lambda g: messages.worded(problem, g))
    assert german.startswith("Zwei Kartenspiele haben nur 4") and "decks" not in german, german
    assert problem.message == "Two decks hold only 4 jokers; you wrote 5."


def test_a_choice_and_the_placed_wild_cards_are_worded_in_the_readers_language(client):
    from scorekeeper.canasta import messages

    page = client.get("/check/pile", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "120 oder 150" in page and "120 or 150" not in page
    params = {"selected": ["9S", "9H", "2D"], "placed": [("9", ["2D"])]}
    spanish = _engine_words(client, "es", lambda g: messages.sentence("selection.grouped", params, g))
    assert " on the " not in spanish and "en los" in spanish, spanish
    assert "the app put a 2 on the 9s (to choose" in messages.sentence("selection.grouped", params)


def test_the_canastas_held_agree_with_their_verb_in_the_readers_language(client):
    from scorekeeper.canasta import messages

    params = {"canastas": [("natural", 1), ("mixed", 1)], "unfinished": [], "count": 2, "least": 85, "melded": 80}
    german = _engine_words(client, "de", lambda g: messages.sentence("melded_points.below_canastas", params, g))
    assert german.startswith("1 reiner Canasta und 1 gemischter Canasta haben mindestens 85"), german
    one = {"canastas": [], "unfinished": ["aces"], "count": 1, "least": 60, "melded": 0}
    spanish = _engine_words(client, "es", lambda g: messages.sentence("melded_points.below_canastas", one, g))
    assert spanish.startswith("Una combinación de ases sin completar tiene al menos 60"), spanish
