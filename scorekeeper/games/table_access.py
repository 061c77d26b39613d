"""Which table keys this browser holds: a seat's key from its invite link, or the host's.

A phone that opens a seat's invite link keeps the seat's key, and the host's
browser keeps the host key, as a browser keeps the edit keys of its games
(``games.access``): its cookie holds only a random id, the database holds the
key sealed with that id (``games.keyring``), so neither the cookie nor a copy
of the database opens a seat. Whether a key still opens anything (the host
may have given the seat a new key) is ``Table.seat_of_key``'s to say.

The host's browser also keeps every person seat's key as that seat's
*invite* (role "invite:<n>"), so that the host page can show the invite links
again after the table was opened. An invite is not a seat: ``held_roles`` and
``held_seat`` never read one, so the host does not sit at every seat. It gives
the host nothing the host key does not already give (the host can give any
seat a new key), and it is sealed like every other key.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone

from ..store import sqlite
from ..store import table_keys
from . import access, keyring

HOST = "host"
INVITE = "invite:"


def invite(seat: int) -> str:
    """The role of a seat's invite kept by the host's browser: "invite:<n>"."""
    return f"{INVITE}{_seat_number(seat)}"


def _seat_number(seat) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
        raise ValueError(f"not a table role: {seat!r}")
    return seat


def _role(role) -> str:
    """"host", an invite ("invite:<n>", see ``invite``), or a seat number as "seat:<n>"."""
    if role == HOST:
        return HOST
    if isinstance(role, str) and re.fullmatch(r"invite:(0|[1-9][0-9]{0,2})", role):
        return role
    return f"seat:{_seat_number(role)}"


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


def _unsealed(table_id) -> dict:
    """``{stored role: key}`` of every key this browser holds at the table."""
    secret = access._browser()
    if secret is None:
        return {}
    held = {}
    for role, sealed in table_keys.held(sqlite.get_db(), keyring.browser_id(secret), table_id).items():
        key = keyring.unseal(secret, _context(table_id, role), sealed)
        if key is not None:
            held[role] = key
    return held


def held_roles(table_id: str) -> dict:
    """``{role: key}`` of every key this browser holds at the table: role "host" or a seat number (no invite)."""
    held = {}
    for role, key in _unsealed(table_id).items():
        if role == HOST:
            held[HOST] = key
        elif role.startswith("seat:"):
            held[int(role.split(":", 1)[1])] = key
    return held


def held_invites(table_id: str) -> dict:
    """``{seat: key}`` of the invites the host's browser keeps at the table (whether they still open: the table says)."""
    return {int(role[len(INVITE):]): key for role, key in _unsealed(table_id).items() if role.startswith(INVITE)}


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
