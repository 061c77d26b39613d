"""Managing a started game on a real phone-sized browser, served by gunicorn: renaming it while
another phone follows, a rematch, a new edit link that takes the old one's rights away, forgetting it."""

import pytest
from playwright.sync_api import expect

from scorekeeper.store import db as store
from scorekeeper.store import sqlite

from ..conftest import BROWSER_WAIT_MS, PHONE
from ..helpers import WORKED, new_game
from .test_browser_board import BIG, check_page, keep_score

pytestmark = pytest.mark.browser

SEATS = ["Ann", "Cy", "Bob", "Di"]


@pytest.fixture
def database(live_server):
    database = sqlite.connect(live_server.database)
    yield database
    database.close()


@pytest.fixture
def other_phone(browser):
    """A second phone at the table, with a context (so a session) of its own."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.set_default_timeout(BROWSER_WAIT_MS)
    yield page
    context.close()


def test_a_rename_shows_at_once_on_the_phones_that_follow(live_server, phone, other_phone, database):
    game_id, key = new_game(database, hands=[WORKED, WORKED], seats=SEATS)
    other_phone.goto(f"{live_server.url}/games/{game_id}/view")
    expect(other_phone.locator(".total-name")).to_have_text(["Ann & Bob", "Cy & Di"])
    other_phone.evaluate("window.notReloaded = true")

    keep_score(phone, live_server, game_id, key)
    phone.get_by_role("link", name="Game settings: names, seats, play again").click()
    expect(phone).to_have_url(f"{live_server.url}/games/{game_id}/settings")
    expect(phone.get_by_label("Seat 1 (deals hand 3)")).to_have_value("Bob")  # who deals next comes first
    check_page(phone, "settings")

    # A name past the limit comes back beside its field, with what was typed.
    phone.get_by_label("Team 1").fill("The Ann and Bob partnership of Elm Street!")  # 40 is the limit: maxlength
    phone.get_by_label("Team 2").fill("Cy & Di")
    phone.get_by_label("Seat 3").fill("")
    phone.get_by_role("button", name="Save names and seats").click()
    expect(phone.locator("#seats-2-error")).to_have_text("Name every seat, or none.")
    # Chromium logs the 422 of the page that answers the form; here it is the answer expected.
    phone.problems[:] = [problem for problem in phone.problems if "status of 422" not in problem]
    expect(phone.get_by_label("Seat 2")).to_have_value("Di")
    expect(phone.get_by_label("Team 1")).to_have_value("The Ann and Bob partnership of Elm Stree")
    check_page(phone, "settings-error")

    phone.get_by_label("Team 1").fill("Sharks")
    phone.get_by_label("Team 2").fill("Jets")
    phone.get_by_label("Seat 3").fill("Ann")
    phone.get_by_role("button", name="Save names and seats").click()
    expect(phone).to_have_url(f"{live_server.url}/games/{game_id}")
    expect(phone.locator(".flash")).to_have_text("Names and seats saved. The scores stay as they were.")
    expect(phone.locator(".total-name")).to_have_text(["Sharks", "Jets"])
    expect(phone.locator(".total-points")).to_have_text(["1,210", "−590"])
    expect(phone.locator(".standing")).to_contain_text("Bob deals hand 3.")

    # The phone that follows swaps in the new names by itself.
    expect(other_phone.locator(".total-name")).to_have_text(["Sharks", "Jets"])  # at the next 3 s poll
    expect(other_phone.locator(".total-points")).to_have_text(["1,210", "−590"])
    assert other_phone.evaluate("window.notReloaded") is True
    assert store.get_game(database, game_id)["seats"] == ["Ann", "Cy", "Bob", "Di"]


def test_new_game_same_table_from_a_finished_board(live_server, phone, database):
    game_id, key = new_game(database, hands=[WORKED, BIG], options={"target": 1500}, seats=SEATS)
    keep_score(phone, live_server, game_id, key)
    expect(phone.locator(".banner-text")).to_have_text("Ann & Bob win by 1,950")
    rematch = phone.get_by_role("button", name="New game, same table")
    expect(rematch).to_be_in_viewport()  # on the first screen of a finished game
    box = rematch.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 300
    check_page(phone, "board-finished-rematch")
    rematch.click()
    expect(phone.locator(".flash")).to_have_text(
        "New game started at the same table. Cy deals first. The last game stays on the list.")
    assert phone.url != f"{live_server.url}/games/{game_id}"
    expect(phone.locator(".total-points")).to_have_text(["0", "0"])
    expect(phone.locator(".standing")).to_have_text("Cy deals hand 1.")
    expect(phone.get_by_role("link", name="Add hand 1")).to_be_visible()  # this phone keeps score for it
    check_page(phone, "board-rematch")
    phone.goto(live_server.url + "/")
    expect(phone.locator(".game-link")).to_have_count(2)


def test_a_new_edit_link_takes_the_old_ones_rights_away(live_server, phone, other_phone, database):
    game_id, old_key = new_game(database, hands=[WORKED], seats=SEATS)
    keep_score(phone, live_server, game_id, old_key)
    keep_score(other_phone, live_server, game_id, old_key)  # the leaked link, opened
    expect(other_phone.get_by_role("link", name="Add hand 2")).to_be_visible()

    phone.goto(f"{live_server.url}/games/{game_id}/settings")
    phone.get_by_role("link", name="Make a new edit link").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Make a new edit link?")
    check_page(phone, "settings-new-edit-link")
    phone.get_by_role("button", name="Yes, make a new edit link").click()
    expect(phone).to_have_url(f"{live_server.url}/games/{game_id}/share?new_link=1")
    expect(phone.locator(".flash")).to_contain_text("The old edit link no longer works.")
    edit_url = phone.locator("#edit-url")
    expect(edit_url).to_be_visible()
    new_link = edit_url.input_value()
    assert new_link.startswith(f"{live_server.url}/games/{game_id}/join?key=") and old_key not in new_link
    expect(phone.get_by_role("img", name="QR code of the edit link")).to_be_visible()
    check_page(phone, "share-page-new-edit-link")

    # The phone with the old link loses its edit controls by itself, and its old key is refused.
    expect(other_phone.get_by_role("link", name="Add hand 2")).to_have_count(0)  # at the next 3 s poll
    assert other_phone.goto(f"{live_server.url}/games/{game_id}/join?key={old_key}").status == 403
    other_phone.goto(live_server.url + "/")
    expect(other_phone.locator(".game-meta")).to_contain_text("view only: its edit link was replaced")
    # This phone goes on keeping score.
    phone.goto(f"{live_server.url}/games/{game_id}")
    expect(phone.get_by_role("link", name="Add hand 2")).to_be_visible()


def test_forgetting_a_game_on_this_phone(live_server, phone, database):
    game_id, key = new_game(database, hands=[WORKED], names=["Us", "Them"])
    keep_score(phone, live_server, game_id, key)
    phone.goto(live_server.url + "/")
    forget = phone.get_by_role("link", name="Forget on this phone (Us vs Them)")
    assert forget.bounding_box()["height"] >= 44
    check_page(phone, "home-forget")
    forget.click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Forget this game on this phone?")
    check_page(phone, "settings-forget")
    phone.get_by_role("button", name="Yes, forget it on this phone").click()
    expect(phone).to_have_url(live_server.url + "/")
    expect(phone.locator(".flash")).to_contain_text("“Us vs Them” is no longer on this phone.")
    expect(phone.locator(".game-link")).to_have_count(0)
    # The game stays; its edit link brings it back.
    keep_score(phone, live_server, game_id, key)
    phone.goto(live_server.url + "/")
    expect(phone.locator(".game-link")).to_have_count(1)
