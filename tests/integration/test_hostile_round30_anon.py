"""Hostile round 30's rows on the anonymous pack's hidden-notes warning (issue 45): a switch
made by ``\\let`` (H5), a test of the paper's own condition in the preamble's title block
(H8), a ``\\let`` copy of a notes macro (H10), each note shipped untold."""

from __future__ import annotations

import pytest
from helpers import packed, write_files

pytestmark = pytest.mark.slow


def _paper(root, preamble: str, body: str) -> None:
    write_files(root / "p", {
        "main.tex": "\\documentclass{article}\n\\usepackage{ifthen}\n" + preamble +
                    "\n\\begin{document}\n" + body + "\n\\end{document}\n"})


def test_a_switch_made_by_let_is_told(tmp_path):
    """Round 30 (H5): ``\\newif\\ifarxiv\\arxivfalse``, ``\\let\\ifmine\\ifarxiv``,
    ``\\ifmine <note>\\fi\\ More.``: pack --anonymous exit 0, warnings 0, the note shipped.
    Now told, naming the ``\\let``; the switch true (the note printed), nothing said."""
    body = "Intro. \\ifmine PRIVATE LS1 ask Bob Jones about the plot\\fi\\ More."
    _paper(tmp_path, "\\newif\\ifarxiv\\arxivfalse\n\\let\\ifmine\\ifarxiv", body)
    files, told = packed(tmp_path, "--anonymous", warnings=1)
    assert "PRIVATE LS1" in files["main.tex"]  # warned, not cut
    assert "warning: main.tex:6: \\ifmine PRIVATE LS1 ask Bob Jones about the plot is hidden " \
           "by \\ifmine, false there (\\let\\ifmine\\ifarxiv): text TeX does not print" in told, told
    _paper(tmp_path, "\\newif\\ifarxiv\\arxivtrue\n\\let\\ifmine\\ifarxiv", body)
    packed(tmp_path, "--anonymous", warnings=0)


def test_a_test_in_the_preambles_title_is_told(tmp_path):
    """Round 30 (H8): ``\\title{Results\\ifdefined\\mynotes\\ <note>\\fi}`` and
    ``\\author{Anonymous\\ifthenelse{\\equal{\\version}{final}}{ and <note>}{}}``, ``\\version``
    review, ``\\maketitle``: the title's note shipped untold (preamble tests were settings).
    Now both told; with ``\\mynotes`` defined and ``\\version`` final (printed), neither."""
    preamble = ("\\newcommand\\version{%s}%s\n"
                "\\title{Results\\ifdefined\\mynotes\\ PRIVATE TB1 ask Bob Jones first\\fi}\n"
                "\\author{Anonymous\\ifthenelse{\\equal{\\version}{final}}{ and PRIVATE TB2 "
                "cite our ICML paper}{}}")
    _paper(tmp_path, preamble % ("review", ""), "\\maketitle Intro. More.")
    files, told = packed(tmp_path, "--anonymous", warnings=1)
    assert "PRIVATE TB1" in files["main.tex"]
    assert "warning: main.tex:4: \\ifdefined\\mynotes\\ PRIVATE TB1 ask Bob Jones first is " \
           "hidden by \\ifdefined\\mynotes, false there (and 1 more, lines 5): text TeX does " \
           "not print" in told, told
    _paper(tmp_path, preamble % ("final", "\\newcommand\\mynotes{}"), "\\maketitle Intro. More.")
    packed(tmp_path, "--anonymous", warnings=0)


def test_a_let_copy_of_a_notes_macro_is_told(tmp_path):
    """Round 30 (H10): ``\\long\\def\\nba#1{\\ifnotes#1\\fi}``, ``\\let\\nbd\\nba``, only
    ``\\nbd{<note>}`` used, ``\\notesfalse``: exit 0, warnings 0, the note shipped. Now told,
    through the copy; ``\\notestrue`` (printed), nothing said."""
    preamble = "\\newif\\ifnotes\\notes%s\n\\long\\def\\nba#1{\\ifnotes#1\\fi}\n\\let\\nbd\\nba"
    body = "Intro. \\nbd{PRIVATE LC1 ask Bob Jones via the copy} More."
    _paper(tmp_path, preamble % "false", body)
    files, told = packed(tmp_path, "--anonymous", warnings=1)
    assert "PRIVATE LC1" in files["main.tex"]
    assert "warning: main.tex:7: \\nbd{PRIVATE LC1 ask Bob Jones via the copy} is hidden by " \
           "\\ifnotes inside \\nba, false there (\\newif\\ifnotes), through \\let\\nbd\\nba: " \
           "text TeX does not print" in told, told
    _paper(tmp_path, preamble % "true", body)
    packed(tmp_path, "--anonymous", warnings=0)
