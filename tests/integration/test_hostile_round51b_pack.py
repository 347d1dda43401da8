"""Round 51b: the pack's advice for a synthetic figure, followed as written (K12, K25)."""

from __future__ import annotations

import json
import shutil

import pytest
from helpers import REPO

from figures.cli import main as cli

pytestmark = pytest.mark.slow  # TeX compiles

MAIN = ("\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\nText.\n"
        "\\begin{figure}\\includegraphics[width=\\linewidth]{figs/cifar_summary}"
        "\\end{figure}\n\\end{document}\n")


def test_the_stale_advice_for_a_synthetic_figure_keeps_allow_synthetic(tmp_path, monkeypatch,
                                                                      capsys):
    """K12: a synthetic figure sync sized for the paper, made stale: the pack said `run
    `figures sync p --figdata fd2`, then pack again`; followed, sync refused the synthetic
    row and wrote nothing, and the pack stopped on the same stale file again."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "p" / "figs").mkdir(parents=True)
    (tmp_path / "p" / "main.tex").write_text(MAIN)
    shutil.copytree(REPO / "figdata", tmp_path / "fd")
    assert cli.main(["sync", "p", "--figdata", "fd", "--allow-synthetic"]) == 0
    path = tmp_path / "fd" / "cifar_summary.json"
    doc = json.loads(path.read_text())
    doc["data"]["final_test_acc"]["bp"][0] -= 0.05
    path.write_text(json.dumps(doc))
    capsys.readouterr()
    pack = ["pack", "p", "--figdata", "fd", "--allow-synthetic", "--out", "p.tar.gz"]
    assert cli.main(pack) == 1
    err = capsys.readouterr().err
    assert "; run `figures sync p --figdata fd --allow-synthetic`, then pack again; the pack " \
        "stops (no stale figure goes out)\n" in err, err
    assert cli.main(["sync", "p", "--figdata", "fd", "--allow-synthetic"]) == 0  # as it says
    assert cli.main(pack) == 0


def test_a_pack_before_sync_names_the_sync_with_the_packs_figdata_and_synthetic(
        tmp_path, monkeypatch, capsys):
    """K25: a pack before any sync (a fresh clone) with ``--figdata fd --allow-synthetic``
    said "run `figures sync p` first": followed, sync drew from the repository's figdata
    and refused the synthetic figure, writing nothing."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "p" / "figs").mkdir(parents=True)
    (tmp_path / "p" / "main.tex").write_text(MAIN)
    shutil.copytree(REPO / "figdata", tmp_path / "fd")
    pack = ["pack", "p", "--figdata", "fd", "--allow-synthetic", "--out", "p.tar.gz"]
    assert cli.main(pack) == 1
    err = capsys.readouterr().err
    assert err.endswith("figs/cifar_summary is our figure cifar_summary, not written yet: "
                        "`figures sync` writes it; run `figures sync p --figdata fd "
                        "--allow-synthetic` first, then pack again\n"), err
    assert cli.main(["sync", "p", "--figdata", "fd", "--allow-synthetic"]) == 0  # as it says
    assert cli.main(pack) == 0
