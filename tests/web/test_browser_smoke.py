"""The real browser on a phone viewport: the home page under gunicorn."""

import pytest

from ..conftest import assert_accessible, no_sideways_scroll, screenshot

pytestmark = pytest.mark.browser


def test_home_page_on_a_phone(live_server, phone):
    phone.goto(live_server.url + "/")
    from playwright.sync_api import expect

    expect(phone.get_by_role("heading", level=1)).to_have_text("Canasta Scorekeeper")
    assert no_sideways_scroll(phone)
    screenshot(phone, "home")
    assert_accessible(phone)
