"""The live stream under real gunicorn, as make run serves it (the ASGI worker): events, caps, cleanup, no leak.

One worker, so that one log tells how many streams the process serves; a heartbeat every 0.3 s, so that a
quiet stream says so soon (a heartbeat after the events a test waits for: nothing else was coming).
"""

import http.client
import json
import random
import re
import socket
from urllib.parse import urlsplit

import pytest

from scorekeeper.games import table_open, tables
from scorekeeper.store import sqlite

from ..servers import start_gunicorn
from ..tables_helpers import known_seeds  # noqa: F401 (a fixture)
from .streams import Stream, call, keys_of, open_table, wait_for_open_streams

pytestmark = pytest.mark.slow

PER_ADDRESS, PER_PROCESS = 3, 5
ENV = {"SCOREKEEPER_LIVE_HEARTBEAT_SECONDS": "0.3", "SCOREKEEPER_TABLES_COMPUTER_DELAY": "0",
       "SCOREKEEPER_TRUSTED_PROXIES": "1",  # so that each phone of a test can come from its own address
       "SCOREKEEPER_LIVE_STREAMS_PER_ADDRESS": str(PER_ADDRESS),
       "SCOREKEEPER_LIVE_STREAMS_PER_PROCESS": str(PER_PROCESS)}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    server = start_gunicorn(tmp_path_factory.mktemp("live") / "live.db", workers=1, extra_env=ENV)
    yield server
    server.stop()


@pytest.fixture
def phones(server):
    """Open streams, each from its own address; every one is closed after the test, and the worker lets go of it."""
    opened = []
    addresses = (f"203.0.113.{n}" for n in range(1, 255))

    def phone(path, address=None, headers=None):
        stream = Stream(server.url, path, {"X-Forwarded-For": address or next(addresses), **(headers or {})})
        opened.append(stream)
        return stream

    yield phone
    for stream in opened:
        stream.close()
    assert wait_for_open_streams(server, 0) == 0


def move(server, opened):
    """Make a move for whoever is to move at the table (anything but a discard when it can); return the answer."""
    path = f"/api/v1/tables/{opened['id']}"
    seat = call(server.url, "GET", path)["to_move"]
    key = keys_of(opened)[seat]
    seen = call(server.url, "GET", path, key=key)
    chosen = sorted(seen["moves"], key=lambda move: move["kind"] == "discard")[0]
    return call(server.url, "POST", path + "/moves", {"move": chosen, "expected_version": seen["version"]}, key)


def test_a_move_reaches_every_phone_of_its_table_as_a_version_only(server, phones):
    opened = open_table(server.url)
    streams = [phones(opened["live_url"]) for _ in range(4)]
    for stream in streams:
        assert stream.status == 200
        assert stream.response.getheader("Content-Type") == "text/event-stream; charset=utf-8"
        assert stream.response.getheader("Cache-Control") == "no-store"
        assert stream.response.getheader("Access-Control-Allow-Origin") is None  # same origin only
        assert stream.next() == ("retry",)
        assert stream.next() == ("version", 1)  # where the table is, on connect
    made = move(server, opened)
    assert made["allowed"] and made["version"] == 2
    for stream in streams:
        assert stream.version_at_least(made["version"]) == 2
        assert stream.raw.endswith(b'data: {"version": 2}\n\n')


def test_tables_do_not_cross(server, phones):
    first, second = open_table(server.url), open_table(server.url)
    on_first = [phones(first["live_url"]) for _ in range(2)]
    on_second = [phones(second["live_url"]) for _ in range(2)]
    for stream in on_first + on_second:
        assert stream.versions_until_quiet() == [1]
    for _ in range(3):  # three moves on the first table: its phones are told 2, 3 and 4
        move(server, first)
    for stream in on_first:
        assert stream.version_at_least(4) == 4
    made = move(server, second)
    assert made["version"] == 2
    for stream in on_second:
        assert stream.version_at_least(2) == 2
        assert stream.versions_until_quiet() == []  # none of the first table's 3 and 4 (before or after its 2)
    assert move(server, first)["version"] == 5
    for stream in on_first:
        assert stream.version_at_least(2) == 5  # not the second table's 2 before it


def test_an_unknown_table_is_a_404_in_the_apis_words(server):
    parts = urlsplit(server.url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=20)
    connection.request("GET", "/api/v1/tables/no-such-table/live")
    response = connection.getresponse()
    assert response.status == 404
    assert json.loads(response.read()) == {"errors": [
        {"field": "id", "message": "There is no table with this id. Check the link you were given."}]}
    connection.close()


def test_a_heartbeat_comes_when_nothing_changes(server, phones):
    stream = phones(open_table(server.url)["live_url"])
    assert stream.versions_until_quiet() == [1]
    assert stream.next() == ("heartbeat",)
    assert re.fullmatch(rb'retry: \d+\n\ndata: \{"version": 1\}\n\n(: still here\n\n)+', stream.raw)


