"""Limits on what one client address can make the server do, and one PDF render at a time per worker.

Seven rate limits, counted per client address (IPv6: per /64, which one
household holds): starting games (the API, the new-game form, a rematch),
opening tables and dealing their next deals (``RATELIMIT_TABLES``),
rendering PDF sheets (only real renders: a sheet kept or a 304 costs nothing),
wrong edit keys (the API's bearer key, an edit link's ``?key=``), practice
games and deals (a new practice game, the next deal), narrated deals played
(only the first showing of a deal: a kept one costs nothing) and questions to
the referee's API (``/api/v1/play/*``, ``/api/v1/check/*``). Past a
limit the answer is 429 with ``Retry-After`` and a sentence saying what to do.
A render while this worker renders another sheet is answered at once with 503
"busy, try again" instead of piling up behind it.

Each limit is a setting like ``"60 per minute; 1000 per day"``
(``SCOREKEEPER_RATELIMIT_GAMES``...), and ``RATELIMIT_ENABLED = False``
(``SCOREKEEPER_RATELIMIT_ENABLED=false``) switches every one of them off, for
tests and trusted installs. The defaults never stop a real club: a whole club
behind one address, a director opening twenty games in a row, eight phones
saving hands at once (saving a hand is never limited).

Our own module rather than Flask-Limiter: its storages are per-process memory
(each gunicorn worker would count apart, so every limit would be multiplied
by the number of workers and forgotten at each restart) or servers (Redis,
Memcached) a club's install does not have; the counters here live in a small
SQLite file beside the database (``store/counters.py``), shared by every
worker, and a few fixed-window counters are all the app needs.
"""

import ipaddress
import logging
import random
import re
import sqlite3
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from flask import current_app, render_template, request

from .canasta.messages import N_
from .errors import error_body, wants_json
from .i18n import gettext as _, ngettext
from .store import counters as store

log = logging.getLogger(__name__)

UNITS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}
RATE = re.compile(r"\s*(\d+)\s*(?:per|/)\s*(?:(\d+)\s*)?(second|minute|hour|day)s?\s*")

DEFAULTS = {
    "RATELIMIT_ENABLED": True,
    # A tournament opens fifty tables' games in a few minutes behind one address.
    "RATELIMIT_GAMES": "60 per minute; 1000 per day",
    # New tables and each next deal of a table: a club opens its tables and deals twenty deals each.
    "RATELIMIT_TABLES": "60 per minute; 3000 per day",
    # Renders only: a club prints its tables' sheets at the end of the evening.
    "RATELIMIT_SHEETS": "30 per minute; 300 per hour",
    # Wrong keys only: a right key is never counted.
    "RATELIMIT_KEYS": "30 per minute; 300 per hour",
    # A new practice game or the next deal: a deal takes minutes to play, a club shares one address.
    "RATELIMIT_PRACTICE": "30 per minute; 1000 per day",
    # Narrated deals played afresh (seconds of CPU each); watching a kept one is not counted.
    "RATELIMIT_WATCH": "10 per minute; 100 per hour",
    # The referee's and the checks' API: up to a tenth of a second of CPU each.
    "RATELIMIT_REFEREE": "120 per minute; 3000 per hour",
    "RATELIMIT_STORAGE": None,  # the counters' file; beside the database when None
    "PDF_RENDERS_AT_ONCE": 1,  # per worker process
}

SENTENCES = {
    "games": N_("Too many new games from this address: at most {most}. Wait {wait}, then try again; nothing was started."),
    "tables": N_("Too many new tables or deals from this address: at most {most}. Wait {wait}, then try again; nothing was dealt."),
    "sheets": N_("Too many sheets printed from this address: at most {most}. Wait {wait}, then ask for it again."),
    "keys": (N_("Too many wrong edit keys from this address: at most {most}. Wait {wait}, then try the edit link "
             "again; check that it is the latest one.")),
    "practice": N_("Too many new practice games and deals from this address: at most {most}. Wait {wait}, then try again."),
    "watch": N_("Too many deals watched from this address: at most {most}. Wait {wait}, then ask for it again."),
    "referee": N_("Too many questions to the referee from this address: at most {most}. Wait {wait}, then ask again."),
}
LIMITED = tuple(f"RATELIMIT_{name.upper()}" for name in SENTENCES)
BUSY = N_("The server is printing another sheet right now. Try again in a few seconds.")
BUSY_RETRY_SECONDS = 2


@dataclass(frozen=True)
class Rate:
    count: int
    seconds: int
    text: str  # as configured: "30 per minute"


