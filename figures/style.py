"""The one style module: rc themes, method colours and the plotting idioms the figures share;
every figure draws and saves inside :func:`theme` (docs/modules.md)."""

from __future__ import annotations

import contextlib
import functools
import warnings
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import matplotlib as mpl
import matplotlib.style
import numpy as np
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.layout_engine import ConstrainedLayoutEngine
from matplotlib.ticker import MaxNLocator

from figures.errors import FigureDataWarning

#: The paper figures' (seeds 000, 002) typography: serif, 9 pt body.
PAPER_RC: dict[str, Any] = {
    "font.size": 9, "axes.labelsize": 10, "axes.titlesize": 10, "legend.fontsize": 8,
    "xtick.labelsize": 8, "ytick.labelsize": 8, "font.family": "serif"}
#: The report figures (seeds 001, 003, 004) use matplotlib's defaults unchanged.
DEFAULT_RC: dict[str, Any] = {}



@dataclass(frozen=True)
class MethodStyle:
    """How one method looks in every figure drawn for a page: an Okabe & Ito colour (apart
    under the three colour-vision deficiencies), a line style and marker (apart in greyscale)."""

    color: str
    linestyle: Any
    marker: str

    def line(self) -> dict[str, Any]:
        """Keyword arguments of ``ax.plot`` for this method's series."""
        return {"color": self.color, "linestyle": self.linestyle, "marker": self.marker,
                "markerfacecolor": "white", "markeredgecolor": self.color}


#: Okabe & Ito (2008), "Color Universal Design".
OKABE_ITO: dict[str, str] = {
    "blue": "#0072B2", "bluish green": "#009E73", "vermillion": "#D55E00",
    "sky blue": "#56B4E9", "reddish purple": "#CC79A7", "orange": "#E69F00",
    "yellow": "#F0E442"}
#: Method -> colour, line style, marker of the figures drawn for a page, by the paper's names.
METHOD_STYLE: dict[str, MethodStyle] = {
    "BP": MethodStyle(OKABE_ITO["blue"], "-", "o"),
    "FA": MethodStyle(OKABE_ITO["bluish green"], "--", "s"),
    "DFA": MethodStyle(OKABE_ITO["vermillion"], "-.", "D"),
    # a dark brown, DFA's family: orange was 15 from vermillion under deuteranomaly; this is
    # at least 25 under each deficiency (figures/preflight/cvd.py) and darker in greyscale
    "DFA + penalty": MethodStyle("#6b2f00", "--", "P"),
    "State Bridge": MethodStyle(OKABE_ITO["sky blue"], ":", "^"),
    # an X, not a v: the two Bridges (greys within L* 7) differ by marker shape in greyscale
    "Credit Bridge": MethodStyle(OKABE_ITO["reddish purple"], (0, (4, 1, 1, 1, 1, 1)), "X"),
}
#: Neutral fills for what is not a method (two metrics, a control condition): greys and
#: hatches, so that no colour means two things across the figures.
NEUTRAL_FILLS: tuple[dict[str, Any], ...] = (
    {"facecolor": "#52514e", "edgecolor": "#000000", "linewidth": 1.0},
    {"facecolor": "#d9d9d9", "edgecolor": "#000000", "linewidth": 1.0, "hatch": "////"},
    {"facecolor": "#ffffff", "edgecolor": "#000000", "linewidth": 1.0, "hatch": "...."},
    {"facecolor": "#9a9a9a", "edgecolor": "#000000", "linewidth": 1.0, "hatch": "xx"},
)
#: Markers on a long series: about this many per line, so the line stays readable.
MARKS_PER_LINE = 8


class WholeNumberLocator(MaxNLocator):
    """MaxNLocator's ticks when whole (0, 25, ..., 100), else ``integer=True``'s: matplotlib's
    integer mode drops the 2.5 step at every scale."""

    def tick_values(self, vmin: float, vmax: float) -> Any:
        self.set_params(integer=False)
        ticks = super().tick_values(vmin, vmax)
        if np.allclose(ticks, np.round(ticks)):
            return ticks
        self.set_params(integer=True)
        return super().tick_values(vmin, vmax)


