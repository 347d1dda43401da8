"""Round 34 (O5, N2, N3, O4, O6): the ``--anonymous`` check reads an accented ``\\author``
in TeX's spelling in the packed source, names the address a figure author's login is printed
in (a common word only where a login is printed), takes no note's noun for a name, reads the
review PDF's bookmarks for logins, and matches a bookmark for names as the page text is."""

from __future__ import annotations

import io

import pytest
from helpers import authored_plot
from pypdf import PdfReader, PdfWriter

from figures.pack.anonymity import in_sources, printed_metadata
from figures.paper.aside import told
from figures.paper.disclosure import authors_named

BOOKMARK_ADVICE = ("every reader shows it in its sidebar (a section's title, a "
                   "\\texorpdfstring's second argument, \\pdfbookmark): take it out for review")


def _outlined(*titles: str) -> PdfReader:
    """A one-page PDF (pypdf's writer) whose outline is ``titles``, read back."""
    writer = PdfWriter()
    writer.add_blank_page(200, 200)
    for title in titles:
        writer.add_outline_item(title=title, page_number=0)
    data = io.BytesIO()
    writer.write(data)
    return PdfReader(io.BytesIO(data.getvalue()))


@pytest.mark.parametrize(("author", "shown", "other"), [
    ('\\author{J\\"urgen M\\"uller}', 'J\\"urgen', 'M\\"uller'),
    ('\\author{J{\\"u}rgen M\\"{u}ller}', 'J{\\"u}rgen', 'M\\"{u}ller'),
    ('\\author{Hans Strau\\ss{}}', "Hans", "Strau\\ss{}"),
    ("\\author{Jürgen Müller}", "Jürgen", "Müller"),
], ids=["accent", "braced", "ss", "utf-8"])
def test_an_accented_author_in_texs_spelling_is_told_in_the_packed_source(tmp_path, author,
                                                                           shown, other):
    """Round 34 (O5): ``\\documentclass[sigconf,anonymous]{acmart}``, ``\\author{J\\"urgen
    M\\"uller}``: the archive shipped that line with ``warnings: 0`` (the names, read as
    ``Jürgen``, ``Müller``, were searched in the source as those letters' bytes only), while
    the plain ``Jurgen Muller`` was told. Each name is searched as TeX spells it too (and each
    is named: round 37, K4)."""
    source = f"\\documentclass{{article}}\n{author}\n\\begin{{document}}\nText.\n".encode()
    authors = authors_named({"main.tex": source})[0]
    said = [line for line in in_sources({"main.tex": source}, authors, tmp_path)
            if "an author's name" in line]
    assert said == [(f"main.tex:2: an author's name ({shown}) and 1 more ({other} on line 2) "
                     "in the packed source: the archive discloses them; remove them for review")]
    garcia = b"\\author{Garc{\\'\\i}a and J{\\\"u}rgen Strau{\\ss} and Garc\\'\\i a}"
    assert authors_named({"main.tex": garcia})[0] == ["Garc\u00eda", "J\u00fcrgen", "Strau\u00df"]
    assert in_sources({"main.tex": garcia}, ["Garc\u00eda"], tmp_path)[-1].startswith(
        "main.tex:1: an author's name (Garc{\\'\\i}a)")
    strauss = authors_named({"main.tex": b"\\author{Strau\\ss{}}"})[0]
    assert in_sources({"main.tex": b"Thanks to Strau\\ss{} and Strau{\\ss}.\n"}, strauss,
                      tmp_path)[-1].startswith("main.tex:1: an author's name (Strau\\ss{})")


BIBLIOGRAPHY = ("We use the dev split. We load data. [1] https://docs.python.org/dev/library/"
                "asyncio.html. [2] https://pytorch.org/docs/stable/data.html. [3] https://"
                "github.com/pytorch/pytorch/tree/main.")


def test_a_login_printed_in_an_address_names_that_address(tmp_path):
    """Round 34 (N2): a figure whose /Author is ``dev`` or ``data`` was told "printed on page
    1 of the archive by the paper's text" for a bibliography citing
    ``docs.python.org/dev/...`` or ``pytorch.org/docs/stable/data.html``, naming no address
    (the author, searching the page for "dev", found "the dev split"). The line names the
    address; a common word counts only where a login is printed (a host's first folder), not
    as a deeper folder's or a file's label."""
    authored_plot(tmp_path / "devfig.pdf", "dev")
    authored_plot(tmp_path / "datafig.pdf", "data")
    assert printed_metadata(tmp_path, ["devfig.pdf"], [BIBLIOGRAPHY]) == [
        ("devfig.pdf: 'dev' (its /Author) is printed on page 1 of the archive by the paper's "
         "text (in the address https://docs.python.org/dev/library/asyncio.html.), not by "
         "devfig.pdf: if it names an author, remove it from the text for review; if it "
         "credits someone else, leave it")]
    assert printed_metadata(tmp_path, ["datafig.pdf"], [BIBLIOGRAPHY]) == []
    assert printed_metadata(tmp_path, ["datafig.pdf"], ["See https://github.com/data/x now."])


