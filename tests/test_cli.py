"""Export, import and online backup: a round trip loses nothing, a bad file imports nothing."""

import json
import sqlite3
import threading

import pytest

from scorekeeper import create_app
from scorekeeper.games import access
from scorekeeper.games import write as service
from scorekeeper.store import db as store
from scorekeeper.store import sqlite
from scorekeeper.store import transfer
from scorekeeper.cli import FORMAT
from scorekeeper.games.read import load_game

WORKED = [{"melded_points": 120, "hand_points": 15, "mixed_canastas": 1, "red_threes": 1, "going_out": "out"},
          {"melded_points": 0, "hand_points": 95, "red_threes": 2}]
SMALL = [{"melded_points": 60, "hand_points": 10}, {"melded_points": 45, "hand_points": 30}]
MELDS = [{"melds": [{"rank": "K", "naturals": 5, "twos": 2}, {"rank": "8", "naturals": 3}],
          "in_hand": {"four_to_seven": 1, "eight_to_king": 1}, "red_threes": 1, "going_out": "out"},
         {"in_hand": {"eight_to_king": 8, "four_to_seven": 3}, "red_threes": 2}]
MODERN = [{"canastas": {"natural": 1, "mixed": 1}, "melded_points": 250, "red_threes": 2, "going_out": "out"},
          {"canastas": {}, "melded_points": 60, "hand_points": 40, "red_threes": 1, "unfinished": {"aces": True}}]
THREE_PLAYERS = [{"members": [0], "melded_points": 200, "natural_canastas": 1, "mixed_canastas": 1,
                  "going_out": "out"},
                 {"members": [1, 2], "melded_points": 100, "hand_points": 20, "red_threes": [1, 0]}]


def fresh_app(path):
    return create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE": str(path), "WTF_CSRF_ENABLED": False})


def run(app, *args):
    result = app.test_cli_runner().invoke(args=list(args))
    return result


@pytest.fixture
def games(db):
    """Games of several rule sets, hands entered in both ways, one deleted: returns {id: key}."""
    keys = {}
    game_id, key = service.new_game(db, rules="classic", names=["Ann & Bob", "Cy & Di"],
                                    seats=["Ann", "Cy", "Bob", "Di"], start_totals=[1200, 950],
                                    options={"target": 3000})
    service.add_hand(db, game_id, WORKED, entry={"mode": "totals", "typed": ["120", "15"]})
    service.add_hand(db, game_id, MELDS, entry={"mode": "cards"})
    service.add_hand(db, game_id, SMALL)
    service.delete_hand(db, game_id, 2)  # version 4, hands 1 and 2
    keys[game_id] = key
    game_id, key = service.new_game(db, rules="modern", names=["Zoë", "<b>Ulf</b>"])
    service.add_hand(db, game_id, MODERN)
    keys[game_id] = key
    game_id, key = service.new_game(db, rules="classic-3p", names=["Eva", "Finn", "Gus"])
    service.add_hand(db, game_id, THREE_PLAYERS)
    service.replace_hand(db, game_id, 1, THREE_PLAYERS, entry={"edited": True})
    keys[game_id] = key
    game_id, key = service.new_game(db, rules="classic", names=["No", "Hands"])
    keys[game_id] = key
    return keys


