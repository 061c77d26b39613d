"""The tables API (API.md "Tables"): status by status, the seats' views, no leak of a hidden card, idempotency."""

import json
import random
import threading

import pytest

from scorekeeper.games import table_computers, tables
from scorekeeper.store import sqlite

from ..tables_helpers import BASE, bearer, keys_of, known_seeds, open_table, pick, read, send, table_app  # noqa: F401

FOUR = ["Ann", "Bob", "Cy", "Di"]


@pytest.fixture
def app(tmp_path):
    return table_app(tmp_path)


@pytest.fixture
def client(app):
    return app.test_client()


def server_table(app, table_id):
    """The table as the server holds it (every card): what the tests compare the answers with."""
    db = sqlite.connect(app.config["DATABASE"])
    try:
        return tables.load(db, table_id)
    finally:
        db.close()


# --- opening ----------------------------------------------------------------------------------------------


def test_a_new_table_answers_its_keys_once_and_deals_at_once(client, known_seeds):
    response = client.post(BASE, json={"rules": "classic", "options": {}, "names": FOUR,
                                       "computer": {"1": "normal", "3": "easy"}})
    assert response.status_code == 201
    opened = response.get_json()
    assert response.headers["Location"] == f"{BASE}/{opened['id']}"
    assert response.headers["Cache-Control"] == "no-store"
    assert opened["version"] == 1 and len(opened["id"]) >= 22
    assert [(seat["seat"], seat["name"], seat["player"]) for seat in opened["seats"]] == [
        (0, "Ann", "person"), (1, "Bob", "computer"), (2, "Cy", "person"), (3, "Di", "computer")]
    assert opened["seats"][1]["level"] == "normal" and "key" not in opened["seats"][1]
    keys = keys_of(opened)
    assert set(keys) == {0, 2} and len(set(keys.values()) | {opened["host_key"]}) == 3
    assert opened["seats"][0]["invite_url"] == f"/tables/{opened['id']}/join?key={keys[0]}"
    game = client.get(f"/api/v1/games/{opened['game_id']}").get_json()
    assert game["names"] == ["Ann and Cy", "Bob and Di"] and game["seats"] == ["Di", "Ann", "Bob", "Cy"]
    assert game["hands"] == [] and opened["game_url"] == f"/games/{opened['game_id']}"
    seen = read(client, opened["id"], keys[0])
    assert seen["deal"] == 1 and seen["dealer"] == 3 and seen["to_move"] == 0
    assert known_seeds == ["test-seed-1"]
    for body in (response.get_data(as_text=True), json.dumps(read(client, opened["id"], opened["host_key"]))):
        assert "test-seed-1" not in body


@pytest.mark.parametrize(("body", "field"), [
    pytest.param({"rules": "canasta"}, "rules", id="unknown-rules"),
    pytest.param({"rules": "classic", "names": ["Ann", "Bob"]}, "names", id="a-name-per-seat"),
    pytest.param({"rules": "classic", "names": ["Ann", "Ann", "Cy", "Di"]}, "names", id="names-differ"),
    pytest.param({"rules": "classic", "computer": {"4": "normal"}}, "computer.4", id="no-such-seat"),
    pytest.param({"rules": "classic", "computer": {"1": "genius"}}, "computer.1", id="no-such-level"),
    pytest.param({"rules": "classic", "computer": ["1"]}, "computer", id="computer-not-an-object"),
    pytest.param({"rules": "classic", "computer": {str(seat): "easy" for seat in range(4)}}, "computer",
                 id="a-person-at-least"),
    pytest.param({"rules": "classic", "options": {"target": 12}}, "options.target", id="option-out-of-range"),
    pytest.param({"rules": "classic", "seed": 42}, "seed", id="no-seed-from-outside"),
    pytest.param({"rules": "classic", "computer": {"\u00b2": "easy"}}, "computer.\u00b2", id="a-digit-that-is-no-number"),
    pytest.param({"rules": ["classic"]}, "rules", id="rules-unhashable"),
    pytest.param({"rules": "classic", "options": {"target": 12}, "names": ["Ann"]}, "names",
                 id="every-problem-at-once"),
])
def test_a_table_that_cannot_be_opened_answers_422_and_opens_nothing(app, client, body, field):
    response = client.post(BASE, json=body)
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert field in {error["field"] for error in errors}, errors
    assert all(error["message"] for error in errors)
    db = sqlite.connect(app.config["DATABASE"])
    assert db["tables"].count == 0 and db["games"].count == 0
    db.close()


