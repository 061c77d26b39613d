"""Any body at all, sent to the JSON API, gets a clear answer: never a 500, never a stack trace.

Hypothesis builds JSON of every shape (objects, lists, huge integers, floats,
odd text, nulls), raw bytes, and valid bodies with one part changed; each
answer must be a success or a 400/422 whose every error names a field and
says something.
"""

import json
import urllib.parse

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scorekeeper import create_app

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

WORKED = [
    {"melded_points": 120, "hand_points": 15, "natural_canastas": 0, "mixed_canastas": 1, "red_threes": 1, "going_out": "out"},
    {"melded_points": 0, "hand_points": 95, "red_threes": 2},
]
VALID_SCORE = {"rules": "classic", "options": {}, "totals_before": [0, 0], "sides": WORKED}
VALID_MODERN = {"rules": "modern", "sides": [
    {"canastas": {"natural": 1, "mixed": 1}, "melded_points": 250, "red_threes": 2, "going_out": "out"},
    {"canastas": {}, "melded_points": 60, "hand_points": 40, "red_threes": 1, "unfinished": {"aces": True}},
]}
VALID_MELDS = {"rules": "classic", "sides": [
    {"melds": [{"rank": "K", "naturals": 5, "twos": 2, "jokers": 0}, {"rank": "8", "naturals": 3}],
     "in_hand": {"four_to_seven": 1, "eight_to_king": 1}, "red_threes": 1, "going_out": "out"},
    {"in_hand": {"aces": 2, "jokers": 1}, "red_threes": 2},
]}
VALID_GAME = {"rules": "classic", "names": ["Ann & Bob", "Cy & Di"], "options": {"target": 5000},
              "seats": ["Ann", "Cy", "Bob", "Di"], "start_totals": [0, 0]}

# Names the API knows, so that generated objects often hit real fields with wrong values.
FIELD_NAMES = [
    "rules", "options", "totals_before", "sides", "members", "melded_points", "hand_points",
    "natural_canastas", "mixed_canastas", "red_threes", "going_out", "melds", "in_hand", "rank",
    "naturals", "twos", "jokers", "canastas", "natural", "mixed", "black_threes", "unfinished",
    "names", "seats", "start_totals", "target", "tie", "expected_version", "special_hand_points",
    # the referee's (/api/v1/play/*) and the checks' (/api/v1/check/*) fields
    "position", "move", "kind", "seat", "hands", "stock", "pile", "turn", "step", "card", "cards", "yes", "way",
    "lone", "answer", "began", "threes", "melded", "total", "pile_top", "hand", "initial", "frozen", "side_melds",
]

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-5, max_value=1300)
    | st.integers(min_value=-(10**40), max_value=10**40)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | st.sampled_from(["classic", "modern", "classic-3p", "out", "concealed", "no", "K", "3", "A", "",
                       "draw", "discard", "meld", "take_pile", "answer", "K K K", "Q | Q Q"])
)
keys = st.sampled_from(FIELD_NAMES) | st.text(max_size=8)
json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=5) | st.dictionaries(keys, children, max_size=6),
    max_leaves=30,
)
objects = st.dictionaries(keys, json_values, max_size=6)


