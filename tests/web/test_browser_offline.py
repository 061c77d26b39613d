"""Keeping score without a connection, in a real browser: the service worker, the outbox of hands,
the offline banner, conflicts, and two phones saving the same hand.

Each test has its own browser context (its own service worker, caches and localStorage), as a
phone has. A phone that goes offline reaches the server through a wifi of its own
(tests/wifi.py), and ``Phone.cut_off`` cuts both that and the browser's network, as a dropped
wifi does; stopping the gunicorn server stands for a server that does not answer.
"""

import json
import re
import urllib.request

import pytest
from playwright.sync_api import expect

from ..conftest import PHONE, assert_accessible, no_sideways_scroll, screenshot
from ..servers import start_gunicorn
from ..wifi import Wifi
from .test_browser_hands import board_totals, open_hand_form, start_game

pytestmark = pytest.mark.browser

# What a browser logs while it has no connection, or while the server is down: not page errors.
OFFLINE_NOISE = ("net::ERR_", "Failed to load resource", "Failed to fetch")


class Phone:
    """A browser context of its own with one page; page errors other than network failures fail the test.

    ``server``: the phone reaches it through a wifi of its own, at ``url``, that ``cut_off`` cuts.
    """

    def __init__(self, browser, server=None, **options):
        self.wifi = Wifi(port_of(server)) if server else None
        self.url = self.wifi.url if server else None
        self.context = browser.new_context(**{**PHONE, **options})
        self.page = self.context.new_page()
        self.problems = []
        self.page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        self.page.on("console", self._console)

    def _console(self, message):
        if message.type == "error" and not any(noise in message.text for noise in OFFLINE_NOISE):
            self.problems.append(f"console: {message.text}")

    def cut_off(self, seconds=10):
        """Cut the phone's connection; return once each of its pages really has none.

        The wifi goes first: from then on nothing of the phone's reaches the server. Then the
        browser's own switch, which the pages see (``navigator.onLine``, the ``offline``
        event); ``set_offline`` returns before Chromium's network service holds it, so this
        waits until each page says it is offline and a request from it fails.
        """
        self.wifi.cut()
        self.context.set_offline(True)
        for page in self.context.pages:
            for _ in range(seconds * 10):
                if page.evaluate("() => !navigator.onLine && fetch(location.href, { cache: 'no-store' })"
                                 ".then(() => false, () => true)"):
                    break
                page.wait_for_timeout(100)
            else:
                raise AssertionError(f"{page.url} still reaches the server after the cut")

    def back_online(self):
        """The wifi back, then the browser's switch: the pages' ``online`` event finds the server there."""
        self.wifi.restore()
        self.context.set_offline(False)

    def close(self):
        self.context.close()
        if self.wifi:
            self.wifi.close()
        assert not self.problems, "\n".join(self.problems)


@pytest.fixture
def phones(browser):
    opened = []

    def open_phone(server=None, **options):
        phone = Phone(browser, server, **options)
        opened.append(phone)
        return phone

    yield open_phone
    for phone in opened:
        phone.close()


def controlled(page, seconds=30):
    """Wait until the service worker controls the page (it does from the first install on).

    An install whose files could not all be fetched (a loaded machine, one busy worker) is
    given up by the browser and tried again at the next page load, as a phone would: so
    after half the wait the page is loaded again once. Polled from here: wait_for_function
    evaluates a string, which the pages' CSP refuses.
    """
    for step in range(seconds * 10):
        if page.evaluate("() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)"):
            return
        if step == seconds * 5:
            page.reload()
        page.wait_for_timeout(100)
    raise AssertionError("no service worker controls the page")


def fill_hand(page, first=90, second=50):
    """A hand where nobody went out: the sides score their melds, ``first`` and ``second``."""
    page.get_by_label("Nobody (the stock ran out)").check()
    page.locator("#sides-0-melded_points").fill(str(first))
    page.locator("#sides-1-melded_points").fill(str(second))


def add_hand(page, number, first=90, second=50):
    open_hand_form(page, number)
    fill_hand(page, first, second)
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".flash")).to_contain_text(f"Hand {number} saved.")


def stored_hands(server, game_id):
    with urllib.request.urlopen(f"{server.url}/api/v1/games/{game_id}", timeout=10) as answer:
        return json.load(answer)["hands"]


