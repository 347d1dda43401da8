"""Round 33 (A1, A3): what a review PDF shows its reader beside its pages, its outline's
titles (bookmarks) and its links' addresses, is read for who made it (PDFs made here with
pypdf's writer)."""

from __future__ import annotations

from helpers import authored_plot, review_pdf

from figures.pack.anonymity import printed_metadata
from figures.paper.aside import links, told

BOOKMARK_ADVICE = ("every reader shows it in its sidebar (a section's title, a "
                   "\\texorpdfstring's second argument, \\pdfbookmark): take it out for review")


def test_an_author_named_in_the_review_pdfs_bookmarks_is_told_per_bookmark(tmp_path):
    """Round 33 (A1): ``\\documentclass[sigconf,anonymous]{acmart}``, ``\\author{Alice
    Smithson}``, ``\\section{\\texorpdfstring{Our method}{The Smithson method}}``,
    ``\\pdfbookmark{Notes for Smithson}{n1}``: the pages print ``Our method``, the outline
    every reader's sidebar shows says "The Smithson method"; pack --anonymous's only
    warning named the hidden ``\\author`` line. The outline is read, nested titles too, one
    line per bookmark naming it."""
    reader = review_pdf(outline=("1 The Smithson method", "Notes for Smithson", "2 Results"))
    assert told(reader, tmp_path, ["Alice", "Smithson"], "main.tex") == [
        (f"main.tex: the review PDF's bookmark '1 The Smithson method' names an author "
         f"(Smithson): {BOOKMARK_ADVICE}"),
        (f"main.tex: the review PDF's bookmark 'Notes for Smithson' names an author "
         f"(Smithson): {BOOKMARK_ADVICE}")]
    assert told(reader, tmp_path, ["Karl", "Weberling"], "main.tex") == []


def test_a_figure_authors_login_in_a_links_address_is_told_with_its_page(tmp_path):
    """Round 33 (A3): ``\\href{https://github.com/jsmith/figs}{online}`` with hyperref,
    beside ``login.pdf`` (its /Author ``jsmith``): the page prints "online", the link's
    ``/URI`` holds the login, shown on hover; pack --anonymous said nothing (the login rule
    read page text only). A link's address is read as an address for it, one line naming the
    page and the address; a home folder's path in a link is told too."""
    authored_plot(tmp_path / "login.pdf", "jsmith")
    reader = review_pdf(addresses=("https://doi.org/10.1/x", "https://github.com/jsmith/figs"))
    assert links(reader) == [(1, "https://doi.org/10.1/x"), (1, "https://github.com/jsmith/figs")]
    assert printed_metadata(tmp_path, ["login.pdf"], ["Intro. Our code is online. More."],
                            links(reader)) == [(
        "login.pdf: 'jsmith' (its /Author) is in the address of the archive's link on page 1 "
        "(https://github.com/jsmith/figs), not printed but shown on hover and followed on "
        "click: the review copy names who made it; point the link at an anonymous copy "
        "(anonymous.4open.science) or leave it out for review")]
    assert printed_metadata(tmp_path, ["login.pdf"], ["Intro."], [(1, "https://doi.org/x")]) == []
    home = review_pdf(addresses=("file:///home/jsmith/data.csv",))
    assert told(home, tmp_path, [], "main.tex") == [(
        "main.tex: the review PDF's link on page 1 (file:///home/jsmith/data.csv) holds a home "
        "folder's path (/home/jsmith): shown on hover and followed on click, though not "
        "printed: point the link at an anonymous copy (anonymous.4open.science) or leave it "
        "out for review")]