def markevery(count: int) -> int:
    """Every how many points a series of ``count`` carries a marker."""
    return max(1, round(count / MARKS_PER_LINE))


@contextlib.contextmanager
def theme(rc: Mapping[str, Any] = DEFAULT_RC) -> Iterator[None]:
    """Apply matplotlib's defaults plus ``rc``; restore the caller's rcParams on exit."""
    with mpl.style.context(["default", dict(rc)]):
        yield


def new_figure(**kwargs: Any) -> Figure:
    """A pyplot-free figure with an Agg canvas (needed for ``tight_layout`` and sizes)."""
    fig = Figure(**kwargs)
    FigureCanvasAgg(fig)
    return fig


class SettledLayout(ConstrainedLayoutEngine):
    """Constrained layout that starts every draw from the panels' grid positions, not from
    where the last draw left them. Matplotlib's two passes converge without arriving (a tick
    label over an axis's end takes room that depends on the axis's length), so each save
    moved the panels by a fraction of a pixel, and a PNG saved after its PDF (as the build
    saves) was not the PNG saved first (round 40, W2). A drawing is now one picture at a
    resolution, however many saves came before it.

    The solver (kiwisolver) orders its variables by their place in memory, so two solves of
    one layout can differ in the last bit (1e-16 of the figure), and a line through a pixel's
    edge then drew a grey level lighter in one save of three processes (the random-order
    run's W2 failure). The panels' positions are snapped to :data:`LAYOUT_GRID` of the
    figure, far below a pixel and far above the solver's noise."""

    def execute(self, fig: Figure) -> Any:
        for ax in fig.axes:
            spec = ax.get_subplotspec()
            if spec is not None:  # where add_subplot put it (set_position takes it out of
                in_layout = ax.get_in_layout()  # the layout: put back as it was)
                ax.set_position(spec.get_position(fig))
                ax.set_in_layout(in_layout)
        solved = super().execute(fig)
        for ax in fig.axes:
            in_layout = ax.get_in_layout()
            bounds = ax.get_position(original=True).bounds
            ax.set_position([round(b / LAYOUT_GRID) * LAYOUT_GRID for b in bounds])
            ax.set_in_layout(in_layout)
        return solved


#: The grid panels are snapped to, as a fraction of the figure: 1e-9 of a 7 in figure at
#: 600 dpi is 4e-6 of a pixel; the solver's noise is 1e-16.
LAYOUT_GRID = 2.0**-30


def paper_grid(ax: Axes, *, log_scale: bool = False) -> None:
    """The paper figures' dotted grid; log axes get a fainter minor grid too."""
    ax.grid(True, which="major", color="#d0d0d0", linewidth=0.4, linestyle=":")
    if log_scale:
        ax.grid(True, which="minor", color="#e8e8e8", linewidth=0.3, linestyle=":")
    ax.set_axisbelow(True)


def mean_std(series: Sequence[Sequence[float]]) -> tuple[np.ndarray, np.ndarray]:
    """Mean and population std (ddof=0, as the seeds use) across seeds, per epoch."""
    arr = np.asarray(series, dtype=float)
    return arr.mean(0), arr.std(0)


def legend(ax: Axes, key: str, **kwargs: Any) -> None:
    """The panel's legend as the seeds draw it, an empty frame included; no series is one
    warning naming ``key`` instead of matplotlib's "No artists with labels found"."""
    if ax.get_legend_handles_labels()[0]:
        ax.legend(**kwargs)
        return
    warnings.warn(FigureDataWarning(f"data.{key}", "holds no series: the panel is drawn empty"),
                  stacklevel=2)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "No artists with labels found")
        ax.legend(**kwargs)


def themed(rc: Mapping[str, Any]):
    """Decorate a ``render`` so it draws inside :func:`theme` (``rc``); the build saves
    inside the same theme, found as ``render.rc``."""

    def decorate(render):
        @functools.wraps(render)
        def wrapper(data):
            with theme(rc):
                return render(data)

        wrapper.rc = dict(rc)
        return wrapper

    return decorate
