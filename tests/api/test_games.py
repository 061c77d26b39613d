"""The games API: start, read, add, replace and delete hands; keys, versions and repeated requests."""

import json
import os
import re
import shlex
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from scorekeeper.games import access
from scorekeeper.store import answers
from scorekeeper.store import db as store
from scorekeeper.store import sqlite

WORKED = [{"melded_points": 120, "hand_points": 15, "natural_canastas": 0, "mixed_canastas": 1, "red_threes": 1, "going_out": "out"},
          {"melded_points": 0, "hand_points": 95, "red_threes": 2}]  # 605, -295
CONCEALED = [{"melded_points": 200, "natural_canastas": 1, "going_out": "concealed"}, {"hand_points": 50}]  # 900, -50
SMALL = [{"melded_points": 90}, {"melded_points": 55, "hand_points": 5}]  # 90, 50
BIG = [{"melded_points": 1000, "natural_canastas": 3, "going_out": "out"}, {"hand_points": 50}]  # 2600, -50
NEW_GAME = {"rules": "classic", "names": ["Ann & Bob", "Cy & Di"], "options": {}}


def errors(response):
    """The answer's problems as {field: message}; checks the errors body's shape first."""
    data = response.get_json()
    assert list(data) == ["errors"], data
    assert all(isinstance(item["field"], str) and item["message"] for item in data["errors"])
    return {item["field"]: item["message"] for item in data["errors"]}


def start(client, body=None, **kwargs):
    response = client.post("/api/v1/games", json=body or NEW_GAME, **kwargs)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def bearer(key):
    return {"Authorization": f"Bearer {key}"}


@pytest.fixture
def game(client):
    """A new classic game: its creation answer."""
    return start(client)


def read(client, game_id):
    response = client.get(f"/api/v1/games/{game_id}")
    assert response.status_code == 200
    return response.get_json()


def add(client, game, sides, **extra):
    headers = {**bearer(game["edit_key"]), **extra.pop("headers", {})}
    return client.post(f"/api/v1/games/{game['id']}/hands", json={"sides": sides, **extra}, headers=headers)


# --- starting a game -------------------------------------------------------------------------


def test_new_game_answers_201_with_id_key_and_links(client):
    response = client.post("/api/v1/games", json=NEW_GAME)
    assert response.status_code == 201
    created = response.get_json()
    assert list(created)[:4] == ["id", "edit_key", "url", "view_url"]
    assert len(created["id"]) >= 24 and len(created["edit_key"]) >= 32 and created["id"] != created["edit_key"]
    assert created["url"] == f"/games/{created['id']}"
    assert created["view_url"] == f"/games/{created['id']}/view"
    assert created["edit_url"] == f"/games/{created['id']}/join?key={created['edit_key']}"
    assert response.headers["Location"] == f"/api/v1/games/{created['id']}"
    assert "no-store" in response.headers["Cache-Control"]
    assert client.get(created["view_url"]).status_code == 200


def test_two_games_get_different_secrets(client):
    first, second = start(client), start(client)
    assert first["id"] != second["id"] and first["edit_key"] != second["edit_key"]


def test_new_game_reads_back_empty(client, game):
    data = read(client, game["id"])
    assert data["rules"] == "classic"
    assert data["names"] == ["Ann & Bob", "Cy & Di"]
    assert data["hands"] == []
    assert data["totals"] == [0, 0]
    assert data["next_minimum"] == [50, 50]
    assert (data["game_over"], data["winner"], data["version"]) == (False, None, 0)
    assert data["options"] == {"target": 5000, "tie": "another_hand", "red_threes_minus": "no_meld", "wild_limit": "three"}
    assert "edit_key" not in json.dumps(data) and game["edit_key"] not in json.dumps(data)


def test_new_game_with_seats_start_totals_and_options(client):
    game = start(client, {"rules": "classic", "names": ["Ann & Bob", "Cy & Di"], "options": {"target": 3000},
                          "seats": ["Ann", "Cy", "Bob", "Di"], "start_totals": [1600, -20]})
    data = read(client, game["id"])
    assert data["totals"] == [1600, -20]
    assert data["next_minimum"] == [90, 15]
    assert data["options"]["target"] == 3000
    assert data["seats"] == ["Ann", "Cy", "Bob", "Di"]
    assert data["next_dealer"] == "Ann"


