"""The meld grid says what each row makes, as the server wrote it: the browser only puts the text in place."""

import pytest
from playwright.sync_api import expect

from ..conftest import PHONE, assert_accessible, no_sideways_scroll, screenshot
from .test_browser_entry import words_broken_across_lines
from .test_browser_hands import open_hand_form, start_game

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("width", "scheme"), [(320, "light"), (390, "dark")], ids=["320-light", "390-dark"])
def test_each_meld_row_says_what_it_makes(browser, live_server, width, scheme):
    context = browser.new_context(**{**PHONE, "viewport": {"width": width, "height": 700}, "color_scheme": scheme})
    page = context.new_page()
    try:
        start_game(page, live_server.url)
        open_hand_form(page, 1)
        page.locator("#sides-0").get_by_text("Meld by meld").click()
        kings, eights = page.locator("#sides-0-melds-1-line"), page.locator("#sides-0-melds-6-line")
        expect(kings).to_be_hidden()  # nothing typed, nothing said
        page.get_by_label("Kings: natural cards").first.fill("5")
        expect(kings).to_have_text("50 points, 2 to a canasta")
        page.get_by_label("Kings: 2s").first.fill("2")
        expect(kings).to_have_text("Mixed canasta, 90 + 300")
        page.get_by_label("8s: natural cards").first.fill("1")
        expect(page.locator('[data-group="sides-0-melds-6"] .live-error')).to_contain_text("A meld needs at least 2 natural cards")
        expect(eights).to_be_hidden()  # a broken row has its problem beside it instead
        page.get_by_label("8s: natural cards").first.fill("3")
        expect(eights).to_have_text("30 points, 4 to a canasta")
        assert no_sideways_scroll(page)
        assert words_broken_across_lines(page, ".meld-line, .meld-rank, .meld-head") == []
        screenshot(page, f"meld-lines-{width}-{scheme}")
        assert_accessible(page)
    finally:
        context.close()
