"""Fixtures: an app on a fresh SQLite file, its test client, a gunicorn server,
and a phone-sized headless Chromium page."""

import json
import os
import re
import shutil
import time
import warnings
from pathlib import Path

import pytest
from hypothesis import settings as hypothesis_settings

from scorekeeper import create_app

from .servers import start_gunicorn

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = ROOT / "tests" / "screenshots"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
# How long a page action or an expect() waits for the page. Playwright's expect() waits 5 s unless
# told: too short on a 2-core CI machine where gunicorn, Chromium and the other test process share
# the cores. A test that is right never waits this long; one that is wrong still fails.
BROWSER_WAIT_MS = 20_000

# Hypothesis draws the same examples on every run and keeps no example database, so a run passes
# or fails for the code, never for the draw: its "ci" profile (derandomized, no deadline, no
# too_slow health check, which a busy machine trips). `--hypothesis-profile=default` explores afresh.
hypothesis_settings.load_profile("ci")


@pytest.fixture
def app(tmp_path):
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "DATABASE": str(tmp_path / "scorekeeper.db"),
            "WTF_CSRF_ENABLED": False,
            # Tests start games by the hundred; tests/test_limits.py turns the limits on.
            "RATELIMIT_ENABLED": False,
        }
    )
    yield app


@pytest.fixture
def csrf_app(tmp_path):
    """An app with CSRF protection on, as in production."""
    return create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE": str(tmp_path / "csrf.db")})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def db(app):
    """The app's database, opened as the app opens it."""
    from scorekeeper.store import sqlite

    database = sqlite.connect(app.config["DATABASE"])
    yield database
    database.close()


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    """The app served by gunicorn with 2 workers on a fresh database."""
    folder = tmp_path_factory.mktemp("live")
    server = start_gunicorn(folder / "live.db", workers=2)
    yield server
    server.stop()


# --- the browser -----------------------------------------------------------------


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        message = f"Browser tests need Debian's chromium at {CHROMIUM} (make test installs it)."
        if os.environ.get("REQUIRE_BROWSER"):
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=BROWSER_WAIT_MS)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


class PageProblems(list):
    """JavaScript errors and console errors seen on a page (CSP violations included)."""


# Chromium's own line for a fetch answered 409 or 422: the hand form sends a hand with fetch and, when
# the server refuses it (422) or the game moved on (409), shows the server's answer. That is the
# app working, not a page error. Chromium reports that line only now and then (seen once, on a
# loaded machine, after the page had submitted the form to show the answer). A 404 or a 500 stays
# a problem.
REFUSED_ON_PURPOSE = re.compile(r"^Failed to load resource: the server responded with a status of (409|422) ")


def _console_problem(message):
    if message.type == "error" and not REFUSED_ON_PURPOSE.match(message.text):
        return f"console {message.type}: {message.text}"
    return None


@pytest.fixture
def phone(browser, request):
    """A page in a 390x844 phone viewport; fails the test if the page logs an error."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    problems = PageProblems()
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))

    def on_console(message):
        problem = _console_problem(message)
        if problem:
            problems.append(problem)

    page.on("console", on_console)
    page.set_default_timeout(BROWSER_WAIT_MS)
    page.problems = problems
    yield page
    context.close()
    assert not problems, "\n".join(problems)


def screenshot(page, name):
    """Save a full-page screenshot under tests/screenshots/ for a person to look at; return its path, or None.

    A screenshot is for a person, never an assertion. Headless Chromium now and then
    never answers the first full-page capture of a page (seen on the hand form after a
    refused save: fonts loaded, the page answers scripts and animation frames, the
    capture itself hangs); a second capture of the same page comes back at once. On a
    loaded CI machine the same capture has also failed outright ("Protocol error
    (Page.captureScreenshot): Unable to capture screenshot", the same hand form). So a
    capture that hangs or fails is tried once more, and one that fails twice is a warning,
    not a failure of a test whose assertions all passed.
    """
    from playwright.sync_api import Error as PlaywrightError

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    problem = None
    for wait_ms in (4_000, 10_000):
        try:
            page.screenshot(path=str(path), full_page=True, timeout=wait_ms)
            return path
        except PlaywrightError as error:  # its TimeoutError included
            problem = str(error).splitlines()[0]
            time.sleep(0.2)
    warnings.warn(f"No screenshot {name}.png, twice: {problem}")
    return None


def axe_violations(page):
    """Run axe-core with its default rules on the page; return its violations."""
    page.evaluate(AXE.read_text())
    result = page.evaluate("async () => await axe.run(document)")
    return result["violations"]


def assert_accessible(page):
    violations = axe_violations(page)
    details = [
        f"{v['id']} ({v['impact']}): {v['help']} -> " + "; ".join(n["target"][0] if isinstance(n["target"][0], str) else json.dumps(n["target"]) for n in v["nodes"][:5])
        for v in violations
    ]
    assert not violations, "axe-core found:\n" + "\n".join(details)


def no_sideways_scroll(page):
    """True when the page is no wider than its viewport."""
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