@pytest.mark.parametrize("body, expected", [
    pytest.param({"rules": "canasta", "names": ["A", "B"]}, {"rules"}, id="unknown-rules"),
    pytest.param({"rules": "classic-3p", "names": ["A", "B"]}, {"names"}, id="names-per-scorer"),
    pytest.param({"rules": "classic", "names": ["A", ""], "start_totals": [0, "x"], "colour": "red"},
                 {"names[1]", "start_totals[1]", "colour"}, id="every-problem-at-once"),
    pytest.param({"rules": "classic", "names": ["A", ""], "options": {"target": 7}, "colour": "red"},
                 {"names[1]", "options.target", "colour"}, id="options-and-names-at-once"),
    pytest.param({"rules": "classic", "names": ["A", "a"]}, {"names"}, id="same-names"),
    pytest.param({"rules": "classic", "names": ["A", "B"], "start_totals": [0, 1.5]}, {"start_totals[1]"}, id="float-total"),
    pytest.param({"rules": "classic", "names": ["A", "B"], "seats": ["Ann"]}, {"seats"}, id="seats-all-or-none"),
    pytest.param({"rules": "modern", "names": ["A", "B"], "options": {"red_threes_minus": "no_canasta"}},
                 {"options.red_threes_minus"}, id="option-of-another-family"),
])
def test_new_game_breaking_rules_is_422_and_stores_nothing(client, db, body, expected):
    response = client.post("/api/v1/games", json=body)
    assert response.status_code == 422
    assert set(errors(response)) == expected
    assert db["games"].count == 0


@pytest.mark.parametrize("data, content_type", [
    pytest.param(b'{"rules": ', "application/json", id="broken-json"),
    pytest.param(b'["classic"]', "application/json", id="array"),
    pytest.param(json.dumps(NEW_GAME), "text/plain", id="wrong-content-type"),
])
def test_new_game_unreadable_body_is_400(client, db, data, content_type):
    response = client.post("/api/v1/games", data=data, content_type=content_type)
    assert response.status_code == 400
    assert list(errors(response)) == [""]
    assert db["games"].count == 0


# --- reading -----------------------------------------------------------------------------------


def test_unknown_game_is_404(client):
    response = client.get("/api/v1/games/no-such-game")
    assert response.status_code == 404
    assert errors(response) == {"id": "There is no game with this id. Check the link you were given."}


def test_game_reads_hands_as_entered_with_scores(client, game):
    add(client, game, WORKED)
    add(client, game, CONCEALED)
    data = read(client, game["id"])
    assert [hand["number"] for hand in data["hands"]] == [1, 2]
    assert data["hands"][0]["sides"] == WORKED
    assert data["hands"][1]["sides"] == CONCEALED
    assert [hand["scores"] for hand in data["hands"]] == [[605, -295], [900, -50]]
    assert [hand["totals"] for hand in data["hands"]] == [[605, -295], [1505, -345]]
    assert data["hands"][1]["side_scores"][0] == {
        "members": [0], "score": 900, "breakdown": {"canastas": 500, "going_out": 200, "melded": 200}}
    assert data["totals"] == [1505, -345]
    assert data["next_minimum"] == [90, 15]
    assert data["version"] == 2


def test_a_stored_hand_the_engine_refuses_reads_as_unscored(client, db, game):
    """A hand stored before a rule was tightened: the game still reads, the hand says why it has no score."""
    add(client, game, WORKED)
    store.add_hand(db, game["id"], [{"melded_points": 12, "going_out": "out"}, {}])  # past the engine's checks
    add_after = add(client, game, SMALL)
    assert add_after.status_code == 422
    data = read(client, game["id"])
    assert [hand["scores"] for hand in data["hands"]] == [[605, -295], None]
    assert data["totals"] == [605, -295]
    assert data["problems"] and data["problems"][0]["field"].startswith("hands[1]")


def test_get_one_hand(client, game):
    add(client, game, WORKED)
    response = client.get(f"/api/v1/games/{game['id']}/hands/1")
    assert response.status_code == 200
    assert response.get_json()["scores"] == [605, -295]
    assert response.get_json()["game_version"] == 1
    assert client.get(f"/api/v1/games/{game['id']}/hands/2").status_code == 404
    assert client.get(f"/api/v1/games/nope/hands/1").status_code == 404


def test_etag_and_if_none_match_make_polls_cheap(client, game):
    url = f"/api/v1/games/{game['id']}"
    first = client.get(url)
    assert first.headers["ETag"] == 'W/"0"'
    assert "no-cache" in first.headers["Cache-Control"]
    unchanged = client.get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert unchanged.status_code == 304
    assert unchanged.data == b""
    assert unchanged.headers["ETag"] == 'W/"0"'
    assert client.get(url, headers={"If-None-Match": "*"}).status_code == 304
    add(client, game, WORKED)
    changed = client.get(url, headers={"If-None-Match": 'W/"0"'})
    assert changed.status_code == 200
    assert changed.headers["ETag"] == 'W/"1"'
    assert changed.get_json()["totals"] == [605, -295]
    assert client.get(url, headers={"If-None-Match": 'W/"0", W/"1"'}).status_code == 304


