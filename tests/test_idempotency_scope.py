"""Issue 12, findings 2 and 4: an Idempotency-Key never hands over another caller's game or edit key,
and kept answers don't fill the disk.

On a real gunicorn on loopback (port 0, stopped by its PID). Before: a second
client sending the same short key (``game-1``) and body got the first client's
game and edit key; whoever held a withdrawn edit key and replayed the owner's
Idempotency-Key got the new key; 500 keyed hands left a 50 MB database.
"""

import http.client
import json
import sqlite3
import uuid
from urllib.parse import urlsplit

import pytest

from .helpers import WORKED
from .servers import start_gunicorn

pytestmark = pytest.mark.slow

NEW_GAME = {"rules": "classic", "names": ["Us", "Them"], "options": {"target": 100000}}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    server = start_gunicorn(tmp_path_factory.mktemp("keys") / "keys.db", workers=2)
    yield server
    server.stop()


class Caller:
    """One client with its own connection (kept alive)."""

    def __init__(self, server):
        parts = urlsplit(server.url)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)

    def send(self, method, path, body=None, headers=None):
        data = json.dumps(body).encode() if body is not None else None
        self.connection.request(method, path, body=data,
                                headers={"Content-Type": "application/json", **(headers or {})})
        response = self.connection.getresponse()
        text = response.read()
        return response.status, json.loads(text) if text else None

    def close(self):
        self.connection.close()


def test_a_short_key_never_hands_one_callers_game_to_another(server):
    first, second = Caller(server), Caller(server)
    try:
        statuses, answers = zip(*(caller.send("POST", "/api/v1/games", NEW_GAME, {"Idempotency-Key": "game-1"})
                                  for caller in (first, second)))
        assert statuses == (422, 422)
        for answer in answers:
            assert [error["field"] for error in answer["errors"]] == ["Idempotency-Key"]
            assert answer["errors"][0]["message"].startswith(
                "For a new game the Idempotency-Key must be random, at least 128 bits")
            assert "edit_key" not in json.dumps(answer)
        # Random keys: each caller gets its own game, and a repeat its own game again.
        mine, theirs = str(uuid.uuid4()), str(uuid.uuid4())
        status, created = first.send("POST", "/api/v1/games", NEW_GAME, {"Idempotency-Key": mine})
        assert status == 201
        status, other = second.send("POST", "/api/v1/games", NEW_GAME, {"Idempotency-Key": theirs})
        assert status == 201 and other["id"] != created["id"] and other["edit_key"] != created["edit_key"]
        status, again = first.send("POST", "/api/v1/games", NEW_GAME, {"Idempotency-Key": mine})
        assert (status, again) == (201, created)
    finally:
        first.close()
        second.close()


def test_a_withdrawn_edit_key_never_obtains_the_new_one(server):
    owner, leak = Caller(server), Caller(server)
    try:
        status, game = owner.send("POST", "/api/v1/games", NEW_GAME)
        assert status == 201
        path, old = f"/api/v1/games/{game['id']}/edit-key", {"Authorization": f"Bearer {game['edit_key']}"}
        # The docs' style of key is refused for a new edit key: nothing changes, the old key still works.
        status, answer = owner.send("POST", path, None, {**old, "Idempotency-Key": "rotate-1"})
        assert status == 422 and [error["field"] for error in answer["errors"]] == ["Idempotency-Key"]
        retry = str(uuid.uuid4())
        status, renewed = owner.send("POST", path, None, {**old, "Idempotency-Key": retry})
        assert status == 200 and renewed["edit_key"] != game["edit_key"]
        # Whoever holds the withdrawn key gets nothing, whatever short key it tries.
        for key in ("rotate-1", "game-1", "1"):
            status, answer = leak.send("POST", path, None, {**old, "Idempotency-Key": key})
            assert status in (403, 422) and renewed["edit_key"] not in json.dumps(answer)
        # The owner's lost answer is still given again to the owner's own random key.
        status, again = owner.send("POST", path, None, {**old, "Idempotency-Key": retry})
        assert (status, again) == (200, renewed)
    finally:
        owner.close()
        leak.close()


def database_sizes(path):
    """Return ``(bytes of the database, bytes of its hands, bytes without the kept answers)``, each vacuumed."""
    connection = sqlite3.connect(path)
    try:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        connection.execute("VACUUM")
        total = connection.execute("select page_count * page_size from pragma_page_count, pragma_page_size").fetchone()[0]
        hands = connection.execute("select sum(length(sides) + length(entry)) from hands").fetchone()[0]
        connection.execute("delete from idempotency")
        connection.commit()
        connection.execute("VACUUM")
        without = connection.execute("select page_count * page_size from pragma_page_count, pragma_page_size").fetchone()[0]
        return total, hands, without
    finally:
        connection.close()


def test_five_hundred_keyed_hands_grow_the_database_by_under_a_megabyte(tmp_path):
    database = tmp_path / "growth.db"
    server = start_gunicorn(database, workers=1)
    caller = Caller(server)
    try:
        status, game = caller.send("POST", "/api/v1/games", NEW_GAME)
        auth = {"Authorization": f"Bearer {game['edit_key']}"}
        for number in range(500):
            sides = WORKED if number % 2 else WORKED[::-1]  # turn and turn about: the game never ends
            status, _ = caller.send("POST", f"/api/v1/games/{game['id']}/hands", {"sides": sides},
                                    {**auth, "Idempotency-Key": str(uuid.uuid4())})
            assert status == 201
    finally:
        caller.close()
        server.stop()
    total, hands, without = database_sizes(str(database))
    kept = total - without
    print(f"\n500 keyed hands: database {total / 1e6:.2f} MB, hands {hands / 1e3:.0f} KB, "
          f"kept answers {kept / 1e3:.0f} KB")
    assert kept < 1_000_000
