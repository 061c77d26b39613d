"""A table played on three phones (browser contexts, each its own cookie) and a computer: joined by invite links, a
whole deal by taps, every move seen on the other phones without a reload, a reload and a sleep losing nothing; the
referee's refusal on the phone that tried; 409 when two phones move at once; the layout on a phone."""

import pytest
from playwright.sync_api import expect

from ..conftest import assert_accessible, no_sideways_scroll, screenshot
from .table_phones import api_view, join, new_phone, open_table, seat_version, table_server

pytestmark = pytest.mark.browser

MOST_TURNS = 400


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    server = table_server(tmp_path_factory.mktemp("tables"))
    yield server
    server.stop()


def invites(opened):
    return {seat["seat"]: seat["invite_url"] for seat in opened["seats"] if seat["player"] == "person"}


def caught_up(page, version):
    """Wait until the page shows the table at ``version`` or later, by itself (no reload)."""
    page.wait_for_function("v => Number(document.getElementById('seat').dataset.version) >= v", arg=version)


def sleep(page):
    """The phone's page hidden (the screen off): it stops asking."""
    page.evaluate("""() => { Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});
        document.dispatchEvent(new Event('visibilitychange')); }""")


def wake(page):
    page.evaluate("""() => { Object.defineProperty(document, 'visibilityState', {value: 'visible', configurable: true});
        document.dispatchEvent(new Event('visibilitychange')); }""")


def tap_a_move(page):
    """Tap the move the page offers: draw, end the deal, discard the first card, answer yes; return its action."""
    actions = page.locator(".play-actions button")
    offered = actions.evaluate_all("buttons => buttons.map(b => b.value)")
    before = seat_version(page)
    if "draw" in offered:
        page.locator("button.stock").tap()  # the stock itself draws
        action = "draw"
    elif "end_deal" in offered:
        actions.filter(has_text="End the deal").tap()
        action = "end_deal"
    elif "discard" in offered:
        first = page.locator("#play-form input.pick").first.get_attribute("id")
        page.locator(f'label[for="{first}"]').tap(position={"x": 10, "y": 10})
        expect(page.locator(f"#{first}")).to_be_checked()
        actions.filter(has_text="Discard").tap()
        action = "discard"
    elif "yes" in offered:
        actions.filter(has_text="Yes").tap()
        action = "yes"
    else:
        raise AssertionError(f"nothing to tap: {offered}")
    page.wait_for_function("v => Number(document.getElementById('seat').dataset.version) > v", arg=before)
    expect(page.locator("#table-message")).to_have_count(0)
    return action


def test_a_whole_deal_by_taps_on_three_phones_and_a_computer(server, browser):
    opened = open_table(server.url, computer={"3": "normal"})
    table_id = opened["id"]
    links = invites(opened)
    phones = {seat: join(browser, server.url, link) for seat, link in links.items()}
    try:
        expect(phones[0].locator("h1")).to_have_text("Ann’s seat")
        expect(phones[2].locator("h1")).to_have_text("Cy’s seat")
        expect(phones[0].locator("#play-form label.pc")).to_have_count(11)
        assert_accessible(phones[0])
        sleeper, phase, since, turns = phones[2], "awake", 0, 0
        for turns in range(1, MOST_TURNS):
            table = api_view(server.url, table_id)
            if table["over"]:
                break
            seat = table["to_move"]
            if seat == 3:  # the computer: its moves come by themselves
                phones[0].wait_for_function(
                    "v => Number(document.getElementById('seat').dataset.version) > v", arg=table["version"])
                continue
            mover = phones[seat]
            # Cy's phone sleeps (hidden), wakes, goes offline and comes back: each time it catches up at once.
            if phase == "awake" and turns >= 12 and mover is not sleeper:
                sleep(sleeper)
                phase, since = "hidden", turns
            elif phase == "hidden" and (turns >= since + 6 or mover is sleeper):
                wake(sleeper)
                caught_up(sleeper, table["version"])
                phase = "woken"
            elif phase == "woken" and mover is not sleeper:
                sleeper.context.set_offline(True)
                phase, since = "offline", turns
            elif phase == "offline" and (turns >= since + 6 or mover is sleeper):
                sleeper.context.set_offline(False)
                caught_up(sleeper, table["version"])
                phase = "done"
            caught_up(mover, table["version"])  # it saw the last move without a reload
            if turns == 9:
                mover.reload()  # a reload in the middle loses nothing
                expect(mover.locator("#seat")).to_have_attribute("data-version", str(table["version"]))
            tap_a_move(mover)
            after = seat_version(mover)
            for watcher, page in phones.items():
                if watcher != seat and not (page is sleeper and phase in ("hidden", "offline")):
                    caught_up(page, after)  # seen on the other phones, no reload
        assert api_view(server.url, table_id)["over"], "the deal ended"
        assert turns > 10 and phase == "done"
        for page in phones.values():
            caught_up(page, api_view(server.url, table_id)["version"])
            expect(page.locator(".result h2")).to_have_text("Deal 1")
            expect(page.locator(".play-actions button", has_text="Next deal")).to_be_visible()
        screenshot(phones[0], "table-over-390")
        assert_accessible(phones[1])
        phones[1].locator(".links").get_by_role("link", name="Score board").tap()
        expect(phones[1].locator("h1.board-title")).to_contain_text("Ann and Cy")
        # Next deal, from one phone: every phone sees deal 2.
        phones[0].locator(".play-actions button", has_text="Next deal").tap()
        for seat in (0, 2):
            expect(phones[seat].locator(".links")).to_contain_text("Deal 2")
        problems = [problem for page in phones.values() for problem in page.problems]
        assert problems == []
    finally:
        for page in phones.values():
            page.context.close()


