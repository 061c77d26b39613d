"""A table's domain: seeds from ``secrets``, the change log, "may I go out?", the end of the game, the purge."""

import re

import pytest

from scorekeeper.canasta.play import AskPartner, Answer, apply, deal, hand_sides, legal_moves, replay
from scorekeeper.canasta.coach.words import Reader, reason_clause
from scorekeeper.canasta.players.random_players import random_deal
from scorekeeper.canasta.players.reasons import Reason
from scorekeeper.games import table_open, tables
from scorekeeper.games.table_views import view_for
from scorekeeper.store import sqlite
from scorekeeper.store import tables as rows

from ..tables_helpers import table_app

ASK_SEED = "ask-0"  # computers at "easy" play this deal 95 moves, then seat 3 may ask "may I go out?"


@pytest.fixture
def app(tmp_path):
    return table_app(tmp_path)


@pytest.fixture
def db(app):
    database = sqlite.connect(app.config["DATABASE"])
    yield database
    database.close()


def opened(db, **body):
    with sqlite.transaction(db):
        return table_open.open_table(db, **{"rules": "classic", **body})


def test_every_deal_has_its_own_secret_seed_from_secrets(db):
    first, second = opened(db), opened(db)
    seeds = [tables.load(db, table.id).row["seed"] for table in (first, second)]
    assert seeds[0] != seeds[1]
    assert all(re.fullmatch(r"[0-9a-f]{32}", seed) for seed in seeds)
    assert all(table.id not in seed for table, seed in zip((first, second), seeds))


def test_every_change_writes_its_version_to_the_change_log_in_its_transaction(db):
    table = opened(db, names=["Ann", "Bob", "Cy", "Di"])
    with sqlite.transaction(db):
        tables.make_move(db, table.id, 0, tables.read_move({"kind": "draw"}), expected_version=1)
    with pytest.raises(tables.Conflict):
        with sqlite.transaction(db):
            tables.make_move(db, table.id, 0, tables.read_move({"kind": "end_deal"}), expected_version=1)
    with sqlite.transaction(db):
        tables.end(db, tables.load(db, table.id))
    assert rows.changes_since(db, table.id, 0) == [1, 2, 3]
    assert rows.changes_since(db, table.id, 2) == [3]
    columns = [(row[1], row[2], row[3], row[5]) for row in db.execute("pragma table_info(table_changes)")]
    assert columns == [("id", "INTEGER", 0, 1), ("table_id", "TEXT", 1, 0), ("version", "INTEGER", 1, 0),
                       ("at", "REAL", 1, 0), ("kind", "TEXT", 0, 0)]  # kind: "talk" (0010_table_talk) or null


def test_a_refused_move_changes_nothing(db):
    table = opened(db)
    with sqlite.transaction(db):
        outcome = tables.make_move(db, table.id, 1, tables.read_move({"kind": "draw"}))
    assert outcome.allowed is False and outcome.version == 1
    assert outcome.refusals[0]["message"] == "It is Player 1's move, not yours: wait for your turn."
    assert rows.changes_since(db, table.id, 0) == [1]


def _at_the_ask(db, monkeypatch, partner):
    """A table whose deal stands where seat 3 (a person) may ask its partner, seat 1 (``partner``), to go out."""
    monkeypatch.setattr(tables, "new_seed", lambda: ASK_SEED)
    computer = {"0": "easy", "2": "easy"} | ({"1": "easy"} if partner == "computer" else {})
    table = opened(db, names=["Ann", "Bob", "Cy", "Di"], computer=computer)
    position, _ = deal("classic", None, ASK_SEED)
    records = []
    while not (position.to_move == 3 and any(move.kind == "ask_partner" for move in legal_moves(position))):
        choice = tables._computer_move(position, position.to_move, "easy")
        records.append({"move": choice.move.as_dict(), "seat": position.to_move, "version": len(records) + 1,
                        "by": "computer", "reason": None})
        position, _ = apply(position, choice.move)
    assert position.to_move == 3 and len(records) == 95
    with sqlite.transaction(db):
        rows.save_moves(db, table.id, 1, records, tables.clock(), steps=len(records))
    return tables.load(db, table.id)


