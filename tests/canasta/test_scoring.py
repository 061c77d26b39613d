"""A hand's score, one rule of RULES.md per row ("Hand score of a side", Classic and Modern)."""

import json

import pytest

from scorekeeper.canasta.options import resolve
from scorekeeper.canasta.scoring import BREAKDOWN_LABELS, score_hand, score_request
from scorekeeper.canasta.sides import parse_hand

from ..helpers import API_MD_ANSWER, API_MD_REQUEST

WORKED_EXAMPLE_OTHER_SIDE = {"melded_points": 0, "hand_points": 95, "red_threes": 2}


def scored(rules_id, sides, options=None, totals_before=None):
    """Return the score_request answer for these sides."""
    payload = {"rules": rules_id, "options": options or {}, "sides": sides}
    if totals_before is not None:
        payload["totals_before"] = totals_before
    return score_request(payload)


def side_scores(rules_id, sides, options=None):
    return [side["score"] for side in scored(rules_id, sides, options)["sides"]]


@pytest.mark.parametrize(
    "side",
    [
        pytest.param({"melded_points": 120, "hand_points": 15, "mixed_canastas": 1, "red_threes": 1,
                      "going_out": "out"}, id="counts"),
        pytest.param({"melds": [{"rank": "K", "naturals": 5, "twos": 2}, {"rank": "8", "naturals": 3}],
                      "hand_points": 15, "red_threes": 1, "going_out": "out"}, id="melds"),
        pytest.param({"melded_points": 120, "mixed_canastas": 1, "in_hand": {"four_to_seven": 1, "eight_to_king": 1},
                      "red_threes": 1, "going_out": "out"}, id="in-hand"),
        pytest.param({"melds": [{"rank": "k", "naturals": 5, "twos": 2, "jokers": 0}, {"rank": "8", "naturals": 3}],
                      "in_hand": {"four_to_seven": 1, "eight_to_king": 1}, "red_threes": 1, "going_out": "out"},
                     id="melds-and-in-hand"),
    ],
)
def test_worked_example_605(side):
    answer = scored("classic", [side, WORKED_EXAMPLE_OTHER_SIDE])
    assert answer["sides"][0]["score"] == 605
    assert answer["sides"][0]["breakdown"] == {
        "canastas": 300, "going_out": 100, "red_threes": 100, "melded": 120, "in_hand": -15}


def test_seven_kings_are_70_plus_500():
    answer = scored("classic", [{"melds": [{"rank": "K", "naturals": 7}]}, {}])
    assert answer["sides"][0]["breakdown"] == {"canastas": 500, "melded": 70}
    assert answer["sides"][0]["score"] == 570


def test_api_example_answer_exactly():
    assert score_request(json.loads(API_MD_REQUEST)) == json.loads(API_MD_ANSWER)


