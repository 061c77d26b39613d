"""Repeated API requests: the ``Idempotency-Key`` header, and the first answer kept for a repeat.

A client that lost an answer sends the same request again with the same key;
it gets the first answer again (same status, same body, marked
``Idempotent-Replayed: true``) and nothing changes a second time. The API views
look a key up and keep an answer inside the same write transaction as the
change itself, so two copies sent at once still make one change.

Only hashes of Idempotency-Keys are stored. An answer that holds an edit key
(a new game, a new edit key) keeps it sealed with the Idempotency-Key, which
only the client knows: that is why those two take only random keys (at least
128 bits, ``random_key_refusal``). A short key like ``game-1`` is sent by
others too, and would hand them the game.

What is kept of an answer is what a repeat needs, never the whole game again
(which made every keyed hand store the game once more): the status, the
game's id and version, the hand's number; a repeat answers the game as it is
(the same body as the first answer while the game has not changed since).
Kept answers expire after a day, for every game (``store.answers.remember_answer``).
"""

import hashlib
import math
import re

from flask import request

from ..i18n import gettext as _
from .common import BadBody
from ..errors import error_body

HEADER = "Idempotency-Key"
MAX_KEY_LENGTH = 255
RANDOM_BITS = 128  # what a key answered with an edit key must hold at least


def idempotency_key():
    """Return the request's Idempotency-Key, or None; raise BadBody when it cannot be one."""
    key = request.headers.get(HEADER)
    if key is None:
        return None
    key = key.strip()
    if not key or len(key) > MAX_KEY_LENGTH:
        raise BadBody(_("An Idempotency-Key must be 1 to %(most)s characters; a random UUID is best.",
                        most=MAX_KEY_LENGTH), field=HEADER)
    return key


def random_bits(key):
    """Return how many bits of randomness ``key`` can hold at most, judged from its characters.

    Hex digits (a UUID's dashes aside) count 4 bits each, base64 characters 6,
    any other printable character 6.5. A key that repeats a few characters
    (``aaaa…``) holds little whatever its length. A UUID4 counts its 32 hex
    digits: 128; ``secrets.token_urlsafe(16)``, 22 characters: 132.
    """
    if len(set(key)) < 8:
        return 0
    if re.fullmatch(r"[0-9a-fA-F-]+", key):
        return 4 * len(key.replace("-", ""))
    if re.fullmatch(r"[0-9A-Za-z_\-+/=]+", key):
        return 6 * len(key.rstrip("="))
    return int(len(key) * math.log2(95))


def random_key_refusal(key, what):
    """Return the 422 answer when ``key`` is too short to be kept secret by whoever made it, else None.

    ``what``: the change in words ("a new game"), whose answer holds an edit key.
    """
    if key is None or random_bits(key) >= RANDOM_BITS:
        return None
    return error_body(422, [(HEADER, _(
        "For %(what)s the Idempotency-Key must be random, at least %(bits)s bits: a new UUID "
        "(uuid4) or 22 or more characters of base64 (secrets.token_urlsafe(16)). Anyone else sending "
        "the same short key would get the answer, and with it the edit key. Nothing was changed.",
        what=_(what), bits=RANDOM_BITS))])


def request_hash(canonical):
    """Return what tells one request from another under one key: method, address and body."""
    return hashlib.sha256(f"{request.method} {request.path}\n".encode("utf-8") + canonical).hexdigest()


def key_reused():
    """Return the 422 answer to a key sent again with another request."""
    return error_body(422, [(HEADER, _(
        "This Idempotency-Key was already used for a different request (another body or address). "
        "Use a new key for each new change; nothing was changed."))])


def replayed(response):
    """Return ``response`` marked as the first answer given again."""
    response.headers["Idempotent-Replayed"] = "true"
    return response


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
