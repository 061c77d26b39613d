"""Geometry of the running-totals chart, drawn on the server as inline SVG.

Pure functions: totals in, coordinates and labels out. The template only
writes the numbers into ``<polyline>`` and ``<text>`` elements; colours come
from the stylesheet, so the chart follows dark mode.

>>> chart = running_totals_chart(["Ann & Bob", "Cy & Di"], [0, 0], [[605, -295]], 5000)
>>> [tick.label for tick in chart.y_ticks]
['0', '1,000', '2,000', '3,000', '4,000', '5,000']
>>> chart.series[0].points
'38,162.5 352,144.1'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..i18n import ngettext, number

WIDTH = 360
HEIGHT = 200
# Room for the y labels on the left (more when they are long) and the hand numbers below.
MARGIN_LEFT = 30
LABEL_GAP = 4  # between a y label and the plot
MARGIN_RIGHT = 8
MARGIN_TOP = 10
MARGIN_BOTTOM = 22
NICE_STEPS = (1, 2, 2.5, 5)
Y_STEPS_WANTED = 5  # steps between 0 and the target, or whatever the totals span
PADDING = 0.04  # of the span, below a negative total or above a total past the target
LABEL_HEIGHT = 9  # cap height of the 11px labels
X_LABELS_MOST = 8
# Every round step a scale may take: multiples of 5 only, since every score is one.
NICE_CANDIDATES = tuple(
    int(multiple * 10 ** power) for power in range(0, 9) for multiple in NICE_STEPS if (multiple * 10 ** power) % 5 == 0
)


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
    target_label_y: float  # above the target line, or under it when the line is at the top
    zero_y: float
    summary: str


def points_label(value: int) -> str:
    """Return a total as the board writes it: thousands separated as the reader's language does
    (:func:`..i18n.number`, the one formatter), a real minus sign.

    >>> points_label(-2500), points_label(10000), points_label(0)
    ('−2,500', '10,000', '0')
    """
    return number(value)


def nice_step(span: float, wanted: int = Y_STEPS_WANTED) -> int:
    """Return the round step (1, 2, 2.5 or 5 times a power of ten) that cuts ``span`` into about ``wanted`` parts.

    Every score is a multiple of 5, so is every step; on a tie the larger step
    (fewer labels) wins.

    >>> [nice_step(span) for span in (5000, 5295, 7500, 8500, 10000, 100295, 1)]
    [1000, 1000, 2000, 2000, 2000, 20000, 5]
    """
    span = max(span, 5)
    return min(NICE_CANDIDATES, key=lambda step: (abs(span / step - wanted), -step))


def label_width(label: str) -> float:
    """Return about how wide an 11px label is, in SVG units (DejaVu/system sans digits are ~7 wide).

    >>> label_width("100,000"), label_width("−2,500")
    (45.5, 40.5)
    """
    widths = {",": 3.5, ".": 3.5, "\u2212": 9}
    return sum(widths.get(char, 7) for char in label)


def _round(value: float) -> float | int:
    """One decimal is finer than any screen pixel of this chart; keeps the page small."""
    rounded = round(value, 1)
    return int(rounded) if rounded == int(rounded) else rounded


def _coordinate(value: float) -> str:
    """``_round(value)`` as text, written directly: a long game's lines have hundreds of points.

    >>> [_coordinate(value) for value in (38.0, 144.08, 171.54, 10.04, 0.96)]
    ['38', '144.1', '171.5', '10', '1']
    """
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


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
    The vertical scale always reaches 0 and the target, so the lines show how far
    each scorer still has to go; labels sit on round values inside it.
    """
    rows = [list(start_totals)] + [list(totals) for totals in totals_by_hand]
    every_total = [total for row in rows for total in row]
    low = min([0, *every_total])
    high = max([target, *every_total])
    span = high - low
    step = nice_step(span)
    # A little room below a negative total and above a total past the target,
    # so no line runs along the edge; 0 and the target themselves may sit on it.
    floor_value = low - PADDING * span if low < 0 else 0
    ceiling_value = high + PADDING * span if high > target else high
    tick_values = range(math.ceil(floor_value / step) * step, math.floor(ceiling_value / step) * step + 1, step)
    labels = [points_label(value) for value in tick_values]

    left = max(MARGIN_LEFT, math.ceil(max(label_width(label) for label in labels)) + LABEL_GAP + 2)
    right = width - MARGIN_RIGHT
    top, bottom = MARGIN_TOP, height - MARGIN_BOTTOM
    hands = len(rows) - 1
    x_span = max(hands, 1)

    def x_of(hand: int) -> float:
        return _round(left + (right - left) * hand / x_span)

    def y_of(value: float) -> float:
        return _round(bottom - (bottom - top) * (value - floor_value) / (ceiling_value - floor_value))

    # The same arithmetic as x_of and y_of, in bulk: x once for every line, y as text.
    plot_width, plot_height, value_span = right - left, bottom - top, ceiling_value - floor_value
    xs = [_coordinate(left + plot_width * hand / x_span) + "," for hand in range(hands + 1)]
    series = []
    for index, name in enumerate(names):
        points = " ".join([x + _coordinate(bottom - plot_height * (row[index] - floor_value) / value_span)
                           for x, row in zip(xs, rows)])
        series.append(Series(
            index=index, name=name, points=points,
            last_x=x_of(hands), last_y=y_of(rows[-1][index]), total=rows[-1][index],
        ))
    y_ticks = tuple(Tick(value, y_of(value), label) for value, label in zip(tick_values, labels))
    hand_step = _hand_step(hands)
    x_ticks = tuple(
        Tick(hand, x_of(hand), str(hand)) for hand in range(0, hands + 1) if hand % hand_step == 0
    )
    return Chart(
        width=width, height=height, left=left, right=right, top=top, bottom=bottom,
        series=tuple(series), x_ticks=x_ticks, y_ticks=y_ticks, target=target,
        target_y=y_of(target), target_label_y=_label_y(y_of(target), top), zero_y=y_of(0),
        summary=summary(names, rows[-1], hands, target),
    )


def _label_y(line_y: float, top: float) -> float:
    """Baseline of a label for a line: 5 above it, or 13 below when that would leave the chart.

    >>> _label_y(100, 10), _label_y(12, 10)
    (95, 25)
    """
    return _round(line_y - 5 if line_y - 5 - LABEL_HEIGHT >= 0 else line_y + 13)


def summary(names: Sequence[str], totals: Sequence[int], hands: int, target: int) -> str:
    """Return the chart in one sentence, for people who cannot see it.

    >>> summary(["Ann", "Cy"], [605, -295], 1, 5000)
    'Running totals after 1 hand, playing to 5,000: Ann 605, Cy −295.'
    """
    standings = ", ".join(f"{name} {points_label(total)}" for name, total in zip(names, totals))
    return ngettext("Running totals after %(num)s hand, playing to %(target)s: %(standings)s.",
                    "Running totals after %(num)s hands, playing to %(target)s: %(standings)s.", hands,
                    target=points_label(target), standings=standings)
