"""Starting a game from the phone: rule set, house rules, names, seats, totals from paper."""

import re

import pytest

from scorekeeper.store import db as store
from scorekeeper.store import sqlite
from scorekeeper.canasta.rules import PRESETS


def start(client, **data):
    response = client.post("/games/new", data={"rules": "classic", **data})
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    return response.headers["Location"].rsplit("/", 1)[1]


def field_value(html, name):
    tag = re.search(rf'<input[^>]*\bname="{re.escape(name)}"[^>]*>', html)
    assert tag, f"no input {name}"
    value = re.search(r'\bvalue="([^"]*)"', tag.group(0))
    return value.group(1) if value else ""


def test_the_page_offers_every_rule_set_by_its_name(client):
    response = client.get("/games/new")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    for preset in PRESETS.values():
        assert f'value="{preset.id}"' in html
        assert preset.name in html
    assert re.search(r'<input[^>]*checked[^>]*value="classic"|<input[^>]*value="classic"[^>]*checked', html)
    # Without JavaScript every option shows, each saying which rule sets it is for.
    assert "Canastas needed to go out" in html
    assert "Only for Classic, 3 players (cutthroat)." in html
    assert 'name="options-wild_limit"' in html and 'name="options-red_threes_minus"' in html
    assert 'name="options-tie"' in html and 'name="options-target"' in html
    assert "Leave empty for 8,500." in html


def test_a_game_starts_and_opens_on_the_board_with_the_key_in_this_browser(client, db):
    response = client.post("/games/new", data={"rules": "classic", "names-0": "Ann & Bob", "names-1": "Cy & Di"})
    assert response.status_code == 303
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    assert response.headers["Location"].endswith(f"/games/{game_id}")
    game = store.get_game(db, game_id)
    assert game["rules"] == "classic"
    assert game["names"] == ["Ann & Bob", "Cy & Di"]
    assert game["options"]["target"] == 5000
    assert game["start_totals"] == [0, 0]
    assert client.get(f"/games/{game_id}/hands/new").status_code == 200


@pytest.mark.parametrize("rules, names", [
    ("classic", ["Team 1", "Team 2"]),
    ("classic-2p", ["Player 1", "Player 2"]),
    ("classic-3p", ["Player 1", "Player 2", "Player 3"]),
    ("classic-6p", ["Team 1", "Team 2"]),
    ("classic-6p-3teams", ["Team 1", "Team 2", "Team 3"]),
    ("modern", ["Team 1", "Team 2"]),
], ids=lambda value: value if isinstance(value, str) else None)
def test_empty_names_become_team_or_player_numbers(client, db, rules, names):
    game_id = start(client, rules=rules)
    assert store.get_game(db, game_id)["names"] == names


def test_a_third_name_is_used_only_by_rule_sets_with_three_scorers(client, db):
    two = start(client, rules="classic", **{"names-0": "A", "names-1": "B", "names-2": "Ignored"})
    three = start(client, rules="classic-3p", **{"names-0": "A", "names-1": "B", "names-2": "C"})
    assert store.get_game(db, two)["names"] == ["A", "B"]
    assert store.get_game(db, three)["names"] == ["A", "B", "C"]


def test_only_options_of_the_chosen_rule_set_are_used(client, db):
    modern = start(client, rules="modern", **{"options-wild_limit": "naturals_outnumber",
                                               "options-canastas_to_go_out": "1", "options-tie": "shared"})
    options = store.get_game(db, modern)["options"]
    assert options == {"target": 8500, "tie": "shared"}
    cutthroat = start(client, rules="classic-3p", **{"options-canastas_to_go_out": "1", "options-target": "6000",
                                                     "options-red_threes_minus": "no_canasta",
                                                     "options-wild_limit": "not_outnumber"})
    options = store.get_game(db, cutthroat)["options"]
    assert options["canastas_to_go_out"] == 1 and options["target"] == 6000
    assert options["red_threes_minus"] == "no_canasta" and options["wild_limit"] == "not_outnumber"


def test_seats_in_clockwise_order_and_totals_carried_over_from_paper(client, db):
    game_id = start(client, **{"names-0": "Ann & Bob", "names-1": "Cy & Di",
                               "seats-0": "Ann", "seats-1": "Cy", "seats-2": "Bob", "seats-3": "Di",
                               "seats-4": "not at this table", "start_totals-0": "2,340", "start_totals-1": "1910"})
    game = store.get_game(db, game_id)
    assert game["seats"] == ["Ann", "Cy", "Bob", "Di"]
    assert game["start_totals"] == [2340, 1910]
    page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert "Dealt by <bdi>Ann</bdi>." in page
    assert "2,340" in page and "1,910" in page


