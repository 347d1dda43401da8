"""The one LaTeX reader (figures/paper/latex.py): what pdflatex reads, nothing else."""

from __future__ import annotations

import pytest

from figures.errors import FigureDataError
from figures.paper.latex import read_paper, width_in

MAIN = r"""\documentclass[twocolumn]{article}
\usepackage{graphicx}
\usepackage[accepted]{icml2025}
\newcommand{\figdir}{figs}
\graphicspath{{\figdir/}}
% \includegraphics{commented_out}
\iffalse
\includegraphics{inside_iffalse}
\fi
\begin{document}
\begin{comment}
\includegraphics{inside_comment}
\end{comment}
\begin{figure*}
\includegraphics[width=\linewidth,
                 keepaspectratio]{\figdir/hero}
\end{figure*}
\input{sections/body}
\subfile{sections/appendix}
\import{parts/}{extra}
\include{missing}
\includegraphics{\undefinedmacro/x}
\end{document}
"""


@pytest.fixture
def paper(tmp_path):
    (tmp_path / "sections").mkdir()
    (tmp_path / "parts").mkdir()
    (tmp_path / "main.tex").write_text(MAIN)
    (tmp_path / "sections" / "body.tex").write_text(
        "\\begin{figure}\n\\includegraphics[width=0.85\\columnwidth]{summary}\n\\end{figure}\n")
    (tmp_path / "sections" / "appendix.tex").write_text("\\includegraphics[scale=1]{app}\n")
    (tmp_path / "parts" / "extra.tex").write_text("\\includegraphics[width=2in]{extra}\n")
    return tmp_path


def test_reads_what_pdflatex_reads_and_nothing_commented_out(paper):
    found = read_paper(paper)
    assert found.main == paper / "main.tex"
    assert [g.written for g in found.graphics] == ["figs/hero", "summary", "app", "extra"]
    assert found.graphicspath == [paper / "figs"]
    assert found.venue == "icml"
    hero, summary, _, extra = found.graphics
    assert hero.wide
    assert hero.line == 15
    assert hero.options["width"] == "\\linewidth"
    assert not summary.wide
    assert summary.tex == paper / "sections" / "body.tex"
    assert width_in(hero, 6.75, 3.25) == pytest.approx(6.75)
    assert width_in(summary, 6.75, 3.25) == pytest.approx(0.85 * 3.25)
    assert width_in(extra, 6.75, 3.25) == pytest.approx(2.0)


def test_what_it_cannot_resolve_is_named_by_file_and_line(paper):
    unresolved = read_paper(paper).unresolved
    assert any(u.startswith("main.tex:21: \\include{missing}: no such file") for u in unresolved)
    assert any(u.startswith("main.tex:22: \\includegraphics{\\undefinedmacro/x}")
               for u in unresolved)
    assert not (paper / "\\undefinedmacro").exists()


@pytest.mark.parametrize(("tex", "venue"), [
    (r"\documentclass{IEEEtran}", "ieee"), (r"\documentclass[sigconf]{acmart}", "acm"),
    ("\\documentclass{article}\n\\usepackage{neurips_2024}", "neurips"),
    ("\\documentclass{article}\n\\usepackage{iclr2025_conference}", "iclr"),
    (r"\documentclass{article}", None)])
def test_the_venue_from_the_class_or_a_package(tmp_path, tex, venue):
    (tmp_path / "paper.tex").write_text(tex + "\n\\begin{document}\\end{document}\n")
    assert read_paper(tmp_path).venue == venue


def test_the_main_file_is_the_one_with_documentclass_or_chosen(tmp_path):
    (tmp_path / "a.tex").write_text("\\documentclass{article}\n")
    (tmp_path / "b.tex").write_text("% \\documentclass{article}\n\\section{B}\n")
    assert read_paper(tmp_path).main.name == "a.tex"
    (tmp_path / "c.tex").write_text("\\documentclass{article}\n")
    with pytest.raises(FigureDataError, match=r"several main files.*--main"):
        read_paper(tmp_path)
    from pathlib import Path

    assert read_paper(tmp_path, Path("c.tex")).main.name == "c.tex"


def test_a_wrapper_command_around_includegraphics_is_read_through(tmp_path):
    (tmp_path / "main.tex").write_text(
        "\\documentclass{article}\n"
        "\\newcommand{\\fig}[2]{\\begin{figure*}\\includegraphics[width=#2\\linewidth]{#1}"
        "\\end{figure*}}\n"
        "\\begin{document}\n"
        "\\fig{hero}{0.5}\n"
        "\\end{document}\n")
    [graphic] = read_paper(tmp_path).graphics
    assert graphic.written == "hero"
    assert graphic.line == 4
    assert graphic.wide
    assert width_in(graphic, 6.75, 3.25) == pytest.approx(3.375)