def started(page, url):
    game_id = start_game(page, url)
    controlled(page)
    page.reload()  # now through the worker: the board is kept
    return game_id


BANNER = re.compile(r"^Offline — showing the score as of \d\d:\d\d; 1 hand waiting to be sent")


def test_a_hand_saved_offline_is_kept_shown_waiting_and_stored_once_back_online(live_server, phones):
    phone = phones(live_server)
    page = phone.page
    game_id = started(page, phone.url)
    board = page.url
    add_hand(page, 1)
    expect(board_totals(page)).to_have_text(["90", "50"])

    open_hand_form(page, 2)
    fill_hand(page, 120, 70)
    phone.cut_off()
    page.get_by_role("button", name="Save hand").click()
    kept = page.locator(".offline-kept")
    expect(kept).to_contain_text("No connection: Hand 2 is kept on this phone and will be sent by itself")
    expect(page.locator("#sides-0-melded_points")).to_have_value("120")  # nothing typed is gone
    assert no_sideways_scroll(page)
    screenshot(page, "offline-hand-kept")
    assert_accessible(page)

    # The board opens offline from its last copy, the banner at the top, the hand shown waiting.
    page.goto(board)
    banner = page.locator(".offline-banner")
    expect(banner).to_have_text(BANNER)
    assert page.locator("main > *").first.evaluate("e => e.classList.contains('offline-ui')")
    expect(board_totals(page)).to_have_text(["90", "50"])
    waiting = page.locator(".outbox-entry")
    expect(waiting).to_have_count(1)
    expect(waiting).to_contain_text(re.compile(r"Hand 2, typed at \d\d:\d\d: waiting to be sent"))
    expect(waiting).to_contain_text("Ann & Bob: Melded points 120")
    assert no_sideways_scroll(page)
    screenshot(page, "offline-board-banner")
    assert_accessible(page)
    assert len(stored_hands(live_server, game_id)) == 1

    # Back online: sent by itself, stored once, and the board shows it.
    phone.back_online()
    expect(board_totals(page)).to_have_text(["210", "120"])
    expect(page.locator(".offline-banner")).to_have_count(0)
    expect(page.locator(".outbox-entry")).to_have_count(0)
    assert len(stored_hands(live_server, game_id)) == 2
    page.reload()
    expect(board_totals(page)).to_have_text(["210", "120"])
    assert len(stored_hands(live_server, game_id)) == 2
    assert page.evaluate("localStorage.getItem('outbox')") == "[]"


@pytest.fixture
def own_server(tmp_path):
    """A server of this test's own, one worker, that the test may stop and start again on its port."""
    servers = []

    def start(port=0, **env):
        server = start_gunicorn(tmp_path / "own.db", workers=1, port=port, extra_env=env or None)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


def port_of(server):
    return int(server.url.rsplit(":", 1)[1])


def test_with_the_server_stopped_a_hand_waits_and_is_stored_once_when_it_is_back(own_server, phones):
    server = own_server()
    page = phones().page
    game_id = started(page, server.url)
    board = page.url
    open_hand_form(page, 1)
    fill_hand(page)
    server.stop()
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".offline-kept")).to_contain_text(
        "The server cannot be reached: Hand 1 is kept on this phone and will be sent by itself")

    page.goto(board)  # the server is down: the worker's copy
    expect(page.locator(".offline-banner")).to_have_text(BANNER)
    expect(board_totals(page)).to_have_text(["0", "0"])
    expect(page.locator(".outbox-entry")).to_contain_text("waiting to be sent")

    page.get_by_role("button", name="Try again").click()  # still down: it stays, waiting
    expect(page.locator(".outbox-entry")).to_contain_text("waiting to be sent")

    server = own_server(port_of(server))
    page.reload()  # the next load sends it (so would the retries, in their own time)
    expect(board_totals(page)).to_have_text(["90", "50"])
    expect(page.locator(".outbox-entry")).to_have_count(0)
    assert len(stored_hands(server, game_id)) == 1
    page.reload()  # the next load sends nothing more
    expect(board_totals(page)).to_have_text(["90", "50"])
    assert len(stored_hands(server, game_id)) == 1