# --- adding, replacing, deleting ----------------------------------------------------------------


def test_add_hand_answers_201_with_the_game(client, game):
    response = add(client, game, WORKED)
    assert response.status_code == 201
    data = response.get_json()
    assert data["version"] == 1
    assert data["totals"] == [605, -295]
    assert data["hands"][-1]["number"] == 1
    assert response.headers["Location"] == f"/api/v1/games/{game['id']}/hands/1"
    assert response.headers["ETag"] == 'W/"1"'
    assert data == read(client, game["id"])


def test_every_change_grows_the_version(client, game):
    headers = bearer(game["edit_key"])
    versions = [read(client, game["id"])["version"]]
    versions.append(add(client, game, WORKED).get_json()["version"])
    versions.append(add(client, game, SMALL).get_json()["version"])
    versions.append(client.put(f"/api/v1/games/{game['id']}/hands/1", json={"sides": CONCEALED}, headers=headers).get_json()["version"])
    versions.append(client.delete(f"/api/v1/games/{game['id']}/hands/1", headers=headers).get_json()["version"])
    assert versions == [0, 1, 2, 3, 4]


def test_replace_recomputes_every_total_after(client, game):
    for sides in (WORKED, SMALL, SMALL):
        add(client, game, sides)
    response = client.put(f"/api/v1/games/{game['id']}/hands/1", json={"sides": CONCEALED}, headers=bearer(game["edit_key"]))
    assert response.status_code == 200
    data = response.get_json()
    assert data["hands"][0]["sides"] == CONCEALED
    assert [hand["totals"] for hand in data["hands"]] == [[900, -50], [990, 0], [1080, 50]]
    assert data["next_minimum"] == [50, 50]


def test_delete_renumbers_later_hands_and_recomputes_totals(client, game):
    for sides in (WORKED, CONCEALED, SMALL):
        add(client, game, sides)
    response = client.delete(f"/api/v1/games/{game['id']}/hands/2", headers=bearer(game["edit_key"]))
    assert response.status_code == 200
    data = response.get_json()
    assert [(hand["number"], hand["sides"]) for hand in data["hands"]] == [(1, WORKED), (2, SMALL)]
    assert [hand["totals"] for hand in data["hands"]] == [[605, -295], [695, -245]]
    assert data["totals"] == [695, -245]
    assert data == read(client, game["id"])


def test_game_over_winner_and_no_hand_after_it(client):
    game = start(client, {**NEW_GAME, "options": {"target": 3000}})
    add(client, game, BIG)
    data = add(client, game, CONCEALED).get_json()
    assert data["totals"] == [3500, -100]
    assert (data["game_over"], data["winner"], data["winners"]) == (True, 0, [0])
    response = add(client, game, WORKED)
    assert response.status_code == 422
    assert "The game ended after hand 2" in " ".join(errors(response).values())
    assert len(read(client, game["id"])["hands"]) == 2


def test_three_player_game_with_a_partnership(client):
    game = start(client, {"rules": "classic-3p", "names": ["Ann", "Bob", "Cy"]})
    response = add(client, game, [
        {"members": [0], "melded_points": 300, "natural_canastas": 1, "mixed_canastas": 1, "going_out": "out"},
        {"members": [1, 2], "melded_points": 100, "hand_points": 30, "red_threes": [1, 0]}])
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["totals"] == [1200, 170, 70]


# --- who may change a game ----------------------------------------------------------------------


def _changes(game_id):
    """(method, path, body) of each change, against hand 1 of the game."""
    return [
        ("POST", f"/api/v1/games/{game_id}/hands", {"sides": SMALL}),
        ("PUT", f"/api/v1/games/{game_id}/hands/1", {"sides": SMALL}),
        ("DELETE", f"/api/v1/games/{game_id}/hands/1", None),
    ]


