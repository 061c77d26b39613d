"""Changing a game's table through the API: PATCH renames teams and seats, POST .../edit-key makes a new key.

Every refusal leaves the stored game (and the kept answers) exactly as they were.
"""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.games import access
from scorekeeper.store import db as store

from ..helpers import WORKED, new_game
from .test_fuzz import FUZZ, assert_clear_answer, bodies

RETRY_KEY = "5f0c8e1a-3b7d-4c2e-9a61-d84f27b3c905"  # a new edit key's answer holds a key: a random one

SEATS = ["Ann", "Cy", "Bob", "Di"]
RENAME = {"names": ["Ann & Bea", "Cy & Dee"], "seats": ["Ann", "Cy", "Bea", "Dee"]}


@pytest.fixture
def game(db):
    """A Classic game with seats and one hand (version 1): its id and its edit key."""
    return new_game(db, hands=[WORKED], seats=SEATS)


def bearer(key):
    return {"Authorization": f"Bearer {key}"}


def patch(client, game_id, key, body, **headers):
    return client.patch(f"/api/v1/games/{game_id}", json=body, headers={**bearer(key), **headers})


def errors(response):
    data = response.get_json()
    assert list(data) == ["errors"], data
    assert all(isinstance(item["field"], str) and item["message"].strip() for item in data["errors"])
    return {item["field"]: item["message"] for item in data["errors"]}


def stored(db, game_id):
    """Everything kept about a game: its row, its hands, and the answers kept for repeats."""
    kept = [dict(row) for row in db.query("select * from idempotency order by rowid")]
    return store.get_game(db, game_id), kept


# --- renaming ------------------------------------------------------------------------------------


def test_a_rename_answers_the_game_as_get_does_and_grows_the_version(client, db, game):
    game_id, key = game
    response = patch(client, game_id, key, {**RENAME, "expected_version": 1})
    assert response.status_code == 200
    assert response.headers["ETag"] == 'W/"2"'
    fresh = client.get(f"/api/v1/games/{game_id}")
    assert response.get_json() == fresh.get_json()
    data = fresh.get_json()
    assert data["names"] == ["Ann & Bea", "Cy & Dee"]
    assert data["seats"] == ["Ann", "Cy", "Bea", "Dee"]
    assert data["version"] == 2
    assert data["totals"] == [605, -295]  # the scores never change
    assert data["hands"][0]["dealer"] == "Ann" and data["next_dealer"] == "Cy"
    assert store.get_version(db, game_id) == 2


def test_a_field_left_out_keeps_what_the_game_has(client, game):
    game_id, key = game
    assert patch(client, game_id, key, {"names": ["Us", "Them"]}).get_json()["seats"] == SEATS
    data = patch(client, game_id, key, {"seats": ["Di", "Ann", "Cy", "Bob"]}).get_json()
    assert data["names"] == ["Us", "Them"]
    assert data["seats"] == ["Di", "Ann", "Cy", "Bob"]
    assert data["version"] == 3


def test_empty_seats_take_the_seats_away(client, game):
    game_id, key = game
    data = patch(client, game_id, key, {"seats": []}).get_json()
    assert data["seats"] == [] and data["next_dealer"] is None


def test_names_are_tidied_as_when_a_game_starts(client, game):
    game_id, key = game
    data = patch(client, game_id, key, {"names": ["  Ann   &  Bea ", "Cy & Dee"]}).get_json()
    assert data["names"] == ["Ann & Bea", "Cy & Dee"]


def test_the_same_names_again_keep_the_version(client, db, game):
    game_id, key = game
    before = stored(db, game_id)
    response = patch(client, game_id, key, {"names": ["Ann & Bob", "Cy & Di"], "seats": SEATS, "expected_version": 1})
    assert response.status_code == 200 and response.get_json()["version"] == 1
    assert stored(db, game_id) == before


def test_the_players_view_shows_the_new_names(client, game):
    game_id, key = game
    assert "Cy &amp; Di" in client.get(f"/games/{game_id}/view").get_data(as_text=True)
    patch(client, game_id, key, RENAME)
    html = client.get(f"/games/{game_id}/view").get_data(as_text=True)
    assert "Cy &amp; Dee" in html and "Cy &amp; Di" not in html


# --- refusals: each answers its status and changes nothing ---------------------------------------


@pytest.mark.parametrize("who", ["no-key", "wrong-key", "other-games-key", "view-id", "basic-scheme"])
def test_without_the_edit_key_is_403_and_nothing_changes(client, db, game, who):
    game_id, key = game
    _, other_key = new_game(db)
    headers = {
        "no-key": {},
        "wrong-key": bearer(key[:-2] + "xx"),
        "other-games-key": bearer(other_key),
        "view-id": bearer(game_id),
        "basic-scheme": {"Authorization": f"Basic {key}"},
    }[who]
    before = stored(db, game_id)
    response = client.patch(f"/api/v1/games/{game_id}", json=RENAME, headers=headers)
    assert response.status_code == 403
    assert list(errors(response)) == ["Authorization"]
    assert stored(db, game_id) == before


