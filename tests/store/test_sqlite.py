"""The database itself (``store.sqlite``): transactions, a note's commit, one connection per worker thread."""

import sqlite3

import pytest

from scorekeeper.store import connections
from scorekeeper.store import db as store
from scorekeeper.store import sqlite

from .test_db import SIDES, new_game


def test_failed_transaction_leaves_nothing(db):
    new_game(db)
    with pytest.raises(RuntimeError):
        with sqlite.transaction(db):
            store.add_hand(db, "g1", SIDES)
            raise RuntimeError("boom")
    assert store.get_game(db, "g1")["hands"] == []
    assert store.get_version(db, "g1") == 0


def test_a_note_is_committed_without_the_disk_wait_and_scores_are_written_with_it_again(db):
    """writing_a_note lowers synchronous for its own commit only: the next write waits for the disk (FULL = 2)."""
    synchronous = lambda: db.execute("PRAGMA synchronous").fetchone()[0]  # noqa: E731
    assert synchronous() == 2
    with sqlite.writing_a_note(db):
        assert synchronous() == 1  # NORMAL
        db.execute("create table notes (n integer)")
        db.execute("insert into notes values (1)")
    assert synchronous() == 2
    assert db.execute("select n from notes").fetchall() == [(1,)]
    with pytest.raises(RuntimeError), sqlite.writing_a_note(db):
        db.execute("insert into notes values (2)")
        raise RuntimeError("refused")
    assert synchronous() == 2
    assert db.execute("select n from notes").fetchall() == [(1,)]


# --- one connection per worker thread ---------------------------------------------------------


def open_in_request(app):
    """The connection a request of ``app`` gets (its app context ended, as at the end of a request)."""
    with app.app_context():
        return sqlite.get_db()


def test_requests_of_a_thread_share_one_connection_with_every_pragma(app):
    first, second = open_in_request(app), open_in_request(app)
    assert first is second
    assert first.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert first.execute("PRAGMA busy_timeout").fetchone()[0] == 10_000
    assert first.execute("PRAGMA synchronous").fetchone()[0] == 2
    assert first.execute("PRAGMA foreign_keys").fetchone()[0] == 1


def test_apps_on_different_files_each_read_their_own(tmp_path):
    from scorekeeper import create_app

    apps = [create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE": str(tmp_path / f"{name}.db")})
            for name in ("one", "two")]
    with apps[0].app_context():
        new_game(sqlite.get_db(), "only-in-one")
    with apps[1].app_context():
        assert store.get_game(sqlite.get_db(), "only-in-one") is None
    assert open_in_request(apps[0]) is not open_in_request(apps[1])


def test_a_request_that_fails_mid_transaction_leaves_nothing_open(app):
    with pytest.raises(RuntimeError):
        with app.app_context():
            db = sqlite.get_db()
            db.execute("BEGIN IMMEDIATE")
            new_game(db, "half-done")
            raise RuntimeError("the view failed before COMMIT")
    db = open_in_request(app)
    assert not db.conn.in_transaction
    assert store.get_game(db, "half-done") is None
    # The write lock is free: another process's writer does not wait.
    other = sqlite3.connect(app.config["DATABASE"], timeout=0)
    try:
        other.execute("insert into idempotency (scope, key, request_hash, status, response, created_at) "
                      "values ('s', 'k', 'h', 200, '{}', 'now')")
        other.commit()
    finally:
        other.close()


def test_another_thread_gets_its_own_connection(app):
    import threading

    mine = open_in_request(app)
    theirs = []
    thread = threading.Thread(target=lambda: theirs.append(open_in_request(app)))
    thread.start()
    thread.join(10)
    assert theirs and theirs[0] is not mine


def test_a_replaced_file_is_opened_again(app, tmp_path):
    import os

    before = open_in_request(app)
    replacement = tmp_path / "restored.db"
    sqlite.migrate(replacement)
    restored = sqlite.connect(replacement)
    new_game(restored, "from-the-backup")
    restored.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    restored.close()
    os.replace(replacement, app.config["DATABASE"])
    after = open_in_request(app)
    assert after is not before
    assert store.get_game(after, "from-the-backup") is not None


def test_a_thread_keeps_a_few_files_open_and_closes_the_oldest(tmp_path):
    paths = [tmp_path / f"{n}.db" for n in range(connections.CONNECTIONS_PER_THREAD + 1)]
    first = sqlite.thread_connection(paths[0])
    for path in paths[1:]:
        sqlite.thread_connection(path)
    with pytest.raises(sqlite3.ProgrammingError):
        first.execute("select 1")  # closed: the least recently used
    assert sqlite.thread_connection(paths[-1]) is sqlite.thread_connection(paths[-1])


def test_a_forked_worker_opens_its_own_connection(tmp_path):
    """gunicorn forks its workers: a connection opened before the fork is never used after it."""
    import os

    path = tmp_path / "fork.db"
    sqlite.migrate(path)
    parent = sqlite.thread_connection(path)
    pid = os.fork()
    if pid == 0:  # the worker
        try:
            child = sqlite.thread_connection(path)
            new_game(child, "from-the-worker")
            os._exit(0 if child is not parent and child.file_identity == parent.file_identity else 1)
        except BaseException:
            os._exit(2)
    # Bounded: a child stuck after the fork (it was forked from a threaded test process) fails
    # this test instead of hanging the whole run.
    import time

    deadline = time.monotonic() + 60
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
            pytest.fail("the forked worker did not finish within 60 s")
        time.sleep(0.01)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
    assert store.get_game(parent, "from-the-worker") is not None  # the parent's connection still works