def exported(app, *args):
    result = run(app, "export", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_round_trip_loses_nothing(app, db, games, tmp_path):
    first = exported(app)
    assert first["format"] == FORMAT and first["format_version"] == 1
    assert [game["id"] for game in first["games"]] == list(games)
    path = tmp_path / "export.json"
    path.write_text(json.dumps(first))

    other = fresh_app(tmp_path / "restored.db")
    result = run(other, "import", str(path))
    assert result.exit_code == 0, result.output
    assert result.stdout == "Imported 4 games (4 hands).\n"
    second = exported(other)
    assert second["games"] == first["games"]

    restored = sqlite.connect(other.config["DATABASE"])
    try:
        for game_id, key in games.items():
            before, after = load_game(db, game_id), load_game(restored, game_id)
            assert after.score == before.score
            assert after.version == before.version
            # Row ids are the store's own business; everything a player entered is the same.
            assert [dict(hand, id=None) for hand in after.hands] == [dict(hand, id=None) for hand in before.hands]
            # The old edit links still open the game, and only them.
            assert access.key_opens(restored, game_id, key)
            assert not access.key_opens(restored, game_id, key[:-1])
        # After the import the game goes on as before: the next change is checked and numbered.
        game_id = next(iter(games))
        saved = service.add_hand(restored, game_id, SMALL, expected_version=4)
        assert (saved.number, saved.version) == (3, 5)
    finally:
        restored.close()


def test_export_keeps_everything_as_stored(app, games):
    game_id = next(iter(games))
    document = exported(app, "--game", game_id)
    (game,) = document["games"]
    assert game["version"] == 4
    assert game["start_totals"] == [1200, 950] and game["options"]["target"] == 3000
    assert game["seats"] == ["Ann", "Cy", "Bob", "Di"]
    assert [hand["number"] for hand in game["hands"]] == [1, 2]
    assert game["hands"][0]["sides"] == WORKED
    assert game["hands"][0]["entry"] == {"mode": "totals", "typed": ["120", "15"]}
    assert game["hands"][1]["sides"] == SMALL
    assert game["edit_key_hash"] == access.hash_key(games[game_id])
    # The key itself is never written anywhere.
    assert games[game_id] not in json.dumps(document)
    assert {"created_at", "updated_at"} <= set(game["hands"][0])


def test_export_to_a_file(app, games, tmp_path):
    path = tmp_path / "out.json"
    result = run(app, "export", "--output", str(path))
    assert result.exit_code == 0
    assert result.stdout == ""
    assert len(json.loads(path.read_text())["games"]) == 4
    assert not list(tmp_path.glob(".*partial"))


def test_export_counts_hands_in_its_message(app, games, tmp_path):
    path = tmp_path / "out.json"
    result = run(app, "export", "-o", str(path))
    assert result.stderr == f"Exported 4 games (4 hands) to {path}.\n"


def test_export_of_an_unknown_game_fails(app, games):
    result = run(app, "export", "--game", "nope")
    assert result.exit_code == 1
    assert "There is no game with id nope." in result.stderr
    assert result.stdout == ""


def test_export_of_an_empty_database(app):
    assert exported(app)["games"] == []


def write(tmp_path, document, name="import.json"):
    path = tmp_path / name
    path.write_text(json.dumps(document))
    return str(path)


def game_count(app):
    conn = sqlite3.connect(app.config["DATABASE"])
    try:
        return conn.execute("select count(*) from games").fetchone()[0], conn.execute(
            "select count(*) from hands").fetchone()[0]
    finally:
        conn.close()


def test_import_refuses_an_existing_game_unless_replace(app, db, games, tmp_path):
    document = exported(app)
    first_id = document["games"][0]["id"]
    service.add_hand(db, first_id, SMALL)  # the live game moves on after the export
    before = exported(app)["games"]

    result = run(app, "import", write(tmp_path, document))
    assert result.exit_code == 1
    assert f"game {first_id}: a game with this id is already stored; --replace overwrites it." in result.stderr
    assert "4 problems; nothing was imported." in result.stderr
    assert exported(app)["games"] == before

    result = run(app, "import", "--replace", write(tmp_path, document))
    assert result.exit_code == 0, result.output
    assert exported(app)["games"] == document["games"]
    assert game_count(app) == (4, 4)


def test_import_is_all_or_nothing(app, db, games, tmp_path):
    """One game already there stops the whole file, including the new games before it."""
    document = exported(app)
    document["games"][0]["id"] = "brand-new-game"
    result = run(app, "import", write(tmp_path, document))
    assert result.exit_code == 1
    assert store.get_game(db, "brand-new-game") is None


def test_a_failing_insert_rolls_the_whole_import_back(db, games):
    """All in one transaction: a constraint failing on the second game leaves no trace of the first."""
    from scorekeeper.cli import export_document

    document = export_document(db)
    new = dict(document["games"][0], id="another")
    clash = document["games"][1]
    with pytest.raises(sqlite3.IntegrityError):
        transfer.import_games(db, [new, clash])
    assert store.get_game(db, "another") is None
    assert not db.conn.in_transaction


def corrupt(document, change):
    document = json.loads(json.dumps(document))
    change(document)
    return document


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d["games"][0]["hands"][0]["sides"][0].update(melded_points=12),
         "hand 1 sides[0].melded_points: Melded points must be a multiple of 5"),
        (lambda d: d["games"][0]["hands"][0]["sides"][0].update(going_out="out", mixed_canastas=0),
         "hand 1 sides[0].going_out: A side needs 1 canasta to go out"),
        (lambda d: d["games"][0]["hands"][1].update(number=7),
         "Hand 2: Its number is 7; hands must be numbered 1, 2, 3... in order."),
        (lambda d: d["games"][0].update(edit_key_hash="secret"),
         "Its edit_key_hash must be 64 hexadecimal digits"),
        (lambda d: d["games"][0].update(rules="poker"), "rules"),
        (lambda d: d["games"][0].update(names=["Solo"]), "names: Give 2 names, one per team."),
        (lambda d: d["games"][0].update(seats=["A", "B"]), "seats: Name all 4 seats, or none."),
        (lambda d: d["games"][0].update(version=-1), "Its version must be a whole number, 0 or more."),
        (lambda d: d["games"][0].update(created_at="yesterday"), "Its created_at must be an ISO 8601 time."),
        (lambda d: d["games"][0].pop("hands"), "It lacks hands."),
        (lambda d: d["games"][0].update(colour="red"), "It has unknown fields: colour."),
        (lambda d: d["games"][1].update(id=d["games"][0]["id"]), "the same id comes twice in the file."),
        (lambda d: d["games"][0].update(id="<script>"), "Its id must be 1 to 100 letters"),
        (lambda d: d.update(format="something"), "This is not an export of Canasta Scorekeeper"),
        (lambda d: d.update(format_version=2), "This export has format_version 2"),
    ],
    ids=["hand-breaks-rule", "going-out-without-canasta", "hand-numbers", "key-hash", "rules", "names",
         "seats", "version", "timestamp", "missing-field", "unknown-field", "duplicate-id", "id-chars",
         "format", "format-version"],
)
def test_import_checks_every_game_and_hand_and_imports_nothing(app, games, tmp_path, change, message):
    document = corrupt(exported(app), change)
    other = fresh_app(tmp_path / "other.db")
    result = run(other, "import", write(tmp_path, document))
    assert result.exit_code == 1
    assert message in result.stderr
    assert "nothing was imported." in result.stderr
    assert game_count(other) == (0, 0)


