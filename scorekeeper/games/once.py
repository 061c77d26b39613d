"""At most once per key: a change sent twice (a double tap, a lost answer sent again) is made once.

The pages' one-time form tokens and the API's ``Idempotency-Key`` both come
here. The look-up, the change and keeping what a repeat needs are one write
transaction, so two copies sent at once still make one change: the second
waits for the first and then finds its answer. Only a hash of a key is kept.
"""

import hashlib
from dataclasses import dataclass

from ..store import answers
from ..store import sqlite


class KeyReused(Exception):
    """The key was kept for another request (another body or address): nothing was changed."""


@dataclass(frozen=True)
class Once:
    """The answer to a change: its status, what was kept for a repeat, and whether this was the repeat."""

    status: int
    kept: str
    repeated: bool


def hashed(key):
    """Return what is stored of a key: its SHA-256, never the key itself."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def at_most_once(db, scope, key, request_hash, change):
    """Run ``change()`` at most once per ``key`` in ``scope``; return it as ``Once``.

    ``change()`` makes the change and returns ``(status, kept)``: the answer's
    status and the text a repeat is answered from. It may raise to change
    nothing (and keep nothing). Without a key it simply runs, in a transaction.
    A repeat with the same ``request_hash`` gets the first ``(status, kept)``
    back with ``repeated`` true; another request under a kept key raises
    KeyReused. ``request_hash`` None: any request under the key is a repeat
    (a form's one-time token belongs to one form).
    """
    with sqlite.transaction(db):
        if key:
            earlier = answers.recall_answer(db, scope, hashed(key))
            if earlier is not None:
                if request_hash is not None and earlier["request_hash"] != request_hash:
                    raise KeyReused(scope)
                return Once(earlier["status"], earlier["response"], True)
        status, kept = change()
        if key:
            answers.remember_answer(db, scope, hashed(key), request_hash or "", status, kept)
    return Once(status, kept, False)