@pytest.mark.parametrize(
    ("rules_id", "side", "options", "breakdown"),
    [
        pytest.param("classic", {"melded_points": 70, "natural_canastas": 1}, None,
                     {"canastas": 500, "melded": 70}, id="natural-canasta-500"),
        pytest.param("classic", {"melded_points": 90, "mixed_canastas": 1}, None,
                     {"canastas": 300, "melded": 90}, id="mixed-canasta-300"),
        pytest.param("classic", {"melded_points": 160, "natural_canastas": 1, "mixed_canastas": 1}, None,
                     {"canastas": 800, "melded": 160}, id="canastas-add-up"),
        pytest.param("classic", {"melded_points": 100, "natural_canastas": 1, "going_out": "out"}, None,
                     {"canastas": 500, "going_out": 100, "melded": 100}, id="going-out-100"),
        pytest.param("classic", {"melded_points": 100, "natural_canastas": 1, "going_out": "concealed"}, None,
                     {"canastas": 500, "going_out": 200, "melded": 100}, id="concealed-200-in-all"),
        pytest.param("classic", {"melded_points": 50, "red_threes": 1}, None,
                     {"red_threes": 100, "melded": 50}, id="red-three-100"),
        pytest.param("classic", {"melded_points": 50, "red_threes": 3}, None,
                     {"red_threes": 300, "melded": 50}, id="three-red-threes-300"),
        pytest.param("classic", {"melded_points": 50, "red_threes": 4}, None,
                     {"red_threes": 800, "melded": 50}, id="all-four-800"),
        pytest.param("classic", {"hand_points": 40, "red_threes": 2}, None,
                     {"red_threes": -200, "in_hand": -40}, id="red-threes-minus-when-nothing-melded"),
        pytest.param("classic", {"red_threes": 4}, None, {"red_threes": -800}, id="all-four-minus-800"),
        pytest.param("classic", {"melded_points": 50, "red_threes": 1}, {"red_threes_minus": "no_canasta"},
                     {"red_threes": -100, "melded": 50}, id="option-minus-without-canasta"),
        pytest.param("classic", {"melded_points": 70, "natural_canastas": 1, "red_threes": 1},
                     {"red_threes_minus": "no_canasta"}, {"canastas": 500, "red_threes": 100, "melded": 70},
                     id="option-plus-with-canasta"),
        pytest.param("classic", {"melded_points": 30, "hand_points": 200}, None,
                     {"melded": 30, "in_hand": -200}, id="hand-score-may-be-negative"),
        pytest.param("classic", {"melds": [{"rank": "K", "naturals": 7}, {"rank": "3", "naturals": 4}],
                                 "going_out": "out"}, None,
                     {"canastas": 500, "going_out": 100, "melded": 90}, id="black-threes-melded-going-out-5-each"),
        pytest.param("classic", {"in_hand": {"black_threes": 2}}, None,
                     {"in_hand": -10}, id="black-threes-in-hand-minus-5"),
        pytest.param("classic-6p", {"melded_points": 50, "red_threes": 4}, None,
                     {"red_threes": 400, "melded": 50}, id="six-player-four-400"),
        pytest.param("classic-6p", {"melded_points": 50, "red_threes": 5}, None,
                     {"red_threes": 1000, "melded": 50}, id="six-player-five-1000"),
        pytest.param("classic-6p-3teams", {"melded_points": 50, "red_threes": 6}, None,
                     {"red_threes": 1200, "melded": 50}, id="six-player-six-1200"),
        pytest.param("classic-6p", {"red_threes": 6}, None, {"red_threes": -1200}, id="six-player-six-minus"),
    ],
)
def test_classic_side(rules_id, side, options, breakdown):
    ruleset, _ = resolve(rules_id)
    sides = [side] + [{} for _ in range(ruleset.scorers - 1)]
    answer = scored(rules_id, sides, options)
    assert answer["sides"][0]["breakdown"] == breakdown
    assert answer["sides"][0]["score"] == sum(breakdown.values())


PAIR_WITH_RED_THREES = {"members": [1, 2], "melded_points": 100, "hand_points": 30, "red_threes": [2, 1]}
LONE_GOES_OUT = {"members": [0], "melded_points": 200, "natural_canastas": 1, "mixed_canastas": 1,
                 "going_out": "out"}


@pytest.mark.parametrize(
    ("sides", "options", "scores"),
    [
        pytest.param([LONE_GOES_OUT, PAIR_WITH_RED_THREES], None, [1100, 70 + 200, 70 + 100],
                     id="partners-share-score-own-red-threes"),
        pytest.param([PAIR_WITH_RED_THREES, LONE_GOES_OUT], None, [1100, 270, 170], id="side-order-free"),
        pytest.param([LONE_GOES_OUT, {"members": [2, 1], "melded_points": 100, "red_threes": [4, 0]}], None,
                     [1100, 100, 900], id="800-when-one-player-laid-all-four"),
        pytest.param([LONE_GOES_OUT, {"members": [1, 2], "melded_points": 100, "red_threes": [2, 2]}], None,
                     [1100, 300, 300], id="two-and-two-no-800"),
        pytest.param([LONE_GOES_OUT, {"members": [1, 2], "hand_points": 30, "red_threes": [0, 3]}], None,
                     [1100, -30, -330], id="partnership-melded-nothing-minus-own"),
        pytest.param([{"members": [0], "melded_points": 50, "red_threes": 1}, {"members": [1], "hand_points": 20},
                      {"members": [2], "melded_points": 60}], None, [150, -20, 60], id="everyone-alone"),
        pytest.param([{"members": [0], "melded_points": 100, "natural_canastas": 1, "going_out": "out"},
                      {"members": [1, 2], "melded_points": 50, "red_threes": 0}],
                     {"canastas_to_go_out": 1}, [700, 50, 50], id="option-one-canasta-to-go-out"),
    ],
)
def test_classic_three_players(sides, options, scores):
    answer = scored("classic-3p", sides, options)
    assert [scorer["hand_score"] for scorer in answer["scorers"]] == scores


