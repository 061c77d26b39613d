"""Geometry of the running-totals chart: pure functions, numbers in, coordinates out."""

import pytest

from scorekeeper.charts import (
    HEIGHT, MARGIN_BOTTOM, MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, WIDTH,
    nice_scale, points_label, running_totals_chart,
)

LEFT, RIGHT = MARGIN_LEFT, WIDTH - MARGIN_RIGHT
TOP, BOTTOM = MARGIN_TOP, HEIGHT - MARGIN_BOTTOM


def coords(series):
    return [tuple(float(n) for n in pair.split(",")) for pair in series.points.split()]


def test_worked_example_geometry_exactly():
    chart = running_totals_chart(["Ann & Bob", "Cy & Di"], [0, 0], [[605, -295]], 5000)
    # Scale -1,000..5,000 in steps of 1,000 over the 168 units from y=178 up to y=10.
    assert [(tick.value, tick.position, tick.label) for tick in chart.y_ticks] == [
        (-1000, 178, "−1,000"), (0, 150, "0"), (1000, 122, "1,000"), (2000, 94, "2,000"),
        (3000, 66, "3,000"), (4000, 38, "4,000"), (5000, 10, "5,000"),
    ]
    assert chart.zero_y == 150 and chart.target_y == 10
    assert chart.series[0].points == "44,150 352,133.1"  # 150 - 605 * 168 / 6000 = 133.06
    assert chart.series[1].points == "44,150 352,158.3"  # 150 + 295 * 168 / 6000 = 158.26
    assert (chart.series[1].last_x, chart.series[1].last_y, chart.series[1].total) == (352, 158.3, -295)
    assert [(tick.value, tick.position) for tick in chart.x_ticks] == [(0, 44), (1, 352)]
    assert chart.summary == "Running totals after 1 hand, playing to 5,000: Ann & Bob 605, Cy & Di −295."


def test_every_point_is_inside_the_plot_and_higher_totals_are_higher_up():
    totals = [[605, -295], [1605, -345], [1765, 465], [2370, 170], [5530, 830]]
    chart = running_totals_chart(["A", "B"], [0, 0], totals, 5000)
    for series in chart.series:
        points = coords(series)
        assert len(points) == len(totals) + 1
        assert points[0][0] == LEFT and points[-1][0] == RIGHT
        xs = [x for x, _ in points]
        assert xs == sorted(xs)
        assert all(TOP <= y <= BOTTOM for _, y in points)
    a, b = coords(chart.series[0]), coords(chart.series[1])
    for (_, ya), (_, yb), (ta, tb) in zip(a[1:], b[1:], totals):
        assert (ya < yb) == (ta > tb)
    # A total past the target raises the top of the scale; the target line stays below it.
    assert chart.y_ticks[-1].value >= 5530
    assert TOP <= chart.y_ticks[-1].position < chart.target_y


@pytest.mark.parametrize("low, high, expected", [
    (0, 5000, (0, 5000, 1000)),
    (-295, 5000, (-1000, 5000, 1000)),
    (0, 7500, (0, 8000, 2000)),
    (0, 8500, (0, 10000, 2000)),
    (0, 10000, (0, 10000, 2000)),
    (-12000, 500, (-12500, 2500, 2500)),
    (0, 0, (0, 5, 5)),
], ids=["classic", "below-zero", "3p", "modern", "6p", "far-below", "nothing"])
def test_nice_scale_covers_the_range_in_round_steps(low, high, expected):
    bottom, top, step = nice_scale(low, high)
    assert (bottom, top, step) == expected
    assert bottom <= low and top >= high and step % 5 == 0
    assert (top - bottom) % step == 0 and (top - bottom) // step <= 7


@pytest.mark.parametrize("hands, labelled", [
    (1, [0, 1]),
    (8, list(range(9))),
    (9, [0, 2, 4, 6, 8]),
    (20, [0, 5, 10, 15, 20]),
    (45, [0, 10, 20, 30, 40]),
])
def test_hand_labels_thin_out_on_long_games(hands, labelled):
    chart = running_totals_chart(["A", "B"], [0, 0], [[5 * n, 0] for n in range(1, hands + 1)], 5000)
    assert [tick.value for tick in chart.x_ticks] == labelled
    assert all(LEFT <= tick.position <= RIGHT for tick in chart.x_ticks)


def test_start_totals_are_the_first_point_and_three_scorers_get_three_lines():
    chart = running_totals_chart(["A", "B", "C"], [2340, 1910, 0], [[2945, 1615, 100]], 7500)
    assert [series.index for series in chart.series] == [0, 1, 2]
    assert [series.total for series in chart.series] == [2945, 1615, 100]
    first = [coords(series)[0][1] for series in chart.series]
    assert first[0] < first[1] < first[2]  # 2,340 above 1,910 above 0
    assert coords(chart.series[2])[0][1] == chart.zero_y


def test_no_hands_yet_is_a_flat_start():
    chart = running_totals_chart(["A", "B"], [0, 0], [], 5000)
    assert chart.series[0].points == "44,178"
    assert chart.summary == "Running totals after 0 hands, playing to 5,000: A 0, B 0."


@pytest.mark.parametrize("value, label", [(0, "0"), (5, "5"), (-5, "−5"), (12345, "12,345"), (-1500, "−1,500")])
def test_points_label(value, label):
    assert points_label(value) == label
