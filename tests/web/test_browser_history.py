"""Undo that undoes and Redo, from the scoreboard, and the history page, in a real browser.

Each kind of change (add, edit, delete, rename) is made through its page, undone and redone from
the board's control, which says what it will undo, with the totals checked after each step.
"""

import re

import pytest
from playwright.sync_api import expect

from ..conftest import PHONE, assert_accessible, no_sideways_scroll, screenshot
from .test_browser_hands import board_totals, open_hand_form, start_game
from .test_browser_offline import fill_hand

pytestmark = pytest.mark.browser


def add(page, number, first, second):
    open_hand_form(page, number)
    fill_hand(page, first, second)
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".flash")).to_contain_text(f"Hand {number} saved.")


def undo_then_redo(page, words, undone, redone):
    page.get_by_role("button", name=f"Undo: {words}").click()
    expect(page.locator(".flash")).to_have_text(f"Undone: {words}. Redo puts it back.")
    expect(board_totals(page)).to_have_text(undone)
    page.get_by_role("button", name=f"Redo: {words}").click()
    expect(page.locator(".flash")).to_have_text(f"Redone: {words}.")
    expect(board_totals(page)).to_have_text(redone)


def test_undo_and_redo_each_kind_of_change_from_the_board_then_the_history(live_server, phone):
    start_game(phone, live_server.url)
    board = phone.url
    add(phone, 1, 90, 50)
    add(phone, 2, 120, 70)
    expect(board_totals(phone)).to_have_text(["210", "120"])
    undo_then_redo(phone, "add of hand 2", ["90", "50"], ["210", "120"])

    # An edit gets its old values back.
    phone.goto(board + "/hands/1/edit")
    phone.locator("#sides-0-melded_points").fill("500")
    phone.get_by_role("button", name="Save changes").click()
    expect(board_totals(phone)).to_have_text(["620", "120"])
    undo_then_redo(phone, "edit of hand 1", ["210", "120"], ["620", "120"])

    # A deleted hand comes back as it was, in its place.
    phone.goto(board + "/hands/1/delete")
    phone.get_by_role("button", name="Yes, delete hand 1").click()
    expect(board_totals(phone)).to_have_text(["120", "70"])
    expect(phone.get_by_role("button", name="Undo: delete of hand 1")).to_be_visible()
    assert no_sideways_scroll(phone)
    phone.locator(".undo-redo").scroll_into_view_if_needed()
    screenshot(phone, "undo-control")
    undo_then_redo(phone, "delete of hand 1", ["620", "120"], ["120", "70"])
    phone.get_by_role("button", name="Undo: delete of hand 1").click()
    expect(phone.locator("table.hands tbody tr")).to_have_count(2)
    expect(phone.locator("#hand-1 td").first).to_contain_text("+500")  # back first, with its edited values

    # A rename.
    phone.get_by_role("link", name="Game settings: names, seats, play again").click()
    phone.get_by_label("Team 1").fill("Sharks")
    phone.get_by_label("Team 2").fill("Jets")
    phone.get_by_role("button", name="Save names and seats").click()
    expect(phone.locator(".total-name")).to_have_text(["Sharks", "Jets"])
    phone.get_by_role("button", name="Undo: rename of the teams").click()
    expect(phone.locator(".total-name")).to_have_text(["Ann & Bob", "Cy & Di"])
    expect(board_totals(phone)).to_have_text(["620", "120"])
    phone.get_by_role("button", name="Redo: rename of the teams").click()
    expect(phone.locator(".total-name")).to_have_text(["Sharks", "Jets"])

    # The history: every change, newest first, when and from which phone.
    phone.get_by_role("link", name="History").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("History")
    rows = phone.locator(".history-row")
    expect(rows.first).to_contain_text(re.compile(r"Redo: rename\s+just now \(\d\d:\d\d UTC\) · by this phone"))
    expect(rows.filter(has_text="Hand 1 deleted")).to_contain_text("by this phone")
    expect(rows).to_have_count(14)
    expect(phone.get_by_role("button", name="Undo: rename of the teams")).to_be_visible()
    assert no_sideways_scroll(phone)
    screenshot(phone, "history-page")
    assert_accessible(phone)


@pytest.mark.parametrize("look", ["dark", "320px"])
def test_the_history_and_the_undo_control_read_well_dark_and_narrow(live_server, browser, look):
    options = dict(PHONE, color_scheme="dark") if look == "dark" else dict(PHONE, viewport={"width": 320, "height": 700})
    context = browser.new_context(**options)
    try:
        page = context.new_page()
        start_game(page, live_server.url)
        add(page, 1, 90, 50)
        page.goto(page.url + "/hands/1/delete")
        page.get_by_role("button", name="Yes, delete hand 1").click()
        expect(page.get_by_role("button", name="Undo: delete of hand 1")).to_be_visible()
        assert no_sideways_scroll(page)
        assert_accessible(page)
        page.get_by_role("link", name="History").click()
        expect(page.locator(".history-row")).to_have_count(2)
        assert no_sideways_scroll(page)
        screenshot(page, f"history-{look}")
        assert_accessible(page)
    finally:
        context.close()
