"""The scoreboard and the live view in a real phone-sized browser, served by gunicorn."""

import pytest
from playwright.sync_api import expect

from scorekeeper.store import sqlite
from scorekeeper.games import write as service

from ..conftest import assert_accessible, no_sideways_scroll, screenshot
from ..helpers import WORKED, new_game

pytestmark = pytest.mark.browser

BIG = [{"melded_points": 300, "natural_canastas": 1, "going_out": "concealed"}, {"hand_points": 50}]  # 1,000 / -50
SMALL = [{"melded_points": 180, "hand_points": 20}, {"melded_points": 210, "natural_canastas": 1, "going_out": "out"}]
MID_GAME = [WORKED, BIG, SMALL, WORKED, SMALL]


@pytest.fixture
def database(live_server):
    database = sqlite.connect(live_server.database)
    yield database
    database.close()


def keep_score(page, live_server, game_id, key):
    """Open the edit link, as a partner scanning its QR code would."""
    page.goto(f"{live_server.url}/games/{game_id}/join?key={key}")
    expect(page).to_have_url(f"{live_server.url}/games/{game_id}")


def check_page(page, name):
    assert no_sideways_scroll(page), f"{name} scrolls sideways"
    screenshot(page, name)
    assert_accessible(page)


def test_the_view_says_when_it_lost_the_connection_and_follows_again_as_soon_as_it_is_back(
        live_server, phone, database):
    game_id, _ = new_game(database, hands=[WORKED])
    phone.goto(f"{live_server.url}/games/{game_id}/view")
    expect(phone.locator("#live-text")).to_have_text("Follows the game live.")
    phone.context.set_offline(True)
    expect(phone.locator("#live-text")).to_have_text("No connection; trying again…")  # at the next 3 s poll
    service.add_hand(database, game_id, BIG)
    phone.context.set_offline(False)
    # At once, not at the end of the wait that grows after each failure (6 s after the first): the
    # browser says it is online again. 4 s leaves room for a slow machine and none for that wait.
    expect(phone.locator("#live-text")).to_have_text("Follows the game live.", timeout=4_000)
    expect(phone.locator(".total-card").first.locator(".total-points")).to_have_text("1,605")
    # What failed offline (the polls, the service worker's update check) is the browser's own line,
    # not the page's error.
    offline_noise = ("net::ERR_", "An unknown error occurred when fetching the script.")
    phone.problems[:] = [problem for problem in phone.problems if not any(noise in problem for noise in offline_noise)]


def test_the_view_follows_the_game_without_reload(live_server, phone, database):
    game_id, _ = new_game(database, hands=[WORKED], seats=["Ann", "Cy", "Bob", "Di"])
    phone.goto(f"{live_server.url}/games/{game_id}/view")
    first = phone.locator(".total-card").first
    expect(first.locator(".total-points")).to_have_text("605")
    expect(phone.locator("#live-text")).to_have_text("Follows the game live.")
    phone.evaluate("window.notReloaded = true")

    service.add_hand(database, game_id, BIG)

    expect(first.locator(".total-points")).to_have_text("1,605")  # at the next 3 s poll
    expect(first.locator(".needs")).to_have_text("needs 90 to meld first")
    expect(phone.locator("tr[id^=hand-]")).to_have_count(2)
    expect(phone.locator("#announce")).to_have_text(
        "Scores updated after hand 2: Ann & Bob 1,605, Cy & Di −345."
    )
    assert phone.evaluate("window.notReloaded") is True  # swapped in place, not reloaded
    assert phone.locator("a[href*='/hands/']").count() == 0
    check_page(phone, "board-view")


def test_a_breakdown_opens_on_demand(live_server, phone, database):
    game_id, key = new_game(database, hands=MID_GAME, seats=["Ann", "Cy", "Bob", "Di"])
    keep_score(phone, live_server, game_id, key)
    number = phone.locator("#hand-1 th > a")
    expect(number).to_have_attribute("aria-expanded", "false")
    box = number.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    number.click()
    expect(number).to_have_attribute("aria-expanded", "true")
    opened = phone.locator("#hand-1 + tr.hand-more")
    expect(opened.locator(".breakdown").first).to_contain_text("Canasta bonuses+300")
    expect(opened.locator(".hand-note")).to_have_text("Ann dealt hand 1.")
    expect(opened.get_by_role("link", name="Edit hand 1")).to_be_visible()
    assert phone.url == f"{live_server.url}/games/{game_id}"  # opened in place
    # A change from the partner's phone keeps the open breakdown open.
    service.add_hand(database, game_id, SMALL)
    expect(phone.locator("tr[id^=hand-]")).to_have_count(6)  # at the next 3 s poll
    expect(phone.locator("#hand-1 + tr.hand-more .breakdown").first).to_contain_text("Hand score+605")
    check_page(phone, "board-breakdown-open")
    # A second tap closes it.
    phone.locator("#hand-1 th > a").click()
    expect(phone.locator("tr.hand-more")).to_have_count(0)


