"""Schema changes as named sqlite-utils migrations.

A migration that has landed is never edited: add a new one instead, so every
database, old or new, ends up with the same schema.
"""

import secrets

from sqlite_utils import Migrations

migrations = Migrations("scorekeeper")


@migrations(name="0001_games_and_hands")
def games_and_hands(db):
    db["games"].create(
        {
            "id": str,
            "edit_key_hash": str,
            "rules": str,
            "options": str,  # JSON object of house options
            "names": str,  # JSON list, one name per scorer
            "seats": str,  # JSON list of player names in seating order, may be empty
            "start_totals": str,  # JSON list: totals carried over from paper
            "version": int,
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"edit_key_hash", "rules", "options", "names", "seats",
                  "start_totals", "version", "created_at", "updated_at"},
    )
    # Hands are numbered by their order of entry (rowid): hands are only ever
    # appended, so deleting one renumbers the later ones without rewriting them.
    db["hands"].create(
        {
            "id": int,
            "game_id": str,
            "sides": str,  # JSON list of sides, exactly as the API takes them
            "entry": str,  # JSON: how the web form entered them, to reopen it the same way
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
        not_null={"game_id", "sides", "entry", "created_at", "updated_at"},
    )
    db["hands"].create_index(["game_id", "id"])
    # One row per Idempotency-Key (API) or one-time form token (web): a repeated
    # request gets the first answer again instead of a second hand.
    db["idempotency"].create(
        {
            "scope": str,
            "key": str,
            "request_hash": str,
            "status": int,
            "response": str,
            "created_at": str,
        },
        pk=("scope", "key"),
        not_null={"request_hash", "status", "response", "created_at"},
    )


@migrations(name="0002_answers_expire_by_age")
def answers_expire_by_age(db):
    # Kept answers are let go by age across every game (answers.remember_answer), not
    # only when the same game is changed again: this index finds the old ones.
    db["idempotency"].create_index(["created_at"], index_name="idempotency_created_at", if_not_exists=True)


@migrations(name="0003_practice_games")
def practice_games(db):
    # A practice game against the computer: the deal being played is stored as its
    # moves (replayed by canasta.play), each finished deal as a hand of the
    # scorekeeper game ``game_id``. ``log`` keeps the coach's lines of the deal.
    db["practice_games"].create(
        {
            "id": str,
            "game_id": str,
            "rules": str,
            "level": str,
            "seed": str,  # the deals are dealt from this seed and the deal's number
            "deal_number": int,
            "totals_before": str,  # JSON list: the totals before the deal being played (its minimums)
            "moves": str,  # JSON list of the deal's moves, as canasta.play writes them
            "log": str,  # JSON list of the coach's lines of this deal, oldest first
            "hints": int,
            "version": int,
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
        not_null={"game_id", "rules", "level", "seed", "deal_number", "totals_before", "moves", "log", "hints", "version",
                  "created_at", "updated_at"},
    )


@migrations(name="0004_game_history")
def game_history(db):
    # Every change to a game, kept so that Undo reverts the last one and Redo puts it
    # back (store/history.py). A hand's row id is its place in the game: a deleted
    # hand brought back takes its old id again, so ids must never be handed out twice.
    # AUTOINCREMENT promises that; the table is rebuilt with it, rows and ids as they were.
    db.execute("""CREATE TABLE "hands_new" (
       "id" INTEGER PRIMARY KEY AUTOINCREMENT,
       "game_id" TEXT NOT NULL REFERENCES "games"("id"),
       "sides" TEXT NOT NULL,
       "entry" TEXT NOT NULL,
       "created_at" TEXT NOT NULL,
       "updated_at" TEXT NOT NULL
    )""")
    db.execute("INSERT INTO hands_new (id, game_id, sides, entry, created_at, updated_at) "
               "SELECT id, game_id, sides, entry, created_at, updated_at FROM hands")
    db.execute("DROP TABLE hands")
    db.execute("ALTER TABLE hands_new RENAME TO hands")
    db["hands"].create_index(["game_id", "id"])
    db["changes"].create(
        {
            "id": int,
            "game_id": str,
            "kind": str,  # add, edit, delete, rename; undo and redo name the change they act on
            "number": int,  # the hand's number when it was made (None: a rename)
            "hand_id": int,  # the hand's row (add, edit, delete)
            "before": str,  # JSON: the hand or the names as they were (None for an add)
            "after": str,  # JSON: as they became (None for a delete)
            "state": str,  # done, undone (Redo may put it back), dropped (a newer change came first); "" for undo/redo
            "target": int,  # undo/redo: the change acted on
            "made_by": str,  # which door and phone: "web:3fa2c1d0" (a random id of the browser), "api"
            "version": int,  # the game's version after it
            "created_at": str,
        },
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
        not_null={"game_id", "kind", "state", "made_by", "version", "created_at"},
    )
    db["changes"].create_index(["game_id", "id"])


@migrations(name="0005_browser_games")
def browser_games(db):
    # The games a browser keeps score for (its edit keys) and follows (view links),
    # kept here so that its cookie holds one random id whatever the number of games
    # (store/edit_keys.py). ``browser`` is a hash of that id; ``sealed_key`` is the edit
    # key sealed with the id itself (games/keyring.py), so this table alone opens no game.
    # A followed game has no key. ``opened_at`` orders them: the latest opened first.
    db["browser_games"].create(
        {
            "browser": str,
            "game_id": str,
            "sealed_key": str,
            "opened_at": str,
        },
        pk=("browser", "game_id"),
        not_null={"opened_at"},
    )
    # One row per browser that holds anything: when it was last seen. Its cookie lives
    # 400 days from its last renewal; a browser unseen for longer can never come back.
    db["browsers"].create({"id": str, "seen_at": str}, pk="id", not_null={"seen_at"})
    db["browsers"].create_index(["seen_at"], index_name="browsers_seen_at")


@migrations(name="0006_practice_deal_secrets")
def practice_deal_secrets(db):
    # A practice game started without a deal code was dealt from its own id, which its page
    # shows: anyone could compute every hidden hand. The seed is now a secret kept here only.
    # ``deal_seed`` is the seed of the deal being played when it is not derived from ``seed``
    # and the deal's number (NULL): a game from before keeps the deal in progress exactly as
    # it was dealt, and deals every later one from a fresh secret.
    db["practice_games"].add_column("deal_seed", str)
    for row in list(db.query("select id, deal_number from practice_games where seed = id")):
        db.execute("update practice_games set seed = ?, deal_seed = ? where id = ?",
                   [secrets.token_urlsafe(24), f"practice:{row['id']}:{row['deal_number']}", row["id"]])
    # Practice games untouched for a while are deleted (store.practice.forget_practice): found by age.
    db["practice_games"].create_index(["updated_at"], index_name="practice_games_updated_at")


@migrations(name="0007_practice_log_as_data")
def practice_log_as_data(db):
    # The practice log stored the sentences the player read; it now stores what the coach
    # said as data (codes and parameters), worded when the page is shown. Each deal is
    # replayed from its stored moves and each sentence made data where the data reads
    # exactly the same; a sentence the replay does not give again stays as it was.
    import json

    from ..canasta.coach.legacy import log_as_data

    for row in list(db.query("SELECT * FROM practice_games")):
        log = json.loads(row["log"])
        # The seed the deal in play was dealt from: kept apart (deal_seed) or made as games.practice.seed_of makes it.
        seed = row.get("deal_seed") or f"practice:{row['seed']}:{row['deal_number']}"
        converted = log_as_data(row["rules"], row["level"], seed, json.loads(row["totals_before"]),
                                json.loads(row["moves"]), log)
        if converted != log:
            db.execute("UPDATE practice_games SET log = ? WHERE id = ?", [json.dumps(converted), row["id"]])


@migrations(name="0008_tables")
def tables(db):
    # A table where several phones play one deal (games/tables.py). The deal being played is
    # stored as its moves, each with the version it was made on; ``seed`` deals it and never
    # leaves the server (it would tell every hidden card). Each finished deal is a hand of the
    # scorekeeper game ``game_id``. Times are seconds since the epoch: the computers' pacing
    # needs fractions of a second.
    db["tables"].create(
        {
            "id": str,
            "host_key_hash": str,
            "rules": str,
            "options": str,  # JSON object: the game's house options
            "game_id": str,
            "deal_number": int,
            "seed": str,  # secret: from ``secrets``, never from an id
            "totals_before": str,  # JSON list per scorer (the game's order): the totals before this deal
            "moves": str,  # JSON list of {"move", "seat", "version", "by", "reason"}
            "version": int,
            "ended": int,  # 1 once the host ended the table
            "created_at": float,
            "touched_at": float,  # the last change: a computer's next move is due a pace after it
        },
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
        not_null={"host_key_hash", "rules", "options", "game_id", "deal_number", "seed", "totals_before", "moves",
                  "version", "ended", "created_at", "touched_at"},
    )
    db["tables"].create_index(["touched_at"], index_name="tables_touched_at")
    # One row per seat: its name, who plays it, and the hash of its key (a person's seat only).
    db["table_seats"].create(
        {
            "table_id": str,
            "seat": int,
            "name": str,
            "player": str,  # person or computer
            "level": str,  # a computer's level; None for a person
            "key_hash": str,  # SHA-256 of the seat's key; None for a computer
        },
        pk=("table_id", "seat"),
        foreign_keys=[("table_id", "tables", "id")],
        not_null={"name", "player"},
    )
    # Every change of a table, written in the change's own transaction: a live-stream process
    # learns of changes by PRAGMA data_version and reads the versions here (nothing secret).
    db.execute("""CREATE TABLE table_changes (
       id INTEGER PRIMARY KEY AUTOINCREMENT,
       table_id TEXT NOT NULL,
       version INTEGER NOT NULL,
       at REAL NOT NULL
    )""")
    db["table_changes"].create_index(["table_id"], index_name="table_changes_table_id")


@migrations(name="0009_browser_tables")
def browser_tables(db):
    # The table keys a browser holds, as ``browser_games`` holds edit keys: the browser is
    # known by a hash of its cookie's random id, and each key is sealed with that id
    # (games.keyring), so a copy of the database opens no seat. ``role`` is "host" or
    # "seat:<n>" (a table's seats count from 0).
    db["browser_tables"].create(
        {"browser": str, "table_id": str, "role": str, "sealed_key": str, "opened_at": str},
        pk=("browser", "table_id", "role"),
        foreign_keys=[("table_id", "tables", "id")],
        not_null={"sealed_key", "opened_at"},
    )
    db["browser_tables"].create_index(["table_id"], index_name="browser_tables_table_id")


@migrations(name="0010_table_talk")
def table_talk(db):
    # Presence (games/table_talk.py): when each person seat's phone last read the table or moved,
    # and whether the table has said it is away (the computer then plays its turns, at "normal").
    db["table_seats"].add_column("seen_at", float)  # None: not seen since the seat was opened
    db["table_seats"].add_column("away", int, not_null_default=0)
    # A change that is only talk (a reaction, a nudge, a seat away or back) is marked: a turn's
    # start, which a nudge waits on, is the latest change that is not.
    db["table_changes"].add_column("kind", str)
    # The short fixed phrases the seats said, and the nudges: the last few per table are kept.
    db["table_said"].create({"id": int, "table_id": str, "seat": int, "phrase": str, "version": int, "at": float},
                            pk="id", foreign_keys=[("table_id", "tables", "id")],
                            not_null={"table_id", "seat", "phrase", "version", "at"})
    db["table_said"].create_index(["table_id", "seat"], index_name="table_said_table_seat")
    db["table_nudges"].create({"id": int, "table_id": str, "seat": int, "by_seat": int, "turn": str, "version": int,
                               "at": float},
                              pk="id", foreign_keys=[("table_id", "tables", "id")],
                              not_null={"table_id", "seat", "by_seat", "turn", "version", "at"})
    db["table_nudges"].create_index(["table_id"], index_name="table_nudges_table_id")
    # Every deal a table dealt, kept when the next one (or a new game) replaces it, for its
    # face-up replay once over (games/table_replay.py). The trigger keeps it in the very
    # transaction that deals the next deal, whoever's code deals it.
    db["table_deals"].create({"table_id": str, "game_id": str, "number": int, "seed": str, "totals_before": str,
                              "moves": str},
                             pk=("table_id", "game_id", "number"), foreign_keys=[("table_id", "tables", "id")],
                             not_null={"seed", "totals_before", "moves"})
    db.execute("""CREATE TRIGGER tables_keep_deal AFTER UPDATE OF deal_number, game_id ON tables
       WHEN old.deal_number IS NOT new.deal_number OR old.game_id IS NOT new.game_id
       BEGIN
         INSERT OR REPLACE INTO table_deals (table_id, game_id, number, seed, totals_before, moves)
         VALUES (old.id, old.game_id, old.deal_number, old.seed, old.totals_before, old.moves);
       END""")


@migrations(name="0011_practice_tables")
def practice_tables(db):
    # A practice game is a table (games/tables.py) with one person, at seat 0, and three
    # computer seats that move at once (games/practice.py). ``practice``: the computers' level,
    # NULL for a table of friends. ``deal_code``: what a practice table's later deals are dealt
    # from (a deal code the player typed, so two people can play the same deals; or, for a
    # game from before, its secret seed); NULL deals each one from a fresh secret, as a table
    # of friends. ``log``: the coach's lines of the deal being played, as data; ``hints``: the
    # hints taken in the game.
    import json
    from datetime import datetime

    from ..canasta.coach.names import seat_names
    from ..canasta.play import Deal, move_from_data, replay
    from ..canasta.rules import PRESETS

    db["tables"].add_column("practice", str)
    db["tables"].add_column("deal_code", str)
    db["tables"].add_column("hints", int, not_null_default=0)
    db["tables"].add_column("log", str, not_null_default="[]")

    def epoch(stamp):
        try:
            return datetime.fromisoformat(stamp).timestamp()
        except (TypeError, ValueError):
            return 0.0

    # Every practice game stored before becomes its table, under the same id (a browser's session
    # holds it): the same deal at the same move, the same log, hints and score.
    for row in list(db.query("SELECT * FROM practice_games")):
        seed = row.get("deal_seed") or f"practice:{row['seed']}:{row['deal_number']}"
        stored = [move_from_data(move) for move in json.loads(row["moves"])]
        try:
            positions = replay(Deal(row["rules"], None, seed, tuple(json.loads(row["totals_before"])),
                                    tuple(stored))).positions
        except Exception:  # noqa: BLE001 — a deal today's engine cannot replay: deal it again from its move 0
            positions, stored = None, []
        moves = []
        for number, move in enumerate(stored):
            seat = positions[number].to_move
            moves.append({"move": move.as_dict(), "seat": seat, "version": row["version"] + 1,
                          "by": "person" if seat == 0 else "computer", "reason": None})
        at = epoch(row["updated_at"])
        db["tables"].insert({
            "id": row["id"], "host_key_hash": secrets.token_hex(32),  # a hash of no key: nobody is its host
            "rules": row["rules"], "options": "{}", "game_id": row["game_id"], "deal_number": row["deal_number"],
            "seed": seed, "totals_before": row["totals_before"], "moves": json.dumps(moves),
            "version": row["version"] + 1, "ended": 0, "created_at": epoch(row["created_at"]), "touched_at": at,
            "practice": row["level"], "deal_code": row["seed"], "hints": row["hints"],
            "log": row["log"] if positions is not None else "[]",
        })
        names = seat_names(PRESETS[row["rules"]].players)
        db["table_seats"].insert_all([
            {"table_id": row["id"], "seat": seat, "name": names[seat], "player": "person" if seat == 0 else "computer",
             "level": None if seat == 0 else row["level"], "key_hash": None} for seat in range(len(names))])
        db.execute("DELETE FROM practice_games WHERE id = ?", [row["id"]])
    db["tables"].create_index(["practice", "touched_at"], index_name="tables_practice_touched_at")
