"""Issue 12, findings 4 and 5: limits on what one client address can make the server do.

A real gunicorn on loopback (port 0, stopped by its PID) with the limits on,
told that one proxy stands in front (SCOREKEEPER_TRUSTED_PROXIES=1), so that
each test plays clients of its own addresses with X-Forwarded-For as nginx
sends it. Before: games could be created at 548 per second by anyone, a loop
of blank sheets with unique names rendered each one afresh (~1.5 s of CPU
each), and wrong keys could be tried without end.
"""

import http.client
import json
import re
import statistics
import threading
import time
import uuid
from urllib.parse import urlencode, urlsplit

import pytest

from scorekeeper import create_app, limits
from scorekeeper.store import sqlite

from .helpers import WORKED, new_game
from .servers import start_gunicorn

NEW_GAME = {"rules": "classic", "names": ["Us", "Them"]}
SHEETS_PER_MINUTE = 5


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    server = start_gunicorn(tmp_path_factory.mktemp("limits") / "limits.db", workers=2, extra_env={
        "SCOREKEEPER_RATELIMIT_ENABLED": "true", "SCOREKEEPER_TRUSTED_PROXIES": "1",
        "SCOREKEEPER_RATELIMIT_SHEETS": f"{SHEETS_PER_MINUTE} per minute",
    })
    yield server
    server.stop()


_addresses = iter(range(1, 250))


def in_a_fresh_minute(needed=20):
    """Wait, when fewer than ``needed`` seconds are left of this minute, for the next one to begin.

    The limits count in fixed windows (a minute starts at :00): a loop that crosses into
    the next minute starts counting again, and a test that expects the 61st request of a
    minute refused would see it allowed.
    """
    left = 60 - time.time() % 60
    if left < needed:
        time.sleep(left + 0.2)


def new_address():
    """A client address no other test used (TEST-NET-3)."""
    return f"203.0.113.{next(_addresses)}"


class Client:
    """One phone or script at one address, with its own connection."""

    def __init__(self, server, address):
        parts = urlsplit(server.url)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
        self.address = address

    def send(self, method, path, body=None, headers=None):
        data = json.dumps(body).encode() if body is not None else None
        self.connection.request(method, path, body=data, headers={
            "Content-Type": "application/json", "X-Forwarded-For": self.address, **(headers or {})})
        response = self.connection.getresponse()
        return response.status, response.headers, response.read()

    def close(self):
        self.connection.close()


def message_of(body):
    return json.loads(body)["errors"][0]["message"]


@pytest.mark.slow
def test_game_creation_is_limited_per_address_with_a_sentence_and_retry_after(server):
    director, elsewhere = Client(server, new_address()), Client(server, new_address())
    in_a_fresh_minute()
    try:
        statuses = [director.send("POST", "/api/v1/games", NEW_GAME)[0] for _ in range(60)]
        assert statuses == [201] * 60  # a director opening sixty games in a minute
        status, headers, body = director.send("POST", "/api/v1/games", NEW_GAME)
        assert status == 429
        assert 1 <= int(headers["Retry-After"]) <= 60
        assert re.fullmatch(r"Too many new games from this address: at most 60 per minute\. Wait \d+ seconds?, "
                            r"then try again; nothing was started\.", message_of(body))
        # Another address is not held back.
        assert elsewhere.send("POST", "/api/v1/games", NEW_GAME)[0] == 201
    finally:
        director.close()
        elsewhere.close()


@pytest.mark.slow
def test_a_club_behind_one_address_is_never_stopped(server):
    """Twenty games opened in a row, then eight phones saving hands at once: all from one NAT address."""
    club = new_address()
    director = Client(server, club)
    try:
        games = [json.loads(director.send("POST", "/api/v1/games", {**NEW_GAME, "options": {"target": 100000}})[2])
                 for _ in range(20)]
    finally:
        director.close()
    assert all("edit_key" in game for game in games)
    statuses = []

    def phone(game):
        client = Client(server, club)
        try:
            for number in range(10):
                sides = WORKED if number % 2 else WORKED[::-1]
                statuses.append(client.send("POST", f"/api/v1/games/{game['id']}/hands", {"sides": sides},
                                            {"Authorization": f"Bearer {game['edit_key']}"})[0])
        finally:
            client.close()

    phones = [threading.Thread(target=phone, args=(game,)) for game in games[:8]]
    for thread in phones:
        thread.start()
    for thread in phones:
        thread.join(120)
    assert statuses == [201] * 80