def test_two_tabs_sending_the_same_kept_hand_store_it_once(live_server, phones):
    phone = phones(live_server)
    page = phone.page
    game_id = started(page, phone.url)
    board = page.url
    other = phone.context.new_page()
    other.goto(board)
    expect(board_totals(other)).to_have_text(["0", "0"])
    open_hand_form(page, 1)
    fill_hand(page)
    phone.cut_off()
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".offline-kept")).to_be_visible()
    page.goto(board)
    expect(other.locator(".outbox-entry")).to_have_count(1)  # the other tab sees it in the shared outbox
    # Both tabs send it as the connection comes back, each from its own copy of the outbox.
    phone.back_online()
    expect(board_totals(page)).to_have_text(["90", "50"])
    expect(board_totals(other)).to_have_text(["90", "50"])
    assert len(stored_hands(live_server, game_id)) == 1
    # And sent again by hand, from an old copy of the outbox: still one hand.
    entry = page.evaluate("window.__kept = localStorage.getItem('outbox')")
    assert entry == "[]"


def api_game(server):
    """A game made through the JSON API: its id and edit key."""
    request = urllib.request.Request(
        server.url + "/api/v1/games", method="POST", headers={"Content-Type": "application/json"},
        data=json.dumps({"rules": "classic", "names": ["Ann & Bob", "Cy & Di"]}).encode())
    with urllib.request.urlopen(request, timeout=10) as answer:
        body = json.load(answer)
    return body["id"], body["edit_key"]


def joined(page, url, game_id, key):
    page.goto(f"{url}/games/{game_id}/join?key={key}")
    expect(page).to_have_url(re.compile(rf"/games/{game_id}$"))
    controlled(page)
    page.reload()
    return page.url


@pytest.mark.parametrize("choice", ["add", "drop"])
def test_a_kept_hand_the_game_moved_past_waits_for_the_players_choice(live_server, phones, choice):
    game_id, key = api_game(live_server)
    keeper, partner = phones(live_server), phones()
    board = joined(keeper.page, keeper.url, game_id, key)
    joined(partner.page, live_server.url, game_id, key)
    open_hand_form(keeper.page, 1)
    fill_hand(keeper.page, 120, 70)
    keeper.cut_off()
    keeper.page.get_by_role("button", name="Save hand").click()
    expect(keeper.page.locator(".offline-kept")).to_be_visible()
    keeper.page.goto(board)
    add_hand(partner.page, 1)  # meanwhile, on the partner's phone

    keeper.back_online()
    entry = keeper.page.locator(".outbox-entry")
    expect(entry).to_contain_text(re.compile(
        r"Hand 1, typed at \d\d:\d\d, was not added: the game moved on meanwhile \(it has 1 hand now\)\."))
    expect(entry).to_contain_text("Ann & Bob: Melded points 120")
    expect(board_totals(keeper.page)).to_have_text(["90", "50"])
    assert no_sideways_scroll(keeper.page)
    if choice == "add":
        screenshot(keeper.page, "offline-conflict-choice")
        assert_accessible(keeper.page)
    assert len(stored_hands(live_server, game_id)) == 1
    keeper.page.reload()  # asked again on every load; nothing is added without the player
    expect(entry).to_contain_text("was not added")
    assert len(stored_hands(live_server, game_id)) == 1

    if choice == "add":
        keeper.page.get_by_role("button", name="Add it as hand 2").click()
        expect(board_totals(keeper.page)).to_have_text(["210", "120"])
        assert [hand["number"] for hand in stored_hands(live_server, game_id)] == [1, 2]
    else:
        keeper.page.get_by_role("button", name="Drop it").click()
        expect(entry).to_have_count(0)
        keeper.page.reload()
        expect(board_totals(keeper.page)).to_have_text(["90", "50"])
        assert len(stored_hands(live_server, game_id)) == 1
    expect(keeper.page.locator(".outbox-entry")).to_have_count(0)
    assert keeper.page.evaluate("localStorage.getItem('outbox')") == "[]"


