"""The practice page as a player reads it on a phone: every card of the hand readable, the progress controls
shown only when they do something, the page's links big enough to tap."""

import pytest
from playwright.sync_api import expect

from ..conftest import PHONE, assert_accessible, no_sideways_scroll, screenshot
from .test_browser_practice import start

pytestmark = pytest.mark.browser

# For each column of two cards or more: the upper card's face (its rank and suit) against the next card's top.
COVERED_FACES = """() => [...document.querySelectorAll('#play-form .column')].flatMap(column => {
    const labels = [...column.querySelectorAll('label.pc')];
    return labels.slice(0, -1).map((label, i) => ({
        card: label.querySelector('.visually-hidden').textContent,
        faceBottom: label.querySelector('.pc-face').getBoundingClientRect().bottom,
        nextTop: labels[i + 1].getBoundingClientRect().top}));
})"""


@pytest.mark.parametrize("width", [390, 320], ids=["390", "320"])
def test_a_covered_card_shows_its_rank_and_suit(live_server, browser, width):
    context = browser.new_context(**{**PHONE, "viewport": {"width": width, "height": 700}})
    page = context.new_page()
    try:
        start(page, live_server.url)
        covered = page.evaluate(COVERED_FACES)
        assert covered, "the deal has a pair in hand"
        hidden = [c["card"] for c in covered if c["faceBottom"] > c["nextTop"]]
        assert hidden == [], f"suits hidden under the next card: {hidden}"
        # A selected card is lifted: the card above it still shows its suit.
        lower = page.locator("#play-form .column").filter(has=page.locator("label.pc + input + label.pc")).first
        lower.locator("label.pc").nth(1).tap(position={"x": 12, "y": 10})
        expect(lower.locator("input.pick").nth(1)).to_be_checked()
        page.wait_for_timeout(200)  # the lift's transition
        upper_face = lower.locator("label.pc").first.locator(".pc-face").bounding_box()
        lifted = lower.locator("label.pc").nth(1).bounding_box()
        assert upper_face["y"] + upper_face["height"] <= lifted["y"] + 1
    finally:
        context.close()


def test_the_focused_card_does_not_cover_the_next_one(live_server, phone):
    start(phone, live_server.url)
    column = phone.locator("#play-form .column").filter(has=phone.locator("label.pc + input + label.pc")).first
    column.locator("input.pick").first.focus()
    phone.keyboard.press("Space")  # keyboard focus: :focus-visible
    expect(column.locator("input.pick").first).to_be_checked()
    # The middle of the next card's rank is that card's, not the focused card's.
    on_top = column.locator("label.pc").nth(1).evaluate("""label => {
        const face = label.querySelector('.pc-face b').getBoundingClientRect();
        const hit = document.elementFromPoint(face.left + face.width / 2, face.top + face.height / 2);
        return hit.closest('label') === label;
    }""")
    assert on_top


def test_reset_progress_is_offered_only_while_progress_is_kept(live_server, phone):
    start(phone, live_server.url)
    expect(phone.locator("#progress-on")).not_to_be_checked()
    expect(phone.get_by_role("button", name="Reset progress")).to_be_hidden()
    phone.locator("#progress-on").check()
    expect(phone.get_by_role("button", name="Reset progress")).to_be_visible()
    phone.locator("#progress-on").uncheck()
    expect(phone.get_by_role("button", name="Reset progress")).to_be_hidden()


def test_the_score_board_and_sheet_links_are_big_enough_to_tap(live_server, phone):
    start(phone, live_server.url)
    for name in ("Score board", "Score sheet (PDF)"):
        box = phone.locator(".links").get_by_role("link", name=name).bounding_box()
        assert box["height"] >= 44, (name, box)


def test_three_players_partners_scores_fit_320_px(live_server, browser):
    """Seed q3 (three players): You and East, who score apart, are shown apart without squeezing the words."""
    from scorekeeper.canasta.play import AskPartner, EndDeal, legal_moves
    from scorekeeper.canasta.players.levels import LEVELS
    from scorekeeper.games import practice
    from scorekeeper.store import sqlite

    from .practice_script import taps
    from .test_browser_practice import press

    context = browser.new_context(**{**PHONE, "viewport": {"width": 320, "height": 640}}, color_scheme="dark")
    page = context.new_page()
    try:
        start(page, live_server.url, seed="q3")  # Classic for 4 first: then the 3-player game of the same code
        page.locator("#rules").select_option("classic-3p")
        page.locator("#seed").fill("q3")
        page.get_by_role("button", name="New game").tap()
        expect(page.locator(".links")).to_contain_text("3 players")
        practice_id = page.locator("#practice").get_attribute("data-practice")
        asked = False
        for _ in range(100):
            db = sqlite.connect(str(live_server.database))
            position = practice.load(db, practice_id).position
            db.close()
            if position.over:
                break
            if position.step == "play" and not asked and AskPartner() in legal_moves(position):
                move, asked = AskPartner(), True
            else:
                move = LEVELS["hard"].choose(position).move
            cards, action = ([], "end_deal") if isinstance(move, EndDeal) else taps(position, move)
            press(page, action, cards)
        expect(page.locator(".result tbody tr").first.locator("td").first).to_have_text("You +850 East +1,050")
        # No word of the breakdown is broken over two lines ("canasta / s +600").
        split = page.locator(".result .parts").first.evaluate("""parts => {
            const text = parts.firstChild, words = [], range = document.createRange();
            for (const match of text.data.matchAll(/[a-z]{4,}/g)) {
                range.setStart(text, match.index); range.setEnd(text, match.index + match[0].length);
                if (range.getClientRects().length > 1) words.push(match[0]);
            }
            return words;
        }""")
        assert split == []
    finally:
        context.close()


