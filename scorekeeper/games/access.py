"""Who may see and who may change a game.

A game has two secrets: its id (knowing it is enough to view the game) and its
edit key (needed to change it). Both come from ``secrets`` with well over 128
bits. Only a hash of the edit key is stored, and keys are compared in constant
time. The browser that created a game, or that opened its edit link, keeps the
key: its signed session cookie holds one random id, and the server keeps the
keys under it, sealed with that id (``keyring``, ``store.edit_keys``), so the
cookie stays small whatever the number of games. That list is also "your games"
on the home page. Keys that older versions kept in the cookie itself move to the
server on the browser's first request.
A game's key can be replaced (a new edit link, when the old one went too far):
the old key then opens nothing, in whichever browser holds it.
"""

import hashlib
import hmac
import secrets

from datetime import datetime, timedelta, timezone

from flask import current_app, g, session

from ..store import db as store
from ..store import sqlite
from ..store import edit_keys
from . import keyring

ID_BYTES = 18  # 144 bits
KEY_BYTES = 24  # 192 bits
# A browser keeps score of at most this many games (the app's REMEMBERED_GAMES_AT_MOST):
# a bound on what one browser stores, far above what a player opens. Before one more
# would make it forget a game, the pages say which and show its edit link (``next_to_forget``).
MAX_REMEMBERED_GAMES = 1000
MAX_FOLLOWED_GAMES = 200  # games followed through a view link (no key: forgetting one loses no right)
RENEW_AFTER_DAYS = 30  # the cookie is re-sent (400 more days) on the first page view after this


def new_game_id():
    """Return a random, unguessable game id (URL-safe text)."""
    return secrets.token_urlsafe(ID_BYTES)


def new_edit_key():
    """Return a random edit key (URL-safe text)."""
    return secrets.token_urlsafe(KEY_BYTES)


def hash_key(edit_key):
    """Return the hex SHA-256 of an edit key, the only form in which it is stored."""
    return hashlib.sha256(edit_key.encode("utf-8")).hexdigest()


def key_opens(db, game_id, edit_key):
    """True when ``edit_key`` is the edit key of the game (constant-time comparison)."""
    return key_matches(store.get_edit_key_hash(db, game_id), edit_key)


def key_matches(stored_hash, edit_key):
    """True when ``edit_key`` is the key whose hash is ``stored_hash`` (a game's row already read)."""
    if stored_hash is None or not isinstance(edit_key, str) or not edit_key:
        return False
    return hmac.compare_digest(stored_hash, hash_key(edit_key))


def bearer_key(request):
    """Return the key of an ``Authorization: Bearer <key>`` header, or None."""
    header = request.headers.get("Authorization", "")
    scheme, _, key = header.partition(" ")
    if scheme.lower() != "bearer" or not key.strip():
        return None
    return key.strip()


# --- keys this browser holds ----------------------------------------------------------


def _db():
    return sqlite.get_db()


def _stamp():
    """The time a game is opened here, to the microsecond: the latest opened comes first."""
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


def remembered_at_most():
    """How many games a browser keeps score of at most (the app's ``REMEMBERED_GAMES_AT_MOST``)."""
    return current_app.config.get("REMEMBERED_GAMES_AT_MOST", MAX_REMEMBERED_GAMES)


def _browser(create=False):
    """This browser's random id from its cookie (a new one when ``create``), or None."""
    secret = session.get("browser")
    if secret is None and create:
        secret = session["browser"] = keyring.new_browser_secret()
        session["renewed"] = _today()
        session.permanent = True
        _note_seen(secret)
    return secret


