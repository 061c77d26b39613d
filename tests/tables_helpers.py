"""Helpers of the tables' tests: a table's app (computers inline, no pause), seats' requests, moves chosen at random."""

import itertools
import random

import pytest

from scorekeeper import create_app
from scorekeeper.games import tables

BASE = "/api/v1/tables"


def table_app(tmp_path, **config):
    return create_app({
        "TESTING": True, "SECRET_KEY": "test", "DATABASE": str(tmp_path / "tables.db"), "WTF_CSRF_ENABLED": False,
        "RATELIMIT_ENABLED": False, "TABLES_COMPUTER_DELAY": 0, "TABLES_COMPUTER_THREADS": False, **config})


@pytest.fixture
def known_seeds(monkeypatch):
    """Deal from known seeds (``test-seed-1``, ``-2``…) so that a test plays the same cards every run."""
    counter = itertools.count(1)
    seeds = []

    def seed():
        seeds.append(f"test-seed-{next(counter)}")
        return seeds[-1]

    monkeypatch.setattr(tables, "new_seed", seed)
    return seeds


def bearer(key):
    return {"Authorization": f"Bearer {key}"} if key else {}


def open_table(client, **body):
    body = {"rules": "classic", **body}
    response = client.post(BASE, json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def keys_of(opened):
    return {seat["seat"]: seat["key"] for seat in opened["seats"] if seat["player"] == "person"}


def read(client, table_id, key=None):
    response = client.get(f"{BASE}/{table_id}", headers=bearer(key))
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def send(client, table_id, key, move, expected_version=None, headers=None):
    body = {"move": move}
    if expected_version is not None:
        body["expected_version"] = expected_version
    return client.post(f"{BASE}/{table_id}/moves", json=body, headers={**bearer(key), **(headers or {})})


def pick(moves, chance: random.Random):
    """One of the legal moves: anything but a discard half the time (deals then end, and soon)."""
    others = [move for move in moves if move["kind"] != "discard"]
    if others and chance.random() < 0.5:
        return chance.choice(others)
    return chance.choice(moves)


TABLE_START = 1_000_000.0


@pytest.fixture
def now(monkeypatch):
    """The tables' clock (``games.tables.clock``), moved by the test: ``now[0] += 11``."""
    clock = [TABLE_START]
    monkeypatch.setattr(tables, "clock", lambda: clock[0])
    return clock