@pytest.mark.parametrize("who", ["no-key", "wrong-key", "other-games-key", "view-id", "basic-scheme", "empty-bearer"])
@pytest.mark.parametrize("change", [0, 1, 2], ids=["add", "replace", "delete"])
def test_without_the_edit_key_nothing_changes(client, game, who, change):
    other = start(client)
    add(client, game, WORKED)
    headers = {
        "no-key": {},
        "wrong-key": bearer(game["edit_key"][:-2] + "xx"),
        "other-games-key": bearer(other["edit_key"]),
        "view-id": bearer(game["id"]),
        "basic-scheme": {"Authorization": f"Basic {game['edit_key']}"},
        "empty-bearer": {"Authorization": "Bearer  "},
    }[who]
    before = read(client, game["id"])
    method, path, body = _changes(game["id"])[change]
    response = client.open(path, method=method, json=body, headers=headers)
    assert response.status_code == 403
    assert list(errors(response)) == ["Authorization"]
    assert read(client, game["id"]) == before


def test_the_key_of_a_game_opens_only_that_game(client, game):
    other = start(client)
    assert add(client, other, WORKED).status_code == 201
    assert read(client, game["id"])["hands"] == []


@pytest.mark.parametrize("change", [0, 1, 2], ids=["add", "replace", "delete"])
def test_unknown_game_is_404_before_the_key_is_asked(client, change):
    method, path, body = _changes("no-such-game")[change]
    response = client.open(path, method=method, json=body)
    assert response.status_code == 404
    assert list(errors(response)) == ["id"]


def test_wrong_key_is_403_before_the_body_is_read(client, game):
    response = client.post(f"/api/v1/games/{game['id']}/hands", data=b"{broken", content_type="application/json",
                           headers=bearer("wrong"))
    assert response.status_code == 403


@pytest.mark.parametrize("method, number", [("PUT", 2), ("DELETE", 2), ("PUT", 0), ("DELETE", 99)])
def test_unknown_hand_is_404_and_nothing_changes(client, game, method, number):
    add(client, game, WORKED)
    response = client.open(f"/api/v1/games/{game['id']}/hands/{number}", method=method,
                           json={"sides": SMALL} if method == "PUT" else None, headers=bearer(game["edit_key"]))
    assert response.status_code == 404
    assert errors(response) == {"number": f"This game has no hand {number}: it has 1 hand."}
    assert read(client, game["id"])["version"] == 1


# --- versions -------------------------------------------------------------------------------------


@pytest.mark.parametrize("change", [0, 1, 2], ids=["add", "replace", "delete"])
def test_stale_expected_version_is_409_and_nothing_changes(client, game, change):
    add(client, game, WORKED)
    add(client, game, SMALL)
    before = read(client, game["id"])
    method, path, body = _changes(game["id"])[change]
    response = client.open(path, method=method, json={**(body or {}), "expected_version": 1},
                           headers=bearer(game["edit_key"]))
    assert response.status_code == 409
    message = errors(response)["expected_version"]
    assert "it is at version 2, you sent 1" in message
    assert read(client, game["id"]) == before


def test_current_expected_version_is_accepted(client, game):
    add(client, game, WORKED)
    response = add(client, game, SMALL, expected_version=1)
    assert response.status_code == 201
    assert response.get_json()["version"] == 2


@pytest.mark.parametrize("query, status", [("2", 200), ("1", 409), ("x", 422), ("-1", 422), ("¹", 422), ("9" * 5000, 422)])
def test_delete_takes_expected_version_in_the_query(client, game, query, status):
    add(client, game, WORKED)
    add(client, game, SMALL)
    response = client.delete(f"/api/v1/games/{game['id']}/hands/1?expected_version={query}", headers=bearer(game["edit_key"]))
    assert response.status_code == status
    assert len(read(client, game["id"])["hands"]) == (1 if status == 200 else 2)


def test_delete_takes_expected_version_in_a_body(client, game):
    add(client, game, WORKED)
    response = client.delete(f"/api/v1/games/{game['id']}/hands/1", json={"expected_version": 0}, headers=bearer(game["edit_key"]))
    assert response.status_code == 409


# --- bad hands -------------------------------------------------------------------------------------


def test_invalid_hand_is_422_with_every_problem_and_nothing_changes(client, game):
    add(client, game, WORKED)
    response = add(client, game, [{"melded_points": 12, "going_out": "out"}, {"hand_points": -5, "colour": "red"}],
                   expected_version="latest", extra=1)
    assert response.status_code == 422
    problems = errors(response)
    assert {"sides[0].melded_points", "sides[1].hand_points", "sides[1].colour", "expected_version", "extra"} <= set(problems)
    assert problems["sides[0].melded_points"] == "Melded points must be a multiple of 5 (card values are 5, 10, 20 or 50)."
    assert read(client, game["id"])["version"] == 1


