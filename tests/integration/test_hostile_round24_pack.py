"""Hostile round 24's pack rows: what ships stripped, whole or empty."""

from __future__ import annotations

import pytest
from helpers import packed, packed_anonymously

_REVIEWS = "PRIVATE REVIEWS: reviewer 2 is Bob Jones; reviewer 3 is Karl Weberling (MIT).\n"


def _paper(tmp_path, preamble: str, intro: str) -> None:
    """``p/main.tex`` (``preamble``; its body inputs ``p/sec/intro.tex``, holding ``intro``)."""
    (tmp_path / "p" / "sec").mkdir(parents=True)
    (tmp_path / "p" / "main.tex").write_text(
        f"\\documentclass{{article}}\n{preamble}\n\\author{{Anonymous}}\n\\begin{{document}}\n"
        "\\input{sec/intro}\n\\end{document}\n")
    (tmp_path / "p" / "sec" / "intro.tex").write_text(intro)


@pytest.mark.slow  # pack compiles the paper and its archive (again, the source kept)
@pytest.mark.parametrize(("case", "rest", "kept"), [
    ("ZL", "\\endinput\nPRIVATE NOTES ZL: reviewer 2 is Bob Jones; cut the DFA ablation.\n",
     "\\endinput\n"),
    ("ZM", "% SECRETZM reviewer 2 is Bob Jones\nClosing text.\n", "Closing text.\n"),
])
def test_a_source_listed_in_part_keeps_only_the_comment_its_listing_prints(tmp_path, case,
                                                                           rest, kept):
    r"""Round 24 (N1): a source both ``\input`` and listed in part
    (``\lstinputlisting[firstline=1,lastline=1]``), the listing printing line 1's comment:
    stripped, the listing printed other text, so the file was packed byte for byte, the
    notes after its ``\endinput`` (ZL) or a comment naming a reviewer (ZM) too, under
    ``--anonymous``, with no warning. Now one mechanism: the file keeps the comment the
    listing prints, the others and what TeX never read of it still go, and one warning
    names the file, the line and why."""
    listed = ("Intro text here. % shown in the listing below\n"
              "\\lstinputlisting[firstline=1,lastline=1]{sec/intro.tex}\n")
    _paper(tmp_path, "\\usepackage{listings}", listed + rest)
    files, said = packed(tmp_path, "--anonymous", warnings=1)
    assert files["sec/intro.tex"] == listed + kept, case
    assert said.splitlines()[-2].startswith(f"warning: sec/intro.tex: packed with its comment{'s' * (case == 'ZL')}"
                               f"{'' if case == 'ZL' else ' on line 1'} (a listing prints "), said


#: (the preamble, ``sec/intro.tex``) of a paper that needed the fallback, or did (TO, V4's
#: printing ``comment``: read as text since round 24's T2), and TP's ``\url|..%20..|``.
_NEEDS_FALLBACK = {
    "TO": (("\\newenvironment{comment}{\\par\\noindent\\textbf{Reviewer comment:}\\itshape}"
           "{\\par}"), ("Intro text here.\n\\begin{comment}\nPlease compare with DFA on "
           "CIFAR-10.\n\\end{comment}\nOur reply VISIBLE here.\n")),
    "TP": ("\\usepackage{url}", "Code at \\url|https://example.org/fa%20audit| here.\n"),
}


@pytest.mark.slow  # pack compiles the paper and its archive (again, the source kept)
@pytest.mark.parametrize("case", list(_NEEDS_FALLBACK))
def test_a_file_only_tested_for_stays_empty_when_another_file_needs_the_fallback(tmp_path,
                                                                                  case):
    r"""Round 24 (N9): ``\IfFileExists{private/reviews.tex}{..}{}`` (never input) in a paper
    whose stripping needed the fallback (TO: its own printing environment named ``comment``):
    the stripping lost printed text, and the difference was taken for the tested file's
    ("read with \openin (data?)"): the reviews shipped whole under ``--anonymous``, the
    printed text still lost. Now a file only tested stays empty, whatever else the fallback
    does; the intro is packed as the paper prints it."""
    preamble, intro = _NEEDS_FALLBACK[case]
    _paper(tmp_path, preamble + "\n\\IfFileExists{private/reviews.tex}{\\def\\havereviews{}}{}",
           intro)
    (tmp_path / "p" / "private").mkdir()
    (tmp_path / "p" / "private" / "reviews.tex").write_text(_REVIEWS)
    files, said = packed(tmp_path, "--anonymous", warnings=1 + (case == "TP"))
    assert files["private/reviews.tex"] == ""
    assert files["sec/intro.tex"] == intro
    assert said.splitlines()[-2].startswith("warning: private/reviews.tex: only opened"), said
    assert "differs" not in said, said
    assert "data?" not in said, said


@pytest.mark.slow  # pack compiles the paper and its archive
def test_an_environment_excluded_then_included_again_hides_only_where_excluded(tmp_path):
    r"""Round 24 (N6): comment.sty's ``\excludecomment{notes}``, then ``\includecomment{notes}``
    later: the exclusion was applied to every ``notes``, the printed one went, and the
    fallback shipped the file whole, hidden notes naming a reviewer with it, under a warning
    naming ``\verb``/``\url``. The reading now follows ``\includecomment``: the hidden notes
    go, the printed ones stay, no fallback, no warning."""
    _paper(tmp_path, "\\usepackage{comment}\n\\excludecomment{notes}",
           "Intro text here.\n\\begin{notes}\nPRIVATE NOTES WC: reviewer 2 is Bob Jones.\n"
           "\\end{notes}\n\\includecomment{notes}\n\\begin{notes}\nSecond paragraph VISIBLE "
           "here, in notes.\n\\end{notes}\n")
    assert packed_anonymously(tmp_path)["sec/intro.tex"] == (
        "Intro text here.\n\\includecomment{notes}\n\\begin{notes}\nSecond paragraph VISIBLE "
        "here, in notes.\n\\end{notes}\n")


@pytest.mark.slow  # pack compiles the paper and its archive
@pytest.mark.parametrize("reading", [
    ("\\begin{tikzpicture}\\begin{axis}[xmin=0, xmax=10, ymin=0, ymax=100, xtick={0,5,10}, "
    "ytick={0,50,100}, width=6cm]\n\\addplot table[x=epoch, y=acc] {data/acc.csv};\n"
    "\\end{axis}\\end{tikzpicture}"),
    ("\\IfFileExists{data/acc.csv}{\\newread\\t\\openin\\t=data/acc.csv \\read\\t to\\row "
    "\\closein\\t}{}"),
], ids=["pgfplots", "tested then read"])
def test_a_file_read_as_data_ships_as_it_is(tmp_path, reading):
    r"""Round 24 (N8): pgfplots' ``\addplot table {data/acc.csv}`` reads the table with
    ``\openin``/``\read``; it was packed empty as "only opened (tested with
    \IfFileExists ...)", and the archive drew the axes without the curve (the page text,
    all the proof read, did not change). A file opened outside LaTeX's own test is read:
    packed as it is, tested first or not (datatool tests, then reads)."""
    table = "epoch acc\n0 10\n2 40\n4 60\n6 72\n8 80\n10 85\n"
    _paper(tmp_path, "\\usepackage{pgfplots}\n\\pgfplotsset{compat=1.18}",
           f"Accuracy over training.\n\n{reading}\n")
    (tmp_path / "p" / "data").mkdir()
    (tmp_path / "p" / "data" / "acc.csv").write_text(table)
    assert packed_anonymously(tmp_path)["data/acc.csv"] == table

