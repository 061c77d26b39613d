"""The rules checks as JSON: shapes of 200 answers, 400 for bodies that cannot be read,
422 listing every problem with its field path, and never a 500 whatever the body."""

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ..helpers import replay_doc_examples

ENDPOINTS = ("initial-meld", "meld", "pile", "going-out")


def post(client, endpoint, body):
    return client.post(f"/api/v1/check/{endpoint}", json=body)


def errors(response):
    return [(error["field"], error["message"]) for error in response.get_json()["errors"]]


# --- initial meld -------------------------------------------------------------------------------


def test_initial_meld_answers_as_api_md_shows(client):
    response = post(client, "initial-meld", {"rules": "classic", "total": 1600, "cards": "K K Q Q 2", "pile_top": "K"})
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "application/json"
    body = response.get_json()
    assert list(body)[:6] == ["melds", "points", "minimum", "meets_minimum", "short_by", "problems"]
    assert (body["points"], body["minimum"], body["meets_minimum"], body["short_by"], body["problems"]) == (
        70, 90, False, 20, [])
    assert body["melds"] == [
        {"cards": "K K K", "label": "kings", "points": 30, "from_pile": "K", "adds_to": None, "canasta": None,
         "problems": [], "codes": {"problems": []}},
        {"cards": "Q Q 2", "label": "queens", "points": 40, "from_pile": None, "adds_to": None, "canasta": None,
         "problems": [], "codes": {"problems": []}},
    ]


@pytest.mark.parametrize(
    ("body", "points", "minimum", "meets", "short_by"),
    [
        ({"rules": "classic", "total": 1400, "cards": "K K | Q Q 2", "pile_top": "K"}, 70, 50, True, 0),
        ({"rules": "classic", "total": -100, "cards": "5 5 5"}, 15, 15, True, 0),
        ({"rules": "classic-6p", "total": 8000, "cards": "A A A K K K Q Q Q"}, 120, 150, False, 30),
        ({"rules": "modern", "total": 3000, "cards": "A A A K K K 2 2 Q Q", "pile_top": "Q"}, 150, 155, False, 5),
        ({"rules": "modern", "total": 0, "cards": "A A 2 2 K K K"}, 110, 125, False, 15),
        ({"rules": "classic", "cards": "K K K K K K K 5 5 5", "going_out": "concealed"}, 85, 0, True, 0),
        ({"rules": "classic", "options": {"wild_limit": "naturals_outnumber"}, "cards": "K K Q Q 2 2"}, 80, 50, True, 0),
    ],
    ids=["below-1500", "negative-total", "six-players-7500", "modern-top-not-counted", "modern-short",
         "concealed", "house-rule"],
)
def test_initial_meld_numbers(client, body, points, minimum, meets, short_by):
    answer = post(client, "initial-meld", body).get_json()
    assert (answer["points"], answer["minimum"], answer["meets_minimum"], answer["short_by"]) == (
        points, minimum, meets, short_by)


def test_initial_meld_reports_rule_problems_in_a_200(client):
    response = post(client, "initial-meld", {"rules": "modern", "cards": "K K 2 Q Q 2 3S 3C 3S", "pile_top": "J"})
    assert response.status_code == 200
    problems = response.get_json()["problems"]
    assert any("natural pair of jacks" in problem for problem in problems)
    assert any("3s are never melded" in problem for problem in problems)
    assert any("clean triple" in problem for problem in problems)
    assert response.get_json()["meets_minimum"] is False


