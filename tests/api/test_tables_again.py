"""Play again with the same seats: ``POST /api/v1/tables/<id>/again`` once the table's game is over."""

import pytest

from scorekeeper.games import tables
from scorekeeper.store import sqlite

from ..tables_helpers import BASE, bearer, keys_of, open_table, read, send, table_app
from . import test_tables

# Easy computers on both seats of classic-2p play this deal to 560 and 1,175: past a target of 500 in one deal.
OVER_SEED = "ask-1"
app, client = test_tables.app, test_tables.client  # the tables' app (computers inline) and its client


def drive_to_the_end(app, client, table_id, key, seat=0):
    """Play ``seat``'s moves as an easy computer would (chosen from the deal as stored) until the deal is over."""
    for _ in range(3000):
        with app.app_context():
            table = tables.load(sqlite.get_db(), table_id)
        if table.position.over:
            return
        assert table.to_move == seat
        choice = tables._computer_move(table.position, table.position.to_move, "easy")
        answer = send(client, table_id, key, choice.move.as_dict(), table.version).get_json()
        assert answer["allowed"], answer
    raise AssertionError("the deal did not end")


@pytest.fixture
def game_over(app, client, monkeypatch):
    """A classic-2p table (Ann a person, the computer at seat 1) whose game is over after its first deal."""
    monkeypatch.setattr(tables, "new_seed", lambda: OVER_SEED)
    opened = open_table(client, rules="classic-2p", options={"target": 500}, names=["Ann", "Bob"],
                        computer={"1": "easy"})
    drive_to_the_end(app, client, opened["id"], keys_of(opened)[0])
    seen = read(client, opened["id"])
    assert seen["game_over"] is True and seen["ended"] is True
    return opened


def again(client, table_id, key, **kwargs):
    return client.post(f"{BASE}/{table_id}/again", headers={**bearer(key), **kwargs.pop("headers", {})}, **kwargs)


def test_a_seat_plays_again_with_the_same_seats_keys_and_levels_in_a_new_game(app, client, game_over):
    table_id, ann = game_over["id"], keys_of(game_over)[0]
    before = read(client, table_id, ann)
    old_game = before["game_id"]
    old_board = client.get(f"/api/v1/games/{old_game}").get_json()
    response = again(client, table_id, ann)
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    assert answer["deal"] == 1 and answer["game_id"] != old_game and answer["previous_game_id"] == old_game
    assert answer["version"] == before["version"] + 1
    seen = read(client, table_id, ann)  # the same key opens the same seat
    assert seen["seat"] == 0 and seen["deal"] == 1 and seen["over"] is False and seen["ended"] is False
    assert seen["game_id"] == answer["game_id"] and seen["totals"] == [0, 0] and seen["game_over"] is False
    assert seen["seats"] == before["seats"]  # names, players and levels
    assert seen["dealer"] == before["dealer"] == 1  # deal 1 is dealt as the first game's was
    assert len(seen["position"]["hands"][0].split()) in (15, 16)  # a fresh deal: Ann's own hand (a draw may follow)
    new_game = client.get(f"/api/v1/games/{answer['game_id']}").get_json()
    assert new_game["totals"] == [0, 0] and new_game["hands"] == [] and new_game["names"] == old_board["names"]
    assert new_game["rules"] == "classic-2p" and new_game["options"]["target"] == 500
    assert client.get(f"/api/v1/games/{old_game}").get_json() == old_board  # the old game stays as it was


def test_the_host_may_play_again_and_a_repeat_with_its_idempotency_key_starts_one_game(client, game_over):
    table_id, host = game_over["id"], game_over["host_key"]
    headers = {"Idempotency-Key": "9b2f0c1e-5d7a-4f4e-8a0b-2c7d9e1f3a45"}
    first = again(client, table_id, host, headers=headers)
    repeat = again(client, table_id, host, headers=headers)
    assert first.status_code == repeat.status_code == 200
    assert repeat.headers["Idempotent-Replayed"] == "true"
    assert repeat.get_json()["game_id"] == first.get_json()["game_id"]
    assert repeat.get_json()["version"] == first.get_json()["version"] == read(client, table_id)["version"]
    assert first.get_json()["table"]["seat"] is None  # the host reads as a spectator
    # Without the key, the same request once the new game is being played is told so.
    third = again(client, table_id, host)
    assert third.status_code == 409 and "not over" in third.get_json()["errors"][0]["message"]


def test_a_stale_expected_version_answers_409_and_changes_nothing(client, game_over):
    table_id, ann = game_over["id"], keys_of(game_over)[0]
    version = read(client, table_id)["version"]
    response = again(client, table_id, ann, json={"expected_version": version - 1})
    assert response.status_code == 409 and "moved on" in response.get_json()["errors"][0]["message"]
    assert read(client, table_id)["version"] == version and read(client, table_id)["game_over"] is True
    assert again(client, table_id, ann, json={"expected_version": version}).status_code == 200


def test_playing_again_while_the_game_is_played_answers_409_and_changes_nothing(client):
    opened = open_table(client)
    response = again(client, opened["id"], keys_of(opened)[0])
    assert response.status_code == 409
    assert response.get_json()["errors"][0]["message"].startswith("The table's game is not over")
    ended = client.post(f"{BASE}/{opened['id']}/end", headers=bearer(opened["host_key"])).get_json()
    # A table its host ended before the target was reached does not start again either.
    assert again(client, opened["id"], opened["host_key"]).status_code == 409
    assert read(client, opened["id"])["version"] == ended["version"]


@pytest.mark.parametrize(("key", "body", "status", "field"), [
    pytest.param(None, None, 403, "Authorization", id="no-key"),
    pytest.param("not-a-key", None, 403, "Authorization", id="wrong-key"),
    pytest.param("seat", {"expected_version": "one"}, 422, "expected_version", id="version-no-number"),
    pytest.param("seat", {"again": True}, 422, "again", id="unknown-field"),
])
def test_a_play_again_that_cannot_be_made_answers_4xx_and_changes_nothing(client, game_over, key, body, status, field):
    table_id = game_over["id"]
    version = read(client, table_id)["version"]
    key = keys_of(game_over)[0] if key == "seat" else key
    response = again(client, table_id, key, json=body) if body is not None else again(client, table_id, key)
    assert response.status_code == status and response.get_json()["errors"][0]["field"] == field
    assert read(client, table_id)["version"] == version and read(client, table_id)["game_over"] is True


def test_play_again_on_an_unknown_table_answers_404(client):
    assert again(client, "no-such-table", "key").status_code == 404


def test_playing_again_counts_against_the_tables_limit(tmp_path):
    client = table_app(tmp_path, RATELIMIT_ENABLED=True, RATELIMIT_TABLES="1 per day").test_client()
    opened = open_table(client)
    refused = again(client, opened["id"], keys_of(opened)[0])
    assert refused.status_code == 429 and refused.headers["Retry-After"]
    assert "new tables or deals" in refused.get_json()["errors"][0]["message"]
