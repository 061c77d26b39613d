"""A browser's own EventSource reads the live stream: same origin, no key, its cookies sent and ignored."""

import pytest

from ..servers import start_gunicorn
from .streams import call, keys_of, open_table

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LISTEN = """url => { window.listening = new Promise((resolve, reject) => {
    const source = new EventSource(url);
    const versions = [];
    source.onmessage = event => {
        versions.push(JSON.parse(event.data).version);
        if (versions.length === 2) { source.close(); resolve(versions); }
        else window.connected = true;
    };
    source.onerror = () => { source.close(); reject(new Error("the stream failed")); };
}); }"""


def test_an_eventsource_is_told_each_version(tmp_path, phone):
    server = start_gunicorn(tmp_path / "browser.db", workers=1)
    try:
        opened = open_table(server.url)
        # A cookie of this site (a session no server signed) goes with the stream, and is no key to it.
        phone.context.add_cookies([{"name": "session", "value": "not-a-session", "url": server.url}])
        phone.goto(server.url + "/")  # the stream is asked from the app's own page: same origin
        phone.evaluate("window.connected = false")
        phone.evaluate(LISTEN, opened["live_url"])
        phone.wait_for_function("window.connected === true")
        seat = keys_of(opened)[0]
        seen = call(server.url, "GET", f"/api/v1/tables/{opened['id']}", key=seat)
        call(server.url, "POST", f"/api/v1/tables/{opened['id']}/moves",
             {"move": seen["moves"][0], "expected_version": 1}, seat)
        assert phone.evaluate("window.listening") == [1, 2]
    finally:
        server.stop()
