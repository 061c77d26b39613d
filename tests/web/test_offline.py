"""Offline help on the server's side: the service worker and manifest served from the root, the add-hand
form's version (two phones saving one hand), and a database that cannot be written (503, entries kept).

A full disk and a read-only disk are real ones: a small tmpfs mounted for the test (the tests run as
root on the project's machines; where mounting is refused they are skipped, saying why).
"""

import json
import os
import re
import struct
import subprocess

import pytest

from scorekeeper import _writable_folder, create_app
from scorekeeper.store import connections
from scorekeeper.store import db as store
from scorekeeper.store import sqlite

from .test_hands import WORKED_NUMBER, hand_count, new_hand_page, token_of
from .test_new_game import field_value, start

SIMPLE = {"going_out": "no", "sides-0-mode": "number", "sides-0-melded_points": "90",
          "sides-1-mode": "number", "sides-1-melded_points": "50"}


# --- the service worker, the manifest, the offline page -----------------------------------------------


def test_the_service_worker_is_served_from_the_root_and_never_kept_stale(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    text = response.get_data(as_text=True)
    shell = json.loads(re.search(r"var SHELL = (\[.*?\]);", text).group(1))
    assert all(f"/static/{name}" in " ".join(shell) for name in ("offline.js", "outbox-list.js", "outbox-form.js", "board.js"))
    for url in shell + [json.loads(re.search(r"var OFFLINE_PAGE = (\".*?\");", text).group(1))]:
        assert client.get(url).status_code == 200, url
    assert all("?v=" in url for url in shell), "every kept file under an address that changes with it"
    assert re.search(r'var VERSION = "[0-9a-f]{12}";', text)
    again = client.get("/sw.js", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304


def test_a_new_release_name_gives_a_new_worker(tmp_path):
    texts = []
    for release in ("one", "two"):
        app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "r.db"), "RELEASE": release})
        texts.append(app.test_client().get("/sw.js").get_data(as_text=True))
    assert texts[0] != texts[1]
    version = [re.search(r'var VERSION = "(\w+)"', text).group(1) for text in texts]
    assert version[0] != version[1]


