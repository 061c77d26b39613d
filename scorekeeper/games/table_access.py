"""Which table keys this browser holds: a seat's key from its invite link, or the host's.

A phone that opens a seat's invite link keeps the seat's key, and the host's
browser keeps the host key, as a browser keeps the edit keys of its games
(``games.access``): its cookie holds only a random id, the database holds the
key sealed with that id (``games.keyring``), so neither the cookie nor a copy
of the database opens a seat. Whether a key still opens anything (the host
may have given the seat a new key) is ``Table.seat_of_key``'s to say.
"""

from __future__ import annotations

from datetime import datetime, timezone

from ..store import sqlite
from ..store import table_keys
from . import access, keyring

HOST = "host"


def _role(role) -> str:
    """"host", or a seat number as "seat:<n>"."""
    if role == HOST:
        return HOST
    if isinstance(role, bool) or not isinstance(role, int) or role < 0:
        raise ValueError(f"not a table role: {role!r}")
    return f"seat:{role}"


def _context(table_id, role) -> str:
    return f"table:{table_id}:{role}"


def remember_table_key(table_id: str, role, key: str) -> None:
    """Keep ``key`` (a seat's, ``role`` its number, or the host's, ``role`` "host") for this browser."""
    role = _role(role)
    secret = access._browser(create=True)
    stamp = datetime.now(timezone.utc).isoformat(timespec="microseconds")
    table_keys.keep(sqlite.get_db(), keyring.browser_id(secret), table_id, role,
                    keyring.seal(secret, _context(table_id, role), key), stamp)


def held_table_key(table_id: str, role) -> str | None:
    """Return the key of ``role`` this browser holds at the table, or None."""
    role = _role(role)
    secret = access._browser()
    if secret is None:
        return None
    sealed = table_keys.held(sqlite.get_db(), keyring.browser_id(secret), table_id).get(role)
    return None if sealed is None else keyring.unseal(secret, _context(table_id, role), sealed)


def held_roles(table_id: str) -> dict:
    """``{role: key}`` of every key this browser holds at the table: role "host" or a seat number."""
    secret = access._browser()
    if secret is None:
        return {}
    held = {}
    for role, sealed in table_keys.held(sqlite.get_db(), keyring.browser_id(secret), table_id).items():
        key = keyring.unseal(secret, _context(table_id, role), sealed)
        if key is not None:
            held[HOST if role == HOST else int(role.split(":", 1)[1])] = key
    return held


def held_seat(table) -> tuple[int, str] | None:
    """``(seat, key)`` of the seat this browser holds at ``table`` whose key still opens it, or None."""
    for role, key in sorted(held_roles(table.id).items(), key=lambda item: str(item[0])):
        if role != HOST and table.seat_of_key(key) == role:
            return role, key
    return None


def forget_table_key(table_id: str, role) -> None:
    """Let this browser forget its key of ``role`` at the table (a key that no longer opens anything)."""
    secret = access._browser()
    if secret is not None:
        table_keys.forget(sqlite.get_db(), keyring.browser_id(secret), table_id, _role(role))


def tables_held(limit: int = 20) -> list[dict]:
    """The tables this browser holds a key of, the latest opened first."""
    secret = access._browser()
    if secret is None:
        return []
    return table_keys.tables_of(sqlite.get_db(), keyring.browser_id(secret), limit)
