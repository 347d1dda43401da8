"""Round 47 (W17): a log axis holding fewer than two decades labels values that never meet."""

from __future__ import annotations

import itertools

import pytest

from figures.page import MIN_PANEL_HEIGHT_IN, Page
from figures.style import new_figure, theme
from figures.ticks import log_axis, sub_decade_ticks

RANGES = [(30, 62), (31.2, 61.4), (40, 44), (1.001, 1.002), (0.5, 4), (3, 40), (1.1, 90),
          (9.9, 10.1), (1.3e-5, 2e-5), (1e-300, 5e-300), (7, 7.000001)]


@pytest.mark.parametrize("tall_in", [MIN_PANEL_HEIGHT_IN, 1.15])
@pytest.mark.parametrize(("low", "high"), RANGES)
def test_a_short_log_axis_labels_values_apart(low, high, tall_in):
    """Round 47 (W17): fig4's (a) at 2 epochs (30 to 62, under a decade) was labelled
    3.5×10¹ 4×10¹ ... 6×10¹, each touching the next: matplotlib's LogLocator falls back to
    linear ticks where at most one of 2 and 5 × 10ⁿ lies inside, and every minor tick was
    labelled. Every label shown is at least 1 pt from the next, at the smallest panel."""
    page = Page("column", 3.25, 4.5)
    with theme(page.rc()):
        fig = new_figure(figsize=(1.6, tall_in + 0.4))
        ax = fig.add_axes((0.45, 0.2 / (tall_in + 0.4), 0.5, tall_in / (tall_in + 0.4)))
        ax.plot([1, 2], [low, high])
        log_axis(ax)
        fig.draw_without_rendering()
        renderer = fig.canvas.get_renderer()
        labels = [(t.get_text(), t.get_window_extent(renderer))
                  for t in ax.yaxis.get_ticklabels(which="both")
                  if t.get_visible() and t.get_text()
                  and ax.get_ylim()[0] <= t.get_position()[1] <= ax.get_ylim()[1]]
    assert labels, "no value labelled"
    gap = fig.dpi / 72  # 1 pt
    for (a, box_a), (b, box_b) in itertools.combinations(labels, 2):
        apart = max(box_b.y0 - box_a.y1, box_a.y0 - box_b.y1)
        assert apart >= gap, f"{a} and {b} {apart / gap:.1f} pt apart on {low}..{high}"


def test_the_sub_decade_ticks_keep_2_and_5_where_they_fit():
    """Round 47 (W17): the values chosen: 2 and 5 × 10ⁿ where two of them fit, else a step."""
    assert sub_decade_ticks(1.5, 12, 4) == [2.0, 5.0, 10.0]
    assert sub_decade_ticks(29, 64, 3) == [40.0, 60.0]
    assert sub_decade_ticks(29, 64, 5) == [30.0, 40.0, 50.0, 60.0]