def test_cookies_are_ignored_and_a_browser_needs_no_key(server, phones):
    stream = phones(open_table(server.url)["live_url"], headers={"Cookie": "session=whatever; other=1"})
    assert stream.status == 200 and stream.next() == ("retry",) and stream.next() == ("version", 1)


def test_past_the_caps_a_phone_is_told_429_per_address_and_503_per_process(server, phones):
    assert wait_for_open_streams(server, 0) == 0
    live_url = open_table(server.url)["live_url"]
    for _ in range(PER_ADDRESS):
        assert phones(live_url, "198.51.100.1").status == 200
    refused = phones(live_url, "198.51.100.1")
    assert refused.status == 429 and refused.response.getheader("Retry-After") == "3"
    message = json.loads(refused.response.read())["errors"][0]["message"]
    assert message.startswith(f"Too many live streams from this address: at most {PER_ADDRESS} at once.")
    for _ in range(PER_PROCESS - PER_ADDRESS):
        assert phones(live_url, "198.51.100.2").status == 200
    full = phones(live_url, "198.51.100.3")
    assert full.status == 503 and full.response.getheader("Retry-After") == "3"
    assert json.loads(full.response.read())["errors"][0]["message"].startswith(
        f"This server has as many live streams open as it serves ({PER_PROCESS}).")


def test_a_phone_that_goes_away_is_let_go(server):
    live_url = open_table(server.url)["live_url"]
    streams = [Stream(server.url, live_url, {"X-Forwarded-For": f"192.0.2.{n}"}) for n in range(1, 4)]
    for stream in streams:
        assert stream.next() == ("retry",)
    assert wait_for_open_streams(server, 3) == 3
    for stream in streams:
        stream.close()  # no goodbye: the socket closes, as a phone's does when it sleeps
    assert wait_for_open_streams(server, 0) == 0


def card_codes(table):
    """Every card of every hand and of the stock, as codes (the stock in its order too)."""
    position = table.position
    hands = [[card.code for card in hand] for hand in position.hands]
    stock = [card.code for card in position.stock]
    return hands, stock


def test_a_whole_deal_sends_no_card_down_any_stream(server, phones, known_seeds):
    db = sqlite.connect(server.database)
    try:
        opened = table_open.open_table(db, rules="classic", names=["Ann", "Bob", "Cy", "Di"])  # a known seed
    finally:
        db.close()
    assert known_seeds == ["test-seed-1"]
    path = f"/api/v1/tables/{opened.id}"
    streams = [phones(path + "/live") for _ in range(5)]  # each seat's phone, and a spectator's
    chance = random.Random(7)
    secrets = set()
    seen = call(server.url, "GET", path)
    while not seen["over"]:
        db = sqlite.connect(server.database)
        try:
            hands, stock = card_codes(tables.load(db, opened.id))
        finally:
            db.close()
        secrets.update(" ".join(hand) for hand in hands if len(hand) >= 2)
        secrets.update(code for hand in hands for code in hand if not code.isdigit())
        if len(stock) >= 2:
            secrets.add(" ".join(stock))
        seat = seen["to_move"]
        mine = call(server.url, "GET", path, key=opened.keys[seat])
        others = [chosen for chosen in mine["moves"] if chosen["kind"] != "discard"]
        chosen = chance.choice(others) if others and chance.random() < 0.5 else chance.choice(mine["moves"])
        answer = call(server.url, "POST", path + "/moves", {"move": chosen, "expected_version": mine["version"]},
                      opened.keys[seat])
        assert answer["allowed"]
        seen = answer["table"]
    for stream in streams:
        assert stream.version_at_least(seen["version"]) == seen["version"]
    assert len(secrets) > 100
    for stream in streams:
        # Only the stream's own lines, and no card's code nor any hand's or the stock's cards.
        assert re.fullmatch(rb'retry: \d+\n\n(data: \{"version": \d+\}\n\n|: still here\n\n)+', stream.raw)
        text = stream.raw.decode()
        assert not [secret for secret in secrets if secret in text]


def test_a_body_left_unread_by_an_early_answer_does_not_break_the_next_request(server):
    """The ASGI front: a 404 answered before its body came; the body then arrives, and the connection serves on.

    Without reading the rest of the body after the answer, the worker closed the kept-alive connection, and the
    client's next write failed with BrokenPipe."""
    parts = urlsplit(server.url)
    body = json.dumps({"move": {"kind": "draw"}, "expected_version": 1}).encode()
    with socket.create_connection((parts.hostname, parts.port), timeout=20) as connection:
        connection.sendall(b"POST /api/v1/tables/no-such-table/moves HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                           b"Content-Type: application/json\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n")
        first = http.client.HTTPResponse(connection)  # each answer read through its own file of the socket
        first.begin()
        assert first.status == 404 and not first.will_close
        first.read()
        connection.sendall(body)  # the body, after its answer: a phone on a slow network
        connection.sendall(b"GET /api/v1/tables/no-such-table HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        second = http.client.HTTPResponse(connection)
        second.begin()
        assert second.status == 404
        assert json.loads(second.read())["errors"][0]["field"] == "id"
