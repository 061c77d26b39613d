"""The scoreboard, the live view, the edit link and the polling endpoints, through the Flask client."""

import re

import pytest
from flask import url_for

from scorekeeper.games import write as service
from scorekeeper.store import sqlite
from scorekeeper.games.read import forget_games

from ..helpers import WORKED, held_keys, new_game, parse

# Ann & Bob: 200 + 500 + 100 + 200 (concealed) = 1,000; Cy & Di: -50.
BIG = [{"melded_points": 300, "natural_canastas": 1, "mixed_canastas": 0, "going_out": "concealed"},
       {"melded_points": 0, "hand_points": 50}]
NOTHING = [{"melded_points": 0}, {"melded_points": 0}]


# --- helpers ------------------------------------------------------------------------------


def keep_score(client, game_id, key):
    """Open the edit link in this client, as the scorekeeper's phone does."""
    response = client.get(f"/games/{game_id}/join?key={key}")
    assert response.status_code == 303
    return response


def totals_on(page):
    """Scorer name -> (total text, needs text) from the big totals."""
    return {
        card.find(cls="total-name").text(): (
            card.find(cls="total-points").text(),
            card.find(cls="needs").visible_text() if card.find(cls="needs") else None,
        )
        for card in page.find_all("li", cls="total-card")
    }


def hand_rows(page):
    """Each hand row as a list of (hand score, running total) per scorer: a cell's own text, then its <b>."""
    rows = []
    for row in page.find("table", cls="hands").find_all("tr"):
        if row.attrs.get("id", "").startswith("hand-"):
            rows.append([("".join(part for part in cell.children if isinstance(part, str)).strip(), cell.find("b").text())
                         for cell in row.find_all("td")])
    return rows


# --- who may see and change ---------------------------------------------------------------


@pytest.mark.parametrize("path", ["", "/view", "/fragment", "/join?key=x"], ids=["board", "view", "fragment", "join"])
def test_unknown_game_is_a_404_page(client, path):
    response = client.get(f"/games/no-such-game{path}")
    assert response.status_code == 404
    assert "There is no game at this address" in response.get_data(as_text=True)
    assert response.mimetype == "text/html"


def test_unknown_game_live_json_is_a_404_with_errors(client):
    response = client.get("/games/no-such-game/live.json")
    assert response.status_code == 404
    assert response.get_json()["errors"][0]["message"].startswith("There is no game")


def test_a_wrong_join_key_is_refused_and_opens_nothing(client, db):
    game_id, key = new_game(db)
    response = client.get(f"/games/{game_id}/join?key={key[:-2]}xx")
    assert response.status_code == 403
    assert "This edit link does not open the game" in response.get_data(as_text=True)
    assert game_id not in held_keys(client)
    assert client.get(f"/games/{game_id}/join").status_code == 403  # no key at all
    page = parse(client.get(f"/games/{game_id}").data)
    assert page.find("a", href=f"/games/{game_id}/hands/new") is None


def test_the_edit_link_keeps_the_key_and_drops_it_from_the_address(client, db):
    game_id, key = new_game(db)
    response = keep_score(client, game_id, key)
    assert response.headers["Location"] == f"/games/{game_id}"
    assert "key" not in response.headers["Location"]
    assert response.headers["Cache-Control"] == "no-store"
    assert held_keys(client)[game_id] == key
    page = parse(client.get(response.headers["Location"]).data)
    add = page.find("a", href=f"/games/{game_id}/hands/new")
    assert add is not None and add.text() == "Add hand 1"


def test_board_with_the_key_shows_every_edit_control(client, db):
    game_id, key = new_game(db, hands=[WORKED, WORKED])
    keep_score(client, game_id, key)
    page = parse(client.get(f"/games/{game_id}").data)
    assert page.find("a", href=f"/games/{game_id}/hands/new").text() == "Add hand 3"
    for number in (1, 2):
        link = page.find("tr", id=f"hand-{number}").find("a")
        assert (link.attrs["href"], link.text()) == (f"?hand={number}#hand-{number}", str(number))
        for path in ("", "?partial=1&edit=1"):
            breakdown = parse(client.get(f"/games/{game_id}/breakdown/{number}{path}").data)
            assert breakdown.find("a", href=f"/games/{game_id}/hands/{number}/edit").text() == f"Edit hand {number}"
            assert breakdown.find("a", href=f"/games/{game_id}/hands/{number}/delete").text() == f"Delete hand {number}"
    undo = page.find("form", action=f"/games/{game_id}/undo")
    assert undo.attrs["method"] == "post"
    assert undo.find("input", name="csrf_token") is not None
    assert undo.find("input", name="expected_version").attrs["value"] == "2"
    assert undo.find("button").text() == "Undo: add of hand 2"
    assert page.find("a", href=f"/games/{game_id}/history").text() == "History"
    # Sharing has its own page: the board only links to it, and never shows the edit key.
    assert page.find("a", href=f"/games/{game_id}/share").text() == "Share with the table: links and QR codes"
    assert page.find("svg", cls="qr") is None and key not in client.get(f"/games/{game_id}").get_data(as_text=True)
    assert page.find(cls="share-invite") is None  # the big invitation is for a game with no hands