def test_unknown_game_is_404(client, game):
    _, key = game
    response = client.patch("/api/v1/games/no-such-game", json=RENAME, headers=bearer(key))
    assert response.status_code == 404
    assert list(errors(response)) == ["id"]


@pytest.mark.parametrize("data, content_type", [
    ("not json", "application/json"),
    ('["Ann", "Bob"]', "application/json"),
    ("", "application/json"),
    ('{"names": ["A", "B"]}', "text/plain"),
    (b'{"names": ["\xff"]}', "application/json"),
], ids=["not-json", "a-list", "no-body", "not-declared-json", "not-utf8"])
def test_a_body_that_cannot_be_read_is_400_and_nothing_changes(client, db, game, data, content_type):
    game_id, key = game
    before = stored(db, game_id)
    response = client.patch(f"/api/v1/games/{game_id}", data=data, content_type=content_type, headers=bearer(key))
    assert response.status_code == 400
    assert errors(response)
    assert stored(db, game_id) == before


def test_a_stale_expected_version_is_409_and_nothing_changes(client, db, game):
    game_id, key = game
    before = stored(db, game_id)
    response = patch(client, game_id, key, {**RENAME, "expected_version": 0})
    assert response.status_code == 409
    assert "it is at version 1, you sent 0" in errors(response)["expected_version"]
    assert stored(db, game_id) == before


@pytest.mark.parametrize("body, expected", [
    ({"names": ["Us", "us"]}, {"names": "Give each a different name, so the score sheet can tell them apart."}),
    ({"names": ["Us"]}, {"names": "Give 2 names, one per team."}),
    ({"names": ["Us", ""], "seats": ["A", "B", "C"]},
     {"names[1]": "Name 2 is empty.", "seats": "Name all 4 seats, or none."}),
    ({"names": "Us and Them"}, {"names": "Teams must be a list of names."}),
    ({"names": ["Us", 7], "seats": ["A", "", "C", "D"]}, {"names[1]": "A name must be text.",
                                                         "seats[1]": "Name every seat, or none."}),
    ({"names": ["Us", "x" * 41]}, {"names[1]": "Name 2 is longer than 40 characters."}),
    ({"names": None}, {"names": "Give 2 names, one per team."}),
    ({"names": ["Us", "Them"], "rules": "modern", "expected_version": "1"},
     {"rules": 'A change of names and seats has no field "rules". Its fields: names, seats, expected_version.',
      "expected_version": "The expected version must be a whole number, like 3: the version of the game you last read."}),
], ids=["same-twice", "too-few", "empty-and-short-seats", "not-a-list", "not-text", "too-long", "null", "wrong-fields"])
def test_names_that_break_a_rule_are_422_with_every_problem_and_nothing_changes(client, db, game, body, expected):
    game_id, key = game
    before = stored(db, game_id)
    response = patch(client, game_id, key, body)
    assert response.status_code == 422
    found = errors(response)
    assert list(found) == list(expected)
    assert found == expected
    assert stored(db, game_id) == before


# --- repeated requests ---------------------------------------------------------------------------


def test_a_repeated_idempotency_key_gives_the_first_answer(client, db, game):
    game_id, key = game
    first = patch(client, game_id, key, RENAME, **{"Idempotency-Key": "rename-1"})
    patch(client, game_id, key, {"names": ["Later", "Names"]})
    again = patch(client, game_id, key, RENAME, **{"Idempotency-Key": "rename-1"})
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    # Nothing renamed a second time; the answer is the game as it is now (kept answers hold no game).
    assert first.get_json()["names"] == ["Ann & Bea", "Cy & Dee"]
    assert again.get_json() == client.get(f"/api/v1/games/{game_id}").get_json()
    assert again.get_json()["names"] == ["Later", "Names"]
    assert store.get_version(db, game_id) == 3


def test_an_idempotency_key_used_for_another_request_is_422_and_changes_nothing(client, db, game):
    game_id, key = game
    patch(client, game_id, key, RENAME, **{"Idempotency-Key": "k"})
    before = stored(db, game_id)
    response = patch(client, game_id, key, {"names": ["Other", "Names"]}, **{"Idempotency-Key": "k"})
    assert response.status_code == 422 and list(errors(response)) == ["Idempotency-Key"]
    assert stored(db, game_id) == before


# --- a new edit key ------------------------------------------------------------------------------


def new_key(client, game_id, key, **headers):
    return client.post(f"/api/v1/games/{game_id}/edit-key", headers={**bearer(key), **headers})


