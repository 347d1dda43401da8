"""Hostile round 30's rows on the anonymous pack's hidden-notes warning (issue 45): a switch
made by ``\\let`` (H5), a test of the paper's own condition in the preamble's title block
(H8), a ``\\let`` copy of a notes macro (H10), each note shipped untold; and a figure
author's login printed in a URL TeX breaks after its ``/`` (S2)."""

from __future__ import annotations

import pytest
from helpers import anonymous_pack_tells, authored_plot, figures_as_a_user, write_files

pytestmark = pytest.mark.slow
_PAPER = {"packages": "ifthen", "author": False}


def test_a_switch_made_by_let_is_told(tmp_path):
    """Round 30 (H5): ``\\newif\\ifarxiv\\arxivfalse``, ``\\let\\ifmine\\ifarxiv``,
    ``\\ifmine <note>\\fi\\ More.``: pack --anonymous exit 0, warnings 0, the note shipped.
    Now told, naming the ``\\let``; the switch true (the note printed), nothing said."""
    body = "Intro. \\ifmine PRIVATE LS1 ask Bob Jones about the plot\\fi\\ More."
    told = anonymous_pack_tells(
        tmp_path, ("\\newif\\ifarxiv\\arxivfalse\n\\let\\ifmine\\ifarxiv", body),
        ("\\newif\\ifarxiv\\arxivtrue\n\\let\\ifmine\\ifarxiv", body), shipped="PRIVATE LS1",
        **_PAPER)  # warned, not cut
    assert "warning: main.tex:6: \\ifmine PRIVATE LS1 ask Bob Jones about the plot is hidden " \
           "by \\ifmine, false there (\\let\\ifmine\\ifarxiv): text TeX does not print" in told, told


def test_a_test_in_the_preambles_title_is_told(tmp_path):
    """Round 30 (H8): ``\\title{Results\\ifdefined\\mynotes\\ <note>\\fi}`` and
    ``\\author{Anonymous\\ifthenelse{\\equal{\\version}{final}}{ and <note>}{}}``, ``\\version``
    review, ``\\maketitle``: the title's note shipped untold (preamble tests were settings).
    Now both told; with ``\\mynotes`` defined and ``\\version`` final (printed), neither."""
    preamble = ("\\newcommand\\version{%s}%s\n"
                "\\title{Results\\ifdefined\\mynotes\\ PRIVATE TB1 ask Bob Jones first\\fi}\n"
                "\\author{Anonymous\\ifthenelse{\\equal{\\version}{final}}{ and PRIVATE TB2 "
                "cite our ICML paper}{}}")
    body = "\\maketitle Intro. More."
    told = anonymous_pack_tells(tmp_path, (preamble % ("review", ""), body), (
        preamble % ("final", "\\newcommand\\mynotes{}"), body), shipped="PRIVATE TB1", **_PAPER)
    assert "warning: main.tex:4: \\ifdefined\\mynotes\\ PRIVATE TB1 ask Bob Jones first is " \
           "hidden by \\ifdefined\\mynotes, false there (and 1 more, lines 5): text TeX does " \
           "not print" in told, told


def test_a_let_copy_of_a_notes_macro_is_told(tmp_path):
    """Round 30 (H10): ``\\long\\def\\nba#1{\\ifnotes#1\\fi}``, ``\\let\\nbd\\nba``, only
    ``\\nbd{<note>}`` used, ``\\notesfalse``: exit 0, warnings 0, the note shipped. Now told,
    through the copy; ``\\notestrue`` (printed), nothing said."""
    preamble = "\\newif\\ifnotes\\notes%s\n\\long\\def\\nba#1{\\ifnotes#1\\fi}\n\\let\\nbd\\nba"
    body = "Intro. \\nbd{PRIVATE LC1 ask Bob Jones via the copy} More."
    told = anonymous_pack_tells(tmp_path, (preamble % "false", body), (preamble % "true", body),
                                shipped="PRIVATE LC1", **_PAPER)
    assert "warning: main.tex:7: \\nbd{PRIVATE LC1 ask Bob Jones via the copy} is hidden by " \
           "\\ifnotes inside \\nba, false there (\\newif\\ifnotes), through \\let\\nbd\\nba: " \
           "text TeX does not print" in told, told


def test_a_figure_authors_login_in_a_broken_url_is_told(tmp_path):
    """Round 30 (S2): a plot whose ``/Author`` is the login ``jsmith``, and
    ``\\parbox{1.9cm}{\\url{https://github.com/jsmith/figs}}`` (TeX breaks after each ``/``:
    the page's text ``com/ jsmith/``), or ``\\url{https://github.com/JSmith/figs}``: pack
    --anonymous told neither, though the unbroken lowercase URL is. Now both are told."""
    for url in ("\\parbox{1.9cm}{\\url{https://github.com/jsmith/figs}}",
                "\\url{https://github.com/JSmith/figs}"):
        write_files(tmp_path / "M", {"main.tex": (
            "\\documentclass{article}\n\\usepackage{graphicx,url}\n\\begin{document}\n"
            f"Intro. Code: {url}\n\n\\includegraphics[width=4cm]{{plot.pdf}}\n\\end{{document}}\n")})
        authored_plot(tmp_path / "M" / "plot.pdf", "jsmith")
        ran = figures_as_a_user(tmp_path, "pack", "M", "--anonymous", "--out", "M.tar.gz",
                                timeout=300)
        assert ran.returncode == 0, ran.stdout + ran.stderr
        assert ("warning: plot.pdf: 'jsmith' (its /Author) is printed on page 1 of the archive "
                "by the paper's text") in ran.stderr, (url, ran.stderr)
