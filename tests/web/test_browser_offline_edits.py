"""More of keeping score without a connection, in a real browser: a hand's edit saved offline waits in
the outbox and is applied exactly once, and a new service worker is offered, never taken silently."""

import json
import re
import urllib.request

import pytest
from playwright.sync_api import expect

from ..conftest import assert_accessible, no_sideways_scroll, screenshot
from .test_browser_hands import board_totals
from .test_browser_offline import (  # noqa: F401
    add_hand, controlled, own_server, phones, port_of, started, stored_hands)

pytestmark = pytest.mark.browser


def game_version(server, game_id):
    with urllib.request.urlopen(f"{server.url}/api/v1/games/{game_id}", timeout=10) as answer:
        return json.load(answer)["version"]


def test_a_hand_edited_offline_waits_in_the_outbox_and_is_applied_once_back_online(live_server, phones):
    phone = phones(live_server)
    page = phone.page
    game_id = started(page, phone.url)
    board = page.url
    add_hand(page, 1, 90, 50)
    expect(board_totals(page)).to_have_text(["90", "50"])
    page.goto(f"{board}/hands/1/edit")
    expect(page.get_by_role("heading", level=1)).to_have_text("Edit hand 1")
    second = phone.context.new_page()  # another tab of the same phone, on the board: it sends the outbox too
    second.goto(board)

    phone.cut_off()
    page.locator("#sides-0-melded_points").fill("120")
    page.get_by_role("button", name="Save changes").click()
    expect(page.locator(".offline-kept")).to_contain_text(
        "No connection: The change to hand 1 is kept on this phone and will be sent by itself")
    expect(page.locator("#sides-0-melded_points")).to_have_value("120")
    assert no_sideways_scroll(page)
    screenshot(page, "offline-edit-kept")
    assert_accessible(page)

    page.goto(board)  # the board's copy, the change shown waiting with what was typed
    expect(page.locator(".offline-banner")).to_contain_text(
        re.compile(r"^Offline — showing the score as of \d\d:\d\d; 1 change to a hand waiting to be sent"))
    waiting = page.locator(".outbox-entry")
    expect(waiting).to_have_count(1)
    expect(waiting).to_contain_text(re.compile(r"The change to hand 1, typed at \d\d:\d\d: waiting to be sent"))
    expect(waiting).to_contain_text("Ann & Bob: Melded points 120")
    expect(board_totals(page)).to_have_text(["90", "50"])
    screenshot(page, "offline-edit-waiting")
    assert_accessible(page)
    assert stored_hands(live_server, game_id)[0]["sides"][0]["melded_points"] == 90

    # Back online: both tabs send what waits; the server applies it once.
    phone.back_online()
    expect(board_totals(page)).to_have_text(["120", "50"])
    expect(page.locator(".outbox-entry")).to_have_count(0)
    # The other tab shows it too: it reloads by itself once it has sent it, or its live view brings
    # it (a reload from here could cut its own short).
    expect(board_totals(second)).to_have_text(["120", "50"])
    expect(second.locator(".outbox-entry")).to_have_count(0)
    hands = stored_hands(live_server, game_id)
    assert len(hands) == 1 and hands[0]["sides"][0]["melded_points"] == 120
    assert game_version(live_server, game_id) == 2  # the hand added, then changed once
    assert page.evaluate("localStorage.getItem('outbox')") == "[]"


def registration_state(page):
    return page.evaluate("""async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        return {waiting: !!reg.waiting, installing: !!reg.installing, active: reg.active && reg.active.state};
    }""")


def test_a_new_service_worker_is_offered_and_taken_only_when_the_player_says(own_server, phones):
    server = own_server(SCOREKEEPER_RELEASE="first")
    phone = phones()
    page = phone.page
    started(page, server.url)
    assert '"first"' in page.evaluate("async () => (await fetch('/sw.js')).text()")
    page.evaluate("window.notReloaded = true")

    server.stop()
    server = own_server(port=port_of(server), SCOREKEEPER_RELEASE="second")  # a new release: new worker bytes
    page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).update()")
    prompt = page.locator(".update-prompt")
    expect(prompt).to_contain_text("A new version of the app is ready.")
    assert page.evaluate("window.notReloaded") is True  # offered, not reloaded under the player
    assert registration_state(page)["waiting"] is True
    assert page.locator(".update-prompt").evaluate("e => e.closest('main') && e.closest('.offline-ui') !== null")
    expect(page.locator(".offline-banner")).to_have_count(0)  # the server's restart, seen by the live poll, is over
    screenshot(page, "update-prompt")
    assert_accessible(page)

    page.get_by_role("button", name="Update now").click()
    expect(prompt).to_have_count(0)
    page.wait_for_load_state()
    assert page.evaluate("window.notReloaded") is None  # reloaded, once taken
    for _ in range(100):
        state = registration_state(page)
        if state == {"waiting": False, "installing": False, "active": "activated"}:
            break
        page.wait_for_timeout(100)
    assert state == {"waiting": False, "installing": False, "active": "activated"}  # the new one runs now
    controlled(page)
    assert '"second"' in page.evaluate("async () => (await fetch('/sw.js')).text()")