def test_import_refuses_hands_after_the_end_of_the_game(app, tmp_path):
    big = [{"melded_points": 1000, "natural_canastas": 3, "going_out": "out"}, {"hand_points": 50}]
    document = exported(app)
    document["games"] = [{
        "id": "ended", "edit_key_hash": "0" * 64, "rules": "classic", "options": {"target": 2000},
        "names": ["A", "B"], "seats": [], "start_totals": [0, 0], "version": 2,
        "created_at": "2025-01-01T10:00:00+00:00", "updated_at": "2025-01-01T11:00:00+00:00",
        "hands": [{"number": n, "sides": big, "entry": {}, "created_at": "2025-01-01T10:30:00+00:00",
                   "updated_at": "2025-01-01T10:30:00+00:00"} for n in (1, 2)],
    }]
    result = run(app, "import", write(tmp_path, document))
    assert result.exit_code == 1
    assert "game 1 (ended): hand 2" in result.stderr
    assert game_count(app) == (0, 0)


def test_import_check_only_reports(app, games, tmp_path):
    path = write(tmp_path, exported(app))
    other = fresh_app(tmp_path / "other.db")
    result = run(other, "import", "--check", path)
    assert result.exit_code == 0
    assert result.stdout == "All good: would import 4 games (4 hands).\n"
    assert game_count(other) == (0, 0)


