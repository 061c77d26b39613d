"""The practice game is a table: one person at seat 0, three computers at the level chosen, moving at once.

The table's own code judges, stores and replays it; its seat page shows it to a
browser without a key as a spectator sees any table, every hand a count; a deal
code deals it only because it is a practice table.
"""

import re

from scorekeeper.canasta.play import deal
from scorekeeper.games import practice, table_open, tables
from scorekeeper.store import sqlite

from .practice_script import LEVEL, SEED, script
from .test_practice import post, start


def practice_table(app, html):
    practice_id = re.search(r'data-practice="([^"]+)"', html).group(1)
    with app.app_context():
        db = sqlite.connect(app.config["DATABASE"])
        try:
            return tables.load(db, practice_id)
        finally:
            db.close()


def test_a_practice_game_is_a_table_with_one_person_and_three_computers_that_move_at_once(client, app):
    html = start(client)
    table = practice_table(app, html)
    assert table.row["practice"] == LEVEL and table.row["deal_code"] == SEED
    assert [(seat["name"], seat["player"], seat["level"], seat["key_hash"]) for seat in table.seats] == [
        ("You", "person", None, None), ("West", "computer", LEVEL, None), ("North", "computer", LEVEL, None),
        ("East", "computer", LEVEL, None)]
    steps, _ = script()
    html = post(client, steps[0][2], steps[0][1])  # the player takes the pile, melds, and discards next
    html = post(client, steps[1][2], steps[1][1])
    html = post(client, steps[2][2], steps[2][1])
    table = practice_table(app, html)
    by = [(entry["seat"], entry["by"]) for entry in table.row["moves"]]
    assert by[:3] == [(0, "person")] * 3 and {seat for seat, who in by[3:]} == {1, 2, 3}
    assert all(who == "computer" and entry["reason"] for (seat, who), entry in zip(by, table.row["moves"]) if seat)
    # The computers moved inside the player's request: the player is to move, nothing is due, no driver runs.
    assert table.to_move == 0 and table.computer_to_move() is None
    assert f'data-version="{table.version}"' in html
    assert table.version == 4 and len(table.row["log"]) >= len(table.row["moves"])


def test_the_seat_page_shows_a_practice_table_to_others_as_a_spectator_sees_a_table(client, app):
    html = start(client)
    post(client, "draw")
    table = practice_table(app, html)
    other = app.test_client()
    page = other.get(f"/tables/{table.id}")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "Watching the table" in text and 'name="card"' not in text
    hand = {card.code for card in table.position.hands[0]}
    assert hand and not hand & set(re.findall(r'value="([0-9JQKA]{1,2}[SHDC]|JK)"', text))
    # Nobody is its host and no seat has a key: the move form answers 403, and nothing changed.
    refused = other.post(f"/tables/{table.id}/move", data={"action": "draw", "version": table.version})
    assert refused.status_code == 403
    assert practice_table(app, html).version == table.version
    # Its own player's browser opens it as the practice page, the seat's page with the coach.
    own = client.get(f"/tables/{table.id}")
    assert own.status_code == 303 and own.headers["Location"] == "/practice"


def test_the_hints_of_a_game_are_counted_on_its_table(client, app):
    html = start(client)
    post(client, "hint")
    html = post(client, "hint")
    table = practice_table(app, html)
    assert table.row["hints"] == 2 and 'data-hints="2"' in html
    assert [entry["kind"] for entry in table.row["log"]] == ["hint", "hint"]
    html = post(client, "next_deal")  # a new deal starts a new log; the game's hints stay counted
    table = practice_table(app, html)
    assert table.row["hints"] == 2 and table.row["log"] == [] and 'data-hints="2"' in html


def test_a_typed_code_deals_each_deal_and_a_game_without_one_gets_a_fresh_secret_each_deal(client, app):
    html = start(client, seed="same-for-two")
    table = practice_table(app, html)
    assert table.row["seed"] == "practice:same-for-two:1"
    html = post(client, "next_deal")
    table = practice_table(app, html)
    expected, _ = deal("classic", None, "practice:same-for-two:2", tuple(table.row["totals_before"]))
    assert table.row["seed"] == "practice:same-for-two:2"
    assert sorted(c.code for c in table.position.hands[0]) == sorted(c.code for c in expected.hands[0])
    html = start(client, seed="")
    first = practice_table(app, html)
    assert first.row["deal_code"] is None and re.fullmatch(r"[0-9a-f]{32}", first.row["seed"])
    html = post(client, "next_deal")
    second = practice_table(app, html)
    assert re.fullmatch(r"[0-9a-f]{32}", second.row["seed"]) and second.row["seed"] != first.row["seed"]
    assert first.row["seed"] not in html and second.row["seed"] not in html


def test_a_table_of_friends_is_no_practice_game(app):
    with app.app_context():
        db = sqlite.connect(app.config["DATABASE"])
        opened = table_open.open_table(db, rules="classic", computer={"1": "easy", "2": "easy", "3": "easy"})
        assert practice.load(db, opened.id) is None
        row = tables.load(db, opened.id).row
        assert row["practice"] is None and row["deal_code"] is None
        db.close()
