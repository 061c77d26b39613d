"""The rules checker in a real browser on a phone: the card picker fills the cards field,
a chosen card taps back out, and the answer reads right."""

import pytest
from playwright.sync_api import expect

from ..conftest import PHONE, assert_accessible, no_sideways_scroll, screenshot

pytestmark = pytest.mark.browser


def tap_cards(page, picker, tokens):
    for token in tokens:
        picker.locator(f'[data-card="{token}"]').tap()


def check_says(phone, verdict, shot):
    """Tap Check, read the verdict, then the page as a phone shows it: no sideways scroll, a screenshot, axe-clean."""
    phone.get_by_role("button", name="Check").tap()
    expect(phone.locator(".verdict")).to_have_text(verdict)
    assert no_sideways_scroll(phone)
    screenshot(phone, shot)
    assert_accessible(phone)


def test_first_meld_with_the_card_picker(live_server, phone):
    phone.goto(live_server.url + "/check/initial-meld")
    expect(phone.get_by_role("heading", level=1)).to_have_text("First meld check")
    picker = phone.locator('[data-picker-for="cards"]')
    expect(picker).to_be_visible()
    cards = phone.locator("#cards")
    expect(picker.locator(".picker-empty")).to_have_text("No card yet")

    tap_cards(phone, picker, ["K", "K", "|", "Q", "Q", "A", "2"])
    expect(cards).to_have_value("K K | Q Q A 2")
    chosen = picker.locator(".chosen-card")
    expect(chosen).to_have_count(7)

    # The ace was a slip: tapping it on the chosen row takes it back.
    chosen.nth(5).tap()
    expect(cards).to_have_value("K K | Q Q 2")
    expect(chosen).to_have_count(6)
    expect(chosen.nth(5)).to_be_focused()

    phone.locator("#pile_top").select_option("K")
    phone.locator("#total").fill("1600")
    phone.get_by_role("button", name="Check").tap()

    expect(phone.locator(".verdict")).to_have_text("20 short")
    expect(phone.locator(".verdict-detail")).to_contain_text("70 points, minimum 90 for a total of 1,600.")
    expect(phone.locator(".found-meld")).to_have_count(2)
    expect(phone.locator(".found-meld").first).to_contain_text("with the K from the pile")
    # The form keeps what was entered, and the picker shows it again.
    expect(phone.locator("#cards")).to_have_value("K K | Q Q 2")
    expect(phone.locator('[data-picker-for="cards"] .chosen-card')).to_have_count(6)
    assert no_sideways_scroll(phone)
    screenshot(phone, "checker-initial-meld")
    assert_accessible(phone)


def test_typing_and_the_picker_agree_and_the_sign_switch_makes_a_total_negative(live_server, phone):
    phone.goto(live_server.url + "/check/initial-meld")
    phone.locator("#cards").fill("5 5 5 jk")
    chosen = phone.locator('[data-picker-for="cards"] .chosen-card')
    expect(chosen).to_have_count(4)
    expect(chosen.nth(3)).to_contain_text("Joker")
    phone.locator("#total").fill("40")
    phone.locator("[data-negate]").tap()
    expect(phone.locator("#total")).to_have_value("-40")
    phone.get_by_role("button", name="Check").tap()
    expect(phone.locator(".verdict")).to_have_text("Enough")
    expect(phone.locator(".verdict-detail")).to_contain_text("65 points, minimum 15 for a total of \u221240.")


def test_modern_hides_the_classic_house_rule(live_server, phone):
    phone.goto(live_server.url + "/check/meld")
    expect(phone.locator("#wild_limit")).to_be_visible()
    expect(phone.locator("#initial")).to_be_hidden()
    expect(phone.locator("#going_out")).to_be_visible()  # Classic's black 3s meld only going out
    phone.locator("#rules").select_option("modern")
    expect(phone.locator("#wild_limit")).to_be_hidden()
    expect(phone.locator("#initial")).to_be_visible()
    expect(phone.locator("#going_out")).to_be_hidden()
    picker = phone.locator('[data-picker-for="cards"]')
    expect(picker.locator('[data-card="|"]')).to_have_count(0)  # one meld: no "new meld" key
    tap_cards(phone, picker, ["2"] * 7)
    check_says(phone, "Wild canasta of seven 2s", "checker-meld")


