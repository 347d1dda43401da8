"""Round 50b (K5, K3, K8): what the anonymous pack reads of authors, affiliations, notes
and acknowledgements, in the forms other classes and packages write them."""

from __future__ import annotations

import pytest

from figures.paper.disclosure import authors_named
from figures.paper.names import author_names


@pytest.mark.parametrize(("field", "names"), [
    (r"Anonymous\\Janet Smithson", ["Janet", "Smithson"]),
    (r"\IEEEauthorblockN{Anonymous}\IEEEauthorblockA{Stanford University\\Palo Alto, CA}",
     ["Stanford", "University", "Palo", "Alto"]),
    (r"Anonymous\\[2pt]Palo Alto", ["Palo", "Alto"]),
    (r"Anonymous\\*Palo Alto", ["Palo", "Alto"]),
], ids=["break", "ieee-block", "break-skip", "break-star"])
def test_the_word_after_a_line_break_is_read(field, names):
    """Round 50b (K5): the first word after ``\\\\`` in an author field was read as a macro
    (``\\\\Palo`` as ``\\Palo``), so IEEE's ``\\IEEEauthorblockA{Stanford University\\\\Palo
    Alto, CA}`` printed "Palo" under an anonymous author and the line that lists every
    finding left it out."""
    assert set(names) - {"University"} <= set(author_names(field))


def test_a_line_break_before_the_name_in_the_source_is_told():
    """Round 50b (K5): the same, through the whole reading of the packed source."""
    tex = (b"\\documentclass{article}\n\\author{Anonymous\\\\Palo Alto}\n"
           b"\\begin{document}Text.\\end{document}\n")
    assert "Palo" in authors_named({"main.tex": tex})[0]
