"""Hostile round 25's rows on a paper's page and lines as TeX reports them (a poster's page,
endfloat's moved floats) and the locale names go to TeX in."""

from __future__ import annotations

import pytest
from helpers import figures_as_a_user, pack_refused, write_files

_POSTER = r"""\documentclass[CLASS,a0paper,portrait]{tikzposter}
\usepackage{graphicx}
\title{Credit assignment, audited}\author{Anonymous}
\begin{document}
\maketitle
\begin{columns}
\column{0.5}
\block{Results}{\includegraphics[width=\linewidth]{cifar_summary}}
\column{0.5}
\block{Text}{Intro text here.}
\end{columns}
\end{document}
"""


@pytest.mark.slow  # the probe compiles the poster
@pytest.mark.parametrize(("size", "venue"), [("25pt", ()), ("25pt", ("--venue", "icml")),
                                             ("12pt", ())])
def test_a_poster_is_refused_naming_its_main_file_and_the_way_out(tmp_path, size, venue):
    r"""Round 25 (PO): a tikzposter (A0, 25 pt) said ``Venue 'tex24.88pt': min_font_pt:
    expected a number in [4, 12] ... got 17`` (with --venue icml ``Venue
    'icml-33.11x33.11in': text_width_in: ...``): a venue the user never wrote, no file, no
    way out. Now one line names PO/main.tex, what TeX said of its page, what the suite
    draws for and how to include a figure by hand."""
    write_files(tmp_path, {"PO/main.tex": _POSTER.replace("CLASS", size)})
    ran = figures_as_a_user(tmp_path, "paper", "PO", *venue, "--allow-synthetic")
    assert ran.returncode == 1, ran.stderr
    line = ran.stderr.splitlines()[-1]
    assert line.startswith("error: PO/main.tex: TeX says its text is 33.11 in wide"), line
    assert "Venue '" not in ran.stderr
    assert "poster" in line
    assert "figures build --venue V --width W" in line
    assert not (tmp_path / "PO" / "main.pdf").exists()


@pytest.mark.slow  # the probe compiles the paper
def test_an_include_endfloat_moved_is_named_at_its_own_line(tmp_path):
    r"""Round 25 (EFL): with endfloat every float is read back from ``main.fff`` at the end,
    under main.tex's name: a refusal named ``main.tex:8`` (the include's line in main.fff,
    the first figure's ``\begin{figure}`` in main.tex) and sent the author to another
    figure's line. The include's own line (13) is named now."""
    body = r"""\documentclass{article}
\usepackage{graphicx}
\usepackage{endfloat}
\usepackage{lipsum}
\begin{document}
\author{Anonymous}
\lipsum[1]
\begin{figure}[t]\centering
\includegraphics[width=\linewidth]{cifar_summary}
\caption{Summary.}
\end{figure}
\begin{figure}[t]\centering
\includegraphics[width=0.3\linewidth]{cifar_feature_drift}
\caption{Too small.}
\end{figure}
\lipsum[2]
\end{document}
"""
    write_files(tmp_path, {"EFL/main.tex": body})
    ran = figures_as_a_user(tmp_path, "paper", "EFL", "--allow-synthetic")
    assert ran.returncode == 1, ran.stdout + ran.stderr
    row = next(r for r in (ran.stdout + ran.stderr).splitlines()
               if r.startswith("cifar_feature_drift"))
    assert "main.tex:13 " in row, row
    assert "at main.tex:13" in row, row
    assert "main.tex:8" not in row, row


@pytest.mark.slow  # paper and pack compile the paper
@pytest.mark.parametrize("command", ["paper", "pack"])
def test_a_file_a_latexmkrc_finds_is_said_to_be_in_the_folder(tmp_path, command):
    r"""Round 25 (LR1): a paper whose ``.latexmkrc`` adds ``./styles//`` to TEXINPUTS
    compiles by the author's ``latexmk``; figures runs ``-norc`` (arXiv runs no latexmkrc
    either), and both paper and pack said only ``File `labstyle.sty' not found`` of a file
    in the folder. The line now says where it is, that the latexmkrc is not run, and what
    to do."""
    write_files(tmp_path / "p", {
        "main.tex": "\\documentclass{article}\n\\usepackage{labstyle}\n\\author{Anonymous}\n"
                    "\\begin{document}\nText \\method{}.\n\\end{document}\n",
        "styles/labstyle.sty": "\\ProvidesPackage{labstyle}\n\\newcommand{\\method}{FA}\n",
        ".latexmkrc": "ensure_path('TEXINPUTS', './styles//');\n"})
    if command == "pack":
        line = pack_refused(tmp_path)
    else:
        ran = figures_as_a_user(tmp_path, "paper", "p", "--allow-synthetic")
        assert ran.returncode == 1, ran.stdout + ran.stderr
        line = ran.stderr.splitlines()[-1]
    assert "File `labstyle.sty' not found; it is in the folder, at styles/labstyle.sty" in line
    assert ".latexmkrc" in line
    assert "not run" in line
    assert "move the file beside main.tex" in line
