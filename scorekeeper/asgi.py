"""The app as gunicorn's ASGI worker serves it (``make run``: ``-k asgi 'scorekeeper.asgi:create_app()'``).

``GET /api/v1/tables/<id>/live`` is served here, natively: one coroutine per
phone (``live.hub``), not a thread. Every other request goes to the Flask app
through a WSGI-to-ASGI adapter (``FlaskInThreads``, below) running Flask in a bounded pool of
``FLASK_THREADS`` threads (16, as the gthread worker had per process).
An unknown table's stream is handed to Flask too, which answers the API's 404.

``scorekeeper:create_app()`` stays the WSGI app: under the gthread worker
the Flask route streams the same events from one thread per phone.

Our own adapter rather than a2wsgi (Apache-2.0, which the first build used): that one
lowercases every response header's name (clients that read ``ETag`` or
``Idempotent-Replayed`` as written found nothing), sets no
``wsgi.input_terminated`` (Werkzeug then reads a chunked body as empty), and
leaves a body the app did not read on the connection. A hundred lines do it here.
"""

import asyncio
import io
import logging
import re
import sys
from concurrent.futures import ThreadPoolExecutor

from . import create_app as create_flask_app
from . import live
from .errors import error_body
from .live.hub import Hub
from .security import DRAIN_LIMIT, HEADERS

log = logging.getLogger("gunicorn.error")

LIVE_PATH = re.compile(r"/api/v1/tables/([^/]+)/live")
FLASK_THREADS = 16


def create_app(test_config=None):
    """Return the ASGI app: the live streams here, the Flask app (``scorekeeper.create_app``) for the rest."""
    return Serving(create_flask_app(test_config))


class Serving:
    def __init__(self, flask_app):
        self.flask_app = flask_app
        config = flask_app.config
        self.settings = live.Settings.of(config)
        self.gate = live.gate_of(flask_app)
        self.hub = Hub(config["DATABASE"], self.settings, self.gate)
        self.trusted_proxies = int(config.get("TRUSTED_PROXIES") or 0)
        self.flask = FlaskInThreads(flask_app, int(config.get("FLASK_THREADS") or FLASK_THREADS))

    def stopping_when(self, stopping):
        """``stopping()`` tells when the worker stops: every stream then ends, and phones reconnect elsewhere."""
        self.hub.stopping = stopping

    async def __call__(self, scope, receive, send):
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        if scope["type"] == "http" and scope["method"] == "GET":
            match = LIVE_PATH.fullmatch(scope["path"])
            if match is not None:
                version = self.hub.version_of(match.group(1))
                if version is not None:
                    await self._live(scope, receive, send, match.group(1), version)
                    return
        if scope["type"] == "http":
            await self.flask(scope, receive, send)
        else:  # a WebSocket: nothing here speaks it
            await send({"type": "websocket.close", "code": 1000})

    async def _live(self, scope, receive, send, table_id, version):
        address = live.client_of((scope.get("client") or ("unknown", 0))[0], _header(scope, b"x-forwarded-for"),
                                 self.trusted_proxies)
        refusal = self.gate.enter(address)
        if refusal is not None:
            await self._refuse(send, refusal)
            return
        log.info("Live stream opened; %d open in this process", self.gate.open)
        try:
            await send({"type": "http.response.start", "status": 200, "headers": _stream_headers()})
            await self.hub.stream(table_id, version, send, receive)
        finally:
            left = self.gate.leave(address)
            log.info("Live stream closed; %d open in this process", left)

    async def _refuse(self, send, refusal):
        with self.flask_app.app_context():
            response = error_body(refusal.status, [("", refusal.message)])
        headers = _headers({**HEADERS, "Content-Type": "application/json", "Retry-After": str(refusal.retry_after),
                            "Cache-Control": "no-store"})
        await send({"type": "http.response.start", "status": refusal.status, "headers": headers})
        await send({"type": "http.response.body", "body": response.get_data()})

    async def _lifespan(self, receive, send):
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                self.hub.close_all()
                await send({"type": "lifespan.shutdown.complete"})
                return


def _stream_headers():
    # X-Accel-Buffering: nginx would otherwise hold the events back in its buffer.
    return _headers({**HEADERS, "Content-Type": live.CONTENT_TYPE, "Cache-Control": "no-store",
                     "X-Accel-Buffering": "no"})


def _headers(headers):
    return [(name.encode("latin-1"), value.encode("latin-1")) for name, value in headers.items()]


