"""Starting a game and keeping its score on a phone, in a real browser under gunicorn.

Each test's browser starts the game through the page itself, so its session
holds the edit key, as a player's phone does.
"""

import re

import pytest
from playwright.sync_api import expect

from ..conftest import PHONE, assert_accessible, no_sideways_scroll, screenshot

pytestmark = pytest.mark.browser


PREVIEW_REFUSED = "Failed to load resource: the server responded with a status of 422"


@pytest.fixture
def phone(phone):
    """The phone page, where the engine refusing a half-typed hand (422) is an answer, not a page error.

    Chromium logs every 4xx answer to fetch() as a console error; the preview
    shows those answers beside the fields, which is what the tests check.
    """
    yield phone
    phone.problems[:] = [problem for problem in phone.problems if PREVIEW_REFUSED not in problem]


def start_game(page, url, rules="classic", names=("Ann & Bob", "Cy & Di"), seats=()):
    page.goto(url + "/games/new")
    page.locator(f"input[name='rules'][value='{rules}']").check()
    for index, name in enumerate(names):
        page.locator(f"[name='names-{index}']").fill(name)
    if seats:
        page.get_by_text("Seats: show who deals next").click()
        for index, seat in enumerate(seats):
            page.locator(f"[name='seats-{index}']").fill(seat)
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/games/[\w-]+$"))
    return page.url.rsplit("/", 1)[1]


def open_hand_form(page, number):
    page.get_by_role("link", name=f"Add hand {number}").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Hand {number}")


def side_score(page, slot):
    return page.locator(f"[data-preview-side='{slot}'] [data-score]")


def scorer_total(page, index):
    return page.locator(f"[data-preview-scorer='{index}'] [data-total]")


def red_threes(page, slot, count, partner=None):
    """Tap the chip of ``count`` red 3s of a side (of one partner, for three players)."""
    name = f"sides-{slot}-red_threes" + (f"-{partner}" if partner is not None else "")
    page.locator(f"#{name}-{count}").check()


def board_totals(page):
    return page.locator(".totals .total-points")


def test_new_game_page_shows_the_options_of_the_chosen_rule_set(live_server, phone):
    phone.goto(live_server.url + "/games/new")
    expect(phone.get_by_role("heading", level=1)).to_have_text("New game")
    third_name = phone.locator("[name='names-2']")
    expect(third_name).to_be_hidden()
    phone.get_by_text("House rules").click()
    to_go_out = phone.locator("fieldset", has=phone.locator("[name='options-canastas_to_go_out']"))
    wild_limit = phone.locator("fieldset", has=phone.locator("[name='options-wild_limit']"))
    expect(to_go_out).to_be_hidden()
    expect(wild_limit).to_be_visible()
    phone.locator("input[name='rules'][value='classic-3p']").check()
    expect(third_name).to_be_visible()
    expect(phone.locator("label[for='names-2']")).to_have_text("Player 3", use_inner_text=True)
    expect(to_go_out).to_be_visible()
    expect(phone.get_by_text("Leave empty for 7,500.")).to_be_visible()
    phone.locator("input[name='rules'][value='modern']").check()
    expect(wild_limit).to_be_hidden()
    expect(third_name).to_be_hidden()
    expect(phone.locator("label[for='names-0']")).to_have_text("Team 1", use_inner_text=True)
    phone.locator("input[name='rules'][value='classic']").check()
    assert no_sideways_scroll(phone)
    screenshot(phone, "new-game")
    assert_accessible(phone)


