"""The store: games and hands as entered, versions, numbering, repeated requests."""

import sqlite3

import pytest

from scorekeeper.store import answers
from scorekeeper.store import db as store

SIDES = [{"melded_points": 120, "hand_points": 15, "mixed_canastas": 1, "red_threes": 1, "going_out": "out"},
         {"melded_points": 0, "hand_points": 95, "red_threes": 2}]


def new_game(db, game_id="g1"):
    store.create_game(db, game_id=game_id, edit_key_hash="h", rules="classic", options={"target": 5000},
                      names=["Ann & Bob", "Cy & Di"], seats=[], start_totals=[0, 0])


def test_create_and_read_game(db):
    new_game(db)
    game = store.get_game(db, "g1")
    assert game["names"] == ["Ann & Bob", "Cy & Di"]
    assert game["options"] == {"target": 5000}
    assert game["version"] == 0
    assert game["hands"] == []
    assert store.get_game(db, "nope") is None


def test_hands_are_numbered_in_play_order_and_renumbered_after_delete(db):
    new_game(db)
    for points in (100, 200, 300):
        store.add_hand(db, "g1", [{"melded_points": points}, {}])
    assert store.delete_hand(db, "g1", 2) == 4
    hands = store.get_game(db, "g1")["hands"]
    assert [(h["number"], h["sides"][0]["melded_points"]) for h in hands] == [(1, 100), (2, 300)]


def test_every_change_grows_the_version(db):
    new_game(db)
    assert store.add_hand(db, "g1", SIDES) == (1, 1)
    assert store.replace_hand(db, "g1", 1, [{}, {}]) == 2
    assert store.get_game(db, "g1")["hands"][0]["sides"] == [{}, {}]
    assert store.delete_hand(db, "g1", 1) == 3
    assert store.get_version(db, "g1") == 3


def test_unknown_game_or_hand(db):
    new_game(db)
    with pytest.raises(store.NotFound):
        store.add_hand(db, "nope", SIDES)
    with pytest.raises(store.NotFound):
        store.replace_hand(db, "g1", 1, SIDES)
    with pytest.raises(store.NotFound):
        store.delete_hand(db, "g1", 0)
    assert store.get_version(db, "g1") == 0


def test_failed_transaction_leaves_nothing(db):
    new_game(db)
    with pytest.raises(RuntimeError):
        with store.transaction(db):
            store.add_hand(db, "g1", SIDES)
            raise RuntimeError("boom")
    assert store.get_game(db, "g1")["hands"] == []
    assert store.get_version(db, "g1") == 0


def test_remembered_answers(db):
    new_game(db)
    with store.transaction(db):
        store.add_hand(db, "g1", SIDES)
        answers.remember_answer(db, "hands:g1", "k1", "abc", 201, '{"ok": 1}')
    assert answers.recall_answer(db, "hands:g1", "k1") == {"request_hash": "abc", "status": 201, "response": '{"ok": 1}'}
    assert answers.recall_answer(db, "hands:g1", "k2") is None
    with pytest.raises(sqlite3.IntegrityError):
        answers.remember_answer(db, "hands:g1", "k1", "abc", 201, "{}")


def test_list_games_newest_first_and_only_those_asked(db):
    new_game(db, "a")
    new_game(db, "b")
    new_game(db, "c")
    db.execute("update games set updated_at = '2020-01-01'")  # not the second a changes in
    store.add_hand(db, "a", SIDES)  # a changes last
    listed = store.list_games(db, ["a", "b", "zzz"])
    assert [g["id"] for g in listed][0] == "a"
    assert {g["id"] for g in listed} == {"a", "b"}
    assert listed[0]["hand_count"] == 1


def test_games_changed_in_the_same_second_list_the_one_started_last_first(db):
    for game_id in ("m", "z", "a"):  # started in this order; their ids sort otherwise
        new_game(db, game_id)
    db.execute("update games set created_at = '2025-03-08T20:00:00+00:00', updated_at = '2025-03-08T20:00:00+00:00'")
    assert [g["id"] for g in store.list_games(db, ["z", "a", "m"])] == ["a", "z", "m"]


# --- one connection per worker thread ---------------------------------------------------------


def open_in_request(app):
    """The connection a request of ``app`` gets (its app context ended, as at the end of a request)."""
    with app.app_context():
        return store.get_db()


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
        new_game(store.get_db(), "only-in-one")
    with apps[1].app_context():
        assert store.get_game(store.get_db(), "only-in-one") is None
    assert open_in_request(apps[0]) is not open_in_request(apps[1])


def test_a_request_that_fails_mid_transaction_leaves_nothing_open(app):
    with pytest.raises(RuntimeError):
        with app.app_context():
            db = store.get_db()
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
    store.migrate(replacement)
    restored = store.connect(replacement)
    new_game(restored, "from-the-backup")
    restored.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    restored.close()
    os.replace(replacement, app.config["DATABASE"])
    after = open_in_request(app)
    assert after is not before
    assert store.get_game(after, "from-the-backup") is not None


def test_a_thread_keeps_a_few_files_open_and_closes_the_oldest(tmp_path):
    paths = [tmp_path / f"{n}.db" for n in range(store.CONNECTIONS_PER_THREAD + 1)]
    first = store.thread_connection(paths[0])
    for path in paths[1:]:
        store.thread_connection(path)
    with pytest.raises(sqlite3.ProgrammingError):
        first.execute("select 1")  # closed: the least recently used
    assert store.thread_connection(paths[-1]) is store.thread_connection(paths[-1])


def test_a_forked_worker_opens_its_own_connection(tmp_path):
    """gunicorn forks its workers: a connection opened before the fork is never used after it."""
    import os

    path = tmp_path / "fork.db"
    store.migrate(path)
    parent = store.thread_connection(path)
    pid = os.fork()
    if pid == 0:  # the worker
        try:
            child = store.thread_connection(path)
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


def test_the_stamp_of_a_game_is_its_version_and_last_change(db):
    new_game(db)
    assert store.get_stamp(db, "g1") == (0, store.get_game(db, "g1")["created_at"])
    db.execute("update games set updated_at = '2030-01-01T00:00:00+00:00' where id = 'g1'")
    store.add_hand(db, "g1", SIDES)
    version, updated_at = store.get_stamp(db, "g1")
    assert version == 1 and updated_at != "2030-01-01T00:00:00+00:00"
    assert store.get_stamp(db, "nope") is None


def test_a_note_is_committed_without_the_disk_wait_and_scores_are_written_with_it_again(db):
    """writing_a_note lowers synchronous for its own commit only: the next write waits for the disk (FULL = 2)."""
    synchronous = lambda: db.execute("PRAGMA synchronous").fetchone()[0]  # noqa: E731
    assert synchronous() == 2
    with store.writing_a_note(db):
        assert synchronous() == 1  # NORMAL
        db.execute("create table notes (n integer)")
        db.execute("insert into notes values (1)")
    assert synchronous() == 2
    assert db.execute("select n from notes").fetchall() == [(1,)]
    with pytest.raises(RuntimeError), store.writing_a_note(db):
        db.execute("insert into notes values (2)")
        raise RuntimeError("refused")
    assert synchronous() == 2
    assert db.execute("select n from notes").fetchall() == [(1,)]
