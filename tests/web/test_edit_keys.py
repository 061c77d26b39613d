"""Edit rights are never lost silently: a browser keeps any number of edit keys on the server,
its cookie stays small, an older cookie's keys move over, and before it forgets one it says so."""

import pytest

from scorekeeper import create_app
from scorekeeper.games import access, keyring
from scorekeeper.games.read import load_game
from scorekeeper.store import sqlite
from scorekeeper.store import edit_keys

from ..helpers import held_keys, new_game, parse
from .test_hands import WORKED_NUMBER, add

COOKIE_BOUND = 300  # bytes of the session cookie's value, whatever the number of games


def cookie_size(client):
    cookie = client.get_cookie(client.application.config["SESSION_COOKIE_NAME"])
    return len(cookie.value) if cookie else 0


def join(client, game_id, key, **args):
    return client.get(f"/games/{game_id}/join", query_string={"key": key, **args})


def home_links(client):
    return [link.attrs["href"] for link in parse(client.get("/").data).find_all("a", cls="game-link")]


def test_a_phone_that_opened_100_edit_links_still_edits_the_first(client, db):
    games = [new_game(db, names=[f"Us {n}", f"Them {n}"]) for n in range(100)]
    sizes = []
    for game_id, key in games:
        assert join(client, game_id, key).status_code == 303
        sizes.append(cookie_size(client))
    assert max(sizes) < COOKIE_BOUND
    assert sizes[-1] == sizes[0]  # one more game adds nothing to the cookie
    first, _ = games[0]
    db.execute("update games set updated_at = '2025-01-01T00:00:00+00:00'")  # so that the hand below is the latest change
    db.conn.commit()
    response = add(client, first, WORKED_NUMBER)
    assert response.status_code == 303
    assert response.headers["Location"] == f"/games/{first}"
    game = load_game(db, first)
    assert len(game.hands) == 1 and game.score.totals == (605, -295)
    links = home_links(client)
    assert len(links) == 100 and set(links) == {f"/games/{game_id}" for game_id, _ in games}
    assert links[0] == f"/games/{first}"  # changed last, listed first
    assert held_keys(client) == dict(games)


def test_another_browser_sees_none_of_them_and_no_key_is_stored_in_the_clear(app, client, db):
    games = [new_game(db) for _ in range(5)]
    for game_id, key in games:
        join(client, game_id, key)
    other = app.test_client()
    assert home_links(other) == []
    game_id, key = games[0]
    view = other.get(f"/games/{game_id}/view")
    assert view.status_code == 200 and key not in view.get_data(as_text=True)
    assert add(other, game_id, WORKED_NUMBER).status_code == 403
    assert len(load_game(db, game_id).hands) == 0
    # The viewer now follows it, and still holds no key: its own list has the game as followed only.
    assert held_keys(other) == {}
    assert home_links(other) == [f"/games/{game_id}/view"]
    stored = str(list(db.query("select * from browser_games"))) + str(list(db.query("select * from browsers")))
    assert not any(key in stored for _, key in games)
    with client.session_transaction() as session:
        assert session["browser"] not in stored  # only its hash


def test_a_forged_browser_id_opens_nothing(app, client, db):
    game_id, key = new_game(db)
    join(client, game_id, key)
    with client.session_transaction() as session:
        secret = session["browser"]
    thief = app.test_client()
    with thief.session_transaction() as session:
        session["browser"] = secret[:-2] + ("aa" if not secret.endswith("aa") else "bb")
    assert add(thief, game_id, WORKED_NUMBER).status_code == 403
    assert home_links(thief) == []


def test_an_older_cookie_moves_its_keys_to_the_server_on_the_first_request(client, db):
    (a, key_a), (b, key_b), (c, _) = new_game(db), new_game(db), new_game(db)
    with client.session_transaction() as session:  # as a browser of the last version left it
        session.update({"keys": {a: key_a, b: key_b}, "recent": [b, a], "followed": [c]})
    assert client.get("/").status_code == 200
    with client.session_transaction() as session:
        assert "keys" not in session and "recent" not in session and "followed" not in session
        assert "browser" in session
    assert held_keys(client) == {a: key_a, b: key_b}
    with client.application.test_request_context():
        from flask import session as live

        live.update({"browser": _secret(client), "renewed": 10**9})
        assert access.remembered_game_ids() == [b, a]  # the order of use kept
        assert access.followed_game_ids() == [c]
    assert add(client, a, WORKED_NUMBER).status_code == 303
    assert len(load_game(db, a).hands) == 1


