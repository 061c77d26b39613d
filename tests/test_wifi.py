"""The offline browser tests' wifi (tests/wifi.py): relays while up; while cut, nothing gets through."""

import http.client
import http.server
import threading

import pytest

from .wifi import Wifi


@pytest.fixture
def server():
    """A tiny HTTP/1.1 server on loopback that counts the requests it was reached by."""
    reached = []

    class Answer(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive, as a browser's connections are

        def do_POST(self):
            body = self.rfile.read(int(self.headers["Content-Length"]))
            reached.append(body)
            self.send_response(201)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Answer)
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    httpd.reached = reached
    yield httpd
    httpd.shutdown()
    httpd.server_close()


def post(connection, body):
    connection.request("POST", "/", body=body)
    answer = connection.getresponse()
    return answer.status, answer.read()


def test_the_wifi_relays_while_up_and_lets_nothing_through_while_cut(server):
    wifi = Wifi(server.server_address[1])
    try:
        kept_alive = http.client.HTTPConnection("127.0.0.1", wifi.port, timeout=5)
        assert post(kept_alive, b"hand 1") == (201, b"hand 1")

        wifi.cut()
        with pytest.raises(OSError):  # the open connection is reset
            post(kept_alive, b"hand 2")
        kept_alive.close()
        with pytest.raises((OSError, http.client.HTTPException)):  # and so is a new one
            post(http.client.HTTPConnection("127.0.0.1", wifi.port, timeout=5), b"hand 3")
        assert server.reached == [b"hand 1"]
        assert wifi.turned_away == ["POST / HTTP/1.1"]

        wifi.restore()
        assert post(http.client.HTTPConnection("127.0.0.1", wifi.port, timeout=5), b"hand 4") == (201, b"hand 4")
        assert server.reached == [b"hand 1", b"hand 4"]
    finally:
        wifi.close()
