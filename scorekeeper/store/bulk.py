"""Large databases in one go, for the benchmarks (``bench/scale.py``): bulk loading, the schema's name, query plans."""

import json

from sqlite_utils import Database

from .db import JSON_COLUMNS
from .migrations import migrations
from .sqlite import writing

BULK_BATCH = 5000


def _batches(rows, size):
    batch = []
    for row in rows:
        batch.append(row)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def bulk_load(db, games, hands, batch_size=BULK_BATCH):
    """Store many games and hands in one transaction with ``executemany``; return ``(games, hands)`` stored.

    For building large databases (the benchmarks' 10,000 games), where one
    call per row would take minutes. ``games`` are dicts with every column of
    ``games`` (``options``, ``names``, ``seats``, ``start_totals`` as Python
    values); ``hands`` are dicts with ``game_id``, ``sides``, ``entry`` (Python
    values, or text already JSON), ``created_at`` and ``updated_at``, in play
    order within each game: hands of different games may interleave, as they
    do when many tables play at once. Nothing is checked by the engine:
    give only games it accepts. All rows go in, or none.
    """
    game_count = hand_count = 0

    def game_row(game):
        return [game["id"], game["edit_key_hash"], game["rules"]] + [
            json.dumps(game[column]) for column in JSON_COLUMNS
        ] + [game["version"], game["created_at"], game["updated_at"]]

    def hand_row(hand):
        sides, entry = hand["sides"], hand.get("entry") or {}
        return [hand["game_id"], sides if isinstance(sides, str) else json.dumps(sides),
                entry if isinstance(entry, str) else json.dumps(entry), hand["created_at"], hand["updated_at"]]

    with writing(db):
        for batch in _batches(map(game_row, games), batch_size):
            db.conn.executemany(
                """insert into games (id, edit_key_hash, rules, options, names, seats, start_totals,
                                      version, created_at, updated_at)
                   values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                batch,
            )
            game_count += len(batch)
        for batch in _batches(map(hand_row, hands), batch_size):
            db.conn.executemany(
                "insert into hands (game_id, sides, entry, created_at, updated_at) values (?, ?, ?, ?, ?)", batch
            )
            hand_count += len(batch)
    return game_count, hand_count


def schema_version():
    """Return the names of the migrations that make the current schema, joined: a key for cached databases."""
    memory = Database(memory=True)
    try:
        migrations.apply(memory)
        return "+".join(migration.name for migration in migrations.applied(memory))
    finally:
        memory.close()


def query_plans(db, game_id):
    """Return ``{query: [EXPLAIN QUERY PLAN details]}`` for the queries that read one game (get_game)."""
    queries = {
        "game": ("select * from games where id = ?", [game_id]),
        "hands": ("select * from hands where game_id = ? order by id", [game_id]),
    }
    return {
        name: [row["detail"] for row in db.query(f"explain query plan {sql}", params)]
        for name, (sql, params) in queries.items()
    }
