"""A table's talk: a person away and the computer standing in, the fixed phrases, the nudge (games/table_talk.py)."""

import pytest

from scorekeeper.games import tables
from scorekeeper.store import sqlite

from ..tables_helpers import BASE, bearer, keys_of, known_seeds, now, open_table, read, send, table_app  # noqa: F401


@pytest.fixture
def app(tmp_path, now):
    return table_app(tmp_path, TABLES_AWAY_SECONDS=10, TABLES_NUDGE_AFTER=30, TABLES_SAY_EVERY=3)


@pytest.fixture
def client(app):
    return app.test_client()


def two_people(client):
    opened = open_table(client, rules="classic-2p", names=["Ann", "Bob"])
    return opened["id"], keys_of(opened)


def turn(client, table_id, key):
    """Play the seat's turn: draw, then the first discard listed; return the answer's table."""
    seen = read(client, table_id, key)
    drawn = send(client, table_id, key, {"kind": "draw"}, seen["version"]).get_json()
    assert drawn["allowed"], drawn
    discard = next(move for move in drawn["table"]["moves"] if move["kind"] == "discard")
    answer = send(client, table_id, key, discard, drawn["table"]["version"]).get_json()
    assert answer["allowed"], answer
    return answer["table"]


def post(client, table_id, what, key, body=None):
    return client.post(f"{BASE}/{table_id}/{what}", json=body, headers=bearer(key))


# --- presence ---------------------------------------------------------------------------------------------


def test_a_person_unseen_too_long_is_away_and_the_computer_plays_for_them_until_they_read(app, client, now,
                                                                                          known_seeds):
    table_id, keys = two_people(client)
    read(client, table_id, keys[1])  # Bob has the table open
    played = turn(client, table_id, keys[0])
    assert played["to_move"] == 1 and played["seats"][1]["away"] is False
    now[0] += 10.5  # Bob has not read the table for 10.5 seconds
    seen = read(client, table_id, keys[0])
    assert [(seat["away"], seat["stand_in"]) for seat in seen["seats"]] == [(False, False), (True, True)]
    # The computer played Bob's turn, one version a move, and the table waits on Ann again.
    bobs = [move for move in seen["last_moves"] if move["seat"] == 1]
    assert [move["by"] for move in bobs] and {move["by"] for move in bobs} == {"computer"}
    assert {move.get("stand_in") for move in bobs} == {True}  # played for Bob, not by a computer's seat
    assert not any(move.get("stand_in") for move in seen["last_moves"] if move["seat"] == 0)
    assert bobs[-1]["move"]["kind"] == "discard" and seen["to_move"] == 0
    numbers = [move["version"] for move in seen["last_moves"]]
    assert len(numbers) == len(set(numbers))
    away_version = seen["version"]
    # Bob's phone reads the table: he is back at once, and every phone learns it (the version moves).
    back = read(client, table_id, keys[1])
    assert back["seats"][1] == {"seat": 1, "name": "Bob", "player": "person", "level": None, "away": False,
                                "stand_in": False}
    assert back["version"] == away_version + 1
    played = turn(client, table_id, keys[0])
    now[0] += 5
    seen = read(client, table_id, keys[0])
    assert seen["to_move"] == 1 and seen["version"] == played["version"]  # Bob plays his own turn
    db = sqlite.connect(app.config["DATABASE"])
    try:
        kinds = [row["kind"] for row in db.query(
            "select kind from table_changes where table_id = ? order by id", [table_id])]
    finally:
        db.close()
    assert kinds.count("talk") == 2  # away, then back: neither is a move


def test_a_spectators_read_marks_the_unseen_away_but_is_never_seen(client, now):
    opened = open_table(client, names=["Ann", "Bob", "Cy", "Di"], computer={"1": "easy", "3": "easy"})
    now[0] += 11
    seen = read(client, opened["id"])
    assert [seat["away"] for seat in seen["seats"]] == [True, False, True, False]
    assert seen["version"] > 2  # marked away (one version), then the computer played for Ann and Cy
    again = read(client, opened["id"], opened["host_key"])
    assert [seat["away"] for seat in again["seats"]] == [True, False, True, False]