def test_board_without_the_key_is_read_only(client, db):
    game_id, _ = new_game(db, hands=[WORKED])
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    page = parse(html)
    assert "/hands/" not in html and "/undo" not in html and "join?key" not in html
    assert page.find(cls="share") is None and "/share" not in html
    assert "You are viewing this game" in page.find("p", cls="note").text()
    assert totals_on(page)["Ann & Bob"] == ("605", "needs 50 to meld first")


def test_view_page_has_no_edit_controls_even_for_the_scorekeeper(client, db):
    game_id, key = new_game(db, hands=[WORKED])
    keep_score(client, game_id, key)
    html = client.get(f"/games/{game_id}/view").get_data(as_text=True)
    page = parse(html)
    assert "/hands/" not in html and "/undo" not in html and key not in html
    assert page.find("svg", cls="qr") is None and "/share" not in html
    # Its own link, to pass on: the same view, never the edit link.
    assert page.find("input", id="view-url").attrs["value"] == f"http://localhost/games/{game_id}/view"
    link = page.find("p", cls="note").find("a")
    assert link.attrs["href"] == f"/games/{game_id}" and "You keep score" in link.text()
    board = page.find("div", id="board")
    assert board.attrs["data-live"] == f"/games/{game_id}/live.json"
    assert board.attrs["data-fragment"] == f"/games/{game_id}/fragment"
    assert page.find("a", cls="refresh").text() == "Refresh"
    assert page.find("script").attrs["src"].split("?v=")[0] == "/static/board.js"


def test_view_page_for_a_stranger(client, db):
    game_id, _ = new_game(db, hands=[WORKED])
    page = parse(client.get(f"/games/{game_id}/view").data)
    assert page.find("p", cls="note") is None
    assert totals_on(page)["Cy & Di"] == ("−295", "needs 15 to meld first")


def test_pages_are_never_cached_by_others(client, db):
    game_id, _ = new_game(db)
    for path in ("", "/view", "/fragment"):
        assert client.get(f"/games/{game_id}{path}").headers["Cache-Control"] == "private, no-cache"


# --- the numbers --------------------------------------------------------------------------


def breakdowns(client, game_id, number, partial=True):
    """Each side's (label, points) pairs from a hand's breakdown."""
    page = parse(client.get(f"/games/{game_id}/breakdown/{number}" + ("?partial=1" if partial else "")).data)
    return [
        (side.find("h3").text(),
         [(item.find("dt").text(), item.find("dd").text()) for item in side.find("dl").find_all("div")])
        for side in page.find_all("div", cls="side")
    ]


def test_worked_example_totals_minimums_and_breakdown(client, db):
    game_id, _ = new_game(db, hands=[WORKED])
    page = parse(client.get(f"/games/{game_id}").data)
    assert totals_on(page) == {"Ann & Bob": ("605", "needs 50 to meld first"), "Cy & Di": ("−295", "needs 15 to meld first")}
    assert hand_rows(page) == [[("+605", "605"), ("−295", "−295")]]
    link = page.find("tr", id="hand-1").find("a")
    assert link.attrs["href"] == "?hand=1#hand-1" and "aria-expanded" not in link.attrs  # board.js adds it
    assert page.find("div", id="board").attrs["data-hand"] == f"/games/{game_id}/breakdown/"
    assert page.find("p", cls="hint").text() == "Tap a hand’s number for its breakdown."
    expected = [
        ("Ann & Bob", [("Canasta bonuses", "+300"), ("Going out", "+100"), ("Red 3s", "+100"),
                       ("Melded cards", "+120"), ("Cards left in hand", "−15"), ("Hand score", "+605")]),
        ("Cy & Di", [("Red 3s", "−200"), ("Cards left in hand", "−95"), ("Hand score", "−295")]),
    ]
    assert breakdowns(client, game_id, 1) == expected
    assert breakdowns(client, game_id, 1, partial=False) == expected
    assert page.find("p", cls="standing").text() == "Ann & Bob lead by 900."
    progress = page.find_all("progress")
    assert [(p.attrs["value"], p.attrs["max"]) for p in progress] == [("605", "5000"), ("0", "5000")]
    assert progress[1].attrs["aria-label"] == "Cy & Di: −295 of 5,000"