def test_partnership_side_score_sums_its_breakdown():
    answer = scored("classic-3p", [LONE_GOES_OUT, PAIR_WITH_RED_THREES])
    pair = answer["sides"][1]
    assert pair["members"] == [1, 2]
    assert pair["breakdown"] == {"red_threes": 300, "melded": 100, "in_hand": -30}
    assert pair["score"] == sum(pair["breakdown"].values())


MODERN_OTHER = {}


@pytest.mark.parametrize(
    ("side", "breakdown"),
    [
        pytest.param({"melded_points": 60, "hand_points": 20, "red_threes": 1, "black_threes": 2},
                     {"threes": -400, "melded": -60, "in_hand": -20}, id="no-canasta-all-minus"),
        pytest.param({"canastas": {"natural": 1}, "melded_points": 70, "hand_points": 20, "red_threes": 2},
                     {"canastas": 500, "melded": 70, "in_hand": -20}, id="one-canasta-threes-zero"),
        pytest.param({"canastas": {"natural": 1, "mixed": 1}, "melded_points": 160, "red_threes": 1,
                      "going_out": "out"},
                     {"canastas": 800, "going_out": 100, "threes": 100, "melded": 160}, id="two-canastas-plus"),
        pytest.param({"canastas": {"natural": 2}, "melded_points": 140, "red_threes": 2, "black_threes": 1},
                     {"canastas": 1000, "threes": 400, "melded": 140}, id="threes-per-colour-300-plus-100"),
        pytest.param({"canastas": {"natural": 2}, "melded_points": 140, "red_threes": 3},
                     {"canastas": 1000, "threes": 500, "melded": 140}, id="three-of-a-colour-500"),
        pytest.param({"canastas": {"natural": 2}, "melded_points": 140, "red_threes": 4, "black_threes": 4},
                     {"canastas": 1000, "threes": 2000, "melded": 140}, id="four-of-each-1000-each"),
        pytest.param({"canastas": {"natural_aces": 1, "sevens": 1}, "melded_points": 175},
                     {"canastas": 5000, "melded": 175}, id="aces-and-sevens-2500-each"),
        pytest.param({"canastas": {"wild_twos": 1}, "melded_points": 140}, {"canastas": 3000, "melded": 140},
                     id="seven-twos-3000"),
        pytest.param({"canastas": {"wild_four_jokers": 1}, "melded_points": 260}, {"canastas": 2500, "melded": 260},
                     id="four-jokers-2500"),
        pytest.param({"canastas": {"wild": 1}, "melded_points": 170}, {"canastas": 2000, "melded": 170},
                     id="other-wild-2000"),
        pytest.param({"melded_points": 60, "unfinished": {"aces": True}}, {"melded": -60, "penalties": -2500},
                     id="unfinished-aces-2500"),
        pytest.param({"melded_points": 15, "unfinished": {"sevens": True}}, {"melded": -15, "penalties": -2500},
                     id="unfinished-sevens-2500"),
        pytest.param({"melded_points": 60, "unfinished": {"wild": True}}, {"melded": -60, "penalties": -2000},
                     id="unfinished-wild-2000"),
        pytest.param({"players_with_three_aces": 1, "hand_points": 60}, {"in_hand": -60, "penalties": -1500},
                     id="holding-three-aces-1500"),
        pytest.param({"players_with_three_aces": 2, "players_with_three_sevens": 1, "hand_points": 150},
                     {"in_hand": -150, "penalties": -4500}, id="each-player-and-both-charged"),
        pytest.param({"last_drawn_three": True}, {"penalties": -5}, id="last-drawn-three-5"),
        pytest.param({"special_hand_points": 3000, "hand_points": 40, "red_threes": 2},
                     {"special_hand": 3000}, id="special-hand-nothing-else"),
        pytest.param({"melds": [{"rank": "A", "naturals": 7}, {"rank": "wild", "twos": 4, "jokers": 3},
                                {"rank": "7", "naturals": 4}], "going_out": "out"},
                     {"canastas": 4500, "going_out": 100, "melded": 140 + 230 + 20, "penalties": -2500},
                     id="melds-give-kinds-and-unfinished"),
    ],
)
def test_modern_side(side, breakdown):
    answer = scored("modern", [side, MODERN_OTHER])
    assert answer["sides"][0]["breakdown"] == breakdown
    assert answer["sides"][0]["score"] == sum(breakdown.values())


