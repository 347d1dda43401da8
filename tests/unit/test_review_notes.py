"""Issue 46's notes, answered in the venue designs, held on the committed figdata and on the
test fixtures (whose data differ: the fixtures' cosines go below 0, the figdata's do not)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from helpers import FIXTURES, REPO

from figures.data import figdata
from figures.errors import FigureDataWarning
from figures.outputs.kind import venue_kind
from figures.registry import BY_NAME
from figures.style import theme
from figures.venues import get_venue

SOURCES = {"fixtures": FIXTURES, "figdata": REPO / "figdata"}


def laid_out(name: str, source: str, width: float | None):
    """``name`` drawn for ICML at ``width`` (None: its own slot) from ``source``, laid out."""
    spec, kind = BY_NAME[name], venue_kind(get_venue("icml"), width)
    data = figdata.load(SOURCES[source] / f"{name}.json", name, spec.schema)["data"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FigureDataWarning)
        fig = kind.draw(spec, data)
    with theme(kind.rc(spec)):
        fig.draw_without_rendering()
    return fig, data


def labelled_y_values(ax) -> list[str]:
    """The y tick labels ``ax`` prints inside its view."""
    low, high = sorted(ax.get_ylim())
    locs = [v for v in ax.yaxis.get_majorticklocs() if low <= v <= high]
    return [t for t in ax.yaxis.get_major_formatter().format_ticks(locs) if t.strip()]


@pytest.mark.slow  # two drawings of nine panels: seconds
@pytest.mark.parametrize("source", list(SOURCES))
def test_fig3b_labels_three_values_on_every_panel_at_its_smallest_width(source):
    """Note 6: at 3.25 in each 0.6 in panel labelled two y values (10^1 and 10^8)."""
    fig, _ = laid_out("fig3b_crossarch_3row", source, 3.25)
    few = {i: labelled_y_values(ax) for i, ax in enumerate(fig.axes)
           if len(labelled_y_values(ax)) < 3}
    assert not few, f"panels labelling fewer than three values: {few}"


NEAR_ZERO = ("dfa", "state_bridge")


@pytest.mark.parametrize("width", [3.0, None])
@pytest.mark.parametrize("source", list(SOURCES))
def test_cifar_diagnostics_near_zero_series_use_the_panel(source, width):
    """Note 2: DFA and State Bridge (about 0.01, some below 0 in the fixtures) were squashed
    into the bottom 0.12 of a 0-1 axis under BP's 1.0; they span a third of (a) and (b)."""
    fig, data = laid_out("cifar_diagnostics", source, width)
    for ax, key in zip(fig.axes, ("bp_cosine", "perturbation_rho"), strict=False):
        values = [(0.0, v) for m in NEAR_ZERO for v in data[key][m]]
        y = (ax.transData + ax.transAxes.inverted()).transform(values)[:, 1]
        assert np.ptp(y) >= 1 / 3, f"{key}: DFA and State Bridge span {np.ptp(y):.2f} of it"
        assert y.min() >= 0, f"{key}: a value under the panel"
        assert y.max() <= 1, f"{key}: a value over the panel"