def test_enter_hands_in_every_mode_with_a_live_preview_then_edit_and_delete(live_server, phone):
    start_game(phone, live_server.url, seats=("Ann", "Cy", "Bob", "Di"))
    expect(phone.locator(".standing")).to_contain_text("Ann deals hand 1")

    # Hand 1, typed as numbers: the preview follows every keystroke.
    open_hand_form(phone, 1)
    expect(phone.locator(".hand-context")).to_contain_text("Dealt by Ann.")
    expect(side_score(phone, 0)).to_have_text("0")
    phone.locator("#sides-0-melded_points").fill("120")
    expect(side_score(phone, 0)).to_have_text("+120")
    phone.get_by_role("button", name="One more: Mixed canastas").first.click()
    expect(phone.locator("#sides-0-mixed_canastas")).to_have_value("1")
    expect(side_score(phone, 0)).to_have_text("+420")
    phone.get_by_label("Ann & Bob went out", exact=True).check()
    expect(side_score(phone, 0)).to_have_text("+520")
    red_threes(phone, 0, 1)
    phone.locator("#sides-0-hand_points").fill("15")
    expect(side_score(phone, 0)).to_have_text("+605")
    expect(phone.locator("[data-preview-side='0'] [data-breakdown]")).to_contain_text("Canasta bonuses +300")
    phone.locator("#sides-1-hand_points").fill("95")
    red_threes(phone, 1, 2)
    expect(side_score(phone, 1)).to_have_text("\u2212295")
    expect(scorer_total(phone, 1)).to_have_text("\u2212295")
    expect(phone.locator("[data-preview-mini]")).to_have_text("Ann & Bob +605 · Cy & Di \u2212295")
    assert no_sideways_scroll(phone)
    screenshot(phone, "hand-classic")
    assert_accessible(phone)
    phone.get_by_role("button", name="Save hand").click()
    expect(phone.locator(".flash")).to_contain_text("Hand 1 saved.")
    expect(board_totals(phone)).to_have_text(["605", "\u2212295"])

    # Hand 2: cards left in hand counted by kind.
    open_hand_form(phone, 2)
    expect(scorer_total(phone, 0)).to_have_text("605")  # totals before this hand, nothing typed yet
    phone.get_by_label("Nobody (the stock ran out)").check()
    side = phone.locator("#sides-0")
    side.get_by_text("Count cards").click()
    expect(phone.locator("#sides-0-hand_points")).to_be_hidden()
    phone.get_by_role("button", name="One more: 4s to 7s").first.click()
    phone.get_by_role("button", name="One more: 8s to kings").first.click()
    expect(side_score(phone, 0)).to_have_text("\u221215")
    phone.locator("#sides-1-melded_points").fill("90")
    expect(scorer_total(phone, 1)).to_have_text("\u2212205")
    phone.get_by_role("button", name="Save hand").click()
    expect(board_totals(phone)).to_have_text(["590", "\u2212205"])

    # Hand 3: melds rank by rank make the canasta.
    open_hand_form(phone, 3)
    phone.locator("#sides-0").get_by_text("Meld by meld").click()
    phone.get_by_label("Kings: natural cards").first.fill("5")
    phone.get_by_label("Kings: 2s").first.fill("2")
    phone.get_by_label("8s: natural cards").first.fill("3")
    expect(side_score(phone, 0)).to_have_text("+420")
    phone.get_by_label("Ann & Bob went out", exact=True).check()
    red_threes(phone, 0, 1)
    phone.get_by_role("button", name="One more: 4s to 7s").first.click()
    phone.get_by_role("button", name="One more: 8s to kings").first.click()
    expect(side_score(phone, 0)).to_have_text("+605")
    expect(scorer_total(phone, 0)).to_have_text("1,195")
    assert no_sideways_scroll(phone)
    phone.locator("#sides-0 .melds-part").scroll_into_view_if_needed()
    screenshot(phone, "hand-melds")
    assert_accessible(phone)
    phone.get_by_role("button", name="Save hand").click()
    expect(board_totals(phone)).to_have_text(["1,195", "\u2212205"])
    expect(phone.locator(".totals .needs").first).to_contain_text("needs 50")

    # Edit hand 2: it opens as entered (counted cards), and the totals after it follow.
    game_url = phone.url
    phone.goto(game_url + "/hands/2/edit")
    expect(phone.locator("#sides-0-in_hand-four_to_seven")).to_have_value("1")
    expect(phone.locator("#sides-0-hand_points")).to_be_hidden()
    expect(side_score(phone, 0)).to_have_text("\u221215")
    phone.locator("#sides-1-melded_points").fill("190")
    expect(side_score(phone, 1)).to_have_text("+190")
    phone.get_by_role("button", name="Save changes").click()
    expect(phone.locator(".flash")).to_contain_text("Hand 2 changed")
    expect(board_totals(phone)).to_have_text(["1,195", "\u2212105"])

    # Delete hand 1: asked first, with its scores.
    phone.goto(game_url + "/hands/1/delete")
    expect(phone.get_by_role("heading", level=1)).to_have_text("Delete hand 1?")
    expect(phone.locator(".remove-scores")).to_contain_text("+605")
    assert_accessible(phone)
    phone.get_by_role("button", name="Yes, delete hand 1").click()
    expect(phone.locator(".flash")).to_contain_text("Hand 1 deleted")
    expect(board_totals(phone)).to_have_text(["590", "190"])
    expect(phone.locator(".totals .needs")).to_have_text([re.compile("needs 50"), re.compile("needs 50")])