def test_body_problems_are_refused_even_when_the_hand_is_fine(client, game):
    response = add(client, game, WORKED, colour="red")
    assert response.status_code == 422
    assert errors(response) == {"colour": 'A hand has no field "colour". Its fields: sides, expected_version.'}
    assert read(client, game["id"])["hands"] == []


@pytest.mark.parametrize("data, content_type", [
    pytest.param(b"not json", "application/json", id="not-json"),
    pytest.param(b'[{"sides": []}]', "application/json", id="array"),
    pytest.param(b'{"sides": "\xff"}', "application/json", id="invalid-utf8"),
    pytest.param(json.dumps({"sides": WORKED}), "text/plain", id="wrong-content-type"),
])
def test_unreadable_hand_body_is_400(client, game, data, content_type):
    response = client.post(f"/api/v1/games/{game['id']}/hands", data=data, content_type=content_type,
                           headers=bearer(game["edit_key"]))
    assert response.status_code == 400
    assert read(client, game["id"])["version"] == 0


def test_too_large_hand_body_is_413(client, game):
    body = json.dumps({"sides": WORKED, "padding": "x" * (65 * 1024)})
    response = client.post(f"/api/v1/games/{game['id']}/hands", data=body, content_type="application/json",
                           headers=bearer(game["edit_key"]))
    assert response.status_code == 413
    assert list(errors(response)) == [""]
    assert read(client, game["id"])["version"] == 0


# --- repeated requests -----------------------------------------------------------------------------

NEW_GAME_KEY = "b0d8a1f2-7c4e-4f1a-9d3b-62e5c08a47f1"  # the answer holds the edit key: a random key


def test_repeated_idempotency_key_gives_the_first_answer_and_one_hand(client, game):
    headers = {**bearer(game["edit_key"]), "Idempotency-Key": "hand-1-of-tuesday"}
    first = client.post(f"/api/v1/games/{game['id']}/hands", json={"sides": WORKED}, headers=headers)
    again = client.post(f"/api/v1/games/{game['id']}/hands", json={"sides": WORKED}, headers=headers)
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.data == first.data
    assert again.headers["Location"] == first.headers["Location"]
    assert again.headers["Idempotent-Replayed"] == "true"
    assert len(read(client, game["id"])["hands"]) == 1


def test_a_replay_after_later_changes_answers_the_game_as_it_is_and_adds_nothing(client, game):
    headers = {**bearer(game["edit_key"]), "Idempotency-Key": "k"}
    first = client.post(f"/api/v1/games/{game['id']}/hands", json={"sides": WORKED}, headers=headers)
    add(client, game, SMALL)
    again = client.post(f"/api/v1/games/{game['id']}/hands", json={"sides": WORKED}, headers=headers)
    assert (again.status_code, again.headers["Idempotent-Replayed"]) == (201, "true")
    assert again.headers["Location"] == first.headers["Location"]  # the hand it added: 1
    # Kept answers hold no copy of the game: a repeat is answered with the game as it is now.
    assert again.data == client.get(f"/api/v1/games/{game['id']}").data
    assert len(read(client, game["id"])["hands"]) == 2


def test_key_order_and_spacing_do_not_make_another_request(client, game):
    headers = {**bearer(game["edit_key"]), "Idempotency-Key": "k"}
    url = f"/api/v1/games/{game['id']}/hands"
    client.post(url, data=json.dumps({"sides": WORKED}), content_type="application/json", headers=headers)
    again = client.post(url, data=json.dumps({"sides": WORKED}, indent=4, sort_keys=True), content_type="application/json", headers=headers)
    assert again.headers.get("Idempotent-Replayed") == "true"
    assert len(read(client, game["id"])["hands"]) == 1


def test_repeated_delete_removes_one_hand(client, game):
    for sides in (WORKED, SMALL, SMALL):
        add(client, game, sides)
    headers = {**bearer(game["edit_key"]), "Idempotency-Key": "delete-hand-1"}
    first = client.delete(f"/api/v1/games/{game['id']}/hands/1", headers=headers)
    again = client.delete(f"/api/v1/games/{game['id']}/hands/1", headers=headers)
    assert (first.status_code, again.status_code) == (200, 200)
    assert again.data == first.data
    assert len(read(client, game["id"])["hands"]) == 2


@pytest.mark.parametrize("second", ["other-body", "other-endpoint"])
def test_same_key_for_another_request_is_422_and_changes_nothing(client, game, second):
    headers = {**bearer(game["edit_key"]), "Idempotency-Key": "k"}
    client.post(f"/api/v1/games/{game['id']}/hands", json={"sides": WORKED}, headers=headers)
    before = read(client, game["id"])
    if second == "other-body":
        response = client.post(f"/api/v1/games/{game['id']}/hands", json={"sides": SMALL}, headers=headers)
    else:
        response = client.put(f"/api/v1/games/{game['id']}/hands/1", json={"sides": WORKED}, headers=headers)
    assert response.status_code == 422
    assert "already used for a different request" in errors(response)["Idempotency-Key"]
    assert read(client, game["id"]) == before