def test_negative_totals_from_paper(client, db):
    game_id = start(client, **{"start_totals-0": "\u2212120", "start_totals-1": "-35"})
    assert store.get_game(db, game_id)["start_totals"] == [-120, -35]


@pytest.mark.parametrize("data, field, message", [
    ({"options-target": "lots"}, "options-target", "Type a whole number, like 5000."),
    ({"options-target": "100"}, "options-target", "Points to win the game must be a whole number from 500 to 100,000."),
    ({"start_totals-0": "two thousand"}, "start_totals-0", "Type a whole number, like 2,340"),
    ({"names-0": "Ann", "names-1": "ann"}, "names", "Give each a different name"),
    ({"names-1": "x" * 41}, "names-1", "longer than 40 characters"),
    ({"seats-0": "Ann", "seats-1": "Cy"}, "seats-2", "Name every seat, or none."),
], ids=["target-text", "target-small", "total-text", "same-names", "long-name", "some-seats"])
def test_bad_input_shows_beside_its_field_and_keeps_everything_typed(client, db, data, field, message):
    typed = {"names-0": "Ann & Bob", "names-1": "Cy & Di", **data}
    response = client.post("/games/new", data={"rules": "classic", **typed})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert message in html
    assert re.search(rf'id="{re.escape(field)}-error"[^>]*>[^<]*{re.escape(message[:20])}', html), html[:300]
    for name, value in typed.items():
        if name.startswith(("names", "seats", "start_totals", "options-target")):
            assert field_value(html, name) == value.replace("&", "&amp;")
    assert list(db.query("select count(*) as n from games"))[0]["n"] == 0


def test_seats_named_in_part_ask_once_for_every_seat(client, db):
    response = client.post("/games/new", data={"rules": "classic", "seats-0": "Ann", "seats-1": "Cy"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert html.count("Name every seat, or none.") == 1
    assert 'id="seats-2-error">Name every seat, or none.' in html
    assert "is empty" not in html
    assert re.search(r'<details class="more-setup" open>\s*<summary>Seats', html)
    assert list(db.query("select count(*) as n from games"))[0]["n"] == 0


def test_an_unknown_rule_set_is_refused_in_words(client, db):
    response = client.post("/games/new", data={"rules": "bridge"})
    assert response.status_code == 422
    assert "Choose one of the rule sets." in response.get_data(as_text=True)
    assert list(db.query("select count(*) as n from games"))[0]["n"] == 0


def test_a_post_without_the_csrf_token_is_refused_and_keeps_the_entries(csrf_app):
    client = csrf_app.test_client()
    response = client.post("/games/new", data={"rules": "modern", "names-0": "North & South", "csrf_token": "stale"})
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "This form has expired or was sent from another page, so nothing was saved." in html
    assert field_value(html, "names-0") == "North &amp; South"
    assert re.search(r'value="modern" checked', html)
    db = sqlite.connect(csrf_app.config["DATABASE"])
    try:
        assert list(db.query("select count(*) as n from games"))[0]["n"] == 0
    finally:
        db.close()


def test_a_post_with_the_token_from_the_page_starts_the_game(csrf_app):
    client = csrf_app.test_client()
    page = client.get("/games/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    response = client.post("/games/new", data={"rules": "modern", "csrf_token": token})
    assert response.status_code == 303
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    hand_page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', hand_page).group(1)
    one_time = re.search(r'name="token" type="hidden" value="([^"]+)"', hand_page).group(1)
    saved = client.post(f"/games/{game_id}/hands/new", data={
        "csrf_token": token, "token": one_time, "going_out": "no", "sides-0-hand_points": "20"})
    assert saved.status_code == 303
    refused = client.post(f"/games/{game_id}/hands/new", data={"token": "other", "going_out": "no",
                                                                "sides-1-hand_points": "35"})
    html = refused.get_data(as_text=True)
    assert refused.status_code == 400
    assert "This form has expired" in html and field_value(html, "sides-1-hand_points") == "35"
    db = sqlite.connect(csrf_app.config["DATABASE"])
    try:
        assert len(store.get_game(db, game_id)["hands"]) == 1
    finally:
        db.close()
    # Deleting and undoing have nothing typed to keep: the app-wide check answers.
    assert client.post(f"/games/{game_id}/undo", data={"expected_version": "1"}).status_code == 400


@pytest.mark.parametrize("field, note", [
    ("seats-2", "Not for Classic, 2 players."),
    ("seats-4", "Only for Classic, 6 players in 2 teams of 3; Classic, 6 players in 3 teams of 2."),
    ("options-canastas_to_go_out", "Only for Classic, 3 players (cutthroat)."),
], ids=["third-seat", "fifth-seat", "three-player-option"])
def test_notes_say_which_rule_sets_a_field_is_for_in_the_fewest_words(field, note):
    from scorekeeper.web.forms.game import applies_note

    assert applies_note(field) == note