@pytest.mark.slow
def test_wrong_keys_are_limited_then_even_the_right_key_waits(server):
    owner = Client(server, new_address())
    guesser, other = Client(server, new_address()), Client(server, new_address())
    in_a_fresh_minute()
    try:
        _, _, body = owner.send("POST", "/api/v1/games", NEW_GAME)
        game = json.loads(body)
        path = f"/api/v1/games/{game['id']}/hands"
        guesses = [guesser.send("POST", path, {"sides": WORKED}, {"Authorization": f"Bearer guess-{n}"})[0]
                   for n in range(30)]
        assert guesses == [403] * 30
        status, headers, body = guesser.send("POST", path, {"sides": WORKED},
                                             {"Authorization": f"Bearer {game['edit_key']}"})
        assert status == 429 and int(headers["Retry-After"]) >= 1
        assert message_of(body).startswith("Too many wrong edit keys from this address: at most 30 per minute.")
        # The edit link counts too, and answers a page with the same sentence.
        status, headers, page = guesser.send("GET", f"/games/{game['id']}/join?key={game['edit_key']}")
        assert status == 429 and "Too many wrong edit keys from this address" in page.decode()
        # The owner, elsewhere, goes on saving.
        assert other.send("POST", path, {"sides": WORKED}, {"Authorization": f"Bearer {game['edit_key']}"})[0] == 201
    finally:
        for client in (owner, guesser, other):
            client.close()


@pytest.mark.slow
def test_a_loop_of_blank_sheets_with_unique_names_is_refused_cheaply(server):
    looper = Client(server, new_address())
    answers = []
    in_a_fresh_minute()
    try:
        started = time.monotonic()
        while len(answers) < SHEETS_PER_MINUTE + 20 and time.monotonic() - started < 120:
            query = urlencode({"rules": "classic", "paper": "a4", "hands": 10, "names": uuid.uuid4().hex[:12]})
            asked = time.monotonic()
            status, headers, body = looper.send("GET", f"/print/score-sheet.pdf?{query}")
            answers.append((status, time.monotonic() - asked, headers.get("Retry-After"), body))
    finally:
        looper.close()
    statuses = [status for status, *_ in answers]
    assert statuses == [200] * SHEETS_PER_MINUTE + [429] * 20
    rendered = [seconds for status, seconds, *_ in answers if status == 200]
    refused = [seconds for status, seconds, *_ in answers if status == 429]
    assert statistics.median(refused) < statistics.median(rendered) / 5  # no render behind a refusal
    _, _, retry_after, page = answers[-1]
    assert int(retry_after) >= 1
    assert f"Too many sheets printed from this address: at most {SHEETS_PER_MINUTE} per minute." in page.decode()
    print(f"\nsheets: render median {statistics.median(rendered) * 1000:.0f} ms, "
          f"refusal median {statistics.median(refused) * 1000:.1f} ms")


# --- one render at a time per worker; every limit off with one setting ------------------------------


def limited_app(tmp_path, **config):
    return create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "app.db"),
                       "WTF_CSRF_ENABLED": False, **config})


def test_a_render_while_another_renders_is_answered_busy_at_once(tmp_path):
    app = limited_app(tmp_path)
    with app.app_context():
        slot = limits._semaphore()
    assert slot.acquire(blocking=False)  # another thread of this worker is rendering
    try:
        response = app.test_client().get("/print/cheat-sheet.pdf?rules=classic&paper=a4")
    finally:
        slot.release()
    assert response.status_code == 503
    assert response.headers["Retry-After"] == "2"
    assert "The server is printing another sheet right now. Try again in a few seconds." in response.get_data(True)
    assert app.test_client().get("/print/cheat-sheet.pdf?rules=classic&paper=a4").status_code == 200


def test_the_new_game_form_keeps_what_was_typed_past_the_limit(tmp_path):
    app = limited_app(tmp_path, RATELIMIT_GAMES="2 per hour")
    client = app.test_client()
    form = {"rules": "classic", "names-0": "Sharks", "names-1": "Jets"}
    assert [client.post("/games/new", data=form).status_code for _ in range(2)] == [303, 303]
    response = client.post("/games/new", data=form)
    assert response.status_code == 429 and 1 <= int(response.headers["Retry-After"]) <= 3600
    page = response.get_data(as_text=True)
    assert re.search(r"Too many new games from this address: at most 2 per hour\. Wait \d+ (seconds?|minutes), then try "
                     r"again; nothing was started\.", page)
    assert 'value="Sharks"' in page and 'value="Jets"' in page


