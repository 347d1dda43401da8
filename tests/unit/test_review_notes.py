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
from figures.outputs.render import draw_as_built
from figures.preflight.measure import measure
from figures.registry import BY_NAME
from figures.venues import get_venue

SOURCES = {"fixtures": FIXTURES, "figdata": REPO / "figdata"}


def laid_out(name: str, source: str, width: float | None):
    """``name`` drawn for ICML at ``width`` (None: its own slot) from ``source`` as the build
    draws it and measured as ``figures check`` measures it: the figure, its data and the y
    values each panel labels (by the panel's number)."""
    spec, kind = BY_NAME[name], venue_kind(get_venue("icml"), width)
    doc = figdata.load(SOURCES[source] / f"{name}.json", name, spec.schema)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FigureDataWarning)
        fig = draw_as_built(spec, doc["data"], kind, synthetic=figdata.is_synthetic(doc))
    texts = measure(spec, fig, doc["data"], kind=kind).texts
    labels = {i: [t.text for t in texts if t.kind == f"major y tick label (axes {i})"]
              for i in range(1, len(fig.axes) + 1)}
    return fig, doc["data"], labels


@pytest.mark.slow  # two drawings of nine panels: seconds
@pytest.mark.parametrize("source", list(SOURCES))
def test_fig3b_labels_three_values_on_every_panel_at_its_smallest_width(source):
    """Note 6: at 3.25 in each 0.6 in panel labelled two y values (10^1 and 10^8)."""
    _, _, labels = laid_out("fig3b_crossarch_3row", source, 3.25)
    few = {i: values for i, values in labels.items() if len(values) < 3}
    assert not few, f"panels labelling fewer than three values: {few}"


@pytest.mark.slow  # every figure drawn and measured: seconds each
@pytest.mark.parametrize("name", list(BY_NAME))
def test_every_log_axis_labels_three_values_at_the_smallest_width(name):
    """The same at every figure's smallest width: fig4 (a, b) and figure_snapshot_resmlp's
    four panels at 3.25 in labelled two decades each (10^2 and 10^8)."""
    width = BY_NAME[name].smallest_width_in(get_venue("icml"))
    fig, _, labels = laid_out(name, "figdata", width)
    few = {i: labels[i] for i, ax in enumerate(fig.axes, start=1)
           if ax.get_yscale() == "log" and len(labels[i]) < 3}
    assert not few, f"log axes labelling fewer than three values: {few}"


NEAR_ZERO = ("dfa", "state_bridge")


@pytest.mark.parametrize("width", [3.0, None])
@pytest.mark.parametrize("source", list(SOURCES))
def test_cifar_diagnostics_near_zero_series_use_the_panel(source, width):
    """Note 2: DFA and State Bridge (about 0.01, some below 0 in the fixtures) were squashed
    into the bottom 0.12 of a 0-1 axis under BP's 1.0; they span a third of (a) and (b)."""
    fig, data, _ = laid_out("cifar_diagnostics", source, width)
    for ax, key in zip(fig.axes, ("bp_cosine", "perturbation_rho"), strict=False):
        values = [(0.0, v) for m in NEAR_ZERO for v in data[key][m]]
        y = (ax.transData + ax.transAxes.inverted()).transform(values)[:, 1]
        assert np.ptp(y) >= 1 / 3, f"{key}: DFA and State Bridge span {np.ptp(y):.2f} of it"
        assert y.min() >= 0, f"{key}: a value under the panel"
        assert y.max() <= 1, f"{key}: a value over the panel"
