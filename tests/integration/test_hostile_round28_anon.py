"""Hostile round 28's unclear rows on the anonymous pack's hidden-notes warning (issue 45): a
printed branch of citations told hidden (H7), notes behind ifdraft's, TeX's and ifthen's
other tests shipped with no word (H8)."""

from __future__ import annotations

import pytest
from helpers import anonymous_pack_tells

pytestmark = pytest.mark.slow

_BIB = ("@article{smith,author={Smith, John},title={A},journal={J},year={2020}}\n"
        "@article{jones,author={Jones, Mary},title={B},journal={J},year={2021}}\n"
        "@article{brown,author={Brown, Al},title={C},journal={J},year={2019}}\n")


@pytest.mark.parametrize("cite", ["\\cite", "\\citet"])
def test_a_printed_branch_of_citations_is_not_told(tmp_path, cite):
    """Round 28 (H7): ``\\ifarxiv Compare \\cite{smith} with \\cite{jones} and ...\\fi`` with
    ``\\arxivtrue``: TeX prints ``Compare [2] with [3] and [1]``, yet the pack warned it
    "hidden by \\ifarxiv, false there" (the keys read as words). Now no warning; an
    ``\\else`` branch with a note among citations is still told."""
    natbib = "\\usepackage{natbib}" if cite == "\\citet" else ""
    body = (f"Intro text here.\n\\ifarxiv Compare {cite}{{smith}} with {cite}{{jones}} and "
            f"{cite}{{brown}} too, see Section~\\ref{{s}}.\\fi\n\\section{{More}}\\label{{s}}\n"
            "\\bibliographystyle{%s}\\bibliography{refs}" % ("plainnat" if natbib else "plain"))
    preamble = natbib + "\n\\newif\\ifarxiv \\arxivtrue"
    told = anonymous_pack_tells(tmp_path, (preamble, body.replace("\\section", (
        f"\\ifarxiv\\else Ask Bob Jones {cite}{{jones}} for the code.\\fi\n\\section"))),  # (not
        (preamble, body), **{"refs.bib": _BIB})  # "We thank": an acknowledgement too, 49b K32
    assert f"main.tex:9: \\else Ask Bob Jones {cite}{{jones}} for the code. is hidden by " \
           "\\ifarxiv, true there (\\newif\\ifarxiv): text TeX does not print" in told, told


def test_notes_behind_ifdraft_ifdefined_and_ifthenelse_are_told(tmp_path):
    """Round 28 (H8): ifdraft's ``\\ifdraft{..}{}`` (no draft option), ``\\ifdefined\\shownotes
    ..\\fi`` (undefined) and ``\\ifthenelse{\\equal{\\version}{draft}}{..}{}`` (``review``):
    ``pack --anonymous`` exit 0, warnings 0, all three notes shipped. Now one warning names
    the first, its test, and the lines of the others; defined and printed, nothing said."""
    preamble = "\\usepackage{ifdraft,ifthen}\n\\newcommand{\\version}{%s}"
    body = ("Intro text here.\n"
            "\\ifdraft{\\textcolor{red}{PRIVATE OS1 ask Bob Jones about reviewer two}}{}\n"
            "\\ifdefined\\shownotes \\textcolor{red}{PRIVATE OS2 Bob Jones wrote this part} \\fi\n"
            "\\ifthenelse{\\equal{\\version}{draft}}{\\textcolor{red}{PRIVATE OS3 cite our ICML "
            "paper by Alice Smith}}{}\nMore text.")
    told = anonymous_pack_tells(tmp_path, (preamble % "review", body), (
        "\\PassOptionsToPackage{draft}{ifdraft}\n" + preamble % "draft" +
        "\n\\newcommand{\\shownotes}{}", body), shipped="PRIVATE OS3")  # warned, not cut
    assert "warning: main.tex:8: \\ifdraft{\\textcolor{red}{PRIVATE OS1 ask Bob Jones about " \
           "reviewer two}} is hidden by \\ifdraft, false there (the ifdraft package) (and 2 " \
           "more, lines 9, 10): text TeX does not print" in told, told
