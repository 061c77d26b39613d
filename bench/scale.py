"""Scale: the scoreboard of a game in a database of 10,000 games and 300,000 hands, against a one-game database.

The big database is built with ``db.bulk_load`` (executemany, one transaction)
from a pool of realistic hands, and cached under ``bench/out/`` by schema
version and size, so only the first run pays for it. Hands of different games
interleave in it, as they do when many tables play the same evening: each
game's hands lie on pages of their own, far apart. The game measured holds
the same 30 hands, row for row, in both databases.
"""

from __future__ import annotations

import base64
import hashlib
import os
import random
import statistics
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

from . import OUT, Aim, Budget, Line, unavailable
from .seed import NAMES, OPTIONS, RULES, SEATS, realistic_hands

AIM = Aim("<=", 1.3)
DATA_VERSION = "1"  # bump when the generated rows change
TABLES_AT_ONCE = 50  # games whose hands interleave
POOL_GAMES = 12  # distinct realistic games the bulk games draw their hands from
START = datetime(2025, 1, 1, 18, 0, tzinfo=timezone.utc)


def _game_id(rng):
    return base64.urlsafe_b64encode(rng.randbytes(18)).decode().rstrip("=")


def _stamp(moment):
    return moment.isoformat(timespec="seconds")


def _game_row(game_id, index, hands):
    created = START + timedelta(minutes=45 * index)
    return {
        "id": game_id, "edit_key_hash": hashlib.sha256(f"bench-key-{index}".encode()).hexdigest(),
        "rules": RULES, "options": OPTIONS, "names": NAMES, "seats": SEATS, "start_totals": [0, 0],
        "version": hands, "created_at": _stamp(created), "updated_at": _stamp(created + timedelta(minutes=4 * hands)),
    }


def build_rows(games, hands_per_game, measured_index, measured_hands, seed=11):
    """Return ``(game rows, hand rows, measured game id)`` for ``bulk_load``, the same for a seed.

    Game ``measured_index`` holds ``measured_hands`` (lists of sides); every
    other game draws its hands from a pool of realistic ones.
    """
    import json

    rng = random.Random(seed)
    pool = [json.dumps(sides) for number in range(POOL_GAMES)
            for sides in realistic_hands(hands_per_game, seed=100 + number)]
    measured = [json.dumps(sides) for sides in measured_hands]
    game_rows, hand_rows = [], []
    measured_id = None
    for first in range(0, games, TABLES_AT_ONCE):
        table = []
        for index in range(first, min(first + TABLES_AT_ONCE, games)):
            game_id = _game_id(rng)
            if index == measured_index:
                measured_id, sides = game_id, measured
            else:
                sides = [rng.choice(pool) for _ in range(hands_per_game)]
            game_rows.append(_game_row(game_id, index, len(sides)))
            table.append((game_id, index, sides))
        for number in range(hands_per_game):  # the tables play their hands at the same time
            for game_id, index, sides in table:
                if number < len(sides):
                    stamp = _stamp(START + timedelta(minutes=45 * index + 4 * (number + 1)))
                    hand_rows.append({"game_id": game_id, "sides": sides[number], "entry": "{}",
                                      "created_at": stamp, "updated_at": stamp})
    return game_rows, hand_rows, measured_id