def test_a_computer_partner_answers_may_i_go_out_at_once_with_its_reason(db, monkeypatch):
    table = _at_the_ask(db, monkeypatch, "computer")
    with sqlite.transaction(db):
        outcome = tables.make_move(db, table.id, 3, AskPartner(), expected_version=table.version)
    assert outcome.allowed and outcome.version == table.version + 2
    after = tables.load(db, table.id)
    answer = after.row["moves"][-1]
    assert answer["seat"] == 1 and answer["by"] == "computer" and answer["move"]["kind"] == "answer"
    assert answer["version"] == table.version + 1
    urls = {"url": "", "live_url": "", "game_url": ""}
    asker = view_for(after, 3, urls)
    assert asker["to_move"] == 3 and asker["asked"]["seat"] == 3 and asker["asked"]["partner"] == 1
    assert asker["asked"]["answer"] is answer["move"]["yes"]
    told = Reason.from_dict(answer["reason"]).to_the_table()  # the partner says yes or no, never what it holds
    assert asker["asked"]["reason"] == reason_clause(told, "told", Reader(3, after.names)) and asker["asked"]["reason"]
    # Never what the partner holds (its cards, its points): what every phone sees may be said (hand counts).
    assert "hold" not in asker["asked"]["reason"] and "point" not in asker["asked"]["reason"]
    held = after.position.hands[after.engine_seat(1)]
    assert not any(card.code in asker["asked"]["reason"] for card in held)
    # The reason tells of the partner's hand: the other side does not read it.
    assert "reason" not in view_for(after, 0, urls)["asked"]
    assert "reason" not in view_for(after, None, urls)["asked"]


def test_a_person_partner_answers_with_an_answer_move(db, monkeypatch):
    table = _at_the_ask(db, monkeypatch, "person")
    with sqlite.transaction(db):
        asked = tables.make_move(db, table.id, 3, AskPartner(), expected_version=table.version)
    assert asked.allowed and asked.version == table.version + 1
    waiting = tables.load(db, table.id)
    urls = {"url": "", "live_url": "", "game_url": ""}
    partner = view_for(waiting, 1, urls)
    assert partner["to_move"] == 1 and partner["moves"] == [{"kind": "answer", "yes": True},
                                                           {"kind": "answer", "yes": False}]
    assert partner["asked"] == {"seat": 3, "partner": 1, "answer": None}
    assert view_for(waiting, 3, urls)["moves"] == []
    with sqlite.transaction(db):
        refused = tables.make_move(db, table.id, 3, Answer(True))
    assert refused.allowed is False and refused.refusals[0]["message"] == "It is Bob's move, not yours: wait for your turn."
    with sqlite.transaction(db):
        answered = tables.make_move(db, table.id, 1, Answer(False))
    assert answered.allowed
    after = view_for(tables.load(db, table.id), 3, urls)
    assert after["to_move"] == 3 and after["asked"] == {"seat": 3, "partner": 1, "answer": False}


def test_the_game_over_deals_no_more_and_ends_the_table(db, monkeypatch):
    monkeypatch.setattr(tables, "new_seed", lambda: ASK_SEED)
    # This deal scores 560 and 1,175 (easy computers for both seats): past the target of 500.
    table = opened(db, rules="classic-2p", options={"target": 500}, computer={"1": "easy"})
    for _ in range(3000):
        loaded = tables.load(db, table.id)
        if loaded.position.over:
            break
        choice = tables._computer_move(loaded.position, loaded.position.to_move, "easy")
        with sqlite.transaction(db):
            tables.make_move(db, table.id, loaded.table_seat(loaded.position.to_move), choice.move)
    loaded = tables.load(db, table.id)
    assert loaded.position.over and loaded.game_over and loaded.row["ended"] is True
    with sqlite.transaction(db):
        outcome = tables.make_move(db, table.id, 0, "next_deal")
    assert outcome.allowed is False and outcome.refusals[0]["code"] == "table_ended"
    assert view_for(loaded, 0, {"url": "", "live_url": "", "game_url": ""})["next_deal"] is False


