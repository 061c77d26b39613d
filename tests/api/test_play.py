"""POST /api/v1/play/check and /moves: the referee as JSON, its 400 and 422 answers, and docs/play.md replayed."""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ..helpers import replay_doc_examples

DOCS = Path(__file__).resolve().parents[2] / "docs" / "play.md"
POSITION = {"hands": ["Q Q K K K 6 7 8 9 10 J", 11, 11, 11], "stock": 61, "pile": "5 9 Q", "turn": 0, "step": "draw"}

def post(client, path, body):
    return client.post(f"/api/v1/play/{path}", json=body)


def test_every_example_of_the_play_docs_is_answered_as_shown(client):
    assert replay_doc_examples(client, DOCS) == 6, "the page lost or gained examples"


def test_the_position_after_a_move_can_be_sent_back(client):
    first = post(client, "check", {"rules": "classic", "position": POSITION,
                                   "move": {"kind": "take_pile", "cards": "Q Q", "melds": "K K K"}}).get_json()
    after = post(client, "check", {"rules": "classic", "position": first["position"],
                                   "move": {"kind": "discard", "card": "6"}})
    assert after.status_code == 200
    answer = after.get_json()
    assert answer["allowed"] is True
    assert answer["position"]["turn"] == 1 and answer["position"]["step"] == "draw"
    assert answer["position"]["pile"] == "6"


@pytest.mark.parametrize(("seat", "allowed"), [(0, True), (2, False)], ids=["the-seat-to-move", "another-seat"])
def test_a_move_is_the_seat_to_moves(client, seat, allowed):
    answer = post(client, "check", {"rules": "classic", "position": POSITION, "seat": seat,
                                    "move": {"kind": "draw"}}).get_json()
    assert answer["allowed"] is allowed
    if not allowed:
        assert answer["reasons"] == ["It is seat 0's move, not seat 2's: wait for your turn."]


def test_a_refused_move_names_its_rule_with_a_code(client):
    answer = post(client, "check", {"rules": "classic", "position": POSITION,
                                    "move": {"kind": "take_pile", "cards": "Q Q"}}).get_json()
    assert answer["allowed"] is False and answer["position"] is None
    assert answer["refusals"] == [{
        "code": "initial_minimum", "message": "Your side's first meld must reach 50: these melds make 30, 20 short.",
        "params": {"minimum": 50, "points": 30, "short_by": 20, "top_counts": True}}]


@pytest.mark.parametrize(("body", "fields"), [
    pytest.param({"position": POSITION, "move": {"kind": "draw"}}, {"rules"}, id="no-rules"),
    pytest.param({"rules": "canasta", "position": POSITION, "move": {"kind": "draw"}}, {"rules"}, id="unknown-rules"),
    pytest.param({"rules": "classic", "move": {"kind": "draw"}}, {"position"}, id="no-position"),
    pytest.param({"rules": "classic", "position": POSITION}, {"move"}, id="no-move"),
    pytest.param({"rules": "classic", "position": POSITION, "move": {"kind": "fold"}}, {"move.kind"}, id="unknown-move"),
    pytest.param({"rules": "classic", "position": POSITION, "move": {"kind": "discard", "card": "KX"}},
                 {"move.card"}, id="unreadable-card"),
    pytest.param({"rules": "classic", "position": POSITION, "move": {"kind": "draw", "cards": "K"}},
                 {"move.cards"}, id="field-the-move-has-not"),
    pytest.param({"rules": "classic", "position": POSITION | {"hands": ["K"]}, "move": {"kind": "draw"}},
                 {"position.hands"}, id="one-hand-per-seat"),
    pytest.param({"rules": "classic", "position": POSITION | {"stock": 60}, "move": {"kind": "draw"}},
                 {"position"}, id="a-card-missing"),
    pytest.param({"rules": "classic", "position": POSITION | {"hands": ["Q Q 3H K K 6 7 8 9 10 J", 11, 11, 11]},
                  "move": {"kind": "draw"}}, {"position.hands[0]"}, id="red-three-kept-in-hand"),
    pytest.param({"rules": "classic", "position": POSITION | {"hands": ["Q Q K K K 6 7 8 9 10 J", 11, 11, 8],
                                                             "melds": ["", "A A A"], "melded": [False, False]},
                  "move": {"kind": "draw"}}, {"position.melded[1]"}, id="melds-but-not-melded"),
    pytest.param({"rules": "classic", "position": POSITION | {"hands": ["Q Q K K K 6 7 8 9 10 J", 11, 11, 9],
                                                             "melds": ["", "A 2"]},
                  "move": {"kind": "draw"}}, {"position.melds[1]"}, id="a-meld-that-breaks-the-rules"),
    pytest.param({"rules": "classic", "position": POSITION | {"step": "shuffle"}, "move": {"kind": "draw"}},
                 {"position.step"}, id="step-choices"),
    pytest.param({"rules": "classic-2p", "position": {"hands": ["K K Q Q 5 6 7 8 9 10 J 4 4 5 6", 15], "stock": 77,
                                                      "pile": "9", "step": "answer"},
                  "move": {"kind": "draw"}}, {"position.step"}, id="nobody-to-answer"),
    pytest.param({"rules": "classic-2p", "position": {"hands": ["K K Q Q 5 6 7 8 9 10 J 4 4 5 6", 15], "stock": 77,
                                                      "pile": "9", "step": "play", "answer": True},
                  "move": {"kind": "draw"}}, {"position.answer"}, id="an-answer-nobody-asked"),
    pytest.param({"rules": "classic", "position": POSITION, "seat": 4, "move": {"kind": "draw"}}, {"seat"},
                 id="a-seat-the-table-has-not"),
    pytest.param({"rules": "classic", "position": POSITION | {"lone": 1}, "move": {"kind": "draw"}},
                 {"position.lone"}, id="lone-only-three-players"),
])
def test_bodies_that_cannot_be_judged_answer_422_with_every_problem(client, body, fields):
    response = post(client, "check", body)
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert fields <= {error["field"] for error in errors}, errors
    assert all(error["message"].endswith((".", ")")) for error in errors)


