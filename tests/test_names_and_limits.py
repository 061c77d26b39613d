"""Issue 12, findings 7 and 8: invisible characters in names refused at every door, `import` checking
names as the API does, error lists capped, `backup` cleaning its own leftovers.

Before: NUL, ESC, zero-width and bidi controls were stored from the API and the
web forms (a team "Them\u202e" made "805" read "508"); `import` took a
200,000-character name; 8,000 unknown fields got a 785 KB list of errors back;
a killed backup's full-size draft stayed forever.
"""

import json
import subprocess
import sys
import urllib.error
import urllib.request

import pytest

from scorekeeper import create_app
from scorekeeper.games import write as service
from scorekeeper.store import db as store
from scorekeeper.store import sqlite

from .helpers import new_game

RLO = "Them\u202e"
MESSAGE = ("Name 2 holds an invisible character (U+202E, right-to-left override) that would hide or turn the "
           "text around it; type the name again without it.")
INVISIBLE = ["Them\u202e", "Them\x00", "Them\x1b[31m", "Th\u200bem", "\u2066Them", "Them\ufeff"]


def api(server, method, path, body, headers=None):
    data = json.dumps(body, separators=(",", ":")).encode() if body is not None else None
    request = urllib.request.Request(server.url + path, data=data, method=method,
                                     headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


@pytest.mark.slow
@pytest.mark.parametrize("name", INVISIBLE, ids=["rlo", "nul", "esc", "zero-width", "isolate", "bom"])
def test_the_api_refuses_invisible_characters_in_a_new_game_and_a_rename(live_server, name):
    status, answer = api(live_server, "POST", "/api/v1/games", {"rules": "classic", "names": ["Us", name]})
    assert status == 422
    assert [error["field"] for error in answer["errors"]] == ["names[1]"]
    assert answer["errors"][0]["message"].startswith("Name 2 holds an invisible character (U+")
    status, game = api(live_server, "POST", "/api/v1/games", {"rules": "classic", "names": ["Us", "Them"]})
    status, answer = api(live_server, "PATCH", f"/api/v1/games/{game['id']}", {"names": ["Us", name]},
                         {"Authorization": f"Bearer {game['edit_key']}"})
    assert status == 422 and [error["field"] for error in answer["errors"]] == ["names[1]"]
    status, stored = api(live_server, "GET", f"/api/v1/games/{game['id']}", None)
    assert (status, stored["names"], stored["version"]) == (200, ["Us", "Them"], 0)


def test_the_new_game_form_refuses_them_and_keeps_what_was_typed(client, db):
    response = client.post("/games/new", data={"rules": "classic", "names-0": "Us", "names-1": RLO})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert MESSAGE in page
    assert 'value="Us"' in page
    assert db["games"].count == 0


def test_the_settings_form_refuses_them(client, db):
    game_id, key = new_game(db, names=["Us", "Them"])
    client.get(f"/games/{game_id}/join?key={key}")
    response = client.post(f"/games/{game_id}/settings", data={"names-0": "Us", "names-1": RLO})
    assert response.status_code == 422
    assert MESSAGE in response.get_data(as_text=True)
    assert store.get_game(db, game_id)["names"] == ["Us", "Them"]


def test_the_blank_sheet_refuses_them(client):
    response = client.get("/print/score-sheet.pdf", query_string={"names": ["Us", RLO]})
    assert response.status_code == 400
    assert MESSAGE in response.get_data(as_text=True)


def test_seats_too(db):
    with pytest.raises(Exception) as refused:
        service.new_game(db, rules="classic", names=["A", "B"], seats=["Ann", "Cy", "Bob\u202e", "Di"])
    assert [(p.field, p.message) for p in refused.value.problems] == [(
        "seats[2]", "Name 3 holds an invisible character (U+202E, right-to-left override) that would hide or "
                    "turn the text around it; type the name again without it.")]


@pytest.mark.parametrize("name", ["فارسی\u200cها", "👨\u200d👩\u200d👧 family", "Ünïcødé", "שלום"],
                         ids=["zwnj-persian", "zwj-emoji", "accents", "hebrew"])
def test_names_in_every_script_are_kept(db, name):
    game_id, _ = service.new_game(db, rules="classic", names=["Us", name])
    assert store.get_game(db, game_id)["names"] == ["Us", name]


# --- import ----------------------------------------------------------------------------------------


def exported(app, db, tmp_path):
    game_id, _ = new_game(db, names=["Us", "Them"])
    path = tmp_path / "games.json"
    result = app.test_cli_runner().invoke(args=["export", "--output", str(path)])
    assert result.exit_code == 0, result.output
    return json.loads(path.read_text()), path


@pytest.mark.parametrize("names, message", [
    (["Us", "x" * 200_000], "names[1]: Name 2 is longer than 40 characters."),
    (["Us", RLO], f"names[1]: {MESSAGE}"),
    (["Us", "us"], "names: Give each a different name, so the score sheet can tell them apart."),
], ids=["200000-characters", "bidi-override", "same-name"])
def test_import_checks_names_as_the_api_does(app, db, tmp_path, names, message):
    document, path = exported(app, db, tmp_path)
    document["games"][0]["names"] = names
    path.write_text(json.dumps(document))
    other = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "other.db")})
    result = other.test_cli_runner().invoke(args=["import", str(path)])
    assert result.exit_code == 1
    assert f"game 1 ({document['games'][0]['id']}): {message}" in result.stderr
    assert sqlite.connect(tmp_path / "other.db")["games"].count == 0


