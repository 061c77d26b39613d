"""The computer players' strength and speed: seeded deals played level against level, seats swapped.

Opponents that are not the levels themselves: random legal play (``random``) draws each move from the legal ones,
all alike; ``random-melder`` draws anything but a discard 3 times out of 4, so it melds whatever it can and goes out
early; ``heuristic`` is the greedy player of :mod:`scorekeeper.canasta.players.heuristic`, written from published
advice on good play (take the pile when usable, meld early, keep pairs, never feed the next player, go out when
ahead), sharing no code with the levels' weighing.

Each seed is dealt twice: once with level A at the side of seat 0, once with level B there, so a good or a bad deal
falls on both alike. A deal counts as won by the side whose hand score (from :mod:`scorekeeper.canasta.scoring`) is
the higher; a tie counts half. Three players (``classic-3p``) are dealt three times, the level at each seat in turn
and the other level at the other two; its side (alone, or the partnership it joined) wins above every other side.

The share of deals won is printed with its 95 % Wilson score interval: a deal is a trial won or lost, and Wilson's
interval stays inside 0–100 % and keeps its coverage near the ends (97 % of 200), where the plain normal
approximation does not; the two deals of a seed are counted as two trials (their correlation, if any, makes the
interval a little narrow). "A above B" is read on the interval: its lower end above 50 % (expert against hard:
above 60 %), not the share alone.

The deals run in two worker processes, seed by seed across the lines, until every line has its ``deals`` seeds or
the budget is spent (then each line says how many it played). The speed lines are the 95th percentile of one
computer move (normal level), one hint (hard level) and one expert move over every position of those deals, in
the worker's CPU time (a busy machine stretches the wall clock far more than the CPU time a move takes).
"""

from __future__ import annotations

import math
import multiprocessing
import sys
import time

from scorekeeper.canasta.play import deal, score
from scorekeeper.canasta.play.position import Shuffler
from scorekeeper.canasta.players.levels import LEVELS
from scorekeeper.canasta.players.loop import final_position
from scorekeeper.canasta.players.heuristic import HeuristicPlayer
from scorekeeper.canasta.players.random_players import RandomPlayer
from scorekeeper.canasta.rules import PRESETS

from . import Aim, Budget, Line

RANDOM = "random"  # a move drawn from the legal ones, each as likely: the "random legal play"
MELDER = "random-melder"  # the same, but anything other than a discard 3 times out of 4: it melds whatever it can
HEURISTIC = "heuristic"  # the greedy player of players/heuristic.py, from published advice: not a level
BIASES = {RANDOM: 0, MELDER: 3}
MODERN = "modern"
THREE = "classic-3p"


def play(rules: str, seed: int, levels: tuple[str, str], timings: dict | None = None) -> list[int]:
    """Return each side's hand score of one deal: seats of side 0 play ``levels[0]``, the others ``levels[1]``."""
    final = _played(rules, seed, lambda position, seat: levels[0] if position.side_of(seat) == 0 else levels[1], timings)
    return [side["score"] for side in score(final)["sides"]]


def match_alone(rules: str, seeds, a: str, b: str, timings: dict | None = None) -> tuple[float, int]:
    """Return the deals ``a`` won at each seat in turn, ``b`` at every other seat (ties half), and how many were played.

    For three players (``classic-3p``), whose sides form during the deal: ``a``'s side (alone, or the partnership
    it joined) wins when its hand score is above every other side's.
    """
    won, played = 0.0, 0
    for seed in seeds:
        for seat in range(PRESETS[rules].players):
            final = _played(rules, seed, lambda position, at, mine=seat: a if at == mine else b, timings)
            sides = score(final)["sides"]
            mine = next(side["score"] for side in sides if seat in side["members"])
            best = max(side["score"] for side in sides if seat not in side["members"])
            won += 1.0 if mine > best else 0.5 if mine == best else 0.0
            played += 1
    return won, played


class Timed:
    """A player whose every choice is timed into ``timings[name]`` (when ``timings`` is given), in CPU time."""

    def __init__(self, player, timings: dict | None):
        self.player, self.name, self.timings = player, player.name, timings

    def choose(self, position):
        started = time.process_time()
        choice = self.player.choose(position)
        if self.timings is not None:
            self.timings.setdefault(self.name, []).append(time.process_time() - started)
        return choice


class Seated:
    """One player a seat, chosen by ``level_of(position, seat)`` at each move: the random players share one chance."""

    def __init__(self, players: dict, level_of):
        self.players, self.level_of, self.name = players, level_of, "seated"

    def choose(self, position):
        return self.players[self.level_of(position, position.to_move)].choose(position)


def _played(rules: str, seed: int, level_of, timings: dict | None):
    """Return the final position of one deal, ``level_of(position, seat)`` choosing each seat's level."""
    position, _ = deal(rules, None, seed)
    chance = Shuffler(f"strength:{seed}")
    players = {name: RandomPlayer(chance, bias, name) for name, bias in BIASES.items()}
    players[HEURISTIC] = HeuristicPlayer()
    players.update({name: Timed(player, timings) for name, player in LEVELS.items()})
    return final_position(position, [Seated(players, level_of)] * position.seats, limit=3000)