def _secret(client):
    with client.session_transaction() as session:
        return session["browser"]


@pytest.fixture
def small_app(tmp_path):
    """A browser that remembers at most 3 games, to reach the limit in a test."""
    return create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE": str(tmp_path / "small.db"),
                       "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False, "REMEMBERED_GAMES_AT_MOST": 3})


def test_before_a_full_phone_forgets_a_game_it_says_which_and_shows_its_edit_link(small_app):
    client = small_app.test_client()
    db = sqlite.connect(small_app.config["DATABASE"])
    try:
        games = [new_game(db, names=[f"Friday {n}", f"Them {n}"]) for n in range(4)]
        for game_id, key in games[:3]:
            assert join(client, game_id, key).status_code == 303
        for n, (game_id, _) in enumerate(games):  # "Friday 0" changed longest ago, then "Friday 1"...
            db.execute("update games set updated_at = ? where id = ?", [f"2025-0{n + 1}-01T00:00:00+00:00", game_id])
        db.conn.commit()
        oldest_id, oldest_key = games[0]
        link = f"http://localhost/games/{oldest_id}/join?key={oldest_key}"

        home = client.get("/")
        assert home.headers["Cache-Control"] == "private, no-store"  # it shows an edit key
        notice = parse(home.data).find("section", cls="keep-link")
        assert notice.find("h2").text() == "This phone will forget it can edit “Friday 0 vs Them 0”"
        assert notice.find("a", href=link) is not None
        new_page = client.get("/games/new")
        assert parse(new_page.data).find("section", cls="keep-link").find("a", href=link) is not None

        # Opening a fourth edit link asks first: nothing is forgotten yet.
        fourth_id, fourth_key = games[3]
        asked = join(client, fourth_id, fourth_key)
        assert asked.status_code == 200 and asked.headers["Cache-Control"] == "private, no-store"
        page = parse(asked.data)
        assert page.find("h1").text() == "Keep score of this game here?"
        assert page.find("section", cls="keep-link").find("a", href=link) is not None
        assert set(held_keys(client)) == {game_id for game_id, _ in games[:3]}
        keep = page.find("a", cls="primary").attrs["href"]
        assert page.find("a", href=f"/games/{fourth_id}/view").text() == "Only watch it"

        taken = client.get(keep)
        assert taken.status_code == 303 and taken.headers["Location"] == f"/games/{fourth_id}"
        assert set(held_keys(client)) == {game_id for game_id, _ in games[1:]}
        board = parse(client.get(taken.headers["Location"]).data)
        assert "To make room, this phone no longer keeps score of “Friday 0 vs Them 0”." in board.text()
        # The kept link brings it back (and the next one changed longest ago goes, after being named).
        assert "Friday 1 vs Them 1" in parse(client.get(link).data).find("section", cls="keep-link").text()
    finally:
        db.close()


def test_under_the_limit_no_warning_and_pages_stay_cacheable(client, db):
    game_id, key = new_game(db)
    join(client, game_id, key)
    home = client.get("/")
    assert parse(home.data).find("section", cls="keep-link") is None
    assert "no-store" not in home.headers.get("Cache-Control", "")
    assert parse(client.get("/games/new").data).find("section", cls="keep-link") is None


def test_the_forget_page_shows_the_edit_link_to_keep_first(client, db):
    game_id, key = new_game(db)
    join(client, game_id, key)
    page = client.get(f"/games/{game_id}/forget")
    assert page.headers["Cache-Control"] == "private, no-store"
    assert parse(page.data).find("a", href=f"http://localhost/games/{game_id}/join?key={key}") is not None


def test_the_cookie_is_renewed_monthly_and_browsers_gone_for_good_are_let_go(client, db):
    game_id, key = new_game(db)
    join(client, game_id, key)
    browser = keyring.browser_id(_secret(client))
    with client.session_transaction() as session:
        session["renewed"] = session["renewed"] - access.RENEW_AFTER_DAYS - 1
    stale = client.application.config["SESSION_COOKIE_NAME"]
    response = client.get("/")
    assert stale in response.headers.get("Set-Cookie", "")  # sent again: 400 more days
    assert "Max-Age" in response.headers["Set-Cookie"] or "Expires" in response.headers["Set-Cookie"]
    assert client.get("/").headers.get("Set-Cookie") is None  # and not on every page
    edit_keys.forget_browsers_before(db, "9999")  # as if it had been gone longer than its cookie lives
    assert edit_keys.held(db, browser) == {}
    assert db.execute("select count(*) from browsers").fetchone()[0] == 0