def test_running_totals_from_carried_start_totals(client, db):
    game_id, _ = new_game(db, hands=[WORKED, BIG], start_totals=[2340, 1910])
    page = parse(client.get(f"/games/{game_id}").data)
    assert hand_rows(page) == [[("+605", "2,945"), ("−295", "1,615")], [("+1,000", "3,945"), ("−50", "1,565")]]
    start = page.find("tr", cls="start")
    assert [cell.text() for cell in start.find_all("td")] == ["2,340", "1,910"]
    assert totals_on(page) == {"Ann & Bob": ("3,945", "needs 120 to meld first"), "Cy & Di": ("1,565", "needs 90 to meld first")}


def test_the_next_dealer_is_named_when_seats_were(client, db):
    game_id, _ = new_game(db, hands=[WORKED], seats=["Ann", "Cy", "Bob", "Di"])
    page = parse(client.get(f"/games/{game_id}").data)
    assert page.find("p", cls="standing").text() == "Ann & Bob lead by 900. Cy deals hand 2."
    breakdown = parse(client.get(f"/games/{game_id}/breakdown/1?partial=1").data)
    assert breakdown.find("p", cls="hand-note").text() == "Ann dealt hand 1."


def test_no_hands_yet(client, db):
    game_id, key = new_game(db)
    keep_score(client, game_id, key)
    page = parse(client.get(f"/games/{game_id}").data)
    assert totals_on(page) == {"Ann & Bob": ("0", "needs 50 to meld first"), "Cy & Di": ("0", "needs 50 to meld first")}
    assert page.find("table") is None and page.find("svg", cls="chart-svg") is None
    assert "No hands yet" in page.find("section", cls="hands-section").text()
    assert page.find("details", cls="undo") is None
    # The scorekeeper's first move: show the score on the other phones.
    invite = page.find("section", cls="share-invite")
    assert invite.find("a", href=f"/games/{game_id}/share").text() == "Share with the table"
    assert "button" in invite.find("a").classes


def test_winner_banner_and_margin(client, db):
    game_id, key = new_game(db, hands=[WORKED, BIG], options={"target": 1500})
    keep_score(client, game_id, key)
    page = parse(client.get(f"/games/{game_id}").data)
    banner = page.find("section", cls="banner")
    assert banner.find("h2").text() == "Game over"
    assert banner.find("p").text() == "Ann & Bob win by 1,950"  # 1,605 to -345
    assert "winner" in page.find_all("li", cls="total-card")[0].classes
    assert "winner" not in page.find_all("li", cls="total-card")[1].classes
    # Nothing more to add, and no minimums to show, once the game is over.
    assert page.find("a", href=f"/games/{game_id}/hands/new") is None
    assert totals_on(page)["Ann & Bob"] == ("1,605", None)
    assert page.find("p", cls="standing") is None


def test_a_player_wins_in_the_singular(client, db):
    game_id, _ = new_game(db, rules="classic-2p", names=["Ann", "Cy"], options={"target": 1000},
                          hands=[[{"melded_points": 300, "natural_canastas": 1, "mixed_canastas": 1, "going_out": "out"},
                                  {"hand_points": 50}]])
    page = parse(client.get(f"/games/{game_id}").data)
    assert page.find("section", cls="banner").find("p").text() == "Ann wins by 1,250"


def test_a_tie_at_the_top_means_another_hand(client, db):
    game_id, key = new_game(db, hands=[BIG], options={"target": 1000}, start_totals=[0, 1050])
    keep_score(client, game_id, key)
    page = parse(client.get(f"/games/{game_id}").data)
    banner = page.find("section", cls="banner")
    assert "tie" in banner.classes
    assert banner.find("p").text() == "Tied at 1,000: another hand is played to decide"
    assert page.find("a", href=f"/games/{game_id}/hands/new").text() == "Add hand 2"