def test_a_move_sent_by_a_seat_marked_away_brings_it_back_and_is_judged(client, now):
    table_id, keys = two_people(client)
    read(client, table_id, keys[0])
    now[0] += 11
    seen = read(client, table_id)  # a spectator: both seats are away, the computer plays Ann's turn
    assert seen["seats"][0]["away"] and seen["seats"][1]["away"] and seen["last_moves"]
    # Bob moves without reading first: he is back, and his move goes through the referee as any.
    answer = send(client, table_id, keys[1], {"kind": "draw"})
    assert answer.status_code == 200
    after = read(client, table_id, keys[1])
    assert after["seats"][1]["away"] is False


def test_a_stand_ins_move_chosen_before_the_seat_came_back_is_never_stored(app, client, now):
    table_id, keys = two_people(client)
    now[0] += 11
    db = sqlite.connect(app.config["DATABASE"])
    try:
        from scorekeeper.games import table_talk

        table = tables.load(db, table_id)
        assert table_talk.presence(db, table, None, 10)  # both marked away
        stale = tables.load(db, table_id)
        assert stale.computer_to_move() == (0, "normal")
        read(client, table_id, keys[0])  # Ann is back before the stand-in's move is stored
        choice = tables._computer_move(stale.position, stale.position.to_move, "normal")
        from scorekeeper.canasta.play import apply

        after, _ = apply(stale.position, choice.move)
        with pytest.raises(tables.Conflict):
            with sqlite.transaction(db):
                tables.store_moves(db, stale, [{"move": choice.move.as_dict(), "seat": 0, "version": stale.version,
                                                "by": "computer", "reason": None}], after)
        assert tables.load(db, table_id).row["moves"] == []
    finally:
        db.close()


def test_a_read_that_finds_the_table_moved_on_marks_the_seats_away_on_the_table_as_it_is(app, client, now):
    from scorekeeper.games import table_talk

    table_id, keys = two_people(client)
    now[0] += 11
    db = sqlite.connect(app.config["DATABASE"])
    try:
        stale = tables.load(db, table_id)
        assert post(client, table_id, "say", keys[0], {"phrase": "thanks"}).status_code == 200  # version 2
        assert table_talk.presence(db, stale, None, 10)
        table = tables.load(db, table_id)
        assert table.version == 3 and [seat["away"] for seat in table.seats] == [False, True]
    finally:
        db.close()


# --- phrases ----------------------------------------------------------------------------------------------


def test_a_phrase_is_said_to_every_phone_in_its_readers_words_and_moves_the_version(client, now):
    table_id, keys = two_people(client)
    response = post(client, table_id, "say", keys[0], {"phrase": "good_luck"})
    assert response.status_code == 200
    answer = response.get_json()
    assert answer["version"] == 2 and answer["table"]["version"] == 2
    assert read(client, table_id, keys[0])["said"] == [
        {"seat": 0, "phrase": "good_luck", "at_version": 2, "text": "You: Good luck!"}]
    assert read(client, table_id, keys[1])["said"][0]["text"] == "Ann: Good luck!"
    assert read(client, table_id)["said"][0]["text"] == "Ann: Good luck!"
    again = post(client, table_id, "say", keys[0], {"phrase": "thanks"})
    assert again.status_code == 429 and again.headers["Retry-After"] == "3"
    assert "One phrase every 3 seconds" in again.get_json()["errors"][0]["message"]
    assert post(client, table_id, "say", keys[1], {"phrase": "thanks"}).status_code == 200  # another seat may
    now[0] += 3
    assert post(client, table_id, "say", keys[0], {"phrase": "well_played"}).status_code == 200
    said = read(client, table_id, keys[1])["said"]
    assert [item["text"] for item in said] == ["Ann: Good luck!", "You: Thanks!", "Ann: Well played!"]
    assert read(client, table_id)["version"] == 4


