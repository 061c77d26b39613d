"""The benchmark harness, in miniature: tiny iteration counts, shapes and signs only, never timings."""

import json

import pytest

from bench import COLUMNS, Aim, Line, markdown_table, table
from bench.__main__ import STEPS, run
from bench.load import Call, drive
from bench.scale import build_rows
from bench.seed import OPTIONS, RULES, realistic_hands
from bench.weight import css_sections, css_urls, is_foreign, kept_by_browser, loaded_urls, script_urls
from scorekeeper.store import bulk, transfer
from scorekeeper.store import db as store
from scorekeeper.store import sqlite
from scorekeeper.canasta.scoring import score_game

from .servers import start_gunicorn


# --- the table ---------------------------------------------------------------------------


def test_aim_on_ratio_and_on_value():
    assert Aim(">=", 0.5).met(value=100, ratio=0.5) is True
    assert Aim(">=", 0.5).met(value=100, ratio=0.49) is False
    assert Aim("<=", 30, on="value", unit="KB").met(value=30.5, ratio=None) is False
    assert Aim("<=", 30, on="value", unit="KB").met(value=29, ratio=None) is True
    assert str(Aim("<=", 4, on="value", unit="requests")) == "<= 4 requests"
    assert str(Aim(">=", 0.35)) == "ratio >= 0.35"


def test_line_ratio_and_speedup():
    slower = Line("render", 300.0, "ms", Aim("<=", 3), baseline=100.0)
    assert slower.ratio == pytest.approx(3.0) and slower.met is True
    faster = Line("304", 2.0, "ms", Aim(">=", 50), baseline=500.0, speedup=True)
    assert faster.ratio == pytest.approx(250.0) and faster.met is True
    assert faster.cells()[3] == "250x faster"
    paired = Line("scale", 12.0, "ms", Aim("<=", 1.3), baseline=10.0, paired_ratio=1.1)
    assert paired.ratio == 1.1 and paired.cells()[3] == "1.10x"
    missing = Line("board", None, "req/s", Aim(">=", 0.35), baseline=900.0, note="not measured: 500")
    assert missing.ratio is None and missing.met is None and missing.cells()[1] == "n/a"


def test_table_has_a_header_a_rule_and_one_row_per_line():
    lines = [Line("a", 1.5, "ms", Aim("<=", 2), baseline=1.0, baseline_what="base"),
             Line("b", 40.0, "KB", Aim("<=", 30, on="value", unit="KB"), note="too heavy")]
    text = table(lines).splitlines()
    assert text[0].split() == list(COLUMNS)
    assert set(text[1].replace(" ", "")) == {"-"}
    assert text[2].startswith("a ") and text[2].endswith("yes")
    assert text[3].startswith("b ") and text[3].endswith("NO")
    assert "- b: too heavy" in text
    markdown = markdown_table(lines).splitlines()
    assert len(markdown) == 4 and markdown[0] == "| what | measured | baseline | ratio | aim | met? |"


# --- what the page weight counts -------------------------------------------------------------


def test_loaded_urls_are_what_a_browser_fetches_not_links():
    html = """<link rel="stylesheet" href="/static/style.css"><link rel="icon" href="/static/favicon.svg">
    <link rel="canonical" href="https://example.com/"><a href="/games">games</a>
    <script src="/static/board.js" defer></script><img src="/static/a.png" srcset="/static/a2.png 2x">"""
    assert loaded_urls(html) == ["/static/style.css", "/static/favicon.svg", "/static/board.js",
                                 "/static/a.png", "/static/a2.png"]
    assert css_urls("a{background:url('/static/x.svg')} @import \"b.css\"; i{background:url(data:image/png;base64,AA)}") \
        == ["/static/x.svg", "b.css"]
    assert is_foreign("https://fonts.example.com/x.css") and is_foreign("//cdn.example.com/x.js")
    assert not is_foreign("http://localhost/static/style.css") and not is_foreign("/static/style.css")
    assert kept_by_browser("public, max-age=31536000, immutable") and kept_by_browser("max-age=60")
    assert not kept_by_browser("no-cache") and not kept_by_browser("max-age=0") and not kept_by_browser("")
    assert not kept_by_browser("private, no-cache, max-age=60")
    assert css_sections("a{}\n/* --- board ------ */\nb{}\n/* --- forms --- */\ni{}") == {"top": 4, "board": 27, "forms": 23}
    assert script_urls('fetch("https://api.example.com/x"); var a = "/games/1"; // https://docs') \
        == ["https://api.example.com/x"]


# --- the generated games and the bulk loader --------------------------------------------------


