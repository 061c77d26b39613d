"""Each language on a 320 px phone: the scoreboard, the hand form, the practice table and a score sheet's PDF.

German words are long: nothing may stick out of its box or push the page sideways, in any language. The page
must also be in the language asked for (its ``lang``, and its heading words from that language's catalogue).
The screenshots (tests/screenshots/lang-*) and the PDF's pictures are for a person to look at; the assertions
are the measured part: no element wider than its box or the screen, no sideways scroll.
"""

import subprocess

import pytest
from babel.support import Translations
from playwright.sync_api import expect

from scorekeeper.store import sqlite

from ..conftest import PHONE, SCREENSHOTS, assert_accessible, no_sideways_scroll, screenshot
from ..helpers import WORKED, new_game
from .practice_script import SEED

pytestmark = pytest.mark.browser

LANGUAGES = ["en", "es", "pt_BR", "it", "de"]
NARROW = {**PHONE, "viewport": {"width": 320, "height": 640}}

# Every element that shows words, whose text runs past its own box (clipped or spilling over its neighbours),
# or whose box runs past the screen's right edge. A box that scrolls on purpose (overflow-x auto or scroll,
# a wide table in its own scroller) is left to the sideways-scroll check of the page.
OVERFLOWING = """() => {
    const words = 'button, a, label, summary, th, td, h1, h2, h3, legend, dt, dd, li, p, span, strong, output, option';
    const scrolls = el => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
    const inScroller = el => { for (let p = el; p; p = p.parentElement) if (scrolls(p)) return true; return false; };
    const textSpan = el => {  // the left and right ends of the element's shown words (a screen reader's are not)
        let left = Infinity, right = -Infinity;
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) {
            const node = walker.currentNode;
            if (!node.textContent.trim() || node.parentElement.closest('.visually-hidden')) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const rect of range.getClientRects()) {
                left = Math.min(left, rect.left);
                right = Math.max(right, rect.right);
            }
        }
        return [left, right];
    };
    return [...document.querySelectorAll(words)].filter(el => {
        if (!el.offsetParent || !el.textContent.trim() || el.closest('.visually-hidden, [hidden]')) return false;
        if (inScroller(el)) return false;
        const box = el.getBoundingClientRect(), [left, right] = textSpan(el);
        return right > box.right + 1 || left < box.left - 1 || box.right > window.innerWidth + 0.5;
    }).map(el => `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}: ${el.textContent.trim().slice(0, 40)}`);
}"""


# Words cut in two across lines (a button too narrow for "Suggerimento" shows "Suggeri / mento"): each word of a
# short label (a button, a table's heading, a tab) in one piece.
BROKEN_WORDS = """() => {
    const broken = [];
    for (const el of document.querySelectorAll('button, th, summary, .tab, label.choice')) {
        if (!el.offsetParent) continue;
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) {
            const node = walker.currentNode;
            if (node.parentElement.closest('.visually-hidden')) continue;
            for (const match of node.textContent.matchAll(/\\S+/g)) {
                const range = document.createRange();
                range.setStart(node, match.index);
                range.setEnd(node, match.index + match[0].length);
                const lines = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
                if (lines.size > 1) broken.push(match[0]);
            }
        }
    }
    return broken;
}"""


def gettext_of(locale):
    if locale == "en":
        return lambda text: text
    return Translations.load("translations", [locale]).gettext


@pytest.fixture
def narrow(browser, live_server, request):
    locale = request.param
    context = browser.new_context(**NARROW)
    context.add_cookies([{"name": "lang", "value": locale, "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.locale_code = locale
    yield page
    context.close()


def check(page, what):
    locale = page.locale_code
    assert page.evaluate("document.documentElement.lang") == locale.replace("_", "-")
    name = f"lang-{locale}-{what}-320"
    screenshot(page, name)
    assert no_sideways_scroll(page), f"{what} in {locale} scrolls sideways at 320 px"
    assert page.evaluate(OVERFLOWING) == [], f"{what} in {locale}: words stick out of their box at 320 px"
    assert page.evaluate(BROKEN_WORDS) == [], f"{what} in {locale}: words cut in two at 320 px"


@pytest.fixture
def game(live_server):
    database = sqlite.connect(live_server.database)
    try:
        yield new_game(database, hands=[WORKED, WORKED])
    finally:
        database.close()


@pytest.mark.parametrize("narrow", LANGUAGES, indirect=True)
def test_the_scoreboard_and_the_hand_form_fit_a_narrow_phone_in_each_language(live_server, narrow, game):
    game_id, key = game
    _ = gettext_of(narrow.locale_code)
    narrow.goto(f"{live_server.url}/games/{game_id}/join?key={key}")
    expect(narrow).to_have_url(f"{live_server.url}/games/{game_id}")
    expect(narrow.locator("nav").first).to_contain_text(_("Games"))
    check(narrow, "board")
    assert_accessible(narrow)
    narrow.goto(f"{live_server.url}/games/{game_id}/hands/new")
    expect(narrow.locator("main")).to_contain_text(_("Melded points"))
    check(narrow, "hand-form")


@pytest.mark.parametrize("narrow", LANGUAGES, indirect=True)
def test_the_practice_table_fits_a_narrow_phone_in_each_language(live_server, narrow):
    narrow.goto(live_server.url + "/practice")
    narrow.locator("#rules").select_option("classic")
    narrow.locator("#seed").fill(SEED)
    narrow.locator("#seed").press("Enter")  # the form's own button, whatever its word in this language
    expect(narrow.locator("#play-form label.pc").first).to_be_visible()
    check(narrow, "practice")


@pytest.mark.parametrize("locale", LANGUAGES)
def test_a_score_sheet_prints_whole_in_each_language(live_server, locale, tmp_path):
    import pdfplumber
    import urllib.request

    request = urllib.request.Request(f"{live_server.url}/print/score-sheet.pdf?rules=classic",
                                     headers={"Cookie": f"lang={locale}"})
    with urllib.request.urlopen(request, timeout=120) as answer:
        pdf = tmp_path / "sheet.pdf"
        pdf.write_bytes(answer.read())
    _ = gettext_of(locale)
    with pdfplumber.open(pdf) as document:
        page = document.pages[0]
        text = page.extract_text()
        outside = [c["text"] for c in page.chars if c["x0"] < 0 or c["x1"] > page.width or c["bottom"] > page.height]
    assert _("%(suits)s Canasta score sheet %(suits2)s") % {"suits": "♠♥", "suits2": "♦♣"} in text
    assert outside == [], f"letters outside the page in {locale}"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", str(pdf),
                    str(SCREENSHOTS / f"lang-{locale}-score-sheet")], check=True)