def _paths(value, path=()):
    """Every path into a JSON value, the value itself included."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, path + (index,))


def _replace(value, path, new):
    if not path:
        return new
    head, rest = path[0], path[1:]
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[head] = _replace(value.get(head) if isinstance(value, dict) else value[head], rest, new)
    return copy


def _remove(value, path):
    if len(path) == 1:
        copy = dict(value) if isinstance(value, dict) else list(value)
        del copy[path[0]]
        return copy
    return _replace(value, path[:1], _remove(value[path[0]], path[1:]))


@st.composite
def mutated(draw, valid_bodies):
    """A valid body with one part replaced by any JSON, removed, or given an extra key."""
    body = draw(st.sampled_from(valid_bodies))
    path = draw(st.sampled_from(list(_paths(body))[1:]))
    action = draw(st.sampled_from(["replace", "remove", "add"]))
    if action == "replace":
        return _replace(body, path, draw(json_values))
    if action == "remove":
        return _remove(body, path)
    return {**body, draw(keys): draw(json_values)}


def bodies(valid_bodies):
    """Request bodies as bytes: any JSON object, any JSON, a mutated valid body, or any bytes."""
    as_json = (objects | json_values | mutated(valid_bodies)).map(lambda value: json.dumps(value).encode("utf-8"))
    return as_json | st.binary(max_size=60)


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "RATELIMIT_ENABLED": False,
                      "DATABASE": str(tmp_path_factory.mktemp("fuzz") / "fuzz.db")})
    return app.test_client()


@pytest.fixture(scope="module")
def game(client):
    """A game with one hand, and its edit key."""
    created = client.post("/api/v1/games", json=VALID_GAME).get_json()
    headers = {"Authorization": f"Bearer {created['edit_key']}"}
    assert client.post(f"/api/v1/games/{created['id']}/hands", json={"sides": WORKED}, headers=headers).status_code == 201
    return created["id"], headers


def assert_clear_answer(response, success, refusals=(400, 422), fuzzed=True):
    """A success, or a refusal with an errors body whose every item has a field and a message."""
    assert response.status_code in (success, *refusals), (response.status_code, response.get_data(as_text=True))
    assert response.mimetype == "application/json"
    if fuzzed:
        event(f"answered {response.status_code}")
    data = response.get_json()
    if response.status_code == success:
        return data
    assert isinstance(data, dict) and list(data) == ["errors"], data
    assert data["errors"], "an error answer must list at least one problem"
    for item in data["errors"]:
        assert isinstance(item["field"], str), item
        assert isinstance(item["message"], str) and item["message"].strip(), item
        assert "Traceback" not in item["message"]
    return data


@FUZZ
@given(body=bodies([VALID_SCORE, VALID_MODERN, VALID_MELDS]))
def test_score_answers_any_body(client, body):
    data = assert_clear_answer(client.post("/api/v1/score", data=body, content_type="application/json"), 200)
    if isinstance(data, dict) and "sides" in data:
        assert all(side["score"] == sum(side["breakdown"].values()) for side in data["sides"])


@FUZZ
@given(body=bodies([VALID_GAME, {"rules": "classic-3p", "names": ["A", "B", "C"], "options": {"canastas_to_go_out": 1}}]))
def test_new_game_answers_any_body(client, body):
    response = client.post("/api/v1/games", data=body, content_type="application/json")
    data = assert_clear_answer(response, 201)
    if response.status_code == 201:
        assert client.get(f"/api/v1/games/{data['id']}").status_code == 200


@FUZZ
@given(body=bodies([{"sides": WORKED}, {"sides": WORKED, "expected_version": 1}, {"sides": VALID_MELDS["sides"]}]),
       method=st.sampled_from(["POST", "PUT"]))
def test_hands_answer_any_body(client, game, body, method):
    game_id, headers = game
    before = client.get(f"/api/v1/games/{game_id}").get_json()
    if method == "POST":
        response = client.post(f"/api/v1/games/{game_id}/hands", data=body, content_type="application/json", headers=headers)
        assert_clear_answer(response, 201, (400, 409, 422))
    else:
        response = client.put(f"/api/v1/games/{game_id}/hands/1", data=body, content_type="application/json", headers=headers)
        assert_clear_answer(response, 200, (400, 409, 422))
    after = client.get(f"/api/v1/games/{game_id}").get_json()
    if response.status_code >= 400:
        assert after == before, "a refused change must change nothing"
    # Keep the game open for the next example: a game that ended takes no more hands.
    while after["game_over"] or len(after["hands"]) > 3:
        client.delete(f"/api/v1/games/{game_id}/hands/{len(after['hands'])}", headers=headers)
        after = client.get(f"/api/v1/games/{game_id}").get_json()


@FUZZ
@given(query=st.text(max_size=12), body=st.one_of(st.just(b""), bodies([{"expected_version": 1}])))
def test_delete_answers_any_body(client, game, query, body):
    game_id, headers = game
    # A hand number past the end: the answer is 404 or a refusal, and no hand is lost.
    before = client.get(f"/api/v1/games/{game_id}").get_json()
    response = client.delete(f"/api/v1/games/{game_id}/hands/99", query_string={"expected_version": query},
                             data=body, content_type="application/json", headers=headers)
    assert response.status_code in (400, 404, 409, 422), response.get_data(as_text=True)
    assert all(item["message"] for item in response.get_json()["errors"])
    assert client.get(f"/api/v1/games/{game_id}").get_json()["hands"] == before["hands"]


@FUZZ
@given(game_id=st.text(st.characters(blacklist_characters="/", blacklist_categories=("Cs",)), min_size=1, max_size=40), number=st.integers(min_value=0, max_value=10**20))
def test_any_address_under_games_answers_json(client, game_id, number):
    quoted = urllib.parse.quote(game_id, safe="")
    for response in (client.get(f"/api/v1/games/{quoted}"),
                     client.get(f"/api/v1/games/{quoted}/hands/{number}"),
                     client.delete(f"/api/v1/games/{quoted}/hands/{number}", headers={"Authorization": "Bearer x"})):
        assert response.status_code in (404, 403), response.get_data(as_text=True)
        assert all(item["message"] for item in response.get_json()["errors"])


# --- the referee (/api/v1/play/*) and the checks (/api/v1/check/*) ----------------------------------

POSITION = {"hands": ["Q Q K K K 6 7 8 9 10 J", 11, 11, 11], "stock": 61, "pile": "5 9 Q", "turn": 0, "step": "draw"}
VALID_CHECK = {"rules": "classic", "position": POSITION, "move": {"kind": "draw"}}
VALID_TAKE = {"rules": "classic", "position": POSITION, "move": {"kind": "take_pile", "cards": "Q Q"}, "seat": 0}
VALID_MOVES = {"rules": "modern", "position": POSITION | {"hands": ["Q Q K K K 6 7 8 9 10 J 4 4", 13, 13, 13]}}
# Objects and lists where the engine looks a value up by name (a move's kind, a rule set, an option).
NOT_STRINGS = [[], ["draw"], {}, {"kind": "draw"}, [[]]]


@FUZZ
@given(body=bodies([VALID_CHECK, VALID_TAKE, VALID_MOVES]), path=st.sampled_from(["check", "moves"]))
def test_the_referee_answers_any_body(client, body, path):
    assert_clear_answer(client.post(f"/api/v1/play/{path}", data=body, content_type="application/json"), 200)


MOVES_WITH = {"kind": {"kind": "draw"}, "card": {"kind": "discard", "card": "K"},
              "cards": {"kind": "take_pile", "cards": "Q Q"}, "yes": {"kind": "answer", "yes": True},
              "melds": {"kind": "meld", "melds": ["K K K"]}}
IDS = ["list", "list-of-kind", "object", "object-of-kind", "nested"]


@pytest.mark.parametrize("value", NOT_STRINGS, ids=IDS)
@pytest.mark.parametrize("name", list(MOVES_WITH))
def test_a_list_or_object_in_any_field_of_a_move_is_a_422_naming_it(client, name, value):
    move = MOVES_WITH[name] | {name: value}
    response = client.post("/api/v1/play/check", json=VALID_CHECK | {"move": move})
    data = assert_clear_answer(response, 200, (422,), fuzzed=False)
    assert response.status_code == 422
    assert any(item["field"].startswith(f"move.{name}") for item in data["errors"]), data


@pytest.mark.parametrize("value", NOT_STRINGS, ids=IDS)
@pytest.mark.parametrize("path", [("rules",), ("options",), ("seat",), ("move",), ("position", "step"),
                                  ("position", "began"), ("position", "answer"), ("position", "turn"),
                                  ("position", "pile"), ("position", "hands", 0), ("options", "tie")],
                         ids=lambda path: ".".join(map(str, path)))
def test_a_list_or_object_in_any_field_of_the_referee_is_a_422(client, path, value):
    body = VALID_CHECK | {"seat": 0, "options": {"tie": "another_hand"}}
    for endpoint in ("check", "moves"):
        response = client.post(f"/api/v1/play/{endpoint}", json=_replace(body, path, value))
        assert_clear_answer(response, 200, (422,), fuzzed=False)


CHECK_BODIES = {
    "initial-meld": {"rules": "classic", "total": 1600, "cards": "K K Q Q 2", "pile_top": "K"},
    "meld": {"rules": "classic", "cards": "K K K | Q Q Q", "initial": "yes"},
    "pile": {"rules": "classic", "pile_top": "Q", "frozen": False, "side_has_melded": True, "side_meld_ranks": ["Q"],
             "hand": "Q 2 5 9", "pile_size": 6},
    "going-out": {"rules": "classic", "canastas": 0, "side_has_melded": False, "hand": "5"},
}


@FUZZ
@given(body=bodies(list(CHECK_BODIES.values())), endpoint=st.sampled_from(list(CHECK_BODIES)))
def test_the_checks_answer_any_body(client, body, endpoint):
    assert_clear_answer(client.post(f"/api/v1/check/{endpoint}", data=body, content_type="application/json"), 200)


@pytest.mark.parametrize("value", NOT_STRINGS, ids=IDS)
@pytest.mark.parametrize("endpoint,field", [(endpoint, field) for endpoint, body in CHECK_BODIES.items()
                                            for field in [*body, "options"]])
def test_the_checks_answer_a_list_or_object_in_any_field_with_a_422(client, endpoint, field, value):
    response = client.post(f"/api/v1/check/{endpoint}", json=CHECK_BODIES[endpoint] | {field: value})
    assert_clear_answer(response, 200, (422,), fuzzed=False)
