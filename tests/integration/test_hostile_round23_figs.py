"""Hostile round 23's rows about figures and names: a venue's placeholder author, our figure
wrapped by pdfcrop or a standalone page, the unprinted pages of a multi-page PDF figure."""

from __future__ import annotations

import pytest
from helpers import figures_as_a_user


def _pack(tmp_path, *options: str):
    return figures_as_a_user(tmp_path, "pack", "p", *options, "--out", "p.tar.gz", timeout=300)


@pytest.mark.slow  # pack compiles the paper and its archive
@pytest.mark.parametrize("author", ["Anonymous Authors", "Anonymous", "Author Name",
                                    "Anonymous Author(s)"])
def test_a_placeholder_author_filled_in_by_pdfusetitle_passes_the_anonymous_pack(
        tmp_path, author):
    """Round 23 (A6): hyperref's ``pdfusetitle`` fills ``/Author`` from ``\\author``; with
    the venue's placeholder (``\\author{Anonymous Authors}``) the anonymous pack stopped on
    "an author's name (Anonymous Authors)". A placeholder is no author's name, in the PDF
    check as in the source check; a real name still stops the pack."""
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage[pdfusetitle]{hyperref}\n"
        f"\\author{{{author}}}\n\\title{{A study}}\n\\begin{{document}}\n\\maketitle\nText.\n"
        "\\end{document}\n")
    ran = _pack(tmp_path, "--anonymous")
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert ran.stderr.splitlines()[-1].endswith("warnings: 0"), ran.stderr
    assert "an author's name" not in ran.stderr


@pytest.mark.slow  # pack compiles the paper
def test_a_real_name_filled_in_by_pdfusetitle_still_stops_the_anonymous_pack(tmp_path):
    """Round 23 (A6), the control: ``\\author{Janet Smithson}`` with ``pdfusetitle``."""
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage[pdfusetitle]{hyperref}\n"
        "\\author{Janet Smithson}\n\\title{A study}\n\\begin{document}\n\\maketitle\nText.\n"
        "\\end{document}\n")
    ran = _pack(tmp_path, "--anonymous")
    assert ran.returncode == 1, ran.stdout + ran.stderr
    assert "/Author: an author's name ('Janet Smithson')" in ran.stderr
