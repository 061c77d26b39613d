"""Requests per second under gunicorn: the scoreboard, the view page and the score API against a bare Flask app.

Served as ``make run`` serves them: gunicorn's ASGI worker, Flask in its pool of threads behind the app's own
adapter (``scorekeeper.asgi``); the bare app behind the same adapter (``bench.hello:create_asgi_app()``), so the
ratio is the app's own work.

All are served the same way (gunicorn, the same worker count, loopback) and
loaded the same way (``bench.load.drive``) in one run. The load is given in
short slices that take turns (bare app, scoreboard, view, score API, then
again in another order), so that whatever else the machine does at the time
weighs on all alike; each one's requests are summed over its slices.

The scoreboard is asked as the scorekeeper's phone asks it, with the session
cookie its edit link left (so with its edit controls, the undo form's CSRF
token and the link to the share page). The view page twice: as another
player's phone asks it the first time, with no cookie (so each request is a
new phone, which the server notes as following the game: a write), and as that
phone asks it afterwards, with the cookie its first view left.
"""

from __future__ import annotations

import http.client
import json
import statistics
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit

from tests.servers import APP, start_gunicorn

from . import Aim, Line, unavailable
from .load import Call, LoadResult, drive
from .seed import NAMES, SCORE_EXAMPLE, game_database, realistic_hands

HELLO_APP = "bench.hello:create_asgi_app()"
ASGI_WORKER = ("--worker-class", "asgi")
BOARD_AIM = Aim(">=", 0.35)
SCORE_AIM = Aim(">=", 0.5)


def _session_cookie(base_url, game_id, edit_key):
    """Open the game's edit link as the scorekeeper's phone does; return its ``Cookie`` header value, or None."""
    return _cookie_left(base_url, f"/games/{game_id}/join?key={edit_key}", (302, 303))


def _cookie_left(base_url, path, statuses=(200,)):
    """GET ``path`` with no cookie; return the ``Cookie`` header value its answer set, or None."""
    parts = urlsplit(base_url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        cookie = response.getheader("Set-Cookie")
    finally:
        connection.close()
    return cookie.split(";")[0] if response.status in statuses and cookie else None


def _check_page(url, what, headers=None, must_show=()):
    """Return None when the page answers 200 showing the team names and ``must_show``, else why not."""
    try:
        request = urllib.request.Request(url, headers=headers or {})
        with urllib.request.urlopen(request, timeout=30) as response:
            page = response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return f"{what} answered {error.code}"
    for text in (NAMES[0].replace("&", "&amp;"), *must_show):
        if text not in page:
            return f"{what} does not show {text!r}"
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
    """Return the lines for the scoreboard, the view page and the score API, the bare app their baseline.

    Each of the four (with the bare app) gets ``seconds`` of counted load, in ``rounds`` slices.
    """
    board_what = f"Scoreboard, {hands} hands: GET /games/<id>, scorekeeper (gunicorn ASGI, {workers} workers)"
    view_what = f"View page, {hands} hands: GET /games/<id>/view, first visit (gunicorn ASGI, {workers} workers)"
    follow_what = f"View page, {hands} hands: GET /games/<id>/view, its cookie (gunicorn ASGI, {workers} workers)"
    score_what = f"Score API: POST /api/v1/score (gunicorn ASGI, {workers} workers)"
    workdir.mkdir(parents=True, exist_ok=True)
    game_id, edit_key = game_database(workdir / "throughput.db", realistic_hands(hands))
    score_call = Call("POST", "/api/v1/score", json.dumps(SCORE_EXAMPLE).encode(),
                      {"Content-Type": "application/json"})
    totals: dict[str, LoadResult | None] = {"hello": None, "board": None, "view": None, "follow": None,
                                              "score": None}
    problems: dict[str, str] = {}
    per_round: dict[str, list[float]] = {name: [] for name in totals}
    # Both start at once (the app's workers take seconds to import WeasyPrint); both stop whatever happens.
    with ThreadPoolExecutor(2) as pool:
        starting = [pool.submit(start_gunicorn, workdir / "hello.db", workers=workers, app=HELLO_APP,
                                extra_args=ASGI_WORKER),
                    pool.submit(start_gunicorn, workdir / "throughput.db", workers=workers, app=APP)]
    servers = [future.result() for future in starting if future.exception() is None]
    try:
        for future in starting:
            if future.exception() is not None:
                raise future.exception()
        hello, app = servers
        targets = {"hello": (hello.url, Call("GET", "/"))}
        cookie = _session_cookie(app.url, game_id, edit_key)
        board = Call("GET", f"/games/{game_id}", headers={"Cookie": cookie or ""})
        problems["board"] = "the edit link set no session cookie" if cookie is None else _check_page(
            app.url + board.path, "GET /games/<id>", board.headers, must_show=("Share with the table",))
        view = Call("GET", f"/games/{game_id}/view")
        problems["view"] = _check_page(app.url + view.path, "GET /games/<id>/view")
        viewer_cookie = _cookie_left(app.url, view.path)
        follow = Call("GET", view.path, headers={"Cookie": viewer_cookie or ""})
        problems["follow"] = "the view page set no cookie" if viewer_cookie is None else _check_page(
            app.url + view.path, "GET /games/<id>/view with its cookie", follow.headers)
        for name, call in (("board", board), ("view", view), ("follow", follow)):
            if problems[name] is None:
                targets[name] = (app.url, call)
        targets["score"] = (app.url, score_call)
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
    for name, what, aim in (("board", board_what, BOARD_AIM), ("view", view_what, BOARD_AIM),
                            ("follow", follow_what, BOARD_AIM),
                            ("score", score_what, SCORE_AIM)):
        if totals[name] is not None:
            lines.append(_line(what, totals[name], baseline, aim, ratios(name)))
        else:
            lines.append(unavailable(what, "req/s", aim, f"not measured: {problems.get(name)}"))
    for line in lines:
        line.details["baseline_per_round"] = [round(value, 1) for value in per_round["hello"]]
        line.details["baseline_p50_ms"] = round(hello_total.p50_ms, 2)
        line.details["baseline_spread"] = round(statistics.pstdev(per_round["hello"]) / baseline, 3) if baseline else None
    return lines