def test_initial_meld_lists_every_problem_at_once_with_fields(client):
    response = post(client, "initial-meld", {
        "rules": "nope", "total": "lots", "cards": "K KX Q 3", "pile_top": "K Q", "going_out": "maybe", "colour": 1})
    assert response.status_code == 422
    assert errors(response) == [
        ("colour", 'The request has no field "colour". Its fields: rules, options, total, cards, pile_top, going_out, dead_ranks.'),
        ("rules", 'There is no rule set "nope". Choose one of: classic, classic-2p, classic-3p, classic-6p, '
                  "classic-6p-3teams, modern."),
        ("cards", 'Cannot read "KX" (card 2). Write cards as 4 to 10, J, Q, K, A, 2, JK for a joker, and a 3 with its suit (3H, 3S).'),
        ("cards", "Card 4 is a 3 without its suit: write 3H or 3D for a red 3, 3S or 3C for a black 3."),
        ("pile_top", "Give one card, the top card of the pile; this has 2."),
        ("total", "The total before the hand must be a whole number, like 1500."),
        ("going_out", 'going_out must be "no", "out" or "concealed".'),
    ]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"rules": "classic"}, [("cards", 'Give the cards as text, like "K K Q Q 2".')]),
        ({"rules": "classic", "cards": ""}, [("cards", 'Give the cards you want to meld, like "K K Q Q 2".')]),
        ({"rules": "classic", "cards": 5}, [("cards", 'Cards must be written as text, like "K K 2".')]),
        ({"rules": "modern", "cards": "K K K", "options": {"wild_limit": "three"}},
         [("options.wild_limit", 'The option "wild_limit" is not part of Modern American, 4 players in 2 teams.')]),
        ({"rules": "modern", "cards": "K K K", "going_out": "concealed"},
         [("going_out", 'going_out must be "no" or "out".')]),
        ({"rules": "classic", "cards": "JK JK JK JK JK K K"}, [("cards", "Two decks hold only 4 jokers; you wrote 5.")]),
        ({"rules": "classic", "cards": "K K", "total": 10**12},
         [("total", "The total before the hand cannot be more than 10,000,000.")]),
        ({"rules": "classic", "cards": "K K", "total": True},
         [("total", "The total before the hand must be a whole number, like 1500.")]),
    ],
    ids=["no-cards", "empty-cards", "cards-not-text", "option-of-another-family", "modern-concealed",
         "fifth-joker", "huge-total", "boolean-total"],
)
def test_initial_meld_refuses_input_that_cannot_be_checked(client, body, expected):
    response = post(client, "initial-meld", body)
    assert response.status_code == 422
    assert errors(response) == expected


# --- one meld --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"rules": "classic", "cards": "K K K K K 2 2"},
         {"legal": True, "kind": "mixed", "kind_label": "Mixed canasta", "points": 90, "bonus": 300, "total": 390,
          "make_up": "mixed", "is_canasta": True, "rank": "K", "naturals": 5, "twos": 2, "jokers": 0}),
        ({"rules": "classic", "cards": "8 8 8 8"},
         {"legal": True, "kind": None, "points": 40, "bonus": 0, "make_up": "natural", "cards_to_canasta": 3}),
        ({"rules": "modern", "cards": "2 2 2 2 2 2 2"},
         {"legal": True, "kind": "wild_twos", "bonus": 3000, "rank": None, "make_up": "wild"}),
        ({"rules": "modern", "cards": "7 7 7 7 7 7 7"}, {"legal": True, "kind": "sevens", "bonus": 2500}),
        ({"rules": "modern", "cards": "A A A A A A A"}, {"legal": True, "kind": "natural_aces", "bonus": 2500}),
        ({"rules": "modern", "cards": "JK JK JK JK 2 2 2"}, {"legal": True, "kind": "wild_four_jokers", "bonus": 2500}),
        ({"rules": "modern", "cards": "JK JK 2 2 2 2 2"}, {"legal": True, "kind": "wild", "bonus": 2000}),
        ({"rules": "modern", "cards": "A A A 2", "initial": False},
         {"legal": False, "problems": ["Aces take wild cards only as part of the side's initial meld."]}),
        ({"rules": "modern", "cards": "A A A 2", "initial": True}, {"legal": True, "penalty_if_unfinished": 2500}),
        ({"rules": "classic", "options": {"wild_limit": "not_outnumber"}, "cards": "9 9 2 2 2"},
         {"legal": False, "kind": None, "bonus": 0}),
        ({"rules": "classic", "cards": "3S 3C 3S", "going_out": "out"}, {"legal": True, "rank": "3", "label": "black 3s"}),
        ({"rules": "classic", "cards": "K Q Q"},
         {"legal": False, "rank": None, "make_up": None,
          "problems": ["A meld holds cards of one rank; these are kings and queens."]}),
    ],
    ids=["classic-mixed-canasta", "classic-four-eights", "modern-seven-twos", "modern-sevens",
         "modern-natural-aces", "modern-four-jokers", "modern-wild", "modern-aces-later",
         "modern-aces-initial", "not-outnumber", "black-threes-going-out", "two-ranks"],
)
def test_meld_check(client, body, expected):
    response = post(client, "meld", body)
    assert response.status_code == 200
    answer = response.get_json()
    assert {key: answer[key] for key in expected} == expected