def test_import_lists_the_first_twenty_problems_and_how_many_more(app, db, tmp_path):
    document, path = exported(app, db, tmp_path)
    game = document["games"][0]
    document["games"] = [dict(game, id=f"g{n}", edit_key_hash="bad") for n in range(25)]
    path.write_text(json.dumps(document))
    result = app.test_cli_runner().invoke(args=["import", "--check", str(path)])
    lines = result.stderr.splitlines()
    assert len(lines) == 22  # 20 problems, "And 5 more", the summary
    assert lines[20] == "And 5 more problems; fix these first, then send again to see the rest."
    assert lines[21] == "Error: 25 problems; nothing was imported."


# --- error lists -----------------------------------------------------------------------------------


@pytest.mark.slow
def test_eight_thousand_unknown_fields_get_twenty_errors_and_a_count(live_server):
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    unknown = [digits[n // 1296] + digits[n // 36 % 36] + digits[n % 36] for n in range(8000)]
    body = {"rules": "classic", "names": ["Us", "Them"], **{name: 0 for name in unknown}}
    assert len(json.dumps(body, separators=(",", ":"))) < 64 * 1024
    status, answer = api(live_server, "POST", "/api/v1/games", body)
    assert status == 422
    assert len(answer["errors"]) == 21
    assert answer["errors"][0] == {"field": "000", "message": 'A new game has no field "000". Its fields: '
                                                              'rules, names, options, seats, start_totals.'}
    assert answer["errors"][-1] == {"field": "", "message": "And 7,980 more problems; fix these first, then "
                                                            "send again to see the rest."}
    assert len(json.dumps(answer)) < 4096


# --- backup ----------------------------------------------------------------------------------------


def test_backup_removes_the_draft_a_killed_backup_left(app, db, tmp_path):
    new_game(db)
    folder = tmp_path / "backups"
    folder.mkdir()
    # A backup killed mid-copy: its process is gone, its full-size draft stays.
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    pid = int(dead.stdout)
    leftovers = [folder / f".scorekeeper-20261201-041500.db.{pid}.partial", folder / f".latest.db.{pid}.partial"]
    for path in leftovers:
        path.write_bytes(b"\0" * 100_000)
    others = folder / f".notes.txt.{pid}.partial"  # not a backup's: not touched
    others.write_bytes(b"x")
    at_work = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])  # another backup at work
    try:
        running = folder / f".latest.db.{at_work.pid}.partial"
        running.write_bytes(b"x")
        result = app.test_cli_runner().invoke(args=["backup", str(folder / "latest.db")])
    finally:
        at_work.kill()
        at_work.wait(10)
    assert result.exit_code == 0, result.output
    assert not any(path.exists() for path in leftovers)
    assert running.exists() and others.exists()
    assert sorted(p.name for p in folder.iterdir()) == sorted(["latest.db", running.name, others.name])
    assert "Removed .latest.db." in result.output
