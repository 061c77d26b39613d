"""The scripts' words come from the server in the phone's language (issue 24): the #words blob of a page,
and on a scoreboard (which has none) the copy offline.js kept or the worker's offline page."""

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from .test_browser_offline import controlled, phones, started  # noqa: F401
from .test_browser_offline_language import kept_offline_lang

pytestmark = pytest.mark.browser


def test_the_offline_banner_and_the_copy_buttons_speak_the_phones_language(live_server, phones):  # noqa: F811
    phone = phones(live_server)
    page = phone.page
    started(page, phone.url)
    board = urlsplit(page.url).path
    page.goto(f"{phone.url}/language/es?next={board}")  # the switcher: every page in Spanish from now on
    expect(page.locator("html")).to_have_attribute("lang", "es")
    controlled(page)
    page.reload()  # the Spanish board kept by the worker

    page.goto(f"{phone.url}{board}/share")  # share.js: its buttons in Spanish
    expect(page.get_by_role("button", name=re.compile(r"^Copiar: "))).not_to_have_count(0)
    assert kept_offline_lang(page, "es") == "es"

    phone.cut_off()
    page.goto(f"{phone.url}{board}")  # the board's copy: no #words of its own
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator(".offline-banner")).to_have_text(
        re.compile(r"^Sin conexión — se muestra la puntuación tal como estaba a las \d\d:\d\d$"))