def test_a_tie_shared_by_option(client, db):
    game_id, _ = new_game(db, hands=[BIG], options={"target": 1000, "tie": "shared"}, start_totals=[0, 1050])
    page = parse(client.get(f"/games/{game_id}").data)
    banner = page.find("section", cls="banner")
    assert banner.find("h2").text() == "Game over"
    assert banner.find("p").text() == "Ann & Bob and Cy & Di share the win at 1,000"


def test_three_players_show_who_played_alone(client, db):
    hand = [{"members": [0], "melded_points": 200, "natural_canastas": 1, "mixed_canastas": 1, "going_out": "out"},
            {"members": [1, 2], "melded_points": 100, "hand_points": 30, "red_threes": [1, 0]}]
    game_id, _ = new_game(db, rules="classic-3p", names=["Ann", "Bob", "Cy"], hands=[hand])
    page = parse(client.get(f"/games/{game_id}").data)
    # Ann: 500 + 300 + 100 + 200 = 1,100. Partners: 100 - 30 = 70, Bob +100 for his red 3.
    assert hand_rows(page) == [[("+1,100", "1,100"), ("+170", "170"), ("+70", "70")]]
    details = parse(client.get(f"/games/{game_id}/breakdown/1?partial=1").data)
    assert details.find("p", cls="hand-note").text() == "Ann played alone."
    partners = details.find_all("div", cls="side")[1]
    assert partners.find("h3").text() == "Bob & Cy (partners)"
    assert partners.find("p").text() == "With their own red 3s: Bob +170, Cy +70."
    assert "totals-3" in page.find("ul", cls="totals").classes


def test_modern_american_breakdown_and_minimums(client, db):
    hand = [{"canastas": {"natural": 1, "mixed": 1}, "melded_points": 250, "red_threes": 2, "going_out": "out"},
            {"canastas": {}, "melded_points": 60, "hand_points": 40, "red_threes": 1, "unfinished": {"aces": True}}]
    game_id, _ = new_game(db, rules="modern", names=["We", "They"], start_totals=[3000, 0], hands=[hand])
    page = parse(client.get(f"/games/{game_id}").data)
    assert page.find("p", cls="board-rules").text() == "Modern American, 4 players in 2 teams · to 8,500"
    assert totals_on(page) == {"We": ("4,450", "needs 155 to meld first"), "They": ("−2,700", "needs 125 to meld first")}
    assert hand_rows(page) == [[("+1,450", "4,450"), ("−2,700", "−2,700")]]
    assert breakdowns(client, game_id, 1) == [
        ("We", [("Canasta bonuses", "+800"), ("Going out", "+100"), ("Threes", "+300"), ("Melded cards", "+250"),
                ("Hand score", "+1,450")]),
        ("They", [("Threes", "−100"), ("Melded cards", "−60"), ("Cards left in hand", "−40"),
                  ("Penalties", "−2,500"), ("Hand score", "−2,700")]),
    ]
    assert [a.text() for a in page.find_all("a", cls="check-link")] == ["Check our first meld for We",
                                                                        "Check our first meld for They"]


def test_names_with_html_show_as_text(client, db):
    game_id, key = new_game(db, names=["<script>alert(1)</script>", "Cy & Di"], hands=[WORKED])
    keep_score(client, game_id, key)
    for path in ("", "/view", "/fragment", "/fragment?edit=1", "/share"):
        html = client.get(f"/games/{game_id}{path}").get_data(as_text=True)
        assert "<script>alert(1)</script>" not in html
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_a_stored_hand_the_engine_refuses_is_shown_plainly(client, db):
    game_id, key = new_game(db, hands=[WORKED, WORKED])
    db.execute("update hands set sides = ? where id = (select max(id) from hands)",
               ['[{"melded_points": 50, "going_out": "out"}, {}]'])
    forget_games()  # as after an upgrade of the engine: a new process, nothing scored yet
    keep_score(client, game_id, key)
    page = parse(client.get(f"/games/{game_id}").data)
    problems = page.find("section", cls="problems")
    assert problems.find("h2").text() == "A stored hand breaks the rules"
    assert problems.find("li").text().startswith("Hand 2: ")
    assert problems.find("a", href=f"/games/{game_id}/hands/2/edit") is not None
    assert hand_rows(page) == [[("+605", "605"), ("−295", "−295")]]
    assert page.find("a", href=f"/games/{game_id}/hands/new") is None


