"""Round 51c (W38): a disk that fills while a figure's PNG is saved. The build renamed the new
PDF into place, then failed on the PNG: the folder held a new PDF beside the old PNG and the
old caption, three files that no longer told one story. A figure's files are now renamed into
place together, once every one is saved."""

from __future__ import annotations

import errno

import pytest
from helpers import REPO

from figures.data import figdata
from figures.errors import DataError
from figures.outputs import render
from figures.outputs.kind import venue_kind
from figures.registry import BY_NAME
from figures.venues import get_venue


def test_a_full_disk_during_the_png_leaves_every_old_file_of_the_figure(tmp_path,
                                                                         monkeypatch):
    spec, icml = BY_NAME["cifar_summary"], get_venue("icml")
    data = figdata.load(REPO / "figdata" / "cifar_summary.json", spec.name)["data"]
    kind = venue_kind(icml, 3.25)
    _, written = render.write_outputs(spec, data, tmp_path, kind)
    old = {path.name: path.read_bytes() for path in tmp_path.iterdir()}
    assert {"cifar_summary.pdf", "cifar_summary.png"} <= set(old)
    assert any(name.endswith(".txt") for name in old)  # the caption beside them

    real_save = render.save

    def disk_fills_on_the_png(spec, fig, target, **options):
        if options.get("format") == "png":
            raise OSError(errno.ENOSPC, "No space left on device", str(target))
        return real_save(spec, fig, target, **options)

    monkeypatch.setattr(render, "save", disk_fills_on_the_png)
    data["final_test_acc"]["bp"][0] -= 0.05  # a new picture and a new caption
    with pytest.raises((OSError, DataError)):
        render.write_outputs(spec, data, tmp_path, kind)
    assert {path.name: path.read_bytes() for path in tmp_path.iterdir()} == old
