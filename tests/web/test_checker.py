"""The rules checker pages through the Flask client: answers, prefill from a game,
errors beside their fields, and forms that keep what was entered."""

import re
from urllib.parse import urlencode

import pytest

from scorekeeper.store import db as store

from ..helpers import WORKED, parse
from ..helpers import new_game as start_game


def field(page, name):
    """The .field wrapper of the input, select or checkbox named ``name``."""
    control = page.find(name=name)
    assert control is not None, name
    node = control.parent
    while "field" not in node.classes:
        node = node.parent
    return node


def errors_beside(page, name):
    return [error.text() for error in field(page, name).find_all(cls="error")]


def selected(page, name):
    select = page.find("select", name=name)
    return [option.attrs["value"] for option in select.find_all("option") if "selected" in option.attrs]


def verdict(page):
    return page.find(cls="verdict").text()


def check(client, path, **query):
    return client.get(f"/check/{path}?{urlencode(query)}")


# --- the hub -----------------------------------------------------------------------------------


def test_hub_links_the_four_checkers_and_the_menu_links_the_hub(client):
    response = client.get("/check")
    assert response.status_code == 200
    page = parse(response)
    links = [(link.attrs["href"], link.find(cls="hub-title").text()) for link in page.find_all("a", cls="hub-button")]
    assert links == [("/check/initial-meld", "First meld"), ("/check/pile", "Discard pile"),
                     ("/check/going-out", "Going out"), ("/check/meld", "One meld")]
    nav = page.find("nav")
    assert nav.find("a", href="/check").text() == "Rules check"
    assert nav.find("a", href="/check").attrs.get("aria-current") == "page"


