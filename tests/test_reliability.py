"""A score never vanishes or silently changes: serving, load, conflicts, double submits, crashes.

The server tests run the app under gunicorn with 2 workers on loopback (each
test or module starts and stops its own), with client threads speaking plain
HTTP through ``http.client``.
"""

import http.client
import json
import sqlite3
import statistics
import subprocess
import threading
import time
from collections import Counter
from urllib.parse import urlsplit

import pytest

from scorekeeper.store import answers
from scorekeeper.store import db as store
from scorekeeper.store import sqlite
from scorekeeper.store import transfer
from scorekeeper.games import write as service
from scorekeeper.canasta.scoring import score_game
from scorekeeper.games.read import load_game

from .servers import ROOT, start_gunicorn

LOAD_CLIENTS = 8
LOAD_HANDS = 50
LOAD_GAMES = 8
DEADLINE_SECONDS = 60  # no wait in this file is unbounded


# --- a small HTTP client --------------------------------------------------------------


class Answer:
    def __init__(self, status, headers, body):
        self.status, self.headers, self.body = status, headers, body

    @property
    def json(self):
        return json.loads(self.body)


def call(base_url, method, path, body=None, key=None, headers=None, timeout=15):
    """Send one request on a fresh connection (gunicorn's sync workers close each one)."""
    parts = urlsplit(base_url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    sent = dict(headers or {})
    data = None
    if body is not None:
        data = json.dumps(body).encode("utf-8")
        sent["Content-Type"] = "application/json"
    if key is not None:
        sent["Authorization"] = f"Bearer {key}"
    try:
        connection.request(method, path, body=data, headers=sent)
        response = connection.getresponse()
        return Answer(response.status, dict(response.getheaders()), response.read())
    finally:
        connection.close()


def new_game(base_url, names=("Ann & Bob", "Cy & Di"), **fields):
    answer = call(base_url, "POST", "/api/v1/games", {"rules": "classic", "names": list(names), **fields})
    assert answer.status == 201, answer.body
    return answer.json


def hand(first, second):
    """A hand nobody went out in: each side scores exactly its melded points (multiples of 5)."""
    return [{"melded_points": first}, {"melded_points": second}]


def marker(sides):
    return sides[0]["melded_points"], sides[1]["melded_points"]


def stored_hands(database, game_id):
    """Read the game straight from the file, as a fresh process would after a restart."""
    db = sqlite.connect(database)
    try:
        return load_game(db, game_id)
    finally:
        db.close()


def run_threads(count, target):
    """Start ``count`` threads on ``target(index)`` together and wait for all of them (bounded)."""
    threads = [threading.Thread(target=target, args=(index,), daemon=True) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(DEADLINE_SECONDS)
        assert not thread.is_alive(), "a client thread hung"


# --- serving ----------------------------------------------------------------------------


def test_every_connection_waits_for_locks_and_writes_durably(app):
    db = sqlite.connect(app.config["DATABASE"])
    try:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA busy_timeout").fetchone()[0] == 10_000
        assert db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        assert db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    finally:
        db.close()


def test_make_run_serves_with_gunicorn_and_three_workers():
    result = subprocess.run(["make", "-n", "run"], cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    commands = result.stdout.replace("\\\n", " ").splitlines()
    command = next(line for line in commands if "bin/gunicorn" in line)
    assert "--workers 3" in command
    assert "'scorekeeper.asgi:create_app()'" in command  # the live streams beside Flask, under the ASGI worker
    assert "-c gunicorn.conf.py" in command


def test_a_change_and_its_idempotency_record_are_one_transaction(app, client, db, monkeypatch):
    """A failure after the hand is inserted but before the answer is kept leaves no hand behind."""
    created = client.post("/api/v1/games", json={"rules": "classic", "names": ["A", "B"]}).json
    auth = {"Authorization": f"Bearer {created['edit_key']}", "Idempotency-Key": "k-1"}

    def disk_full(*args, **kwargs):
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(answers, "remember_answer", disk_full)
    app.testing = False  # answer with the 500 page, as in production, instead of raising
    answer = client.post(f"/api/v1/games/{created['id']}/hands", json={"sides": hand(50, 5)}, headers=auth)
    assert answer.status_code == 500
    assert answer.json == {"errors": [{"field": "", "message": "Something went wrong on our side; nothing was changed."}]}
    game = load_game(db, created["id"])
    assert (game.version, len(game.hands)) == (0, 0)
    assert list(db.query("select count(*) as n from idempotency"))[0]["n"] == 0

    # The same request, repeated once the disk has room again, is stored once.
    monkeypatch.undo()
    answer = client.post(f"/api/v1/games/{created['id']}/hands", json={"sides": hand(50, 5)}, headers=auth)
    assert answer.status_code == 201
    assert [h["number"] for h in answer.json["hands"]] == [1]


def test_a_failed_write_leaves_no_transaction_open(db):
    """The connection is usable after a refused change: the next change is not stuck behind it."""
    game_id, _ = service.new_game(db, rules="classic", names=["A", "B"])
    with pytest.raises(store.VersionConflict):
        service.add_hand(db, game_id, hand(50, 5), expected_version=3)
    assert not db.conn.in_transaction
    saved = service.add_hand(db, game_id, hand(50, 5), expected_version=0)
    assert (saved.number, saved.version) == (1, 1)


# --- load ---------------------------------------------------------------------------------


@pytest.mark.slow
def test_load_eight_clients_fifty_hands_each(tmp_path, record_property):
    """8 clients × 50 hands spread over 8 games: every acknowledged hand is there exactly once."""
    server = start_gunicorn(tmp_path / "load.db", workers=2)
    try:
        games = [new_game(server.url, options={"target": 100_000}) for _ in range(LOAD_GAMES)]
        acknowledged = Counter()  # (game id, marker) -> 201s received
        statuses = Counter()
        latencies = []
        lock = threading.Lock()
        start = threading.Barrier(LOAD_CLIENTS)

        def client(index):
            start.wait(DEADLINE_SECONDS)
            for number in range(LOAD_HANDS):
                game = games[(index + number) % LOAD_GAMES]  # every game gets every client in turn
                sides = hand(5 * (index + 1), 5 * (number + 1))
                began = time.perf_counter()
                answer = call(server.url, "POST", f"/api/v1/games/{game['id']}/hands", {"sides": sides},
                              key=game["edit_key"])
                took = time.perf_counter() - began
                with lock:
                    statuses[answer.status] += 1
                    latencies.append(took)
                    if answer.status == 201:
                        acknowledged[game["id"], marker(sides)] += 1

        began = time.perf_counter()
        run_threads(LOAD_CLIENTS, client)
        elapsed = time.perf_counter() - began

        requests = LOAD_CLIENTS * LOAD_HANDS
        assert statuses == {201: requests}, statuses
        assert max(acknowledged.values()) == 1
        for game in games:
            answer = call(server.url, "GET", f"/api/v1/games/{game['id']}")
            assert answer.status == 200
            shown = answer.json
            markers = Counter(marker(h["sides"]) for h in shown["hands"])
            expected = Counter(m for (game_id, m), n in acknowledged.items() if game_id == game["id"])
            assert markers == expected  # each acknowledged hand exactly once, nothing else
            assert [h["number"] for h in shown["hands"]] == list(range(1, len(expected) + 1))
            assert shown["version"] == len(expected)
            # Totals three ways: the API, the engine over the file, and plain sums of what was sent.
            on_file = stored_hands(server.database, game["id"])
            recomputed = score_game("classic", on_file.options, None, [h["sides"] for h in on_file.hands])
            sums = [sum(m[0] for m in expected.elements()), sum(m[1] for m in expected.elements())]
            assert shown["totals"] == list(recomputed.totals) == list(on_file.score.totals) == sums
    finally:
        server.stop()

    latencies.sort()
    p50 = statistics.median(latencies)
    p95 = latencies[int(0.95 * (len(latencies) - 1))]
    figures = {
        "hands": requests, "elapsed_s": round(elapsed, 2), "hands_per_s": round(requests / elapsed, 1),
        "p50_ms": round(p50 * 1000, 1), "p95_ms": round(p95 * 1000, 1), "max_ms": round(latencies[-1] * 1000, 1),
        "db_bytes_per_1000_hands": _bytes_per_thousand_hands(server.database, tmp_path, requests),
    }
    for name, value in figures.items():
        record_property(name, value)
    print(f"\nLOAD {LOAD_CLIENTS} clients x {LOAD_HANDS} hands on {LOAD_GAMES} games, gunicorn 2 workers: "
          + ", ".join(f"{name}={value}" for name, value in figures.items()))


def _bytes_per_thousand_hands(database, folder, hands):
    """The compact size a thousand hands take: a backup copy less an empty database."""
    copy, empty = folder / "size.db", folder / "empty.db"
    transfer.backup_to(database, copy)
    sqlite.migrate(empty)
    conn = sqlite3.connect(empty)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return round((copy.stat().st_size - empty.stat().st_size) / hands * 1000)


# --- conflicts and repeated requests (one server for the module) ---------------------------


def test_two_editors_with_the_same_version_one_wins_one_is_told(live_server):
    """A real race on two workers, ten times over: always one 201 and one 409, never two hands."""
    game = new_game(live_server.url)
    for version in range(10):
        answers = [None, None]
        both = threading.Barrier(2)

        def editor(index):
            both.wait(DEADLINE_SECONDS)
            answers[index] = call(live_server.url, "POST", f"/api/v1/games/{game['id']}/hands",
                                  {"sides": hand(5 * (index + 1), 5), "expected_version": version},
                                  key=game["edit_key"])

        run_threads(2, editor)
        assert sorted(a.status for a in answers) == [201, 409], [a.body for a in answers]
        lost = next(a for a in answers if a.status == 409)
        (problem,) = lost.json["errors"]
        assert problem["field"] == "expected_version"
        assert f"it is at version {version + 1}" in problem["message"]
    shown = call(live_server.url, "GET", f"/api/v1/games/{game['id']}").json
    assert shown["version"] == 10 and len(shown["hands"]) == 10


def test_a_repeated_idempotency_key_gets_the_first_answer_and_adds_nothing(live_server):
    game = new_game(live_server.url)
    path = f"/api/v1/games/{game['id']}/hands"
    headers = {"Idempotency-Key": "6a0b2f0e-hand-1"}
    first = call(live_server.url, "POST", path, {"sides": hand(50, 5)}, key=game["edit_key"], headers=headers)
    again = call(live_server.url, "POST", path, {"sides": hand(50, 5)}, key=game["edit_key"], headers=headers)
    assert first.status == again.status == 201
    assert again.body == first.body
    assert again.headers["ETag"] == first.headers["ETag"]
    assert again.headers.get("Idempotent-Replayed") == "true"
    # The same key with another body is a mistake, and changes nothing either.
    other = call(live_server.url, "POST", path, {"sides": hand(55, 5)}, key=game["edit_key"], headers=headers)
    assert other.status == 422
    shown = call(live_server.url, "GET", f"/api/v1/games/{game['id']}").json
    assert len(shown["hands"]) == 1 and shown["version"] == 1


def test_racing_copies_of_one_request_add_one_hand(live_server):
    """A phone that double-taps on a bad network: the copies arrive together at two workers."""
    game = new_game(live_server.url)
    path = f"/api/v1/games/{game['id']}/hands"
    for attempt in range(5):
        copies = 4
        answers = [None] * copies
        together = threading.Barrier(copies)

        def tap(index):
            together.wait(DEADLINE_SECONDS)
            answers[index] = call(live_server.url, "POST", path, {"sides": hand(50, 5 * (attempt + 1))},
                                  key=game["edit_key"], headers={"Idempotency-Key": f"tap-{attempt}"})

        run_threads(copies, tap)
        assert {a.status for a in answers} == {201}
        assert len({a.body for a in answers}) == 1
        assert sum(a.headers.get("Idempotent-Replayed") == "true" for a in answers) == copies - 1
    shown = call(live_server.url, "GET", f"/api/v1/games/{game['id']}").json
    assert [marker(h["sides"]) for h in shown["hands"]] == [(50, 5 * (n + 1)) for n in range(5)]


def test_racing_copies_of_a_new_game_start_one_game(live_server):
    copies = 3
    answers = [None] * copies
    together = threading.Barrier(copies)

    def tap(index):
        together.wait(DEADLINE_SECONDS)
        answers[index] = call(live_server.url, "POST", "/api/v1/games", {"rules": "classic", "names": ["A", "B"]},
                              headers={"Idempotency-Key": "4d1f7c2a-9e3b-4a8d-b5c6-0e2f18a7d936"})

    run_threads(copies, tap)
    assert {a.status for a in answers} == {201}
    assert len({a.json["id"] for a in answers}) == 1
    assert len({a.json["edit_key"] for a in answers}) == 1


# --- crash --------------------------------------------------------------------------------------


@pytest.mark.slow
def test_kill_9_while_writing_loses_no_acknowledged_hand(tmp_path):
    database = tmp_path / "crash.db"
    server = start_gunicorn(database, workers=2)
    # 150 hands of up to 5 × 150 points stay below the target, so no game ends before the check below.
    writers, per_writer, kill_after = 4, 150, 60
    games = [new_game(server.url, options={"target": 100_000}) for _ in range(writers)]
    acknowledged = [[] for _ in range(writers)]  # markers whose 201 arrived, per writer
    sent = [0] * writers
    server_errors = []
    enough = threading.Event()
    lock = threading.Lock()

    def writer(index):
        game = games[index]
        for number in range(per_writer):
            sides = hand(5, 5 * (number + 1))
            sent[index] += 1
            try:
                answer = call(server.url, "POST", f"/api/v1/games/{game['id']}/hands", {"sides": sides},
                              key=game["edit_key"], timeout=5)
            except (OSError, http.client.HTTPException):
                return  # the server is gone (mid-answer: the status came, the body did not; not acknowledged)
            if answer.status >= 500:
                server_errors.append(answer.body)
            if answer.status == 201:
                acknowledged[index].append(marker(sides))
                with lock:
                    if sum(map(len, acknowledged)) >= kill_after:
                        enough.set()

    threads = [threading.Thread(target=writer, args=(i,), daemon=True) for i in range(writers)]
    try:
        for thread in threads:
            thread.start()
        assert enough.wait(DEADLINE_SECONDS), "the writers did not get going"
        server.kill()  # SIGKILL to the master and every worker, mid-write
        for thread in threads:
            thread.join(DEADLINE_SECONDS)
            assert not thread.is_alive()
    finally:
        server.kill()

    assert not server_errors
    # Some writer was in the middle of a request: the kill really interrupted writing.
    assert sum(map(len, acknowledged)) < writers * per_writer

    server = start_gunicorn(database, workers=2)
    try:
        assert transfer.integrity_problems(database) == []
        for index, game in enumerate(games):
            shown = call(server.url, "GET", f"/api/v1/games/{game['id']}").json
            markers = [marker(h["sides"]) for h in shown["hands"]]
            # Every hand acknowledged is there, in order, once; at most the one in flight besides.
            assert markers[: len(acknowledged[index])] == acknowledged[index]
            assert len(acknowledged[index]) <= len(markers) <= min(sent[index], len(acknowledged[index]) + 1)
            assert shown["version"] == len(markers)
            # The restarted server takes new hands on the same file.
            after = call(server.url, "POST", f"/api/v1/games/{game['id']}/hands",
                         {"sides": hand(10, 10), "expected_version": shown["version"]}, key=game["edit_key"])
            assert after.status == 201, after.body
    finally:
        server.stop()
    assert transfer.integrity_problems(database) == []


# --- the pages: double submit and conflicts --------------------------------------------------


def hidden_value(html, name):
    """The value of the first ``<input name=...>`` in a page."""
    import re

    for tag in re.findall(r"<input[^>]*>", html):
        if re.search(rf'\bname="{re.escape(name)}"', tag):
            found = re.search(r'\bvalue="([^"]*)"', tag)
            return found.group(1) if found else ""
    raise AssertionError(f"no input {name} on the page")


def form_for(sides, **extra):
    from scorekeeper.canasta.rules import PRESETS
    from scorekeeper.web.forms.hands import form_data_from_sides

    return {**form_data_from_sides(PRESETS["classic"], sides), "action": "save", **extra}


def keeping_score(app, client):
    """A game with one hand, whose key ``client`` holds; return its id and key."""
    created = client.post("/api/v1/games", json={"rules": "classic", "names": ["Ann & Bob", "Cy & Di"]}).json
    client.post(f"/api/v1/games/{created['id']}/hands", json={"sides": hand(50, 5)},
                headers={"Authorization": f"Bearer {created['edit_key']}"})
    assert client.get(f"/games/{created['id']}/join?key={created['edit_key']}").status_code == 303
    return created["id"], created["edit_key"]


def test_the_same_hand_form_sent_twice_records_one_hand(app, client, db):
    game_id, _ = keeping_score(app, client)
    page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    token = hidden_value(page, "token")
    assert len(token) >= 16
    data = form_for(hand(60, 45), token=token)
    first = client.post(f"/games/{game_id}/hands/new", data=data)
    again = client.post(f"/games/{game_id}/hands/new", data=data, follow_redirects=True)
    assert first.status_code == 303
    assert again.status_code == 200
    assert "This hand was already saved as hand 2." in again.get_data(as_text=True)
    game = load_game(db, game_id)
    assert [marker(h["sides"]) for h in game.hands] == [(50, 5), (60, 45)]
    # A fresh form (a new token) is a new hand.
    page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert hidden_value(page, "token") != token
    client.post(f"/games/{game_id}/hands/new", data=form_for(hand(60, 45), token=hidden_value(page, "token")))
    assert len(load_game(db, game_id).hands) == 3


class Browser:
    """A phone's cookie jar over http.client: enough for a session and CSRF against gunicorn."""

    def __init__(self, base_url):
        self.base_url, self.cookies = base_url, {}

    def open(self, method, path, form=None):
        from urllib.parse import urlencode

        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())} if self.cookies else {}
        body = None
        if form is not None:
            body = urlencode(form).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        parts = urlsplit(self.base_url)
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=15)
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            for value in response.headers.get_all("Set-Cookie") or []:
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
            return Answer(response.status, dict(response.getheaders()), response.read())
        finally:
            connection.close()


