"""A table's computers move by themselves on the server: paced, one move per transaction, never twice.

Each computer move is made ``delay`` seconds (``TABLES_COMPUTER_DELAY``, 0.8 by
default) after the table's last change, so that the people at the table can
follow it. Two ways make them, both through :func:`computer_step`, which
chooses the move outside any transaction and stores it by compare-and-swap on
the version it chose on:

- :func:`drive`: after a change that gives a computer the turn, a thread of the
  worker that answered plays the computers until a person is to move;
- :func:`catch_up`: every read of the table makes a computer move that is due,
  so a worker killed between two moves (its driver gone with it) stops nothing.

docs/tables.md ("Computers at the table") says why this design.
"""

from __future__ import annotations

import logging
import threading
import time

from ..canasta.play import IllegalMove, apply
from ..store import sqlite
from . import tables
from .tables import COMPUTER, Conflict, Table, _computer_move, load, store_moves

log = logging.getLogger(__name__)

DEFAULT_DELAY = 0.8  # seconds between a change and a computer's move: people follow it
MOST_COMPUTER_MOVES = 3000  # a driver stops past this (a deal never needs it)


def _due(table: Table, delay: float, now: float) -> bool:
    return table.computer_to_move() is not None and now >= table.row["touched_at"] + delay


def computer_step(db, table_id, delay: float) -> bool:
    """Make the move of the computer to move if it is due; return True when a move was made.

    The move is chosen outside any transaction, then stored by compare-and-swap
    on the version it was chosen on: if another worker moved first, nothing is
    stored and False comes back.
    """
    table = load(db, table_id)
    if table is None or not _due(table, delay, tables.clock()):
        return False
    seat, level = table.computer_to_move()
    position = table.position
    choice = _computer_move(position, position.to_move, level)
    try:
        after, _ = apply(position, choice.move)
    except IllegalMove as refused:  # a computer's move the referee refuses: a bug, said, and never stored
        log.error("The computer at seat %s of table %s chose a refused move %s: %s", seat, table_id,
                  choice.move.as_dict(), [refusal.message for refusal in refused.refusals])
        return False
    entry = {"move": choice.move.as_dict(), "seat": seat, "version": table.version, "by": COMPUTER,
             "reason": choice.reason.as_dict()}
    if table.seats[seat]["player"] != COMPUTER:  # a person's seat, away: the computer stood in for this move
        entry["stand_in"] = True
    moves = list(table.row["moves"]) + [entry]
    try:
        with sqlite.transaction(db):
            store_moves(db, table, moves, after)
    except Conflict:
        return False
    return True


def catch_up(db, table_id, delay: float) -> int:
    """Make every computer move already due (a read's catch-up, when no driver is running); return how many.

    With a delay, one move at most is due at a time (each move starts the next pace).
    """
    made = 0
    while made < MOST_COMPUTER_MOVES and computer_step(db, table_id, delay):
        made += 1
    return made


_driving: set = set()
_driving_lock = threading.Lock()


def drive(database_path, table_id, delay: float):
    """Start this process's driver of the table's computers, unless one runs: a thread that makes their moves, paced.

    It stops when a person is to move, the deal is over, the table ended or
    after ``MOST_COMPUTER_MOVES``. A worker killed mid-way loses nothing: the
    moves made are committed one by one, and the next read of the table
    (``catch_up``) makes the overdue move and starts a driver again.
    """
    with _driving_lock:
        if table_id in _driving:
            return False
        _driving.add(table_id)
    thread = threading.Thread(target=_drive, args=(database_path, table_id, delay), daemon=True,
                              name=f"table-{table_id[:6]}")
    thread.start()
    return True


def _drive(database_path, table_id, delay):
    db = sqlite.connect(database_path)
    try:
        for _ in range(MOST_COMPUTER_MOVES):
            table = load(db, table_id)
            if table is None or table.computer_to_move() is None:
                break
            wait = table.row["touched_at"] + delay - tables.clock()
            if wait > 0:
                time.sleep(min(wait, delay or wait))
                continue
            computer_step(db, table_id, delay)
    except Exception:  # noqa: BLE001 — a thread's failure would pass unseen: log it; the next read catches up
        log.exception("The computers of table %s stopped", table_id)
    finally:
        with _driving_lock:
            _driving.discard(table_id)
        db.close()


def driving(table_id) -> bool:
    """True while this process runs a driver for the table."""
    with _driving_lock:
        return table_id in _driving


def after_change(db, database_path, table_id, delay: float, threads: bool) -> None:
    """After a change: let the computers move, in a driver thread of this worker (paced) or here and now (no threads)."""
    if threads:
        table = load(db, table_id)
        if table is not None and table.computer_to_move() is not None:
            drive(database_path, table_id, delay)
    else:
        catch_up(db, table_id, delay)


def read_table(db, database_path, table_id, delay: float, threads: bool) -> Table | None:
    """Return the table for a read, having made the computer moves a lost worker left overdue (and restarted a driver)."""
    table = load(db, table_id)
    if table is not None and table.computer_to_move() is not None:
        if catch_up(db, table_id, delay):
            table = load(db, table_id)
        if threads and table.computer_to_move() is not None:
            drive(database_path, table_id, delay)
    return table
