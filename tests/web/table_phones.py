"""Helpers of the table page's browser tests: a server dealing known seeds, a table opened by the API, phones that
join by their invite links and play by taps."""

import json
import urllib.request

from playwright.sync_api import expect

from ..conftest import PHONE, _console_problem
from ..servers import start_gunicorn

# A stream the app does not serve yet (404) is Chromium's console error, not the page's: the page polls instead.
STREAM_REFUSED = ("EventSource's response has a MIME type", "/live")


def table_server(folder, **env):
    """gunicorn with one worker (its seeds counted in one process), computers moving 50 ms apart, polling every 0.3 s."""
    return start_gunicorn(folder / "tables.db", workers=1, app="tests.web.table_server:create()", extra_env={
        "SCOREKEEPER_TABLES_COMPUTER_DELAY": "0.05", "SCOREKEEPER_TABLES_POLL_MS": "300", **env})


def open_table(url, **body):
    body = {"rules": "classic", "names": ["Ann", "Bob", "Cy", "Di"], **body}
    request = urllib.request.Request(url + "/api/v1/tables", data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        assert response.status == 201
        return json.loads(response.read())


def api_view(url, table_id, key=None):
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    with urllib.request.urlopen(urllib.request.Request(f"{url}/api/v1/tables/{table_id}", headers=headers)) as answer:
        return json.loads(answer.read())


def new_phone(browser, width=390, height=844, **options):
    """A phone of its own (its own cookie); its page errors are collected in ``page.problems``."""
    context = browser.new_context(**{**PHONE, "viewport": {"width": width, "height": height}}, **options)
    page = context.new_page()
    page.problems = []
    page.on("pageerror", lambda error: page.problems.append(f"page error: {error}"))

    def on_console(message):
        problem = _console_problem(message)
        stream = message.location.get("url", "").endswith("/live") or any(p in message.text for p in STREAM_REFUSED)
        if problem and not stream:
            page.problems.append(problem)

    page.on("console", on_console)
    return page


def join(browser, url, invite, **options):
    """A phone that opened ``invite``: on its seat's page, the key out of the address bar."""
    page = new_phone(browser, **options)
    page.goto(url + invite)
    expect(page.locator("#seat")).to_be_visible()
    assert "key=" not in page.url
    return page


def seat_version(page):
    return int(page.locator("#seat").get_attribute("data-version"))