def test_meld_check_takes_one_meld(client):
    response = post(client, "meld", {"rules": "classic", "cards": "K K K | Q Q Q", "initial": "yes"})
    assert response.status_code == 422
    assert errors(response) == [("cards", "Check one meld at a time: leave out the |."),
                                ("initial", "initial must be true or false.")]


# --- the pile -------------------------------------------------------------------------------------


def test_pile_answers_as_api_md_shows(client):
    response = post(client, "pile", {"rules": "classic", "pile_top": "Q", "frozen": False, "side_has_melded": True,
                                     "side_meld_ranks": ["Q"], "hand": "Q 2 5 9", "pile_size": 6})
    assert response.status_code == 200
    body = response.get_json()
    assert list(body)[:3] == ["can_take", "ways", "reason"]
    assert body["can_take"] is True
    assert body["ways"] == [
        {"way": "natural_and_wild", "cards": "Q 2", "message": "Meld the queen on top with a queen and a 2 from your hand.",
         "codes": {"message": {"code": "pile.way.natural_and_wild", "params": {"rank": "Q", "wild": "2"}}}},
        {"way": "add_to_meld", "cards": "", "message": "Add the queen on top to your side's queens.",
         "codes": {"message": {"code": "pile.way.add_to_meld", "params": {"rank": "Q"}}}},
    ]
    assert body["reason"] == "Yes: meld the queen on top with a queen and a 2 from your hand."


@pytest.mark.parametrize(
    ("body", "can_take", "reason"),
    [
        ({"rules": "classic", "pile_top": "Q", "hand": "Q 2 5", "frozen": True, "side_has_melded": True}, False,
         "A wild card or a turned-up red 3 freezes the pile: taking it needs a natural pair of queens from your hand; "
         "you have a queen."),
        ({"rules": "classic", "pile_top": "Q", "hand": "Q Q 5"}, True,
         "Yes \u2014 if your meld with it reaches your minimum (15, 50, 90 or 120, by your total): Q Q Q is 30."),
        ({"rules": "classic", "pile_top": "3S", "hand": "Q Q 5", "side_has_melded": True}, False,
         "A black 3 on top stops the pile: nobody may take it this turn."),
        ({"rules": "classic", "pile_top": "Q", "hand": "9", "side_meld_ranks": ["Q"], "pile_size": 1}, False,
         "With one card left in your hand you may not take a pile of one card."),
        ({"rules": "modern", "pile_top": "Q", "hand": "Q Q 5", "side_meld_counts": {"Q": 5}}, False,
         "Your side already has 5 queens on the table: in Modern American the pile is not taken towards a meld of "
         "5 or more cards."),
        ({"rules": "modern", "pile_top": "K", "hand": "K K 5", "dead_ranks": ["K"]}, False,
         "The kings are dead (a canasta of them is complete): nobody may take the pile with a king on top."),
        ({"rules": "modern", "pile_top": "K", "hand": "K K 5", "side_meld_counts": {"K": 4}}, True,
         "Yes: meld the king on top with two kings from your hand."),
    ],
    ids=["frozen", "not-melded-pair", "black-three", "one-card-pile", "modern-five", "modern-dead", "modern-four"],
)
def test_pile_answers(client, body, can_take, reason):
    answer = post(client, "pile", body).get_json()
    assert (answer["can_take"], answer["reason"]) == (can_take, reason)


PAIR_OF_EIGHTS = {"rules": "classic", "pile_top": "8", "hand": "8 8 K K K 2 5"}


