"""The one style module: rc themes, method colours and the plotting idioms the figures share.

Every figure draws inside :func:`theme`, which starts from matplotlib's built-in defaults
(not the caller's rcParams or matplotlibrc) and restores the caller's rcParams on exit, as
seaborn's ``theme_context`` does. Saving happens inside the same theme (see
:mod:`figures.outputs.build`), because fonts are looked up and savefig options read at draw time.
"""

from __future__ import annotations

import contextlib
import functools
import warnings
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import matplotlib as mpl
import matplotlib.style
import numpy as np
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from figures.errors import FigureDataWarning

#: The paper figures' (seeds 000, 002) typography: serif, 9 pt body.
PAPER_RC: dict[str, Any] = {
    "font.size": 9,
    "axes.labelsize": 10,
    "axes.titlesize": 10,
    "legend.fontsize": 8,
    "xtick.labelsize": 8,
    "ytick.labelsize": 8,
    "font.family": "serif",
}
#: The report figures (seeds 001, 003, 004) use matplotlib's defaults unchanged.
DEFAULT_RC: dict[str, Any] = {}

#: Per-method colours of the paper figures (BP blue, FA orange, DFA red).
PAPER_COLORS: dict[str, str] = {"BP": "#2166ac", "FA": "#e08214", "DFA": "#b2182b"}
#: Per-method markers of the paper figures.
PAPER_MARKERS: dict[str, str] = {"BP": "o", "FA": "s", "DFA": "D"}


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


def mean_std_band(
    ax: Axes,
    x: Sequence[float],
    series: Sequence[Sequence[float]],
    fmt: str = "-",
    *,
    color: str,
    band_alpha: float,
    band: bool = True,
    **line_kwargs: Any,
) -> None:
    """Plot the across-seed mean of ``series`` with a shaded mean ± std band."""
    mean, std = mean_std(series)
    ax.plot(x, mean, fmt, color=color, **line_kwargs)
    if band:
        ax.fill_between(x, mean - std, mean + std, color=color, alpha=band_alpha)


def legend(ax: Axes, key: str, **kwargs: Any) -> None:
    """The panel's legend, drawn as the paper's scripts draw it, empty frame included when
    the data for ``key`` has no series; that case is one warning naming ``key`` instead of
    matplotlib's "No artists with labels found"."""
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
