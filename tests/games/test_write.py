"""Changing a game: every change is checked by the engine before it is stored."""

import pytest

from scorekeeper.store import db as store
from scorekeeper.games import write as service
from scorekeeper.canasta.errors import InvalidHand
from scorekeeper.games.read import load_game

WORKED = [{"melded_points": 120, "hand_points": 15, "mixed_canastas": 1, "red_threes": 1, "going_out": "out"},
          {"melded_points": 0, "hand_points": 95, "red_threes": 2}]
BIG = [{"melded_points": 1000, "natural_canastas": 3, "going_out": "out"}, {"hand_points": 50}]  # 2600


def fields(error):
    return {problem.field: problem.message for problem in error.value.problems}


def test_new_game_stores_clean_names_and_options(db):
    game_id, key = service.new_game(db, rules="classic", options={"target": 3000},
                                    names=["  Ann &  Bob ", "Cy & Di"], start_totals=[2340, 1910])
    game = load_game(db, game_id)
    assert game.names == ["Ann & Bob", "Cy & Di"]
    assert game.options["target"] == 3000
    assert game.score.totals == (2340, 1910)
    assert game.score.next_minimum == (90, 90)
    from scorekeeper.games.access import key_opens
    assert key_opens(db, game_id, key)


def test_new_game_reports_every_problem_and_stores_nothing(db):
    with pytest.raises(InvalidHand) as error:
        service.new_game(db, rules="classic", names=["Ann", ""], seats=["a", "b", "c"], start_totals=[1, "x"])
    problems = fields(error)
    assert problems["names[1]"] == "Name 2 is empty."
    assert problems["seats"] == "Name all 4 seats, or none."
    assert "start_totals[1]" in problems
    assert list(db.query("select count(*) as n from games"))[0]["n"] == 0


@pytest.mark.parametrize("seats, field", [
    (["Ann", "Cy", "", ""], "seats[2]"),
    (["Ann", "  ", "Bob", "Di"], "seats[1]"),
    (["", "", "", ""], "seats[0]"),
], ids=["last-two-empty", "one-blank", "all-empty"])
def test_seats_named_in_part_ask_for_every_seat_once(db, seats, field):
    with pytest.raises(InvalidHand) as error:
        service.new_game(db, rules="classic", names=["Ann & Bob", "Cy & Di"], seats=seats)
    assert [(problem.field, problem.message) for problem in error.value.problems] == [
        (field, "Name every seat, or none.")]
    assert list(db.query("select count(*) as n from games"))[0]["n"] == 0


def test_names_of_scorers_are_each_required(db):
    with pytest.raises(InvalidHand) as error:
        service.new_game(db, rules="classic-3p", names=["Ann", "", " "])
    assert fields(error) == {"names[1]": "Name 2 is empty.", "names[2]": "Name 3 is empty."}


@pytest.mark.parametrize("rules, options, field", [
    ("nonsense", {}, "rules"),
    ("classic", {"colour": "red"}, "options.colour"),
], ids=["unknown-rules", "unknown-option"])
def test_new_game_unknown_rules_or_option(db, rules, options, field):
    with pytest.raises(InvalidHand) as error:
        service.new_game(db, rules=rules, options=options, names=["A", "B"])
    assert field in fields(error)


def test_names_must_match_the_scorers(db):
    with pytest.raises(InvalidHand) as error:
        service.new_game(db, rules="classic-3p", names=["A", "B"])
    assert fields(error)["names"] == "Give 3 names, one per player."


def test_add_a_bad_hand_names_the_field_and_writes_nothing(db):
    game_id, _ = service.new_game(db, rules="classic", names=["A", "B"])
    with pytest.raises(InvalidHand) as error:
        service.add_hand(db, game_id, [{"melded_points": 50, "going_out": "out"}, {}])
    assert "sides[0].going_out" in fields(error)
    assert store.get_version(db, game_id) == 0


def test_no_hand_after_the_game_ended(db):
    game_id, _ = service.new_game(db, rules="classic", options={"target": 2000}, names=["A", "B"])
    saved = service.add_hand(db, game_id, BIG)
    assert (saved.number, saved.version) == (1, 1)
    with pytest.raises(InvalidHand) as error:
        service.add_hand(db, game_id, WORKED)
    assert "ended after hand 1" in " ".join(fields(error).values())


def test_edit_that_would_end_the_game_early_is_refused(db):
    game_id, _ = service.new_game(db, rules="classic", options={"target": 2000}, names=["A", "B"])
    service.add_hand(db, game_id, WORKED)
    service.add_hand(db, game_id, WORKED)
    with pytest.raises(InvalidHand) as error:
        service.replace_hand(db, game_id, 1, BIG)
    assert any(message.startswith("Hand 2:") for message in fields(error).values())
    assert load_game(db, game_id).score.totals == (1210, -590)


def test_replace_and_delete_recompute_totals(db):
    game_id, _ = service.new_game(db, rules="classic", names=["A", "B"])
    service.add_hand(db, game_id, WORKED)
    service.add_hand(db, game_id, BIG)
    service.replace_hand(db, game_id, 1, [{"melded_points": 100}, {"melded_points": 50}])
    assert load_game(db, game_id).score.totals == (2700, 0)
    service.delete_hand(db, game_id, 1)
    game = load_game(db, game_id)
    assert game.score.totals == (2600, -50)
    assert [hand["number"] for hand in game.hands] == [1]


def test_stale_version_is_a_conflict(db):
    game_id, _ = service.new_game(db, rules="classic", names=["A", "B"])
    service.add_hand(db, game_id, WORKED, expected_version=0)
    with pytest.raises(store.VersionConflict) as conflict:
        service.add_hand(db, game_id, WORKED, expected_version=0)
    assert conflict.value.current_version == 1
    assert len(store.get_game(db, game_id)["hands"]) == 1
    with pytest.raises(store.NotFound):
        service.delete_hand(db, game_id, 7)
