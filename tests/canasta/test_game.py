"""Running totals and the end of the game (RULES.md "End of the game", three players, Modern "End")."""

import pytest

from scorekeeper.canasta.errors import InvalidHand, UnknownRules
from scorekeeper.canasta.options import resolve
from scorekeeper.canasta.scoring import score_game, score_request, standing


def plain(*scores):
    """Return the raw sides of a hand in which side i melds ``scores[i]`` points (or holds them, if negative)."""
    return [{"melded_points": score} if score >= 0 else {"hand_points": -score} for score in scores]


def test_total_is_start_plus_hand_scores():
    game = score_game("classic", {}, [100, -50], [plain(50, 30), plain(-20, 15), plain(0, 5)])
    assert [hand.number for hand in game.hands] == [1, 2, 3]
    assert [hand.scores for hand in game.hands] == [(50, 30), (-20, 15), (0, 5)]
    assert [hand.totals for hand in game.hands] == [(150, -20), (130, -5), (130, 0)]
    assert game.hands[1].totals_before == (150, -20)
    assert game.totals == (130, 0)
    assert game.next_minimum == (50, 50)
    assert (game.game_over, game.winner, game.leader, game.margin) == (False, None, 0, 130)


def test_no_hands_yet():
    game = score_game("modern", None, None, [])
    assert game.totals == (0, 0)
    assert game.next_minimum == (125, 125)
    assert (game.game_over, game.winner, game.tie, game.leader) == (False, None, False, None)


@pytest.mark.parametrize(
    ("rules_id", "options", "totals", "over", "winner", "tie"),
    [
        pytest.param("classic", {}, [4995, 100], False, None, False, id="below-target"),
        pytest.param("classic", {}, [5000, 100], True, 0, False, id="target-reached"),
        pytest.param("classic", {}, [5200, 5300], True, 1, False, id="both-reach-highest-wins"),
        pytest.param("classic", {}, [5100, 5100], False, None, True, id="tie-another-hand"),
        pytest.param("classic", {"tie": "shared"}, [5100, 5100], True, None, True, id="tie-shared"),
        pytest.param("classic", {}, [-100, -100], False, None, False, id="tie-below-target-not-a-tie"),
        pytest.param("classic", {"target": 3000}, [3000, 10], True, 0, False, id="house-target"),
        pytest.param("classic-3p", {}, [7400, 7500, 7600], True, 2, False, id="3p-highest-wins"),
        pytest.param("classic-3p", {}, [7600, 100, 7600], False, None, True, id="3p-tie-on-top"),
        pytest.param("classic-3p", {}, [7500, 7400, 7400], True, 0, False, id="3p-tie-below-top-is-fine"),
        pytest.param("classic-6p", {}, [9995, 0], False, None, False, id="6p-10000"),
        pytest.param("classic-6p-3teams", {}, [7500, 0, 0], True, 0, False, id="6p-3teams-7500"),
        pytest.param("modern", {}, [8495, 0], False, None, False, id="modern-below-8500"),
        pytest.param("modern", {}, [8500, 0], True, 0, False, id="modern-8500"),
    ],
)
def test_end_of_game(rules_id, options, totals, over, winner, tie):
    _, chosen = resolve(rules_id, options)
    end = standing(chosen, totals)
    assert (end.game_over, end.winner, end.tie) == (over, winner, tie)


def test_shared_win_lists_the_winners():
    game = score_game("classic", {"tie": "shared", "target": 500}, [450, 480], [plain(100, 70)])
    assert (game.game_over, game.winner, game.winners, game.tie) == (True, None, (0, 1), True)


def test_a_tie_then_another_hand_decides():
    game = score_game("classic", {"target": 500}, None, [plain(500, 500), plain(5, 0)])
    assert (game.game_over, game.winner, game.winners, game.totals) == (True, 0, (0,), (505, 500))


def test_no_hand_after_the_game_ended():
    with pytest.raises(InvalidHand) as caught:
        score_game("classic", {"target": 500}, None, [plain(500, 0), plain(5, 0)])
    assert [problem.as_dict() for problem in caught.value.problems] == [
        {"field": "hands[1]", "message": "The game ended after hand 1: no hand can follow it."}]


def test_game_problems_name_the_hand():
    with pytest.raises(InvalidHand) as caught:
        score_game("classic", {}, None, [plain(50, 0), [{"melded_points": 7}, {}], [{"going_out": "yes"}, {}]])
    assert [problem.field for problem in caught.value.problems] == [
        "hands[1].sides[0].melded_points", "hands[2].sides[0].going_out"]


@pytest.mark.parametrize(
    ("start_totals", "hands", "field"),
    [
        pytest.param([0], [], "start_totals", id="start-totals-length"),
        pytest.param([0, "5"], [], "start_totals[1]", id="start-total-string"),
        pytest.param(None, {"sides": []}, "hands", id="hands-not-a-list"),
    ],
)
def test_game_input_problems(start_totals, hands, field):
    with pytest.raises(InvalidHand) as caught:
        score_game("classic", {}, start_totals, hands)
    assert [problem.field for problem in caught.value.problems] == [field]


def test_game_unknown_rules():
    with pytest.raises(UnknownRules):
        score_game("bridge", {}, None, [])


def test_next_minimum_per_player_in_three_player_game():
    hand = [{"members": [0], "melded_points": 100, "natural_canastas": 1, "mixed_canastas": 1, "going_out": "out"},
            {"members": [1, 2], "hand_points": 40, "red_threes": [0, 0]}]
    game = score_game("classic-3p", {}, [1000, 1500, 3000], [hand])
    assert game.totals == (1000 + 1000, 1460, 2960)
    assert game.next_minimum == (90, 50, 90)


def test_score_request_reports_game_over_and_winner():
    answer = score_request({"rules": "classic", "totals_before": [4900, 4000],
                            "sides": [{"melded_points": 100}, {"melded_points": 50}]})
    assert (answer["game_over"], answer["winner"]) == (True, 0)
    assert [scorer["total"] for scorer in answer["scorers"]] == [5000, 4050]
    assert [scorer["next_minimum"] for scorer in answer["scorers"]] == [120, 120]