def png_size(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_manifest_names_the_app_and_its_icons_are_there_at_their_sizes(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    manifest = response.get_json()
    assert (manifest["name"], manifest["short_name"], manifest["display"]) == ("Canasta Scorekeeper", "Canasta", "standalone")
    assert (manifest["start_url"], manifest["scope"]) == ("/", "/")
    sizes = {}
    for icon in manifest["icons"]:
        data = client.get(icon["src"]).get_data()
        sizes[icon["sizes"]] = png_size(data) if icon["type"] == "image/png" else "svg"
    assert sizes == {"192x192": (192, 192), "512x512": (512, 512), "any": "svg"}


def test_every_page_links_the_manifest_but_the_scoreboards_whose_script_loads_offline_help(client):
    game_id = start(client)
    home = client.get("/").get_data(as_text=True)
    assert 'rel="manifest"' in home and "/static/offline.js" in home
    hand = new_hand_page(client, game_id)
    assert 'rel="manifest"' in hand and re.search(r'<script src="/static/offline.js\?v=\w+" defer>', hand)
    for path in (f"/games/{game_id}", f"/games/{game_id}/view"):
        board = client.get(path).get_data(as_text=True)
        assert 'rel="manifest"' not in board and "<script src=\"/static/offline.js" not in board
        assert re.search(r'data-sw="/sw.js" data-offline="/static/offline.js\?v=\w+ /static/outbox-list.js\?v=\w+"',
                         board)


def test_the_offline_page_says_what_still_works(client):
    html = client.get("/offline").get_data(as_text=True)
    assert "No connection" in html
    assert "A hand saved without a connection is kept on this phone and sent by itself" in html


# --- two phones saving one hand --------------------------------------------------------------------------


def test_the_add_form_carries_the_version_and_a_second_phone_gets_the_choice(client, db):
    game_id = start(client)
    first, second = new_hand_page(client, game_id), new_hand_page(client, game_id)
    assert field_value(first, "expected_version") == "0" and field_value(first, "opened_as") == "1"
    sent = {"expected_version": "0", "opened_as": "1", **SIMPLE}
    assert client.post(f"/games/{game_id}/hands/new", data={"token": token_of(first), **sent}).status_code == 303
    typed = dict(sent, **{"sides-0-melded_points": "200"})
    response = client.post(f"/games/{game_id}/hands/new", data={"token": token_of(second), **typed})
    html = response.get_data(as_text=True)
    assert response.status_code == 409
    assert "Hand 1 was saved from another phone while you typed this one: nothing of yours is saved yet." in html
    assert re.search(r"<h1>Hand 2</h1>", html)
    assert field_value(html, "sides-0-melded_points") == "200"
    assert field_value(html, "token") == token_of(second), "still the same one-time token"
    assert field_value(html, "expected_version") == "1"
    assert "Save as hand 2" in html and "data-outbox-drop" in html
    assert hand_count(db, game_id) == 1
    # Saved as hand 2, knowingly; sent once more (a double tap), still one.
    again = {"token": token_of(second), **dict(typed, expected_version="1")}
    assert client.post(f"/games/{game_id}/hands/new", data=again).status_code == 303
    assert client.post(f"/games/{game_id}/hands/new", data=again).status_code == 303
    assert [hand["sides"][0]["melded_points"] for hand in store.get_game(db, game_id)["hands"]] == [90, 200]


def test_a_form_without_a_version_still_saves(client, db):
    """Forms opened before this check existed (a tab left open over an update) send none."""
    game_id = start(client)
    assert client.post(f"/games/{game_id}/hands/new", data={"token": "old", **WORKED_NUMBER}).status_code == 303
    assert hand_count(db, game_id) == 1


def test_an_edit_sent_twice_with_its_token_changes_the_hand_once(client, db):
    """The outbox sends a kept edit again until it hears back: the second sending is told it was saved."""
    game_id = start(client)
    assert client.post(f"/games/{game_id}/hands/new", data={"token": "a", **SIMPLE}).status_code == 303
    html = client.get(f"/games/{game_id}/hands/1/edit").get_data(as_text=True)
    token = field_value(html, "token")
    assert len(token) >= 22 and field_value(html, "expected_version") == "1"
    edited = {"token": token, "expected_version": "1", **dict(SIMPLE, **{"sides-0-melded_points": "120"})}
    assert client.post(f"/games/{game_id}/hands/1/edit", data=edited).status_code == 303
    again = client.post(f"/games/{game_id}/hands/1/edit", data=edited)  # not a 409: it was stored, from this token
    assert again.status_code == 303 and again.headers["Location"] == f"/games/{game_id}"
    assert "This change to hand 1 was already saved." in client.get(again.headers["Location"]).get_data(as_text=True)
    game = store.get_game(db, game_id)
    assert game["version"] == 2 and game["hands"][0]["sides"][0]["melded_points"] == 120
    assert db.execute("select count(*) from changes where game_id = ? and kind = 'edit'", [game_id]).fetchone()[0] == 1
    # Another edit form (a fresh token) at the old version: the conflict, nothing changed.
    stale = dict(edited, token="another-form-token", **{"sides-0-melded_points": "130"})
    assert client.post(f"/games/{game_id}/hands/1/edit", data=stale).status_code == 409
    assert store.get_game(db, game_id)["hands"][0]["sides"][0]["melded_points"] == 120


# --- a database that cannot be written -------------------------------------------------------------------


@pytest.fixture
def small_disk(tmp_path):
    """A 2 MB tmpfs of the test's own; yields its folder, unmounted afterwards."""
    folder = tmp_path / "disk"
    folder.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(folder)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"a tmpfs cannot be mounted here ({done.stderr.strip()}): needs root, as on the project's machines")
    yield folder
    subprocess.run(["umount", "-l", str(folder)], check=False)


def fill(folder):
    """Fill the disk up to its last byte; return the file that holds it."""
    junk = folder / "junk"
    with open(junk, "wb", buffering=0) as out:
        try:
            while True:
                out.write(b"\0" * 65536)
                out.flush()
        except OSError:
            pass
    return junk


def disk_app(folder):
    # Limits off: their counters' file beside the database would hold the disk open for writing.
    return create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(folder / "s.db"), "WTF_CSRF_ENABLED": False,
                       "RATELIMIT_ENABLED": False})


