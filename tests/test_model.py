"""A stored game read back with its score from the engine."""

import json

from scorekeeper import db as store
from scorekeeper.model import load_game

WORKED_EXAMPLE = [
    {"melded_points": 120, "hand_points": 15, "mixed_canastas": 1, "red_threes": 1, "going_out": "out"},
    {"melded_points": 0, "hand_points": 95, "red_threes": 2},
]


def make_game(db, **overrides):
    fields = dict(game_id="g", edit_key_hash="h", rules="classic", options={}, names=["Ann & Bob", "Cy & Di"],
                  seats=["Ann", "Cy", "Bob", "Di"], start_totals=[2340, 1910])
    fields.update(overrides)
    store.create_game(db, **fields)


def test_game_is_scored_from_its_hands_and_carried_totals(db):
    make_game(db)
    store.add_hand(db, "g", WORKED_EXAMPLE)
    game = load_game(db, "g")
    assert game.score.hands[0].scores == (605, -295)
    assert game.score.totals == (2945, 1615)
    assert game.score.next_minimum == (90, 90)
    assert game.problems == []


def test_next_dealer_rotates_left(db):
    make_game(db)
    assert load_game(db, "g").next_dealer == "Ann"
    store.add_hand(db, "g", WORKED_EXAMPLE)
    game = load_game(db, "g")
    assert game.next_dealer == "Cy"
    assert game.dealer_of(1) == "Ann"


def test_unknown_game_is_none(db):
    assert load_game(db, "missing") is None


def test_a_stored_hand_the_engine_now_refuses_is_reported_not_fatal(db):
    make_game(db, start_totals=[0, 0])
    store.add_hand(db, "g", WORKED_EXAMPLE)
    store.add_hand(db, "g", WORKED_EXAMPLE)
    # A hand written behind the app's back: going out with no canasta.
    bad = [{"melded_points": 50, "going_out": "out"}, {}]
    db.execute("update hands set sides = ? where id = (select max(id) from hands)", [json.dumps(bad)])
    game = load_game(db, "g")
    assert game.problems and game.problems[0].field.startswith("hands[1]")
    assert game.score.totals == (605, -295)  # the hands before the bad one