@pytest.mark.parametrize("path", ["check", "moves"])
def test_a_body_that_is_no_json_object_answers_400(client, path):
    response = client.post(f"/api/v1/play/{path}", data="[1, 2]", content_type="application/json")
    assert response.status_code == 400
    assert response.get_json()["errors"][0]["message"].startswith("The body must be a JSON object")


@pytest.mark.parametrize("path", ["check", "moves"])
def test_the_referee_needs_no_csrf_token(csrf_app, path):
    response = csrf_app.test_client().post(f"/api/v1/play/{path}", json={"rules": "classic"})
    assert response.status_code == 422


def test_moves_of_a_partner_asked_may_i_go_out(client):
    position = {"hands": ["Q Q Q 5", 11, 11, 11], "stock": 63, "pile": "9", "melds": ["K K K K K K K", ""],
                "turn": 0, "step": "answer", "began": "stock"}
    answer = post(client, "moves", {"rules": "classic", "position": position}).get_json()
    assert answer["to_move"] == 2 and answer["kinds"] == ["answer"]
    assert answer["moves"] == [{"kind": "answer", "yes": True}, {"kind": "answer", "yes": False}]


JSON_LEAVES = st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=12) \
    | st.sampled_from(["K K 2", "3H", "JK JK", "Q | Q Q", "draw", "play", "wild"])
JSON_VALUES = st.recursive(JSON_LEAVES, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=10)
FIELDS = st.sampled_from(["hands", "stock", "pile", "melds", "threes", "melded", "turn", "step", "began", "answer",
                          "lone", "totals_before", "seat_melded", "new_melds", "bonus_due", "seed", "frozen"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(field=FIELDS, value=JSON_VALUES, move=JSON_VALUES)
def test_any_body_answers_200_or_422_never_500(client, field, value, move):
    body = {"rules": "classic", "position": POSITION | {field: value}, "move": move}
    response = post(client, "check", body)
    assert response.status_code in (200, 422), response.get_data(as_text=True)


@pytest.mark.parametrize("kind", [[], ["draw"], {"draw": 1}], ids=["empty-list", "list", "object"])
def test_a_kind_that_is_no_text_answers_422_not_500(client, kind):
    response = post(client, "check", {"rules": "classic", "position": POSITION, "move": {"kind": kind}})
    assert response.status_code == 422
    assert [error["field"] for error in response.get_json()["errors"]] == ["move.kind"]