def test_a_new_table_repeated_with_its_idempotency_key_answers_the_same_keys(app, client):
    key = "0f8fad5b-d9cb-469f-a165-70867728950e"
    first = client.post(BASE, json={"rules": "classic-2p"}, headers={"Idempotency-Key": key})
    again = client.post(BASE, json={"rules": "classic-2p"}, headers={"Idempotency-Key": key})
    assert first.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first.get_json()
    db = sqlite.connect(app.config["DATABASE"])
    assert db["tables"].count == 1
    db.close()
    short = client.post(BASE, json={"rules": "classic-2p"}, headers={"Idempotency-Key": "table-1"})
    assert short.status_code == 422 and short.get_json()["errors"][0]["field"] == "Idempotency-Key"


# --- reading ------------------------------------------------------------------------------------------------


def test_each_key_reads_its_own_seat_and_no_key_reads_as_a_spectator(app, client, known_seeds):
    opened = open_table(client, names=FOUR)
    keys, table_id = keys_of(opened), opened["id"]
    held = server_table(app, table_id).position.hands
    for seat, key in keys.items():
        seen = read(client, table_id, key)
        assert seen["seat"] == seat
        hands = seen["position"]["hands"]
        assert hands[seat] == " ".join(card.code for card in held[seat])
        assert [hand for other, hand in enumerate(hands) if other != seat] == [11, 11, 11]
        assert isinstance(seen["position"]["stock"], int)
        assert seen["moves"] == ([{"kind": "draw"}] if seat == 0 else []) or seat == 0
    for key in (None, opened["host_key"]):
        spectator = read(client, table_id, key)
        assert spectator["seat"] is None and spectator["moves"] == []
        assert spectator["position"]["hands"] == [11, 11, 11, 11]


@pytest.mark.parametrize(("path", "key", "status"), [
    pytest.param("{id}", "a-wrong-key", 403, id="wrong-key"),
    pytest.param("no-such-table", None, 404, id="unknown-table"),
    pytest.param("no-such-table", "a-wrong-key", 404, id="unknown-table-with-a-key"),
])
def test_a_wrong_key_answers_403_and_an_unknown_table_404(client, path, key, status):
    opened = open_table(client)
    response = client.get(f"{BASE}/{path.format(id=opened['id'])}", headers=bearer(key))
    assert response.status_code == status
    assert response.get_json()["errors"][0]["message"]


# --- moves ------------------------------------------------------------------------------------------------------


def test_a_move_is_made_and_answered_with_the_table_as_it_stands(client, known_seeds):
    opened = open_table(client, names=FOUR)
    keys = keys_of(opened)
    response = send(client, opened["id"], keys[0], {"kind": "draw"}, expected_version=1)
    assert response.status_code == 200
    answer = response.get_json()
    assert answer["allowed"] is True and answer["reasons"] == [] and answer["version"] == 2
    assert answer["table"]["version"] == 2 and answer["table"]["seat"] == 0
    assert answer["table"]["position"]["step"] == "play"
    assert len(answer["table"]["position"]["hands"][0].split()) == 12
    assert answer["table"]["last_moves"] == [
        {"number": 1, "version": 1, "seat": 0, "by": "person", "move": {"kind": "draw"}}]