def test_a_rematch_counts_as_a_new_game(tmp_path):
    app = limited_app(tmp_path, RATELIMIT_GAMES="1 per hour")
    client = app.test_client()
    assert client.post("/games/new", data={"rules": "classic"}).status_code == 303
    game_id = next(sqlite.connect(app.config["DATABASE"])["games"].rows)["id"]
    response = client.post(f"/games/{game_id}/rematch", data={"token": "t"})
    assert response.status_code == 429
    assert "Too many new games from this address" in response.get_data(as_text=True)


@pytest.mark.parametrize("setting", [{"RATELIMIT_ENABLED": False}, {"RATELIMIT_GAMES": ""}], ids=["all-off", "no-rate"])
def test_limits_switched_off(tmp_path, setting):
    app = limited_app(tmp_path, **{"RATELIMIT_GAMES": "1 per hour", **setting})
    client = app.test_client()
    assert [client.post("/api/v1/games", json=NEW_GAME).status_code for _ in range(5)] == [201] * 5


def test_the_environment_switches_them_off_as_every_setting(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_RATELIMIT_ENABLED", "false")
    monkeypatch.setenv("SCOREKEEPER_DATABASE", str(tmp_path / "env.db"))
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "t")
    app = create_app()
    assert app.config["RATELIMIT_ENABLED"] is False


@pytest.mark.parametrize("text", ["30 a minute", "per minute", "30 per fortnight"])
def test_a_mistyped_limit_stops_the_start(tmp_path, text):
    with pytest.raises(ValueError, match="A rate limit reads like '30 per minute; 300 per hour'"):
        limited_app(tmp_path, RATELIMIT_SHEETS=text)


def test_wrong_keys_with_the_test_client(tmp_path):
    app = limited_app(tmp_path, RATELIMIT_KEYS="3 per minute")
    db = sqlite.connect(app.config["DATABASE"])
    game_id, key = new_game(db)
    client = app.test_client()
    assert [client.get(f"/games/{game_id}/join?key=wrong{n}").status_code for n in range(3)] == [403] * 3
    response = client.get(f"/games/{game_id}/join?key={key}")
    assert response.status_code == 429 and 1 <= int(response.headers["Retry-After"]) <= 60


def test_the_referees_api_is_limited_per_address_with_json_errors(tmp_path):
    """Issue 20, finding 6: the referee's and the checks' answers run the engine; one address asks so many."""
    app = limited_app(tmp_path, RATELIMIT_REFEREE="3 per minute")
    client = app.test_client()
    in_a_fresh_minute(5)
    position = {"hands": ["Q Q K K K 6 7 8 9 10 J", 11, 11, 11], "stock": 61, "pile": "5 9 Q", "turn": 0, "step": "draw"}
    answers = [client.post("/api/v1/play/check", json={"rules": "classic", "position": position, "move": {"kind": "draw"}}),
               client.post("/api/v1/play/moves", json={"rules": "classic", "position": position}),
               client.post("/api/v1/check/meld", json={"rules": "classic", "cards": "K K K"})]
    assert [answer.status_code for answer in answers] == [200, 200, 200]
    for path, body in (("/api/v1/play/check", {"rules": "classic"}), ("/api/v1/check/going-out", {"rules": "classic"})):
        response = client.post(path, json=body)
        assert response.status_code == 429 and 1 <= int(response.headers["Retry-After"]) <= 60
        errors = response.get_json()["errors"]
        assert len(errors) == 1 and errors[0]["field"] == ""
        assert re.fullmatch(r"Too many questions to the referee from this address: at most 3 per minute\. Wait \d+ "
                            r"seconds?, then ask again\.", errors[0]["message"])
    other = limited_app(tmp_path / "other", RATELIMIT_REFEREE="3 per minute").test_client()
    assert other.post("/api/v1/check/meld", json={"rules": "classic", "cards": "K K K"},
                      environ_base={"REMOTE_ADDR": "198.51.100.7"}).status_code == 200
