"""The hand form's live score: the typed form sent as it is, read by the save's own code, scored by the engine."""

import pytest

from scorekeeper.store import db as store

from .test_hands import WORKED_CARDS, WORKED_MELDS, WORKED_NUMBER, add, hand_count
from .test_new_game import start


def preview(client, game_id, data, number=1):
    response = client.post(f"/games/{game_id}/hands/{number}/preview", data=data)
    assert response.status_code == 200
    return response.get_json()


@pytest.mark.parametrize("data", [WORKED_NUMBER, WORKED_CARDS, WORKED_MELDS], ids=["number", "cards", "melds"])
def test_the_preview_scores_the_typed_form_as_the_save_will_and_stores_nothing(client, db, data):
    game_id = start(client, **{"names-0": "Ann & Bob", "names-1": "Cy & Di"})
    answer = preview(client, game_id, data)
    assert answer["ok"] is True and answer["problems"] == [] and answer["waiting"] == ""
    assert [side["score"] for side in answer["sides"]] == ["+605", "\u2212295"]
    assert answer["sides"][0]["breakdown"] == (
        "Canasta bonuses +300 · Going out +100 · Red 3s +100 · Melded cards +120 · Cards left in hand \u221215")
    assert answer["scorers"] == [{"hand_score": "+605", "total": "605", "next_minimum": "50"},
                                 {"hand_score": "\u2212295", "total": "\u2212295", "next_minimum": "15"}]
    assert answer["mini"] == "Ann & Bob +605 · Cy & Di \u2212295"
    assert hand_count(db, game_id) == 0
    assert add(client, game_id, data).status_code == 303  # the save stores what the preview showed
    assert store.get_game(db, game_id)["hands"][0]["sides"][0]["going_out"] == "out"


def test_the_preview_of_a_later_hand_adds_to_the_totals_before_it(client):
    game_id = start(client, **{"names-0": "Ann & Bob", "names-1": "Cy & Di"})
    add(client, game_id, WORKED_NUMBER)
    answer = preview(client, game_id, WORKED_NUMBER, number=2)
    assert [scorer["total"] for scorer in answer["scorers"]] == ["1,210", "\u2212590"]
    assert preview(client, game_id, WORKED_NUMBER, number=1)["scorers"][0]["total"] == "605"  # editing hand 1
    assert client.post(f"/games/{game_id}/hands/3/preview", data=WORKED_NUMBER).status_code == 404


def beside(message, *places):
    """The problems one ``message`` makes: one a ``(field, where)`` place it is shown beside."""
    return [{"field": field, "message": message, "where": where} for field, where in places]


@pytest.mark.parametrize(("data", "problems"), [
    pytest.param({**WORKED_NUMBER, "sides-0-mixed_canastas": "0"},
                 # beside the choice and beside the side's canastas: the two halves of the problem
                 beside("A side needs 1 canasta to go out; this side has none.",
                        ("sides-0-natural_canastas", "Ann & Bob, Natural canastas"), ("going_out", "Who went out?")),
                 id="a-problem-of-a-choice-goes-beside-the-choice"),
    pytest.param({**WORKED_NUMBER, "sides-0-melded_points": "12o"},
                 [{"field": "sides-0-melded_points", "message": "Type a whole number, like 120.",
                   "where": "Ann & Bob, Melded points"}],
                 id="a-typing-problem-beside-its-field"),
    pytest.param({**WORKED_MELDS, "sides-0-melds-6-naturals": "1"},
                 [{"field": "sides-0-melds-6-naturals", "message": "A meld needs at least 2 natural cards; this one has 1.",
                   "where": "Ann & Bob, 8s"}],
                 id="a-meld-problem-on-the-row-typed-in"),
    pytest.param({**WORKED_NUMBER, "sides-0-red_threes": "3"},
                 beside("The sides laid out 5 red 3s together; the two decks hold only 4.",
                        ("sides-0-red_threes", "Ann & Bob, Red 3s"), ("sides-1-red_threes", "Cy & Di, Red 3s")),
                 id="a-problem-between-sides-beside-each-field-involved"),
])
def test_problems_come_back_with_the_form_name_they_belong_beside(client, data, problems):
    game_id = start(client, **{"names-0": "Ann & Bob", "names-1": "Cy & Di"})
    answer = preview(client, game_id, data)
    assert answer["ok"] is False and answer["sides"] == []
    assert answer["problems"] == problems