def test_a_move_out_of_turn_is_refused_in_the_readers_words_and_changes_nothing(client):
    opened = open_table(client, names=FOUR)
    keys = keys_of(opened)
    response = send(client, opened["id"], keys[2], {"kind": "draw"})
    assert response.status_code == 200
    answer = response.get_json()
    assert answer["allowed"] is False and answer["version"] == 1
    assert answer["reasons"] == ["It is Ann's move, not yours: wait for your turn."]
    assert answer["refusals"][0]["code"] == "not_your_turn"
    assert answer["refusals"][0]["params"] == {"to_move": 0, "seat": 2, "name": "Ann"}
    assert read(client, opened["id"])["version"] == 1


def test_a_move_the_referee_refuses_says_why_and_changes_nothing(client):
    opened = open_table(client)
    keys = keys_of(opened)
    answer = send(client, opened["id"], keys[0], {"kind": "discard", "card": "K"}).get_json()
    assert answer["allowed"] is False
    assert answer["reasons"] == ["First draw from the stock or take the pile."]
    assert answer["refusals"][0]["code"] == "draw_first"
    assert read(client, opened["id"])["version"] == 1


@pytest.mark.parametrize(("body", "status", "field"), [
    pytest.param({"move": {"kind": "fold"}}, 422, "move.kind", id="unknown-kind"),
    pytest.param({"move": {"kind": ["draw"]}}, 422, "move.kind", id="unhashable-kind"),
    pytest.param({"move": {"kind": {"a": 1}}}, 422, "move.kind", id="object-kind"),
    pytest.param({"move": {"kind": "discard", "card": "KX"}}, 422, "move.card", id="card-that-is-no-card"),
    pytest.param({"move": "draw"}, 422, "move", id="move-not-an-object"),
    pytest.param({}, 422, "move", id="no-move"),
    pytest.param({"move": {"kind": "draw"}, "expected_version": "1"}, 422, "expected_version", id="version-as-text"),
    pytest.param({"move": {"kind": "draw"}, "expected_version": True}, 422, "expected_version", id="version-bool"),
    pytest.param({"move": {"kind": "draw"}, "seat": 2}, 422, "seat", id="unknown-field"),
    pytest.param({"move": {"kind": "next_deal", "deal": 3}}, 422, "move.deal", id="next-deal-field"),
])
def test_a_move_that_cannot_be_read_answers_422_and_changes_nothing(client, body, status, field):
    opened = open_table(client)
    response = client.post(f"{BASE}/{opened['id']}/moves", json=body, headers=bearer(keys_of(opened)[0]))
    assert response.status_code == status, response.get_json()
    assert field in {error["field"] for error in response.get_json()["errors"]}
    assert read(client, opened["id"])["version"] == 1


@pytest.mark.parametrize(("key", "field_start"), [
    pytest.param(None, "A move needs", id="no-key"),
    pytest.param("a-wrong-key", "This key opens no seat", id="wrong-key"),
    pytest.param("host", "Only a seat's key", id="host-key"),
])
def test_a_move_without_a_seats_key_answers_403_and_changes_nothing(client, key, field_start):
    opened = open_table(client)
    key = opened["host_key"] if key == "host" else key
    response = send(client, opened["id"], key, {"kind": "draw"})
    assert response.status_code == 403
    assert response.get_json()["errors"][0]["message"].startswith(field_start)
    assert read(client, opened["id"])["version"] == 1


def test_a_body_that_is_no_json_object_answers_400(client):
    opened = open_table(client)
    response = client.post(f"{BASE}/{opened['id']}/moves", data="[1]", content_type="application/json",
                           headers=bearer(keys_of(opened)[0]))
    assert response.status_code == 400 and response.get_json()["errors"]


