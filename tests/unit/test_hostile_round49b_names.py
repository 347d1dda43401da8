"""Round 49b (K16, K30): author fields the anonymity checks never read, or read as written."""

from __future__ import annotations

import pytest

from figures.paper.disclosure import authors_named


def _named(source: str) -> list[str]:
    return authors_named({"main.tex": f"\\author{{Anonymous}}\n{source}\n".encode()})[0]


@pytest.mark.parametrize("field", [
    "\\affiliation{Massachusetts Institute of Technology}",  # revtex, acmart
    "\\address[mit]{Massachusetts Institute of Technology, Cambridge}",  # elsarticle
    "\\institute{Massachusetts Institute of Technology}",  # llncs
    "\\affil[1]{Massachusetts Institute of Technology}",  # authblk
    "\\icmlaffiliation{mit}{Massachusetts Institute of Technology}"])
def test_an_affiliation_is_read_as_author_is(field):
    """Round 49b (K16): revtex printed ``\\affiliation{Massachusetts Institute of
    Technology}`` under the anonymous author with no word: the affiliation fields were never
    read. They are, as ``\\author`` is, their institution words aside."""
    assert "Massachusetts" in _named(field)
    assert "Institute" not in _named(field)
    assert "Technology" not in _named(field)


@pytest.mark.parametrize("source", [
    "\\newcommand\\shortauth{Smithson et al.}\n\\fancyhead[R]{\\shortauth}",
    "\\def\\shortauth{J.~Smithson et~al.}\n\\markboth{\\shortauth}{Title}"])
def test_a_running_head_through_a_macro_is_read_expanded(source):
    """Round 49b (K30): ``\\fancyhead[R]{\\shortauth}``, the macro ``Smithson et al.``,
    printed the name on every page with no word: the head was read as written (no ``et
    al.`` there); it is read with the paper's macros expanded, as ``\\author`` is."""
    assert _named(source) == ["Smithson"]
