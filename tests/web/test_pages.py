"""The home page: only this browser's games, the most recently changed first."""

from datetime import datetime, timezone

import pytest
from flask import url_for

from scorekeeper.games import write as service
from scorekeeper.web.pages import ago

from .test_board import BIG, WORKED, keep_score, new_game, parse


def game_links(client):
    page = parse(client.get("/").data)
    return [
        (link.attrs["href"], link.find(cls="game-names").text(), link.find(cls="game-score").text(),
         link.find(cls="game-meta").text())
        for link in page.find_all("a", cls="game-link")
    ]


def test_a_first_visit_gets_a_friendly_start(app, client):
    page = parse(client.get("/").data)
    assert page.find("h1").text() == "Canasta Scorekeeper"
    with app.test_request_context():
        new_game_url = url_for("new_game.new_game")
        checker, sheets = url_for("checker.index"), url_for("sheets.index")
    new = page.find("a", href=new_game_url)
    assert new.text() == "New game" and "primary" in new.classes
    assert page.find("h2", id="welcome").text() == "Ready when you are"
    assert page.find("ul", cls="game-list") is None
    assert page.find("ul", cls="more-links").find("a", href=checker).text() == "Rules check"
    assert page.find("ul", cls="more-links").find("a", href=sheets).text() == "Print"


def test_only_the_games_this_browser_keeps_are_listed(client, db):
    mine, key = new_game(db, hands=[WORKED], names=["Us", "Them"])
    new_game(db, hands=[WORKED], names=["Somebody", "Else"])  # someone else's game
    assert game_links(client) == []
    keep_score(client, mine, key)
    assert game_links(client) == [
        (f"/games/{mine}", "Us vs Them", "Us 605 · Them −295", "Classic, 4 players in 2 teams · 1 hand · just now")
    ]
    html = client.get("/").get_data(as_text=True)
    assert "Somebody" not in html
    # Another browser sees none of them.
    assert "game-link" not in client.application.test_client().get("/").get_data(as_text=True)


def test_games_are_listed_newest_change_first(client, db):
    first, first_key = new_game(db, names=["First", "One"])
    second, second_key = new_game(db, names=["Second", "Two"])
    third, third_key = new_game(db, names=["Third", "Three"])
    for game_id, key in ((first, first_key), (second, second_key), (third, third_key)):
        keep_score(client, game_id, key)
    stamps = {first: "2025-03-01T20:00:00+00:00", second: "2025-03-02T20:00:00+00:00", third: "2025-03-03T20:00:00+00:00"}
    for game_id, stamp in stamps.items():
        db.execute("update games set created_at = ?, updated_at = ? where id = ?", [stamp, stamp, game_id])
    assert [name for _, name, _, _ in game_links(client)] == ["Third vs Three", "Second vs Two", "First vs One"]
    # A hand added to the oldest game moves it to the top.
    service.add_hand(db, first, WORKED)
    assert [name for _, name, _, _ in game_links(client)] == ["First vs One", "Third vs Three", "Second vs Two"]


def test_a_finished_game_shows_its_winner(client, db):
    game_id, key = new_game(db, hands=[WORKED, BIG], options={"target": 1500})
    keep_score(client, game_id, key)
    [(_, names, score, meta)] = game_links(client)
    assert names == "Ann & Bob vs Cy & Di"
    assert score == "Ann & Bob win by 1,950"
    assert meta.startswith("Classic, 4 players in 2 teams · 2 hands · ")


def test_a_game_deleted_meanwhile_is_left_out(client, db):
    game_id, key = new_game(db)
    keep_score(client, game_id, key)
    db.execute("delete from games where id = ?", [game_id])
    page = parse(client.get("/").data)
    assert page.find("a", cls="game-link") is None
    assert page.find("h2", id="welcome") is not None


