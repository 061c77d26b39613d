"""GET /api/v1/rules and POST /api/v1/score: the engine's numbers, answered as API.md fixes them."""

import io
import json

import pytest

from scorekeeper.canasta.options import option_specs

from scorekeeper.canasta.rules import PRESETS

from ..helpers import API_MD_ANSWER, API_MD_REQUEST

WORKED = json.loads(API_MD_REQUEST)["sides"]


def ordered(text):
    """Decode JSON keeping each object's key order, so that order is compared too."""
    return json.loads(text, object_pairs_hook=lambda pairs: list(pairs))


def post(client, body, **kwargs):
    return client.post("/api/v1/score", json=body, **kwargs)


def errors(response):
    """The answer's problems as {field: message}; checks the errors body's shape first."""
    data = response.get_json()
    assert list(data) == ["errors"]
    assert all(isinstance(item["field"], str) and item["message"] for item in data["errors"])
    return {item["field"]: item["message"] for item in data["errors"]}


# --- rule sets ---------------------------------------------------------------------------------


def test_rules_lists_the_six_presets_with_their_parameters(client):
    response = client.get("/api/v1/rules")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "public, max-age=3600"
    presets = response.get_json()["rules"]
    assert [preset["id"] for preset in presets] == [
        "classic", "classic-2p", "classic-3p", "classic-6p", "classic-6p-3teams", "modern"]
    for preset in presets:
        engine = PRESETS[preset["id"]]
        for field in ("name", "players", "scorers", "scorer_label", "target", "cards_dealt", "decks",
                      "canastas_to_go_out"):
            assert preset[field] == getattr(engine, field), (preset["id"], field)
        assert preset["minimum_table"] == [list(row) for row in engine.minimum_table]
        assert [option["name"] for option in preset["options"]] == [spec.name for spec in option_specs(engine)]


@pytest.mark.parametrize("rules_id, players, scorers, target, to_go_out, minimums", [
    ("classic", 4, 2, 5000, 1, [[None, 15], [0, 50], [1500, 90], [3000, 120]]),
    ("classic-2p", 2, 2, 5000, 2, [[None, 15], [0, 50], [1500, 90], [3000, 120]]),
    ("classic-3p", 3, 3, 7500, 2, [[None, 15], [0, 50], [1500, 90], [3000, 120]]),
    ("classic-6p", 6, 2, 10000, 2, [[None, 15], [0, 50], [1500, 90], [3000, 120], [7500, 150]]),
    ("classic-6p-3teams", 6, 3, 7500, 2, [[None, 15], [0, 50], [1500, 90], [3000, 120]]),
    ("modern", 4, 2, 8500, 2, [[None, 125], [3000, 155], [5000, 180]]),
], ids=lambda value: value if isinstance(value, str) else None)
def test_rules_numbers_match_rules_md(client, rules_id, players, scorers, target, to_go_out, minimums):
    preset = {p["id"]: p for p in client.get("/api/v1/rules").get_json()["rules"]}[rules_id]
    assert (preset["players"], preset["scorers"], preset["target"], preset["canastas_to_go_out"]) == (
        players, scorers, target, to_go_out)
    assert preset["minimum_table"] == minimums
    target_option = preset["options"][0]
    assert (target_option["name"], target_option["default"]) == ("target", target)


def test_rules_options_carry_labels_choices_and_defaults(client):
    presets = {p["id"]: p for p in client.get("/api/v1/rules").get_json()["rules"]}
    three = {option["name"]: option for option in presets["classic-3p"]["options"]}
    assert three["canastas_to_go_out"]["label"] == "Canastas needed to go out"
    assert [choice["value"] for choice in three["canastas_to_go_out"]["choices"]] == [2, 1]
    assert three["canastas_to_go_out"]["default"] == 2
    assert three["tie"]["default"] == "another_hand"
    assert [option["name"] for option in presets["modern"]["options"]] == ["target", "tie"]
    assert "canastas_to_go_out" not in {option["name"] for option in presets["classic"]["options"]}


def test_rules_list_modern_special_hands_with_their_values(client):
    presets = {p["id"]: p for p in client.get("/api/v1/rules").get_json()["rules"]}
    assert [(hand["id"], hand["label"], hand["points"]) for hand in presets["modern"]["special_hands"]] == [
        ("straight", "Straight", 3000), ("pairs", "Seven natural pairs", 2500),
        ("pairs_wild", "Seven pairs with a wild pair", 2000), ("garbage", "Garbage (4-4-3-3)", 3000)]
    assert {preset_id for preset_id, preset in presets.items() if preset["special_hands"]} == {"modern"}


# --- the API.md example ----------------------------------------------------------------------


