"""Hostile round 33's rows on what the review PDF shows beside its pages (A1, A3, issue 45):
the pack's reading of its bookmarks and links' addresses, end to end. The unit tests
(tests/unit/test_hostile_round33_aside.py) hold the readings themselves."""

from __future__ import annotations

import pytest
from helpers import anonymous_paper, authored_plot, pack_said

pytestmark = pytest.mark.slow  # TeX compiles the archive


def test_a_name_in_a_bookmark_and_a_login_in_a_link_are_each_told(tmp_path):
    """Round 33 (A1, A3): ``\\author{Alice Smithson}`` (not printed: no ``\\maketitle``),
    ``\\section{\\texorpdfstring{Our method}{The Smithson method}}`` and
    ``\\href{https://github.com/jsmith/figs}{online}`` beside ``login.pdf`` (its /Author
    ``jsmith``), hyperref: the pages print "Our method" and "online"; pack --anonymous
    warned only of the ``\\author`` line. Now the bookmark and the link are each a line."""
    anonymous_paper(tmp_path, "\\author{Alice Smithson}", (
        "\\section{\\texorpdfstring{Our method}{The Smithson method}}\n"
        "Our code is \\href{https://github.com/jsmith/figs}{online}.\n\n"
        "\\includegraphics[width=3cm]{login.pdf}"), packages="graphicx,hyperref", author=False)
    authored_plot(tmp_path / "p" / "login.pdf", "jsmith")
    told = pack_said(tmp_path, "--anonymous")
    assert told.splitlines()[-1].endswith("warnings: 4"), told  # and login.pdf's Type 3 font
    assert ("warning: main.tex:3: an author's name (Alice) and 1 more (Smithson on line 3) in "
            "the packed source") in told, told  # each name: round 37, K4
    assert ("warning: main.tex: the review PDF's bookmark 'The Smithson method' names an "
            "author (Smithson): every reader shows it in its sidebar") in told, told
    assert ("warning: login.pdf: 'jsmith' (its /Author) is in the address of the archive's "
            "link on page 1 (https://github.com/jsmith/figs), not printed") in told, told
