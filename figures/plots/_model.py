"""One data model per figure, two layouts: each series' name, colours and mean ± std are
chosen once, in the figure's ``model(data)``, and drawn by ``render`` (the seed's picture,
pixel for pixel) and ``_for_page`` alike; the layouts choose sizes, axes and type."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from matplotlib.axes import Axes

from figures.style import METHOD_STYLE, MethodStyle, markevery, mean_std


@dataclass(frozen=True)
class Entry:
    """Who a series is: its name (legend, ticks), the seed's colour (None: the colour cycle)
    and marker, the page's style (by default its name's in ``style.METHOD_STYLE``)."""

    label: str
    color: str | None = None
    marker: str = ""
    page_style: MethodStyle | None = None

    @property
    def style(self) -> MethodStyle:
        return self.page_style or METHOD_STYLE[self.label]


#: The paper figures' (seeds 000, 002) methods: BP blue, FA orange, DFA red.
PAPER = {m: Entry(m, color, marker) for m, color, marker in (
    ("BP", "#2166ac", "o"), ("FA", "#e08214", "s"), ("DFA", "#b2182b", "D"))}


@dataclass(frozen=True)
class Curve:
    """One series: ``y`` the mean of ``runs`` runs (one run: its values), ``std`` their std."""

    entry: Entry
    x: Sequence[float]
    y: Sequence[float]
    std: Any = None
    runs: int = 1

    @property
    def label(self) -> str:
        return self.entry.label


def across(entry: Entry, x: Sequence[float], runs: Sequence[Sequence[float]]) -> Curve:
    """The curve of ``runs`` (one list per seed): their mean ± std."""
    mean, std = mean_std(runs)
    return Curve(entry, x, mean, std, len(runs))


def seed_curve(ax: Axes, curve: Curve, fmt: str = "-", *, band_alpha: float | None = None,
               plot: Any = None, label: str | None = None, **kwargs: Any) -> None:
    """``curve`` as the seed scripts draw it: ``fmt`` in the seed's colour, and a mean ± std
    band of ``band_alpha`` (None: no band); ``label``: the seed's spelling of the name."""
    color = curve.entry.color
    (plot or ax.plot)(curve.x, curve.y, fmt, color=color, label=label or curve.label, **kwargs)
    if band_alpha is not None:
        ax.fill_between(curve.x, curve.y - curve.std, curve.y + curve.std, color=color,
                        alpha=band_alpha)


def page_curves(ax: Axes, curves: Sequence[Curve], *, every: int | None = 0,
                band_alpha: float | None = None) -> None:
    """``curves`` on a page, each in its entry's style, marked every ``every`` points (0:
    about eight times, None: every point), with a borderless band where runs spread."""
    for curve in curves:
        style = curve.entry.style
        ax.plot(curve.x, curve.y, label=curve.label,
                markevery=markevery(len(curve.y)) if every == 0 else every, **style.line())
        if band_alpha is not None and curve.runs > 1:
            ax.fill_between(curve.x, curve.y - curve.std, curve.y + curve.std,
                            color=style.color, alpha=band_alpha, lw=0)