def test_a_stale_expected_version_answers_409_and_changes_nothing(client):
    opened = open_table(client)
    keys = keys_of(opened)
    assert send(client, opened["id"], keys[0], {"kind": "draw"}, expected_version=1).get_json()["allowed"]
    response = send(client, opened["id"], keys[0], {"kind": "discard", "card": "K"}, expected_version=1)
    assert response.status_code == 409
    assert response.get_json()["errors"][0]["field"] == "expected_version"
    assert read(client, opened["id"])["version"] == 2


def test_a_repeated_idempotency_key_answers_the_first_answer_and_moves_once(client):
    opened = open_table(client)
    keys = keys_of(opened)
    headers = {"Idempotency-Key": "draw-1"}
    first = send(client, opened["id"], keys[0], {"kind": "draw"}, 1, headers)
    again = send(client, opened["id"], keys[0], {"kind": "draw"}, 1, headers)
    assert first.status_code == again.status_code == 200
    assert again.headers["Idempotent-Replayed"] == "true"
    assert {k: v for k, v in again.get_json().items() if k != "table"} == \
        {k: v for k, v in first.get_json().items() if k != "table"} == \
        {"allowed": True, "reasons": [], "refusals": [], "version": 2}
    assert read(client, opened["id"])["version"] == 2
    other = send(client, opened["id"], keys[0], {"kind": "end_deal"}, 2, headers)
    assert other.status_code == 422 and other.get_json()["errors"][0]["field"] == "Idempotency-Key"
    # The key is the seat's own: another seat may use the same key for its move.
    elsewhere = send(client, opened["id"], keys[1], {"kind": "draw"}, 2, headers)
    assert elsewhere.status_code == 200 and "Idempotent-Replayed" not in elsewhere.headers


def test_two_phones_dealing_the_next_deal_at_once_deal_it_once(tmp_path, known_seeds):
    app = table_app(tmp_path)
    client = app.test_client()
    opened = open_table(client, rules="classic-2p")
    keys, table_id = keys_of(opened), opened["id"]
    version = play_out(client, table_id, keys, random.Random(3))["version"]
    answers = {}
    start = threading.Barrier(2)

    def phone(seat):
        own = app.test_client()
        start.wait()
        answers[seat] = send(own, table_id, keys[seat], {"kind": "next_deal"}, version)

    phones = [threading.Thread(target=phone, args=(seat,)) for seat in (0, 1)]
    for thread in phones:
        thread.start()
    for thread in phones:
        thread.join()
    assert sorted(answer.status_code for answer in answers.values()) == [200, 409]
    made = next(answer for answer in answers.values() if answer.status_code == 200).get_json()
    assert made["allowed"] is True and made["version"] == version + 1
    seen = read(client, table_id)
    assert seen["deal"] == 2 and seen["version"] == version + 1


def test_two_phones_moving_on_one_version_make_one_move(tmp_path):
    app = table_app(tmp_path)
    client = app.test_client()
    opened = open_table(client, rules="classic-2p")
    keys, table_id = keys_of(opened), opened["id"]
    answers = []
    start = threading.Barrier(2)

    def phone():
        own = app.test_client()
        start.wait()
        answers.append(send(own, table_id, keys[0], {"kind": "draw"}, 1))

    phones = [threading.Thread(target=phone) for _ in range(2)]
    for thread in phones:
        thread.start()
    for thread in phones:
        thread.join()
    assert sorted(answer.status_code for answer in answers) == [200, 409]
    assert read(client, table_id)["version"] == 2


# --- whole deals -------------------------------------------------------------------------------------------------


def play_out(client, table_id, keys, chance, check=None):
    """Play the deal to its end through the API, every move chosen from the mover's listed moves; return the last view.

    ``check(view, seat, body=None)`` is called with every answer (``seat`` None: a spectator's).
    """
    seen = read(client, table_id)
    for _ in range(3000):
        if check:
            check(read(client, table_id), None)
        if seen["over"]:
            return seen
        seat = seen["to_move"]
        mine = seen if seen["seat"] == seat and seen["moves"] else read(client, table_id, keys[seat])
        if check:
            for other, key in keys.items():
                check(mine if other == seat else read(client, table_id, key), other)
        response = send(client, table_id, keys[seat], pick(mine["moves"], chance), mine["version"])
        assert response.status_code == 200 and response.get_json()["allowed"], response.get_json()
        seen = response.get_json()["table"]
        if check:
            check(seen, seat, response.get_data(as_text=True))
    raise AssertionError("the deal did not end")


