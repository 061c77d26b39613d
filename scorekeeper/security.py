"""Response headers that keep pages from running or loading anything not ours,
and the size limit on request bodies, whichever way they are sent."""

from flask import abort, current_app, request

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
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}


def add_headers(response):
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def refuse_oversized_stream():
    """Answer 413 to a chunked body past MAX_CONTENT_LENGTH.

    Such a body has no Content-Length for Werkzeug to refuse up front: it stops
    reading at the limit, and a form would silently be only the start of what
    was sent. Reading it here (cached, so the form is parsed from the same
    bytes) tells whether it reached the limit.
    """
    limit = current_app.config.get("MAX_CONTENT_LENGTH")
    if limit is None or request.content_length is not None or request.method in ("GET", "HEAD", "OPTIONS"):
        return
    if len(request.get_data(cache=True)) >= limit:
        abort(413)


def init_app(app):
    app.before_request(refuse_oversized_stream)
    app.after_request(add_headers)
