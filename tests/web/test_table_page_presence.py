"""The seat's page counts as its phone being there: reading it keeps the seat from being marked away, and
brings a seat marked away back (as the API's reads do)."""

import re

from ..tables_helpers import keys_of, known_seeds, now, open_table, read, send, table_app  # noqa: F401


def test_the_seat_page_and_its_fragment_keep_a_person_present_and_bring_them_back(tmp_path, now, known_seeds):
    app = table_app(tmp_path, TABLES_AWAY_SECONDS=10)
    api = app.test_client()
    opened = open_table(api, rules="classic-2p", names=["Ann", "Bob"])
    table_id, keys = opened["id"], keys_of(opened)
    bob = app.test_client()
    assert bob.get(f"/tables/{table_id}/join?key={keys[1]}").status_code == 303
    # Ann draws and discards; Bob only has his page open, reading its fragment now and then.
    seen = read(api, table_id, keys[0])
    drawn = send(api, table_id, keys[0], {"kind": "draw"}, seen["version"]).get_json()
    discard = next(move for move in drawn["table"]["moves"] if move["kind"] == "discard")
    assert send(api, table_id, keys[0], discard, drawn["table"]["version"]).get_json()["allowed"]
    for _ in range(3):
        now[0] += 6
        assert bob.get(f"/tables/{table_id}/play").status_code == 200
        seen = read(api, table_id, keys[0])
        assert seen["seats"][1]["away"] is False and seen["to_move"] == 1, "Bob's page counts as Bob being there"
    # Bob's phone sleeps: unseen for longer than the away time, he is marked away and the computer plays for him.
    now[0] += 11
    seen = read(api, table_id, keys[0])
    assert seen["seats"][1]["away"] is True and seen["to_move"] == 0
    # His page wakes: he is back at once, and his page says the table as it is.
    page = bob.get(f"/tables/{table_id}")
    assert page.status_code == 200
    back = read(api, table_id, keys[0])
    assert back["seats"][1]["away"] is False
    html = page.get_data(as_text=True)
    assert f'data-version="{back["version"]}"' in html
    # Bob's page marks the moves the computer made for him, and only those: Ann's (moves 1 and 2) were hers.
    marked = re.findall(r'<li data-n="(\d+)"[^>]*>[^<]*<span class="muted">\(the computer, standing in\)', html)
    said = re.findall(r'<li data-n="(\d+)"', html)
    assert sorted(map(int, marked)) == [n for n in sorted(map(int, said)) if n > 2] and len(marked) >= 2


def test_the_page_reads_the_table_now_and_then_even_with_the_stream_open(tmp_path):
    app = table_app(tmp_path, TABLES_AWAY_SECONDS=90)
    api = app.test_client()
    opened = open_table(api, rules="classic-2p", names=["Ann", "Bob"])
    phone = app.test_client()
    phone.get(f"/tables/{opened['id']}/join?key={keys_of(opened)[0]}")
    assert 'data-heartbeat="30000"' in phone.get(f"/tables/{opened['id']}").get_data(as_text=True)
    spectator = app.test_client().get(f"/tables/{opened['id']}").get_data(as_text=True)
    assert 'data-heartbeat="0"' in spectator
