"""The talk partial and its forms (web/table_talk.py, templates/tables/_talk.html), and a finished deal's page face up."""

import random
import re

import pytest
from flask import render_template, request

from scorekeeper.games import table_access

from ..api.test_tables import play_out
from ..conftest import assert_accessible, no_sideways_scroll, screenshot
from ..servers import start_gunicorn
from ..tables_helpers import BASE, bearer, keys_of, known_seeds, now, open_table, read, table_app  # noqa: F401


def with_seat_holder(app):
    """The app, with a route that makes this browser hold a seat's key (as the seat page's invite link does)."""
    def hold(table_id, seat):
        table_access.remember_table_key(table_id, seat, request.args["key"])
        return "held"

    app.add_url_rule("/test/hold/<table_id>/<int:seat>", view_func=hold)
    return app


@pytest.fixture
def app(tmp_path, now):
    return with_seat_holder(table_app(tmp_path, TABLES_AWAY_SECONDS=10, TABLES_NUDGE_AFTER=30))


@pytest.fixture
def client(app):
    return app.test_client()


def talk_html(app, view, table_id):
    with app.test_request_context():
        return render_template("tables/_talk.html", view=view, table_id=table_id)


def texts(html, css_class):
    return [re.sub(r"\s+", " ", text).strip() for text in re.findall(rf'class="{css_class}[^"]*">(.*?)</p>', html, re.S)]


def flashes(client):
    with client.session_transaction() as session:
        return [message for _, message in session.pop("_flashes", [])]


# --- the partial ------------------------------------------------------------------------------------------


def test_every_phone_says_who_is_away_and_a_seat_sees_the_phrases_and_the_nudge(app, client, now):
    opened = open_table(client, rules="classic-2p", names=["Ann", "Bob"])
    table_id, keys = opened["id"], keys_of(opened)
    for _ in range(3):  # both phones open: each reads the table now and then
        now[0] += 9
        read(client, table_id, keys[0])
        read(client, table_id, keys[1])
    now[0] += 4
    client.post(f"{BASE}/{table_id}/say", json={"phrase": "good_luck"}, headers=bearer(keys[1]))
    client.post(f"{BASE}/{table_id}/nudge", headers=bearer(keys[1]))
    bobs = read(client, table_id, keys[1])
    html = talk_html(app, bobs, table_id)
    assert texts(html, "talk-away") == []  # Ann has not been away yet: she was nudged, not replaced
    assert texts(html, "talk-nudged") == ["You nudged Ann."]
    assert re.findall(r"<li>(.*?)</li>", html) == ["You: Good luck!"]
    assert re.findall(r'name="phrase" value="(\w+)">([^<]+)<', html) == [
        ("good_luck", "Good luck!"), ("well_played", "Well played!"), ("nice_meld", "Nice meld!"), ("oops", "Oops!"),
        ("thanks", "Thanks!"), ("your_turn", "Your turn!")]
    assert "Nudge Ann" in html and f'action="/tables/{table_id}/nudge"' in html
    anns = read(client, table_id, keys[0])
    html = talk_html(app, anns, table_id)
    assert texts(html, "talk-nudged") == ["Bob nudged you: the table is waiting for your move."]
    assert "Nudge" not in html  # her own move
    now[0] += 11  # Bob unseen: away, the computer plays for him; every phone says so, and the spectator too
    for key in (keys[0], None):
        html = talk_html(app, read(client, table_id, key), table_id)
        assert texts(html, "talk-away") == ["Bob is away: the computer plays for Bob until Bob is back."]
    spectator = talk_html(app, read(client, table_id), table_id)
    assert "<form" not in spectator and "Ann: Good luck!" not in spectator and "Bob: Good luck!" in spectator


# --- the forms ----------------------------------------------------------------------------------------------


def test_the_phrase_and_nudge_forms_work_from_the_seat_this_browser_holds(client, now):
    opened = open_table(client, rules="classic-2p", names=["Ann", "Bob"])
    table_id, keys = opened["id"], keys_of(opened)
    assert client.post(f"/tables/{table_id}/say", data={"phrase": "thanks"}).status_code == 403
    assert client.get(f"/test/hold/{table_id}/1?key={keys[1]}").status_code == 200
    response = client.post(f"/tables/{table_id}/say", data={"phrase": "thanks"})
    assert response.status_code == 303 and response.headers["Location"] == f"/tables/{table_id}#talk"
    assert read(client, table_id, keys[0])["said"][0]["text"] == "Bob: Thanks!"
    client.post(f"/tables/{table_id}/say", data={"phrase": "oops"})
    assert flashes(client) == ["One phrase every 3 seconds: wait 3 seconds, then say it again. Nothing was said."]
    client.post(f"/tables/{table_id}/say", data={"phrase": "rude words"})
    assert flashes(client)[0].startswith("phrase is one of: good_luck")
    client.post(f"/tables/{table_id}/nudge", data={"seat": "0"})
    assert flashes(client)[0].startswith("Ann has had the move for 0 seconds")
    now[0] += 31
    read(client, table_id, keys[0])
    response = client.post(f"/tables/{table_id}/nudge", data={"seat": "0"})
    assert response.status_code == 303 and flashes(client) == []
    assert read(client, table_id, keys[0])["nudged"]["by"] == 1


