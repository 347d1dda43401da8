"""Round 47 (K12): acknowledgement heads as papers spell them, each followed by names, a lab
and a grant, in an anonymous paper's source."""

from __future__ import annotations

import pytest

from figures.paper.disclosure import authors_named

_TOLD = ("main.tex:4: an acknowledgements section: venues ask for none (or an anonymised one) "
         "in a review copy: remove it for review")


@pytest.mark.parametrize("head", [
    "\\textbf{Acknowledgments and Disclosure of Funding.}", "\\textbf{Acknowledgments and funding.}",
    "\\myparagraph{Acknowledgments.}", "\\section*{Thanks}", "{\\bf Funding and Acknowledgements:}",
    "\\noindent\\textbf{Acknowledgements \\& Funding}", "\\paragraph*{Acknowledgments}",
    "\\textbf{Acknowledgements}:", "\\textsc{Acknowledgments.}", "{\\bfseries Acknowledgments.}"])
def test_a_run_in_head_of_more_words_or_the_papers_own_macro_is_told(head):
    """Round 47 (K12): NeurIPS' own ``\\textbf{Acknowledgments and Disclosure of Funding.}``,
    ``\\textbf{Acknowledgments and funding.}``, a paper's own run-in macro
    (``\\myparagraph{Acknowledgments.}``, CVPR papers') and ``\\section*{Thanks}`` shipped
    names, a lab and a grant with warnings 0: round 45b's mend took a run-in head only when
    its word stood alone in a known macro."""
    source = ("\\newcommand{\\myparagraph}[1]{\\par\\noindent\\textbf{#1}\\ }\n\\author{Anonymous}"
              f"\nSome text.\n{head} We thank Karl Weberling; funded by NSF grant CCF-2412345.")
    assert authors_named({"main.tex": source.encode()})[1] == [_TOLD]


@pytest.mark.parametrize("prose", [
    "We cut the \\textbf{funding} of \\emph{acknowledgements} in half.",
    "Table~2's \\emph{Acknowledgments matter} to us.",
    "\\section{Thanksgiving traffic} and \\textbf{Funding agencies} differ.",
    "\\newcommand{\\ackname}{Acknowledgements}"])
def test_prose_naming_funding_is_no_acknowledgements_section(prose):
    """Round 47 (K12): the wider head is still a head: a word in prose, a longer bold phrase
    and a macro's definition are not told."""
    assert authors_named({"main.tex": prose.encode()}) == ([], [])