@pytest.mark.slow
def test_a_double_tapped_hand_form_racing_on_two_workers_records_one_hand(live_server):
    game = new_game(live_server.url)
    phone = Browser(live_server.url)
    assert phone.open("GET", f"/games/{game['id']}/join?key={game['edit_key']}").status == 303
    page = phone.open("GET", f"/games/{game['id']}/hands/new").body.decode()
    data = form_for(hand(60, 45), token=hidden_value(page, "token"), csrf_token=hidden_value(page, "csrf_token"))
    copies = 3
    answers = [None] * copies
    together = threading.Barrier(copies)

    def tap(index):
        together.wait(DEADLINE_SECONDS)
        answers[index] = phone.open("POST", f"/games/{game['id']}/hands/new", data)

    run_threads(copies, tap)
    assert [a.status for a in answers] == [303] * copies, [a.body[:300] for a in answers]
    shown = call(live_server.url, "GET", f"/api/v1/games/{game['id']}").json
    assert [marker(h["sides"]) for h in shown["hands"]] == [(60, 45)]


def test_editing_a_hand_someone_changed_meanwhile_keeps_what_was_typed(app, client, db):
    game_id, key = keeping_score(app, client)
    other = app.test_client()
    assert other.get(f"/games/{game_id}/join?key={key}").status_code == 303

    page = client.get(f"/games/{game_id}/hands/1/edit").get_data(as_text=True)
    version = hidden_value(page, "expected_version")
    assert version == "1"
    # The other phone changes hand 1 first.
    changed = other.post(f"/games/{game_id}/hands/1/edit",
                         data=form_for(hand(80, 10), expected_version=version))
    assert changed.status_code == 303

    typed = form_for(hand(75, 20), expected_version=version)
    answer = client.post(f"/games/{game_id}/hands/1/edit", data=typed)
    assert answer.status_code == 409
    html = answer.get_data(as_text=True)
    assert "Someone changed this game while you were editing; your entries are below" in html
    assert hidden_value(html, "sides-0-melded_points") == "75"
    assert hidden_value(html, "sides-1-melded_points") == "20"
    assert hidden_value(html, "expected_version") == "2"  # saving again is a knowing choice
    assert [marker(h["sides"]) for h in load_game(db, game_id).hands] == [(80, 10)]

    # Saving again, after seeing the message, stores what was typed.
    again = client.post(f"/games/{game_id}/hands/1/edit", data={**typed, "expected_version": "2"})
    assert again.status_code == 303
    assert [marker(h["sides"]) for h in load_game(db, game_id).hands] == [(75, 20)]


def test_deleting_a_hand_someone_changed_meanwhile_deletes_nothing(app, client, db):
    game_id, key = keeping_score(app, client)
    page = client.get(f"/games/{game_id}/hands/1/delete").get_data(as_text=True)
    version = hidden_value(page, "expected_version")
    service.add_hand(db, game_id, hand(5, 5))  # another phone adds a hand meanwhile
    answer = client.post(f"/games/{game_id}/hands/1/delete", data={"expected_version": version})
    assert answer.status_code == 409
    assert "Someone changed this game meanwhile, so nothing was removed." in answer.get_data(as_text=True)
    assert len(load_game(db, game_id).hands) == 2
    # The same delete form sent twice removes one hand: the second copy is a conflict.
    page = client.get(f"/games/{game_id}/hands/1/delete").get_data(as_text=True)
    data = {"expected_version": hidden_value(page, "expected_version")}
    assert client.post(f"/games/{game_id}/hands/1/delete", data=data).status_code == 303
    assert client.post(f"/games/{game_id}/hands/1/delete", data=data).status_code == 409
    assert [marker(h["sides"]) for h in load_game(db, game_id).hands] == [(5, 5)]
