"""A stored game read back with its score from the engine."""

import json

import pytest

from scorekeeper.store import db as store
from scorekeeper.store import sqlite
from scorekeeper.store import transfer
from scorekeeper.games import read as model
from scorekeeper.store.migrations import migrations
from scorekeeper.games.read import load_game

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


# --- the scored-game cache ---------------------------------------------------------------------


@pytest.fixture
def engine_calls(monkeypatch):
    """Count the engine's whole-game scorings."""
    calls = []
    real = model.score_game

    def counting(*args, **kwargs):
        calls.append(args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(model, "score_game", counting)
    return calls


def test_an_unchanged_game_is_not_scored_again(db, engine_calls):
    make_game(db)
    store.add_hand(db, "g", WORKED_EXAMPLE)
    first = load_game(db, "g")
    again = load_game(db, "g")
    assert again is first
    assert len(engine_calls) == 1
    assert again.score.totals == (2945, 1615)


@pytest.mark.parametrize("change", ["add", "replace", "delete"])
def test_a_change_is_seen_at_once(db, engine_calls, change):
    make_game(db, start_totals=[0, 0])
    store.add_hand(db, "g", WORKED_EXAMPLE)
    assert load_game(db, "g").score.totals == (605, -295)
    if change == "add":
        store.add_hand(db, "g", WORKED_EXAMPLE)
        expected = (1210, -590)
    elif change == "replace":
        store.replace_hand(db, "g", 1, [{"melded_points": 50}, {"melded_points": 20}])
        expected = (50, 20)
    else:
        store.delete_hand(db, "g", 1)
        expected = (0, 0)
    game = load_game(db, "g")
    assert game.score.totals == expected
    assert game.version == 2
    assert len(engine_calls) == 2


def test_another_connection_sees_a_change_made_elsewhere(app, db):
    """A worker's cached game is left behind as soon as another worker changes the game."""
    make_game(db, start_totals=[0, 0])
    worker = sqlite.connect(app.config["DATABASE"])
    try:
        assert load_game(worker, "g").score.totals == (0, 0)
        store.add_hand(db, "g", WORKED_EXAMPLE)
        assert load_game(worker, "g").score.totals == (605, -295)
    finally:
        worker.close()


def test_the_same_game_id_in_two_database_files_is_two_games(tmp_path):
    one, two = sqlite.connect(tmp_path / "one.db"), sqlite.connect(tmp_path / "two.db")
    try:
        for database, start in ((one, [100, 0]), (two, [0, 200])):
            migrations.apply(database)
            make_game(database, start_totals=start)
        assert load_game(one, "g").score.totals == (100, 0)
        assert load_game(two, "g").score.totals == (0, 200)
    finally:
        one.close()
        two.close()


def test_a_read_inside_a_transaction_that_rolls_back_is_never_served(db, engine_calls):
    """The API reads the changed game inside its write transaction; it may still roll back."""
    make_game(db, start_totals=[0, 0])
    with pytest.raises(RuntimeError):
        with sqlite.transaction(db):
            store.add_hand(db, "g", WORKED_EXAMPLE)
            assert load_game(db, "g").score.totals == (605, -295)
            raise RuntimeError("the answer could not be kept")
    store.add_hand(db, "g", [{"melded_points": 50}, {"melded_points": 20}])  # version 1 again, other hand
    assert load_game(db, "g").score.totals == (50, 20)


def test_a_game_imported_over_itself_at_the_same_version_is_read_again(db):
    make_game(db, start_totals=[0, 0])
    store.add_hand(db, "g", WORKED_EXAMPLE)
    assert load_game(db, "g").score.totals == (605, -295)
    exported = transfer.export_game(db, "g")
    exported["hands"][0]["sides"] = [{"melded_points": 50}, {"melded_points": 20}]
    exported["updated_at"] = "2099-01-01T00:00:00+00:00"  # changed elsewhere, still at version 1
    transfer.import_games(db, [exported], replace=True)
    assert load_game(db, "g").score.totals == (50, 20)


def test_a_shared_game_refuses_changes(db):
    make_game(db)
    store.add_hand(db, "g", WORKED_EXAMPLE)
    game = load_game(db, "g")
    attempts = [
        lambda: game.hands.append({}),
        lambda: game.hands[0]["sides"][0].update(melded_points=0),
        lambda: game.hands[0]["sides"].pop(),
        lambda: game.names.__setitem__(0, "Zed"),
        lambda: game.options.setdefault("target", 1),
        lambda: game.start_totals.sort(),
    ]
    for attempt in attempts:
        with pytest.raises(TypeError):
            attempt()
    assert load_game(db, "g").score.totals == (2945, 1615)
    # A copy is a plain, changeable value; JSON reads the shared one as it is.
    names = list(game.names)
    names.append("Ed")
    assert json.loads(json.dumps(game.hands[0]["sides"])) == WORKED_EXAMPLE


def test_the_cache_keeps_only_the_most_recently_used():
    cache = model.LRUCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1  # now the most recent
    cache.put("c", 3)
    assert (cache.get("a"), cache.get("b"), cache.get("c"), len(cache)) == (1, None, 3, 2)


def test_the_game_cache_is_bounded(db, monkeypatch):
    monkeypatch.setattr(model, "_games", model.LRUCache(3))
    for number in range(5):
        make_game(db, game_id=f"g{number}")
        load_game(db, f"g{number}")
    assert len(model._games) == 3
