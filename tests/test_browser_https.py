"""Finding 1 of issue 12: over HTTPS every form works in a real browser.

Chromium drives gunicorn serving HTTPS with a certificate made for the test.
Flask-WTF's strict check on secure requests wants a same-origin Referer; the
five forms that rely on the app-wide CSRF check (undo, delete a hand, new
edit link, rematch, forget) answered 400 "Form expired" while the app's
Referrer-Policy was ``no-referrer``.
"""

import pytest
from playwright.sync_api import expect

from scorekeeper.store import sqlite

from .conftest import BROWSER_WAIT_MS, PHONE
from .helpers import WORKED, new_game
from .servers import start_gunicorn
from .tls import self_signed_certificate

pytestmark = pytest.mark.browser

BIG = [  # Ann & Bob go out with a big hand: with a target of 1,500 the game ends
    {"melded_points": 300, "hand_points": 0, "natural_canastas": 2, "mixed_canastas": 1, "red_threes": 1,
     "going_out": "out"},
    {"melded_points": 50, "hand_points": 60},
]


@pytest.fixture(scope="module")
def https_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("https")
    server = start_gunicorn(folder / "https.db", workers=2, certificate=self_signed_certificate(folder),
                            extra_env={"SCOREKEEPER_SESSION_COOKIE_SECURE": "true"})
    assert server.url.startswith("https://")
    yield server
    server.stop()


@pytest.fixture
def secure_phone(browser):
    context = browser.new_context(**PHONE, ignore_https_errors=True)
    page = context.new_page()
    page.set_default_timeout(BROWSER_WAIT_MS)
    problems = []
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    yield page
    context.close()
    assert not problems, problems


def test_every_form_works_over_https(https_server, secure_phone):
    phone, url = secure_phone, https_server.url
    database = sqlite.connect(https_server.database)
    try:
        game_id, key = new_game(database, hands=[WORKED, WORKED, WORKED], options={"target": 1500},
                                names=["Us", "Them"])
    finally:
        database.close()
    phone.goto(f"{url}/games/{game_id}/join?key={key}")
    expect(phone).to_have_url(f"{url}/games/{game_id}")

    # Delete hand 1, asked first.
    phone.goto(f"{url}/games/{game_id}/hands/1/delete")
    phone.get_by_role("button", name="Yes, delete hand 1").click()
    expect(phone.locator(".flash")).to_contain_text("Hand 1 deleted")
    expect(phone.locator(".total-points")).to_have_text(["1,210", "−590"])

    # Undo the last change, from the board: hand 1 comes back, and with it the end of the game.
    phone.get_by_role("button", name="Undo: delete of hand 1").click()
    expect(phone.locator(".total-points")).to_have_text(["1,815", "−885"])

    # A new edit link, from the settings.
    phone.goto(f"{url}/games/{game_id}/new-edit-link")
    phone.get_by_role("button", name="Yes, make a new edit link").click()
    expect(phone).to_have_url(f"{url}/games/{game_id}/share?new_link=1")
    new_link = phone.locator("#edit-url").input_value()
    assert new_link.startswith(f"{url}/games/{game_id}/join?key=") and key not in new_link

    # The game is over (1,815 of 1,500): start the next one at the same table.
    phone.goto(f"{url}/games/{game_id}")
    phone.get_by_role("button", name="New game, same table").click()
    expect(phone.locator(".flash")).to_contain_text("New game started at the same table.")
    rematch_url = phone.url
    assert rematch_url != f"{url}/games/{game_id}" and rematch_url.startswith(f"{url}/games/")

    # Forget the first game on this phone.
    phone.goto(f"{url}/games/{game_id}/forget")
    phone.get_by_role("button", name="Yes, forget it on this phone").click()
    expect(phone).to_have_url(url + "/")
    expect(phone.locator(".flash")).to_contain_text("“Us vs Them” is no longer on this phone.")
    expect(phone.locator(".game-link")).to_have_count(1)  # the rematch stays
    assert "Form expired" not in phone.content()
