"""The ticks of a figure drawn for a page (:mod:`figures.page`): whole-number axes, log axes
labelled so that no two labels meet at any range the data take, and the grid under them."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from matplotlib.axes import Axes

#: Tick steps of a whole-number axis, of a decade: never matplotlib's 1.5, 3 or 4 (0, 15, ...,
#: 90 or 0, 40, 80 left a run's last epoch unlabelled).
INTEGER_STEPS = (1, 2, 2.5, 5, 10)
#: The minor marks of a log axis between its decades: 2 and 5 x 10^n.
MINOR_SUBS = (2.0, 5.0)


def integer_ticks(axis: Any) -> None:
    """Whole-number ticks (layers, blocks, epochs): never 2.5 of a layer."""
    from figures.style import WholeNumberLocator

    axis.set_major_locator(WholeNumberLocator(nbins="auto", steps=INTEGER_STEPS))


def decades_inside(vmin: float, vmax: float) -> list[int]:
    """The exponents of the whole decades (10^n) from ``vmin`` to ``vmax``."""
    low, high = sorted((math.log10(vmin), math.log10(vmax)))
    return list(range(math.ceil(low - 1e-9), math.floor(high + 1e-9) + 1))


#: The significant digits of a log axis's longest label (``2.5×10¹``, as wide as matplotlib's
#: own): ``1.001×10⁰`` widened fig4's panel (a) until (b)'s title was cut at the page's edge,
#: and three (``1.01×10⁶``) still cut it by 0.3 pt at 3.25 in (round 48c W3).
SHORT_DIGITS = 2


def short(value: float) -> bool:
    """Whether ``value``'s label is short: :data:`SHORT_DIGITS` significant digits at most."""
    return math.isclose(float(f"{value:.{SHORT_DIGITS}g}"), value, rel_tol=1e-9)


def sub_decade_ticks(vmin: float, vmax: float, space: int) -> list[float]:
    """The values a log axis from ``vmin`` to ``vmax`` holding fewer than two whole decades
    labels, every two at least a ``space``-th of its length apart (``Axis.get_tick_space``:
    two label heights), each of at most two significant digits (:func:`short`): 2 and 5 x
    10^n and its decade where two or more of them lie inside and fit, else the multiples of
    the finest step of 1, 2 or 5 x 10^k that fit, its decade with them; where that leaves
    one value, the first and last multiple of the next finer step where they fit (0.9 and
    1.1 on an axis from 0.88 to 1.12, not 10^0 alone, no scale to read against: round 48c
    W3). Empty when no short value lies inside (:func:`short_view` widens such an axis).
    matplotlib's LogLocator gave an axis of 30 to 62 linear ticks every 5, each label
    touching the next (hostile round 47c, W17)."""
    vmin, vmax = sorted((vmin, vmax))
    span, room = math.log10(vmax / vmin), 1 / max(space, 1)

    def inside(values: Any) -> set[float]:
        return {float(f"{v:.12g}") for v in values
                if vmin * (1 - 1e-9) <= v <= vmax * (1 + 1e-9)}

    def fitted(values: set[float]) -> list[float] | None:
        shown = sorted(values)
        apart = np.all(np.diff(np.log10(shown)) >= room * span * (1 - 1e-9))
        return shown if apart and all(map(short, shown)) else None

    def multiples(step: float) -> set[float]:
        return inside(np.arange(math.ceil(vmin / step - 1e-9),
                                math.floor(vmax / step + 1e-9) + 1) * step)

    decades = inside(10.0 ** n for n in decades_inside(vmin, vmax))
    top = math.floor(math.log10(vmax))
    usual = fitted(inside(m * 10.0 ** n for n in range(top - 1, top + 1) for m in MINOR_SUBS)
                   | decades)
    if usual is not None and len(usual) >= 2:
        return usual
    best: list[float] = sorted(decades)
    for step in (m * 10.0 ** n for n in range(top + 1, top - 30, -1) for m in (5, 2, 1)):
        finer = multiples(step)
        values = fitted(finer | decades)
        if values is None:
            ends = {min(finer), max(finer)} if len(best) < 2 and len(finer) >= 2 else set()
            return (fitted(ends) if ends else None) or best
        best = values
    return best


