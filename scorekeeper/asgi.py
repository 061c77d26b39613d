"""The app as gunicorn's ASGI worker serves it (``make run``: ``-k asgi 'scorekeeper.asgi:create_app()'``).

``GET /api/v1/tables/<id>/live`` is served here, natively: one coroutine per
phone (``live.hub``), not a thread. Every other request goes to the Flask app
through a WSGI-to-ASGI adapter (a2wsgi) running Flask in a bounded pool of
``FLASK_THREADS`` threads (16, as the gthread worker had per process).
An unknown table's stream is handed to Flask too, which answers the API's 404.

``scorekeeper:create_app()`` stays the WSGI app: under the gthread worker
the Flask route streams the same events from one thread per phone.
"""

import logging
import re

from a2wsgi import WSGIMiddleware

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
        self.wsgi = WSGIMiddleware(flask_app, workers=int(config.get("FLASK_THREADS") or FLASK_THREADS))

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
            await self._flask(scope, receive, send)
        else:  # a WebSocket: nothing here speaks it
            await send({"type": "websocket.close", "code": 1000})

    async def _flask(self, scope, receive, send):
        """Let Flask answer; then read what is left of the request body, so that the connection can serve the next
        request (a 403 answered before its body was read left that body where the next request is read)."""
        ended = False

        async def tracked():
            nonlocal ended
            message = await receive()
            ended = message["type"] != "http.request" or not message.get("more_body", False)
            return message

        await self.wsgi(scope, tracked, send)
        left = DRAIN_LIMIT
        while not ended and left > 0:
            message = await tracked()
            left -= len(message.get("body", b""))

    async def _live(self, scope, receive, send, table_id, version):
        address = live.client_of((scope.get("client") or ("unknown", 0))[0], _header(scope, b"x-forwarded-for"),
                                 self.trusted_proxies)
        refusal = self.gate.enter(address)
        if refusal is not None:
            await self._refuse(send, refusal)
            return
        try:
            await send({"type": "http.response.start", "status": 200, "headers": _stream_headers()})
            await self.hub.stream(table_id, version, send, receive)
        finally:
            left = self.gate.leave(address)
            log.info("Live stream closed; %d open in this process", left)

    async def _refuse(self, send, refusal):
        with self.flask_app.app_context():
            response = error_body(refusal.status, [("", refusal.message)])
        headers = [(b"content-type", b"application/json"), (b"retry-after", str(refusal.retry_after).encode()),
                   (b"cache-control", b"no-store")]
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
    headers = {**HEADERS, "Content-Type": live.CONTENT_TYPE, "Cache-Control": "no-store",
               # nginx would otherwise hold the events back in its buffer.
               "X-Accel-Buffering": "no"}
    return [(name.lower().encode(), value.encode()) for name, value in headers.items()]


def _header(scope, name):
    values = [value.decode("latin-1") for key, value in scope.get("headers", ()) if key == name]
    return ", ".join(values) or None
