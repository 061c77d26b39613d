"""How gunicorn serves the app: one file for `make run`, the systemd unit of docs/operations.md and the tests.

Command-line flags given beside ``-c gunicorn.conf.py`` (``--workers``, ``--bind``) win over this file.
"""

# Gunicorn's own ASGI worker (`scorekeeper.asgi:create_app()`): a table's live stream is one
# coroutine per phone, not a thread, and every other request is Flask's, run in a pool of 16
# threads per worker (FLASK_THREADS in scorekeeper/asgi.py). So a phone on a slow network, or a
# connection opened and left idle, holds no thread at all until its request has arrived, and a
# slow Flask answer holds one of 16. More slow requests than that on one worker is what nginx in
# front (which reads each request whole first) is for.
# The WSGI app (`scorekeeper:create_app()`) runs under the gthread worker instead, one thread per
# request and per live stream: `-k gthread --threads 16` beside `-c gunicorn.conf.py`.
worker_class = "asgi"
workers = 3
threads = 1  # the ASGI worker has no threads of its own (it warns when given some): Flask's are in its pool
# A worker that stops answering its master for this long is restarted; a long PDF render,
# in a thread, does not count (the worker's event loop still answers).
timeout = 30
graceful_timeout = 10
# A kept-alive connection with no new request is closed after this many seconds.
keepalive = 5
control_socket_disable = True  # what --no-control-socket sets

# One access-log line per request, never with its query string: an edit link
# carries the game's edit key there (`/join?key=...`), and a log is no place for it.
accesslog = "-"
access_log_format = '%(h)s %(t)s "%(m)s %(U)s %(H)s" %(s)s %(B)s %(M)sms'

# Gunicorn believes no X-Forwarded-* header from anyone: the app reads them
# only when told how many proxies stand in front of it
# (SCOREKEEPER_TRUSTED_PROXIES, see docs/operations.md), through Werkzeug's ProxyFix.
forwarded_allow_ips = ""


def post_worker_init(worker):
    """Under the ASGI worker: let the live streams end as soon as the worker is told to stop.

    Left open, they would hold its shutdown for all of ``graceful_timeout``; ended, each phone's
    EventSource reconnects (after the stream's ``retry:``) to a worker that serves on.
    """
    app = getattr(worker, "asgi", None)
    if hasattr(app, "stopping_when"):
        app.stopping_when(lambda: not worker.alive)
