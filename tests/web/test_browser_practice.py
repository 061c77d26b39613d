"""The practice page in a real phone browser: a whole deal by taps, the coach, a refusal, a hint, a reload,
the narrated deal, progress on and off; axe-core in every state, at 390 and 320 px, light and dark."""

import pytest
from playwright.sync_api import expect

from ..conftest import PHONE, assert_accessible, no_sideways_scroll, screenshot
from .practice_script import SEED, script

pytestmark = pytest.mark.browser


def version(page):
    return page.locator("#practice").get_attribute("data-version")


def tap_cards(page, codes):
    for code in codes:
        box = page.locator(f'#play-form input.pick[value="{code}"]:not(:checked)').first.get_attribute("id")
        page.locator(f'label[for="{box}"]').tap(position={"x": 12, "y": 10})  # its visible top
        expect(page.locator(f"#{box}")).to_be_checked()


def press(page, action, codes=()):
    """Select ``codes`` and press the button ``action``; wait for the page to show the new state."""
    before = version(page)
    tap_cards(page, codes)
    if action == "draw":
        page.locator("button.stock").tap()  # the stock itself draws
    elif action.startswith("add:"):
        page.locator(f'button.tile[value="{action}"]').tap()
    else:
        page.locator(f'.play-actions button[value="{action}"]').tap()
    expect(page.locator("#practice")).not_to_have_attribute("data-version", before)


def start(page, url, seed=SEED):
    page.goto(url + "/practice")
    page.locator("#rules").select_option("classic")
    page.locator("#level").select_option("normal")
    page.locator("#seed").fill(seed)
    page.get_by_role("button", name="Deal").tap()
    expect(page.locator("#next-step")).to_contain_text("Your turn: draw a card")


def test_a_whole_deal_by_taps_with_the_coach(live_server, phone):
    steps, _ = script()
    start(phone, live_server.url)
    assert no_sideways_scroll(phone)
    expect(phone.locator("#play-form label.pc")).to_have_count(11)
    screenshot(phone, "practice-start-390")
    assert_accessible(phone)

    # Progress, off by default, turned on: it counts the deal, the win and the hint.
    expect(phone.locator("#progress-on")).not_to_be_checked()
    expect(phone.locator("#progress-table")).to_be_hidden()
    phone.locator("#progress-on").check()
    expect(phone.locator("#progress-table")).to_be_visible()
    screenshot(phone, "practice-progress-390")
    assert_accessible(phone)
    before = version(phone)
    phone.get_by_role("button", name="Hint").tap()
    expect(phone.locator("#practice")).not_to_have_attribute("data-version", before)
    expect(phone.locator("#log li").first).to_contain_text("Hint: Take the pile with")

    for index, (move, codes, action) in enumerate(steps):
        if index == 2:
            # Discard before nothing is selected: the page says what is missing.
            phone.locator('.play-actions button[value="discard"]').tap()
            expect(phone.locator(".flash-error")).to_have_text("Select the card to discard first.")
            # Selected cards stay selected with the flash? The page came back: select again.
            screenshot(phone, "practice-refusal-390")
            assert_accessible(phone)
        if index == 3:
            phone.reload()  # a reload in the middle of the deal continues it
            expect(phone.locator("#next-step")).to_contain_text("Your turn: draw a card")
        press(phone, action, codes)
        if action == "ask":
            expect(phone.locator("#log li").first).to_contain_text("North says yes: ")
            expect(phone.locator("#next-step")).to_have_text(
                "Your partner said yes: go out this turn, putting down all your cards (one may be discarded).")
        if index == 0:
            expect(phone.locator("#log")).to_contain_text("You took the pile of ")
            tap_cards(phone, steps[1][1][:1])
            screenshot(phone, "practice-selected-390")
            assert_accessible(phone)
            phone.locator(f'#play-form input.pick:checked').first.evaluate("box => box.click()")
    expect(phone.locator("#next-step")).to_have_text("The deal is over: see the score below, then press Next deal.")
    expect(phone.locator("#log li").first).to_contain_text("You went out.")
    expect(phone.locator(".result")).to_contain_text("You and North")
    expect(phone.locator('[data-all="deals"]')).to_have_text("1")
    expect(phone.locator('[data-all="wins"]')).to_have_text("1")
    expect(phone.locator('[data-all="hints"]')).to_have_text("1")
    screenshot(phone, "practice-over-390")
    assert_accessible(phone)
    # Turning progress off deletes what was kept.
    phone.locator("#progress-on").uncheck()
    expect(phone.locator("#progress-table")).to_be_hidden()
    assert phone.evaluate("localStorage.getItem('canasta-practice-progress')") is None
    # New deal keeps the totals.
    phone.locator('.play-actions button[value="next_deal"]').tap()
    expect(phone.locator(".links")).to_contain_text("Deal 2")


def test_a_refusal_before_drawing(live_server, phone):
    start(phone, live_server.url)
    codes = [phone.locator("#play-form input.pick").first.get_attribute("value")]
    tap_cards(phone, codes)
    phone.locator('.play-actions button[value="take"]').wait_for()
    # Discard is not offered before the draw; the form sent as it was is refused by the referee.
    phone.evaluate("""() => { const f = document.getElementById('play-form');
        const b = document.createElement('button'); b.name = 'action'; b.value = 'discard'; b.textContent = 'Discard';
        f.querySelector('.play-actions').appendChild(b); }""")
    phone.locator('.play-actions button[value="discard"]').tap()
    expect(phone.locator(".flash-error")).to_have_text("First draw from the stock or take the pile.")


def test_the_narrated_deal(live_server, phone):
    phone.goto(live_server.url + "/practice/watch")
    expect(phone.get_by_role("heading", level=2).first).to_have_text("Move 0 of " + phone.locator(
        "#step-heading").inner_text().split(" of ")[1])
    phone.locator("#watch-next").tap()
    expect(phone.locator("#step-heading")).to_contain_text("Move 1 of")
    expect(phone.locator("#watch-line")).to_contain_text("South ")
    phone.locator("#watch-next").tap()
    expect(phone.locator("#step-heading")).to_contain_text("Move 2 of")
    phone.locator("#watch-back").tap()
    expect(phone.locator("#step-heading")).to_contain_text("Move 1 of")
    phone.locator("#jump").select_option("first_meld")
    phone.get_by_role("button", name="Go").tap()
    expect(phone.locator("#watch-line")).to_contain_text("put down")
    assert no_sideways_scroll(phone)
    screenshot(phone, "practice-watch-390")
    assert_accessible(phone)
    phone.locator("#watch-play").tap()
    expect(phone.locator("#watch-play")).to_have_text("Pause")
    phone.locator("#watch-play").tap()
    expect(phone.locator("#watch-play")).to_have_text("Play")
    phone.get_by_role("link", name="Back to playing").tap()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Practice Canasta")


@pytest.mark.parametrize(("width", "scheme"), [(320, "light"), (320, "dark"), (390, "dark")])
def test_small_and_dark(live_server, browser, width, scheme):
    context = browser.new_context(**{**PHONE, "viewport": {"width": width, "height": 700}}, color_scheme=scheme)
    page = context.new_page()
    try:
        start(page, live_server.url, seed="t52")
        page.locator("button.stock").tap()
        expect(page.locator("#next-step")).to_contain_text("Put down")
        assert no_sideways_scroll(page)
        screenshot(page, f"practice-{width}-{scheme}")
        assert_accessible(page)
    finally:
        context.close()