def test_a_refusal_shows_on_the_phone_that_tried_and_two_phones_at_once_get_409(server, browser):
    opened = open_table(server.url, computer={"3": "normal"})
    links = invites(opened)
    ann, bob = join(browser, server.url, links[0]), join(browser, server.url, links[1])
    twin = join(browser, server.url, links[0])  # Ann's seat opened on a second phone
    try:
        bob.locator("button.stock").tap()
        expect(bob.locator("#table-message")).to_have_text("It is Ann's move, not yours: wait for your turn.")
        expect(bob.locator("#table-message")).to_be_focused()
        assert_accessible(bob)
        expect(ann.locator("#table-message")).to_have_count(0)
        # Both of Ann's phones tap the stock on version 1: one draws, the other is told the table moved on.
        sleep(twin)  # it stops asking, so it still shows version 1
        ann.locator("button.stock").tap()
        caught_up(ann, 2)
        caught_up(bob, 2)
        expect(bob.locator("#table-news")).to_have_text("Ann drew a card.")  # read out by a screen reader
        expect(bob.locator("#table-news")).to_have_attribute("aria-live", "polite")
        expect(ann.locator("#next-step")).to_be_focused()  # after your own move: what to do next
        assert seat_version(twin) == 1
        twin.locator("button.stock").tap()
        expect(twin.locator("#table-message")).to_contain_text("The table moved on")
        assert seat_version(twin) == 2
        expect(twin.locator("#play-form label.pc")).to_have_count(12)
        assert api_view(server.url, opened["id"])["version"] == 2
        assert ann.problems == bob.problems == twin.problems == []
    finally:
        for page in (ann, bob, twin):
            page.context.close()


def inside_the_screen(page):
    """The bottom of the hand and of the buttons, and the viewport's height, the page not scrolled."""
    page.evaluate("window.scrollTo(0, 0)")
    return page.evaluate("""() => ({
        hand: document.querySelector('#play-form .hand').getBoundingClientRect().bottom,
        buttons: document.querySelector('#play-form .play-actions').getBoundingClientRect().bottom,
        sides: document.querySelector('#play-form .sides').getBoundingClientRect().top,
        height: window.innerHeight})""")


@pytest.mark.parametrize(("width", "scheme"), [(390, "light"), (320, "dark")])
def test_the_seat_page_fits_one_phone_screen(server, browser, width, scheme):
    opened = open_table(server.url, computer={"3": "normal"})
    page = join(browser, server.url, invites(opened)[0], width=width, height=844 if width == 390 else 640,
                color_scheme=scheme)
    watcher = new_phone(browser, width=width)
    try:
        page.locator("button.stock").tap()
        expect(page.locator(".play-actions button", has_text="Discard")).to_be_visible()
        box = inside_the_screen(page)
        if width == 390:
            assert box["hand"] <= box["height"] and box["buttons"] <= box["height"], box
        assert no_sideways_scroll(page)
        screenshot(page, f"table-seat-{width}-{scheme}")
        assert_accessible(page)
        # A spectator: every hand a count, no form.
        watcher.goto(server.url + f"/tables/{opened['id']}")
        expect(watcher.locator("h1")).to_have_text("Watching the table")
        expect(watcher.locator("#play-form input")).to_have_count(0)
        assert no_sideways_scroll(watcher)
        assert_accessible(watcher)
    finally:
        page.context.close()
        watcher.context.close()


@pytest.mark.parametrize("width", [390, 320])
def test_the_practice_page_fits_one_phone_screen(server, browser, width):
    page = new_phone(browser, width=width)
    try:
        page.goto(server.url + "/practice")
        page.locator("#seed").fill("t9097")
        page.get_by_role("button", name="Deal").tap()
        page.locator("button.stock").tap()
        expect(page.locator("#next-step")).to_contain_text("Put down")
        box = inside_the_screen(page)
        if width == 390:
            assert box["hand"] <= box["height"] and box["buttons"] <= box["height"], box
        assert no_sideways_scroll(page)
        assert_accessible(page)
    finally:
        page.context.close()
