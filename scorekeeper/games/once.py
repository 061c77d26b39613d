"""Repeated API requests: the ``Idempotency-Key`` header, and the first answer kept for a repeat.

A client that lost an answer sends the same request again with the same key;
it gets the first answer again (same status, same body, marked
``Idempotent-Replayed: true``) and nothing changes a second time. The API views
look a key up and keep an answer inside the same write transaction as the
change itself, so two copies sent at once still make one change.

Only hashes of Idempotency-Keys are stored. An answer that holds an edit key
(a new game, a new edit key) keeps it sealed with the Idempotency-Key, which
only the client knows.
"""

import hashlib
from datetime import datetime, timedelta

from flask import request

from ..store import db as store
from ..api.common import BadBody
from ..errors import error_body

HEADER = "Idempotency-Key"
MAX_KEY_LENGTH = 255
# How long a first answer is kept for a repeat: retries come within minutes.
REPLAY_WINDOW = timedelta(hours=24)


def idempotency_key():
    """Return the request's Idempotency-Key, or None; raise BadBody when it cannot be one."""
    key = request.headers.get(HEADER)
    if key is None:
        return None
    key = key.strip()
    if not key or len(key) > MAX_KEY_LENGTH:
        raise BadBody(f"An Idempotency-Key must be 1 to {MAX_KEY_LENGTH} characters; a random UUID is best.",
                      field=HEADER)
    return key


def request_hash(canonical):
    """Return what tells one request from another under one key: method, address and body."""
    return hashlib.sha256(f"{request.method} {request.path}\n".encode("utf-8") + canonical).hexdigest()


def _hash(text):
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def recall(db, scope, key):
    """Return the first answer kept for this key (``request_hash``, ``status``, ``response``), or None."""
    return store.recall_answer(db, scope, _hash(key))


def key_reused():
    """Return the 422 answer to a key sent again with another request."""
    return error_body(422, [(HEADER, (
        "This Idempotency-Key was already used for a different request (another body or address). "
        "Use a new key for each new change; nothing was changed."))])


def replayed(response):
    """Return ``response`` marked as the first answer given again."""
    response.headers["Idempotent-Replayed"] = "true"
    return response


def remember(db, scope, key, request_hash, status, text):
    """Keep the answer for repeats of this request, and let go of the scope's answers past the window."""
    horizon = datetime.fromisoformat(store.now()) - REPLAY_WINDOW
    store.forget_answers_before(db, scope, horizon.isoformat(timespec="seconds"))
    store.remember_answer(db, scope, _hash(key), request_hash, status, text)


def _pad(key, game_id, length):
    return hashlib.shake_256(f"scorekeeper edit key\0{key}\0{game_id}".encode("utf-8")).digest(length)


def seal(edit_key, key, game_id):
    """Return ``edit_key`` sealed with the Idempotency-Key ``key`` (hex): what is stored of it."""
    data = edit_key.encode("utf-8")
    return bytes(a ^ b for a, b in zip(data, _pad(key, game_id, len(data)))).hex()


def unseal(sealed, key, game_id):
    """Return the edit key ``seal`` sealed."""
    data = bytes.fromhex(sealed)
    return bytes(a ^ b for a, b in zip(data, _pad(key, game_id, len(data)))).decode("utf-8")
