"""Round 47 (K12, round 45b): author names spelled as TeX prints them whole, though the
source breaks them: a discretionary hyphen (``Ja\\-net``), an empty group (``Weber{}ling``),
a box around a letter (``\\mbox{L}ee``), an italic correction (``Smith\\/son``)."""

from __future__ import annotations

import re

import pytest

from figures.paper.disclosure import authors_named
from figures.paper.names import spelled

AUTHOR = (r"\author{Ja\-net Smith\-son\thanks{Supported by NSF grant CCF-2412345.} \and "
          r"K.~Weber{}ling \and \mbox{L}ee~\textsc{Zhang} \and Ann Smith\/son}")


def test_a_name_broken_in_the_source_is_read_whole():
    """The names were read cut at ``\\-`` and ``{}`` (Smith, Weber; Janet and Lee lost), so
    every check keyed on them looked for the wrong words."""
    assert authors_named({"main.tex": AUTHOR.encode()})[0] == [
        "Janet", "Smithson", "Weberling", "Lee", "Zhang", "Ann"]


@pytest.mark.parametrize(("name", "source"), [
    ("Janet", r"Ja\-net"), ("Smithson", r"Smith\-son"), ("Weberling", r"Weber{}ling"),
    ("Lee", r"\mbox{L}ee"), ("Smithson", r"Smith\/son"), ("Smithson", "Smithson")])
def test_a_name_is_found_as_the_source_spells_it(name, source):
    """The source warning finds the whole name where the source breaks it."""
    assert re.search(spelled(name), source.encode())