@pytest.mark.parametrize("path", ["initial-meld", "meld", "pile", "going-out"])
def test_a_blank_checker_asks_and_answers_nothing_yet(client, path):
    response = client.get(f"/check/{path}")
    assert response.status_code == 200
    page = parse(response)
    assert page.find(cls="check-result") is None
    assert page.find(cls="error") is None
    picker = page.find(cls="picker")
    assert "hidden" in picker.attrs  # shown by static/cards.js; the text field works alone
    assert [key.attrs["data-card"] for key in picker.find_all(cls="picker-key")][:15] == [
        "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "JK", "3H", "3S"]
    assert page.find_all("script")[-1].attrs["src"].split("?v=")[0] == "/static/cards.js"
    assert page.find("form").attrs["method"] == "get"


# --- initial meld ------------------------------------------------------------------------------


def test_the_example_on_the_page_reads_right(client):
    page = parse(client.get("/check/initial-meld"))
    text = page.find(cls="example").text(apart=True)
    assert "K K K and Q Q 2 make 70: enough below 1,500 (minimum 50), 20 short from 1,500 to 2,995 (minimum 90)." in text
    link = page.find(cls="example").find("a").attrs["href"]
    assert link.startswith("/check/initial-meld?")
    assert verdict(parse(client.get(link))) == "20 short"


@pytest.mark.parametrize(
    ("query", "expected_verdict", "detail"),
    [
        ({"rules": "classic", "total": 1600, "cards": "K K | Q Q 2", "pile_top": "K"}, "20 short", "70 points, minimum 90 for a total of 1,600."),
        ({"rules": "classic", "total": 1400, "cards": "K K Q Q 2", "pile_top": "K"}, "Enough", "70 points, minimum 50 for a total of 1,400."),
        ({"rules": "classic", "total": -20, "cards": "5 5 5"}, "Enough", "15 points, minimum 15 for a total of \u221220."),
        ({"rules": "classic", "total": 0, "cards": "K K Q Q 2", "pile_top": "J"}, "Not allowed", "60 points, minimum 50 for a total of 0."),
        ({"rules": "modern", "total": 0, "cards": "A A 2 2 K K K"}, "15 short", "110 points, minimum 125 for a total of 0."),
        ({"rules": "classic", "total": 3000, "cards": "K K K K K K K 5 5 5", "going_out": "concealed"},
         "Enough", "85 points: going out concealed needs no minimum."),
    ],
    ids=["example-1600", "example-1400", "negative-total", "pile-without-pair", "modern-short", "concealed"],
)
def test_initial_meld_answers(client, query, expected_verdict, detail):
    response = check(client, "initial-meld", **query)
    assert response.status_code == 200
    page = parse(response)
    assert verdict(page) == expected_verdict
    assert page.find(cls="verdict-detail").text().startswith(detail)


def test_initial_meld_shows_the_melds_with_points_and_problems(client):
    page = parse(check(client, "initial-meld", rules="classic", total=0, cards="K K 2 2 2 2 | Q Q", pile_top="K"))
    melds = [(meld.find(cls="cards").text(apart=True), meld.find(cls="meld-points").text()) for meld in page.find_all(cls="found-meld")]
    assert melds == [("K K K 2 2 2 2", "110"), ("Q Q", "20")]
    problems = [problem.text() for problem in page.find_all(cls="meld-problem")]
    assert problems == ["A meld may hold at most 3 wild cards; this one has 4.",
                        "A meld needs at least 3 cards; this one has 2."]
    assert "with the K from the pile" in page.find(cls="found-meld").text()


def test_red_threes_and_wild_limit_from_the_form(client):
    page = parse(check(client, "initial-meld", rules="classic", wild_limit="naturals_outnumber", total=0,
                       cards="K K 2 2 3H"))
    assert verdict(page) == "Not allowed"
    text = page.find(cls="check-result").text()
    assert "the natural cards must outnumber the wild cards" in text
    assert "Red 3s are never melded" in text


def test_modern_ignores_the_classic_house_rule(client):
    page = parse(check(client, "initial-meld", rules="modern", wild_limit="naturals_outnumber", total=0,
                       cards="A A A K K 2 2 Q Q Q"))
    assert verdict(page) == "Enough"


def test_errors_show_beside_their_fields_and_the_form_keeps_what_was_typed(client):
    response = check(client, "initial-meld", rules="modern", total="lots", cards="K KX 3", pile_top="K", going_out="no")
    assert response.status_code == 422
    page = parse(response)
    assert page.find(cls="check-result") is None
    assert errors_beside(page, "cards") == [
        'Cannot read "KX" (card 2). Write cards as 4 to 10, J, Q, K, A, 2, JK for a joker, and a 3 with its suit (3H, 3S).',
        "Card 3 is a 3 without its suit: write 3H or 3D for a red 3, 3S or 3C for a black 3."]
    assert errors_beside(page, "total") == ["Give the total as a whole number, like 1500 or -40."]
    assert page.find("input", name="cards").attrs["value"] == "K KX 3"
    assert page.find("input", name="cards").attrs["aria-invalid"] == "true"
    assert page.find("input", name="total").attrs["value"] == "lots"
    assert selected(page, "rules") == ["modern"]
    assert selected(page, "pile_top") == ["K"]


@pytest.mark.parametrize(
    ("query", "name", "message"),
    [
        ({"cards": ""}, "cards", "Give the cards you want to meld, like K K Q Q 2: tap them below or type them."),
        ({"cards": "JK JK JK JK JK K K"}, "cards", "Two decks hold only 4 jokers; you wrote 5."),
        ({"cards": "K K K", "total": ""}, "total", "Give your side's total before this hand, like 1500 (0 in the first hand)."),
        ({"cards": "K K K", "total": "99999999"}, "total", "That total is out of reach of any game: check the number."),
        ({"cards": "K K K", "rules": "modern", "going_out": "concealed"}, "going_out",
         "Modern American, 4 players in 2 teams has no going out concealed: choose Yes."),
        ({"cards": "K K K", "rules": "canasta"}, "rules",
         'There is no rule set "canasta". Choose one of: classic, classic-2p, classic-3p, classic-6p, '
         "classic-6p-3teams, modern."),
    ],
    ids=["no-cards", "fifth-joker", "no-total", "huge-total", "modern-concealed", "unknown-rules"],
)
def test_initial_meld_field_errors(client, query, name, message):
    query = {"rules": "classic", "total": 0, **query}
    response = check(client, "initial-meld", **query)
    assert response.status_code == 422
    assert errors_beside(parse(response), name) == [message]


# --- prefill from a game -------------------------------------------------------------------------


def new_game(db, hands=(), **fields):
    """A game's id: the checker needs no edit key."""
    return start_game(db, hands, **fields)[0]


def test_the_scoreboard_link_fills_in_the_game(client, db):
    game_id = new_game(db, hands=[WORKED], start_totals=[1000, 0], options={"wild_limit": "not_outnumber"})
    response = check(client, "initial-meld", game=game_id, side=0)
    assert response.status_code == 200
    page = parse(response)
    assert page.find("h1").text() == "Ann & Bob need 90"  # 1,000 + 605 = 1,605
    assert page.find("input", name="total").attrs["value"] == "1605"
    assert selected(page, "rules") == ["classic"]
    assert selected(page, "wild_limit") == ["not_outnumber"]
    assert page.find("input", name="game").attrs["value"] == game_id
    assert page.find("a", href=f"/games/{game_id}") is not None
    other = parse(check(client, "initial-meld", game=game_id, side=1))
    assert other.find("h1").text() == "Cy & Di need 15"  # 0 - 295
    assert other.find("input", name="total").attrs["value"] == "-295"


def test_a_game_stored_directly_fills_in_its_rules_and_totals(client, db):
    store.create_game(db, game_id="g-checker", edit_key_hash="h", rules="classic-6p", options={"target": 10000},
                      names=["North", "South"], seats=[], start_totals=[7500, 2990])
    page = parse(check(client, "initial-meld", game="g-checker", side=0))
    assert page.find("h1").text() == "North need 150"
    assert selected(page, "rules") == ["classic-6p"]
    page = parse(check(client, "initial-meld", game="g-checker", side=1))
    assert page.find("h1").text() == "South need 90"
    assert page.find("input", name="total").attrs["value"] == "2990"


def test_a_checked_meld_keeps_the_game_heading(client, db):
    game_id = new_game(db, hands=[WORKED], start_totals=[1000, 0])
    page = parse(check(client, "initial-meld", game=game_id, side=0, rules="classic", wild_limit="three",
                       total=1605, cards="K K | Q Q 2", pile_top="K"))
    assert page.find("h1").text() == "Ann & Bob need 90"
    assert verdict(page) == "20 short"


def test_three_players_need_in_the_singular(client, db):
    game_id = new_game(db, rules="classic-3p", names=["Ann", "Bob", "Cy"], start_totals=[3100, 0, -5])
    assert parse(check(client, "initial-meld", game=game_id, side=0)).find("h1").text() == "Ann needs 120"
    assert parse(check(client, "initial-meld", game=game_id, side=2)).find("h1").text() == "Cy needs 15"


def test_a_modern_game_fills_in_modern(client, db):
    game_id = new_game(db, rules="modern", start_totals=[5000, 0])
    page = parse(check(client, "initial-meld", game=game_id, side=0))
    assert page.find("h1").text() == "Ann & Bob need 180"
    assert selected(page, "rules") == ["modern"]


@pytest.mark.parametrize(("game", "side", "message"), [
    ("no-such-game", "0", "That game could not be found: fill in the rule set and the total yourself."),
    (None, "7", "That game has no such team or player: fill in the total yourself."),
    (None, "x", "That game has no such team or player: fill in the total yourself."),
], ids=["unknown-game", "side-out-of-range", "side-not-a-number"])
def test_a_broken_scoreboard_link_still_opens_the_checker(client, db, game, side, message):
    game_id = game or new_game(db)
    response = check(client, "initial-meld", game=game_id, side=side)
    assert response.status_code == 200
    page = parse(response)
    assert page.find("h1").text() == "First meld check"
    assert page.find(cls="flash-error").text() == message
    assert page.find("input", name="game").attrs.get("value", "") == ""


def test_the_scoreboard_links_to_the_checker(client, db):
    game_id = new_game(db)
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f"/check/initial-meld?game={game_id}&amp;side=0" in board


# --- one meld -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "expected_verdict", "facts"),
    [
        ({"rules": "classic", "cards": "K K K K K 2 2"}, "Mixed canasta",
         {"Card points": "90", "Canasta bonus": "300", "Worth": "390"}),
        ({"rules": "classic", "cards": "8 8 8 8"}, "Legal meld", {"Cards": "4: 3 more make a canasta", "Canasta bonus": "none yet"}),
        ({"rules": "modern", "cards": "2 2 2 2 2 2 2"}, "Wild canasta of seven 2s", {"Worth": "3,140"}),
        ({"rules": "modern", "cards": "A A A A", "initial": "y"}, "Legal meld",
         {"If unfinished": "−2,500 when the hand ends before it is a canasta"}),
        ({"rules": "modern", "cards": "7 7 7 2"}, "Not a legal meld", {"Card points": "35"}),
    ],
    ids=["classic-mixed", "classic-four", "modern-seven-twos", "modern-aces-penalty", "modern-sevens-wild"],
)
def test_meld_checker(client, query, expected_verdict, facts):
    page = parse(check(client, "meld", **query))
    assert verdict(page) == expected_verdict
    shown = {row.find("dt").text(): row.find("dd").text() for row in page.find(cls="check-facts").find_all("div")}
    assert {name: shown[name] for name in facts} == facts