def test_a_refused_request_does_not_use_up_its_key(client, game):
    headers = {**bearer(game["edit_key"]), "Idempotency-Key": "k"}
    assert client.post(f"/api/v1/games/{game['id']}/hands", json={"sides": [{"melded_points": 12}, {}]}, headers=headers).status_code == 422
    assert client.post(f"/api/v1/games/{game['id']}/hands", json={"sides": WORKED}, headers=headers).status_code == 201


def test_keys_are_kept_per_game(client, game):
    other = start(client)
    headers = {"Idempotency-Key": "same-key"}
    assert add(client, game, WORKED, headers=headers).status_code == 201
    assert add(client, other, SMALL, headers=headers).status_code == 201
    assert read(client, other["id"])["totals"] == [90, 50]


def test_replay_still_needs_the_edit_key(client, game):
    headers = {**bearer(game["edit_key"]), "Idempotency-Key": "k"}
    client.post(f"/api/v1/games/{game['id']}/hands", json={"sides": WORKED}, headers=headers)
    response = client.post(f"/api/v1/games/{game['id']}/hands", json={"sides": WORKED}, headers={"Idempotency-Key": "k"})
    assert response.status_code == 403


def test_answers_are_kept_for_a_day(client, db, game, monkeypatch):
    monkeypatch.setattr(store, "now", lambda: "2026-03-14T19:30:00+00:00")
    add(client, game, WORKED, headers={"Idempotency-Key": "tuesday"})
    monkeypatch.setattr(store, "now", lambda: "2026-03-15T19:29:59+00:00")
    add(client, game, SMALL, headers={"Idempotency-Key": "wednesday"})
    assert add(client, game, WORKED, headers={"Idempotency-Key": "tuesday"}).headers.get("Idempotent-Replayed") == "true"
    monkeypatch.setattr(store, "now", lambda: "2026-03-15T19:30:01+00:00")
    add(client, game, SMALL, headers={"Idempotency-Key": "thursday"})
    scopes = [row["scope"] for row in db.query("select scope from idempotency")]
    assert len(scopes) == 2, "the answer to tuesday's key is gone a day later"
    # A key is a request's key, not a hand's: a day later it is a new request.
    assert add(client, game, WORKED, headers={"Idempotency-Key": "tuesday"}).status_code == 201
    assert len(read(client, game["id"])["hands"]) == 4


def test_an_abandoned_games_answers_go_when_any_game_changes_a_day_later(client, db, game, monkeypatch):
    abandoned = start(client)
    monkeypatch.setattr(store, "now", lambda: "2026-03-14T19:30:00+00:00")
    add(client, abandoned, WORKED, headers={"Idempotency-Key": "tuesday"})
    monkeypatch.setattr(store, "now", lambda: "2026-03-15T19:30:01+00:00")
    add(client, game, WORKED, headers={"Idempotency-Key": "wednesday"})
    assert [row["scope"] for row in db.query("select scope from idempotency")] == [f"api:{game['id']}"]


def test_a_kept_answer_holds_what_a_repeat_needs_not_the_game(client, db, game):
    for number in range(1, 4):
        add(client, game, WORKED, headers={"Idempotency-Key": f"hand-{number}"})
    kept = [json.loads(row["response"]) for row in db.query("select response from idempotency order by rowid")]
    assert kept == [{"id": game["id"], "version": number, "number": number} for number in range(1, 4)]


def test_old_answers_go_for_every_game_not_only_the_one_changed_again(db):
    answers.remember_answer(db, "api:a", "k1", "h", 201, "{}")
    answers.remember_answer(db, "form:b", "k2", "h", 303, "")
    with sqlite.transaction(db):
        answers.forget_answers_before(db, "9999")
    assert [row["scope"] for row in db.query("select scope from idempotency")] == []


@pytest.mark.parametrize("key", ["", "   ", "x" * 256])
def test_unusable_idempotency_key_is_400(client, game, key):
    response = add(client, game, WORKED, headers={"Idempotency-Key": key})
    assert response.status_code == 400
    assert list(errors(response)) == ["Idempotency-Key"]
    assert read(client, game["id"])["hands"] == []