def match(rules: str, seeds, a: str, b: str, timings: dict | None = None) -> tuple[float, int]:
    """Return the deals ``a`` won against ``b`` (ties half) and how many were played, seats swapped."""
    won, played = 0.0, 0
    for seed in seeds:
        first = play(rules, seed, (a, b), timings)
        second = play(rules, seed, (b, a), timings)
        for mine, theirs in ((first[0], first[1]), (second[1], second[0])):
            won += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
            played += 1
    return won, played


def wilson(won: float, played: int, z: float = 1.96) -> tuple[float, float]:
    """Return the 95 % Wilson score interval of a share ``won / played``."""
    if not played:
        return 0.0, 1.0
    p = won / played
    centre = (p + z * z / (2 * played)) / (1 + z * z / played)
    half = z * math.sqrt(p * (1 - p) / played + z * z / (4 * played * played)) / (1 + z * z / played)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(math.ceil(share * len(ordered))) - 1)] if ordered else 0.0


# Each line: game, level A, level B, the aim (A's share of deals won, on the lower end of its 95 % interval), why.
LINES = (
    ("classic", "normal", RANDOM, 0.95, "on the share"),
    ("classic", "normal", MELDER, None, ""),
    ("classic", "normal", HEURISTIC, 0.50, "lower end"),
    ("classic", "hard", "normal", 0.50, "lower end"),
    ("classic", "expert", "normal", 0.50, "lower end"),
    ("classic", "expert", "hard", 0.60, "lower end"),
    ("classic", "hard", "easy", 0.60, "on the share"),
    ("classic", "hard", MELDER, None, ""),
    (MODERN, "normal", RANDOM, None, ""),
    (MODERN, "hard", "easy", None, ""),
    (THREE, "normal", RANDOM, None, ""),
)


class IntervalLine(Line):
    """A strength line whose aim is on the lower end of the 95 % interval (the share alone says too little in 400 deals)."""

    @property
    def met(self):
        if self.aim is None or self.value is None:
            return None
        low = self.details["interval"][0] * 100
        return low >= self.aim.limit if self.details.get("aim_on") == "lower end" else self.value >= self.aim.limit


def _task(task):
    """One seed of one line, in a worker process: (line index, won, played, the expert's move times)."""
    index, seed = task
    game, a, b, _, _ = LINES[index]
    timings: dict = {}
    won, played = (match_alone if game == THREE else match)(game, [seed], a, b, timings)
    return index, won, played, timings.get("expert", []), timings.get("normal", []), timings.get("hard", [])


def measure(*, deals: int = 200, budget_seconds: float = 1800.0, processes: int = 2, lines=None,
            min_seeds: int = 20) -> list[Line]:
    """Return the strength lines of :data:`LINES` (or the ``lines`` by index), and the speed lines.

    ``deals`` seeds a line, each played twice with the seats swapped (three times for three players, once a seat),
    in ``processes`` worker processes, seed by seed across the lines; once ``budget_seconds`` have passed, the lines
    stop where they are (at least ``min_seeds`` seeds each) and say how many deals they played.
    """
    budget = Budget(budget_seconds)
    chosen = list(range(len(LINES))) if lines is None else list(lines)
    tasks = [(index, seed) for seed in range(deals) for index in chosen]
    won = dict.fromkeys(chosen, 0.0)
    played = dict.fromkeys(chosen, 0)
    seeds = dict.fromkeys(chosen, 0)
    times: dict = {"expert": [], "normal": [], "hard": []}
    started = time.monotonic()
    with multiprocessing.get_context("fork").Pool(processes) as pool:
        for index, w, p, expert, normal, hard in pool.imap(_task, tasks):
            won[index] += w
            played[index] += p
            seeds[index] += 1
            times["expert"] += expert
            times["normal"] += normal
            times["hard"] += hard
            print(f"[strength] {LINES[index][1]} against {LINES[index][2]}: {won[index]:g} of {played[index]}",
                  file=sys.stderr, flush=True)
            if budget.over() and min(seeds.values()) >= min_seeds:
                pool.terminate()
                break
    wall = time.monotonic() - started
    result = []
    for index in chosen:
        game, a, b, aim, on = LINES[index]
        low, high = wilson(won[index], played[index])
        share = won[index] / played[index] if played[index] else None
        how = "at each seat in turn" if game == THREE else "seats swapped"
        result.append(IntervalLine(
            f"strength: {a} beats {b} ({game}, deals won by score)", share * 100 if share is not None else None, "%",
            Aim(">=", aim * 100, on="value", unit="%" + (" (low end)" if on == "lower end" else "")) if aim else None,
            note=f"{won[index]:g} of {played[index]} deals, {how}; 95 % Wilson interval {low * 100:.1f}–{high * 100:.1f} %",
            details={"won": won[index], "played": played[index], "interval": [low, high], "aim_on": on}))
    for name, aim in (("normal", 50), ("hard", 200), ("expert", 1000)):
        samples = times[name]
        if not samples:
            continue
        what = {"normal": "computer move (normal)", "hard": "hint (hard level)", "expert": "expert move"}[name]
        result.append(Line(f"{what}, p95", percentile(samples, 0.95) * 1000, "ms", Aim("<=", aim, on="value", unit="ms"),
                           note=f"{len(samples)} moves; slowest {max(samples) * 1000:.0f} ms"))
    result.append(Line("strength step wall time", wall, "s", note=f"{processes} processes"))
    return result
