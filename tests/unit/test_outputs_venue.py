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


def test_a_venue_png_is_never_below_the_venues_ppi_across(tmp_path):
    """4.125 in at 300 ppi is 1237.5 px: Agg truncated it to 1237 px, 299.9 ppi, and the
    preflight failed the build's own file ("300 ppi >= 300"). The pixel width is rounded up,
    in the build and in ``figures.draw``'s savefig alike."""
    import figures
    from figures.outputs.render import write_outputs
    from figures.preflight.files import png_size
    from figures.preflight.rules import raster_row

    spec, icml = BY_NAME["cifar_summary"], get_venue("icml")
    data = figdata.load(REPO / "figdata" / "cifar_summary.json", spec.name)["data"]
    write_outputs(spec, data, tmp_path, venue_kind(icml, 4.125))
    built = tmp_path / "cifar_summary.png"
    assert png_size(built)[0] == 1238
    assert raster_row(spec.name, built, 4.125, icml).ok
    drawn = tmp_path / "drawn.png"
    figures.draw(spec.name, venue="icml", slot=4.125).savefig(drawn)
    assert png_size(drawn) == png_size(built)
