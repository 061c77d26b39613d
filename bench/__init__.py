"""Benchmarks: speed and page weight of the app, each measured against a baseline in the same run.

Absolute numbers change with the machine and with whatever else it runs; a
ratio to a baseline measured moments before on the same machine holds much
better. Each measurement module (``throughput``, ``sheet``, ``weight``,
``scale``, ``engine``) returns :class:`Line` objects; ``python -m bench``
(``make bench``) runs them all, prints one table and writes
``bench/out/results.json``.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = Path(__file__).resolve().parent / "out"
COLUMNS = ("what", "measured", "baseline", "ratio", "aim", "met?")


@dataclass(frozen=True)
class Aim:
    """What a line must reach: ``on`` the ``ratio`` or the ``value``, ``op`` ``>=`` or ``<=`` ``limit``."""

    op: str
    limit: float
    on: str = "ratio"
    unit: str = ""

    def met(self, value, ratio) -> bool | None:
        subject = ratio if self.on == "ratio" else value
        if subject is None:
            return None
        return subject >= self.limit if self.op == ">=" else subject <= self.limit

    def __str__(self):
        limit = _number(self.limit)
        if self.on == "ratio":
            return f"ratio {self.op} {limit}"
        unit = self.unit[:-1] if self.limit == 1 and self.unit.endswith("s") else self.unit
        return f"{self.op} {limit}{(' ' + unit) if unit else ''}"


@dataclass
class Line:
    """One row of the table: a measured value, the baseline it is compared with, and the aim."""

    what: str
    value: float | None
    unit: str
    aim: Aim | None = None
    baseline: float | None = None
    baseline_what: str = ""
    note: str = ""
    details: dict = field(default_factory=dict)
    # True: the ratio is baseline / value, "how many times faster than the baseline".
    speedup: bool = False
    # A ratio measured directly (e.g. the median of paired ratios), instead of value / baseline.
    paired_ratio: float | None = None

    @property
    def ratio(self) -> float | None:
        if self.value is None or not self.baseline:
            return None
        if self.paired_ratio is not None:
            return self.paired_ratio
        return self.baseline / self.value if self.speedup else self.value / self.baseline

    @property
    def met(self) -> bool | None:
        if self.aim is None or self.value is None:
            return None
        return self.aim.met(self.value, self.ratio)

    def cells(self) -> tuple[str, ...]:
        measured = "n/a" if self.value is None else f"{_number(self.value)} {self.unit}".strip()
        baseline = "" if self.baseline is None else f"{_number(self.baseline)} {self.unit}".strip()
        if self.baseline_what and self.baseline is not None:
            baseline += f" ({self.baseline_what})"
        ratio = "" if self.ratio is None else _ratio(self.ratio) + (" faster" if self.speedup else "")
        met = {True: "yes", False: "NO", None: "-" if self.aim is None else "n/a"}[self.met]
        return (self.what, measured, baseline, ratio, str(self.aim or ""), met)

    def as_json(self) -> dict:
        data = asdict(self)
        data["aim"] = None if self.aim is None else {**asdict(self.aim), "text": str(self.aim)}
        data.update(ratio=self.ratio, met=self.met)
        return data


def unavailable(what, unit, aim, why) -> Line:
    """A line for a measurement that could not be taken (the part is not built yet, or it failed)."""
    return Line(what, None, unit, aim, note=why)


def _number(value: float) -> str:
    if isinstance(value, int) or value == 0:
        return f"{value:,}"
    if abs(value) >= 100:
        return f"{value:,.0f}"
    if abs(value) >= 10:
        return f"{value:.1f}"
    if abs(value) >= 1:
        return f"{value:.2f}"
    return f"{value:.3g}"


def _ratio(value: float) -> str:
    if value >= 100:
        return f"{value:,.0f}x"
    return f"{value:.2f}x" if value < 10 else f"{value:.1f}x"


def table(lines) -> str:
    """Return the lines as a plain-text table with the COLUMNS, notes under it."""
    rows = [COLUMNS] + [line.cells() for line in lines]
    widths = [max(len(row[column]) for row in rows) for column in range(len(COLUMNS))]
    out = []
    for index, row in enumerate(rows):
        out.append("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
        if index == 0:
            out.append("  ".join("-" * width for width in widths))
    notes = [f"- {line.what}: {line.note}" for line in lines if line.note]
    if notes:
        out += ["", "Notes:"] + notes
    return "\n".join(out)


def markdown_table(lines) -> str:
    """Return the lines as a Markdown table (for the README)."""
    out = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    for line in lines:
        out.append("| " + " | ".join(cell.replace("|", "\\|") for cell in line.cells()) + " |")
    return "\n".join(out)


# --- timing ---------------------------------------------------------------------------


class Budget:
    """A step's time budget: loops ask ``left()`` and stop early rather than overrun."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.deadline = time.monotonic() + seconds

    def left(self) -> float:
        return self.deadline - time.monotonic()

    def over(self) -> bool:
        return self.left() <= 0


def median_seconds(function, runs: int, budget: Budget | None = None, min_runs: int = 3) -> tuple[float, int]:
    """Return ``(median seconds of one call, runs made)`` of ``function()``: ``runs`` calls, fewer if over budget."""
    times = []
    for _ in range(runs):
        if budget is not None and len(times) >= min_runs and budget.over():
            break
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times), len(times)


def interleaved(steps, rounds: int, budget: Budget, min_rounds: int, sample=lambda function: function()) -> dict[str, list[float]]:
    """Run each ``(name, function)`` of ``steps`` once a round, starting one step later each round, for ``rounds``
    rounds or until ``budget`` is over after ``min_rounds``; return ``{name: [sample(function) a round]}``.

    Interleaved, so a busy moment of the machine weighs on every step alike, and in turning order, since a
    step may run slower or faster after another kind of step."""
    samples: dict[str, list[float]] = {name: [] for name, _ in steps}
    first = steps[0][0]
    for round_number in range(rounds):
        if len(samples[first]) >= min_rounds and budget.over():
            break
        turn = round_number % len(steps)
        for name, function in steps[turn:] + steps[:turn]:
            samples[name].append(sample(function))
    return samples
