"""The table keys a browser holds: sealed in the database, opened only with the browser's own cookie."""

import pytest
from flask import session

from scorekeeper.games import table_access, table_open, tables
from scorekeeper.store import sqlite
from tests.tables_helpers import table_app


def _opened(app):
    with app.app_context():
        return table_open.open_table(sqlite.get_db(), rules="classic", names=["Ann", "Bob", "Cy", "Di"],
                                 computer={"1": "normal", "3": "easy"})


def test_a_browser_keeps_its_seat_and_host_keys_sealed(tmp_path):
    app = table_app(tmp_path)
    opened = _opened(app)
    table_id = opened.id
    with app.test_request_context():
        table_access.remember_table_key(table_id, 0, opened.keys[0])
        table_access.remember_table_key(table_id, "host", opened.host_key)
        assert table_access.held_table_key(table_id, 0) == opened.keys[0]
        assert table_access.held_table_key(table_id, "host") == opened.host_key
        assert table_access.held_table_key(table_id, 2) is None
        table = tables.load(sqlite.get_db(), table_id)
        assert table_access.held_seat(table) == (0, opened.keys[0])
        assert [row["table_id"] for row in table_access.tables_held()] == [table_id]
        stored = str(list(sqlite.get_db().query("select * from browser_tables")))
        assert opened.keys[0] not in stored and opened.host_key not in stored
        secret = session["browser"]
        assert secret not in stored  # the database knows the browser by a hash only
    with app.test_request_context():  # another browser (no cookie) holds nothing
        assert table_access.held_table_key(table_id, 0) is None
        assert table_access.held_roles(table_id) == {}


def test_a_seat_key_the_host_replaced_opens_no_seat(tmp_path):
    app = table_app(tmp_path)
    opened = _opened(app)
    table_id = opened.id
    with app.test_request_context():
        table_access.remember_table_key(table_id, 2, opened.keys[2])
        db = sqlite.get_db()
        tables.reissue_key(db, tables.load(db, table_id), 2)
        assert table_access.held_table_key(table_id, 2) == opened.keys[2]
        assert table_access.held_seat(tables.load(db, table_id)) is None
        table_access.forget_table_key(table_id, 2)
        assert table_access.held_roles(table_id) == {}


def test_purging_a_table_drops_the_keys_browsers_held(tmp_path):
    app = table_app(tmp_path)
    opened = _opened(app)
    table_id = opened.id
    with app.test_request_context():
        table_access.remember_table_key(table_id, 0, opened.keys[0])
        db = sqlite.get_db()
        tables.end(db, tables.load(db, table_id))
        assert tables.purge(db, ended_days=-1, untouched_days=10_000) == [table_id]
        assert list(db.query("select * from browser_tables")) == []


def test_the_hosts_invites_are_kept_apart_from_the_seats_it_sits_at(tmp_path):
    app = table_app(tmp_path)
    opened = _opened(app)
    table_id = opened.id
    with app.test_request_context():
        table = tables.load(sqlite.get_db(), table_id)
        table_access.remember_table_key(table_id, "host", opened.host_key)
        for seat, key in opened.keys.items():
            table_access.remember_table_key(table_id, table_access.invite(seat), key)
        assert table_access.held_invites(table_id) == opened.keys
        # Keeping every seat's invite seats the host nowhere: the seat page reads held_seat.
        assert table_access.held_seat(table) is None
        assert table_access.held_roles(table_id) == {"host": opened.host_key}
        table_access.remember_table_key(table_id, 2, opened.keys[2])
        assert table_access.held_seat(table) == (2, opened.keys[2])
        stored = str(list(sqlite.get_db().query("select * from browser_tables")))
        assert all(key not in stored for key in opened.keys.values())
        for role in ("invite:", "invite:01", "invite:-1", "invite:x", "seat:1", -1, True, None):
            with pytest.raises(ValueError):
                table_access.remember_table_key(table_id, role, "k")
