"""Hostile round 42a's names on the review page (A53, A32, issue 45) and round 45b's compressed
attachment (K13): where the body prints
``\\author``'s names, and a cited self-citation told as the third-person reference venues ask
for, not as a disclosure to remove."""

from __future__ import annotations

import pytest
from helpers import anonymous_paper, pack_said

pytestmark = pytest.mark.slow  # TeX compiles the archive


def test_a_name_printed_through_a_macro_is_told_at_the_body_line_that_prints_it(tmp_path):
    """Round 42a (A53): ``\\newcommand{\\myauthors}{Janet Smithson}\\author{\\myauthors}`` and
    "the Smithson method" in the body: the source line told only the first place of each
    name (the ``\\author`` line, which the class hides) and the compiled-text line named no
    line; now it names main.tex:5, where the page prints it."""
    anonymous_paper(tmp_path, "\\newcommand{\\myauthors}{Janet Smithson}\\author{\\myauthors}",
                    "We extend the Smithson method of our earlier work.", author=False)
    told = pack_said(tmp_path, "--anonymous")
    assert ("warning: main.tex:5: Smithson of \\author printed in the compiled text (at "
            "main.tex:5): the review copy names an author, which the venue's anonymous option "
            "hides only in \\author: remove or anonymise the name there") in told, told


def test_a_cited_self_citation_is_a_third_person_reference_not_a_disclosure(tmp_path):
    """Round 42a (A32): ``\\cite{smithson2024}`` of ``author = {Smithson, Janet and ...}``, the
    author's own name in ``\\author`` (not printed): the ``.bbl`` line advised removing the
    names from refs.bib (which breaks the citation) and the compiled-text line blamed the
    class; both now say the reference list is where venues want it, in the third person."""
    bib = ("@article{smithson2024,\n  author = {Smithson, Janet and Weberling, Karl},\n"
           "  title = {Feedback alignment revisited},\n  journal = {JMLR}, year = {2024}\n}\n")
    anonymous_paper(tmp_path, "\\author{Janet Smithson}",
                    "As shown by \\cite{smithson2024}.\n\\bibliographystyle{plain}\n"
                    "\\bibliography{refs}", author=False, **{"refs.bib": bib})
    told = pack_said(tmp_path, "--anonymous")
    assert ("in the reference list (a work the paper cites): keep a self-citation in the "
            "third person, as venues ask") in told, told
    assert "remove them from refs.bib" not in told, told
    assert ("warning: main.tex: Janet, Smithson of \\author in the compiled text, in the "
            "reference list only (a work the paper cites)") in told, told


def test_a_compressed_attachment_is_told_as_not_read(tmp_path):
    """Round 45b (K13): ``\\embedfile{data.csv.gz}`` (an e-mail address and a home path inside,
    gzipped) was packed and attached with no word, where the same bytes uncompressed are
    told; no check opens it, so the pack says so, at the file."""
    import gzip

    anonymous_paper(tmp_path, "\\embedfile{data.csv.gz}", "Some text.",
                    packages="embedfile")
    (tmp_path / "p" / "data.csv.gz").write_bytes(gzip.compress(b"# by jsmith@mit.edu\n1,2\n"))
    told = pack_said(tmp_path, "--anonymous")
    assert ("warning: data.csv.gz: a gzip-compressed file, which the pack does not open: no "
            "check read what it holds (names, addresses, paths): look inside it before you "
            "submit, or leave it out") in told, told