def test_the_narrated_deals_covered_cards_show_their_suits(live_server, phone):
    phone.goto(live_server.url + "/practice/watch?rules=classic-2p&jump=first_meld")
    covered = phone.evaluate("""() => [...document.querySelectorAll('.watch-hand .column')].flatMap(column => {
        const cards = [...column.querySelectorAll('.pc')];
        return cards.slice(0, -1).map((card, i) => ({
            card: card.querySelector('.visually-hidden').textContent,
            faceBottom: card.querySelector('.pc-face').getBoundingClientRect().bottom,
            nextTop: cards[i + 1].getBoundingClientRect().top}));
    })""")
    assert covered, "some hand holds a pair"
    assert [c["card"] for c in covered if c["faceBottom"] > c["nextTop"]] == []


def test_how_canasta_works_shows_that_it_opens(live_server, phone):
    phone.goto(live_server.url + "/practice")
    summary = phone.locator("#how summary")
    marker = "el => getComputedStyle(el, '::before').content"
    assert summary.evaluate(marker) == '"▸"'
    summary.tap()
    expect(phone.locator("#how")).to_have_attribute("open", "")
    assert summary.evaluate(marker) == '"▾"'


# For each side's heading: the counts (cards held, red 3s) that start a line of their own, and how far in.
WRAPPED_COUNTS = """() => [...document.querySelectorAll('.side h3')].flatMap(h3 => {
    const left = h3.getBoundingClientRect().left + parseFloat(getComputedStyle(h3).paddingLeft);
    const firstTop = h3.getBoundingClientRect().top + parseFloat(getComputedStyle(h3).paddingTop);
    return [...h3.querySelectorAll('.held')].filter(held => held.getBoundingClientRect().top > firstTop + 8)
        .map(held => ({text: held.textContent, indent: held.getBoundingClientRect().left - left}));
})"""


def test_a_sides_count_that_wraps_starts_its_line_flush(live_server, browser):
    # At 320 px "West and East  West: 11 cards  East: 11 cards" takes two lines.
    context = browser.new_context(**{**PHONE, "viewport": {"width": 320, "height": 700}})
    page = context.new_page()
    try:
        start(page, live_server.url)
        wrapped = page.evaluate(WRAPPED_COUNTS)
        assert wrapped, "a count wraps at 320 px"
        assert [(w["text"], round(w["indent"])) for w in wrapped] == [(w["text"], 0) for w in wrapped]
    finally:
        context.close()


@pytest.mark.parametrize("rules", ["classic", "modern"])
def test_the_learners_sections_open_at_320_px_and_new_deal_deals_again(live_server, browser, rules):
    """How to use this page, the beginner's mistakes and the strategy open without a sideways scroll at 320 px, and
    New deal (outside the play form) throws the deal away and deals the next."""
    from .test_browser_practice import press

    context = browser.new_context(**{**PHONE, "viewport": {"width": 320, "height": 640}})
    page = context.new_page()
    try:
        page.goto(live_server.url + "/practice")
        page.locator("#rules").select_option(rules)
        page.locator("#seed").fill("learner")
        page.get_by_role("button", name="Deal").tap()
        expect(page.locator("#goal")).to_contain_text("Goal: with North, your partner,")
        for summary in ("How to use this page", "Common beginner mistakes", "Simple strategy"):
            page.locator("summary", has_text=summary).tap()
        expect(page.locator("details.how[open]")).to_have_count(3)
        assert no_sideways_scroll(page)
        screenshot(page, f"practice-learner-{rules}-320")
        assert_accessible(page)
        press(page, "draw")
        expect(page.locator("#goal")).to_have_count(0)  # the goal line is read before the first move
        page.get_by_role("button", name="New deal").tap()
        expect(page.locator(".links")).to_contain_text("Deal 2")
        expect(page.locator("#goal")).to_be_visible()
    finally:
        context.close()
