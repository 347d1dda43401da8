"""Hostile round 23's paper rows through the CLI: where the paper inputs our macros, and the
widest box a class gives an include."""

from __future__ import annotations

import pytest
from helpers import figures_as_a_user


@pytest.mark.slow  # figures paper compiles the paper
def test_paper_compiles_with_the_macros_input_after_begin_document(tmp_path):
    r"""Round 23 (P1): ``\input{macros}`` after ``\begin{document}`` (legal for a file of
    ``\newcommand``\ s) stopped ``figures paper`` with ``error: MB/main.tex: did not compile:
    LaTeX Error: Can be used only in preamble.``: our generated ``macros.tex`` loaded xspace
    with ``\RequirePackage``, which LaTeX refuses after ``\begin{document}``. Now the macros
    compile there and print as in the preamble (the space after ``\heroAccBP`` kept), ``@``
    as it was (a ``\makeatletter`` paper's own ``\a@b`` still reads)."""
    from pypdf import PdfReader

    for name, before in (("MB", ""), ("MA", "\\makeatletter\n")):
        paper = tmp_path / name
        paper.mkdir()
        (paper / "main.tex").write_text(
            f"\\documentclass{{article}}\n{before}\\begin{{document}}\n\\input{{macros}}\n"
            + ("\\def\\a@b{AT} \\a@b{} " if before else "")
            + "BP reaches \\heroAccBP accuracy, \\heroAccBP{} here.\n\\end{document}\n")
        ran = figures_as_a_user(tmp_path, "paper", name, "--allow-synthetic", timeout=300)
        assert ran.returncode == 0, ran.stdout + ran.stderr
        text = " ".join(PdfReader(paper / "main.pdf").pages[0].extract_text().split())
        assert "BP reaches 61.5% accuracy, 61.5% here." in text, text
        assert ("AT BP" in text) == bool(before), text