def test_first_meld_check_links_per_side_and_the_sheet(app, client, db):
    game_id, _ = new_game(db, hands=[WORKED])
    page = parse(client.get(f"/games/{game_id}/view").data)
    links = [a.attrs["href"] for a in page.find_all("a", cls="check-link")]
    with app.test_request_context():
        assert links == [url_for("checker.initial_meld", game=game_id, side=side) for side in (0, 1)]
        sheet = url_for("sheets.game_sheet", game_id=game_id)
    assert "?game=" in links[0] and links[0].endswith("&side=0")
    assert [a.text() for a in page.find_all("a", cls="check-link")] == ["Check our first meld for Ann & Bob",
                                                                        "Check our first meld for Cy & Di"]
    assert page.find("a", href=sheet).text() == "Score sheet (PDF) to print or keep"


def test_the_chart_draws_a_line_per_scorer_and_the_target(client, db):
    game_id, _ = new_game(db, hands=[WORKED, BIG])
    page = parse(client.get(f"/games/{game_id}").data)
    svg = page.find("svg", cls="chart-svg")
    assert svg.attrs["role"] == "img"
    assert svg.find("title").text() == (
        "Running totals after 2 hands, playing to 5,000: Ann & Bob 1,605, Cy & Di −345."
    )
    assert len(svg.find_all("polyline")) == 2
    assert svg.find("text", cls="target-label").text() == "to win 5,000"
    assert "style" not in page.find("div", id="board").text() and 'style="' not in str(svg.attrs)


def test_a_hand_breakdown_page_of_its_own(client, db):
    game_id, key = new_game(db, hands=[WORKED], seats=["Ann", "Cy", "Bob", "Di"])
    page = parse(client.get(f"/games/{game_id}/breakdown/1").data)
    assert page.find("h1").text() == "Hand 1"
    assert page.find("p", cls="hand-note").text() == "Ann dealt hand 1."
    assert hand_rows(page) == [[("+605", "605"), ("−295", "−295")]]
    assert page.find("a", href=f"/games/{game_id}/view#hand-1").text() == "Back to the scores"
    assert page.find("a", href=f"/games/{game_id}/hands/1/edit") is None
    keep_score(client, game_id, key)
    page = parse(client.get(f"/games/{game_id}/breakdown/1").data)
    assert page.find("a", href=f"/games/{game_id}#hand-1") is not None
    # The partial: no page around it; edit controls only when the board asks for them.
    partial = client.get(f"/games/{game_id}/breakdown/1?partial=1").get_data(as_text=True)
    assert "<html" not in partial and "/hands/1/edit" not in partial


@pytest.mark.parametrize("path", ["", "/view"], ids=["board", "view"])
def test_a_hand_opened_without_javascript_shows_its_breakdown_under_it(client, db, path):
    game_id, _ = new_game(db, hands=[WORKED, BIG, WORKED])
    page = parse(client.get(f"/games/{game_id}{path}?hand=2").data)
    rows = page.find("table", cls="hands").find_all("tr")
    ids = [row.attrs.get("id") or row.attrs.get("class") for row in rows]
    assert ids == [None, "hand-1", "hand-2", "hand-more", "hand-3"]  # the header row first
    link = rows[2].find("a")
    assert (link.attrs["href"], link.attrs["aria-expanded"]) == (f"/games/{game_id}{path}#hand-2", "true")
    sides = rows[3].find_all("div", cls="side")
    assert [side.find("h3").text() for side in sides] == ["Ann & Bob", "Cy & Di"]
    assert sides[0].find("div", cls="sum").text() == "Hand score+1,000"
    assert rows[3].find("td").attrs["colspan"] == "3"
    # Any other value opens nothing, and is no error.
    for other in ("0", "4", "x", ""):
        page = parse(client.get(f"/games/{game_id}{path}?hand={other}").data)
        assert page.find("tr", cls="hand-more") is None


@pytest.mark.parametrize("number", [0, 2, 99])
def test_a_hand_that_is_not_there_is_a_404(client, db, number):
    game_id, _ = new_game(db, hands=[WORKED])
    response = client.get(f"/games/{game_id}/breakdown/{number}")
    assert response.status_code == 404
    assert f"This game has no hand {number}." in response.get_data(as_text=True)


# --- following the game live --------------------------------------------------------------


