"""A browser's keyring: the random id its cookie holds, and edit keys sealed with it.

The server keeps the edit keys a browser holds (``store.edit_keys``), so its
cookie stays small whatever the number of games. They are not kept in the
clear: each is sealed with the browser's id, which only that browser's signed
cookie holds; the database keeps a hash of the id. A copy of the database
therefore opens no game, as before (only a hash of each edit key is in
``games``), and one browser can never read another's keys.

Sealing is HMAC-SHA256 used as a keyed stream (counter mode) with a random
nonce per key: standard library only, and an unsealed key is checked against
the game's stored hash before it opens anything (``access.key_opens``).
"""

import base64
import binascii
import hashlib
import hmac
import secrets

SECRET_BYTES = 24  # 192 bits, as an edit key
NONCE_BYTES = 16


def new_browser_secret():
    """Return a new random browser id (URL-safe text), for its signed cookie only."""
    return secrets.token_urlsafe(SECRET_BYTES)


def browser_id(secret):
    """Return how the database knows the browser: a hash of its id, which opens nothing.

    >>> browser_id("abc") == browser_id("abc") != browser_id("abd")
    True
    >>> len(browser_id("abc"))
    64
    """
    return hashlib.sha256(b"browser:" + secret.encode("utf-8")).hexdigest()


def _stream(secret, game_id, nonce, length):
    blocks = []
    for counter in range(-(-length // 32)):
        message = nonce + counter.to_bytes(4, "big") + game_id.encode("utf-8")
        blocks.append(hmac.new(secret.encode("utf-8"), message, hashlib.sha256).digest())
    return b"".join(blocks)[:length]


def seal(secret, game_id, edit_key):
    """Return the edit key of the game sealed with the browser's id (URL-safe text).

    >>> sealed = seal("browser-secret", "game", "the-edit-key")
    >>> "the-edit-key" in sealed, unseal("browser-secret", "game", sealed)
    (False, 'the-edit-key')
    >>> unseal("another-browser", "game", sealed) == "the-edit-key"
    False
    """
    nonce = secrets.token_bytes(NONCE_BYTES)
    data = edit_key.encode("utf-8")
    body = bytes(a ^ b for a, b in zip(data, _stream(secret, game_id, nonce, len(data))))
    return base64.urlsafe_b64encode(nonce + body).decode("ascii")


def unseal(secret, game_id, sealed):
    """Return the edit key sealed by ``seal``; None when it cannot be read (then it opens nothing)."""
    try:
        raw = base64.urlsafe_b64decode(sealed.encode("ascii"))
    except (binascii.Error, ValueError, AttributeError):
        return None
    nonce, body = raw[:NONCE_BYTES], raw[NONCE_BYTES:]
    data = bytes(a ^ b for a, b in zip(body, _stream(secret, game_id, nonce, len(body))))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None
