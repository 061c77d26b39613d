"""Any body at all, sent to the tables API, gets a clear answer and a refused one changes nothing: never a 500."""

import urllib.parse

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ..tables_helpers import BASE, bearer, keys_of, table_app
from .test_fuzz import FUZZ, assert_clear_answer, bodies

VALID_TABLE = {"rules": "classic", "options": {}, "names": ["Ann", "Bob", "Cy", "Di"], "computer": {"1": "normal"}}
VALID_MOVES = [{"move": {"kind": "draw"}, "expected_version": 1}, {"move": {"kind": "discard", "card": "K"}},
               {"move": {"kind": "take_pile", "cards": "Q Q", "melds": "K K K"}},
               {"move": {"kind": "meld", "melds": [{"cards": "2", "onto": "K"}]}}, {"move": {"kind": "next_deal"}}]


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    # Nobody goes away here: the seat to move stays a person's whatever the examples take.
    return table_app(tmp_path_factory.mktemp("tables-fuzz"), TABLES_AWAY_SECONDS=0).test_client()


@pytest.fixture(scope="module")
def table(client):
    """A table whose seat 2 is never to move: a move allowed there would be a bug, so every answer changes nothing."""
    opened = client.post(BASE, json=VALID_TABLE).get_json()
    return opened["id"], keys_of(opened), opened["host_key"]


def _state(client, table_id):
    seen = client.get(f"{BASE}/{table_id}").get_json()
    return seen["position"], seen["deal"], seen["last_moves"]


@FUZZ
@given(body=bodies([VALID_TABLE, {"rules": "classic-3p", "names": ["A", "B", "C"], "computer": {"2": "hard"}}]))
def test_a_new_table_answers_any_body(client, body):
    response = client.post(BASE, data=body, content_type="application/json")
    data = assert_clear_answer(response, 201)
    if response.status_code == 201:
        assert client.get(f"{BASE}/{data['id']}").status_code == 200


@FUZZ
@given(body=bodies(VALID_MOVES))
def test_a_move_answers_any_body_and_a_seat_not_to_move_changes_nothing(client, table, body):
    table_id, keys, _ = table
    before = _state(client, table_id)
    response = client.post(f"{BASE}/{table_id}/moves", data=body, content_type="application/json",
                           headers=bearer(keys[2]))
    data = assert_clear_answer(response, 200, (400, 409, 422))
    if response.status_code == 200:
        assert data["allowed"] is False and data["reasons"]
    assert _state(client, table_id) == before


@FUZZ
@given(body=bodies([{"player": "computer", "level": "easy"}, {"player": "person"}]),
       seat=st.sampled_from(["3", "7", "-1", "x"]))
def test_a_seat_change_answers_any_body(client, table, body, seat):
    table_id, _, host_key = table
    before = _state(client, table_id)
    response = client.put(f"{BASE}/{table_id}/seats/{seat}", data=body, content_type="application/json",
                          headers=bearer(host_key))
    assert_clear_answer(response, 200, (400, 404, 422))
    if response.status_code != 200:
        assert _state(client, table_id) == before
    else:  # seat 3 (never to move) back to a person: the next example starts alike
        client.put(f"{BASE}/{table_id}/seats/3", json={"player": "person"}, headers=bearer(host_key))


@FUZZ
@given(table_id=st.text(st.characters(blacklist_characters="/", blacklist_categories=("Cs",)), min_size=1, max_size=40),
       key=st.text(st.characters(min_codepoint=33, max_codepoint=126), max_size=30))
def test_any_address_and_key_under_tables_answers_json(client, table, table_id, key):
    quoted = urllib.parse.quote(table_id, safe="")
    real = table[0]
    for response in (client.get(f"{BASE}/{quoted}", headers=bearer(key)),
                     client.post(f"{BASE}/{quoted}/moves", json={"move": {"kind": "draw"}}, headers=bearer(key)),
                     client.post(f"{BASE}/{real}/moves", json={"move": {"kind": "draw"}}, headers=bearer(key)),
                     client.post(f"{BASE}/{quoted}/end", headers=bearer(key))):
        assert response.status_code in (200, 403, 404, 405), response.get_data(as_text=True)
        assert response.mimetype == "application/json"
        if response.status_code != 200:
            assert response.get_json()["errors"][0]["message"]
    assert client.get(f"{BASE}/{real}").get_json()["ended"] is False


@FUZZ
@given(body=bodies([{"phrase": "good_luck"}, {"phrase": "oops"}]))
def test_a_phrase_answers_any_body_and_changes_no_card(client, table, body):
    table_id, keys, _ = table
    before = _state(client, table_id)
    response = client.post(f"{BASE}/{table_id}/say", data=body, content_type="application/json",
                           headers=bearer(keys[2]))
    assert_clear_answer(response, 200, (400, 422, 429))
    assert _state(client, table_id) == before


@FUZZ
@given(body=bodies([{"seat": 0}, {"seat": 2}]))
def test_a_nudge_answers_any_body_and_changes_no_card(client, table, body):
    table_id, keys, _ = table
    before = _state(client, table_id)
    response = client.post(f"{BASE}/{table_id}/nudge", data=body, content_type="application/json",
                           headers=bearer(keys[2]))
    assert_clear_answer(response, 200, (400, 409, 422, 429))
    assert _state(client, table_id) == before


@FUZZ
@given(number=st.one_of(st.integers(min_value=-5, max_value=2 ** 70).map(str),
                        st.text(st.characters(blacklist_characters="/", blacklist_categories=("Cs",)), min_size=1,
                                max_size=12)),
       key=st.sampled_from([None, 0, "host", "wrong"]))
def test_a_deal_of_a_table_in_play_is_never_shown_whatever_is_asked(client, table, number, key):
    table_id, keys, host_key = table
    key = {None: None, 0: keys[0], "host": host_key, "wrong": "not-a-key"}[key]
    response = client.get(f"{BASE}/{table_id}/deals/{urllib.parse.quote(number, safe='')}", headers=bearer(key))
    assert response.status_code in (403, 404, 409), response.get_data(as_text=True)
    assert response.mimetype == "application/json" and response.get_json()["errors"][0]["message"]