def test_special_hand_other_side_scores_as_usual():
    other = {"canastas": {"natural": 1}, "melded_points": 70, "hand_points": 30}
    assert side_scores("modern", [{"special_hand_points": 2500}, other]) == [2500, 540]


def test_breakdown_keys_are_labelled():
    answers = [scored("classic", [{"melded_points": 100, "natural_canastas": 1, "going_out": "out",
                                   "red_threes": 1, "hand_points": 5}, {}]),
               scored("modern", [{"melded_points": 60, "unfinished": {"aces": True}, "red_threes": 1}, {}])]
    keys = {key for answer in answers for side in answer["sides"] for key in side["breakdown"]}
    assert keys <= set(BREAKDOWN_LABELS)


def test_score_hand_totals_and_scores_per_scorer():
    ruleset, options = resolve("classic")
    hand = parse_hand(ruleset, options, [{"melded_points": 50}, {"hand_points": 25}], [100, 3000])
    result = score_hand(ruleset, options, hand.sides, hand.totals_before)
    assert result.scores == (50, -25)
    assert result.totals == (150, 2975)
    assert [scorer["next_minimum"] for scorer in scored(
        "classic", [{"melded_points": 50}, {"hand_points": 25}], totals_before=[100, 3000])["scorers"]] == [50, 90]


# --- what a part is made of, and why it counts as it does (the hand page's live score) ------------------


@pytest.mark.parametrize(("payload", "details", "notes"), [
    pytest.param({"rules": "modern", "sides": [
        {"canastas": {"natural": 1, "mixed": 1}, "melded_points": 250, "going_out": "out"},
        {"melded_points": 60, "hand_points": 100, "unfinished": {"aces": True}, "players_with_three_aces": 1,
         "last_drawn_three": True}]},
        [{}, {"penalties": ["unfinished meld of aces \u22122,500", "1 player holding 3+ aces \u22121,500",
                            "a 3 drawn last \u22125"]}],
        [[], []], id="modern-penalties-named"),
    pytest.param({"rules": "modern", "sides": [
        {"canastas": {"natural": 1}, "melded_points": 250, "red_threes": 2}, {"red_threes": 1, "hand_points": 20}]},
        [{}, {}],
        [["Threes 0: with one canasta a side's threes count nothing (300 with two or more, \u2212300 with none)."],
         ["Threes count against a side without a canasta."]], id="modern-threes-at-0-say-why"),
    pytest.param({"rules": "classic", "sides": [{"hand_points": 15, "red_threes": 1}, {}]},
                 [{}, {}], [["Red 3s count against a side that melded nothing."], []], id="classic-red-3s-against"),
])
def test_the_live_score_says_what_penalties_are_and_why_threes_count_as_they_do(payload, details, notes):
    answer = score_request(payload, details=True)
    assert [side["details"] for side in answer["sides"]] == details
    assert [side["notes"] for side in answer["sides"]] == notes
    assert "details" not in score_request(payload)["sides"][0]  # the API's answer keeps its shape