def test_a_new_edit_key_replaces_the_old_one_everywhere(client, db, game):
    game_id, old_key = game
    response = new_key(client, game_id, old_key)
    assert response.status_code == 200
    assert "no-store" in response.headers["Cache-Control"]
    data = response.get_json()
    assert set(data) == {"id", "edit_key", "edit_url", "version"}
    assert data["id"] == game_id and data["version"] == 2 == store.get_version(db, game_id)
    assert data["edit_key"] != old_key
    assert data["edit_url"] == f"/games/{game_id}/join?key={data['edit_key']}"
    assert store.get_edit_key_hash(db, game_id) == access.hash_key(data["edit_key"])
    # The old key opens nothing, in the API as in a browser.
    assert patch(client, game_id, old_key, RENAME).status_code == 403
    page = client.get(f"/games/{game_id}/join?key={old_key}")
    assert page.status_code == 403
    assert "the scorekeeper may have made a new edit link" in page.get_data(as_text=True)
    # The new one does.
    assert patch(client, game_id, data["edit_key"], RENAME).status_code == 200
    assert client.get(data["edit_url"]).status_code == 303


def test_a_lost_answer_is_given_again_to_the_old_key_with_the_same_idempotency_key(client, db, game):
    game_id, old_key = game
    first = new_key(client, game_id, old_key, **{"Idempotency-Key": RETRY_KEY}).get_json()
    again = new_key(client, game_id, old_key, **{"Idempotency-Key": RETRY_KEY})
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first
    assert store.get_edit_key_hash(db, game_id) == access.hash_key(first["edit_key"])
    assert store.get_version(db, game_id) == 2
    # Only the old key's holder gets the replay: another key, or none, is refused as before.
    for headers in ({}, bearer("guess")):
        response = client.post(f"/api/v1/games/{game_id}/edit-key", headers={**headers, "Idempotency-Key": RETRY_KEY})
        assert response.status_code == 403
    # Without the Idempotency-Key the old key is simply refused.
    assert new_key(client, game_id, old_key).status_code == 403
    # The new key with the same Idempotency-Key is another request.
    reused = new_key(client, game_id, first["edit_key"], **{"Idempotency-Key": RETRY_KEY})
    assert reused.status_code == 422 and list(errors(reused)) == ["Idempotency-Key"]


def test_the_idempotency_key_and_the_new_key_are_not_stored_in_clear(client, db, game):
    game_id, key = game
    data = new_key(client, game_id, key, **{"Idempotency-Key": RETRY_KEY}).get_json()
    rows = json.dumps([dict(row) for row in db.query("select * from idempotency")])
    assert data["edit_key"] not in rows and RETRY_KEY not in rows


@pytest.mark.parametrize("headers, data, status", [
    ({}, None, 403),
    (bearer("guess"), None, 403),
    ("own", b'{"edit_key": "mine"}', 400),
    ("own", b"not json", 400),
    ("own", None, 200),
    ("own", b"{}", 200),
], ids=["no-key", "wrong-key", "fields", "not-json", "no-body", "empty-object"])
def test_new_edit_key_answers(client, db, game, headers, data, status):
    game_id, key = game
    before = stored(db, game_id)
    response = client.post(f"/api/v1/games/{game_id}/edit-key", data=data, content_type="application/json",
                           headers=bearer(key) if headers == "own" else headers)
    assert response.status_code == status
    if status != 200:
        assert errors(response)
        assert stored(db, game_id) == before
    else:
        assert store.get_version(db, game_id) == 2


def test_new_edit_key_of_an_unknown_game_is_404(client, game):
    _, key = game
    response = new_key(client, "no-such-game", key)
    assert response.status_code == 404 and list(errors(response)) == ["id"]


# --- any body at all -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def fuzz_game(tmp_path_factory):
    """A module-wide app and a game with seats and one hand: its client, id and key."""
    from scorekeeper import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "test", "RATELIMIT_ENABLED": False,
                      "DATABASE": str(tmp_path_factory.mktemp("patch") / "patch.db")})
    client = app.test_client()
    created = client.post("/api/v1/games", json={"rules": "classic", "names": ["Ann & Bob", "Cy & Di"],
                                                 "seats": SEATS}).get_json()
    assert client.post(f"/api/v1/games/{created['id']}/hands", json={"sides": WORKED},
                       headers=bearer(created["edit_key"])).status_code == 201
    return client, created["id"], created["edit_key"]


@FUZZ
@given(body=bodies([RENAME, {**RENAME, "expected_version": 1}, {"names": ["A", "B", "C"], "seats": []}]),
       idempotency_key=st.none() | st.text(st.characters(min_codepoint=33, max_codepoint=126), max_size=8))
def test_rename_answers_any_body(fuzz_game, body, idempotency_key):
    client, game_id, key = fuzz_game
    headers = bearer(key) | ({"Idempotency-Key": idempotency_key} if idempotency_key is not None else {})
    before = client.get(f"/api/v1/games/{game_id}").get_json()
    response = client.patch(f"/api/v1/games/{game_id}", data=body, content_type="application/json", headers=headers)
    data = assert_clear_answer(response, 200, (400, 409, 422))
    after = client.get(f"/api/v1/games/{game_id}").get_json()
    if response.status_code >= 400:
        assert after == before, "a refused change must change nothing"
    elif "Idempotent-Replayed" not in response.headers:
        assert data == after
        assert [hand["scores"] for hand in after["hands"]] == [hand["scores"] for hand in before["hands"]]