def test_an_error_shows_beside_its_field_live_and_after_saving(live_server, phone):
    start_game(phone, live_server.url)
    open_hand_form(phone, 1)
    phone.get_by_label("Ann & Bob went out", exact=True).check()
    phone.locator("#sides-0-melded_points").fill("50")
    going_out = phone.locator("fieldset.going-out")
    expect(going_out.locator(".live-error")).to_have_text("A side needs 1 canasta to go out; this side has none.")
    expect(side_score(phone, 0)).to_have_text("—")
    phone.get_by_role("button", name="Save hand").click()
    # The server's answer, not the live message already there: the page sends the hand, and when the
    # server refuses it, submits the form as it would without JavaScript (a page load). Waiting on
    # the live message let the checks below run into that load.
    expect(going_out.locator(".error:not(.live-error)")).to_have_text("A side needs 1 canasta to go out; this side has none.")
    expect(phone.locator("#sides-0-melded_points")).to_have_value("50")
    expect(phone.get_by_label("Ann & Bob went out", exact=True)).to_be_checked()
    assert no_sideways_scroll(phone)
    screenshot(phone, "hand-error")
    assert_accessible(phone)
    # Fixing it clears the message and the score comes back.
    phone.get_by_role("button", name="One more: Natural canastas").first.click()
    expect(going_out.locator(".error")).to_have_count(0)
    phone.locator("#sides-0-melded_points").fill("80")
    expect(side_score(phone, 0)).to_have_text("+680")


def test_a_bad_meld_is_marked_on_its_row(live_server, phone):
    start_game(phone, live_server.url)
    open_hand_form(phone, 1)
    phone.locator("#sides-1").get_by_text("Meld by meld").click()
    phone.get_by_label("Queens: natural cards").nth(1).fill("1")
    phone.get_by_label("Queens: jokers").nth(1).fill("2")
    row = phone.locator("[data-group='sides-1-melds-2']")
    expect(row.locator(".live-error")).to_have_text("A meld needs at least 2 natural cards; this one has 1.")


def test_modern_american_hand_form(live_server, phone):
    start_game(phone, live_server.url, rules="modern", names=("North & South", "East & West"))
    open_hand_form(phone, 1)
    expect(phone.get_by_label("North & South went out concealed")).to_have_count(0)
    # Laying down a special hand is an answer to "Who went out?": that side is asked only which one.
    phone.get_by_label("East & West laid down a special hand").check()
    expect(phone.locator("#sides-1-melded_points")).to_be_hidden()
    expect(phone.locator("#sides-1-red_threes-0")).to_be_hidden()
    phone.locator("#sides-1-special_hand").select_option("garbage")
    expect(side_score(phone, 1)).to_have_text("+3,000")
    phone.locator("#sides-0 summary", has_text="Aces, sevens and wild canastas").click()
    phone.get_by_role("button", name="One more: Natural canastas of aces").first.click()
    phone.locator("#sides-0-melded_points").fill("140")
    expect(side_score(phone, 0)).to_have_text("+2,640")
    assert no_sideways_scroll(phone)
    screenshot(phone, "hand-modern")
    assert_accessible(phone)
    phone.get_by_role("button", name="Save hand").click()
    expect(board_totals(phone)).to_have_text(["2,640", "3,000"])