def test_a_whole_deal_sends_no_seat_another_seats_cards_nor_the_stock(app, client, known_seeds):
    opened = open_table(client, names=FOUR)
    keys, table_id = keys_of(opened), opened["id"]
    checked = []

    def check(seen, seat, body=None):
        body = body or json.dumps(seen)
        held = server_table(app, table_id)
        position = held.position
        assert held.row["seed"] not in body
        hands = seen["position"]["hands"]
        for other in range(4):
            cards = position.hands[held.engine_seat(other)]
            if other == seat:
                assert hands[other] == " ".join(card.code for card in cards)
            else:
                assert hands[other] == len(cards)
                if len(cards) >= 3:
                    assert " ".join(card.code for card in cards) not in body
        assert seen["position"]["stock"] == len(position.stock)
        if len(position.stock) >= 3:
            assert " ".join(card.code for card in position.stock) not in body
            assert " ".join(card.code for card in position.stock[-3:]) not in body
        checked.append(seat)

    last = play_out(client, table_id, keys, random.Random(7), check)
    assert last["over"] and last["to_move"] is None
    assert set(checked) == {None, 0, 1, 2, 3} and len(checked) > 100
    # After the deal, the other hands stay counts.
    assert all(isinstance(hand, int) for hand in read(client, table_id, keys[0])["position"]["hands"][1:])


def engine_hand_scores(table):
    """The hand scores per scorer of the ended deal, as the engine scores it, in the table's (the game's) order."""
    from scorekeeper.canasta.play import score

    scored = score(table.position)["scorers"]
    count = len(scored)
    turned = [None] * count
    for side, scorer in enumerate(scored):
        turned[(side + table.shift) % count] = scorer["hand_score"]
    return turned


def test_a_finished_deal_is_scored_into_the_game_and_the_next_deal_passes_to_the_left(app, client, known_seeds):
    opened = open_table(client, names=FOUR, computer={"1": "easy", "3": "easy"})
    keys, table_id = keys_of(opened), opened["id"]
    last = play_out(client, table_id, keys, random.Random(11))
    first_scores = engine_hand_scores(server_table(app, table_id))
    game = client.get(f"/api/v1/games/{opened['game_id']}").get_json()
    assert [hand["number"] for hand in game["hands"]] == [1]
    assert game["hands"][0]["scores"] == first_scores == last["deal_score"]["scores"]
    assert game["hands"][0]["dealer"] == "Di"
    assert last["next_deal"] is True
    refused = send(client, table_id, keys[0], {"kind": "draw"}).get_json()
    assert refused["allowed"] is False and refused["refusals"][0]["code"] == "deal_over"
    dealt = send(client, table_id, keys[2], {"kind": "next_deal"}, last["version"]).get_json()
    assert dealt["allowed"] is True and dealt["version"] == last["version"] + 1
    second = read(client, table_id, keys[0])
    assert second["deal"] == 2 and second["dealer"] == 0 and second["totals"] == first_scores
    assert second["position"]["totals_before"] == first_scores
    # Seat 1 (a computer) plays first in deal 2; the computers have moved until a person is to move.
    assert second["to_move"] in (0, 2)
    assert second["last_moves"][0]["seat"] == 1 and second["last_moves"][0]["by"] == "computer"
    assert known_seeds == ["test-seed-1", "test-seed-2"]
    again = send(client, table_id, keys[0], {"kind": "next_deal"}).get_json()
    assert again["allowed"] is False and again["refusals"][0]["code"] == "deal_not_over"
    last = play_out(client, table_id, keys, random.Random(12))
    game = client.get(f"/api/v1/games/{opened['game_id']}").get_json()
    assert game["hands"][1]["scores"] == engine_hand_scores(server_table(app, table_id))
    assert game["hands"][1]["dealer"] == "Ann"


