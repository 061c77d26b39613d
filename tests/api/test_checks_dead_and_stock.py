"""The check API's additions for RULES.md "Playing a deal": dead_ranks in the meld, initial-meld and
going-out bodies (Modern American; ignored elsewhere, as the pile check does), stock_empty and must_take
in the pile check. Existing fields keep their shapes."""

import pytest

DEAD = "The kings are dead (a canasta of them is complete): nobody may meld them or add to them."
MUST = ("With the stock empty you must take the pile: its queen goes on your side's queens "
        "and the pile is not frozen for your side.")


def post(client, endpoint, body):
    return client.post(f"/api/v1/check/{endpoint}", json=body)


@pytest.mark.parametrize("endpoint, body, key, value", [
    pytest.param("meld", {"rules": "modern", "cards": "K K K", "dead_ranks": ["K"]}, "problems", [DEAD],
                 id="meld-dead-rank-refused"),
    pytest.param("meld", {"rules": "classic", "cards": "K K K", "dead_ranks": ["K"]}, "problems", [],
                 id="meld-classic-ignores-dead-ranks"),
    pytest.param("initial-meld", {"rules": "modern", "cards": "K K K A A A", "dead_ranks": ["K"]}, "problems",
                 [f"Kings (K K K): {DEAD}"], id="initial-meld-dead-rank-refused"),
    pytest.param("going-out", {"rules": "modern", "hand": "K Q Q Q Q", "canastas": 2, "side_has_melded": True,
                               "dead_ranks": ["K"]}, "plan", {"melds": [
                                   {"cards": "Q Q Q Q", "label": "queens", "points": 40, "from_pile": None,
                                    "adds_to": None, "canasta": None, "problems": [],
                                         "codes": {"problems": []}}], "discard": "K"},
                 id="going-out-dead-rank-card-discarded"),
    pytest.param("going-out", {"rules": "modern", "hand": "K K Q Q Q Q", "canastas": 2, "side_has_melded": True,
                               "dead_ranks": ["K"]}, "can_go_out", False, id="going-out-dead-rank-may-not-be-melded"),
    pytest.param("pile", {"rules": "classic", "pile_top": "Q", "side_meld_ranks": ["Q"], "hand": "Q 5 9",
                          "stock_empty": True}, "reason", MUST, id="pile-empty-stock-must-take"),
    pytest.param("pile", {"rules": "classic", "pile_top": "Q", "side_meld_ranks": ["Q"], "hand": "Q 5 9",
                          "stock_empty": True}, "must_take", True, id="pile-must-take-field"),
    pytest.param("pile", {"rules": "classic", "pile_top": "Q", "side_meld_ranks": ["Q"], "hand": "Q 5 9"},
                 "must_take", False, id="pile-stock-left-may-take"),
    pytest.param("pile", {"rules": "classic", "pile_top": "Q", "side_meld_ranks": ["Q"], "hand": "Q Q 5",
                          "frozen": True, "stock_empty": True}, "must_take", False, id="pile-empty-stock-frozen"),
])
def test_new_fields_answer(client, endpoint, body, key, value):
    response = post(client, endpoint, body)
    assert response.status_code == 200
    assert response.get_json()[key] == value


@pytest.mark.parametrize("endpoint, body, field, message", [
    pytest.param("meld", {"rules": "modern", "cards": "K K K", "dead_ranks": ["Z"]}, "dead_ranks[0]",
                 "Give a rank of a meld: 4 to 10, J, Q, K or A.", id="dead-rank-unreadable"),
    pytest.param("initial-meld", {"rules": "modern", "cards": "K K K", "dead_ranks": "K"}, "dead_ranks", None,
                 id="dead-ranks-not-a-list"),
    pytest.param("going-out", {"rules": "modern", "hand": "K", "dead_ranks": ["3"]}, "dead_ranks[0]",
                 "Give a rank of a meld: 4 to 10, J, Q, K or A.", id="dead-rank-three-refused"),
    pytest.param("pile", {"rules": "classic", "pile_top": "Q", "hand": "Q", "stock_empty": "yes"}, "stock_empty",
                 None, id="stock-empty-not-a-boolean"),
])
def test_bad_new_fields_name_the_field(client, endpoint, body, field, message):
    response = post(client, endpoint, body)
    assert response.status_code == 422
    errors = {error["field"]: error["message"] for error in response.get_json()["errors"]}
    assert field in errors
    if message is not None:
        assert errors[field] == message
