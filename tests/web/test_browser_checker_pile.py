"""The discard pile check on a phone, for a side that has not melded: it asks for the total beside its field,
then answers with the minimum; at 390 and 320 px, light and dark, axe-clean and without sideways scroll."""

import pytest
from playwright.sync_api import expect

from ..conftest import PHONE, assert_accessible, no_sideways_scroll, screenshot
from .test_browser_entry import words_broken_across_lines

pytestmark = pytest.mark.browser

LOOKS = [(390, "light"), (390, "dark"), (320, "light"), (320, "dark")]


@pytest.mark.parametrize(("width", "scheme"), LOOKS, ids=[f"{width}-{scheme}" for width, scheme in LOOKS])
def test_the_pile_check_asks_for_the_total_then_answers_with_the_minimum(browser, live_server, width, scheme):
    context = browser.new_context(**{**PHONE, "viewport": {"width": width, "height": 844 if width == 390 else 568},
                                     "color_scheme": scheme})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(live_server.url + "/check/pile")
        page.locator("#pile_top").select_option("8")
        picker = page.locator('[data-picker-for="hand"]')
        for token in ["8", "8", "K", "K", "K", "2", "5"]:
            picker.locator(f'[data-card="{token}"]').tap()
        expect(page.locator("#hand")).to_have_value("8 8 K K K 2 5")
        page.get_by_role("button", name="Check").tap()

        # No total yet: a conditional yes, and the question beside the total field.
        expect(page.locator(".verdict")).to_have_text("Yes, if it reaches your minimum")
        expect(page.locator(".verdict-detail")).to_have_text(
            "Yes \u2014 if your meld with it reaches your minimum (15, 50, 90 or 120, by your total): 8 8 8 is 30.")
        total = page.locator("#total")
        expect(total).to_have_attribute("aria-invalid", "true")
        expect(page.locator(".field.has-error", has=total)).to_contain_text("give your side's total before this hand")
        assert no_sideways_scroll(page)
        screenshot(page, f"checker-pile-asks-{width}-{scheme}")
        assert_accessible(page)

        # The link in the answer goes to the field; the total typed, the answer says the minimum.
        page.locator(".ask a").tap()
        expect(total).to_be_focused()
        total.fill("0")
        page.get_by_role("button", name="Check").tap()
        expect(page.locator(".verdict")).to_have_text("Yes, if it reaches 50")
        expect(page.locator(".verdict-detail")).to_have_text("Yes \u2014 if your meld with it reaches 50: 8 8 8 is 30.")
        expect(page.get_by_text("Your hand can reach it: K K K 2 and 8 8 8 make 80.")).to_be_visible()
        expect(total).to_have_value("0")
        expect(page.locator("#hand")).to_have_value("8 8 K K K 2 5")
        assert no_sideways_scroll(page)
        assert words_broken_across_lines(page, "label, .verdict, .hint, button, summary") == []
        screenshot(page, f"checker-pile-minimum-{width}-{scheme}")
        assert_accessible(page)

        # A wrong minimum: said beside it, what was typed kept.
        page.locator("#minimum").fill("90")
        page.get_by_role("button", name="Check").tap()
        minimum = page.locator("#minimum")
        expect(minimum).to_have_value("90")
        expect(page.locator(".field.has-error", has=minimum)).to_contain_text(
            "At a total of 0 the minimum is 50, not 90")
        assert no_sideways_scroll(page)
        assert_accessible(page)
        assert errors == []
    finally:
        context.close()


def test_from_the_game_the_pile_check_knows_the_total(live_server, phone):
    from .test_browser_hands import start_game

    start_game(phone, live_server.url)
    phone.get_by_role("link", name="Check our first meld for Ann & Bob").tap()
    phone.get_by_role("link", name="May we take the pile?").tap()
    expect(phone.get_by_role("heading", level=1)).to_have_text("May we take the pile?")
    expect(phone.locator("#total")).to_have_value("0")
    phone.locator("#pile_top").select_option("A")
    phone.locator("#hand").fill("A A 5")
    phone.get_by_role("button", name="Check").tap()
    expect(phone.locator(".verdict")).to_have_text("Yes, take it")
    expect(phone.locator(".verdict-detail")).to_have_text("Yes \u2014 your meld with it reaches 50: A A A is 60.")
    assert no_sideways_scroll(phone)
    assert_accessible(phone)