def test_api_md_example_is_answered_exactly(client):
    response = client.post("/api/v1/score", data=API_MD_REQUEST, content_type="application/json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    assert response.get_json() == json.loads(API_MD_ANSWER)
    # Same keys in the same order: a breakdown reads like the score sheet.
    assert ordered(response.get_data(as_text=True)) == ordered(API_MD_ANSWER)


def test_totals_before_default_to_zero_and_members_to_the_side_index(client):
    body = json.loads(API_MD_REQUEST)
    del body["totals_before"], body["options"]
    assert post(client, body).get_json() == json.loads(API_MD_ANSWER)


@pytest.mark.parametrize("body, scores, totals, minimums, game_over, winner", [
    pytest.param({"rules": "classic", "totals_before": [4500, 1000], "sides": WORKED},
                 [605, -295], [5105, 705], [120, 50], True, 0, id="classic-reaches-target"),
    pytest.param({"rules": "classic", "totals_before": [1400, -100], "sides": WORKED},
                 [605, -295], [2005, -395], [90, 15], False, None, id="classic-minimums-move"),
    pytest.param({"rules": "classic", "options": {"target": 600}, "sides": WORKED},
                 [605, -295], [605, -295], [50, 15], True, 0, id="house-target"),
    pytest.param({"rules": "modern", "totals_before": [3000, 0], "sides": [
        {"canastas": {"natural": 1, "mixed": 1}, "melded_points": 250, "red_threes": 2, "going_out": "out"},
        {"canastas": {}, "melded_points": 60, "hand_points": 40, "red_threes": 1, "unfinished": {"aces": True}}]},
                 [1450, -2700], [4450, -2700], [155, 125], False, None, id="modern"),
    pytest.param({"rules": "classic", "sides": [
        {"melds": [{"rank": "K", "naturals": 5, "twos": 2, "jokers": 0}], "in_hand": {"four_to_seven": 1, "eight_to_king": 1},
         "red_threes": 1, "going_out": "out"},
        {"in_hand": {"aces": 4, "eight_to_king": 1, "four_to_seven": 1}, "red_threes": 2}]},
                 [575, -295], [575, -295], [50, 15], False, None, id="classic-melds-and-cards-in-hand"),
])
def test_score_one_hand(client, body, scores, totals, minimums, game_over, winner):
    response = post(client, body)
    assert response.status_code == 200, response.get_json()
    data = response.get_json()
    assert [scorer["hand_score"] for scorer in data["scorers"]] == scores
    assert [scorer["total"] for scorer in data["scorers"]] == totals
    assert [scorer["next_minimum"] for scorer in data["scorers"]] == minimums
    assert (data["game_over"], data["winner"]) == (game_over, winner)
    assert all(side["score"] == sum(side["breakdown"].values()) for side in data["sides"])


def test_three_player_partnership_members(client):
    response = post(client, {"rules": "classic-3p", "sides": [
        {"members": [0], "melded_points": 300, "natural_canastas": 1, "mixed_canastas": 1, "going_out": "out"},
        {"members": [1, 2], "melded_points": 100, "hand_points": 30, "red_threes": [1, 0]}]})
    assert response.status_code == 200, response.get_json()
    data = response.get_json()
    assert [side["members"] for side in data["sides"]] == [[0], [1, 2]]
    # Each partner gets the partnership's score, plus only the red 3s they laid out.
    assert [scorer["hand_score"] for scorer in data["scorers"]] == [1200, 170, 70]


# --- refusals ---------------------------------------------------------------------------------


@pytest.mark.parametrize("data, content_type, message", [
    pytest.param(API_MD_REQUEST, "text/plain", "Content-Type: application/json", id="text-plain"),
    pytest.param("rules=classic", "application/x-www-form-urlencoded", "Content-Type: application/json", id="form"),
    pytest.param(API_MD_REQUEST, None, "Content-Type: application/json", id="no-content-type"),
    pytest.param(b"", "application/json", "no body", id="empty"),
    pytest.param(b"   \n", "application/json", "no body", id="blank"),
    pytest.param(b'{"rules": "classic", "sides": [}', "application/json", "not valid JSON", id="broken-json"),
    pytest.param(b"{'rules': 'classic'}", "application/json", "not valid JSON", id="single-quotes"),
    pytest.param(b'{"rules": "classic\xff"}', "application/json", "not UTF-8", id="invalid-utf8"),
    pytest.param(b'{"totals_before": [NaN, 0]}', "application/json", "not valid JSON", id="nan"),
    pytest.param(b'{"totals_before": [Infinity, 0]}', "application/json", "not valid JSON", id="infinity"),
    pytest.param(b'{"totals_before": [' + b"9" * 5000 + b", 0]}", "application/json", "not valid JSON", id="5000-digits"),
    pytest.param(b"[" * 20000 + b"]" * 20000, "application/json", "nested too deeply", id="deeply-nested"),
    pytest.param(b'{"rules": "\\ud800"}', "application/json", "not valid Unicode", id="lone-surrogate"),
    pytest.param(b"[1, 2]", "application/json", "must be a JSON object", id="array"),
    pytest.param(b'"classic"', "application/json", "must be a JSON object", id="string"),
    pytest.param(b"null", "application/json", "must be a JSON object", id="null"),
    pytest.param(b"605", "application/json", "must be a JSON object", id="number"),
])
def test_unreadable_body_is_400(client, data, content_type, message):
    kwargs = {"content_type": content_type} if content_type else {}
    response = client.post("/api/v1/score", data=data, **kwargs)
    assert response.status_code == 400
    assert message in errors(response)[""]


def test_byte_order_mark_is_accepted(client):
    """Some Windows tools start UTF-8 with a BOM; it is not a reason to refuse a hand."""
    response = client.post("/api/v1/score", data="\ufeff" + API_MD_REQUEST, content_type="application/json")
    assert response.status_code == 200


def test_charset_parameter_is_accepted(client):
    response = client.post("/api/v1/score", data=API_MD_REQUEST, content_type="application/json; charset=utf-8")
    assert response.status_code == 200


def test_too_large_body_is_413_with_errors_body(client):
    body = json.dumps({"rules": "classic", "sides": WORKED, "padding": "x" * (65 * 1024)})
    response = client.post("/api/v1/score", data=body, content_type="application/json")
    assert response.status_code == 413
    assert errors(response) == {"": "The request is too large; a hand never needs that much."}


# As gunicorn hands over a chunked body: no Content-Length, a stream the server ends.
CHUNKED = {"wsgi.input_terminated": True, "HTTP_TRANSFER_ENCODING": "chunked"}


def test_too_large_chunked_body_is_413(client):
    """A chunked body has no Content-Length to refuse up front; it is refused once 64 KB are read."""
    body = json.dumps({"rules": "classic", "sides": WORKED, "padding": "x" * (65 * 1024)}).encode()
    response = client.post("/api/v1/score", input_stream=io.BytesIO(body), content_type="application/json",
                           environ_overrides=CHUNKED)
    assert response.status_code == 413
    assert list(errors(response)) == [""]


def test_small_chunked_body_is_read(client):
    response = client.post("/api/v1/score", input_stream=io.BytesIO(API_MD_REQUEST.encode()),
                           content_type="application/json", environ_overrides=CHUNKED)
    assert response.status_code == 200


def test_every_problem_is_answered_at_once(client):
    response = post(client, {"rules": "classic", "totals_before": [0, "lots"], "colour": "red", "sides": [
        {"melded_points": 12, "going_out": "out", "mixed_canastas": 0},
        {"hand_points": -5, "red_threes": 7, "going_out": "sideways"}]})
    assert response.status_code == 422
    problems = errors(response)
    assert set(problems) >= {"colour", "totals_before[1]", "sides[0].melded_points", "sides[1].hand_points",
                             "sides[1].going_out"}
    assert problems["colour"].startswith('There is no field "colour"')
    assert problems["sides[0].melded_points"] == "Melded points must be a multiple of 5 (card values are 5, 10, 20 or 50)."


@pytest.mark.parametrize("body, field, words", [
    pytest.param({"rules": "canasta", "sides": WORKED}, "rules", 'There is no rule set "canasta"', id="unknown-rules"),
    pytest.param({"sides": WORKED}, "rules", "Choose a rule set", id="no-rules"),
    pytest.param({"rules": "modern", "options": {"wild_limit": "three"}, "sides": []}, "options.wild_limit",
                 "not part of Modern", id="option-of-another-family"),
    pytest.param({"rules": "classic", "options": {"target": 10**30}, "sides": WORKED}, "options.target",
                 "from 500 to 100,000", id="huge-target"),
    pytest.param({"rules": "classic", "sides": [{"melded_points": 50, "going_out": "out"}, {}]},
                 "sides[0].going_out", "canasta", id="out-without-canasta"),
    pytest.param({"rules": "classic", "sides": [{"melded_points": 1.5e3}, {}]}, "sides[0].melded_points",
                 "whole number", id="float"),
    pytest.param({"rules": "classic", "sides": [{"melded_points": True}, {}]}, "sides[0].melded_points",
                 "whole number", id="bool-is-not-a-number"),
    pytest.param({"rules": "classic", "sides": [{"melded_points": 10**40}, {}]}, "sides[0].melded_points",
                 "cannot be more than", id="huge-integer"),
    pytest.param({"rules": "classic", "sides": "two"}, "sides", "list", id="sides-not-a-list"),
])
def test_rule_breaking_input_is_422(client, body, field, words):
    response = post(client, body)
    assert response.status_code == 422
    problems = errors(response)
    assert field in problems, problems
    assert words in problems[field]


@pytest.mark.parametrize("method", ["GET", "PUT", "DELETE"])
def test_other_methods_are_405_with_errors_body(client, method):
    response = client.open("/api/v1/score", method=method)
    assert response.status_code == 405
    assert errors(response) == {"": "This address does not take that kind of request."}


def test_unknown_api_address_is_404_with_errors_body(client):
    response = client.get("/api/v1/nothing")
    assert response.status_code == 404
    assert list(errors(response)) == [""]


def test_score_needs_no_csrf_token(csrf_app):
    """Scripts have no form to carry a token; the JSON API changes nothing a cookie grants."""
    response = csrf_app.test_client().post("/api/v1/score", data=API_MD_REQUEST, content_type="application/json")
    assert response.status_code == 200
