"""Tables under real gunicorn: computers move with no request, and a kill -9 mid-deal stops nothing for long."""

import json
import time
import urllib.request

from scorekeeper.games import tables
from scorekeeper.store import sqlite

from ..servers import start_gunicorn

PACE = "0.3"  # seconds: a computer's turn (draw, melds, discard) takes about a second


def call(server, method, path, body=None, key=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(server.url + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if key:
        request.add_header("Authorization", f"Bearer {key}")
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def stored(database, table_id):
    db = sqlite.connect(database)
    try:
        table = tables.load(db, table_id)
        versions = [row[0] for row in db.execute(
            "select version from table_changes where table_id = ? order by id", [table_id])]
        return table, versions
    finally:
        db.close()


def test_a_killed_server_loses_no_computer_move_and_the_next_read_plays_on(tmp_path):
    database = tmp_path / "tables.db"
    env = {"SCOREKEEPER_TABLES_COMPUTER_DELAY": PACE}
    server = start_gunicorn(database, workers=2, extra_env=env)
    try:
        opened = call(server, "POST", "/api/v1/tables",
                      {"rules": "classic", "computer": {"1": "easy", "2": "easy", "3": "easy"}})
        key, path = opened["seats"][0]["key"], f"/api/v1/tables/{opened['id']}"
        drawn = call(server, "POST", path + "/moves", {"move": {"kind": "draw"}, "expected_version": 1}, key)
        discard = next(move for move in drawn["table"]["moves"] if move["kind"] == "discard")
        call(server, "POST", path + "/moves", {"move": discard, "expected_version": 2}, key)
        deadline = time.monotonic() + 30
        while stored(database, opened["id"])[0].version < 4 and time.monotonic() < deadline:
            time.sleep(0.02)  # the driver thread makes the computers' moves by itself: no request asks
        server.kill()  # kill -9: the master, the workers and the driver thread with them, mid-turn
    finally:
        server.kill()
    table, versions = stored(database, opened["id"])
    assert 4 <= table.version and table.computer_to_move() is not None, "killed mid-way through the computers"
    assert versions == list(range(1, table.version + 1))
    killed_at = table.version

    server = start_gunicorn(database, workers=2, extra_env=env)
    try:
        time.sleep(float(PACE) * 3)
        assert stored(database, opened["id"])[0].version == killed_at, "nothing moves until the table is read"
        started = time.monotonic()
        seen = call(server, "GET", path, key=key)
        assert seen["version"] == killed_at + 1  # the read made the overdue move, and started a driver
        while seen["to_move"] != 0 and not seen["over"] and time.monotonic() - started < 60:
            time.sleep(0.2)
            seen = call(server, "GET", path, key=key)
        assert seen["to_move"] == 0 or seen["over"]
    finally:
        server.stop()
    table, versions = stored(database, opened["id"])
    assert versions == list(range(1, table.version + 1)), "every version once: no move made twice"
    assert [entry["version"] for entry in table.row["moves"]] == list(range(1, len(table.row["moves"]) + 1))
    assert {entry["seat"] for entry in table.row["moves"][2:]} == {1, 2, 3}