@pytest.mark.parametrize("choice", ["save", "drop"])
def test_two_phones_saving_the_same_hand_store_one_and_the_second_chooses(live_server, phones, choice):
    game_id, key = api_game(live_server)
    first, second = phones(), phones()
    joined(first.page, live_server.url, game_id, key)
    joined(second.page, live_server.url, game_id, key)
    open_hand_form(first.page, 1)
    open_hand_form(second.page, 1)
    fill_hand(first.page)
    fill_hand(second.page, 200, 10)
    first.page.get_by_role("button", name="Save hand").click()
    expect(first.page.locator(".flash")).to_contain_text("Hand 1 saved.")
    second.page.get_by_role("button", name="Save hand").click()

    page = second.page
    expect(page.locator(".conflict")).to_contain_text(
        "Hand 1 was saved from another phone while you typed this one: nothing of yours is saved yet.")
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 2")
    expect(page.locator("#sides-0-melded_points")).to_have_value("200")
    expect(page.locator("#sides-1-melded_points")).to_have_value("10")
    assert len(stored_hands(live_server, game_id)) == 1
    if choice == "save":
        assert no_sideways_scroll(page)
        screenshot(page, "hand-saved-meanwhile")
        assert_accessible(page)
        page.get_by_role("button", name="Save as hand 2").click()
        expect(board_totals(page)).to_have_text(["290", "60"])
        assert [hand["sides"][0]["melded_points"] for hand in stored_hands(live_server, game_id)] == [90, 200]
    else:
        page.get_by_role("link", name="Drop it").click()
        expect(board_totals(page)).to_have_text(["90", "50"])
        assert len(stored_hands(live_server, game_id)) == 1
    expect(page.locator(".outbox-entry")).to_have_count(0)
    assert page.evaluate("localStorage.getItem('outbox')") == "[]"


def test_without_a_service_worker_the_form_keeps_the_hand_and_sends_it_itself(live_server, phones):
    phone = phones(live_server, service_workers="block")  # as on plain HTTP, where browsers give pages no worker
    page = phone.page
    game_id = start_game(page, phone.url)
    open_hand_form(page, 1)
    fill_hand(page)
    phone.cut_off()
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".offline-kept")).to_contain_text("No connection: Hand 1 is kept on this phone")
    assert len(stored_hands(live_server, game_id)) == 0
    phone.back_online()  # the page sends it by itself, then opens the board
    expect(board_totals(page)).to_have_text(["90", "50"])
    assert len(stored_hands(live_server, game_id)) == 1


def test_the_list_of_kept_hands_loads_only_with_one_to_show_and_gives_a_refused_one_back_to_its_form(
        live_server, phones):
    """outbox-list.js: no page asks for it while the outbox is empty; a page without a board (the list
    of games, its copy kept by the worker) shows a kept hand with its scoreboard, and one the server
    refused with the server's own form."""
    phone = phones(live_server)
    page = phone.page
    asked = []
    page.on("request", lambda request: asked.append(request.url) if "/static/outbox-list.js" in request.url else None)
    game_id = started(page, phone.url)
    board = page.url
    page.goto(phone.url + "/")  # kept by the worker from now on
    expect(page.locator(".game-link")).to_have_count(1)
    assert asked == []  # the board and the list of games, with nothing kept

    page.goto(board)
    open_hand_form(page, 1)
    fill_hand(page, 93, 50)  # not a multiple of 5: the server will refuse it
    phone.cut_off()
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".offline-kept")).to_contain_text("No connection: Hand 1 is kept on this phone")
    page.goto(phone.url + "/")
    expect(page.locator(".offline-banner")).to_contain_text(
        "Offline — this page is the copy kept on this phone; 1 hand waiting to be sent")
    kept = page.get_by_role("region", name="Kept on this phone")
    expect(kept.locator(".outbox-entry")).to_contain_text(re.compile(r"Hand 1, typed at \d\d:\d\d: waiting to be sent\."))
    expect(kept.get_by_role("link", name="Open its scoreboard")).to_have_attribute("href", f"/games/{game_id}")
    assert len(asked) == 1

    phone.back_online()  # sent by itself, and refused
    entry = kept.locator(".outbox-entry")
    expect(entry).to_contain_text(re.compile(
        r"Hand 1, typed at \d\d:\d\d, was not saved: Melded points must be a multiple of 5"))
    expect(entry).to_contain_text("Ann & Bob: Melded points 93")
    assert no_sideways_scroll(page)
    screenshot(page, "offline-refused-on-the-list-of-games")
    assert_accessible(page)
    assert stored_hands(live_server, game_id) == []
    kept.get_by_role("button", name="Open it in the form").click()
    expect(page).to_have_url(f"{phone.url}/games/{game_id}/hands/new")
    expect(page.locator("#sides-0-melded_points")).to_have_value("93")
    expect(page.locator(".error").first).to_contain_text("Melded points must be a multiple of 5")
    assert stored_hands(live_server, game_id) == []