def _header(scope, name):
    values = [value.decode("latin-1") for key, value in scope.get("headers", ()) if key == name]
    return ", ".join(values) or None


# --- Flask in a pool of threads -------------------------------------------------------------------------


class FlaskInThreads:
    """Run a WSGI app for ASGI requests in a bounded pool of threads, streaming the body both ways."""

    def __init__(self, app, threads):
        self.app = app
        self.pool = ThreadPoolExecutor(threads, thread_name_prefix="flask")

    async def __call__(self, scope, receive, send):
        loop = asyncio.get_running_loop()
        body = RequestBody(loop, receive)
        answer = Answer(loop, send)
        await loop.run_in_executor(self.pool, answer.run, self.app, _environ(scope, body))
        # Read what is left of the body (up to a bound): a 403 answered before its body was read
        # left that body where the next request of the kept-alive connection is read.
        left = DRAIN_LIMIT
        while body.more and left > 0:
            left -= len(await body.receive())


class RequestBody(io.RawIOBase):
    """``wsgi.input``: the request's body as the ASGI server hands it over, read from a Flask thread."""

    def __init__(self, loop, receive):
        self.loop = loop
        self._receive = receive
        self.more = True
        self._buffer = b""

    async def receive(self):
        message = await self._receive()
        self.more = message["type"] == "http.request" and message.get("more_body", False)
        return message.get("body", b"")

    def readable(self):
        return True

    def readinto(self, into):
        while not self._buffer and self.more:
            self._buffer = asyncio.run_coroutine_threadsafe(self.receive(), self.loop).result()
        size = min(len(into), len(self._buffer))
        into[:size], self._buffer = self._buffer[:size], self._buffer[size:]
        return size


class Answer:
    """The WSGI side of one answer: ``start_response`` and the body's chunks, sent on the event loop."""

    def __init__(self, loop, send):
        self.loop = loop
        self._send = send
        self.start = None
        self.started = False

    def send(self, message):
        asyncio.run_coroutine_threadsafe(self._send(message), self.loop).result()

    def start_response(self, status, headers, exc_info=None):
        if exc_info is not None and self.started:
            raise exc_info[1].with_traceback(exc_info[2])
        # Names as the app wrote them (ETag, Idempotent-Replayed): HTTP ignores case, not every client does.
        self.start = {"type": "http.response.start", "status": int(status.split(" ", 1)[0]),
                      "headers": [(name.encode("latin-1"), value.encode("latin-1")) for name, value in headers]}
        return self.write

    def write(self, chunk):
        if not self.started:
            self.started = True
            self.send(self.start)
        if chunk:
            self.send({"type": "http.response.body", "body": chunk, "more_body": True})

    def run(self, app, environ):
        chunks = app(environ, self.start_response)
        try:
            for chunk in chunks:
                self.write(chunk)
            self.write(b"")
            self.send({"type": "http.response.body", "body": b"", "more_body": False})
        finally:
            if hasattr(chunks, "close"):
                chunks.close()


def _environ(scope, body):
    """The WSGI environ of an ASGI HTTP request (PEP 3333: text as latin-1 of the bytes)."""
    server, client = scope.get("server") or ("localhost", 80), scope.get("client") or ("", 0)
    environ = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": scope.get("root_path", "").encode().decode("latin-1"),
        "PATH_INFO": scope["path"].encode().decode("latin-1"),
        "QUERY_STRING": scope.get("query_string", b"").decode("latin-1"),
        "SERVER_NAME": str(server[0]), "SERVER_PORT": str(server[1] or 80),
        "REMOTE_ADDR": client[0], "REMOTE_PORT": str(client[1]),
        "SERVER_PROTOCOL": f"HTTP/{scope.get('http_version', '1.1')}",
        "wsgi.version": (1, 0), "wsgi.url_scheme": scope.get("scheme", "http"), "wsgi.input": body,
        "wsgi.errors": sys.stderr, "wsgi.multithread": True, "wsgi.multiprocess": True, "wsgi.run_once": False,
        # The server frames the body (a chunked one too): Werkzeug may read it to its end, up to its limit.
        "wsgi.input_terminated": True,
    }
    for name, value in scope.get("headers", ()):
        name, value = name.decode("latin-1").upper().replace("-", "_"), value.decode("latin-1")
        key = name if name in ("CONTENT_TYPE", "CONTENT_LENGTH") else f"HTTP_{name}"
        if key in environ:
            value = environ[key] + ("; " if key == "HTTP_COOKIE" else ",") + value
        environ[key] = value
    return environ
