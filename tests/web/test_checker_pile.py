"""The discard pile page for a side that has not melded: it asks for the total, answers with the minimum,
and keeps what was typed when a field is wrong."""

import pytest

from ..helpers import parse
from .test_checker import check, errors_beside, verdict

EIGHTS = {"rules": "classic", "pile_top": "8", "hand": "8 8 K K K 2 5"}
ASK = ("Your side has not melded yet, so taking the pile is its first meld: give your side's total before this "
       "hand (0 in the first hand), or its minimum, to know whether it is enough.")


def detail(page):
    found = page.find(cls="verdict-detail")
    return found.text() if found is not None else None


def listed(page, cls):
    found = page.find(cls=cls)
    return [item.text() for item in found.find_all("li")] if found is not None else []


@pytest.mark.parametrize(
    ("query", "expected_verdict", "expected_detail", "reasons"),
    [
        ({**EIGHTS, "total": "0"}, "Yes, if it reaches 50",
         "Yes \u2014 if your meld with it reaches 50: 8 8 8 is 30.", []),
        ({**EIGHTS, "minimum": "50"}, "Yes, if it reaches 50",
         "Yes \u2014 if your meld with it reaches 50: 8 8 8 is 30.", []),
        ({**EIGHTS, "total": "-40"}, "Yes, take it", "Yes \u2014 your meld with it reaches 15: 8 8 8 is 30.", []),
        ({**EIGHTS, "total": "3000"}, "No", None,
         ["No: taking the pile would be your side's first meld, which must reach 120, and with the 8 on top your "
          "hand makes at most 80 (K K K 2 and 8 8 8)."]),
        ({**EIGHTS, "hand": "8 5 9", "total": "0"}, "No", None,
         ["Your side has not melded yet, so the pile is frozen for it: taking it needs a natural pair of 8s from "
          "your hand; you have an 8."]),
        ({"rules": "modern", "pile_top": "8", "hand": "8 8 A A A 2 2 K K JK", "total": "0"},
         "Yes, if it reaches 125",
         "Yes \u2014 if your meld with it reaches 125 without the 8 on top: 8 8 8 counts 20.", []),
        ({**EIGHTS, "total": "0", "side_has_melded": "y"}, "Yes, take it", None, []),
    ],
    ids=["short-hand-reaches", "minimum-given", "enough", "hand-short", "needs-pair", "modern", "melded"],
)
def test_the_pile_page_answers_with_the_minimum(client, query, expected_verdict, expected_detail, reasons):
    response = check(client, "pile", **query)
    assert response.status_code == 200
    page = parse(response)
    assert (verdict(page), detail(page), listed(page, "pile-reasons")) == (expected_verdict, expected_detail, reasons)
    assert errors_beside(page, "total") == []


def test_the_hand_that_can_reach_it_is_said(client):
    page = parse(check(client, "pile", **EIGHTS, total="0"))
    notes = [note.text() for note in page.find(cls="check-result").find_all(cls="hint")]
    assert "Your hand can reach it: K K K 2 and 8 8 8 make 80." in notes


def test_without_the_total_the_page_asks_for_it_beside_the_field(client):
    response = check(client, "pile", **EIGHTS)
    assert response.status_code == 200
    page = parse(response)
    assert verdict(page) == "Yes, if it reaches your minimum"
    assert detail(page) == ("Yes \u2014 if your meld with it reaches your minimum (15, 50, 90 or 120, by your total): "
                            "8 8 8 is 30.")
    assert errors_beside(page, "total") == [ASK]
    ask = page.find(cls="ask")
    assert ask.text() == "To be sure, give your side's total before this hand."
    assert ask.find("a").attrs["href"] == "#total"


def test_three_players_are_asked_for_their_own_total(client):
    page = parse(check(client, "pile", rules="classic-3p", pile_top="8", hand="8 8 5"))
    assert errors_beside(page, "total") == [ASK.replace("your side's total", "your total")]


@pytest.mark.parametrize(
    ("query", "name", "message", "kept"),
    [
        ({"total": "lots"}, "total", "Give the total as a whole number, like 1500 or -40.", "lots"),
        ({"total": "99999999"}, "total", "That total is out of reach of any game: check the number.", "99999999"),
        ({"minimum": "fifty"}, "minimum", "Give the minimum as a whole number, like 50.", "fifty"),
        ({"minimum": "60"}, "minimum",
         "In Classic, 4 players in 2 teams, the minimum is 15, 50, 90 or 120; 60 is none of them.", "60"),
        ({"total": "1600", "minimum": "50"}, "minimum",
         "At a total of 1,600 the minimum is 90, not 50: give the total or the minimum, or both that agree.", "50"),
    ],
    ids=["total-not-a-number", "total-out-of-reach", "minimum-not-a-number", "not-a-minimum", "disagree"],
)
def test_a_wrong_total_or_minimum_is_said_beside_it_and_kept(client, query, name, message, kept):
    response = check(client, "pile", **EIGHTS, **query)
    assert response.status_code == 422
    page = parse(response)
    assert page.find(cls="verdict") is None
    assert errors_beside(page, name) == [message]
    assert page.find("input", name=name).attrs["value"] == kept
    assert page.find("input", name="hand").attrs["value"] == EIGHTS["hand"]


def test_the_minimum_hint_comes_from_the_rule_sets(client):
    page = parse(check(client, "pile"))
    hint = page.find(id="minimum-hint").text()
    assert hint == "Instead of the total, the minimum itself: Classic 15, 50, 90, 120 or 150; Modern American 125, 155 or 180."


def test_opened_for_a_game_it_knows_the_total_and_asks_nothing(client, db):
    from .test_checker import new_game, selected
    from ..helpers import WORKED

    game_id = new_game(db, hands=[WORKED], start_totals=[1000, 0], options={"wild_limit": "not_outnumber"})
    first_meld = parse(check(client, "initial-meld", game=game_id, side=0))
    link = first_meld.find("a", href=f"/check/pile?game={game_id}&side=0")
    assert link is not None and link.text() == "May we take the pile?"

    page = parse(check(client, "pile", game=game_id, side=0))
    assert page.find("h1").text() == "May we take the pile?"
    assert page.find(cls="lead").text().startswith("Ann & Bob, at a total of 1,605: a first meld needs 90.")
    assert page.find("input", name="total").attrs["value"] == "1605"
    assert selected(page, "wild_limit") == ["not_outnumber"]

    response = check(client, "pile", game=game_id, side=0, rules="classic", wild_limit="three", total="1605",
                     pile_top="8", hand="8 8 K K K 2 5")
    page = parse(response)
    assert response.status_code == 200
    assert page.find("h1").text() == "May we take the pile?"
    assert verdict(page) == "No"
    assert errors_beside(page, "total") == []
    assert [item.text() for item in page.find(cls="pile-reasons").find_all("li")] == [
        "No: taking the pile would be your side's first meld, which must reach 90, and with the 8 on top your hand "
        "makes at most 80 (K K K 2 and 8 8 8)."]


def test_a_broken_game_link_still_opens_the_pile_check(client):
    page = parse(check(client, "pile", game="no-such-game", side="0"))
    assert page.find("h1").text() == "Discard pile check"
    assert page.find(cls="flash-error").text() == "That game could not be found: fill in the rule set and the total yourself."
