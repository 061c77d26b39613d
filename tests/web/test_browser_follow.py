"""A phone that opened a view link finds the game on its home page; the share page says when its links
reach no other phone. In a real browser, light and dark, axe-core clean."""

import re

import pytest
from playwright.sync_api import expect

from ..conftest import PHONE, assert_accessible, no_sideways_scroll, screenshot
from .test_browser_hands import start_game

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_viewer_finds_the_game_it_follows_and_the_share_page_warns_on_loopback(browser, live_server, phone, scheme):
    phone.emulate_media(color_scheme=scheme)
    game_id = start_game(phone, live_server.url, names=("Ann & Bob", "Cy & Di"))
    phone.goto(f"{live_server.url}/games/{game_id}/share")
    note = phone.locator(".warning-card")
    expect(note).to_contain_text("Other phones can’t open these links yet.")
    expect(note.locator("code")).to_have_text("HOST=0.0.0.0 make run")  # gunicorn serves the tests on 127.0.0.1
    assert no_sideways_scroll(phone)
    screenshot(phone, f"share-loopback-{scheme}")
    assert_accessible(phone)

    viewer = browser.new_context(**PHONE, color_scheme=scheme).new_page()
    try:
        viewer.goto(f"{live_server.url}/games/{game_id}/view")
        viewer.goto(live_server.url + "/")  # the tab closed, the home page opened again
        followed = viewer.locator("section[aria-labelledby='followed-games']")
        expect(followed.get_by_role("heading")).to_have_text("Games you follow")
        expect(viewer.get_by_text("Ready when you are")).to_have_count(0)
        link = followed.locator("a.game-link")
        expect(link).to_have_count(1)
        expect(link.locator(".game-names")).to_have_text("Ann & Bob vs Cy & Di")
        assert no_sideways_scroll(viewer)
        screenshot(viewer, f"home-followed-{scheme}")
        assert_accessible(viewer)
        link.click()
        expect(viewer).to_have_url(re.compile(rf"/games/{game_id}/view$"))
    finally:
        viewer.context.close()
