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
    render.write_outputs(spec, data, tmp_path, kind)
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


@pytest.mark.slow  # a venue build
def test_a_caption_is_judged_by_the_figure_built_beside_it(tmp_path, monkeypatch, capsys):
    """Round 51c (W40): `figures which build/icml/cifar_summary.caption.txt` said "not from
    this suite" of a caption its build had just written, and the same of one whose data had
    changed since: the text holds no label, so its figure beside it and its data judge it."""
    import json
    import shutil

    from figures.cli import main as cli

    monkeypatch.chdir(tmp_path)
    shutil.copytree(REPO / "figdata", tmp_path / "fd")
    assert cli.main(["build", "--venue", "icml", "--figdata", "fd", "--out", "out",
                     "cifar_summary"]) == 0
    caption = tmp_path / "out" / "cifar_summary.caption.txt"
    assert caption.is_file()
    capsys.readouterr()

    def said() -> str:
        cli.main(["which", str(caption), "--figdata", "fd"])
        return capsys.readouterr().out.strip()

    assert said().endswith(": current: as its figure cifar_summary.pdf"), said()
    caption.write_text(caption.read_text() + " Edited.")
    assert ": stale: not the caption its figure beside it, cifar_summary.pdf, is built with " \
        "(edited since, or copied from another build); run `figures build --venue icml`" \
        in said()
    path = tmp_path / "fd" / "cifar_summary.json"
    doc = json.loads(path.read_text())
    doc["data"]["final_test_acc"]["bp"][0] -= 0.05
    path.write_text(json.dumps(doc))
    stale = said()
    assert ": stale: fd/cifar_summary.json is not the data it was built from" in stale, stale
    assert stale.endswith("and paste its new caption"), stale
    (tmp_path / "out" / "cifar_summary.pdf").write_bytes(b"%PDF-1.4 painted over")
    (tmp_path / "out" / "cifar_summary.png").unlink()
    assert said().endswith("not from this suite (a caption a build wrote, whose figure beside "
                           "it, cifar_summary.pdf, is unreadable: mend that, then build "
                           "again)"), said()