@pytest.mark.parametrize(
    ("extra", "can_take", "reason", "first_meld", "notes", "asks"),
    [
        ({"total": 0}, True, "Yes \u2014 if your meld with it reaches 50: 8 8 8 is 30.",
         {"minimum": 50, "meld": "8 8 8", "points": 30, "reaches_minimum": False},
         ["Your hand can reach it: K K K 2 and 8 8 8 make 80."], []),
        ({"minimum": 90}, False, "No: taking the pile would be your side's first meld, which must reach 90, and with "
         "the 8 on top your hand makes at most 80 (K K K 2 and 8 8 8).",
         {"minimum": 90, "meld": "8 8 8", "points": 30, "reaches_minimum": False}, [], []),
        ({"total": -40}, True, "Yes \u2014 your meld with it reaches 15: 8 8 8 is 30.",
         {"minimum": 15, "meld": "8 8 8", "points": 30, "reaches_minimum": True}, [], []),
        ({}, True, "Yes \u2014 if your meld with it reaches your minimum (15, 50, 90 or 120, by your total): 8 8 8 is 30.",
         {"minimum": None, "meld": "8 8 8", "points": 30, "reaches_minimum": None}, [],
         [{"field": "total", "message": "Your side has not melded yet, so taking the pile is its first meld: give "
           "your side's total before this hand (0 in the first hand), or its minimum, to know whether it is enough."}]),
        ({"total": 0, "side_has_melded": True}, True, "Yes: meld the 8 on top with two 8s from your hand.", None, [], []),
    ],
    ids=["total-short-hand-reaches", "minimum-hand-short", "enough", "asks-for-the-total", "melded"],
)
def test_pile_answers_with_the_minimum(client, extra, can_take, reason, first_meld, notes, asks):
    response = post(client, "pile", {**PAIR_OF_EIGHTS, **extra})
    assert response.status_code == 200
    answer = response.get_json()
    assert (answer["can_take"], answer["reason"], answer["notes"], answer["asks"]) == (can_take, reason, notes, asks)
    if first_meld is None:
        assert answer["first_meld"] is None
    else:
        assert {key: answer["first_meld"][key] for key in first_meld} == first_meld
    # The fields of API.md come first and keep their shape: only fields were added.
    assert list(answer)[:3] == ["can_take", "ways", "reason"]


def test_the_best_first_meld_is_given_meld_by_meld(client):
    best = post(client, "pile", {**PAIR_OF_EIGHTS, "total": 0}).get_json()["first_meld"]["best"]
    assert ([meld["cards"] for meld in best["melds"]], best["points"], best["reaches_minimum"]) == (
        ["K K K 2", "8 8 8"], 80, True)
    assert best["melds"][1]["from_pile"] == "8"


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        ({"total": "lots", "minimum": 60}, [
            ("total", "The total before the hand must be a whole number, like 1500."),
            ("minimum", "In Classic, 4 players in 2 teams, the minimum is 15, 50, 90 or 120; 60 is none of them.")]),
        ({"total": 1600, "minimum": 50}, [
            ("minimum", "At a total of 1,600 the minimum is 90, not 50: give the total or the minimum, or both that "
                        "agree.")]),
        ({"minimum": -15}, [("minimum", "The minimum cannot be negative.")]),
        ({"minimum": "fifty"}, [("minimum", "The minimum must be a whole number, like 50.")]),
    ],
    ids=["both-wrong", "disagree", "negative", "not-a-number"],
)
def test_pile_total_and_minimum_problems(client, extra, expected):
    response = post(client, "pile", {**PAIR_OF_EIGHTS, **extra})
    assert response.status_code == 422
    assert errors(response) == expected