def test_a_three_player_deal_is_scored_with_its_members_turned_to_the_tables_seats(app, client, known_seeds):
    opened = open_table(client, rules="classic-3p", names=["Ann", "Bob", "Cy"], computer={"2": "easy"})
    keys, table_id = keys_of(opened), opened["id"]
    last = play_out(client, table_id, keys, random.Random(5))
    send(client, table_id, keys[0], {"kind": "next_deal"}, last["version"])
    last = play_out(client, table_id, keys, random.Random(6))
    held = server_table(app, table_id)
    assert held.shift == 1
    game = client.get(f"/api/v1/games/{opened['game_id']}").get_json()
    assert game["hands"][1]["scores"] == engine_hand_scores(held) == last["deal_score"]["scores"]


# --- computers ---------------------------------------------------------------------------------------------------


def test_computers_move_by_themselves_until_a_person_is_to_move(client, known_seeds):
    opened = open_table(client, names=FOUR, computer={"1": "normal", "2": "easy", "3": "hard"})
    keys = keys_of(opened)
    mine = read(client, opened["id"], keys[0])
    draw = send(client, opened["id"], keys[0], {"kind": "draw"}, mine["version"]).get_json()
    discard = next(move for move in draw["table"]["moves"] if move["kind"] == "discard")
    answer = send(client, opened["id"], keys[0], discard, draw["version"]).get_json()
    table = answer["table"]
    assert table["to_move"] == 0 or table["over"]
    assert table["version"] > answer["version"]
    computers = [move for move in table["last_moves"] if move["by"] == "computer"]
    assert {move["seat"] for move in computers} == {1, 2, 3}
    assert all(move["version"] == move["number"] for move in table["last_moves"])  # one version per move
    # A computer's reason tells of its hand: only its own side reads it (seat 2 is seat 0's partner).
    assert [move["seat"] for move in table["last_moves"] if "reason" in move] == \
        [move["seat"] for move in computers if move["seat"] == 2]


def test_computers_pace_their_moves_and_a_read_catches_up_after_a_lost_worker(tmp_path, monkeypatch):
    app = table_app(tmp_path, TABLES_COMPUTER_DELAY=5)
    client = app.test_client()
    now = [1_000_000.0]
    monkeypatch.setattr(tables, "clock", lambda: now[0])
    opened = open_table(client, rules="classic-2p", computer={"1": "easy"})
    keys = keys_of(opened)
    drawn = send(client, opened["id"], keys[0], {"kind": "draw"}, 1).get_json()
    discard = next(move for move in drawn["table"]["moves"] if move["kind"] == "discard")
    answer = send(client, opened["id"], keys[0], discard, 2).get_json()
    assert answer["table"]["version"] == 3 and answer["table"]["to_move"] == 1
    now[0] += 4.9
    assert read(client, opened["id"])["version"] == 3  # not yet: the computer waits its pace
    now[0] += 0.2
    seen = read(client, opened["id"])
    assert seen["version"] == 4 and seen["last_moves"][-1]["by"] == "computer"
    assert seen["to_move"] == 1  # one move a pace: the computer has drawn, its discard comes next
    for _ in range(10):  # the computer's turn goes on one move a pace until the person is to move
        now[0] += 5.1
        after = read(client, opened["id"])
        assert after["version"] == seen["version"] + 1
        seen = after
        if seen["to_move"] == 0:
            break
    assert seen["to_move"] == 0 and seen["last_moves"][-1]["move"]["kind"] == "discard"