def test_repeated_game_creation_makes_one_game(client, db):
    headers = {"Idempotency-Key": NEW_GAME_KEY}
    first = client.post("/api/v1/games", json=NEW_GAME, headers=headers)
    again = client.post("/api/v1/games", json=NEW_GAME, headers=headers)
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.data == first.data
    assert again.headers["Location"] == first.headers["Location"]
    assert db["games"].count == 1
    other = client.post("/api/v1/games", json={**NEW_GAME, "names": ["X", "Y"]}, headers=headers)
    assert other.status_code == 422
    assert db["games"].count == 1


def test_edit_keys_and_idempotency_keys_are_not_stored_in_clear(client, db):
    created = client.post("/api/v1/games", json=NEW_GAME, headers={"Idempotency-Key": NEW_GAME_KEY}).get_json()
    dump = "\n".join(db.iterdump())
    assert created["edit_key"] not in dump
    assert NEW_GAME_KEY not in dump


def test_api_needs_no_csrf_token(csrf_app):
    client = csrf_app.test_client()
    created = client.post("/api/v1/games", json=NEW_GAME)
    assert created.status_code == 201
    response = client.post(f"/api/v1/games/{created.get_json()['id']}/hands", json={"sides": WORKED},
                           headers=bearer(created.get_json()["edit_key"]))
    assert response.status_code == 201


# --- two servers, one key --------------------------------------------------------------------------


def _post(url, body, headers):
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json", **headers})
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


@pytest.mark.slow
def test_concurrent_copies_of_one_request_add_one_hand(live_server):
    """Eight copies of one request race through two gunicorn workers: one hand, eight equal answers."""
    status, body = _post(f"{live_server.url}/api/v1/games", NEW_GAME, {})
    assert status == 201
    game = json.loads(body)
    url = f"{live_server.url}/api/v1/games/{game['id']}/hands"
    headers = {**bearer(game["edit_key"]), "Idempotency-Key": "race"}
    answers = []
    gate = threading.Barrier(8)

    def send():
        gate.wait(60)
        answers.append(_post(url, {"sides": WORKED}, headers))

    threads = [threading.Thread(target=send, daemon=True) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)  # bounded: a hung server fails the test instead of hanging the run
    assert [status for status, _ in answers] == [201] * 8
    assert len({body for _, body in answers}) == 1
    with urllib.request.urlopen(f"{live_server.url}/api/v1/games/{game['id']}", timeout=20) as response:
        data = json.loads(response.read())
    assert len(data["hands"]) == 1 and data["version"] == 1


# --- the documentation's examples ------------------------------------------------------------------

DOCS = Path(__file__).resolve().parents[2] / "docs" / "api.md"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```\n", re.S | re.M)
ANSWER = re.compile(r"^\*\*Answer\*\* `(\d{3})[^`]*`(.*)$", re.M)
HEADER = re.compile(r"`([A-Za-z-]+): ([^`]+)`")
FIXED_TIME = "2026-03-14T19:30:00+00:00"


def _examples(text):
    """Yield (curl command, answer line match or None, json block match or None) in page order."""
    blocks = list(FENCE.finditer(text))
    for index, block in enumerate(blocks):
        if block.group(1) != "sh" or not block.group(2).startswith("curl"):
            continue
        next_curl = next((b.start() for b in blocks[index + 1:] if b.group(1) == "sh" and b.group(2).startswith("curl")), len(text))
        answer = ANSWER.search(text, block.end(), next_curl)
        body = None
        if answer:
            following = blocks[index + 1] if index + 1 < len(blocks) else None
            if following and following.group(1) == "json" and following.start() < next_curl:
                body = following
        yield block.group(2), answer, body


def _variables(text):
    """The shell variables the page sets (``GAME=...``), for its commands and the ids the app hands out."""
    found = {}
    for block in FENCE.finditer(text):
        if block.group(1) == "sh":
            found.update(re.findall(r"^([A-Z]+)=(\S+)$", block.group(2), re.M))
    return found


def _request(command, variables):
    """Turn one documented curl command into test-client arguments."""
    words = shlex.split(command.replace("\\\n", " "))
    assert words[0] == "curl"
    method, headers, data, url = None, {}, None, None
    words = iter(words[1:])
    for word in words:
        if word == "-X":
            method = next(words)
        elif word == "-H":
            name, _, value = next(words).partition(": ")
            headers[name] = value
        elif word == "-d":
            data = next(words)
        elif word == "-o":
            next(words)
        elif word.startswith("http"):
            url = word
        else:
            assert word in ("-s", "-i"), word
    for name, value in variables.items():
        url = url.replace(f"${name}", value)
        headers = {key: text.replace(f"${name}", value) for key, text in headers.items()}
    path = re.sub(r"^https?://[^/]+", "", url)
    return path, (method or ("POST" if data is not None else "GET")), headers, data


def _contains(shown, actual):
    """True when every field a shortened example shows is in the answer; a list shown is its first entries."""
    if isinstance(shown, dict):
        return isinstance(actual, dict) and all(key in actual and _contains(value, actual[key]) for key, value in shown.items())
    if isinstance(shown, list):
        return isinstance(actual, list) and len(shown) <= len(actual) and all(map(_contains, shown, actual))
    return shown == actual and type(shown) is type(actual)


def _pretty(value, indent=0, lead=0, width=100):
    """JSON laid out for reading: a value that fits on its line stays on it (``lead``: text before it)."""
    inline = json.dumps(value, ensure_ascii=False)
    if indent + lead + len(inline) <= width or not isinstance(value, (dict, list)) or not value:
        return inline
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(key)}: {_pretty(item, indent + 2, len(json.dumps(key)) + 2, width)}"
                 for key, item in value.items()]
        opening, closing = "{", "}"
    else:
        items = [pad + _pretty(item, indent + 2, 0, width) for item in value]
        opening, closing = "[", "]"
    return opening + "\n" + ",\n".join(items) + "\n" + " " * indent + closing


