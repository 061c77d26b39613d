"""The offline page in the language the phone reads the app in, not the one it was first kept in (issue 24)."""

import pytest
from playwright.sync_api import expect

from .test_browser_offline import controlled, phones  # noqa: F401

pytestmark = pytest.mark.browser

KEPT_OFFLINE_LANG = """async () => {
  const kept = await (await caches.open("static")).match("/offline", { ignoreVary: true });
  return kept ? (/<html lang="([^"]*)"/.exec(await kept.text()) || [])[1] : null;
}"""


def kept_offline_lang(page, wanted, seconds=20):
    """Wait until the worker's kept offline page is in ``wanted``; return its language."""
    for _ in range(seconds * 10):
        lang = page.evaluate(KEPT_OFFLINE_LANG)
        if lang == wanted:
            return lang
        page.wait_for_timeout(100)
    return lang


def test_the_offline_page_follows_the_language_the_phone_chose(live_server, phones):  # noqa: F811
    phone = phones(live_server)
    page = phone.page
    page.goto(f"{phone.url}/")
    controlled(page)
    assert kept_offline_lang(page, "en") == "en"  # kept at install, in English

    page.goto(f"{phone.url}/language/es?next=/")  # the switcher: every page in Spanish from now on
    expect(page.locator("html")).to_have_attribute("lang", "es")
    assert kept_offline_lang(page, "es") == "es"

    phone.cut_off()
    page.goto(f"{phone.url}/check/going-out")  # never read: the offline page stands in
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.get_by_role("heading", level=1)).to_have_text("Sin conexión")
