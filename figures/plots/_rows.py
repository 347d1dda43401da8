"""A two-row page layout cut short by the page's tallest figure: the row whose text needs its
height keeps it, the other gives way (:func:`keep_row`)."""

from __future__ import annotations

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from figures.page import LABEL_TRIES, Page

#: Close enough to the height asked for (in).
ROW_TOLERANCE_IN = 0.005


def keep_row(page: Page, fig: Figure, ax: Axes, need: float, least: float) -> None:
    """Where ``page``'s tallest cut ``fig`` (a two-row grid, :meth:`Page.row_height`) short,
    ``ax``'s row keeps its data area ``need`` in tall and the other row's gives way (to
    ``least``): constrained layout shared the cut between the rows, and fig4's (c) values
    met at 3.8-3.95 and 4.25-5.2 in on a 10 pt page 7.155 in tall (LNI's; hostile round 50a,
    P39). Laid out with the synthetic stamp's strip set aside, as
    :meth:`Page.hold_labels` does; a figure under the page's tallest is left as it is."""
    if fig.get_figheight() < page.max_height_in - 0.001:
        return
    grid = ax.get_subplotspec().get_topmost_subplotspec().get_gridspec()
    mine = ax.get_subplotspec().get_topmost_subplotspec().rowspan.start
    engine = fig.get_layout_engine()
    rect, height = engine.get()["rect"], float(fig.get_figheight())
    engine.set(rect=(0, page.strip_in / height, 1, 1 - page.strip_in / height))
    try:
        for tried in range(LABEL_TRIES):
            rows = _rows(fig, height)
            want = max(min(need, sum(rows) - least), rows[mine] if not tried else 0)
            if abs(rows[mine] - want) < ROW_TOLERANCE_IN:
                return
            ratios = list(grid.get_height_ratios() or (1, 1))
            ratios[mine] *= want / rows[mine]
            ratios[1 - mine] *= (sum(rows) - want) / rows[1 - mine]
            grid.set_height_ratios(ratios)
    finally:
        engine.set(rect=rect)


def _rows(fig: Figure, height: float) -> list[float]:
    """The data area's height of each of ``fig``'s two rows (its tallest panel's), in inches."""
    fig.draw_without_rendering()
    rows = [0.0, 0.0]
    for ax in fig.axes:
        if (spec := ax.get_subplotspec()) is not None:
            row = spec.get_topmost_subplotspec().rowspan.start
            rows[row] = max(rows[row], ax.get_position().height * height)
    return rows
