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


def test_an_orcid_id_in_the_source_is_told(tmp_path):
    """Round 47 (K7, round 45b): acmart's template asks for ``\\orcid{..}``; under
    ``--anonymous`` the iD (which resolves to its author's page) shipped with no word."""
    from figures.pack.anonymity import in_sources

    source = b"\\author{Anonymous}\n\\orcid{0000-0002-1825-0097}\nISBN 978-3-16-148410-0.\n"
    assert in_sources({"main.tex": source}, [], tmp_path / "paper") == [
        ("main.tex:2: an ORCID iD (0000-0002-1825-0097) in the packed source: the archive "
         "discloses it; remove it for review")]
    assert in_sources({"main.tex": b"Call 0000-0002-1825-00975 or 10.1000/1825-0097."}, [],
                      tmp_path / "paper") == []


def test_the_label_of_a_picture_over_pillows_bomb_limit_is_read_without_its_warning(tmp_path):
    """Round 47 (K20, round 47b): a 12000x8000 scan in the paper: the label reader (ours or
    not ours?) opened it bare, and Pillow's two-line DecompressionBombWarning with a path
    into site-packages was printed before the pack's own lines (which tell its size)."""
    import warnings

    from PIL import Image

    from figures.outputs.provenance import read

    big = tmp_path / "big.png"
    Image.new("1", (12000, 8000)).save(big)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert read(big) is None


@pytest.mark.parametrize("note", [
    "Digital Object Identifier 10.1109/TNNLS.2026.1234567",
    "Manuscript received March 1, 2026. Recommended for acceptance by Associate Editor.",
    "Color versions of one or more figures are available online. Corresponding author."])
def test_ieees_stock_notes_name_no_author(note):
    """Round 47 (K14, round 47b): IEEE's own notes in ``\\thanks`` warned "an author's name
    (Object) and ... Identifier", "(Associate) ... Editor" on an anonymous review copy."""
    source = f"\\author{{Anonymous Authors\\thanks{{Work in progress. {note}}}}}"
    assert authors_named({"main.tex": source.encode()})[0] == []