def test_meld_checker_takes_one_meld(client):
    response = check(client, "meld", rules="classic", cards="K K K | Q Q Q")
    assert response.status_code == 422
    assert errors_beside(parse(response), "cards") == ["Give one group of cards here: leave out the |."]


# --- the pile (and going out, whose answers read the same way) --------------------------------------


@pytest.mark.parametrize(
    ("path", "query", "expected_verdict", "text"),
    [
        ("pile", {"rules": "classic", "pile_top": "Q", "hand": "Q 2 5 9", "side_has_melded": "y", "side_melds": "Q Q Q"},
         "Yes, take it", "Meld the queen on top with a queen and a 2 from your hand."),
        ("pile", {"rules": "classic", "pile_top": "Q", "hand": "Q 2 5 9", "side_has_melded": "y", "frozen": "y"},
         "No", "taking it needs a natural pair of queens from your hand; you have a queen."),
        ("pile", {"rules": "classic", "pile_top": "3S", "hand": "Q Q", "side_has_melded": "y"},
         "No", "A black 3 on top stops the pile"),
        ("pile", {"rules": "modern", "pile_top": "Q", "hand": "Q Q 9", "side_has_melded": "y"},
         "Yes, take it", "In Modern American the pile is always frozen: it is taken only with a natural pair from your hand."),
        ("pile", {"rules": "modern", "pile_top": "Q", "hand": "Q Q 9", "side_melds": "Q Q Q Q Q"},
         "No", "Your side already has 5 queens on the table"),
        ("pile", {"rules": "modern", "pile_top": "K", "hand": "K K 9", "side_has_melded": "y", "dead_ranks": "K"},
         "No", "The kings are dead"),
        ("pile", {"rules": "classic", "pile_top": "Q", "hand": "9", "side_melds": "Q Q Q", "pile_size": "1"},
         "No", "With one card left in your hand you may not take a pile of one card."),
        ("going-out", {"rules": "classic", "hand": "K K K K K 2 2 5", "canastas": "0"}, "Yes, concealed",
         "Go out concealed: meld K K K K K 2 2 and discard the 5."),
        ("going-out", {"rules": "classic", "hand": "K K K 5", "canastas": "1", "side_has_melded": "y",
                       "player_has_melded": "y"}, "Yes", "Going out scores 100."),
        ("going-out", {"rules": "classic-2p", "hand": "K K K 5", "canastas": "1", "side_has_melded": "y"}, "Not yet",
         "You need 2 canastas to go out and would have 1"),
        ("going-out", {"rules": "classic-3p", "canastas_to_go_out": "1", "hand": "K K K 5", "canastas": "1",
                       "side_has_melded": "y"}, "Yes", "Canastas: 1 of 1 needed."),
        ("going-out", {"rules": "modern", "hand": "K K K Q Q Q", "canastas": "2", "side_has_melded": "y"}, "Not yet",
         "You cannot meld all of them but one to discard"),
        ("going-out", {"rules": "classic", "hand": "9 9", "canastas": "0", "side_melds": "9 9 9 9 2"}, "Yes",
         "(with 1 completed this turn)"),
    ],
    ids=["pile-unfrozen-ways", "pile-frozen", "pile-black-three", "pile-modern-frozen-note", "pile-modern-five", "pile-modern-dead",
         "pile-one-card-pile", "going-out-concealed", "going-out-out", "going-out-two-players",
         "going-out-three-players-option", "going-out-modern-discard", "going-out-completes-canasta"],
)
def test_pile_and_going_out_checkers(client, path, query, expected_verdict, text):
    """The pile and going-out checkers answer alike: a verdict, and the reason in the result under it."""
    page = parse(check(client, path, **query))
    assert verdict(page) == expected_verdict
    assert text in page.find(cls="check-result").text()


