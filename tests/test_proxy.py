"""Issue 12, finding 1 behind a proxy: X-Forwarded-* believed only when configured, and forms working then.

Two real gunicorn servers on loopback: one as `make run` starts it (no proxy
configured: a client's own X-Forwarded-Proto changes nothing), one told that
one proxy stands in front (SCOREKEEPER_TRUSTED_PROXIES=1), which the requests
here play: they send what nginx sends.
"""

import http.client
import re
from urllib.parse import urlencode, urlsplit

import pytest

from scorekeeper.store import db as store
from scorekeeper.store import sqlite

from .helpers import WORKED, new_game
from .servers import start_gunicorn

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    folder = tmp_path_factory.mktemp("proxy")
    plain = start_gunicorn(folder / "plain.db", workers=1)
    try:
        proxied = start_gunicorn(folder / "proxied.db", workers=1, extra_env={"SCOREKEEPER_TRUSTED_PROXIES": "1"})
    except BaseException:
        plain.stop()
        raise
    yield plain, proxied
    proxied.stop()
    plain.stop()


def ask(server, method, path, headers=None, body=None):
    """One request (redirects not followed); return ``(status, headers, text)``."""
    parts = urlsplit(server.url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.headers, response.read().decode("utf-8", "replace")
    finally:
        connection.close()


def started_game(server):
    database = sqlite.connect(server.database)
    try:
        return new_game(database, hands=[WORKED, WORKED])
    finally:
        database.close()


def test_a_clients_own_forwarded_proto_is_not_believed(servers):
    plain, _ = servers
    game_id, _ = started_game(plain)
    status, _, page = ask(plain, "GET", f"/games/{game_id}/view",
                          {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"})
    assert status == 200
    assert f"http://127.0.0.1:{urlsplit(plain.url).port}/games/{game_id}/view" in page
    assert "https://" not in page


def test_behind_a_configured_proxy_links_are_https_and_the_undo_form_works(servers):
    _, proxied = servers
    game_id, key = started_game(proxied)
    host = f"127.0.0.1:{urlsplit(proxied.url).port}"
    forwarded = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"}
    status, headers, _ = ask(proxied, "GET", f"/games/{game_id}/join?key={key}", forwarded)
    assert status == 303
    cookie = headers["Set-Cookie"].split(";", 1)[0]
    status, _, page = ask(proxied, "GET", f"/games/{game_id}/view", forwarded)
    assert f"https://{host}/games/{game_id}/view" in page
    status, headers, board = ask(proxied, "GET", f"/games/{game_id}", {**forwarded, "Cookie": cookie})
    cookie = headers["Set-Cookie"].split(";", 1)[0]  # the session now holds the form's CSRF token too
    undo = re.search(r'<form method="post" action="([^"]+/undo)">\s*<input type="hidden" name="csrf_token" '
                     r'value="([^"]+)">\s*<input type="hidden" name="expected_version" value="(\d+)">', board)
    assert undo, "the board has its undo form"
    action, token, version = undo.groups()
    form = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie, **forwarded}
    body = urlencode({"csrf_token": token, "expected_version": version})

    # What the browser sends over HTTPS: its own page as Referer (Referrer-Policy: same-origin).
    status, _, _ = ask(proxied, "POST", action, {**form, "Referer": f"https://{host}/games/{game_id}"}, body)
    assert status == 303
    database = sqlite.connect(proxied.database)
    try:
        assert len(store.get_game(database, game_id)["hands"]) == 1
        # CSRF protection is kept: the same form with the token but from an http:// page is refused.
        status, _, page = ask(proxied, "POST", action, {**form, "Referer": f"http://{host}/games/{game_id}"},
                              urlencode({"csrf_token": token, "expected_version": int(version) + 1}))
        assert status == 400 and "Form expired" in page
        assert len(store.get_game(database, game_id)["hands"]) == 1
    finally:
        database.close()