def test_without_javascript_a_hand_opens_in_the_page(live_server, browser, database):
    from ..conftest import PHONE

    game_id, _ = new_game(database, hands=MID_GAME, seats=["Ann", "Cy", "Bob", "Di"])
    context = browser.new_context(**PHONE, java_script_enabled=False)
    page = context.new_page()
    try:
        view = f"{live_server.url}/games/{game_id}/view"
        page.goto(view)
        page.locator("#hand-2 th > a").click()
        expect(page).to_have_url(f"{view}?hand=2#hand-2")
        opened = page.locator("#hand-2 + tr.hand-more")
        expect(opened.locator(".breakdown").first).to_contain_text("Going out+200")
        expect(opened.locator(".hand-note")).to_have_text("Cy dealt hand 2.")
        assert no_sideways_scroll(page)
        screenshot(page, "board-hand-open-without-js")
        page.locator("#hand-2 th > a").click()
        expect(page).to_have_url(f"{view}#hand-2")
        expect(page.locator("tr.hand-more")).to_have_count(0)
        expect(page.get_by_role("link", name="Refresh")).to_be_visible()
        # The breakdown also has a page of its own.
        page.goto(f"{live_server.url}/games/{game_id}/breakdown/2")
        expect(page.get_by_role("heading", level=1)).to_have_text("Hand 2")
        page.get_by_role("link", name="Back to the scores").click()
        expect(page).to_have_url(f"{view}#hand-2")
    finally:
        context.close()


def test_the_scoreboard_mid_game(live_server, phone, database):
    game_id, key = new_game(database, hands=MID_GAME, seats=["Ann", "Cy", "Bob", "Di"])
    keep_score(phone, live_server, game_id, key)
    expect(phone.get_by_role("link", name="Add hand 6")).to_be_visible()
    add = phone.get_by_role("link", name="Add hand 6").bounding_box()
    assert add["height"] >= 44 and add["width"] >= 300
    expect(phone.locator(".total-points")).to_have_text(["2,530", "980"])
    expect(phone.locator(".needs")).to_have_text(["needs 90 to meld first", "needs 50 to meld first"])
    expect(phone.locator(".standing")).to_have_text("Ann & Bob lead by 1,550. Cy deals hand 6.")
    # Sharing is a page of its own now: the board only links to it.
    expect(phone.get_by_role("link", name="Share with the table: links and QR codes")).to_be_visible()
    expect(phone.locator("svg.qr")).to_have_count(0)
    check_page(phone, "board-mid-game")


def test_the_scoreboard_at_the_end(live_server, phone, database):
    game_id, key = new_game(database, hands=MID_GAME + [BIG, BIG, BIG], seats=["Ann", "Cy", "Bob", "Di"])
    keep_score(phone, live_server, game_id, key)
    expect(phone.locator(".banner-text")).to_have_text("Ann & Bob win by 4,700")
    expect(phone.get_by_role("link", name="Add hand 9")).to_have_count(0)
    check_page(phone, "board-finished")


def test_three_players_fit_a_phone(live_server, phone, database):
    lone = [{"members": [0], "melded_points": 200, "natural_canastas": 1, "mixed_canastas": 1, "going_out": "out"},
            {"members": [1, 2], "melded_points": 100, "hand_points": 30, "red_threes": [1, 0]}]
    names = ["Annabelle Fitzgerald", "Bartholomew", "Cy"]
    game_id, key = new_game(database, rules="classic-3p", names=names, hands=[lone, lone, lone])
    keep_score(phone, live_server, game_id, key)
    expect(phone.locator(".total-points")).to_have_text(["3,300", "510", "210"])
    check_page(phone, "board-three-players")


def test_the_board_in_dark_mode(live_server, phone, database):
    game_id, _ = new_game(database, hands=MID_GAME)
    phone.emulate_media(color_scheme="dark")
    phone.goto(f"{live_server.url}/games/{game_id}")
    background = phone.evaluate("getComputedStyle(document.body).backgroundColor")
    line = phone.evaluate("getComputedStyle(document.querySelector('.chart-svg .series-0')).stroke")
    assert background == "rgb(18, 21, 19)" and line == "rgb(95, 211, 154)"
    check_page(phone, "board-dark")


