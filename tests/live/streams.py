"""A phone's live stream as the tests read it: raw bytes off a socket, split into the stream's lines.

Every read waits at most ``WAIT`` seconds: a bound for a busy machine, not a timing assert.
"""

import http.client
import json
import re
import time
import urllib.request
from urllib.parse import urlsplit

WAIT = 20
EVENT = re.compile(rb'data: \{"version": (\d+)\}')
HEARTBEAT = re.compile(rb": [a-z ]*")
RETRY = re.compile(rb"retry: \d+")


class Stream:
    """``GET <live_url>`` held open; ``next()`` gives the next block: ``("version", N)``, ``("heartbeat",)``, ``("retry",)``."""

    def __init__(self, base_url, path, headers=None):
        parts = urlsplit(base_url)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=WAIT)
        self.connection.request("GET", path, headers=headers or {})
        self.response = self.connection.getresponse()
        self.status = self.response.status
        self.raw = b""  # every byte of the body read so far (chunked framing removed)
        self._pending = b""

    def next(self):
        """The next block of the stream (blocks are separated by a blank line)."""
        deadline = time.monotonic() + WAIT
        while b"\n\n" not in self._pending:
            if time.monotonic() > deadline:
                raise TimeoutError(f"nothing more in {WAIT} s; read so far: {self.raw!r}")
            chunk = self.response.read1(4096)
            if not chunk:
                raise EOFError(f"the stream ended; read: {self.raw!r}")
            self.raw += chunk
            self._pending += chunk
        block, self._pending = self._pending.split(b"\n\n", 1)
        if match := EVENT.fullmatch(block):
            return ("version", int(match.group(1)))
        if HEARTBEAT.fullmatch(block):
            return ("heartbeat",)
        if RETRY.fullmatch(block):
            return ("retry",)
        raise AssertionError(f"a block the live stream never sends: {block!r}")

    def version_at_least(self, version):
        """Read until an event of ``version`` or later; return its version."""
        while True:
            block = self.next()
            if block[0] == "version" and block[1] >= version:
                return block[1]

    def versions_until_quiet(self):
        """The versions told until the next heartbeat (the stream has nothing more to tell)."""
        versions = []
        while (block := self.next())[0] != "heartbeat":
            if block[0] == "version":
                versions.append(block[1])
        return versions

    def close(self):
        self.connection.close()


def call(base_url, method, path, body=None, key=None):
    request = urllib.request.Request(base_url + path, data=None if body is None else json.dumps(body).encode(),
                                     method=method, headers={"Content-Type": "application/json"})
    if key:
        request.add_header("Authorization", f"Bearer {key}")
    with urllib.request.urlopen(request, timeout=WAIT) as response:
        return json.loads(response.read())


def open_table(base_url, **body):
    return call(base_url, "POST", "/api/v1/tables", {"rules": "classic", **body})


def keys_of(opened):
    return {seat["seat"]: seat["key"] for seat in opened["seats"] if seat["player"] == "person"}


def open_streams(log):
    """How many live streams the server's (one) worker says it serves, by its last log line about them."""
    lines = re.findall(rb"Live stream (?:opened|closed); (\d+) open", log.read_bytes())
    return int(lines[-1]) if lines else 0


def wait_for_open_streams(server, count):
    """Wait (bounded) until the worker's log says it serves ``count`` streams; return what it says last."""
    deadline = time.monotonic() + WAIT
    while open_streams(server.log) != count and time.monotonic() < deadline:
        time.sleep(0.05)
    return open_streams(server.log)
