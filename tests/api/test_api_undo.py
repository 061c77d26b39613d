"""POST /api/v1/games/<id>/undo and /redo: every kind of change reverted and put back, totals checked after each."""

import uuid

import pytest

ADD = {"sides": [{"melded_points": 90}, {"melded_points": 50}]}
OTHER = {"sides": [{"melded_points": 120}, {"melded_points": 70}]}


def api_game(client):
    body = client.post("/api/v1/games", json={"rules": "classic", "names": ["Ann & Bob", "Cy & Di"]}).get_json()
    return body["id"], {"Authorization": f"Bearer {body['edit_key']}"}


def step(client, game_id, key, direction, version, idempotency=None):
    headers = dict(key, **({"Idempotency-Key": idempotency} if idempotency else {}))
    return client.post(f"/api/v1/games/{game_id}/{direction}", json={"expected_version": version}, headers=headers)


def totals(answer):
    return answer.get_json()["totals"]


@pytest.fixture
def game(client):
    """A game with two hands (90/50 and 120/70): totals 210 and 120, version 2."""
    game_id, key = api_game(client)
    for hand in (ADD, OTHER):
        assert client.post(f"/api/v1/games/{game_id}/hands", json=hand, headers=key).status_code == 201
    return game_id, key


@pytest.mark.parametrize("change, after, names_after", [
    ("add", [300, 170], None),
    ("edit", [590, 50], None),
    ("delete", [120, 70], None),
    ("rename", [210, 120], ["North", "South"]),
], ids=["add", "edit", "delete", "rename"])
def test_undo_reverts_each_kind_of_change_and_redo_puts_it_back(client, game, change, after, names_after):
    game_id, key = game
    if change == "add":
        answer = client.post(f"/api/v1/games/{game_id}/hands", json=ADD, headers=key)
    elif change == "edit":
        answer = client.put(f"/api/v1/games/{game_id}/hands/2", json={"sides": [{"melded_points": 500}, {}]}, headers=key)
    elif change == "delete":
        answer = client.delete(f"/api/v1/games/{game_id}/hands/1", headers=key)
    else:
        answer = client.patch(f"/api/v1/games/{game_id}", json={"names": ["North", "South"]}, headers=key)
    assert answer.status_code in (200, 201)
    assert totals(answer) == after
    undone = step(client, game_id, key, "undo", 3)
    assert undone.status_code == 200
    assert totals(undone) == [210, 120]
    body = undone.get_json()
    assert body["version"] == 4 and body["names"] == ["Ann & Bob", "Cy & Di"]
    assert [hand["sides"][0].get("melded_points") for hand in body["hands"]] == [90, 120], "in their places"
    redone = step(client, game_id, key, "redo", 4)
    assert redone.status_code == 200
    assert totals(redone) == after
    assert redone.get_json()["names"] == (names_after or ["Ann & Bob", "Cy & Di"])


def test_undo_goes_back_change_by_change_and_redo_forward(client, game):
    game_id, key = game
    client.delete(f"/api/v1/games/{game_id}/hands/1", headers=key)  # version 3: 120/70 left
    assert totals(step(client, game_id, key, "undo", 3)) == [210, 120]  # the deleted hand back
    assert totals(step(client, game_id, key, "undo", 4)) == [90, 50]  # hand 2's add reverted
    assert totals(step(client, game_id, key, "undo", 5)) == [0, 0]
    nothing = step(client, game_id, key, "undo", 6)
    assert nothing.status_code == 409
    assert nothing.get_json()["errors"] == [{"field": "", "message": "There is nothing to undo: no change of this game is left to revert."}]
    assert totals(step(client, game_id, key, "redo", 6)) == [90, 50]
    assert totals(step(client, game_id, key, "redo", 7)) == [210, 120]
    # A new change leaves what was undone behind: nothing to redo.
    client.post(f"/api/v1/games/{game_id}/hands", json=ADD, headers=key)
    left = step(client, game_id, key, "redo", 9)
    assert left.status_code == 409
    assert "nothing to redo" in left.get_json()["errors"][0]["message"]


def test_undo_with_a_stale_version_is_409_and_changes_nothing(client, game):
    game_id, key = game
    answer = step(client, game_id, key, "undo", 1)
    assert answer.status_code == 409
    assert answer.get_json()["errors"][0]["field"] == "expected_version"
    assert totals(client.get(f"/api/v1/games/{game_id}")) == [210, 120]


def test_an_undo_sent_twice_with_one_idempotency_key_undoes_once(client, game):
    game_id, key = game
    token = str(uuid.uuid4())
    first = step(client, game_id, key, "undo", 2, idempotency=token)
    again = step(client, game_id, key, "undo", 2, idempotency=token)
    assert first.status_code == again.status_code == 200
    assert again.headers.get("Idempotent-Replayed") == "true"
    assert totals(client.get(f"/api/v1/games/{game_id}")) == [90, 50]


def test_undo_needs_the_edit_key(client, game):
    game_id, _ = game
    answer = step(client, game_id, {"Authorization": "Bearer wrong"}, "undo", 2)
    assert answer.status_code in (401, 403)
    assert totals(client.get(f"/api/v1/games/{game_id}")) == [210, 120]
