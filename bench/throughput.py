"""Requests per second under gunicorn: the scoreboard and the score API against a bare Flask app.

All three are served the same way (gunicorn, the same worker count, loopback)
and loaded the same way (``bench.load.drive``) in one run. The load is given
in short slices that take turns (bare app, scoreboard, score API, then again
in another order), so that whatever else the machine does at the time weighs
on all three alike; each one's requests are summed over its slices.
"""

from __future__ import annotations

import json
import statistics
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tests.servers import start_gunicorn

from . import Aim, Line, unavailable
from .load import Call, LoadResult, drive
from .seed import NAMES, SCORE_EXAMPLE, game_database, realistic_hands

HELLO_APP = "bench.hello:create_app()"
APP = "scorekeeper:create_app()"
BOARD_AIM = Aim(">=", 0.35)
SCORE_AIM = Aim(">=", 0.5)


def _check_board(url):
    """Return None when the board answers 200 with the game on it, else why not."""
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            page = response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return f"GET /games/<id> answered {error.code}"
    if NAMES[0].replace("&", "&amp;") not in page:
        return f"the scoreboard page does not show the team name {NAMES[0]!r}"
    return None


def _add(total: LoadResult | None, part: LoadResult) -> LoadResult:
    if total is None:
        return part
    return LoadResult(total.requests + part.requests, total.failures + part.failures, total.seconds + part.seconds,
                      total.latencies_ms + part.latencies_ms, total.first_failure or part.first_failure)


def _line(what, result: LoadResult, baseline, aim, round_ratios):
    details = {
        "requests": result.requests, "failures": result.failures, "seconds": round(result.seconds, 2),
        "p50_ms": round(result.p50_ms, 2), "p95_ms": round(result.p95_ms, 2),
        "round_ratios": [round(ratio, 3) for ratio in round_ratios],
    }
    note = ""
    if len(round_ratios) > 1:
        note = (f"ratio per round {min(round_ratios):.2f}-{max(round_ratios):.2f}; "
                f"p50 {result.p50_ms:.1f} ms, p95 {result.p95_ms:.1f} ms")
    if result.failures:
        note = f"{result.failures} answers were not 200 (first: {result.first_failure}); {note}"
        return Line(what, None, "req/s", aim, baseline, "bare Flask", note, details)
    return Line(what, result.per_second, "req/s", aim, baseline, "bare Flask", note, details)


def measure(workdir: Path, *, seconds=5.0, rounds=5, warmup=0.5, workers=2, processes=2, threads=2,
            hands=30) -> list[Line]:
    """Return the lines for the scoreboard and the score API, the bare app their baseline.

    Each of the three gets ``seconds`` of counted load, in ``rounds`` slices.
    """
    board_what = f"Scoreboard, {hands} hands: GET /games/<id> (gunicorn, {workers} workers)"
    score_what = f"Score API: POST /api/v1/score (gunicorn, {workers} workers)"
    workdir.mkdir(parents=True, exist_ok=True)
    game_id = game_database(workdir / "throughput.db", realistic_hands(hands))
    score_call = Call("POST", "/api/v1/score", json.dumps(SCORE_EXAMPLE).encode(),
                      {"Content-Type": "application/json"})
    totals: dict[str, LoadResult | None] = {"hello": None, "board": None, "score": None}
    per_round: dict[str, list[float]] = {name: [] for name in totals}
    # Both start at once (the app's workers take seconds to import WeasyPrint); both stop whatever happens.
    with ThreadPoolExecutor(2) as pool:
        starting = [pool.submit(start_gunicorn, workdir / "hello.db", workers=workers, app=HELLO_APP),
                    pool.submit(start_gunicorn, workdir / "throughput.db", workers=workers, app=APP)]
    servers = [future.result() for future in starting if future.exception() is None]
    try:
        for future in starting:
            if future.exception() is not None:
                raise future.exception()
        hello, app = servers
        targets = {"hello": (hello.url, Call("GET", "/")), "score": (app.url, score_call)}
        board_problem = _check_board(f"{app.url}/games/{game_id}")
        if board_problem is None:
            targets["board"] = (app.url, Call("GET", f"/games/{game_id}"))
        names = list(targets)
        for name in names:  # warm every worker up (imports, template compiling, caches): not counted
            drive(targets[name][0], targets[name][1], seconds=warmup, warmup=0.0, processes=processes, threads=threads)
        for round_number in range(rounds):
            order = names[round_number % len(names):] + names[:round_number % len(names)]
            for name in order:
                url, call = targets[name]
                result = drive(url, call, seconds=seconds / rounds, warmup=0.0, processes=processes, threads=threads)
                totals[name] = _add(totals[name], result)
                per_round[name].append(result.per_second)
    finally:
        with ThreadPoolExecutor(2) as pool:
            list(pool.map(lambda server: server.stop(), servers))
    hello_total = totals["hello"]
    if hello_total.failures:
        raise RuntimeError(f"the bare Flask app failed: {hello_total.first_failure}")
    baseline = hello_total.per_second

    def ratios(name):
        return [value / base for value, base in zip(per_round[name], per_round["hello"]) if base]

    lines = []
    if totals["board"] is not None:
        lines.append(_line(board_what, totals["board"], baseline, BOARD_AIM, ratios("board")))
    else:
        lines.append(unavailable(board_what, "req/s", BOARD_AIM, f"not measured: {board_problem}"))
    lines.append(_line(score_what, totals["score"], baseline, SCORE_AIM, ratios("score")))
    for line in lines:
        line.details["baseline_per_round"] = [round(value, 1) for value in per_round["hello"]]
        line.details["baseline_p50_ms"] = round(hello_total.p50_ms, 2)
        line.details["baseline_spread"] = round(statistics.pstdev(per_round["hello"]) / baseline, 3) if baseline else None
    return lines
