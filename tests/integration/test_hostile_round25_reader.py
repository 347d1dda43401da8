"""Hostile round 25's rows on a paper's page and lines as TeX reports them (a poster's page,
endfloat's moved floats) and the locale names go to TeX in."""

from __future__ import annotations

import pytest
from helpers import figures_as_a_user, write_files

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
    assert line.startswith("error: PO/main.tex: TeX says its text is 33.1 in wide"), line
    assert "Venue '" not in ran.stderr
    assert "poster" in line
    assert "figures build --venue V --width W" in line
    assert not (tmp_path / "PO" / "main.pdf").exists()
