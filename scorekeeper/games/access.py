"""Who may see and who may change a game.

A game has two secrets: its id (knowing it is enough to view the game) and its
edit key (needed to change it). Both come from ``secrets`` with well over 128
bits. Only a hash of the edit key is stored, and keys are compared in constant
time. The browser that created a game, or that opened its edit link, keeps the
key in its signed session cookie; that list is also "your games" on the home page.
A game's key can be replaced (a new edit link, when the old one went too far):
the old key then opens nothing, in whichever browser holds it.
"""

import hashlib
import hmac
import secrets

from flask import session

from ..store import db as store

ID_BYTES = 18  # 144 bits
KEY_BYTES = 24  # 192 bits
MAX_REMEMBERED_GAMES = 40  # keeps the session cookie well under 4 KB


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


def remember_key(game_id, edit_key):
    """Keep the edit key of a game in this browser's session; the oldest go past the limit.

    The session serializer sorts dict keys, so the order of use is kept in a list beside them.
    """
    recent = [game_id] + [other for other in session.get("recent", []) if other != game_id]
    recent = recent[:MAX_REMEMBERED_GAMES]
    keys = dict(session.get("keys", {}))
    keys[game_id] = edit_key
    session["keys"] = {held: keys[held] for held in recent if held in keys}
    session["recent"] = recent
    session.permanent = True


def held_key(game_id):
    """Return the edit key this browser holds for the game, or None."""
    return session.get("keys", {}).get(game_id)


def can_edit(db, game_id):
    """True when this browser holds the game's edit key."""
    return key_opens(db, game_id, held_key(game_id))


def remembered_game_ids():
    """Return the ids of the games this browser keeps score for, most recently opened first."""
    keys = session.get("keys", {})
    recent = [game_id for game_id in session.get("recent", []) if game_id in keys]
    return recent + [game_id for game_id in keys if game_id not in recent]


def follow(game_id):
    """Keep a game this browser views (its view link) on the home page; the session changes only when the list does."""
    followed = session.get("followed", [])
    if followed[:1] == [game_id]:
        return  # already the latest: nothing to re-send
    session["followed"] = ([game_id] + [other for other in followed if other != game_id])[:MAX_REMEMBERED_GAMES]
    session.permanent = True


def followed_game_ids():
    """Return the ids of the games this browser follows without keeping their score, the latest viewed first."""
    keys = session.get("keys", {})
    return [game_id for game_id in session.get("followed", []) if game_id not in keys]


def forget_game(game_id):
    """Drop the game from this browser's games: its key, its place in the lists. The game itself stays."""
    keys = dict(session.get("keys", {}))
    if keys.pop(game_id, None) is not None:
        session["keys"] = keys
        session["recent"] = [other for other in session.get("recent", []) if other != game_id]
    if game_id in session.get("followed", []):
        session["followed"] = [other for other in session["followed"] if other != game_id]