def parse_rates(text):
    """Return the rates of a setting: ``"30 per minute; 300 per hour"`` (or ``30/minute``); ``""``: no limit.

    >>> [(rate.count, rate.seconds) for rate in parse_rates("30 per minute; 300 per 2 hours")]
    [(30, 60), (300, 7200)]
    """
    rates = []
    for part in str(text or "").split(";"):
        if not part.strip():
            continue
        match = RATE.fullmatch(part)
        if match is None:
            raise ValueError(f"A rate limit reads like '30 per minute; 300 per hour', not {part.strip()!r}.")
        count, every, unit = match.groups()
        rates.append(Rate(int(count), int(every or 1) * UNITS[unit], part.strip()))
    return rates


def init_app(app):
    for name, value in DEFAULTS.items():
        app.config.setdefault(name, value)
    for name in LIMITED:
        parse_rates(app.config[name])  # a mistyped limit stops the start, not a request


def enabled():
    return bool(current_app.config.get("RATELIMIT_ENABLED", True))


def client_address():
    """The client's address as limits count it: IPv4 whole, IPv6 by its /64."""
    return counted_address(request.remote_addr)


def counted_address(address):
    """``address`` as limits count it (the live streams too): IPv4 whole, IPv6 by its /64."""
    address = address or "unknown"
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if parsed.version == 6:
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)


def _storage():
    path = current_app.config.get("RATELIMIT_STORAGE")
    if not path:
        database = Path(current_app.config["DATABASE"])
        path = database.with_name(database.stem + "-ratelimit.db")
    return store.counters(path)


def _rates(name):
    return parse_rates(current_app.config[f"RATELIMIT_{name.upper()}"])


def _windows(name, now):
    for rate in _rates(name):
        window = int(now // rate.seconds)
        yield rate, f"{name}|{rate.seconds}|{client_address()}", window, (window + 1) * rate.seconds


def _with_counters(name, work):
    """Run ``work(db, now)`` on the counters when limits are on; None when off or the counters fail (never block on them)."""
    if not enabled():
        return None
    now = time.time()
    try:
        return work(_storage(), now)
    except sqlite3.Error:
        log.warning("Rate-limit counters unavailable; %s not limited", name, exc_info=True)
        return None


def count(name):
    """Count one more ``name`` (a key of SENTENCES: "games", "sheets" ...) for this client; return the 429 answer past a limit, else None."""
    def work(db, now):
        if random.random() < 0.01:
            store.forget_before(db, int(now))
        worst = None
        for rate, key, window, ends in _windows(name, now):
            if store.hit(db, key, window, ends) > rate.count:
                worst = max(worst or (0, rate), (ends - now, rate), key=lambda pair: pair[0])
        return _refusal(name, *worst) if worst else None
    return _with_counters(name, work)


def reached(name):
    """Return the 429 answer when this client already used up a limit of ``name``, else None (counts nothing)."""
    def work(db, now):
        for rate, key, window, ends in _windows(name, now):
            if store.count(db, key, window) >= rate.count:
                return _refusal(name, ends - now, rate)
        return None
    return _with_counters(name, work)


def _in_words(seconds):
    seconds = max(1, int(seconds + 0.999))
    if seconds < 120:
        return ngettext("%(num)s second", "%(num)s seconds", seconds)
    minutes = (seconds + 59) // 60
    return (ngettext("%(num)s minute", "%(num)s minutes", minutes) if minutes < 120
            else ngettext("%(num)s hour", "%(num)s hours", (minutes + 59) // 60))


def _refusal(name, wait, rate):
    retry_after = max(1, int(wait + 0.999))
    message = _(SENTENCES[name]).format(most=rate.text, wait=_in_words(wait))
    response = _answer(429, _("Too many requests"), message, retry_after)
    response.limit_message = message  # for a form that shows it above what was typed
    return response


def _answer(status, title, message, retry_after):
    if wants_json():
        response = error_body(status, [("", message)])
    else:
        response = current_app.make_response(
            (render_template("error.html", status=status, title=title, message=message), status))
    response.headers["Retry-After"] = str(retry_after)
    response.headers["Cache-Control"] = "no-store"
    return response


# --- one render at a time per worker ---------------------------------------------------------------

_slots = {}
_slots_lock = threading.Lock()


def _semaphore():
    at_once = max(1, int(current_app.config.get("PDF_RENDERS_AT_ONCE") or 1))
    with _slots_lock:
        return _slots.setdefault(at_once, threading.BoundedSemaphore(at_once))


@contextmanager
def render_slot():
    """Hold this worker's render slot while rendering; yields False (hold nothing) when another render has it."""
    if not enabled():
        yield True
        return
    slot = _semaphore()
    if not slot.acquire(blocking=False):
        yield False
        return
    try:
        yield True
    finally:
        slot.release()


def busy():
    """The 503 answer to a render asked while this worker renders another sheet."""
    return _answer(503, _("Busy printing"), _(BUSY), BUSY_RETRY_SECONDS)
