"""RULES.md line by line: the numbers and verdicts players argue about at a table, each row named
after the section of RULES.md (or API.md) it pins, asked of the engine or of the JSON API.

Statements already pinned elsewhere are not repeated here (test_canasta_*.py, test_api_*.py,
test_checker.py); these rows are the wrong answers this audit found.
"""

import pytest

from scorekeeper import create_app
from scorekeeper.canasta.cards import parse_cards, parse_meld_groups
from scorekeeper.canasta.checks import check_going_out
from scorekeeper.canasta.melds import Meld
from scorekeeper.canasta.rules import resolve


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    """One app for the module: the checks and /score change nothing, so the rows can share it."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False,
                      "DATABASE": str(tmp_path_factory.mktemp("rules_md") / "scorekeeper.db")})
    return app.test_client()


def post(api, endpoint, body):
    response = api.post(endpoint, json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


# --- Initial meld: going out concealed ------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "minimum", "meets"),
    [
        pytest.param({"cards": "K K K K K K K", "going_out": "concealed", "total": 3000}, 0, True,
                     id="initial-meld.concealed-from-the-stock-needs-no-minimum"),
        pytest.param({"cards": "K K K K K K K", "going_out": "out", "total": 3000}, 120, False,
                     id="initial-meld.going-out-not-concealed-needs-the-minimum"),
        pytest.param({"cards": "K K K K K K", "going_out": "concealed", "pile_top": "K", "total": 3000}, 120, False,
                     id="initial-meld.concealed-never-after-taking-the-pile-so-the-minimum-applies"),
    ],
)
def test_initial_meld_going_out_concealed_needs_no_minimum(api, body, minimum, meets):
    answer = post(api, "/api/v1/check/initial-meld", {"rules": "classic", **body})
    assert (answer["minimum"], answer["table_minimum"], answer["meets_minimum"]) == (minimum, 120, meets)
    assert answer["short_by"] == max(0, minimum - answer["points"])


# --- Going out with the initial meld ------------------------------------------------------------


def going_out(rules, hand, options=None, side_melds="", **kwargs):
    ruleset, chosen = resolve(rules, options)
    melds = [Meld.from_cards(group) for group in parse_meld_groups(side_melds)] if side_melds else []
    kwargs.setdefault("side_has_melded", bool(melds))
    return check_going_out(ruleset, chosen, parse_cards(hand), side_melds=melds, **kwargs)


@pytest.mark.parametrize(
    ("hand", "discard", "melds"),
    [
        # Discarding the joker makes two natural canastas (1,000 in bonuses) but only 85 points; discarding
        # a 4 puts the joker on the 4s: a mixed canasta, and 130 points reach the minimum of 125.
        pytest.param("4 4 4 4 4 4 4 6 6 6 6 6 6 6 7 7 7 JK", "4", ["7 7 7", "6 6 6 6 6 6 6", "4 4 4 4 4 4 JK"],
                     id="modern-initial-meld.going-out-picks-the-discard-that-reaches-125"),
        # Discarding a 5 keeps the most card points, but 5 5 2 is no clean triple; discarding a 2 keeps 5 5 5.
        pytest.param("2 2 2 2 2 2 2 Q Q Q Q Q JK JK 5 5 5 2", "2", ["Q Q Q Q Q JK JK", "5 5 5", "2 2 2 2 2 2 2"],
                     id="modern-initial-meld.going-out-picks-the-discard-that-keeps-a-clean-triple"),
    ],
)
def test_going_out_in_modern_with_the_initial_meld_keeps_what_it_needs(hand, discard, melds):
    """Modern initial meld: "must include a clean triple" and reach 125: a way out that does both is a yes."""
    check = going_out("modern", hand, canastas=0, side_has_melded=False, total=0)
    assert check.can_go_out, check.reasons
    assert (str(check.discard), [meld.text for meld in check.melds], check.bonus) == (discard, melds, 100)


def test_going_out_in_modern_with_the_initial_meld_through_the_api(api):
    answer = post(api, "/api/v1/check/going-out", {
        "rules": "modern", "hand": "4 4 4 4 4 4 4 6 6 6 6 6 6 6 7 7 7 JK", "total": 0})
    assert (answer["can_go_out"], answer["reasons"], answer["plan"]["discard"]) == (True, [], "4")