def count_on_disk(folder, game_id):
    database = sqlite.connect(folder / "s.db")
    try:
        return len(store.get_game(database, game_id)["hands"])
    finally:
        database.close()


def test_a_full_disk_answers_503_with_every_entry_back_and_stores_nothing(small_disk):
    client = disk_app(small_disk).test_client()
    game_id = start(client)
    token = token_of(new_hand_page(client, game_id))
    junk = fill(small_disk)
    typed = {"token": token, "expected_version": "0", **WORKED_NUMBER}
    response = client.post(f"/games/{game_id}/hands/new", data=typed)
    html = response.get_data(as_text=True)
    assert response.status_code == 503
    assert "Nothing was saved: the server cannot write to its database right now (its disk may be full or read-only)." in html
    assert "Your entries are below, as you typed them." in html
    for name in ("sides-0-melded_points", "sides-0-hand_points", "sides-1-hand_points"):
        assert field_value(html, name) == WORKED_NUMBER[name], name
    assert field_value(html, "token") == token
    junk.unlink()
    assert count_on_disk(small_disk, game_id) == 0
    # Room again: the same form, sent again, is stored once.
    assert client.post(f"/games/{game_id}/hands/new", data=typed).status_code == 303
    assert count_on_disk(small_disk, game_id) == 1


def test_a_read_only_database_answers_503_to_the_api_and_the_forms(small_disk):
    app = disk_app(small_disk)
    client = app.test_client()
    created = client.post("/api/v1/games", json={"rules": "classic", "names": ["A", "B"]}).get_json()
    game_id, key = created["id"], created["edit_key"]
    client.get(f"/games/{game_id}/join?key={key}")
    # A disk is remounted read-only only with no file open for writing on it: let go of the
    # database (in a rollback journal, which a read-only disk can still be read in).
    path = app.config["DATABASE"]
    connections.forget_connection(sqlite.thread_connection(path))
    database = sqlite.connect(path)
    database.execute("PRAGMA journal_mode=DELETE")
    database.close()
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    try:
        api = client.post(f"/api/v1/games/{game_id}/hands", json={"sides": [{"melded_points": 90}, {"melded_points": 50}]},
                          headers={"Authorization": f"Bearer {key}"})
        assert api.status_code == 503
        assert api.get_json()["errors"][0]["message"].startswith("Nothing was saved: the server cannot write")
        assert client.get(f"/games/{game_id}").status_code == 200  # still shown
        page = client.post(f"/games/{game_id}/hands/new", data={"token": "t1", **SIMPLE})
        assert page.status_code == 503
        assert field_value(page.get_data(as_text=True), "sides-0-melded_points") == "90"
    finally:
        connections.forget_connection(sqlite.thread_connection(path))
        subprocess.run(["mount", "-o", "remount,rw", str(small_disk)], check=True)
    assert count_on_disk(small_disk, game_id) == 0


def test_a_read_only_folder_stops_the_app_at_start_naming_it(small_disk):
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    try:
        with pytest.raises(RuntimeError, match=rf"The folder {re.escape(str(small_disk))} cannot be written to"):
            _writable_folder(small_disk)
        with pytest.raises(RuntimeError, match=re.escape(str(small_disk))):
            disk_app(small_disk)
    finally:
        subprocess.run(["mount", "-o", "remount,rw", str(small_disk)], check=True)
    assert os.access(small_disk, os.W_OK)