def test_a_notes_noun_before_is_from_is_no_name():
    """Round 34 (N3): ``\\author{Anonymous\\thanks{... Code is available at
    \\protect\\url{https://anonymous.4open.science/r/x}. Funding is from the NSF under grant
    123.}}`` made "Funding" an author's name, twice (the address's ``x.`` read as an
    initial, so "Funding" began no sentence; and "X is from" made any first word a name).
    An address (``\\url{..}``) is no words of a note, and a note's nouns are no subject;
    round 32 A3's names stay."""
    note = ("\\author{Anonymous\\thanks{Equal contribution. Work done while at a large company. "
            "Code is available at \\protect\\url{https://anonymous.4open.science/r/x}. Funding "
            "is from the NSF under grant 123. Support is from Acme Labs. Part of it was at "
            "home. Computing time was from a national center.}}")
    assert authors_named({"main.tex": note.encode()})[0] == ["Acme", "Labs"]
    assert authors_named({"main.tex": b"\\author{A\\thanks{Smith is with MIT. J. Lee is at "
                                      b"Acme.}}"})[0] == ["Smith", "Lee", "Acme"]


def test_a_figure_authors_login_in_a_bookmark_is_told(tmp_path):
    """Round 34 (O4): ``\\section{\\texorpdfstring{Code}{Code at github.com/jsmith/figs}}``
    beside ``login.pdf`` (its /Author ``jsmith``): the page prints "1 Code", every reader's
    sidebar "Code at github.com/jsmith/figs"; pack --anonymous said nothing (links and page
    text were read for logins, bookmarks not). One line naming the bookmark."""
    authored_plot(tmp_path / "login.pdf", "jsmith")
    assert printed_metadata(tmp_path, ["login.pdf"], ["1 Code Text. More."], [],
                            ["Code at github.com/jsmith/figs"]) == [
        ("login.pdf: 'jsmith' (its /Author) is in the review PDF's bookmark 'Code at "
         "github.com/jsmith/figs', not printed but shown in every reader's sidebar: the "
         "review copy names who made it; take it out of the bookmark (\\texorpdfstring's "
         "second argument, \\pdfbookmark) for review")]
    assert printed_metadata(tmp_path, ["login.pdf"], ["1 Code"], [], ["1 Code", "2 jsmith"]) == []


def test_a_bookmark_is_matched_for_names_as_the_page_is(tmp_path):
    """Round 34 (O6): ``\\author{Mark Long}``, ``\\section{Long-range attention}``, "a long
    sequence": the bookmark "1 Long-range attention" was told as naming an author (every
    name, any case, whole word: the metadata's match). A bookmark is matched as the page
    text is, with its capital; a name the pages print as a lowercase word is a common word,
    told only beside another of the names; "The Smithson method" (round 33, A1) still is."""
    pages = ["Results 1 LONG-RANGE ATTENTION Text on a long sequence. 2 MARKING SCHEME More."]
    reader = _outlined("1 Long-range attention", "2 Marking scheme", "3 The Smithson method",
                       "4 Mark Long's notes", "5 long")
    assert told(reader, tmp_path, ["Mark", "Long", "Smithson"], "main.tex", pages) == [
        (f"main.tex: the review PDF's bookmark '3 The Smithson method' names an author "
         f"(Smithson): {BOOKMARK_ADVICE}"),
        (f"main.tex: the review PDF's bookmark \"4 Mark Long's notes\" names an author "
         f"(Mark): {BOOKMARK_ADVICE}")]
    assert told(_outlined("1 Müller's method"), tmp_path, ["Jürgen", "Müller"], "main.tex",
                pages)[0].startswith("main.tex: the review PDF's bookmark \"1 Müller's method\"")


def test_an_included_authors_pages_over_pypdfs_limits_are_no_internal_error(tmp_path):
    """Round 34 (P5, its hole in the anonymity check): an included figure's /Author sends
    ``disclosed`` to the pages' text (is the name printed?); a page over pypdf's limits raised
    LimitReachedError there, an internal error of ``--anonymous``. Such a page's text is now
    unknown, and the figure's author still told."""
    import zlib

    from helpers import flate_stream, raw_pdf

    from figures.paper.disclosure import disclosed

    pdf = raw_pdf({
        1: b"<< /Type /Catalog /Pages 2 0 R >>",
        2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        3: (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources "
            b"<< /XObject << /Fm1 5 0 R >> >> /Contents 4 0 R >>"),
        4: flate_stream(b"", zlib.compress(b"n\n" * 40_000_000, 9)),
        5: flate_stream(b"/Type /XObject /Subtype /Form /BBox [0 0 10 10] /PTEX.FileName "
                        b"(./plot.pdf) /PTEX.InfoDict << /Author (Jane Roe) >>",
                        zlib.compress(b"0 0 m 1 1 l S"))})
    found = disclosed(pdf, tmp_path, ["Jane Roe"])
    assert any("plot.pdf" in line and "Jane Roe" in line for line in found), found