def test_every_example_of_the_api_docs_is_answered_as_shown(client, monkeypatch):
    """docs/api.md's commands, sent in order to a fresh app, get the answers the page shows.

    UPDATE_API_DOCS=1 rewrites the page's answers from the app (shortened ones stay as written).
    """
    text = DOCS.read_text()
    variables = _variables(text)
    ids, keys = iter([variables["GAME"]]), iter([variables["KEY"]])
    monkeypatch.setattr(access, "new_game_id", lambda: next(ids))
    monkeypatch.setattr(access, "new_edit_key", lambda: next(keys))
    monkeypatch.setattr(store, "now", lambda: FIXED_TIME)
    update = os.environ.get("UPDATE_API_DOCS") == "1"
    replacements, checked = [], 0
    for command, answer, body in _examples(text):
        if answer is None:
            continue
        path, method, headers, data = _request(command, variables)
        response = client.open(path, method=method, headers=headers, data=data)
        where = f"{method} {path}"
        assert response.status_code == int(answer.group(1)), (where, response.get_data(as_text=True))
        for name, value in HEADER.findall(answer.group(2)):
            assert response.headers.get(name) == value, (where, name)
        if body is None:
            assert response.data == b"", where
            checked += 1
            continue
        shortened = "shortened" in answer.group(2)
        shown = json.loads(body.group(2))
        if update and (not shortened or shown == {}):
            replacements.append((body.start(2), body.end(2), _pretty(response.get_json()) + "\n"))
        elif shortened:
            assert shown and _contains(shown, response.get_json()), (where, response.get_json())
        else:
            assert response.get_json() == shown, (where, response.get_json())
        checked += 1
    if replacements:
        for start, end, new in reversed(replacements):
            text = text[:start] + new + text[end:]
        DOCS.write_text(text)
    assert checked >= 20, "the page lost its examples"


# --- the write path: one scoring per change --------------------------------------------------


@pytest.mark.parametrize("change", ["add", "replace", "delete", "rename"])
def test_a_change_through_the_api_and_reading_it_back_scores_the_game_once(client, game, monkeypatch, change):
    from scorekeeper.canasta import scoring
    from scorekeeper.games import read as model
    from scorekeeper.games import write as service

    for sides in (WORKED, SMALL):
        assert add(client, game, sides).status_code == 201
    scorings = []
    for module in (model, service):  # where a change is scored, and where a game is read
        monkeypatch.setattr(module, "score_game", lambda *args: scorings.append(1) or scoring.score_game(*args))
    headers = bearer(game["edit_key"])
    answer = {
        "add": lambda: add(client, game, BIG),
        "replace": lambda: client.put(f"/api/v1/games/{game['id']}/hands/1", json={"sides": SMALL}, headers=headers),
        "delete": lambda: client.delete(f"/api/v1/games/{game['id']}/hands/1", headers=headers),
        "rename": lambda: client.patch(f"/api/v1/games/{game['id']}", json={"names": ["Al & Bo", "Cy & Di"]},
                                       headers=headers),
    }[change]()
    assert answer.status_code in (200, 201), answer.get_json()
    assert read(client, game["id"]) == answer.get_json()
    assert len(scorings) == 1
