"""Round 39: a fresh hostile pass (record only); the `figures paper` and `figures pack` lines
it found unclear, kept."""

from __future__ import annotations

import shutil

import pytest
from helpers import REPO

_JUNK = ("\\begin{filecontents*}[overwrite]{figures/cifar_summary.pdf}\nnot a pdf\n"
         "\\end{filecontents*}\n")


def test_the_files_a_papers_sources_write_are_found_at_their_lines(tmp_path):
    r"""Round 39 (F4): where a paper writes a file it reads back, ``filecontents`` or
    ``\openout`` (a comment's aside), by the name TeX gives it."""
    from figures.paper.rewritten import writes

    (tmp_path / "sub").mkdir()
    main, part = tmp_path / "main.tex", tmp_path / "sub" / "part.tex"
    main.write_text(_JUNK + "\\documentclass{article}\n% \\openout\\w=hidden.tex\n"
                    "\\immediate\\openout\\w=table\n\\openout3 {sub/y.dat}\n")
    part.write_text("x\n\\begin{filecontents}{./figs/../plot.png}\n\\end{filecontents}\n")
    assert writes(tmp_path, [main, part]) == {
        "figures/cifar_summary.pdf": ("main.tex:1", "\\begin{filecontents*}"),
        "table": ("main.tex:6", "\\openout"), "table.tex": ("main.tex:6", "\\openout"),
        "sub/y.dat": ("main.tex:7", "\\openout"),
        "plot.png": ("sub/part.tex:2", "\\begin{filecontents}")}


@pytest.mark.slow  # sync's probe, latexmk, and pack's compile
def test_a_paper_writing_over_our_figure_is_told_to_remove_that_write(tmp_path, monkeypatch,
                                                                      capsys):
    """Round 39 (F4): a ``filecontents*[overwrite]`` writing ``not a pdf`` over
    ``figures/cifar_summary.pdf``, the figure sync copies: `figures paper` said to bring the
    copy up to date with latexmk in the folder (which would write the junk over our figure),
    and pack named a temporary path (``/tmp/figures-pack-.../out/figures/...``). Now paper
    names main.tex:1 and our figure, and says to remove that write; pack names that line."""
    from figures.cli import main as cli

    paper = tmp_path / "paper"
    shutil.copytree(REPO / "tests" / "papers" / "twocol", paper)
    (paper / "main.tex").write_text(_JUNK + (paper / "main.tex").read_text())
    (paper / "figures").mkdir()  # synced before (TeX makes no folder)
    monkeypatch.chdir(tmp_path)
    code = cli.main(["paper", str(paper), "--venue", "icml", "--figdata", str(REPO / "figdata"),
                     "--allow-synthetic"])
    said = capsys.readouterr()
    assert code == 1, said.out + said.err
    assert said.err.endswith(
        f"error: {paper / 'main.tex'}:1: writes figures/cifar_summary.pdf "
        "(\\begin{filecontents*}), the file of our figure cifar_summary that the paper includes "
        "(figures sync copies it there), so TeX reads what the paper writes, not the figure: "
        "remove that write, then run figures paper again; main.pdf not written\n"), said.err
    assert (paper / "figures" / "cifar_summary.pdf").read_bytes().startswith(b"%PDF")
    code = cli.main(["pack", str(paper), "--out", str(tmp_path / "p.tar.gz"),
                     "--figdata", str(REPO / "figdata"), "--allow-synthetic"])
    said = capsys.readouterr()
    assert code == 1, said.out + said.err
    assert said.err.endswith(
        "error: main.tex: does not compile in a copy of the paper's folder: pdfTeX error: "
        "pdflatex (file figures/cifar_summary.pdf): xpdf: reading PDF image failed; the paper "
        "writes figures/cifar_summary.pdf itself (\\begin{filecontents*} at main.tex:1), over "
        "the figure it includes: remove that write\n"), said.err


def test_sync_tells_a_write_over_the_file_of_our_figure(tmp_path):
    """Round 39 (F4): sync said nothing (exit 0) of a paper whose ``filecontents*`` writes
    over ``figures/cifar_summary.pdf``, the file it copies our figure to. Now one line naming
    the paper's line; an include of no figure of ours written so is not told."""
    from figures.paper.latex import read_paper
    from figures.paper.rewritten import over_ours

    paper = tmp_path / "paper"
    shutil.copytree(REPO / "tests" / "papers" / "twocol", paper)
    text = (paper / "main.tex").read_text()
    (paper / "main.tex").write_text(_JUNK + text)
    assert over_ours(read_paper(paper, None)) == [(
        "main.tex:1: writes figures/cifar_summary.pdf (\\begin{filecontents*}), the file sync "
        "copies our figure cifar_summary to: TeX reads what the paper writes there, not the "
        "figure: remove that write")]
    (paper / "main.tex").write_text(_JUNK.replace("cifar_summary", "mine") + text.replace(
        "{\\figdir/cifar_summary}", "{figures/mine}"))
    assert over_ours(read_paper(paper, None)) == []
