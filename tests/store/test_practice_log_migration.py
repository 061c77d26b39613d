"""Migration 0007: practice logs stored as sentences become data, and every line reads as the player read it.

The fixture holds practice games played through ``games.practice`` before the log
held data (commit 4e5832a, 2 Dec 2026): each entry is the sentence the player read.
They are written into a real SQLite file at the schema before the migration.
"""

import json
from pathlib import Path

from scorekeeper.games import practice
from scorekeeper.store import sqlite
from scorekeeper.store.migrations import migrations

FIXTURE = Path(__file__).parent / "fixtures" / "practice_logs_as_sentences.json"
STEP = "0007_practice_log_as_data"
BEFORE = "0006_practice_deal_secrets"  # the logs below were stored before both
TABLES = "0011_practice_tables"  # practice games become tables
ENGLISH = ("You ", "West", "North", "East", " the ", " took ", " drew ", " because ")


def stored_before_the_migration(path):
    """Return a database at ``path`` migrated as it was when the fixture was played, holding its rows, and them.

    The first game is given its seed as its id, as a game started without a deal code was: migration 0006 then
    keeps the seed of its deal in play apart (``deal_seed``), and 0007 must replay the deal from it.
    """
    captured = json.loads(FIXTURE.read_text())
    first = captured["practice_games"][0]
    first["id"] = first["seed"]
    db = sqlite.connect(path)
    migrations.apply(db, stop_before=BEFORE)
    assert "practice_games" in db.table_names()
    db["games"].insert_all(captured["games"])
    db["practice_games"].insert_all(captured["practice_games"])
    return db, captured["practice_games"]


def test_every_stored_sentence_becomes_data_that_reads_the_same(tmp_path):
    db, rows = stored_before_the_migration(tmp_path / "practice.sqlite")
    # One sentence no replay gives: changed by hand here, as a line worded by older code would be.
    altered = json.loads(rows[0]["log"])
    altered[1] = {**altered[1], "text": altered[1]["text"] + " (as once worded)"}
    db.execute("UPDATE practice_games SET log = ? WHERE id = ?", [json.dumps(altered), rows[0]["id"]])
    read = {row["id"]: json.loads(row["log"]) for row in db.query("SELECT id, log FROM practice_games")}
    kinds = {entry["kind"] for log in read.values() for entry in log}
    assert kinds == {"you", "computer", "hint", "mistake", "tip"}
    assert any(" says " in entry["text"] for log in read.values() for entry in log)

    migrations.apply(db, stop_before=TABLES)
    assert STEP in {migration.name for migration in migrations.applied(db)}
    assert db["practice_games"].get(rows[0]["id"])["deal_seed"] == f"practice:{rows[0]['seed']}:{rows[0]['deal_number']}"
    moves = {row["id"]: len(json.loads(row["moves"])) for row in db.query("SELECT id, moves FROM practice_games")}
    hints = {row["id"]: row["hints"] for row in db.query("SELECT id, hints FROM practice_games")}
    # Migration 0011: every practice game becomes a table, under its id, at the same move of the same deal.
    migrations.apply(db)
    assert db["practice_games"].count == 0 and db["tables"].count == len(read)

    kept = 0
    for practice_id, before in read.items():
        table = practice.load(db, practice_id)
        assert len(table.row["moves"]) == len(table.positions) - 1 == moves[practice_id]
        assert table.row["hints"] == hints[practice_id]
        assert [seat["player"] for seat in table.seats] == ["person"] + ["computer"] * (table.position.seats - 1)
        # Shown as before, word for word, in the order read.
        assert [entry["text"] for entry in reversed(practice.shown_log(table))] == [e["text"] for e in before]
        for number, entry in enumerate(table.row["log"]):
            assert (entry["kind"], entry["seat"], entry["n"]) == (before[number]["kind"], before[number]["seat"],
                                                                  before[number]["n"])
            if practice_id == rows[0]["id"] and number == 1:
                assert entry == altered[1]  # kept as the sentence it was
                continue
            if "text" in entry:
                # Issue 23 changed the computer's play and its discards' reasons: a line the replayed deal no
                # longer gives stays the sentence it was, shown word for word (above).
                kept += 1
                continue
            data = json.dumps(entry["said"])
            assert not any(word in data for word in ENGLISH), data
    db.close()
    assert kept == 54, kept  # of 248 entries: every other one is data that reads the same (52 before the levels' hold rule)


def test_a_deal_that_no_longer_replays_keeps_its_sentences(tmp_path):
    db, rows = stored_before_the_migration(tmp_path / "practice.sqlite")
    row = rows[0]
    moves = json.loads(row["moves"])
    broken = [moves[1]] + moves  # the second move first: the referee refuses it
    db.execute("UPDATE practice_games SET moves = ? WHERE id = ?", [json.dumps(broken), row["id"]])
    migrations.apply(db, stop_before=TABLES)
    assert json.loads(db["practice_games"].get(row["id"])["log"]) == json.loads(row["log"])
    # As a table (migration 0011), a deal today's engine cannot replay is dealt again from its first move.
    migrations.apply(db)
    table = practice.load(db, row["id"])
    assert table.row["moves"] == table.row["log"] == [] and len(table.positions) == 1
    db.close()