def test_pile_lists_every_problem_with_paths(client):
    response = post(client, "pile", {"rules": "classic", "hand": "", "frozen": "no", "side_meld_ranks": ["Q", "2", 7],
                                     "side_meld_counts": {"Q": 1}, "pile_size": 0, "side_has_melded": False})
    assert response.status_code == 422
    assert errors(response) == [
        ("pile_top", "Give the top card of the pile, like K."),
        ("hand", 'Give the cards in your hand, like "Q Q 5 9".'),
        ("frozen", "frozen must be true or false."),
        ("side_meld_ranks[1]", "Give a rank of a meld: 4 to 10, J, Q, K or A."),
        ("side_meld_ranks[2]", "Give a rank of a meld: 4 to 10, J, Q, K or A."),
        ("side_meld_counts.Q", "Cards in a meld cannot be less than 3."),
        ("pile_size", "The size of the pile cannot be less than 1."),
        ("side_has_melded", "Your side has melds on the table, so it has melded: side_has_melded must be true."),
    ]


# --- going out ------------------------------------------------------------------------------------


def test_going_out_answer(client):
    response = post(client, "going-out", {"rules": "classic", "canastas": 0, "side_has_melded": False,
                                          "hand": "K K K K K 2 2 5"})
    assert response.status_code == 200
    body = response.get_json()
    assert (body["can_go_out"], body["concealed"], body["bonus"], body["canastas_needed"], body["canastas_after"],
            body["must_discard"]) == (True, True, 200, 1, 1, False)
    assert body["plan"]["discard"] == "5"
    assert [meld["cards"] for meld in body["plan"]["melds"]] == ["K K K K K 2 2"]
    assert body["plan"]["melds"][0]["canasta"] == "mixed"
    assert body["notes"][0] == "Go out concealed: meld K K K K K 2 2 and discard the 5."


@pytest.mark.parametrize(
    ("body", "can", "reason"),
    [
        ({"rules": "classic-2p", "canastas": 1, "side_has_melded": True, "hand": "K K K 5"}, False,
         "You need 2 canastas to go out and would have 1, counting any this turn's melds complete."),
        ({"rules": "classic-3p", "options": {"canastas_to_go_out": 1}, "canastas": 1, "side_has_melded": True,
          "hand": "K K K 5"}, True, None),
        ({"rules": "modern", "canastas": 2, "side_has_melded": True, "hand": ""}, False,
         "In Modern American you go out by discarding your last card: you need a card to discard."),
        ({"rules": "classic", "canastas": 0, "side_melds": "9 9 9 9 2", "hand": "9 9 5"}, True, None),
    ],
    ids=["two-players", "three-players-option", "modern-discard", "adding-completes-a-canasta"],
)
def test_going_out_answers(client, body, can, reason):
    answer = post(client, "going-out", body).get_json()
    assert answer["can_go_out"] is can
    if reason:
        assert reason in answer["reasons"]


def test_going_out_lists_every_problem(client):
    response = post(client, "going-out", {"rules": "classic", "canastas": -1, "hand": "K X",
                                          "side_melds": "9 9 2 2 2 2 | K Q 2", "side_has_melded": False,
                                          "player_has_melded": True, "total": "x"})
    assert response.status_code == 422
    assert errors(response) == [
        ("hand", 'Cannot read "X" (card 2). Write cards as 4 to 10, J, Q, K, A, 2, JK for a joker, and a 3 with its suit (3H, 3S).'),
        ("canastas", "The number of canastas cannot be negative."),
        ("side_melds", "Meld 1 (9 9 2 2 2 2): A meld may hold at most 3 wild cards; this one has 4."),
        ("side_melds", "Meld 2 (K Q 2): A meld holds cards of one rank; these are kings and queens."),
        ("total", "The total before the hand must be a whole number, like 1500."),
        ("side_has_melded", "Your side has melds on the table, so it has melded: side_has_melded must be true."),
        ("player_has_melded", "A player who melded has made the side meld: side_has_melded must be true."),
    ]


def test_going_out_canastas_must_match_the_melds_given(client):
    response = post(client, "going-out", {"rules": "classic", "canastas": 0, "hand": "5",
                                          "side_melds": "K K K K K K K"})
    assert response.status_code == 422
    assert errors(response) == [("canastas", "The side's melds you gave hold 1 canasta; canastas says 0.")]


# --- bodies that cannot be read ------------------------------------------------------------------------


