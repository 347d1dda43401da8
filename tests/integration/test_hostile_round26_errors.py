"""Hostile round 25's unclear refusals mended in round 26: the first LaTeX error in an input
file not named ``.tex`` (EL), and a file the paper reads that the copy left out for a build
product's suffix, read by pgfplots, fancyvrb, listings or verbatim (PL, LL)."""

from __future__ import annotations

import pytest
from helpers import pack_refused, write_files

pytestmark = pytest.mark.slow  # each compiles the paper


@pytest.mark.parametrize("suffix", ["pdf_tex", "tikz", "pgf"])
def test_the_first_error_in_an_input_file_of_any_suffix_names_its_file_and_line(tmp_path,
                                                                                suffix):
    """Round 25 (EL): ``\\input{figs/d.pdf_tex}`` (Inkscape), ``.tikz``, ``.pgf``
    (matplotlib's PGF backend) holding an undefined ``\\lineheight{1}`` on line 2: the pack
    said ``pdflatex: Command for 'pdflatex' gave return code 1`` (latexmk's word: no error, no
    file, no line) where a ``figs/d.tex`` gets ``./figs/d.tex:2: Undefined control
    sequence.``"""
    write_files(tmp_path / "p", {
        "main.tex": "\\documentclass{article}\n\\begin{document}\nIntro text here.\n"
                    f"\\input{{figs/d.{suffix}}}\n\\end{{document}}\n",
        f"figs/d.{suffix}": "Some text.\n\\lineheight{1}\n"})
    assert pack_refused(tmp_path) == (
        "error: main.tex: does not compile in a copy of the paper's folder: "
        f"./figs/d.{suffix}:2: Undefined control sequence.")