def test_three_players_name_the_partners_by_who_played_alone(live_server, phone):
    start_game(phone, live_server.url, rules="classic-3p", names=("Ann", "Bob", "Cy"))
    open_hand_form(phone, 1)
    expect(phone.locator("#sides-2")).to_be_hidden()
    expect(phone.locator("[data-preview-status]")).to_have_text("Choose who played alone to see the score.")
    expect(phone.locator(".top-errors")).to_be_hidden()
    phone.get_by_label("Bob alone").check()
    expect(phone.locator("#sides-1 legend.side-name")).to_have_text("Ann & Cy", use_inner_text=True)
    expect(phone.locator("fieldset.chips-field:has(#sides-1-red_threes-1-0) > legend")).to_have_text(
        "Red 3s of Cy", use_inner_text=True)
    phone.locator("#sides-1-melded_points").fill("200")
    red_threes(phone, 1, 1, partner=1)
    expect(phone.locator("[data-preview-scorer='2'] [data-hand-score]")).to_have_text("+300")
    expect(phone.locator("[data-preview-scorer='0'] [data-hand-score]")).to_have_text("+200")
    expect(phone.get_by_role("radio", name="Bob went out", exact=True)).to_be_visible()
    phone.get_by_label("Everyone alone").check()
    expect(phone.locator("#sides-2")).to_be_visible()
    # Everyone alone means the stock ran out: nobody went out, so nobody is offered.
    expect(phone.get_by_role("radio", name="Bob went out", exact=True)).to_be_hidden()
    expect(phone.get_by_role("radio", name="Ann & Cy went out", exact=True)).to_be_hidden()
    expect(phone.locator("#sides-1 legend.side-name")).to_have_text("Bob", use_inner_text=True)
    expect(phone.locator("[data-preview-mini]")).to_have_text("Ann 0 · Bob +200 · Cy 0")
    assert no_sideways_scroll(phone)
    screenshot(phone, "hand-three-players")
    assert_accessible(phone)


def test_without_javascript_the_forms_still_work(browser, live_server):
    context = browser.new_context(**PHONE, java_script_enabled=False)
    page = context.new_page()
    try:
        start_game(page, live_server.url)
        open_hand_form(page, 1)
        page.locator("#sides-0-mode-2").check()  # Meld by meld
        page.locator("#sides-0 button[value='switch']").click()
        expect(page.locator("#sides-0-melds-1-naturals")).to_be_visible()
        page.locator("#sides-0-melds-1-naturals").fill("5")
        page.locator("#sides-0-melds-1-twos").fill("2")
        page.locator("#sides-0-melds-6-naturals").fill("3")
        page.locator("#sides-0-red_threes-1").check()
        page.locator("#sides-0-in_hand-four_to_seven").fill("1")
        page.locator("#sides-0-in_hand-eight_to_king").fill("1")
        page.get_by_label("Ann & Bob went out", exact=True).check()
        page.locator("#sides-0-in_hand-eight_to_king").press("Enter")  # the phone's "Go" key checks
        expect(side_score(page, 0)).to_have_text("+605")
        page.locator("#sides-1-hand_points").fill("95")
        page.get_by_role("button", name="Check score").click()
        expect(side_score(page, 1)).to_have_text("\u221295")
        expect(page.locator("#sides-0-melds-1-twos")).to_have_value("2")
        page.get_by_role("button", name="Save hand").click()
        expect(board_totals(page)).to_have_text(["605", "\u221295"])
    finally:
        context.close()