def test_a_workers_driver_thread_plays_the_computers_without_any_request(tmp_path):
    app = table_app(tmp_path, TABLES_COMPUTER_DELAY=0.01, TABLES_COMPUTER_THREADS=True)
    client = app.test_client()
    opened = open_table(client, computer={"1": "easy", "2": "easy", "3": "easy"})
    keys = keys_of(opened)
    drawn = send(client, opened["id"], keys[0], {"kind": "draw"}, 1).get_json()
    discard = next(move for move in drawn["table"]["moves"] if move["kind"] == "discard")
    send(client, opened["id"], keys[0], discard, 2)
    db = sqlite.connect(app.config["DATABASE"])
    try:
        for _ in range(1000):
            table = tables.load(db, opened["id"])
            if table.to_move == 0 or table.position.over:
                break
            threading.Event().wait(0.01)
        assert table.to_move == 0 or table.position.over
        assert table.version >= 6
        changes = [row["version"] for row in db.query(
            "select version from table_changes where table_id = ? order by id", [opened["id"]])]
        assert changes == list(range(1, table.version + 1))
    finally:
        db.close()
    assert not table_computers.driving(opened["id"]) or threading.Event().wait(0.5) or not table_computers.driving(opened["id"])


# --- the host ------------------------------------------------------------------------------------------------------


def test_the_host_gives_a_seat_a_new_key_and_the_old_one_stops_opening_it(client):
    opened = open_table(client)
    old = keys_of(opened)[2]
    response = client.post(f"{BASE}/{opened['id']}/seats/2/key", headers=bearer(opened["host_key"]))
    assert response.status_code == 200
    answer = response.get_json()
    assert answer["seat"] == 2 and answer["key"] != old and answer["version"] == 2
    assert answer["invite_url"].endswith(answer["key"])
    assert client.get(f"{BASE}/{opened['id']}", headers=bearer(old)).status_code == 403
    assert read(client, opened["id"], answer["key"])["seat"] == 2


def test_the_host_hands_a_seat_to_the_computer_and_back(client):
    opened = open_table(client)
    keys = keys_of(opened)
    host = bearer(opened["host_key"])
    to_computer = client.put(f"{BASE}/{opened['id']}/seats/0", json={"player": "computer", "level": "easy"},
                             headers=host)
    assert to_computer.status_code == 200 and to_computer.get_json()["player"] == "computer"
    assert "key" not in to_computer.get_json()
    seen = read(client, opened["id"])
    assert seen["seats"][0] == {"seat": 0, "name": "Player 1", "player": "computer", "level": "easy", "away": False,
                                "stand_in": False}
    assert seen["last_moves"][0]["seat"] == 0 and seen["last_moves"][0]["by"] == "computer"
    assert client.get(f"{BASE}/{opened['id']}", headers=bearer(keys[0])).status_code == 403
    back = client.put(f"{BASE}/{opened['id']}/seats/0", json={"player": "person"}, headers=host).get_json()
    assert back["player"] == "person" and read(client, opened["id"], back["key"])["seat"] == 0


@pytest.mark.parametrize(("method", "path", "body", "status"), [
    pytest.param("put", "seats/0", {"player": "robot"}, 422, id="no-such-player"),
    pytest.param("put", "seats/0", {"player": "computer", "level": "genius"}, 422, id="no-such-level"),
    pytest.param("put", "seats/0", {"player": "person", "level": "easy"}, 422, id="a-person-has-no-level"),
    pytest.param("put", "seats/9", {"player": "person"}, 404, id="no-such-seat"),
    pytest.param("post", "seats/9/key", None, 404, id="no-such-seat-key"),
])
def test_the_hosts_requests_that_cannot_be_made_answer_4xx(client, method, path, body, status):
    opened = open_table(client)
    response = getattr(client, method)(f"{BASE}/{opened['id']}/{path}", json=body, headers=bearer(opened["host_key"]))
    assert response.status_code == status and response.get_json()["errors"]
    assert read(client, opened["id"])["version"] == 1