def test_names_with_html_show_as_text_on_the_home_page(client, db):
    game_id, key = new_game(db, names=["<b>Ann</b>", "Cy"])
    keep_score(client, game_id, key)
    html = client.get("/").get_data(as_text=True)
    assert "<b>Ann</b>" not in html and "<bdi>&lt;b&gt;Ann&lt;/b&gt;</bdi> vs <bdi>Cy</bdi>" in html


def test_three_scorers_on_the_home_page(client, db):
    hand = [{"members": [0], "melded_points": 200, "natural_canastas": 1, "mixed_canastas": 1, "going_out": "out"},
            {"members": [1, 2], "melded_points": 100, "hand_points": 30, "red_threes": [1, 0]}]
    game_id, key = new_game(db, rules="classic-3p", names=["Ann", "Bob", "Cy"], hands=[hand])
    keep_score(client, game_id, key)
    [(_, names, score, _)] = game_links(client)
    assert (names, score) == ("Ann vs Bob vs Cy", "Ann 1,100 · Bob 170 · Cy 70")


NOW = datetime(2025, 3, 8, 20, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize("stamp, said", [
    ("2025-03-08T20:00:00+00:00", "just now"),
    ("2025-03-08T19:59:01+00:00", "just now"),
    ("2025-03-08T19:59:00+00:00", "1 min ago"),
    ("2025-03-08T19:01:00+00:00", "59 min ago"),
    ("2025-03-08T19:00:00+00:00", "1 hour ago"),
    ("2025-03-07T20:00:01+00:00", "23 hours ago"),
    ("2025-03-07T20:00:00+00:00", "yesterday"),
    ("2025-02-23T20:00:00+00:00", "13 days ago"),
    ("2025-02-22T20:00:00+00:00", "22 Feb 2025"),
])
def test_ago(stamp, said):
    assert ago(stamp, NOW) == said


def test_service_games_appear_once_the_browser_holds_their_key(client, db):
    game_id, key = service.new_game(db, rules="modern", names=["We", "They"])
    keep_score(client, game_id, key)
    [(href, names, score, meta)] = game_links(client)
    assert (href, names, score) == (f"/games/{game_id}", "We vs They", "We 0 · They 0")
    assert meta.startswith("Modern American, 4 players in 2 teams · 0 hands")


def followed_links(client):
    page = parse(client.get("/").data)
    section = page.find("section", **{"aria-labelledby": "followed-games"})
    if section is None:
        return []
    return [(link.attrs["href"], link.find(cls="game-names").text(), link.find(cls="game-meta").text())
            for link in section.find_all("a", cls="game-link")]


def test_a_phone_that_opened_a_view_link_lists_the_game_it_follows(client, db):
    watched, _ = new_game(db, hands=[WORKED], names=["Us", "Them"])
    other, _ = new_game(db, names=["Somebody", "Else"])
    assert followed_links(client) == []
    assert client.get(f"/games/{watched}/view").status_code == 200
    assert followed_links(client) == [
        (f"/games/{watched}/view", "Us vs Them", "Classic, 4 players in 2 teams · 1 hand · just now · view only")]
    page = parse(client.get("/").data)
    assert page.find("h2", id="welcome") is None  # no "Ready when you are" for a phone that follows a game
    client.get(f"/games/{other}/view")
    # As the games kept here: newest change first, then the game started last (both changed this second).
    assert [link[1] for link in followed_links(client)] == ["Somebody vs Else", "Us vs Them"]
    # Another browser follows none of them.
    assert "followed-games" not in client.application.test_client().get("/").get_data(as_text=True)


def test_a_game_kept_here_is_listed_once_not_also_as_followed(client, db):
    game_id, key = new_game(db, hands=[WORKED], names=["Us", "Them"])
    client.get(f"/games/{game_id}/view")
    keep_score(client, game_id, key)
    client.get(f"/games/{game_id}/view")
    assert followed_links(client) == []
    assert [link[0] for link in game_links(client)] == [f"/games/{game_id}"]
