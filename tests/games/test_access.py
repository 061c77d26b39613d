"""Game secrets: length, hashing, constant-time checks, keys held by a browser."""

import pytest

from scorekeeper.games import access
from scorekeeper.store import db as store


def test_ids_and_keys_carry_at_least_128_bits():
    ids = {access.new_game_id() for _ in range(200)}
    keys = {access.new_edit_key() for _ in range(200)}
    assert len(ids) == 200 and len(keys) == 200
    # token_urlsafe: 6 bits a character
    assert min(len(i) for i in ids) * 6 >= 128
    assert min(len(k) for k in keys) * 6 >= 128


def test_only_the_right_key_opens_a_game(db):
    key = access.new_edit_key()
    store.create_game(db, game_id="g", edit_key_hash=access.hash_key(key), rules="classic", options={},
                      names=["A", "B"], seats=[], start_totals=[0, 0])
    assert access.key_opens(db, "g", key)
    assert not access.key_opens(db, "g", key + "x")
    assert not access.key_opens(db, "g", "")
    assert not access.key_opens(db, "g", None)
    assert not access.key_opens(db, "other", key)
    assert key not in str(list(db.query("select * from games")))


@pytest.mark.parametrize(
    "header, key",
    [("Bearer abc", "abc"), ("bearer  abc ", "abc"), ("Basic abc", None), ("Bearer ", None), ("", None)],
    ids=["bearer", "case-and-spaces", "other-scheme", "empty-key", "missing"],
)
def test_bearer_key(app, header, key):
    with app.test_request_context(headers={"Authorization": header} if header else {}):
        from flask import request

        assert access.bearer_key(request) == key


def test_browser_remembers_keys_newest_first(app):
    with app.test_request_context():
        access.remember_key("a", "ka")
        access.remember_key("b", "kb")
        access.remember_key("a", "ka")
        assert access.remembered_game_ids() == ["a", "b"]
        assert access.held_key("b") == "kb"
        access.forget_game("b")
        assert access.held_key("b") is None


def test_past_the_limit_the_game_changed_longest_ago_is_forgotten_and_named_before(app, db):
    app.config["REMEMBERED_GAMES_AT_MOST"] = 3
    games = []
    for n, changed in enumerate(["2025-03-01", "2025-01-01", "2025-02-01", "2025-04-01"]):
        key = access.new_edit_key()
        store.create_game(db, game_id=f"g{n}", edit_key_hash=access.hash_key(key), rules="classic", options={},
                          names=["A", "B"], seats=[], start_totals=[0, 0])
        db.execute("update games set updated_at = ? where id = ?", [changed + "T00:00:00+00:00", f"g{n}"])
        games.append((f"g{n}", key))
    db.conn.commit()
    with app.test_request_context():
        for game_id, key in games[:3]:
            assert access.remember_key(game_id, key) == []
        assert access.next_to_forget() == "g1"  # changed longest ago, though not opened longest ago
        assert access.next_to_forget("g0") is None  # kept already: opening it again forgets nothing
        assert access.remember_key(*games[3]) == ["g1"]
        assert access.remembered_game_ids() == ["g3", "g2", "g0"]
        assert access.held_key("g1") is None and access.held_key("g3") == games[3][1]
        assert access.can_edit(db, "g0") and not access.can_edit(db, "g1")


def test_order_survives_the_session_cookie(client, app):
    # Flask's session serializer sorts dict keys; the order must not depend on it.
    with client.session_transaction() as session:
        session["keys"] = {"b": "kb", "a": "ka"}
        session["recent"] = ["b", "a"]
    with client.session_transaction() as session:
        assert session["recent"] == ["b", "a"]
    with app.test_request_context():
        from flask import session as live

        live.update({"keys": {"a": "ka", "b": "kb"}, "recent": ["b", "a"]})
        assert access.remembered_game_ids() == ["b", "a"]
