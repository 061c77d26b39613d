"""Geometry of the running-totals chart, drawn on the server as inline SVG.

Pure functions: totals in, coordinates and labels out. The template only
writes the numbers into ``<polyline>`` and ``<text>`` elements; colours come
from the stylesheet, so the chart follows dark mode.

>>> chart = running_totals_chart(["Ann & Bob", "Cy & Di"], [0, 0], [[605, -295]], 5000)
>>> [tick.label for tick in chart.y_ticks]
['−1,000', '0', '1,000', '2,000', '3,000', '4,000', '5,000']
>>> chart.series[0].points
'44,150 352,133.1'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

WIDTH = 360
HEIGHT = 200
# Room for the y labels on the left and the hand numbers below.
MARGIN_LEFT = 44
MARGIN_RIGHT = 8
MARGIN_TOP = 10
MARGIN_BOTTOM = 22
NICE_STEPS = (1, 2, 2.5, 5)
Y_TICKS_WANTED = 5  # steps between the lowest and the highest label
MAX_Y_STEPS = 7
X_LABELS_MOST = 8


@dataclass(frozen=True)
class Tick:
    """A labelled position on an axis (``position`` in SVG units)."""

    value: int
    position: float
    label: str


@dataclass(frozen=True)
class Series:
    """One scorer's line: ``points`` is the SVG ``points`` attribute, start first."""

    index: int
    name: str
    points: str
    last_x: float
    last_y: float
    total: int


@dataclass(frozen=True)
class Chart:
    """Everything the template needs to draw the chart, in a ``0 0 width height`` viewBox."""

    width: int
    height: int
    left: float
    right: float
    top: float
    bottom: float
    series: tuple[Series, ...]
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    target: int
    target_y: float
    zero_y: float
    summary: str


def points_label(value: int) -> str:
    """Return a total as the board writes it: thousands separated, a real minus sign.

    >>> points_label(-2500), points_label(10000), points_label(0)
    ('−2,500', '10,000', '0')
    """
    return f"{value:,}".replace("-", "\u2212")


def nice_scale(low: int, high: int, wanted: int = Y_TICKS_WANTED) -> tuple[int, int, int]:
    """Return ``(bottom, top, step)``: round ticks covering ``low``..``high`` in about ``wanted`` steps.

    A step is 1, 2, 2.5 or 5 times a power of ten (and a multiple of 5, as every
    score is). Among the steps that come closest to ``wanted``, the one wasting
    the least height wins.

    >>> nice_scale(0, 5000), nice_scale(-295, 5000), nice_scale(0, 8500), nice_scale(0, 7500)
    ((0, 5000, 1000), (-1000, 5000, 1000), (0, 10000, 2000), (0, 8000, 2000))
    >>> nice_scale(-3000, 10000), nice_scale(0, 0), nice_scale(100, 130)
    ((-5000, 10000, 2500), (0, 5, 5), (100, 130, 5))
    """
    candidates = []
    for power in range(0, 9):
        for multiple in NICE_STEPS:
            step = multiple * 10 ** power
            if step % 5:
                continue
            step = int(step)
            bottom = math.floor(low / step) * step
            top = max(math.ceil(high / step) * step, bottom + step)
            steps = (top - bottom) // step
            if steps > MAX_Y_STEPS:
                continue
            wasted = 1 - (high - low) / (top - bottom)
            candidates.append((abs(steps - wanted), wasted, bottom, top, step))
    _, _, bottom, top, step = min(candidates)
    return bottom, top, step


def _round(value: float) -> float | int:
    """One decimal is finer than any screen pixel of this chart; keeps the page small."""
    rounded = round(value, 1)
    return int(rounded) if rounded == int(rounded) else rounded


def _hand_step(hands: int) -> int:
    """Label every hand up to 8 hands, then every 2nd, 5th, 10th...

    >>> [_hand_step(n) for n in (1, 8, 9, 20, 41, 120)]
    [1, 1, 2, 5, 10, 20]
    """
    for step in (1, 2, 5, 10, 20, 50, 100):
        if hands / step <= X_LABELS_MOST:
            return step
    return 100


def running_totals_chart(
    names: Sequence[str],
    start_totals: Sequence[int],
    totals_by_hand: Sequence[Sequence[int]],
    target: int,
    *,
    width: int = WIDTH,
    height: int = HEIGHT,
) -> Chart:
    """Return the chart of each scorer's running total, from the start through every hand.

    ``totals_by_hand[i]`` holds the totals after hand ``i + 1``, one per scorer.
    The vertical scale always shows 0 and the target, so the lines show how far
    each scorer still has to go.
    """
    rows = [list(start_totals)] + [list(totals) for totals in totals_by_hand]
    every_total = [total for row in rows for total in row]
    low = min([0, *every_total])
    high = max([target, *every_total])
    low_tick, high_tick, step = nice_scale(low, high)

    left, right = MARGIN_LEFT, width - MARGIN_RIGHT
    top, bottom = MARGIN_TOP, height - MARGIN_BOTTOM
    hands = len(rows) - 1
    x_span = max(hands, 1)

    def x_of(hand: int) -> float:
        return _round(left + (right - left) * hand / x_span)

    def y_of(value: int) -> float:
        return _round(bottom - (bottom - top) * (value - low_tick) / (high_tick - low_tick))

    series = []
    for index, name in enumerate(names):
        coords = [(x_of(hand), y_of(row[index])) for hand, row in enumerate(rows)]
        series.append(Series(
            index=index, name=name, points=" ".join(f"{x},{y}" for x, y in coords),
            last_x=coords[-1][0], last_y=coords[-1][1], total=rows[-1][index],
        ))
    y_ticks = tuple(
        Tick(value, y_of(value), points_label(value))
        for value in range(int(low_tick), int(high_tick) + 1, int(step))
    )
    hand_step = _hand_step(hands)
    x_ticks = tuple(
        Tick(hand, x_of(hand), str(hand)) for hand in range(0, hands + 1) if hand % hand_step == 0
    )
    return Chart(
        width=width, height=height, left=left, right=right, top=top, bottom=bottom,
        series=tuple(series), x_ticks=x_ticks, y_ticks=y_ticks, target=target,
        target_y=y_of(target), zero_y=y_of(0),
        summary=summary(names, rows[-1], hands, target),
    )


def summary(names: Sequence[str], totals: Sequence[int], hands: int, target: int) -> str:
    """Return the chart in one sentence, for people who cannot see it.

    >>> summary(["Ann", "Cy"], [605, -295], 1, 5000)
    'Running totals after 1 hand, playing to 5,000: Ann 605, Cy −295.'
    """
    played = f"{hands} hand" + ("" if hands == 1 else "s")
    standings = ", ".join(f"{name} {points_label(total)}" for name, total in zip(names, totals))
    return f"Running totals after {played}, playing to {points_label(target)}: {standings}."
