"""Response headers that keep pages from running or loading anything not ours,
and the size limit on request bodies, whichever way they are sent."""

from flask import abort, current_app, request
from flask.sessions import SecureCookieSessionInterface
from flask_wtf.csrf import CSRFProtect

# Every form is protected; a view that needs none says so with ``csrf.exempt``.
csrf = CSRFProtect()

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    # Our own pages' address goes with a request to our own site only, never to
    # another: Flask-WTF's check of a form sent over HTTPS wants a Referer from
    # this site (WTF_CSRF_SSL_STRICT), and with "no-referrer" every such form
    # failed as "expired". The check stays on: it refuses a form posted from an
    # http:// page of the same host, which a network attacker could forge.
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}


def add_headers(response):
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def refuse_oversized_stream():
    """Answer 413 to a body past MAX_CONTENT_LENGTH, having read it (up to a bound).

    A chunked body has no Content-Length for Werkzeug to refuse up front: it
    stops reading at the limit, and a form would silently be only the start of
    what was sent. Reading it here (cached, so the form is parsed from the same
    bytes) tells whether it reached the limit. Either way, what is left of a
    refused body is read before answering (see ``_drain``).
    """
    limit = current_app.config.get("MAX_CONTENT_LENGTH")
    if limit is None or request.method in ("GET", "HEAD", "OPTIONS"):
        return
    if request.content_length is not None:
        if request.content_length > limit:  # Werkzeug would refuse it too, but without reading it
            _drain(request.environ.get("wsgi.input"))
            abort(413)
        return
    if len(request.get_data(cache=True)) >= limit:
        _drain(request.environ.get("wsgi.input"))
        abort(413)


# How much more of a refused body is read and thrown away before the
# answer. A server that closes a socket with data still unread sends a reset,
# and the client then loses the 413 page it was sent (a phone shows "connection
# reset" instead of "too large"). Past this bound the connection is just closed.
DRAIN_LIMIT = 8 * 1024 * 1024


def _drain(stream, limit=DRAIN_LIMIT):
    """Read and discard up to ``limit`` bytes of what is left of ``stream``."""
    if stream is None:
        return
    left = limit
    while left > 0:
        piece = stream.read(min(64 * 1024, left))
        if not piece:
            return
        left -= len(piece)


class SessionCookies(SecureCookieSessionInterface):
    """Flask's signed session cookie, with its signing serializer made once per set of secret keys.

    Flask makes a new serializer each time it reads the cookie and again each
    time it writes one; the serializer only holds the keys and settings, so one
    serves every request (and thread) while the keys stay the same.
    """

    def __init__(self):
        self._serializers = {}

    def get_signing_serializer(self, app):
        keys = (app.secret_key, tuple(app.config["SECRET_KEY_FALLBACKS"] or ()))
        serializer = self._serializers.get(keys)
        if serializer is None:
            serializer = self._serializers[keys] = super().get_signing_serializer(app)
        return serializer


def init_app(app):
    app.session_interface = SessionCookies()
    app.before_request(refuse_oversized_stream)
    app.after_request(add_headers)
