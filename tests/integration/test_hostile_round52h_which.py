"""Round 52h's pass over ``figures which`` (W5 of its report): each mended row with a test
that failed before its mend."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from helpers import REPO

from figures.numbers.macros import macros_tex, read_quoted
from figures.paper.which import CURRENT, FOREIGN, STALE, which
from figures.registry import FIGURES


def test_the_macros_file_sync_writes_is_judged_not_called_foreign(tmp_path: Path):
    """W5: ``figures which paper/macros.tex`` said "not from this suite (no provenance of
    fa-audit-figures inside)" of the macros.tex sync had just written (its first line names
    `figures macros` and a digest), and the same after its figdata changed: an author asking
    which of the paper's files are stale was told the numbers were not ours."""
    figdata = shutil.copytree(REPO / "figdata", tmp_path / "fd")
    quoted, unread = read_quoted(FIGURES, figdata)
    macros = tmp_path / "paper" / "macros.tex"
    macros.parent.mkdir()
    macros.write_text(macros_tex(quoted, [u.figure for u in unread], synthetic_as_errors=False))
    assert which(macros, figdata).state == CURRENT, which(macros, figdata).line()
    summary = figdata / "cifar_summary.json"
    data = json.loads(summary.read_text())
    data["data"]["final_test_acc"]["bp"][0] += 0.01  # new results: a quoted mean moves
    summary.write_text(json.dumps(data))
    found = which(macros, figdata)
    assert found.state == STALE, found.line()
    assert f"run `figures macros --figdata {figdata} --out {macros}`" in found.line(), found.line()
    (tmp_path / "mine.tex").write_text("\\newcommand{\\mine}{1}\n")
    assert which(tmp_path / "mine.tex", figdata).state == FOREIGN


@pytest.mark.slow  # TeX's probe
def test_the_sync_a_stale_paper_figure_is_told_carries_this_runs_figdata(
        tmp_path, monkeypatch, capsys):
    """W6: `figures which paper/figures/x.pdf --figdata fd` of a synthetic figure sync had
    sized, its data since changed, said "run `figures sync PAPER_DIR --venue
    tex10pt-6.75x3.25x9in` (and copy it again)": followed from there, sync read the
    repository's figdata (or none: "figdata folder not found") and refused the synthetic row;
    the page's key is no venue to name (sync reads the page), and sync copies."""
    from figures.cli import main as cli

    monkeypatch.chdir(tmp_path)
    shutil.copytree(REPO / "figdata", tmp_path / "fd")
    (tmp_path / "P").mkdir()
    (tmp_path / "P" / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\n"
        "\\includegraphics[width=0.6\\linewidth]{figs/cifar_summary}\n\\end{document}\n")
    assert cli.main(["sync", "P", "--figdata", "fd", "--allow-synthetic"]) == 0
    summary = tmp_path / "fd" / "cifar_summary.json"
    data = json.loads(summary.read_text())
    data["data"]["final_test_acc"]["bp"][0] += 0.01
    summary.write_text(json.dumps(data))
    capsys.readouterr()
    assert cli.main(["which", "P/figs/cifar_summary.pdf", "--figdata", "fd"]) == 1
    out = capsys.readouterr().out
    assert out.endswith("; run `figures sync PAPER_DIR --figdata fd --allow-synthetic` "
                        "(PAPER_DIR: the paper's folder)\n"), out


def test_a_stale_width_build_of_ones_own_is_told_the_build_too(tmp_path, monkeypatch, capsys):
    """W6b: a build made by hand (`figures build --venue icml --width 3.25 --out o`), its
    data since changed, was told only "run `figures sync PAPER_DIR --venue icml`": it is in
    no paper; the build that makes it anew is named beside the sync."""
    from figures.cli import main as cli

    monkeypatch.chdir(tmp_path)
    shutil.copytree(REPO / "figdata", tmp_path / "fd")
    assert cli.main(["build", "--venue", "icml", "--width", "3.25", "--out", "o",
                     "--figdata", "fd", "cifar_summary"]) == 0
    summary = tmp_path / "fd" / "cifar_summary.json"
    data = json.loads(summary.read_text())
    data["data"]["final_test_acc"]["bp"][0] += 0.01
    summary.write_text(json.dumps(data))
    capsys.readouterr()
    assert cli.main(["which", "o/cifar_summary.pdf", "--figdata", "fd"]) == 1
    out = capsys.readouterr().out
    assert out.endswith("(PAPER_DIR: the paper's folder; a build of your own: `figures build "
                        "--venue icml --width 3.25 --figdata fd --out DIR`)\n"), out
