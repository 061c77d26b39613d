"""The live stream as the Flask route serves it (the gthread worker, and the tests' client): one thread a phone."""

import pytest

from ..tables_helpers import BASE, keys_of, open_table, read, send, table_app


@pytest.fixture
def app(tmp_path):
    return table_app(tmp_path, LIVE_HEARTBEAT_SECONDS=60, LIVE_POLL_SECONDS=0.01, LIVE_STREAMS_PER_ADDRESS=2)


def test_a_stream_tells_the_version_on_connect_then_each_change(app):
    client = app.test_client()
    opened = open_table(client)
    response = client.get(opened["live_url"], buffered=False)
    try:
        assert response.status_code == 200
        assert response.headers["Content-Type"] == "text/event-stream; charset=utf-8"
        assert response.headers["Cache-Control"] == "no-store"
        chunks = iter(response.response)
        assert next(chunks) == b'retry: 3000\n\ndata: {"version": 1}\n\n'
        key = keys_of(opened)[0]
        made = send(client, opened["id"], key, read(client, opened["id"], key)["moves"][0], 1)
        assert made.get_json()["version"] == 2
        assert next(chunks) == b'data: {"version": 2}\n\n'
    finally:
        response.close()


def test_an_unknown_table_is_a_404(app):
    response = app.test_client().get(f"{BASE}/no-such-table/live")
    assert response.status_code == 404
    assert response.get_json()["errors"][0]["field"] == "id"


def test_past_the_cap_per_address_429_until_a_stream_ends(app):
    client = app.test_client()
    live_url = open_table(client)["live_url"]
    first, second = client.get(live_url, buffered=False), client.get(live_url, buffered=False)
    try:
        refused = client.get(live_url, buffered=False)
        assert refused.status_code == 429 and refused.headers["Retry-After"] == "3"
        assert refused.get_json()["errors"][0]["message"].startswith(
            "Too many live streams from this address: at most 2 at once.")
        first.close()  # the phone went away: its stream lets go of its place
        again = client.get(live_url, buffered=False)
        assert again.status_code == 200
        again.close()
    finally:
        first.close()
        second.close()


def test_a_head_holds_no_place_and_a_stream_closed_unstarted_gives_its_place_back(app):
    client = app.test_client()
    live_url = open_table(client)["live_url"]
    for _ in range(3):
        head = client.head(live_url)
        assert head.status_code == 200 and head.headers["Content-Type"] == "text/event-stream; charset=utf-8"
    for _ in range(3):  # a client gone before the first byte: closed, never iterated
        client.get(live_url, buffered=False).close()
    first, second = client.get(live_url, buffered=False), client.get(live_url, buffered=False)
    try:
        assert first.status_code == second.status_code == 200  # two places of LIVE_STREAMS_PER_ADDRESS=2
    finally:
        first.close()
        second.close()