def test_the_sides_of_a_deal_are_turned_to_the_games_scorers():
    class Turned:
        players = 4
        shift = 1
        row = {"rules": "classic"}

    played = replay(random_deal("classic", seed="sides")).position
    engine = hand_sides(played)
    assert tables.table_sides(Turned, played) == [engine[1], engine[0]]


def test_old_finished_and_abandoned_tables_are_purged_and_their_games_stay(db, monkeypatch):
    now = [1_000_000.0]
    monkeypatch.setattr(tables, "clock", lambda: now[0])
    ended, abandoned, playing = opened(db), opened(db), opened(db)
    with sqlite.transaction(db):
        tables.end(db, tables.load(db, ended.id))
    now[0] += 8 * 86400
    with sqlite.transaction(db):
        tables.make_move(db, playing.id, 0, tables.read_move({"kind": "draw"}))
    now[0] += 0.5 * 86400
    assert tables.purge(db, ended_days=7, untouched_days=60) == [ended.id]
    now[0] += 60 * 86400
    assert sorted(tables.purge(db, ended_days=7, untouched_days=60)) == sorted([abandoned.id, playing.id])
    assert db["tables"].count == db["table_seats"].count == db["table_changes"].count == 0
    assert db["games"].count == 3


def test_flask_purge_tables_deletes_by_the_documented_rule(app, db, monkeypatch):
    table = opened(db)
    with sqlite.transaction(db):
        tables.end(db, tables.load(db, table.id))
    monkeypatch.setattr(tables, "clock", lambda: 1e12)
    result = app.test_cli_runner().invoke(args=["purge-tables"])
    assert result.exit_code == 0, result.output
    assert "Deleted 1 table" in result.output
    assert db["tables"].count == 0


def test_a_table_read_again_goes_on_from_its_last_replay_to_the_same_positions(db):
    table = opened(db, rules="classic-2p", computer={"1": "easy"})
    for _ in range(40):
        loaded = tables.load(db, table.id)
        if loaded.position.over:
            break
        choice = tables._computer_move(loaded.position, loaded.position.to_move, "easy")
        with sqlite.transaction(db):
            tables.make_move(db, table.id, loaded.table_seat(loaded.position.to_move), choice.move)
    loaded = tables.load(db, table.id)
    assert len(loaded.positions) == len(loaded.row["moves"]) + 1 > 30
    assert loaded.positions == replay(tables._record(loaded.row)).positions
    tables._replays.clear()
    assert tables.load(db, table.id).positions == loaded.positions


def test_flask_purge_deletes_old_practice_games_and_old_finished_tables_with_their_talk(app, db, monkeypatch):
    from datetime import datetime, timedelta, timezone

    from scorekeeper.games import practice
    from scorekeeper.games import table_talk as talk

    old_practice = practice.start(db, "classic", "easy")
    stamp = (datetime.now(timezone.utc) - timedelta(days=31)).timestamp()
    db.execute("update tables set touched_at = ? where id = ?", [stamp, old_practice])
    db.conn.commit()
    ended, playing = opened(db), opened(db)
    with sqlite.transaction(db):
        talk.say(db, tables.load(db, ended.id), 0, "well_played", None)
        rows.save_new_deal(db, ended.id, None, deal_number=2, seed="s", totals_before=[0, 0], at=tables.clock())
        tables.end(db, tables.load(db, ended.id))
    assert db["table_deals"].count == 1 and db["table_said"].count == 1
    monkeypatch.setattr(tables, "clock", lambda: tables.time.time() + 31 * 86400)
    result = app.test_cli_runner().invoke(args=["purge"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == ["1 practice game untouched for 30 days deleted.",
                                          "Deleted 1 table (ended over 30 days ago, or untouched for 90 days)."]
    assert [row["id"] for row in db.query("select id from tables")] == [playing.id]
    assert db["table_deals"].count == db["table_said"].count == db["practice_games"].count == 0
    assert db["games"].count == 2  # the tables' score sheets stay
    assert app.test_cli_runner().invoke(args=["purge", "--ended-days", "0", "--days", "0"]).exit_code == 0
