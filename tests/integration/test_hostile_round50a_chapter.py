"""Round 50a (P29): `figures paper` names the file and line of a chapter's error, mended with a
test; the pass itself, row by row, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import pytest
from helpers import on_paper, paper_folder

PAPER = ("\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\n"
         "\\input{sec/intro}\n"
         "\\includegraphics[width=0.5\\linewidth]{figures/cifar_summary}\n\\end{document}\n")


@pytest.mark.slow  # compiles the paper
def test_an_error_in_an_input_chapter_names_that_file_and_line(tmp_path, monkeypatch, capsys):
    r"""Round 50a (P29): ``\citet`` without natbib on line 2 of ``sec/intro.tex`` (an
    ``\input`` chapter): `figures paper` said ``main.tex: did not compile: Undefined control
    sequence.``, the wrong file and no line, leaving the author to search the log. The compile
    prints each error's file and line (``-file-line-error``), and the error names them."""
    paper = paper_folder(tmp_path, monkeypatch, PAPER,
                         {"sec/intro.tex": "Intro.\nWe cite \\citet{smith}.\n"})
    got, out, err = on_paper(paper, capsys, "paper")
    assert got == 1, out + err
    last = err.strip().splitlines()[-1]
    assert last.startswith(f"error: {paper}/sec/intro.tex:2: did not compile: Undefined "
                           "control sequence."), last
    assert not (paper / "main.pdf").exists()


@pytest.mark.slow  # the probe compiles the paper
@pytest.mark.parametrize("command", ["sync", "paper"])
def test_a_chapter_saved_as_utf16_is_refused_before_anything_is_written(tmp_path, monkeypatch,
                                                                      capsys, command):
    r"""Round 50a (P9b): ``main.tex`` in UTF-8 and its ``\input{sec/intro}`` saved by
    Notepad as "Unicode" (UTF-16 with a byte-order mark): sync warned, exited 0 and wrote a
    figure and the macros into a paper that cannot compile (the include in that chapter never
    synced); `paper` then named main.tex. Refused as the main file's UTF-16 is: one line
    naming the chapter and what to do, exit 1, nothing written."""
    intro = "Intro.\n\\includegraphics[width=0.4\\linewidth]{figures/cifar_accuracy}\n"
    paper = paper_folder(tmp_path, monkeypatch, PAPER)
    (paper / "sec").mkdir()
    (paper / "sec" / "intro.tex").write_bytes(intro.encode("utf-16"))
    before = sorted(p.relative_to(paper) for p in paper.rglob("*"))
    got, out, err = on_paper(paper, capsys, command)
    assert got == 1, out + err
    assert err.strip().splitlines()[-1] == (
        f"error: {paper}/sec/intro.tex: is saved as UTF-16 (NUL bytes between its letters), "
        "which pdflatex cannot read: save it as UTF-8, then sync again; nothing written"), err
    assert sorted(p.relative_to(paper) for p in paper.rglob("*")) == before
