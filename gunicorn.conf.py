"""How gunicorn serves the app: one file for `make run`, the systemd unit of docs/operations.md and the tests.

Command-line flags given beside ``-c gunicorn.conf.py`` (``--workers``, ``--bind``) win over this file.
"""

# Threads, not one request per process: a phone on a slow network, or a
# connection opened and left idle, holds one thread of a worker while the
# others keep serving the table. Gunicorn's gthread worker also waits for an
# idle connection's first byte in its poller, not in a thread. Sixteen threads
# per worker: more slow connections than that on one worker before a hand is
# saved is what nginx in front (which reads each request whole first) is for.
worker_class = "gthread"
workers = 3
threads = 16
# A worker that stops answering its master for this long is restarted; with
# threads, a long PDF render does not count (the worker's main loop still answers).
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
