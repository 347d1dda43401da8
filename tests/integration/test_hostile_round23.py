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


@pytest.mark.slow  # figures paper compiles the paper
def test_paper_builds_a_tufte_full_width_float_for_its_own_line(tmp_path):
    r"""Round 23 (P3): tufte-handout's ``figure*`` spans text and margin (``\linewidth``
    6.642 in, the text 4.317 in); ``\includegraphics[width=\linewidth]{fig1_audit_hero}`` in
    it was refused with the ``figures.draw`` API's line (``6.642 in: a venue figure is drawn
    for "column", "text" or a width in inches from 1 to ...'s text width (4.317 in)``), no
    edit named, though the paper compiles by hand: the derived page took the text width for
    the widest box. Now the page's widest line is the widest TeX gives an include: the figure
    is built for 6.642 in, its rules hold (the audit finds no problem), and ``figures check``
    reads the page back from the key."""
    paper = tmp_path / "TF"
    paper.mkdir()
    (paper / "main.tex").write_text(
        "\\documentclass{tufte-handout}\n\\usepackage{graphicx}\n\\begin{document}\n"
        "Text \\cite{knuth}.\n"
        "\\begin{figure}\\includegraphics[width=\\linewidth]{cifar_summary}\\caption{S.}"
        "\\end{figure}\n"
        "\\begin{figure*}\\includegraphics[width=\\linewidth]{fig1_audit_hero}\\caption{H.}"
        "\\end{figure*}\n\\bibliographystyle{plainnat}\n\\bibliography{refs}\n\\end{document}\n")
    (paper / "refs.bib").write_text("@book{knuth, author={Donald Knuth}, title={The TeXbook},"
                                    " year=1984, publisher={AW}}\n")  # latexmk's bibtex: one
    ran = figures_as_a_user(tmp_path, "paper", "TF", "--allow-synthetic", timeout=600)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    key = "tex10pt-4.317x4.317x8.524in-widest6.642in"
    assert f"build/{key}/w6.642/fig1_audit_hero.pdf" in ran.stdout, ran.stdout
    assert f"build/{key}/w4.317/cifar_summary.pdf" in ran.stdout, ran.stdout
    assert f"0 problem(s) ({key})" in ran.stderr, ran.stderr
    checked = figures_as_a_user(tmp_path, "check", "TF/main.pdf", timeout=300)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert f"0 problem(s) ({key})" in checked.stderr, checked.stderr