# --- the replay page --------------------------------------------------------------------------------------


@pytest.fixture
def finished(client, known_seeds):
    opened = open_table(client, rules="classic-2p", names=["Ann", "Bob"], computer={"1": "easy"})
    play_out(client, opened["id"], keys_of(opened), random.Random(4))
    return opened


def test_a_finished_deals_page_steps_through_its_moves_without_javascript(client, finished):
    table_id = finished["id"]
    moves = client.get(f"{BASE}/{table_id}/deals/1").get_json()["moves"]
    first = client.get(f"/tables/{table_id}/deals/1?move=0")
    assert first.status_code == 200 and first.headers["Cache-Control"] == "no-store"
    html = first.get_data(as_text=True)
    assert f"The deal ({len(moves)} moves)" in html and "The cards as they were dealt." in html
    assert 'href="?move=1"' in html and "replay-back" not in html
    html = client.get(f"/tables/{table_id}/deals/1?move=3").get_data(as_text=True)
    assert f"Move 3 of {len(moves)}" in html and moves[2]["line"] in html
    assert 'href="?move=2"' in html and 'href="?move=4"' in html
    assert moves[1]["line"] in html  # "Before that"
    html = client.get(f"/tables/{table_id}/deals/1").get_data(as_text=True)
    assert f"Move {len(moves)} of {len(moves)}" in html and 'class="replay-score"' in html
    assert "replay-next" not in html
    assert client.get(f"/tables/{table_id}/deals/1?move=x").status_code == 200
    assert client.get(f"/tables/{table_id}/deals/2").status_code == 404
    assert client.get("/tables/no-such-table/deals/1").status_code == 404


def test_a_deal_being_played_has_no_page(client):
    opened = open_table(client, rules="classic-2p")
    response = client.get(f"/tables/{opened['id']}/deals/1")
    assert response.status_code == 409 and "hands stay hidden" in response.get_data(as_text=True)


# --- in a browser -----------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """A finished deal and a table in play with talk, on a database served by gunicorn."""
    folder = tmp_path_factory.mktemp("replay")
    app = table_app(folder)
    client = app.test_client()
    opened = open_table(client, rules="classic", names=["Ann", "Bob", "Cy", "Di"],
                        computer={"1": "easy", "2": "easy", "3": "easy"})
    play_out(client, opened["id"], keys_of(opened), random.Random(8))
    talking = open_table(client, rules="classic-2p", names=["Ann", "Bob"])
    keys = keys_of(talking)
    client.post(f"{BASE}/{talking['id']}/say", json={"phrase": "well_played"}, headers=bearer(keys[1]))
    with app.test_request_context():
        view = read(client, talking["id"], keys[1])
        view["seats"][0]["away"] = view["seats"][0]["stand_in"] = True  # as a phone shows it
        talk = render_template("tables/_talk.html", view=view, table_id=talking["id"])
    server = start_gunicorn(folder / "tables.db", workers=1)
    yield server, opened["id"], talk
    server.stop()


@pytest.mark.parametrize("width", [390, 320])
def test_the_replay_page_is_accessible_and_fits_a_narrow_phone(phone, served, width):
    server, table_id, _ = served
    phone.set_viewport_size({"width": width, "height": 844})
    phone.goto(f"{server.url}/tables/{table_id}/deals/1?move=0")
    phone.click("#replay-next")
    assert phone.url.endswith("?move=1")
    assert phone.inner_text("#step-heading").startswith("Move 1 of ")
    phone.click("#replay-last")
    assert phone.locator(".replay-score tbody tr").count() == 2
    screenshot(phone, f"table-replay-{width}")
    assert no_sideways_scroll(phone)
    assert_accessible(phone)


def test_the_talk_partial_is_accessible_and_fits_a_narrow_phone(phone, served):
    server, table_id, talk = served
    phone.set_viewport_size({"width": 320, "height": 844})
    phone.goto(f"{server.url}/tables/{table_id}/deals/1")  # a page of the app's own layout, the talk in its place
    phone.evaluate("html => { document.querySelector('main').innerHTML = '<h1>Ann’s seat</h1>' + html; }", talk)
    assert phone.inner_text(".talk-away") == "Ann is away: the computer plays for Ann until Ann is back."
    phone.click(".talk-say summary")  # the phrases fold away: the table keeps the phone's screen
    assert phone.locator(".talk-phrases button").count() == 6
    screenshot(phone, "table-talk-320")
    assert no_sideways_scroll(phone)
    assert_accessible(phone)
