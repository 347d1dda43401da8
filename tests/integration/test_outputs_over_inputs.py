"""No output lands on an input, and the preflight measures only what is on disk and current."""

from __future__ import annotations

import shutil

import pytest
from conftest import REPO

from figures.cli import main as cli

#: End-to-end: runs the command line on built files.
pytestmark = pytest.mark.slow


@pytest.mark.parametrize(("argv", "what"), [
    (["macros", "--out", "figdata/cifar_summary.json"], "inside the figdata folder"),
    (["macros", "--out", "figures/registry.py"], "inside the figures package"),
    (["macros", "--out", "figures/plots/cifar_summary.py"], "inside the figures package"),
    (["check", "--venue", "icml", "--html", "build/figures/cifar_summary.png"],
     "a built figure"),
    (["check", "--venue", "icml", "--html", "figdata/fig1_audit_hero.json"],
     "inside the figdata folder"),
])
def test_an_output_over_an_input_is_refused_and_nothing_is_written(capsys, monkeypatch,
                                                                   tmp_path, argv, what):
    monkeypatch.chdir(REPO)
    target = REPO / argv[-1]
    before = target.read_bytes() if target.is_file() else None
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {argv[-2]} {argv[-1]}: is {what}")
    assert err.count("\n") == 1
    if before is not None:
        assert target.read_bytes() == before


def test_a_link_to_an_input_is_refused_too(capsys, tmp_path):
    link = tmp_path / "macros.tex"
    link.symlink_to(REPO / "figdata" / "cifar_summary.json")
    before = link.read_bytes()
    assert cli.main(["macros", "--figdata", str(REPO / "figdata"), "--out", str(link)]) == 2
    assert "is inside the figdata folder" in capsys.readouterr().err
    assert link.read_bytes() == before


def test_stale_damaged_and_foreign_built_files_are_reported_not_measured(reference_build,
                                                                         tmp_path, capsys):
    out = tmp_path / "out"
    shutil.copytree(reference_build, out)
    figdata = tmp_path / "figdata"
    shutil.copytree(REPO / "figdata", figdata)
    png = out / "cifar_summary.png"
    png.write_bytes(png.read_bytes()[:5000])  # cut short: its header still reads fine
    shutil.copy(out / "fig1_audit_hero.pdf", out / "fig4_penalty_rescue.pdf")  # another's
    path = figdata / "cifar_feature_drift.json"
    path.write_text(path.read_text() + "\n")  # edited, not rebuilt
    code = cli.main(["check", "cifar_summary", "fig4_penalty_rescue", "cifar_feature_drift",
                     "--venue", "icml", "--out", str(out), "--figdata", str(figdata)])
    rows = capsys.readouterr().out.splitlines()
    assert code == 0  # without --strict
    raster = next(r for r in rows if r.startswith("cifar_summary") and " raster " in r)
    assert "damaged" in raster
    assert "cannot be decoded" in raster
    assert "ppi" not in raster.split("FAIL")[0]
    fonts = next(r for r in rows if r.startswith("fig4_penalty_rescue") and " fonts " in r)
    assert "this is fig1_audit_hero's file, not fig4_penalty_rescue's" in fonts
    drift = next(r for r in rows if r.startswith("cifar_feature_drift") and " raster " in r)
    assert " stale " in drift
    assert f"{path} changed since it was built" in drift
