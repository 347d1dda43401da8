"""Round 50c (W19): the default build of the committed figdata stamped fig4's "synthetic
example data" over panel (a)'s key, hiding the penalised run's name: the stamp went to the
last axes' lower right, and fig4's last axes is (a)'s twin, whose lower right holds the key.
The stamp now takes the first corner of its axes clear of every key and text."""

from __future__ import annotations

import warnings

import pytest
from helpers import REPO

from figures.data import figdata
from figures.errors import FigureDataWarning
from figures.outputs.kind import DEFAULT
from figures.outputs.stamp import TEXT, stamp_synthetic
from figures.registry import BY_NAME, FIGURES


@pytest.mark.parametrize("name", [spec.name for spec in FIGURES])
def test_the_stamp_covers_no_key_nor_text(name):
    spec = BY_NAME[name]
    data = figdata.load(REPO / "figdata" / f"{name}.json", name, spec.schema)["data"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FigureDataWarning)
        fig = DEFAULT.draw(spec, data)
    stamp_synthetic(spec, fig)
    fig.draw_without_rendering()
    renderer = fig.canvas.get_renderer()
    stamp = next(t for a in fig.axes for t in a.texts if t.get_text() == TEXT)
    box = stamp.get_window_extent(renderer)
    keys = [a.get_legend() for a in fig.axes] + [t for a in fig.axes for t in a.texts]
    for key in (k for k in keys if k is not None and k is not stamp):
        assert not box.overlaps(key.get_window_extent(renderer)), (name, key)
