"""Geometry of the running-totals chart: pure functions, numbers in, coordinates out."""

import pytest

from scorekeeper.printing.charts import (
    HEIGHT, LABEL_GAP, MARGIN_BOTTOM, MARGIN_RIGHT, MARGIN_TOP, WIDTH,
    label_width, nice_step, points_label, running_totals_chart,
)

RIGHT = WIDTH - MARGIN_RIGHT
TOP, BOTTOM = MARGIN_TOP, HEIGHT - MARGIN_BOTTOM


def coords(series):
    return [tuple(float(n) for n in pair.split(",")) for pair in series.points.split()]


def test_worked_example_geometry_exactly():
    chart = running_totals_chart(["Ann & Bob", "Cy & Di"], [0, 0], [[605, -295]], 5000)
    # From -295 less 4% of the span (-506.8) at y=178 up to the target 5,000 at y=10: 168 units.
    assert [(tick.value, tick.position, tick.label) for tick in chart.y_ticks] == [
        (0, 162.5, "0"), (1000, 132, "1,000"), (2000, 101.5, "2,000"),
        (3000, 71, "3,000"), (4000, 40.5, "4,000"), (5000, 10, "5,000"),
    ]
    assert chart.left == 38  # "5,000" is 31.5 wide, then the gap
    assert chart.zero_y == 162.5 and chart.target_y == 10
    assert chart.series[0].points == "38,162.5 352,144.1"  # 178 - 168 * 1111.8 / 5506.8 = 144.08
    assert chart.series[1].points == "38,162.5 352,171.5"  # 178 - 168 * 211.8 / 5506.8 = 171.54
    assert (chart.series[1].last_x, chart.series[1].last_y, chart.series[1].total) == (352, 171.5, -295)
    assert [(tick.value, tick.position) for tick in chart.x_ticks] == [(0, 38), (1, 352)]
    assert chart.summary == "Running totals after 1 hand, playing to 5,000: Ann & Bob 605, Cy & Di −295."


def test_no_negative_totals_start_the_scale_at_zero_on_the_bottom_edge():
    chart = running_totals_chart(["A", "B"], [0, 0], [[1000, 500]], 5000)
    assert chart.zero_y == BOTTOM and chart.target_y == TOP
    assert [tick.value for tick in chart.y_ticks] == [0, 1000, 2000, 3000, 4000, 5000]
    assert chart.series[0].points == "38,178 352,144.4"  # 178 - 168 * 1000 / 5000


def test_every_point_is_inside_the_plot_and_higher_totals_are_higher_up():
    totals = [[605, -295], [1605, -345], [1765, 465], [2370, 170], [5530, 830]]
    chart = running_totals_chart(["A", "B"], [0, 0], totals, 5000)
    for series in chart.series:
        points = coords(series)
        assert len(points) == len(totals) + 1
        assert points[0][0] == chart.left and points[-1][0] == RIGHT
        xs = [x for x, _ in points]
        assert xs == sorted(xs)
        assert all(TOP <= y <= BOTTOM for _, y in points)
    a, b = coords(chart.series[0]), coords(chart.series[1])
    for (_, ya), (_, yb), (ta, tb) in zip(a[1:], b[1:], totals):
        assert (ya < yb) == (ta > tb)
    # A total past the target lifts the top of the scale: it stays off the edge, the target line below it.
    assert TOP < a[-1][1] < chart.target_y
    assert all(TOP <= tick.position <= BOTTOM for tick in chart.y_ticks)


@pytest.mark.parametrize("span, step", [
    (5000, 1000), (5295, 1000), (7500, 2000), (8500, 2000), (10000, 2000), (100295, 20000), (0, 5), (1, 5),
], ids=["classic", "below-zero", "3p", "modern", "6p", "long", "nothing", "tiny"])
def test_nice_step_is_round_and_cuts_about_five_parts(span, step):
    assert nice_step(span) == step
    assert step % 5 == 0 and str(step).rstrip("0") in ("1", "2", "25", "5")


def test_long_labels_widen_the_left_margin_so_nothing_is_cut_off():
    chart = running_totals_chart(["A", "B"], [0, 0], [[15180, -25000]], 100000)
    widest = max(label_width(tick.label) for tick in chart.y_ticks)
    assert [tick.label for tick in chart.y_ticks] == ["−25,000", "0", "25,000", "50,000", "75,000", "100,000"]
    assert chart.left - LABEL_GAP >= widest  # labels end LABEL_GAP before the plot and start at x >= 0
    assert chart.left == 54


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
    assert all(chart.left <= tick.position <= RIGHT for tick in chart.x_ticks)


def test_the_target_label_stays_inside_the_chart():
    on_top = running_totals_chart(["A", "B"], [0, 0], [[100, 0]], 5000)
    assert (on_top.target_y, on_top.target_label_y) == (TOP, TOP + 13)  # under the line at the top edge
    passed = running_totals_chart(["A", "B"], [0, 0], [[6000, 0]], 5000)
    assert passed.target_y > TOP and passed.target_label_y == round(passed.target_y - 5, 1)
    assert passed.target_label_y - 9 >= 0  # the label's cap height fits above it


def test_start_totals_are_the_first_point_and_three_scorers_get_three_lines():
    chart = running_totals_chart(["A", "B", "C"], [2340, 1910, 0], [[2945, 1615, 100]], 7500)
    assert [series.index for series in chart.series] == [0, 1, 2]
    assert [series.total for series in chart.series] == [2945, 1615, 100]
    first = [coords(series)[0][1] for series in chart.series]
    assert first[0] < first[1] < first[2]  # 2,340 above 1,910 above 0
    assert coords(chart.series[2])[0][1] == chart.zero_y


def test_no_hands_yet_is_a_flat_start():
    chart = running_totals_chart(["A", "B"], [0, 0], [], 5000)
    assert chart.series[0].points == "38,178"
    assert chart.summary == "Running totals after 0 hands, playing to 5,000: A 0, B 0."


@pytest.mark.parametrize("value, label", [(0, "0"), (5, "5"), (-5, "−5"), (12345, "12,345"), (-1500, "−1,500")])
def test_points_label(value, label):
    assert points_label(value) == label