def test_pile_and_going_out_on_a_phone(live_server, phone):
    phone.goto(live_server.url + "/check")
    expect(phone.locator(".hub-button")).to_have_count(4)
    assert no_sideways_scroll(phone)
    screenshot(phone, "checker-hub")
    assert_accessible(phone)

    phone.locator(".hub-button", has_text="Discard pile").tap()
    phone.locator("#pile_top").select_option("Q")
    tap_cards(phone, phone.locator('[data-picker-for="hand"]'), ["Q", "2", "5", "9"])
    phone.locator("#side_has_melded").check()
    phone.locator("summary", has_text="Your side's melds on the table").tap()
    tap_cards(phone, phone.locator('[data-picker-for="side_melds"]'), ["Q", "Q", "Q"])
    phone.get_by_role("button", name="Check").tap()
    expect(phone.locator(".verdict")).to_have_text("Yes, take it")
    expect(phone.locator(".pile-ways li")).to_have_count(2)
    assert no_sideways_scroll(phone)
    screenshot(phone, "checker-pile")
    assert_accessible(phone)

    phone.goto(live_server.url + "/check/going-out")
    tap_cards(phone, phone.locator('[data-picker-for="hand"]'), ["K", "K", "K", "K", "K", "2", "2", "5"])
    check_says(phone, "Yes, concealed", "checker-going-out")


def test_dead_ranks_and_the_empty_stock_on_a_phone(live_server, phone):
    phone.goto(live_server.url + "/check/meld")
    dead_king = phone.locator('input[name="dead_ranks"][value="K"]')
    expect(dead_king).to_be_hidden()  # Classic has no dead ranks
    phone.locator("#rules").select_option("modern")
    expect(dead_king).to_be_visible()
    dead_king.check()
    tap_cards(phone, phone.locator('[data-picker-for="cards"]'), ["K", "K", "K"])
    phone.get_by_role("button", name="Check").tap()
    expect(phone.locator(".verdict")).to_have_text("Not a legal meld")
    expect(phone.get_by_text("The kings are dead")).to_have_count(1)
    assert no_sideways_scroll(phone)
    assert_accessible(phone)

    phone.goto(live_server.url + "/check/pile")
    phone.locator("#pile_top").select_option("Q")
    tap_cards(phone, phone.locator('[data-picker-for="hand"]'), ["Q", "5", "9"])
    phone.locator("#side_has_melded").check()
    phone.locator("summary", has_text="Your side's melds on the table").tap()
    tap_cards(phone, phone.locator('[data-picker-for="side_melds"]'), ["Q", "Q", "Q"])
    phone.locator("#stock_empty").check()
    phone.get_by_role("button", name="Check").tap()
    expect(phone.locator(".verdict")).to_have_text("Yes, you must take it")
    expect(phone.locator("#stock_empty")).to_be_checked()
    assert no_sideways_scroll(phone)
    screenshot(phone, "checker-pile-stock-empty")
    assert_accessible(phone)


# Every option of every shown select, measured in the select's own font: wider than the select means the
# phone shows it cut short ("Classic, 4 players in 2 tea").
CUT_SHORT_OPTIONS = """() => [...document.querySelectorAll('select')].filter(s => s.offsetParent).flatMap(s => {
    const context = document.createElement('canvas').getContext('2d'), style = getComputedStyle(s);
    context.font = style.font;
    const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24;  // the arrow
    return [...s.options].filter(o => context.measureText(o.text).width > room).map(o => s.name + ': ' + o.text);
})"""


@pytest.mark.parametrize("path", ["/check/initial-meld", "/check/meld", "/check/pile", "/check/going-out", "/print",
                                  "/practice"])
def test_no_select_is_cut_short_at_320_px(browser, live_server, path):
    context = browser.new_context(**{**PHONE, "viewport": {"width": 320, "height": 568}})
    page = context.new_page()
    try:
        page.goto(live_server.url + path)
        assert page.locator("select#rules").is_visible()
        assert page.evaluate(CUT_SHORT_OPTIONS) == []
        assert no_sideways_scroll(page)
    finally:
        context.close()
