"""Round 6's hostile pass over `which`, `build --venue` and `check-tex`: each case kept."""

from __future__ import annotations

import pytest
from helpers import REPO

from figures.cli import main as cli


@pytest.mark.parametrize("out", ["build/figures", "build/camera-ready", "./build//figures/"])
def test_a_venue_build_into_the_default_or_camera_ready_folder_is_refused(tmp_path, capsys,
                                                                          monkeypatch, out):
    monkeypatch.chdir(tmp_path)
    code = cli.main(["build", "fig1_audit_hero", "--venue", "icml", "--out", out,
                     "--figdata", str(REPO / "figdata")])
    err = capsys.readouterr().err
    assert code == 2
    assert "the folder of the" in err
    assert "pass another --out DIR" in err
    assert not (tmp_path / "build").exists()


@pytest.mark.parametrize("target", ["fifo", "/dev/null"])
def test_an_html_report_to_a_pipe_or_device_is_refused_in_one_line(tmp_path, capsys, target):
    import os

    if target == "fifo":
        target = str(tmp_path / "r.html")
        os.mkfifo(target)
    code = cli.main(["check", "fig1_audit_hero", "--venue", "icml", "--html", target,
                     "--figdata", str(REPO / "figdata")])
    err = capsys.readouterr().err
    assert code == 2
    assert err.splitlines() == [(f"error: --html {target}: is not a regular file (a terminal, "
                                "pipe, socket or device), which renaming the written file into "
                                "place would replace: give a regular file's path (NAME.html)")]


def test_check_of_another_venues_build_says_whose_layout_it_is(tmp_path, capsys):
    out = tmp_path / "icml"
    figdata = ["--figdata", str(REPO / "figdata")]
    assert cli.main(["build", "cifar_summary", "--venue", "icml", "--out", str(out),
                     *figdata]) == 0
    (out / "cifar_summary.pdf").unlink(missing_ok=True)
    (out / "cifar_summary.pdf").mkdir()  # a folder where a built file goes
    capsys.readouterr()
    cli.main(["check", "cifar_summary", "--venue", "neurips", "--out", str(out), *figdata])
    said = capsys.readouterr().out
    assert ("cifar_summary.png: built for venue:icml's page, not venue:neurips's; run "
            "`figures build --venue neurips`") in said
    assert "cifar_summary.pdf: a folder, not the built file: remove it" in said