def test_import_of_a_file_that_is_not_json(app, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    result = run(app, "import", str(path))
    assert result.exit_code == 1
    assert "The file is not JSON" in result.stderr


def test_import_from_standard_input(app, games, tmp_path):
    text = json.dumps(exported(app))
    other = fresh_app(tmp_path / "other.db")
    result = other.test_cli_runner().invoke(args=["import", "-"], input=text)
    assert result.exit_code == 0, result.output
    assert game_count(other) == (4, 4)


# --- backup ---------------------------------------------------------------------------


def test_backup_copies_a_sound_self_contained_file(app, games, tmp_path):
    target = tmp_path / "copy.db"
    result = run(app, "backup", str(target))
    assert result.exit_code == 0, result.output
    assert result.stdout == f"Backed up 4 games (4 hands) to {target}; integrity check ok.\n"
    assert transfer.integrity_problems(target) == []
    conn = sqlite3.connect(target)
    try:
        # A rollback journal: the copy is one file that can be moved on its own.
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    finally:
        conn.close()
    assert not (tmp_path / "copy.db-wal").exists()
    # The copy is the app's database: it serves the same games.
    other = fresh_app(target)
    assert exported(other)["games"] == exported(app)["games"]


def test_backup_into_a_folder_names_a_dated_file(app, games, tmp_path):
    folder = tmp_path / "backups"
    folder.mkdir()
    result = run(app, "backup", str(folder))
    assert result.exit_code == 0, result.output
    (copy,) = folder.iterdir()
    assert copy.name.startswith("scorekeeper-") and copy.suffix == ".db"


def test_backup_replaces_an_older_copy(app, db, games, tmp_path):
    target = tmp_path / "copy.db"
    assert run(app, "backup", str(target)).exit_code == 0
    service.add_hand(db, next(iter(games)), SMALL)
    assert run(app, "backup", str(target)).exit_code == 0
    assert transfer.file_counts(target) == (4, 5)
    assert sorted(p.name for p in tmp_path.iterdir() if "partial" in p.name) == []


def test_a_copy_failing_its_check_is_not_kept(app, games, tmp_path, monkeypatch):
    target = tmp_path / "copy.db"
    target.write_bytes(b"the previous backup")
    monkeypatch.setattr(transfer, "integrity_problems", lambda path: ["*** in database main *** Page 3: btree"])
    result = run(app, "backup", str(target))
    assert result.exit_code == 1
    assert "failed its integrity check" in result.stderr
    assert target.read_bytes() == b"the previous backup"
    assert [p.name for p in tmp_path.iterdir() if "partial" in p.name] == []


def test_backup_to_a_folder_that_does_not_exist(app, tmp_path):
    result = run(app, "backup", str(tmp_path / "no" / "such" / "copy.db"))
    assert result.exit_code == 1
    assert "Could not write the backup to" in result.stderr


def test_integrity_check_finds_a_damaged_file(tmp_path, app, games):
    target = tmp_path / "copy.db"
    assert run(app, "backup", str(target)).exit_code == 0
    data = bytearray(target.read_bytes())
    page_size = int.from_bytes(data[16:18], "big")
    # Scribble over the cell pointers of every b-tree page but the schema's.
    for start in range(page_size, len(data), page_size):
        data[start + 8:start + 24] = b"\xff" * 16
    target.write_bytes(bytes(data))
    problems = transfer.integrity_problems(target)
    assert problems and problems != ["ok"]


@pytest.mark.slow
def test_backup_and_export_while_the_server_writes(tmp_path):
    """Copies taken mid-stream are sound, consistent snapshots, and the writers never notice."""
    from .servers import start_gunicorn
    from .test_reliability import DEADLINE_SECONDS, call, hand, new_game

    database = tmp_path / "live.db"
    server = start_gunicorn(database, workers=2)
    app = fresh_app(database)
    statuses = []
    stop, going = threading.Event(), threading.Event()
    try:
        games = [new_game(server.url) for _ in range(3)]

        def writer(game):
            for number in range(200):
                if stop.is_set():
                    return
                answer = call(server.url, "POST", f"/api/v1/games/{game['id']}/hands",
                              {"sides": hand(5, 5 * (number + 1))}, key=game["edit_key"])
                statuses.append(answer.status)
                if len(statuses) >= 10:
                    going.set()

        threads = [threading.Thread(target=writer, args=(game,), daemon=True) for game in games]
        for thread in threads:
            thread.start()
        assert going.wait(DEADLINE_SECONDS)
        copies = []
        for attempt in range(3):
            target = tmp_path / f"copy-{attempt}.db"
            result = run(app, "backup", str(target))
            assert result.exit_code == 0, result.output
            copies.append(target)
            document = exported(app)
            for game in document["games"]:
                # Every game is read at one instant: its version matches its hands.
                assert game["version"] == len(game["hands"])
                assert [h["number"] for h in game["hands"]] == list(range(1, len(game["hands"]) + 1))
        still_writing = any(thread.is_alive() for thread in threads)
        stop.set()
        for thread in threads:
            thread.join(DEADLINE_SECONDS)
            assert not thread.is_alive()
    finally:
        stop.set()
        server.stop()

    assert statuses and set(statuses) == {201}
    for copy in copies:
        assert transfer.integrity_problems(copy) == []
        db = sqlite.connect(copy)
        try:
            for game_id in transfer.all_game_ids(db):
                game = load_game(db, game_id)
                assert game.version == len(game.hands) and game.problems == []
        finally:
            db.close()
    # The copies were taken while hands kept coming: each holds at least as many as the one before.
    assert still_writing
    sizes = [transfer.file_counts(copy)[1] for copy in copies]
    assert 10 <= sizes[0] and sizes == sorted(sizes) and sizes[-1] <= len(statuses)
