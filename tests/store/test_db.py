"""The queries of games and hands (``store.db``): as entered, versions, numbering, stamps, repeated requests."""

import sqlite3

import pytest

from scorekeeper.store import answers
from scorekeeper.store import db as store
from scorekeeper.store import sqlite

SIDES = [{"melded_points": 120, "hand_points": 15, "mixed_canastas": 1, "red_threes": 1, "going_out": "out"},
         {"melded_points": 0, "hand_points": 95, "red_threes": 2}]


def new_game(db, game_id="g1"):
    store.create_game(db, game_id=game_id, edit_key_hash="h", rules="classic", options={"target": 5000},
                      names=["Ann & Bob", "Cy & Di"], seats=[], start_totals=[0, 0])


def test_create_and_read_game(db):
    new_game(db)
    game = store.get_game(db, "g1")
    assert game["names"] == ["Ann & Bob", "Cy & Di"]
    assert game["options"] == {"target": 5000}
    assert game["version"] == 0
    assert game["hands"] == []
    assert store.get_game(db, "nope") is None


def test_hands_are_numbered_in_play_order_and_renumbered_after_delete(db):
    new_game(db)
    for points in (100, 200, 300):
        store.add_hand(db, "g1", [{"melded_points": points}, {}])
    assert store.delete_hand(db, "g1", 2) == 4
    hands = store.get_game(db, "g1")["hands"]
    assert [(h["number"], h["sides"][0]["melded_points"]) for h in hands] == [(1, 100), (2, 300)]


def test_every_change_grows_the_version(db):
    new_game(db)
    assert store.add_hand(db, "g1", SIDES) == (1, 1)
    assert store.replace_hand(db, "g1", 1, [{}, {}]) == 2
    assert store.get_game(db, "g1")["hands"][0]["sides"] == [{}, {}]
    assert store.delete_hand(db, "g1", 1) == 3
    assert store.get_version(db, "g1") == 3


def test_unknown_game_or_hand(db):
    new_game(db)
    with pytest.raises(store.NotFound):
        store.add_hand(db, "nope", SIDES)
    with pytest.raises(store.NotFound):
        store.replace_hand(db, "g1", 1, SIDES)
    with pytest.raises(store.NotFound):
        store.delete_hand(db, "g1", 0)
    assert store.get_version(db, "g1") == 0


def test_remembered_answers(db):
    new_game(db)
    with sqlite.transaction(db):
        store.add_hand(db, "g1", SIDES)
        answers.remember_answer(db, "hands:g1", "k1", "abc", 201, '{"ok": 1}')
    assert answers.recall_answer(db, "hands:g1", "k1") == {"request_hash": "abc", "status": 201, "response": '{"ok": 1}'}
    assert answers.recall_answer(db, "hands:g1", "k2") is None
    with pytest.raises(sqlite3.IntegrityError):
        answers.remember_answer(db, "hands:g1", "k1", "abc", 201, "{}")


def test_list_games_newest_first_and_only_those_asked(db):
    new_game(db, "a")
    new_game(db, "b")
    new_game(db, "c")
    db.execute("update games set updated_at = '2020-01-01'")  # not the second a changes in
    store.add_hand(db, "a", SIDES)  # a changes last
    listed = store.list_games(db, ["a", "b", "zzz"])
    assert [g["id"] for g in listed][0] == "a"
    assert {g["id"] for g in listed} == {"a", "b"}
    assert listed[0]["hand_count"] == 1


def test_games_changed_in_the_same_second_list_the_one_started_last_first(db):
    for game_id in ("m", "z", "a"):  # started in this order; their ids sort otherwise
        new_game(db, game_id)
    db.execute("update games set created_at = '2025-03-08T20:00:00+00:00', updated_at = '2025-03-08T20:00:00+00:00'")
    assert [g["id"] for g in store.list_games(db, ["z", "a", "m"])] == ["a", "z", "m"]


def test_the_stamp_of_a_game_is_its_version_and_last_change(db):
    new_game(db)
    assert store.get_stamp(db, "g1") == (0, store.get_game(db, "g1")["created_at"])
    db.execute("update games set updated_at = '2030-01-01T00:00:00+00:00' where id = 'g1'")
    store.add_hand(db, "g1", SIDES)
    version, updated_at = store.get_stamp(db, "g1")
    assert version == 1 and updated_at != "2030-01-01T00:00:00+00:00"
    assert store.get_stamp(db, "nope") is None