def test_realistic_hands_are_the_same_every_time_and_the_game_goes_on():
    hands = realistic_hands(30)
    assert hands == realistic_hands(30)
    score = score_game(RULES, OPTIONS, None, hands)
    assert len(score.hands) == 30 and not score.game_over
    sides = [side for hand in hands for side in hand]
    assert any(side.get("going_out") == "out" for side in sides)
    assert any(side.get("red_threes") for side in sides)
    assert any("melds" in side for side in sides)


def test_bulk_load_stores_interleaved_hands_in_play_order(tmp_path):
    measured = realistic_hands(5)
    games, hands, measured_id = build_rows(7, 5, 3, measured)
    path = tmp_path / "bulk.db"
    sqlite.migrate(path)
    db = sqlite.connect(path)
    try:
        assert bulk.bulk_load(db, games, hands, batch_size=4) == (7, 35)
        game = store.get_game(db, measured_id)
        assert [hand["sides"] for hand in game["hands"]] == measured
        assert [hand["number"] for hand in game["hands"]] == [1, 2, 3, 4, 5]
        ids = [hand["id"] for hand in game["hands"]]
        assert ids[1] - ids[0] == 7  # the seven tables' hands interleave
        plans = bulk.query_plans(db, measured_id)
        assert "USING INDEX" in plans["hands"][0] and "USING INDEX" in plans["game"][0]
    finally:
        db.close()


def test_bulk_load_stores_all_or_nothing(tmp_path):
    games, hands, _ = build_rows(3, 2, 0, realistic_hands(2))
    path = tmp_path / "bulk.db"
    sqlite.migrate(path)
    db = sqlite.connect(path)
    try:
        with pytest.raises(Exception):
            bulk.bulk_load(db, games + [games[0]], hands)  # a game id twice
        assert transfer.file_counts(path) == (0, 0)
    finally:
        db.close()


def test_schema_version_names_the_migrations():
    assert bulk.schema_version().startswith("0001_games_and_hands")


# --- the load driver and the whole run ----------------------------------------------------------


@pytest.mark.slow
def test_drive_counts_answers_and_failures(tmp_path):
    server = start_gunicorn(tmp_path / "hello.db", workers=1, app="bench.hello:create_app()")
    try:
        good = drive(server.url, Call("GET", "/"), seconds=0.3, warmup=0.0, processes=1, threads=2)
        bad = drive(server.url, Call("GET", "/nowhere"), seconds=0.3, warmup=0.0, processes=2, threads=1)
    finally:
        server.stop()
    assert good.requests > 0 and good.failures == 0 and good.per_second > 0 and good.p50_ms > 0
    assert bad.requests == 0 and bad.failures > 0 and bad.first_failure == "status 404"
    with pytest.raises(ValueError):
        drive("http://192.0.2.1:80", Call("GET", "/"), seconds=0.1)


@pytest.mark.slow
def test_quick_run_gives_every_line_a_positive_number(tmp_path):
    results = run(STEPS, quick=True, out=tmp_path, progress=lambda text: None)
    lines = results["_lines"]
    whats = [line.what for line in lines]
    assert len(lines) == 35, whats  # the facts step's one line (false reasons: none); the live streams' three (latency, memory, faults); with the service worker's two lines, and the view page twice (first visit, its cookie); the quick strength step plays 3 of its lines (normal against random and the heuristic player, expert against hard), the speed of normal, hard and expert moves, and its wall time
    for line in lines:
        assert line.value is not None, f"{line.what}: {line.note}"
        assert line.value > 0 or line.aim.on == "value", line.what
        assert len(line.cells()) == len(COLUMNS)
        if line.baseline is not None:
            assert line.baseline > 0 and line.ratio > 0, line.what
    saved = json.loads((tmp_path / "results.json").read_text())
    assert [line["what"] for line in saved["lines"]] == whats
    assert set(saved["step_seconds"]) == set(STEPS)


def test_strength_interval_and_a_match_with_seats_swapped():
    from bench.strength import match, wilson

    low, high = wilson(95, 100)
    assert round(low, 3) == 0.888 and round(high, 3) == 0.978
    assert wilson(0, 0) == (0.0, 1.0)
    won, played = match("classic", [1], "normal", "random")
    assert played == 2 and 0 <= won <= 2


def test_a_three_player_match_puts_the_level_at_each_seat_in_turn():
    from bench.strength import _played, match_alone
    from scorekeeper.canasta.play import score

    # Random play at every seat: the same deal three times, so the level "wins" at each seat of the winning side.
    final = _played("classic-3p", 2, lambda position, seat: "random", None)
    sides = sorted(score(final)["sides"], key=lambda side: -side["score"])
    assert sides[0]["score"] > sides[1]["score"]
    assert match_alone("classic-3p", [2], "random", "random") == (len(sides[0]["members"]), 3)
