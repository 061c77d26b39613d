"""The game engine playing: moves applied with the referee's judgement, and whole random deals.

Both are measured on one core, in the CPU time of this one-thread process
(``time.process_time``: the other engineers' work on a shared machine does not
count against it, nor for the baseline measured the same way), against the same
baseline as the other engine lines, one request to the bare Flask app through
the test client, and shown as how many fit in the time of one bare request.
A practice game asks the engine for a handful of moves per request, and a
computer player plays many deals ahead: the aims are absolute, at least
5,000 moves and 20 whole deals a second (anchors: a published Python engine
of this family runs about 2,300 steps a second; the OpenSpiel Canasta engine's
own test allows 200 ms per random game).
"""

from __future__ import annotations

import statistics
import time

from scorekeeper.canasta.play import apply, deal
from scorekeeper.canasta.players.random_players import random_deal

from . import Aim, Budget, Line, interleaved

MOVES_AIM = Aim(">=", 5000, on="value", unit="/s")
DEALS_AIM = Aim(">=", 20, on="value", unit="/s")
PRESETS = ("classic", "classic-2p", "classic-3p", "classic-6p", "classic-6p-3teams", "modern")


def _replay_moves(records) -> int:
    """Replay every recorded deal, each move applied by the referee (judged, then made); return the moves."""
    count = 0
    for record in records:
        position, _ = deal(record.rules, record.options, record.seed)
        for move in record.moves:
            position, _ = apply(position, move)
        count += len(record.moves)
    return count


def measure(client, *, deals=24, rounds=5, request_number=300, budget_seconds=20.0) -> list[Line]:
    """Return the moves-per-second and deals-per-second lines, against bare requests per second."""
    budget = Budget(budget_seconds)
    seeds = [(PRESETS[index % len(PRESETS)], 1000 + index) for index in range(deals)]
    records = [random_deal(rules, seed=seed) for rules, seed in seeds]  # warm, and the moves to replay

    def bare_rate():
        started = time.process_time()
        for _ in range(request_number):
            client.get("/")
        return request_number / (time.process_time() - started)

    def moves_rate():
        started = time.process_time()
        count = _replay_moves(records)
        return count / (time.process_time() - started)

    def deals_rate():
        started = time.process_time()
        for rules, seed in seeds:
            random_deal(rules, seed=seed)
        return len(seeds) / (time.process_time() - started)

    samples = interleaved([("bare", bare_rate), ("moves", moves_rate), ("deals", deals_rate)], rounds, budget, 2)
    bare, moves, deals_per_second = (statistics.median(samples[key]) for key in ("bare", "moves", "deals"))

    def paired(key):  # each run against the bare-request run of the same round
        return statistics.median(value / base for value, base in zip(samples[key], samples["bare"]))

    per_deal = sum(len(record.moves) for record in records) / len(records)
    details = {key: [round(value, 1) for value in values] for key, values in samples.items()}
    return [
        Line("Engine: moves applied a second, legality checked (play.apply)", moves, "/s", MOVES_AIM, bare,
             "bare Flask requests", paired_ratio=paired("moves"),
             note=f"{len(records)} recorded deals of the six presets replayed; ratio: moves per bare request",
             details={"runs": details["moves"], "baseline_runs": details["bare"]}),
        Line("Engine: whole random deals a second (legal moves, referee)", deals_per_second, "/s", DEALS_AIM, bare,
             "bare Flask requests", paired_ratio=paired("deals"),
             note=f"{per_deal:.0f} moves a deal on average; ratio: deals per bare request",
             details={"runs": details["deals"], "baseline_runs": details["bare"]}),
    ]
