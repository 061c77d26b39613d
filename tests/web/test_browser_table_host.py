"""Play with friends in a real phone-sized browser, served by gunicorn: open a table by the form, the host's page
(links, QR codes, a new link, a seat to the computer and back, the end), and play again once a game is over."""

import json
import re
import urllib.request
from urllib.error import HTTPError

import pytest
from playwright.sync_api import expect

from scorekeeper.games import tables
from scorekeeper.store import sqlite

from ..conftest import assert_accessible, no_sideways_scroll, screenshot
from ..servers import start_gunicorn

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The app under gunicorn; computers move in the request that gives them the turn, without a pause."""
    folder = tmp_path_factory.mktemp("tables")
    server = start_gunicorn(folder / "tables.db", workers=2, extra_env={
        "SCOREKEEPER_TABLES_COMPUTER_DELAY": "0", "SCOREKEEPER_TABLES_COMPUTER_THREADS": "false"})
    yield server
    server.stop()


def call(server, method, path, body=None, key=None):
    """``(status, JSON answer)`` of the API, as a client on another machine would ask."""
    request = urllib.request.Request(server.url + path, method=method,
                                     data=None if body is None else json.dumps(body).encode())
    if body is not None:
        request.add_header("Content-Type", "application/json")
    if key:
        request.add_header("Authorization", f"Bearer {key}")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except HTTPError as error:
        return error.code, json.loads(error.read())


def check_page(page, name, width=320):
    """axe-core clean, and no sideways scroll on a 320 px phone."""
    screenshot(page, name)
    assert_accessible(page)
    size = page.viewport_size
    page.set_viewport_size({"width": width, "height": size["height"]})
    assert no_sideways_scroll(page), f"{name} scrolls sideways at {width} px"
    page.set_viewport_size(size)


def seat_link(page, seat):
    return page.locator(f"#link-{seat}").input_value()


def test_a_host_opens_a_table_by_the_form_and_manages_it(server, phone):
    page = phone
    page.goto(f"{server.url}/tables/new")
    check_page(page, "table-new")
    names = ["Ann", "Bob", "Cy", "Di"]
    for seat, name in enumerate(names):
        page.locator(f"#seats-{seat}").fill(name)
    page.locator("#computer-1").select_option("normal")
    page.locator("#computer-3").select_option("easy")
    page.get_by_role("button", name="Open the table").click()
    expect(page).to_have_url(re.compile(rf"{re.escape(server.url)}/tables/[^/]+/host$"))
    table_id = page.url.split("/")[-2]
    expect(page.get_by_role("heading", name="Your table")).to_be_visible()

    # One link and one QR code per person seat; the host's own seat is marked, with its way in.
    expect(page.locator("svg.qr")).to_have_count(2)
    expect(page.locator("input[id^=link-]")).to_have_count(2)
    for seat in (0, 2):
        assert seat_link(page, seat).startswith(f"{server.url}/tables/{table_id}/join?key=")
        expect(page.locator(f"#seat-{seat} svg.qr title")).to_have_text(
            f"QR code of the link to {names[seat]}'s seat")
    expect(page.get_by_role("link", name="Go to your seat").first).to_have_attribute("href", f"/tables/{table_id}")
    expect(page.locator("#seat-0-name")).to_contain_text("(you)")
    expect(page.get_by_role("button", name="Copy the link to cy’s seat")).to_be_visible()
    check_page(page, "table-host")

    # A new link for Cy: said before and after; the old link opens nothing.
    old = seat_link(page, 2)
    expect(page.locator("#seat-2")).to_contain_text("the old link then opens nothing")
    page.get_by_role("button", name="Make a new link for seat 3").click()
    expect(page.locator(".flash")).to_contain_text("The old link opens nothing now")
    new = seat_link(page, 2)
    assert new != old
    assert call(server, "GET", f"/api/v1/tables/{table_id}", key=old.split("key=")[1])[0] == 403
    assert call(server, "GET", f"/api/v1/tables/{table_id}", key=new.split("key=")[1])[1]["seat"] == 2
    opened_old = page.request.get(old, max_redirects=0)
    if opened_old.status != 404:  # once the join route (the seat page's) has landed: the old link opens nothing
        assert opened_old.status == 403

    # Cy's seat to the computer and back to a person (with a new link again).
    page.locator("#who-2").select_option("hard")
    page.get_by_role("button", name="Change who plays seat 3").click()
    expect(page.locator("#seat-2")).to_contain_text("The computer plays this seat, at level hard.")
    expect(page.locator("svg.qr")).to_have_count(1)
    assert call(server, "GET", f"/api/v1/tables/{table_id}", key=new.split("key=")[1])[0] == 403
    page.locator("#who-2").select_option("")
    page.get_by_role("button", name="Change who plays seat 3").click()
    expect(page.locator("svg.qr")).to_have_count(2)
    back = seat_link(page, 2)
    assert back not in (old, new)
    assert call(server, "GET", f"/api/v1/tables/{table_id}", key=back.split("key=")[1])[1]["seat"] == 2

    # The end, after a confirming step.
    page.get_by_role("link", name="End the table…").click()
    expect(page.get_by_role("heading", name="End the table?")).to_be_visible()
    check_page(page, "table-end")
    page.get_by_role("button", name="End the table").click()
    expect(page.locator(".table-state")).to_have_text("The host ended this table.")
    assert call(server, "GET", f"/api/v1/tables/{table_id}")[1]["ended"] is True

    # No key is ever written in the server's log (the access log has no query string; changes are POSTs).
    log = server.log.read_text(errors="replace")
    assert all(link.split("key=")[1] not in log for link in (old, new, back))

    # The browser's tables.
    page.get_by_role("link", name="Your tables").click()
    expect(page.locator(".table-list li")).to_have_count(1)
    expect(page.locator(".table-list li")).to_contain_text("The host ended this table.")
    check_page(page, "tables-index")


def drive_to_game_over(server, table_id, key):
    """Play seat 0 (the computer plays seat 1) through the API until the game is over: each move chosen as an easy
    computer would, from the deal as the server stores it (the test reads its database; the phones never can)."""
    database = sqlite.connect(server.database)
    try:
        for _ in range(20_000):
            table = tables.load(database, table_id)
            if table.game_over:
                return table
            if table.position.over:
                move = {"kind": "next_deal"}
            else:
                assert table.to_move == 0
                move = tables._computer_move(table.position, table.position.to_move, "easy").move.as_dict()
            status, answer = call(server, "POST", f"/api/v1/tables/{table_id}/moves",
                                  {"move": move, "expected_version": table.version}, key)
            assert status == 200 and answer["allowed"], answer
    finally:
        database.close()
    raise AssertionError("the game did not end")


def test_play_again_after_a_game_driven_to_its_end_starts_a_new_board_at_0(server, phone):
    status, opened = call(server, "POST", "/api/v1/tables", {
        "rules": "classic-2p", "options": {"target": 500}, "names": ["Ann", "Bob"], "computer": {"1": "easy"}})
    assert status == 201
    table_id, ann = opened["id"], opened["seats"][0]["key"]
    over = drive_to_game_over(server, table_id, ann)
    old_game, old_hands = over.game.id, len(over.game.score.hands)
    status, answer = call(server, "POST", f"/api/v1/tables/{table_id}/again", {}, ann)
    assert status == 200 and answer["deal"] == 1 and answer["game_id"] != old_game
    assert answer["table"]["totals"] == [0, 0] and answer["table"]["seat"] == 0

    phone.goto(f"{server.url}/games/{answer['game_id']}/view")
    expect(phone.locator(".total-points")).to_have_text(["0", "0"])
    phone.goto(f"{server.url}/games/{old_game}/view")  # the old game stays, every hand of it
    expect(phone.locator("table tbody tr")).to_have_count(old_hands)
    status, seen = call(server, "GET", f"/api/v1/tables/{table_id}", key=ann)
    assert seen["game_id"] == answer["game_id"] and seen["deal"] == 1 and seen["seats"][1]["level"] == "easy"