def build_database(path: Path, games, hands_per_game, measured_hands):
    """Create the database at ``path`` (migrated, bulk loaded); return the measured game's id."""
    from scorekeeper.store import bulk, sqlite

    game_rows, hand_rows, measured_id = build_rows(games, hands_per_game, games // 2, measured_hands)
    sqlite.migrate(path)
    database = sqlite.connect(path)
    try:
        bulk.bulk_load(database, game_rows, hand_rows)
        database.execute("ANALYZE")
        database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        database.close()
    return measured_id


def cached_database(cache: Path, games, hands_per_game, measured_hands) -> tuple[Path, str, float]:
    """Return ``(path, measured game id, seconds spent building)``: built once per schema, size and data version."""
    from scorekeeper.store import bulk

    digest = hashlib.sha256(f"{bulk.schema_version()}|{DATA_VERSION}".encode()).hexdigest()[:10]
    path = cache / f"scale-{games}x{hands_per_game}-{digest}.db"
    id_file = path.with_suffix(".id")
    if path.exists() and id_file.exists():
        return path, id_file.read_text().strip(), 0.0
    cache.mkdir(parents=True, exist_ok=True)
    for old in cache.glob(f"scale-{games}x{hands_per_game}-*"):
        old.unlink()
    started = time.monotonic()
    draft = cache / f".building-{os.getpid()}.db"
    try:
        measured_id = build_database(draft, games, hands_per_game, measured_hands)
        os.replace(draft, path)
        id_file.write_text(measured_id + "\n")
    finally:
        for leftover in cache.glob(f".building-{os.getpid()}*"):
            leftover.unlink()
    return path, measured_id, time.monotonic() - started


def _app(path: Path):
    from scorekeeper import create_app

    return create_app({"TESTING": False, "SECRET_KEY": "bench", "DATABASE": str(path), "WTF_CSRF_ENABLED": False})


def measure(workdir: Path, *, games=10_000, hands=30, runs=80, reads=200, cache: Path = OUT,
            budget_seconds=30.0) -> list[Line]:
    """Return the lines for the scoreboard's time, and the game's read alone, in the big database against the one-game one."""
    from scorekeeper.store import bulk, sqlite
    from scorekeeper.store import db as store

    what = f"Scale: scoreboard GET, {games:,} games / {games * hands:,} hands in the database"
    read_what = f"Scale: reading the game (db.get_game), {games:,} games in the database"
    budget = Budget(budget_seconds)
    measured_hands = realistic_hands(hands)
    big_path, big_id, built = cached_database(cache, games, hands, measured_hands)
    workdir.mkdir(parents=True, exist_ok=True)
    small_path = workdir / "one-game.db"
    small_id = build_database(small_path, 1, hands, measured_hands)
    clients = {"big": (_app(big_path).test_client(), big_id), "small": (_app(small_path).test_client(), small_id)}
    for client, game_id in clients.values():
        response = client.get(f"/games/{game_id}")
        if response.status_code != 200:
            return [unavailable(what, "ms", AIM, f"not measured: the scoreboard answered {response.status_code}")]
    connections = {"big": (sqlite.connect(big_path), big_id), "small": (sqlite.connect(small_path), small_id)}
    try:
        reads_ms: dict[str, list[float]] = {"big": [], "small": []}
        for _ in range(reads):
            for name, (connection, game_id) in connections.items():
                started = time.perf_counter()
                store.get_game(connection, game_id)
                reads_ms[name].append((time.perf_counter() - started) * 1000)
        plans = bulk.query_plans(connections["big"][0], big_id)
    finally:
        for connection, _ in connections.values():
            connection.close()
    times: dict[str, list[float]] = {"big": [], "small": []}
    for _ in range(runs):  # interleaved: a busy moment of the machine weighs on both alike
        if len(times["big"]) >= 5 and budget.over():
            break
        for name, (client, game_id) in clients.items():
            started = time.perf_counter()
            client.get(f"/games/{game_id}")
            times[name].append(time.perf_counter() - started)
    big, small = (statistics.median(times[name]) * 1000 for name in ("big", "small"))
    # Each big-database ask is paired with the one-game ask right after it: the median
    # of those ratios holds when the machine's load drifts during the runs.
    paired = statistics.median(b / s for b, s in zip(times["big"], times["small"]))
    paired_reads = statistics.median(b / s for b, s in zip(reads_ms["big"], reads_ms["small"]))
    scans = [detail for details in plans.values() for detail in details if detail.startswith("SCAN")]
    read_big, read_small = (statistics.median(reads_ms[name]) for name in ("big", "small"))
    note = f"median of {len(times['big'])} each; ratio: median of the {len(times['big'])} paired ratios"
    if built:
        note += f"; the big database was built in {built:.1f} s (cached for later runs)"
    read_note = "query plans: " + "; ".join(d for details in plans.values() for d in details)
    if scans:
        read_note += f"; FULL SCAN: {scans}"
    return [
        Line(what, big, "ms", AIM, small, "one-game database", note, paired_ratio=paired,
             details={"runs": len(times["big"]), "big_runs_ms": [round(t * 1000, 2) for t in times["big"]],
                      "small_runs_ms": [round(t * 1000, 2) for t in times["small"]], "build_seconds": round(built, 1),
                      "database": str(big_path), "database_bytes": big_path.stat().st_size}),
        Line(read_what, read_big, "ms", AIM, read_small, "one-game database", read_note, paired_ratio=paired_reads,
             details={"reads": reads, "query_plans": plans}),
    ]
