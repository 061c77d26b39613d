"""The practice page between two moves: what a refused move or a hint leaves selected, and how the other seats'
moves appear (one by one, at the top of *What just happened*, with no blank gap above them)."""

import pytest
from playwright.sync_api import expect

from .test_browser_practice import press, start, tap_cards, version

pytestmark = pytest.mark.browser

SEED = "ill1"  # after the draw the hand holds the 10 of hearts and the 5 of diamonds, which make no meld


def checked(page):
    return page.locator("#play-form input.pick:checked").evaluate_all("boxes => boxes.map(b => b.value)")


def test_a_refused_meld_keeps_the_cards_selected(live_server, phone):
    start(phone, live_server.url, seed=SEED)
    press(phone, "draw")
    tap_cards(phone, ["10H", "5D"])
    phone.locator('.play-actions button[value="meld"]').tap()
    expect(phone.locator(".flash-error")).to_contain_text("10s (10♥): ")
    assert sorted(checked(phone)) == ["10H", "5D"]
    # Unselect one and discard the other: the selection is the player's to change.
    phone.locator('label[for="' + phone.locator('#play-form input.pick[value="5D"]').get_attribute("id") + '"]').tap(
        position={"x": 12, "y": 10})
    press(phone, "discard")
    expect(phone.locator("#log li[data-n=\"2\"]")).to_have_text("You discarded the 10 of hearts.")


def test_a_hint_keeps_the_cards_selected(live_server, phone):
    start(phone, live_server.url, seed=SEED)
    press(phone, "draw")
    tap_cards(phone, ["9S", "9C"])
    before = version(phone)
    phone.locator('.play-actions button[value="hint"]').tap()
    expect(phone.locator("#practice")).not_to_have_attribute("data-version", before)
    expect(phone.locator("#log li").first).to_contain_text("Hint: ")
    assert sorted(checked(phone)) == ["9C", "9S"]


def test_the_other_seats_moves_appear_one_by_one_at_the_top(live_server, phone):
    phone.clock.install()  # the page's timers wait for the test's clock
    start(phone, live_server.url, seed=SEED)
    press(phone, "draw")
    phone.clock.run_for(5_000)
    press(phone, "discard", ["3C"])
    log = phone.locator("#log")
    waiting = log.locator("li.revealing")
    count = waiting.count()
    assert count >= 4, "the discard and three seats' moves are still to be shown"
    # Not yet shown takes no room: nothing blank sits above the moves shown so far.
    assert waiting.evaluate_all("items => items.map(li => li.getBoundingClientRect().height)") == [0] * count
    phone.clock.run_for(1)
    first_shown = log.locator("li:not(.revealing)").first
    expect(first_shown).to_have_text("You discarded the 3 of clubs.")
    assert abs(first_shown.bounding_box()["y"] - log.bounding_box()["y"]) <= 1
    phone.clock.run_for(800)
    expect(log.locator("li:not(.revealing)").first).to_contain_text("West ")
    phone.clock.run_for(800 * count)
    expect(waiting).to_have_count(0)