def test_the_last_person_seat_cannot_be_handed_to_the_computer(client):
    opened = open_table(client, rules="classic-2p", computer={"1": "easy"})
    response = client.put(f"{BASE}/{opened['id']}/seats/0", json={"player": "computer"},
                          headers=bearer(opened["host_key"]))
    assert response.status_code == 422


@pytest.mark.parametrize("key", [None, "seat", "wrong"], ids=["no-key", "a-seats-key", "wrong-key"])
def test_only_the_hosts_key_manages_the_table(client, key):
    opened = open_table(client)
    key = keys_of(opened)[0] if key == "seat" else ("not-the-host" if key == "wrong" else None)
    for method, path in (("post", "seats/2/key"), ("put", "seats/2"), ("post", "end")):
        response = getattr(client, method)(f"{BASE}/{opened['id']}/{path}", json={"player": "computer"},
                                           headers=bearer(key))
        assert response.status_code == 403, (method, path)
    assert read(client, opened["id"])["version"] == 1


def test_an_ended_table_refuses_every_move(client):
    opened = open_table(client)
    response = client.post(f"{BASE}/{opened['id']}/end", headers=bearer(opened["host_key"]))
    assert response.status_code == 200 and response.get_json()["ended"] is True
    answer = send(client, opened["id"], keys_of(opened)[0], {"kind": "draw"}).get_json()
    assert answer["allowed"] is False and answer["reasons"] == ["The host ended this table: no move can follow."]
    seen = read(client, opened["id"])
    assert seen["ended"] is True and seen["to_move"] is None


def test_opening_tables_is_rate_limited(tmp_path):
    app = table_app(tmp_path, RATELIMIT_ENABLED=True, RATELIMIT_TABLES="2 per day")
    client = app.test_client()
    statuses = [client.post(BASE, json={"rules": "classic"}).status_code for _ in range(3)]
    assert statuses == [201, 201, 429]
    refused = client.post(BASE, json={"rules": "classic"})
    assert refused.headers["Retry-After"] and "new tables" in refused.get_json()["errors"][0]["message"]


@pytest.mark.parametrize("rules", ["classic", "classic-2p", "classic-3p", "classic-6p", "classic-6p-3teams", "modern"])
def test_every_rule_set_plays_two_deals_scored_in_the_games_order(app, client, known_seeds, rules):
    players = {"classic-2p": 2, "classic-3p": 3, "classic-6p": 6, "classic-6p-3teams": 6}.get(rules, 4)
    opened = open_table(client, rules=rules, computer={str(seat): "easy" for seat in range(1, players)})
    keys, table_id = keys_of(opened), opened["id"]
    chance = random.Random(rules)
    for number in (1, 2):
        last = play_out(client, table_id, keys, chance)
        held = server_table(app, table_id)
        assert held.shift == number - 1 and last["dealer"] == (number - 2) % players
        game = client.get(f"/api/v1/games/{opened['game_id']}").get_json()
        assert game["hands"][-1]["scores"] == engine_hand_scores(held) == last["deal_score"]["scores"]
        assert game["totals"] == last["deal_score"]["totals"]
        if number == 1:
            assert send(client, table_id, keys[0], {"kind": "next_deal"}, last["version"]).get_json()["allowed"]


def test_each_next_deal_counts_against_the_tables_limit(tmp_path, known_seeds):
    app = table_app(tmp_path, RATELIMIT_ENABLED=True, RATELIMIT_TABLES="1 per day")
    client = app.test_client()
    opened = open_table(client, rules="classic-2p", computer={"1": "easy"})
    last = play_out(client, opened["id"], keys_of(opened), random.Random(2))
    refused = send(client, opened["id"], keys_of(opened)[0], {"kind": "next_deal"}, last["version"])
    assert refused.status_code == 429 and "deals" in refused.get_json()["errors"][0]["message"]
    assert read(client, opened["id"])["deal"] == 1