def test_pile_checker_errors_beside_fields(client):
    response = check(client, "pile", rules="classic", pile_top="Q", hand="Q Q", side_melds="K Q Q", pile_size="x")
    assert response.status_code == 422
    page = parse(response)
    assert errors_beside(page, "side_melds") == ["Meld 1: A meld holds cards of one rank; these are kings and queens."]
    assert errors_beside(page, "pile_size") == ["Give the number of cards as a whole number, like 6."]
    assert page.find("input", name="side_melds").attrs["value"] == "K Q Q"


# --- going out --------------------------------------------------------------------------------------


def test_going_out_lists_the_conditions_of_the_rule_set(client):
    page = parse(check(client, "going-out", rules="modern"))
    assert page.find("h2", id="conditions-heading").text() == "Going out under Modern American, 4 players in 2 teams"
    assert [line.text() for line in page.find(cls="conditions").find_all("li")][0] == (
        "Your side needs 2 canastas to go out; one completed in the same turn counts.")


def test_going_out_errors_keep_the_form(client):
    response = check(client, "going-out", rules="classic", hand="K K ZZ", canastas="many", player_has_melded="y")
    assert response.status_code == 422
    page = parse(response)
    assert errors_beside(page, "hand") == ['Cannot read "ZZ" (card 3). Write cards as 4 to 10, J, Q, K, A, 2, JK for a joker, and a 3 with its suit (3H, 3S).']
    assert errors_beside(page, "canastas") == ["Give the number of canastas as a whole number, like 1."]
    assert errors_beside(page, "player_has_melded") == ["If you have melded, so has your side: tick both."]
    assert "checked" in page.find("input", name="player_has_melded").attrs
    assert page.find("input", name="hand").attrs["value"] == "K K ZZ"


def test_checker_pages_work_with_csrf_on(csrf_app):
    client = csrf_app.test_client()
    page = parse(check(client, "initial-meld", rules="classic", total=1600, cards="K K | Q Q 2", pile_top="K"))
    assert verdict(page) == "20 short"


def test_each_rule_set_names_the_fields_it_asks_from_its_rules_not_its_name(client):
    """The check forms' script shows a field only while the chosen rule set asks it (data-asks)."""
    html = client.get("/check/meld").get_data(as_text=True)
    asks = {value: set(marks.split()) for marks, value in re.findall(r'<option[^>]*data-asks="([^"]*)"[^>]*value="([^"]+)"', html)}
    assert asks["classic"] == {"going_out", "wild_limit", "frozen"}
    assert asks["classic-3p"] == {"going_out", "wild_limit", "frozen", "canastas_to_go_out"}
    assert asks["modern"] == {"initial", "dead_ranks"}
    assert 'data-shown-for="initial"' in html and 'data-shown-for="going_out"' in html