@pytest.mark.parametrize(("body", "key", "status", "field"), [
    pytest.param({"phrase": "you are slow"}, 0, 422, "phrase", id="free-text"),
    pytest.param({"phrase": ["oops"]}, 0, 422, "phrase", id="not-a-code"),
    pytest.param({}, 0, 422, "phrase", id="no-phrase"),
    pytest.param({"phrase": "oops", "to": 1}, 0, 422, "to", id="unknown-field"),
    pytest.param({"phrase": "oops"}, None, 403, "Authorization", id="no-key"),
    pytest.param({"phrase": "oops"}, "host", 403, "Authorization", id="host-key"),
    pytest.param({"phrase": "oops"}, "wrong", 403, "Authorization", id="wrong-key"),
])
def test_a_phrase_that_cannot_be_said_answers_4xx_and_changes_nothing(client, body, key, status, field):
    opened = open_table(client, rules="classic-2p")
    key = {"host": opened["host_key"], "wrong": "not-a-key", None: None}.get(key, keys_of(opened).get(key))
    response = post(client, opened["id"], "say", key, body)
    assert response.status_code == status
    assert field in {error["field"] for error in response.get_json()["errors"]}
    if field == "phrase":
        assert "good_luck, well_played" in response.get_json()["errors"][0]["message"]
    seen = read(client, opened["id"])
    assert seen["version"] == 1 and seen["said"] == []


# --- the nudge ----------------------------------------------------------------------------------------------


def test_a_slow_player_is_nudged_once_the_move_is_theirs_for_a_while_and_only_so_often(client, now):
    table_id, keys = two_people(client)
    now[0] += 20
    early = post(client, table_id, "nudge", keys[1])
    assert early.status_code == 429 and early.headers["Retry-After"] == "10"
    assert early.get_json()["errors"][0]["message"].startswith("Ann has had the move for 20 seconds")
    assert post(client, table_id, "say", keys[1], {"phrase": "your_turn"}).status_code == 200  # talk: no new turn
    now[0] += 10.5
    response = post(client, table_id, "nudge", keys[1], {"seat": 0})
    assert response.status_code == 200 and response.get_json()["version"] == 3
    assert read(client, table_id, keys[0])["nudged"] == {
        "seat": 0, "by": 1, "at_version": 3, "text": "Bob nudged you: the table is waiting for your move."}
    assert read(client, table_id, keys[1])["nudged"]["text"] == "You nudged Ann."
    assert read(client, table_id)["nudged"]["text"] == "Bob nudged Ann."
    again = post(client, table_id, "nudge", keys[1])
    assert again.status_code == 429 and "was nudged 0 seconds ago" in again.get_json()["errors"][0]["message"]
    own = post(client, table_id, "nudge", keys[0])
    assert own.status_code == 409 and own.get_json()["errors"][0]["message"].startswith("It is your own move")
    played = turn(client, table_id, keys[0])
    assert played["nudged"] is None and played["to_move"] == 1
    stale = post(client, table_id, "nudge", keys[1], {"seat": 0})
    assert stale.status_code == 409 and "Ann is not to move any more" in stale.get_json()["errors"][0]["message"]


@pytest.mark.parametrize(("computer", "key", "body", "status", "start"), [
    pytest.param({"1": "easy"}, 0, None, 409, "It is your own move", id="own-move"),
    pytest.param({"0": "easy"}, 1, None, 409, "The computer is playing Computer 1's move", id="a-computer"),
    pytest.param({}, 1, {"seat": 7}, 422, "seat is the seat you nudge", id="no-such-seat"),
    pytest.param({}, 1, {"seat": True}, 422, "seat is the seat you nudge", id="seat-bool"),
    pytest.param({}, 1, {"who": 0}, 422, 'A nudge has no field "who"', id="unknown-field"),
    pytest.param({}, None, None, 403, "A nudge needs the seat's key", id="no-key"),
    pytest.param({}, "host", None, 403, "A nudge comes from a seat", id="host-key"),
])
def test_a_nudge_that_makes_no_sense_answers_4xx_and_changes_nothing(tmp_path, now, computer, key, body, status,
                                                                    start):
    # Nobody goes away here, and a computer to move waits its (long) pace: it is to move when nudged.
    client = table_app(tmp_path, TABLES_AWAY_SECONDS=0, TABLES_COMPUTER_DELAY=1000).test_client()
    opened = open_table(client, rules="classic-2p", computer=computer)
    key = opened["host_key"] if key == "host" else keys_of(opened).get(key) if key is not None else None
    now[0] += 100
    response = post(client, opened["id"], "nudge", key, body)
    assert response.status_code == status, response.get_json()
    assert response.get_json()["errors"][0]["message"].startswith(start)
    seen = read(client, opened["id"])
    assert seen["nudged"] is None and seen["version"] == 1