def _today():
    return int(datetime.now(timezone.utc).timestamp() // 86400)


def _note_seen(secret):
    """Note the browser as seen now, and let go of browsers whose cookie has surely expired."""
    lifetime = current_app.permanent_session_lifetime
    cutoff = (datetime.fromisoformat(store.now()) - lifetime - timedelta(days=1)).isoformat(timespec="seconds")
    try:
        edit_keys.seen(_db(), keyring.browser_id(secret), store.now())
        edit_keys.forget_browsers_before(_db(), cutoff)
    except sqlite.Unwritable:
        pass  # seen next time; nothing of the browser's is lost meanwhile


def _renew(secret):
    """Re-send the cookie now and then: it lives 400 days from when it was last sent, not last used."""
    if session.get("renewed", 0) > _today() - RENEW_AFTER_DAYS:
        return
    session["renewed"] = _today()
    session.permanent = True
    _note_seen(secret)


def _move_legacy():
    """Move the keys and followed games an older cookie holds to the server; they leave the cookie only once kept."""
    keys, followed = session.get("keys"), session.get("followed")
    if not keys and not followed:
        for name in ("keys", "recent", "followed"):
            session.pop(name, None)
        return
    keys, followed = dict(keys or {}), list(followed or [])
    recent = [game_id for game_id in session.get("recent", []) if game_id in keys]
    order = recent + [game_id for game_id in keys if game_id not in recent]
    secret = _browser(create=True)
    now = datetime.now(timezone.utc)
    def at(step):  # noqa: E306 (the latest first: each next one a microsecond older)
        return (now - timedelta(microseconds=step)).isoformat(timespec="microseconds")
    entries = [(game_id, keyring.seal(secret, game_id, keys[game_id]), at(step)) for step, game_id in enumerate(order)]
    entries += [(game_id, None, at(step)) for step, game_id in enumerate(followed) if game_id not in keys]
    try:
        edit_keys.keep(_db(), keyring.browser_id(secret), entries)
    except sqlite.Unwritable:
        return  # they stay in the cookie, and count as held (``_held``), until the database takes them
    for name in ("keys", "recent", "followed"):
        session.pop(name, None)


def _held():
    """``{game_id: sealed key or None}`` of this browser, the latest opened first (cached for the request)."""
    if "held_games" in g:
        return g.held_games
    _move_legacy()
    secret = _browser()
    held = {}
    if secret is not None:
        _renew(secret)
        held = {game_id: row["sealed_key"] for game_id, row in edit_keys.held(_db(), keyring.browser_id(secret)).items()}
    g.held_games = held
    return held


def _cookie_keys():
    """Keys still in the cookie: the database could not take them yet."""
    return session.get("keys", {})


def remember_key(game_id, edit_key):
    """Keep the edit key of a game for this browser; past the limit the game changed longest ago is forgotten.

    Returns the ids of the games forgotten to make room (the pages warned before, ``next_to_forget``).
    """
    secret = _browser(create=True)
    browser = keyring.browser_id(secret)
    g.pop("held_games", None)
    try:
        with sqlite.writing(_db()):  # kept and room made in one commit: never over the limit, never a key short
            edit_keys.keep(_db(), browser, [(game_id, keyring.seal(secret, game_id, edit_key), _stamp())])
            forgotten = edit_keys.drop_beyond(_db(), browser, remembered_at_most(), sparing=game_id)
    except sqlite.Unwritable:
        # Not lost: kept in the cookie as older versions did, and moved over later.
        session["keys"] = {**_cookie_keys(), game_id: edit_key}
        session["recent"] = [game_id] + [other for other in session.get("recent", []) if other != game_id]
        return []
    return forgotten


def next_to_forget(game_id=None):
    """The game this browser would forget if it kept one more (``game_id``, when given), or None.

    None while it holds fewer keys than the limit, or when ``game_id`` is one it keeps already.
    """
    held = _held()
    if game_id is not None and held.get(game_id) is not None:
        return None
    if sum(1 for sealed in held.values() if sealed is not None) < remembered_at_most():
        return None
    return edit_keys.oldest_kept(_db(), keyring.browser_id(_browser()), sparing=game_id)


def held_key(game_id):
    """Return the edit key this browser holds for the game, or None."""
    sealed = _held().get(game_id)
    if sealed is not None:
        return keyring.unseal(_browser(), game_id, sealed)
    return _cookie_keys().get(game_id)


def can_edit(db, game_id):
    """True when this browser holds the game's edit key (a browser that holds none costs no query)."""
    edit_key = held_key(game_id)
    return edit_key is not None and key_opens(db, game_id, edit_key)


def remembered_game_ids():
    """Return the ids of the games this browser keeps score for, most recently opened first."""
    kept = [game_id for game_id, sealed in _held().items() if sealed is not None]
    waiting = [game_id for game_id in session.get("recent", []) if game_id in _cookie_keys()]
    waiting += [game_id for game_id in _cookie_keys() if game_id not in waiting]
    return waiting + [game_id for game_id in kept if game_id not in waiting]


def follow(game_id):
    """Keep a game this browser views (its view link) on the home page; nothing is written when it is the latest already."""
    held = _held()
    followed = [other for other, sealed in held.items() if sealed is None]
    if followed[:1] == [game_id] or held.get(game_id) is not None:
        return
    try:
        # One commit: a phone's first view also notes its new browser id (``_note_seen``). A power cut
        # may lose it (the home page's list misses the game; no edit right is in it), so the commit
        # does not wait for the disk: that wait was most of a new phone's first view.
        with sqlite.writing_a_note(_db()):
            browser = keyring.browser_id(_browser(create=True))
            edit_keys.keep(_db(), browser, [(game_id, None, _stamp())])
            if len(followed) >= MAX_FOLLOWED_GAMES:
                edit_keys.unfollow_oldest(_db(), browser, MAX_FOLLOWED_GAMES)
    except sqlite.Unwritable:
        return  # only the home page's list misses it; the view link still opens it
    g.pop("held_games", None)


def followed_game_ids():
    """Return the ids of the games this browser follows without keeping their score, the latest viewed first."""
    cookie = _cookie_keys()
    return [game_id for game_id, sealed in _held().items() if sealed is None and game_id not in cookie]


def forget_game(game_id):
    """Drop the game from this browser's games: its key, its place in the lists. The game itself stays."""
    secret = _browser()
    if secret is not None:
        edit_keys.drop(_db(), keyring.browser_id(secret), [game_id])
    g.pop("held_games", None)
    keys = dict(_cookie_keys())
    if keys.pop(game_id, None) is not None:
        session["keys"] = keys
        session["recent"] = [other for other in session.get("recent", []) if other != game_id]