def short_view(vmin: float, vmax: float) -> tuple[float, float]:
    """``vmin`` to ``vmax`` (positive, under two decades) widened, where no :func:`short`
    value lies inside, to the nearest such values around: 1.001 to 1.002 (a normalised
    output, nearly flat) is drawn from 1 to 1.1, labelled 10^0 and 1.1x10^0, not
    ``1.001×10⁰`` and ``1.002×10⁰`` (round 48c W3: the long labels pushed the next
    panel's title off the page). A change of a thousandth is flat on a log axis."""
    if any(map(short, sub_decade_ticks(vmin, vmax, 1))):
        return vmin, vmax
    low, high = sorted((vmin, vmax))
    step_low = 10.0 ** (math.floor(math.log10(low)) + 1 - SHORT_DIGITS)
    step_high = 10.0 ** (math.floor(math.log10(high)) + 1 - SHORT_DIGITS)
    return (float(f"{math.floor(low / step_low) * step_low:.12g}"),
            float(f"{math.ceil(high / step_high) * step_high:.12g}"))


def log_axis(ax: Axes) -> None:
    """A log y axis labelled at whole decades, three to five; an axis holding fewer than two
    decades also at the values :func:`sub_decade_ticks` fits (2 and 5 x 10^n where they fit):
    at print size every minor label would crowd the axis, and two (fig3b, fig4, resmlp at
    3.25 in: 10^1 and 10^8) left a reader no value between."""
    from matplotlib.ticker import LogFormatterSciNotation, LogLocator

    class FittedLogLocator(LogLocator):
        """At most five decades, down to three where the axis's tick space holds fewer."""

        def tick_values(self, vmin: float, vmax: float) -> Any:
            space = self.axis.get_tick_space() if self.axis is not None else 5
            self.numticks = max(3, min(5, int(space)))
            ticks = super().tick_values(vmin, vmax)
            if not 0 < min(vmin, vmax) < math.inf or len(decades_inside(vmin, vmax)) >= 2:
                return ticks
            # under two decades, a decade is labelled where sub_decade_ticks chose it
            shown = sub_decade_ticks(vmin, vmax, int(space))
            low, high = sorted((vmin, vmax))
            return np.array([t for t in ticks if not low <= t <= high
                             or any(math.isclose(t, v) for v in shown)])

        def view_limits(self, vmin: float, vmax: float) -> tuple[float, float]:
            vmin, vmax = super().view_limits(vmin, vmax)
            if not 0 < min(vmin, vmax) < math.inf or len(decades_inside(vmin, vmax)) >= 2:
                return vmin, vmax
            return short_view(vmin, vmax)

    class FittedMinorLocator(LogLocator):
        """Unlabelled 2 and 5 x 10^n over two decades or more; under two, labelled values
        apart (:func:`sub_decade_ticks`)."""

        def tick_values(self, vmin: float, vmax: float) -> Any:
            if not 0 < min(vmin, vmax) < math.inf or len(decades_inside(vmin, vmax)) >= 2:
                return super().tick_values(vmin, vmax)
            space = self.axis.get_tick_space() if self.axis is not None else 5
            return np.array(sub_decade_ticks(vmin, vmax, int(space)))

    ax.set_yscale("log")
    ax.yaxis.set_major_locator(FittedLogLocator(base=10))
    ax.yaxis.set_minor_locator(FittedMinorLocator(base=10, subs=MINOR_SUBS, numticks=12))
    # minor ticks labelled, all, only on an axis holding fewer than two whole decades
    ax.yaxis.set_minor_formatter(LogFormatterSciNotation(labelOnlyBase=False,
                                                         minor_thresholds=(1, math.inf)))
    if ax.get_autoscaley_on():
        ax.autoscale_view(scalex=False)  # the view limits of FittedLogLocator (short_view)


def panel_grid(ax: Axes, axis: str = "both") -> None:
    """A light grid under the data, at the furniture's width."""
    ax.grid(True, axis=axis, which="major")
    ax.set_axisbelow(True)
