"""Round 47 (K13): a fancyhdr running head naming the authors of an anonymous paper."""

from __future__ import annotations

import pytest

from figures.paper.disclosure import authors_named


def _named(head: str) -> list[str]:
    return authors_named({"main.tex": f"\\author{{Anonymous}}\n{head}\n".encode()})[0]


@pytest.mark.parametrize("head", ["\\fancyhead[R]{Smithson et al.}", "\\rhead{J.~Smithson et~al.}",
                                  "\\fancyfoot[LE,RO]{Smithson \\textit{et al.}}"])
def test_a_fancyhdr_head_naming_et_al_names_its_author(head):
    """Round 47 (K13): ``\\fancyhead[R]{..}`` (an article's way to a running head) was never
    read, so ``Smithson et al.`` printed on every page of the review copy with warnings 0;
    it is read as ``\\markboth`` is, before its ``et al.``."""
    assert _named(head) == ["Smithson"]


@pytest.mark.parametrize("head", ["\\fancyhead[L]{Learning Sparse Graphs}", "\\fancyfoot[C]{\\thepage}",
                                  "\\lhead{Preprint: under review}"])
def test_a_fancyhdr_head_of_a_title_or_a_note_names_no_one(head):
    """Round 47 (K13): a title, the page number and a note in a head are no names (not read
    before a ``:``, as IEEEtran's ``\\markboth`` is: ``Preprint: under review``)."""
    assert _named(head) == []
