"""The queries of the table keys a browser holds: a seat's key or the host's, sealed.

As ``store.edit_keys`` for games: a browser is known by a hash of its cookie's
random id and each key is stored sealed with that id (``games.keyring``).
Nothing here decides what a key opens: ``games.tables`` does.
"""

from .sqlite import writing


def keep(db, browser, table_id, role, sealed_key, opened_at):
    """Keep (or replace) the browser's key of ``role`` ("host" or "seat:<n>") at the table."""
    with writing(db):
        db.execute(
            "insert into browser_tables (browser, table_id, role, sealed_key, opened_at) values (?, ?, ?, ?, ?) "
            "on conflict (browser, table_id, role) do update set sealed_key = excluded.sealed_key, "
            "opened_at = excluded.opened_at", [browser, table_id, role, sealed_key, opened_at])


def held(db, browser, table_id):
    """``{role: sealed_key}`` of the browser at the table."""
    return {row["role"]: row["sealed_key"] for row in db.query(
        "select role, sealed_key from browser_tables where browser = ? and table_id = ?", [browser, table_id])}


def tables_of(db, browser, limit=20):
    """The tables the browser holds a key of, the latest opened first: ``[{"table_id", "roles", "opened_at"}]``."""
    rows = db.query(
        "select table_id, group_concat(role) as roles, max(opened_at) as opened_at from browser_tables "
        "where browser = ? group by table_id order by max(opened_at) desc limit ?", [browser, limit])
    return [{"table_id": row["table_id"], "roles": sorted(row["roles"].split(",")), "opened_at": row["opened_at"]}
            for row in rows]


def forget(db, browser, table_id, role):
    """Let the browser forget its key of ``role`` at the table."""
    with writing(db):
        db.execute("delete from browser_tables where browser = ? and table_id = ? and role = ?",
                   [browser, table_id, role])