@pytest.mark.parametrize("endpoint", ENDPOINTS)
@pytest.mark.parametrize(
    ("data", "content_type", "message"),
    [
        ("{", "application/json", "The body is not valid JSON"),
        ("[1, 2]", "application/json", "The body must be a JSON object"),
        ("", "application/json", "The request has no body"),
        ('{"rules": "classic"}', "text/plain", "Send the body as JSON"),
    ],
    ids=["broken-json", "a-list", "empty", "not-json"],
)
def test_malformed_bodies_answer_400(client, endpoint, data, content_type, message):
    response = client.post(f"/api/v1/check/{endpoint}", data=data, content_type=content_type)
    assert response.status_code == 400
    assert response.get_json()["errors"][0]["message"].startswith(message)


@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_checks_take_only_post(client, endpoint):
    response = client.get(f"/api/v1/check/{endpoint}")
    assert response.status_code == 405
    assert response.get_json()["errors"][0]["field"] == ""


@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_checks_need_no_csrf_token(csrf_app, endpoint):
    response = csrf_app.test_client().post(f"/api/v1/check/{endpoint}", json={"rules": "classic"})
    assert response.status_code == 422  # read, not refused for a missing token


# --- never a 500 ------------------------------------------------------------------------------------------

CARD_WORDS = st.sampled_from(["K", "Q", "2", "JK", "3H", "3S", "A", "7", "10h", "|", "K♠", "X", "", "3", "joker", "*"])
CARD_TEXT = st.lists(CARD_WORDS, max_size=20).map(" ".join)
JSON_LEAVES = st.none() | st.booleans() | st.integers(min_value=-10**20, max_value=10**20) | st.text(max_size=20) | CARD_TEXT
JSON_VALUES = st.recursive(JSON_LEAVES, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                           max_leaves=12)
FIELDS = st.sampled_from([
    "rules", "options", "total", "cards", "pile_top", "going_out", "initial", "frozen", "side_has_melded",
    "side_meld_ranks", "hand", "pile_size", "side_meld_counts", "dead_ranks", "canastas", "player_has_melded",
    "side_melds",
])
RULES = st.sampled_from(["classic", "classic-2p", "classic-3p", "classic-6p", "classic-6p-3teams", "modern", "x"])
BODIES = st.fixed_dictionaries({"rules": RULES}, optional={
    "cards": CARD_TEXT, "hand": CARD_TEXT, "pile_top": CARD_WORDS, "side_melds": CARD_TEXT,
}).flatmap(lambda base: st.dictionaries(FIELDS, JSON_VALUES, max_size=5).map(lambda extra: {**base, **extra}))


@pytest.mark.parametrize("endpoint", ENDPOINTS)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(body=BODIES | JSON_VALUES)
def test_any_json_gets_an_answer_never_a_500(client, endpoint, body):
    response = client.post(f"/api/v1/check/{endpoint}", data=json.dumps(body), content_type="application/json")
    assert response.status_code in (200, 400, 422), response.get_data(as_text=True)
    answer = response.get_json()
    if response.status_code == 200:
        assert "errors" not in answer
    else:
        assert answer["errors"] and all(set(error) == {"field", "message"} and error["message"] for error in answer["errors"])


@pytest.mark.parametrize("endpoint", ("initial-meld", "going-out"))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(rules=RULES.filter(lambda rules: rules != "x"),
       cards=st.lists(st.sampled_from(["K", "Q", "9", "5", "A", "7", "2", "JK", "3S", "3H"]), max_size=15))
def test_real_hands_always_get_a_200(client, endpoint, rules, cards):
    field = "cards" if endpoint == "initial-meld" else "hand"
    response = post(client, endpoint, {"rules": rules, field: " ".join(cards) or "K"})
    assert response.status_code in (200, 422)
    if response.status_code == 422:  # only for more cards of a kind than the decks hold
        assert all("hold only" in error["message"] for error in response.get_json()["errors"])


# --- the documentation's examples ------------------------------------------------------------

DOCS = Path(__file__).resolve().parents[2] / "docs" / "api-checks.md"

def test_every_example_of_the_checks_docs_is_answered_as_shown(client):
    assert replay_doc_examples(client, DOCS) == 13, "the page lost or gained examples"
