"""The answers kept for repeated requests: the API's Idempotency-Key and the forms' one-time tokens.

A request that may be sent twice (a phone on a weak signal retries) carries a
key; the first answer is kept under it, in the same transaction as the change
it answers (``games.once``), and a repeat gets that answer again instead of a
second change. Answers are let go by age, for every game at once.
"""

from datetime import datetime, timedelta

from . import db as store  # store.now: the one clock, which tests set

# How long an answer is kept for a repeat: a client retries within minutes.
ANSWERS_KEPT = timedelta(hours=24)


def _answers_horizon():
    return (datetime.fromisoformat(store.now()) - ANSWERS_KEPT).isoformat(timespec="seconds")


def recall_answer(db, scope, key):
    """Return the stored ``{"request_hash", "status", "response"}`` for a key, or None (also once it expired)."""
    rows = list(db.query(
        "select request_hash, status, response from idempotency where scope = ? and key = ? and created_at >= ?",
        [scope, key, _answers_horizon()]))
    return rows[0] if rows else None


def remember_answer(db, scope, key, request_hash, status, response):
    """Keep the answer given to a request so that the same request gets it again.

    Answers older than ``ANSWERS_KEPT`` go at the same time, whichever game
    they were for: an abandoned game's answers don't stay forever.
    """
    forget_answers_before(db, _answers_horizon())
    db["idempotency"].insert(
        {
            "scope": scope,
            "key": key,
            "request_hash": request_hash,
            "status": status,
            "response": response,
            "created_at": store.now(),
        }
    )


def forget_answers_before(db, stamp):
    """Drop every remembered answer kept before ``stamp`` (an ISO time as ``store.now()`` writes it), for every game.

    A client repeats a request within seconds or minutes: an answer older than
    that is only weight (the ``created_at`` index finds them).
    """
    db.execute("delete from idempotency where created_at < ?", [stamp])