def test_live_json_gives_the_version_with_an_etag_and_304(client, db):
    game_id, _ = new_game(db, hands=[WORKED])
    response = client.get(f"/games/{game_id}/live.json")
    assert response.status_code == 200
    assert response.get_json() == {"version": 1}
    etag = response.headers["ETag"]
    assert etag == '"v1"'
    assert response.headers["Cache-Control"] == "no-cache"
    again = client.get(f"/games/{game_id}/live.json", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""
    service.add_hand(db, game_id, WORKED)
    changed = client.get(f"/games/{game_id}/live.json", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.get_json() == {"version": 2}
    assert changed.headers["ETag"] == '"v2"'


def test_fragment_is_only_the_board(client, db):
    game_id, key = new_game(db, hands=[WORKED])
    response = client.get(f"/games/{game_id}/fragment")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert html.lstrip().startswith("{#") is False and "<html" not in html and "<header" not in html
    page = parse(html)
    content = page.find("div", cls="board-content")
    assert content.attrs["data-version"] == "1"
    assert content.attrs["data-announce"] == "Scores updated after hand 1: Ann & Bob 605, Cy & Di −295."
    assert hand_rows(page) == [[("+605", "605"), ("−295", "−295")]]
    # Edit controls only when asked for and this browser holds the key.
    assert "/hands/new" not in client.get(f"/games/{game_id}/fragment?edit=1").get_data(as_text=True)
    keep_score(client, game_id, key)
    assert "/hands/new" in client.get(f"/games/{game_id}/fragment?edit=1").get_data(as_text=True)
    assert "/hands/new" not in client.get(f"/games/{game_id}/fragment").get_data(as_text=True)


def test_the_board_fragment_url_asks_for_edit_controls_only_for_the_scorekeeper(client, db):
    game_id, key = new_game(db)
    board = parse(client.get(f"/games/{game_id}").data).find("div", id="board")
    assert board.attrs["data-fragment"] == f"/games/{game_id}/fragment"
    keep_score(client, game_id, key)
    board = parse(client.get(f"/games/{game_id}").data).find("div", id="board")
    assert board.attrs["data-fragment"] == f"/games/{game_id}/fragment?edit=1"


def test_no_inline_scripts_styles_or_handlers(client, db):
    game_id, key = new_game(db, hands=[WORKED, BIG], seats=["Ann", "Cy", "Bob", "Di"])
    keep_score(client, game_id, key)
    for path in ("", "/view"):
        page = parse(client.get(f"/games/{game_id}{path}").data)
        for node in page.iter():
            assert "style" not in node.attrs, node.tag
            assert not any(name.startswith("on") for name in node.attrs), node.tag
            if node.tag == "script":
                assert node.attrs.get("src") and not node.text()
        assert page.find("style") is None


def test_the_scoreboard_page_stays_light(client, db):
    """The page loads 4 things at most, and the parts this area owns stay within their share of 30 KB.

    (The stylesheet every page shares is watched where the whole page is measured: bench/weight.py.)
    """
    game_id, key = new_game(db, hands=[WORKED, BIG, NOTHING, WORKED, NOTHING], seats=["Ann", "Cy", "Bob", "Di"])
    spectator = client.get(f"/games/{game_id}").data
    keep_score(client, game_id, key)
    scorekeeper = client.get(f"/games/{game_id}").data
    page = parse(scorekeeper)
    stylesheets = [link.attrs["href"] for link in page.find_all("link") if link.attrs.get("rel") == "stylesheet"]
    loaded = [link.attrs["href"].split("?v=")[0] for link in page.find_all("link")
              if not link.attrs["href"].startswith("data:")] + [s.attrs["src"].split("?v=")[0] for s in page.find_all("script")]
    # With the page itself, 4 requests: the icon is written into the page (a data: address).
    assert loaded == ["/static/style.css", "/static/board.css", "/static/board.js"]
    assert page.find("img") is None  # the chart is inline SVG: no more requests
    assert len(spectator) <= 9 * 1024, len(spectator)
    # No share panel (QR codes were 5.6 KB of the page): it has a page of its own.
    assert len(scorekeeper) <= 9 * 1024, len(scorekeeper)
    # 5.5 KB: the live board, and loading offline help (offline.js) only when it has work.
    assert len(client.get("/static/board.js").data) <= 5.5 * 1024
    css = "".join(client.get(href).get_data(as_text=True) for href in stylesheets)
    start = css.index("/* --- scoreboard, live view and home")
    end = css.find("\n/* --- ", start + 1)
    assert len(css[start:end if end > 0 else None].encode()) <= 7 * 1024
    # Each further hand costs a row, not a breakdown: those load when opened.
    service.add_hand(db, game_id, WORKED)
    assert len(client.get(f"/games/{game_id}").data) - len(scorekeeper) <= 700


def test_qr_codes_are_inline_svg_with_nothing_from_elsewhere(client, db):
    game_id, key = new_game(db)
    keep_score(client, game_id, key)
    html = client.get(f"/games/{game_id}/share").get_data(as_text=True)
    svgs = re.findall(r'<svg role="img" viewBox="0 0 \d+ \d+" class="qr">.*?</svg>', html, re.S)
    assert len(svgs) == 2
    for svg in svgs:
        assert not re.search(r"href|url\(|http|<image|<script|style=", svg, re.I)
        assert re.fullmatch(r'<svg[^>]*><title>[^<]+</title><path fill="#fff" d="[^"]+"/><path stroke="#000" d="[0-9Mmhv .-]+"/></svg>', svg)


def test_qr_markup_escapes_its_title_and_sizes_to_the_symbol():
    import segno

    from scorekeeper.printing.qr import qr_svg

    markup = qr_svg("https://example.org/x", 'Ann & <Bob>')
    assert "<title>Ann &amp; &lt;Bob&gt;</title>" in markup
    # Modules of the symbol plus a quiet zone of 4 on each side; no fixed size (CSS sizes it).
    modules = segno.make("https://example.org/x", error="m").symbol_size(scale=1, border=4)[0]
    assert f'viewBox="0 0 {modules} {modules}"' in markup
    assert "width=" not in markup and "height=" not in markup


# --- the share page -------------------------------------------------------------------------


def test_the_share_page_gives_both_links_with_their_qr_codes(client, db):
    game_id, key = new_game(db, hands=[WORKED])
    keep_score(client, game_id, key)
    response = client.get(f"/games/{game_id}/share")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "private, no-store"  # it shows the edit key
    page = parse(response.data)
    assert page.find("h1").text() == "Share with the table"
    assert page.find("title").text() == "Share · Ann & Bob vs Cy & Di · Canasta Scorekeeper"
    assert page.find("input", id="view-url").attrs["value"] == f"http://localhost/games/{game_id}/view"
    assert page.find("input", id="edit-url").attrs["value"] == f"http://localhost/games/{game_id}/join?key={key}"
    # The edit link behind a warning, folded away so the table scans the view code.
    partner = page.find("details", cls="edit-share")
    assert "open" not in partner.attrs
    assert partner.find("summary").text() == "Let a partner keep score"
    assert "Anyone with this link can change the scores." in partner.find("p", cls="warning").text()
    assert partner.find("input", id="edit-url") is not None
    qr_codes = page.find_all("svg", cls="qr")
    assert [svg.find("title").text() for svg in qr_codes] == ["QR code of the view link", "QR code of the edit link"]
    assert page.find("a", href=f"/games/{game_id}").text() == "Back to the scoreboard"
    assert page.find_all("script")[-1].attrs["src"].split("?v=")[0] == "/static/share.js"


@pytest.mark.parametrize("who", ["stranger", "holds-another-game"])
def test_the_share_page_is_only_for_the_scorekeeper(client, db, who):
    game_id, key = new_game(db, hands=[WORKED])
    if who == "holds-another-game":
        other_id, other_key = new_game(db, names=["X", "Y"])
        keep_score(client, other_id, other_key)
    response = client.get(f"/games/{game_id}/share")
    assert response.status_code == 403
    html = response.get_data(as_text=True)
    assert "Only the phone that keeps score can share this game" in html
    assert key not in html and "join?key" not in html and 'class="qr"' not in html
    assert client.get("/games/no-such-game/share").status_code == 404


# --- the board rendered once per version ----------------------------------------------------


@pytest.fixture
def renders(monkeypatch):
    """Count the board's content renders, by kind of reader (True: the scorekeeper's)."""
    from scorekeeper.web import board as games

    calls = []
    real = games.board_context

    def counting(game, editable, opened=None):
        calls.append(editable)
        return real(game, editable, opened)

    monkeypatch.setattr(games, "board_context", counting)
    return calls


def test_the_board_is_rendered_once_per_version_and_kind_of_reader(client, db, renders, monkeypatch):
    from scorekeeper.games import read as model

    scorings = []
    real_score = model.score_game
    # Scored where a change is made (games.write) or where a game is read (games.read): counted alike.
    for module in (model, service):
        monkeypatch.setattr(module, "score_game", lambda *args: scorings.append(1) or real_score(*args))
    game_id, key = new_game(db, hands=[WORKED])
    for path in ("", "/view", "/fragment", "", "/fragment?edit=1"):
        assert client.get(f"/games/{game_id}{path}").status_code == 200
    assert renders == [False] and len(scorings) == 1
    keep_score(client, game_id, key)
    for path in ("", "/fragment?edit=1", ""):
        page = parse(client.get(f"/games/{game_id}{path}").data)
        assert hand_rows(page) == [[("+605", "605"), ("−295", "−295")]]
    assert renders == [False, True] and len(scorings) == 1
    # A change is seen at once, by both kinds of reader.
    service.add_hand(db, game_id, BIG)
    page = parse(client.get(f"/games/{game_id}").data)
    assert totals_on(page)["Ann & Bob"] == ("1,605", "needs 90 to meld first")
    assert page.find("a", href=f"/games/{game_id}/hands/new").text() == "Add hand 3"
    view = parse(client.get(f"/games/{game_id}/view").data)
    assert totals_on(view)["Ann & Bob"] == ("1,605", "needs 90 to meld first")
    assert view.find("div", cls="board-content").attrs["data-version"] == "2"
    assert renders == [False, True, True, False] and len(scorings) == 2


def test_each_session_gets_its_own_csrf_token_in_the_kept_board(csrf_app, renders):
    game_id, key = new_game(sqlite.connect(csrf_app.config["DATABASE"]), hands=[WORKED, BIG])
    phones = [csrf_app.test_client(), csrf_app.test_client()]
    tokens = []
    for phone in phones:
        keep_score(phone, game_id, key)
        undo = parse(phone.get(f"/games/{game_id}").data).find("form", action=f"/games/{game_id}/undo")
        tokens.append(undo.find("input", name="csrf_token").attrs["value"])
    assert renders == [True]  # the second phone's board came from the kept one
    assert tokens[0] != tokens[1]
    # A token only works in the session it was given to.
    refused = phones[0].post(f"/games/{game_id}/undo", data={"csrf_token": tokens[1], "expected_version": "2"})
    assert refused.status_code == 400
    undone = phones[1].post(f"/games/{game_id}/undo", data={"csrf_token": tokens[1], "expected_version": "2"})
    assert undone.status_code == 303


def test_flashes_are_shown_once_though_the_board_is_kept(client, db):
    game_id, key = new_game(db, hands=[WORKED])
    keep_score(client, game_id, key)
    client.get(f"/games/{game_id}")
    with client.session_transaction() as session:
        session["_flashes"] = [("success", "Hand 1 saved.")]
    first = parse(client.get(f"/games/{game_id}").data)
    assert first.find("p", cls="flash").text() == "Hand 1 saved."
    again = parse(client.get(f"/games/{game_id}").data)
    assert again.find("p", cls="flash") is None


def test_a_board_with_a_hand_opened_links_to_its_own_address(client, db, renders):
    game_id, _ = new_game(db, hands=[WORKED, BIG])
    for path in ("", "/view", ""):
        link = parse(client.get(f"/games/{game_id}{path}?hand=2").data).find("tr", id="hand-2").find("a")
        assert link.attrs["href"] == f"/games/{game_id}{path}#hand-2"
    assert len(renders) == 3  # never kept: it holds the request's address


def test_the_kept_boards_are_bounded(client, db, monkeypatch):
    from scorekeeper.web import board as games
    from scorekeeper.games.read import LRUCache

    monkeypatch.setattr(games, "_rendered", LRUCache(2))
    for _ in range(3):
        game_id, _ = new_game(db)
        client.get(f"/games/{game_id}")
    assert len(games._rendered) == 2


@pytest.mark.parametrize(("base_url", "warned"), [
    pytest.param("http://127.0.0.1:5000", True, id="loopback-ip"),
    pytest.param("http://localhost:5000", True, id="localhost"),
    pytest.param("http://192.168.1.20:5000", False, id="network-address"),
    pytest.param("https://cards.example", False, id="a-name"),
])
def test_the_share_page_warns_when_no_other_phone_can_open_its_links(client, db, base_url, warned):
    game_id, key = new_game(db)
    client.get(f"/games/{game_id}/join?key={key}", base_url=base_url)
    page = parse(client.get(f"/games/{game_id}/share", base_url=base_url).data)
    note = page.find("div", cls="warning-card")
    if not warned:
        assert note is None
        return
    assert note.text().startswith("Other phones can’t open these links yet. This page is served at "
                                  f"{base_url}/, an address that works only on this computer")
    assert "HOST=0.0.0.0 make run" in note.find("code").text()
