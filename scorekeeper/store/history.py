"""A game's history: every change kept, so that Undo reverts the last one and Redo puts it back.

A change is a row of ``changes``: what it was (add, edit, delete, rename), the
hand or the names before and after it, and its state. Undo takes the newest
``done`` change and makes it ``undone``; Redo takes the ``undone`` one undone
last (the oldest of them) and makes it ``done`` again; any other change makes
every ``undone`` one ``dropped``: what was undone before it can no longer be
put back on top of it. Undo and redo are rows too (``kind`` undo/redo,
``target`` the change), for the history page.

A hand's place in its game is its row id (hands are numbered by id): a deleted
hand brought back gets its old id again, and lands in its old place. Ids are
never handed out twice (``AUTOINCREMENT``, migration 0004).
"""

import json

from .db import NotFound, _bump, now

HAND_FIELDS = ("id", "sides", "entry", "created_at", "updated_at")


def _hand(hand):
    """What is kept of a hand as ``get_game`` gives it: its row id, sides, entry and times."""
    return {field: hand[field] for field in HAND_FIELDS}


def record(db, game_id, kind, *, version, made_by="", number=None, before=None, after=None):
    """Keep a change just made (inside its transaction); whatever was undone can no longer be redone."""
    db.execute("update changes set state = 'dropped' where game_id = ? and state = 'undone'", [game_id])
    hand = after if kind == "add" else before if kind in ("edit", "delete") else None
    db["changes"].insert({
        "game_id": game_id, "kind": kind, "number": number, "hand_id": hand["id"] if hand else None,
        "before": None if before is None else json.dumps(before),
        "after": None if after is None else json.dumps(after),
        "state": "done", "target": None, "made_by": made_by or "", "version": version, "created_at": now(),
    })


def kept_hand(hand):
    """What is kept of a hand (as ``get_game`` gives it) in a change: its row id, sides, entry and times; None stays None."""
    return None if hand is None else _hand(hand)


def _change(row):
    change = dict(row)
    for field in ("before", "after"):
        change[field] = json.loads(change[field]) if change[field] else None
    return change


def to_undo(db, game_id):
    """The change Undo would revert (the newest done one), or None."""
    rows = list(db.query("select * from changes where game_id = ? and state = 'done' "
                         "and kind in ('add', 'edit', 'delete', 'rename') order by id desc limit 1", [game_id]))
    return _change(rows[0]) if rows else None


def to_redo(db, game_id):
    """The change Redo would put back (the one undone last: the oldest still undone), or None."""
    rows = list(db.query("select * from changes where game_id = ? and state = 'undone' order by id limit 1",
                         [game_id]))
    return _change(rows[0]) if rows else None


def changes(db, game_id, limit=200):
    """The game's changes, newest first (at most ``limit``), with what undo and redo acted on."""
    rows = db.query(
        """select changes.*, target.kind as target_kind, target.number as target_number
           from changes left join changes as target on target.id = changes.target
           where changes.game_id = ? order by changes.id desc limit ?""", [game_id, limit])
    return [_change(row) for row in rows]


def apply(db, game_id, change, direction, made_by=""):
    """Revert (``direction`` "undo") or put back ("redo") ``change``; return the game's new version.

    The caller checked the game's version and the engine's verdict on the
    hands this leaves (``hands_after``) inside the same transaction.
    """
    undo = direction == "undo"
    kind = change["kind"]
    version = _bump(db, game_id)
    if kind == "rename":
        table = change["before"] if undo else change["after"]
        db.execute("update games set names = ?, seats = ? where id = ?",
                   [json.dumps(table["names"]), json.dumps(table["seats"]), game_id])
    elif (kind == "add" and undo) or (kind == "delete" and not undo):
        db.execute("delete from hands where id = ? and game_id = ?", [change["hand_id"], game_id])
    elif kind in ("add", "delete"):
        hand = change["after"] if kind == "add" else change["before"]
        db.execute("insert into hands (id, game_id, sides, entry, created_at, updated_at) values (?, ?, ?, ?, ?, ?)",
                   [hand["id"], game_id, json.dumps(hand["sides"]), json.dumps(hand["entry"]),
                    hand["created_at"], hand["updated_at"]])
    else:  # an edit: the hand's old values back, or its new ones
        hand = change["before"] if undo else change["after"]
        updated = db.execute("update hands set sides = ?, entry = ?, updated_at = ? where id = ? and game_id = ?",
                             [json.dumps(hand["sides"]), json.dumps(hand["entry"]), hand["updated_at"],
                              change["hand_id"], game_id])
        if updated.rowcount != 1:
            raise NotFound(f"{game_id} hand row {change['hand_id']}")
    db.execute("update changes set state = ? where id = ?", ["undone" if undo else "done", change["id"]])
    db["changes"].insert({
        "game_id": game_id, "kind": direction, "number": change["number"], "hand_id": change["hand_id"],
        "before": None, "after": None, "state": "", "target": change["id"], "made_by": made_by or "",
        "version": version, "created_at": now(),
    })
    return version


def hands_after(stored, change, direction):
    """The game's hands' sides once ``change`` is undone or redone, in play order: what the engine checks first."""
    undo = direction == "undo"
    rows = [(hand["id"], hand["sides"]) for hand in stored["hands"]]
    kind = change["kind"]
    if kind == "rename":
        return [sides for _, sides in rows]
    if (kind == "add" and undo) or (kind == "delete" and not undo):
        rows = [(row_id, sides) for row_id, sides in rows if row_id != change["hand_id"]]
    elif kind in ("add", "delete"):
        hand = change["after"] if kind == "add" else change["before"]
        rows = sorted(rows + [(hand["id"], hand["sides"])], key=lambda row: row[0])
    else:
        hand = change["before"] if undo else change["after"]
        rows = [(row_id, hand["sides"] if row_id == change["hand_id"] else sides) for row_id, sides in rows]
    return [sides for _, sides in rows]


def forget(db, game_id):
    """Drop a game's history (its hands were stored anew: an import over it)."""
    db.execute("delete from changes where game_id = ?", [game_id])
