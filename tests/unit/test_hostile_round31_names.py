"""Round 31 (N10, S1): an anonymous template's note on its author names no one; a login is
told only where it is printed as an address's part, not after a slash of prose."""

from __future__ import annotations

import pytest

from figures.paper.disclosure import authors_named, printed_on


@pytest.mark.parametrize(("author", "names"), [
    ("\\author{Anonymous Authors\\thanks{Equal contribution.}}", []),
    ("\\author{Anonymous\\thanks{Work done during an internship.}}", []),
    (("\\author{Anonymous\\footnote{Work done while at Google DeepMind, London. "
      "Correspondence: jsmithson@mit.edu}}"), ["Google", "DeepMind", "London"]),
    ("\\author{Anonymous\\thanks{\\textit{Equal} contribution. Thanks: Janet Smithson!}}",
     ["Smithson"]),
    ("\\author{Jane Smith\\thanks{J. Smith is with Acme.} \\and Karl Weber}",
     ["Jane", "Smith", "Acme", "Karl", "Weber"]),
], ids=["equal", "internship", "affiliation", "sentences", "initial"])
def test_a_note_on_the_author_names_no_one_by_its_sentences_first_words(author, names):
    """Round 31 (N10): ``\\author{Anonymous Authors\\thanks{Equal contribution.}}`` (the
    anonymous template's footnote) warned "an author's name (Equal)" twice, in the packed
    source and the compiled text; ``\\thanks{Work done during an internship.}`` the same with
    "Work". In a note on an author a word beginning a sentence is no evidence of a name;
    other capitalised words still are (round 26, TA: Google, DeepMind, London)."""
    assert authors_named({"main.tex": author.encode()})[0] == names


@pytest.mark.parametrize(("author", "text", "said"), [
    ("dev", "We use the standard Train/Dev/Test splits of SQuAD.", None),
    ("data", "All code: https://zenodo.org/records/123/Data/ and input / Data output.", None),
    ("alex", "Results for Bob / Alex and Carol.", None),
    ("alex", "Thanks to the Alex/Bob team.", None),
    ("alex", "Code: https://github.com/ALEX/figs.", ("alex", 1)),
    ("alex", "Code: https: //gitlab. com/\nAlex/ figs.", ("alex", 1)),
    ("alex", "See ~alex/www and @Alex.", ("alex", 1)),
    ("alex", "Run in /home/alex/runs.", ("alex", 1)),
], ids=["train-dev", "deep-folder-and-blank", "blanks", "slash", "url", "broken-url", "home",
        "home-folder"])
def test_a_login_is_told_only_as_an_addresss_part(author, text, said):
    """Round 31 (S1): the login rule made case-blind and across a blank after any slash
    (round 30, S2) told a figure's ``/Author`` ``dev`` in "Train/Dev/Test splits", ``data``
    in "input / Data output", ``alex`` in "Bob / Alex". A login is told after a host's
    ``/`` (``github.com/``, a line break after it aside), ``~``, ``@``, a home's folder."""
    assert printed_on(author, [text]) == said