def test_an_unanswered_who_went_out_still_scores_and_says_it_is_unanswered(client):
    game_id = start(client, **{"names-0": "Ann & Bob", "names-1": "Cy & Di"})
    data = {key: value for key, value in WORKED_NUMBER.items() if key != "going_out"}
    data["sides-0-mixed_canastas"] = "1"
    answer = preview(client, game_id, data)
    assert answer["ok"] is True
    assert answer["waiting"] == "Who went out? Not answered yet: counted as nobody for now."
    assert answer["sides"][0]["score"] == "+505"


def test_three_players_get_no_score_before_who_played_alone(client):
    game_id = start(client, rules="classic-3p", **{"names-0": "Ann", "names-1": "Bob", "names-2": "Cy"})
    answer = preview(client, game_id, {"going_out": "no", "sides-1-mode": "number", "sides-1-melded_points": "200"})
    lines = answer.pop("meld_lines")
    assert answer == {"ok": False, "waiting": "Choose who played alone to see the score.", "problems": [],
                      "sides": [], "scorers": []}
    assert set(lines.values()) == {""}


MODERN = {"rules": "modern", "names-0": "North & South", "names-1": "East & West"}


@pytest.mark.parametrize(("game", "rows", "lines"), [
    pytest.param({}, {"1": ("5", "2", "")}, {"sides-0-melds-1": "Mixed canasta, 90 + 300"}, id="mixed-canasta"),
    pytest.param({}, {"0": ("7", "", "")}, {"sides-0-melds-0": "Natural canasta, 140 + 500"}, id="natural-canasta"),
    pytest.param({}, {"6": ("3", "", "")}, {"sides-0-melds-6": "30 points, 4 to a canasta"}, id="no-canasta-yet"),
    pytest.param({}, {"6": ("2", "", "1")}, {"sides-0-melds-6": "70 points, 4 to a canasta"}, id="with-a-joker"),
    # A row that breaks a rule has no line: its problem stands beside it.
    pytest.param({}, {"6": ("1", "2", "")}, {"sides-0-melds-6": ""}, id="broken-row"),
    pytest.param(MODERN, {"11": ("", "3", "4")}, {"sides-0-melds-11": "Wild canasta with all four jokers, 260 + 2,500"},
                 id="modern-wild-canasta"),
    pytest.param(MODERN, {"7": ("6", "", "")}, {"sides-0-melds-7": "30 points, 1 to a canasta"}, id="modern-sevens"),
    pytest.param(MODERN, {"7": ("3", "1", "")}, {"sides-0-melds-7": ""}, id="modern-sevens-take-no-wild"),
])
def test_each_meld_row_says_what_it_makes(client, game, rows, lines):
    game_id = start(client, **(game or {"names-0": "Ann & Bob", "names-1": "Cy & Di"}))
    data = {"going_out": "no", "sides-0-mode": "melds", "sides-1-mode": "number"}
    for index, counts in rows.items():
        for name, value in zip(("naturals", "twos", "jokers"), counts, strict=True):
            if value:
                data[f"sides-0-melds-{index}-{name}"] = value
    answer = preview(client, game_id, data)
    assert {name: answer["meld_lines"][name] for name in lines} == lines
    others = {name: line for name, line in answer["meld_lines"].items() if name not in lines}
    assert set(others.values()) == {""}  # every other row of both sides: nothing typed, nothing said


def test_the_page_sent_back_shows_the_lines_too(client):
    """Without JavaScript, "Check score" sends the form: the page it answers with says each row's line."""
    from ..helpers import parse

    game_id = start(client, **{"names-0": "Ann & Bob", "names-1": "Cy & Di"})
    response = client.post(f"/games/{game_id}/hands/new", data={**WORKED_MELDS, "action": "check"})
    page = parse(response)
    assert page.find(id="sides-0-melds-1-line").text() == "Mixed canasta, 90 + 300"
    assert page.find(id="sides-0-melds-6-line").text() == "30 points, 4 to a canasta"
