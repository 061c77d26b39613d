"""A finished deal replayed face up with the coach's lines (games/table_replay.py): only once it has ended."""

import json
import random

import pytest

from scorekeeper.games import tables
from scorekeeper.store import sqlite

from ..tables_helpers import BASE, bearer, keys_of, known_seeds, open_table, read, send, table_app  # noqa: F401
from .test_tables import play_out


@pytest.fixture
def app(tmp_path):
    return table_app(tmp_path)


@pytest.fixture
def client(app):
    return app.test_client()


def held(app, table_id):
    db = sqlite.connect(app.config["DATABASE"])
    try:
        return tables.load(db, table_id)
    finally:
        db.close()


def test_a_deal_is_replayed_face_up_only_once_it_has_ended_and_after_the_next_deal_too(app, client, known_seeds):
    opened = open_table(client, rules="classic-2p", names=["Ann", "Bob"], computer={"1": "easy"})
    table_id, keys = opened["id"], keys_of(opened)
    early = client.get(f"{BASE}/{table_id}/deals/1", headers=bearer(keys[0]))
    assert early.status_code == 409 and early.get_json()["errors"][0]["field"] == "deal"
    assert "hands stay hidden" in early.get_json()["errors"][0]["message"]
    for number in (0, 2):
        assert client.get(f"{BASE}/{table_id}/deals/{number}").status_code == 404
    last = play_out(client, table_id, keys, random.Random(4))
    table = held(app, table_id)
    response = client.get(f"{BASE}/{table_id}/deals/1", headers=bearer(keys[0]))
    assert response.status_code == 200 and response.headers["Cache-Control"] == "no-store"
    replayed = response.get_json()
    assert replayed["deal"] == 1 and replayed["names"] == ["Ann", "Bob"] and replayed["dealer"] == 1
    assert len(replayed["moves"]) == len(table.row["moves"]) > 5
    first = replayed["moves"][0]
    assert first["seat"] == 0 and first["move"] == {"kind": "draw"}
    drawn = table.positions[1].hands[0][-1]
    assert first["line"].startswith("You drew") and first["line"] != "You drew a card."
    assert all(isinstance(hand, str) for hand in replayed["start"]["hands"])  # face up: every hand as cards
    final = replayed["moves"][-1]["position"]
    assert final["hands"] == [" ".join(card.code for card in table.position.hands[seat]) for seat in (0, 1)]
    assert replayed["score"]["scores"] == last["deal_score"]["scores"]
    assert replayed["score"]["totals"] == last["deal_score"]["totals"]
    assert table.row["seed"] not in response.get_data(as_text=True)
    onlooker = client.get(f"{BASE}/{table_id}/deals/1").get_json()
    assert onlooker["moves"][0]["line"].startswith("Ann drew") and drawn.code in json.dumps(onlooker["moves"][0])
    computer = next(move for move in onlooker["moves"] if move["by"] == "computer" and move["move"]["kind"] == "discard")
    assert computer["line"].startswith("Bob discarded") and ": " in computer["line"]  # with the computer's reason
    # The next deal: deal 1 is still replayed, from the deal kept as deal 2 replaced it; deal 2 is not over.
    assert send(client, table_id, keys[0], {"kind": "next_deal"}, last["version"]).get_json()["allowed"]
    again = client.get(f"{BASE}/{table_id}/deals/1", headers=bearer(keys[0]))
    assert again.get_json() == replayed
    playing = client.get(f"{BASE}/{table_id}/deals/2", headers=bearer(keys[0]))
    assert playing.status_code == 409
    assert held(app, table_id).row["seed"] not in playing.get_data(as_text=True)
    assert client.get(f"{BASE}/{table_id}/deals/3").status_code == 404
    assert client.get(f"{BASE}/{table_id}/deals/1", headers=bearer("not-a-key")).status_code == 403
    assert client.get(f"{BASE}/no-such-table/deals/1").status_code == 404


def test_a_deal_the_host_ended_half_way_is_never_shown(client):
    opened = open_table(client, rules="classic-2p")
    send(client, opened["id"], keys_of(opened)[0], {"kind": "draw"})
    client.post(f"{BASE}/{opened['id']}/end", headers=bearer(opened["host_key"]))
    assert read(client, opened["id"])["ended"] is True
    assert client.get(f"{BASE}/{opened['id']}/deals/1").status_code == 409