def test_home_lists_the_games_kept_on_this_phone(live_server, phone, database):
    older, older_key = new_game(database, hands=[WORKED], names=["Us", "Them"])
    newer, newer_key = new_game(database, hands=MID_GAME + [BIG, BIG, BIG])
    new_game(database, names=["Somebody", "Else"])  # not kept here: never listed
    keep_score(phone, live_server, older, older_key)
    keep_score(phone, live_server, newer, newer_key)
    database.execute("update games set updated_at = '2025-03-01T20:00:00+00:00' where id = ?", [newer])
    service.add_hand(database, older, WORKED)  # changed last: listed first
    phone.goto(live_server.url + "/")
    games = phone.locator(".game-link")
    expect(games).to_have_count(2)
    expect(games.locator(".game-names")).to_have_text(["Us vs Them", "Ann & Bob vs Cy & Di"])
    expect(games.nth(1)).to_contain_text("Ann & Bob win by 4,700")
    expect(phone.get_by_role("link", name="New game")).to_be_visible()
    check_page(phone, "home-games")
    games.first.click()
    expect(phone).to_have_url(f"{live_server.url}/games/{older}")


def test_a_long_game_stays_readable(live_server, phone, database):
    game_id, key = new_game(database, hands=MID_GAME * 6, options={"target": 100000})
    keep_score(phone, live_server, game_id, key)
    expect(phone.locator("table.hands tbody tr")).to_have_count(30)
    expect(phone.locator(".chart-svg .x-labels text")).to_have_text(["0", "5", "10", "15", "20", "25", "30"])
    label = phone.locator(".chart-svg .target-label").bounding_box()
    chart = phone.locator(".chart-svg").bounding_box()
    assert chart["y"] <= label["y"] and label["y"] + label["height"] <= chart["y"] + chart["height"]
    check_page(phone, "board-long-game")


def test_a_new_game_invites_sharing(live_server, phone, database):
    game_id, key = new_game(database, seats=["Ann", "Cy", "Bob", "Di"])
    keep_score(phone, live_server, game_id, key)
    expect(phone.get_by_role("link", name="Add hand 1")).to_be_visible()
    expect(phone.locator(".standing")).to_have_text("Ann deals hand 1.")
    expect(phone.locator(".chart-svg")).to_have_count(0)
    share = phone.get_by_role("link", name="Share with the table", exact=True)
    expect(share).to_be_in_viewport()  # on the first screen of a new game
    box = share.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 300
    check_page(phone, "board-new-game")

    share.click()
    expect(phone).to_have_url(f"{live_server.url}/games/{game_id}/share")
    expect(phone.get_by_role("heading", level=1)).to_have_text("Share with the table")
    view_link = f"{live_server.url}/games/{game_id}/view"
    expect(phone.locator("#view-url")).to_have_value(view_link)
    code = phone.get_by_role("img", name="QR code of the view link")
    expect(code).to_be_in_viewport()
    size = code.bounding_box()
    assert size["width"] >= 200 and abs(size["width"] - size["height"]) < 1  # big and square enough to scan
    expect(phone.get_by_role("img", name="QR code of the edit link")).to_be_hidden()
    expect(phone.get_by_role("button", name="Copy the view link")).to_be_visible()
    check_page(phone, "share-page")
    phone.get_by_text("Let a partner keep score").click()
    expect(phone.get_by_role("img", name="QR code of the edit link")).to_be_visible()
    expect(phone.locator("#edit-url")).to_have_value(f"{live_server.url}/games/{game_id}/join?key={key}")
    check_page(phone, "share-page-edit-link")
    phone.get_by_role("button", name="Copy the view link").click()
    expect(phone.locator(".copy-status").first).not_to_be_empty()

    # The view link works on a phone without the key: the same board, nothing to change, no share page.
    other = phone.context.browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = other.new_page()
        page.goto(view_link)
        expect(page.locator(".total-points")).to_have_text(["0", "0"])
        expect(page.get_by_role("link", name="Add hand 1")).to_have_count(0)
        expect(page.get_by_role("link", name="Share with the table")).to_have_count(0)
        expect(page.locator("#view-url")).to_have_value(view_link)  # to pass on
        assert page.goto(f"{live_server.url}/games/{game_id}/share").status == 403
    finally:
        other.close()
