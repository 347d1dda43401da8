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


@pytest.mark.parametrize(("preamble", "note", "field"), [
    ("\\usepackage{todonotes}\\newcommand{\\KW}{Karl Weberling}", "\\todo[author=\\KW]{check}",
     "todonotes' \\todo[author=\\KW]"),
    ("\\usepackage{fixme}\\FXRegisterAuthor{kw}{akw}{Karl Weberling}", "\\kwnote{check}",
     "fixme's \\FXRegisterAuthor{kw}{akw}{Karl Weberling}")])
def test_a_note_author_through_a_macro_or_fixme_stops_the_pack(preamble, note, field):
    """Round 49b (K3): ``\\todo[author=\\KW]`` (``\\KW`` the name) and fixme's
    ``\\FXRegisterAuthor{kw}{akw}{Karl Weberling}`` printed the name beside each note of the
    review copy with warnings 0: the author key was read as written, fixme's not at all."""
    from figures.pack.noted import told

    text = (f"\\documentclass{{article}}\n{preamble}\n\\author{{Anonymous}}\n"
            f"\\begin{{document}}\nText. {note}\n\\end{{document}}\n")
    said, stop = told({"main.tex": text}, ["Text. Karl Weberling check"])
    assert said == []
    assert stop is not None
    assert str(stop).startswith(f"main.tex:{5 if 'todo' in note else 2}: a note's author "
                                f"field ({field}) names Karl Weberling, printed on page 1"), stop


@pytest.mark.parametrize("sentence", [
    "Text.\\footnote{We thank Karl Weberling and Lee Zhang for helpful discussions.}",
    "The authors are grateful to Karl Weberling for comments on a draft.",
    "We would like to thank Karl Weberling.",
    "We gratefully acknowledge the support of the Weberling Foundation."])
def test_an_acknowledgement_sentence_is_told(sentence):
    """Round 49b (K32): "We thank ..." and "The authors are grateful to ..." (a first-page
    footnote, a conclusion's last line) shipped printed with warnings 0, while "This work
    was supported by ..." beside them was told: the sentences that thank are read too."""
    said = authors_named({"main.tex": f"\\author{{Anonymous}}\n{sentence}\n".encode()})[1]
    assert said == [("main.tex:2: an acknowledgements section: venues ask for none (or an "
                    "anonymised one) in a review copy: remove it for review")]


@pytest.mark.parametrize("sentence", [
    "Thanks to its linearity, the method is fast.", "We acknowledge that the bound is loose.",
    "The authors of [3] thank their funders; we compare with them."])
def test_a_sentence_that_thanks_no_one_is_no_acknowledgement(sentence):
    """Round 49b (K32): thanks as a cause, an acknowledged limitation: no acknowledgements."""
    assert authors_named({"main.tex": f"{sentence}\n".encode()})[1] == []
