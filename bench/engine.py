"""The engine alone: one hand scored, and a whole game recomputed from its stored hands.

The baseline is one request to the bare Flask app through the test client, in
the same process: what any request costs before the app does anything. The
engine runs inside requests, so it is measured in those units: scoring the
hand of a ``POST /api/v1/score`` should cost less than the request around it,
and recomputing a long game (every scoreboard view and every hand entered does
it) a small multiple of it, or the scoreboard cannot keep up with the bare app.
"""

from __future__ import annotations

import statistics
import timeit

from scorekeeper.canasta.scoring import score_game, score_request

from . import Aim, Budget, Line
from .hello import create_app
from .play import measure as play_lines
from .seed import OPTIONS, RULES, SCORE_EXAMPLE, realistic_hands

HAND_AIM = Aim("<=", 1)
GAME_AIM = Aim("<=", 10)


def _microseconds(function, number) -> float:
    """Return the µs per call of one timeit run of ``number`` calls."""
    return timeit.timeit(function, number=number) / number * 1e6


def measure(*, hand_number=1000, game_number=20, request_number=500, repeat=7, game_hands=40,
            budget_seconds=15.0, play=None) -> list[Line]:
    """Return the lines for one hand and a ``game_hands``-hand game, in µs, against a bare request,
    and the game engine's lines (:mod:`.play`; ``play``: its keyword arguments)."""
    budget = Budget(budget_seconds)
    client = create_app().test_client()
    hands = realistic_hands(game_hands)

    def bare_request():
        client.get("/")

    def one_hand():
        score_request(SCORE_EXAMPLE)

    def whole_game():
        score_game(RULES, OPTIONS, None, hands)

    for function in (bare_request, one_hand, whole_game):
        function()  # warm: imports, caches
    # Interleaved timeit runs, so that a busy moment of the machine falls on all three alike.
    samples: dict[str, list[float]] = {"bare": [], "hand": [], "game": []}
    steps = [("bare", bare_request, request_number), ("hand", one_hand, hand_number), ("game", whole_game, game_number)]
    for round_number in range(repeat):
        if len(samples["bare"]) >= 3 and budget.over():
            break
        turn = round_number % len(steps)  # each in every position in turn: no order favours one
        for name, function, number in steps[turn:] + steps[:turn]:
            samples[name].append(_microseconds(function, number))
    bare, hand, game = (statistics.median(samples[key]) for key in ("bare", "hand", "game"))

    def paired(key):  # each run against the bare-request run of the same round
        return statistics.median(value / base for value, base in zip(samples[key], samples["bare"]))

    details = {key: [round(value, 2) for value in values] for key, values in samples.items()}
    return _scoring_lines(hand, game, bare, paired, details, samples, game_hands) + play_lines(client, **(play or {}))


def _scoring_lines(hand, game, bare, paired, details, samples, game_hands) -> list[Line]:
    return [
        Line("Engine: score one hand (score_request, API.md example)", hand, "µs", HAND_AIM, bare,
             "bare Flask request", paired_ratio=paired("hand"), details={"runs_us": details["hand"], "baseline_runs_us": details["bare"]}),
        Line(f"Engine: recompute a {game_hands}-hand game (score_game)", game, "µs", GAME_AIM, bare,
             "bare Flask request", paired_ratio=paired("game"),
             note=f"{game / game_hands:.0f} µs per hand; ratio: median of the {len(samples['game'])} paired runs",
             details={"runs_us": details["game"], "baseline_runs_us": details["bare"]}),
    ]
