"""`figures build --venue` with a venue file's extreme (allowed) numbers: refused in one line
before anything is drawn at a size no output may have."""

from __future__ import annotations

import dataclasses

import pytest
from helpers import REPO

from figures.data import figdata
from figures.errors import DataError
from figures.outputs.kind import venue_kind
from figures.registry import BY_NAME
from figures.venues import get_venue


def test_a_poster_wide_venue_at_1200_ppi_is_refused_before_it_is_drawn(monkeypatch):
    """Hostile: a venue 40 in wide at 1200 ppi (each number allowed then) made `build --venue`
    draw a 48000 x 28800 px PNG (1.4 gigapixels, 5 GB of memory) for 44 s; an author's own
    figure is refused beyond 134 megapixels, and so is the venue's layout now. A venue is
    now at most 12 in wide (no figure of ours reaches the limit there), so the limit is
    lowered here (to 4 megapixels: ICML's column at 1200 ppi is over it)."""
    monkeypatch.setattr("figures.page.MAX_PIXELS", 2**22)
    poster = dataclasses.replace(get_venue("icml"), key="poster", min_raster_ppi=1200)
    spec = BY_NAME["cifar_summary"]
    data = figdata.load(REPO / "figdata" / "cifar_summary.json", spec.name)["data"]
    with pytest.raises(DataError, match=(  # the venue, the figure, what to lower
            r"^--venue poster: cifar_summary .*1200 ppi.* 4 megapixels.*text_width_in")):
        venue_kind(poster).draw(spec, data)
