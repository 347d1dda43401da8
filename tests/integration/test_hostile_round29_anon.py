"""Hostile round 29's rows on the anonymous pack's hidden-notes warning (issue 45): notes
macros of any xparse argument specification and etoolbox's robust definers (H1), a command
``\\let`` to the kernel's ``\\@gobble`` (K4), an uncited entry of a ``.bib`` written by
``filecontents*`` in main.tex (K1), each shipped with warnings 0."""

from __future__ import annotations

import pytest
from helpers import packed, write_files

pytestmark = pytest.mark.slow


def _paper(root, preamble: str, body: str) -> None:
    write_files(root / "p", {
        "main.tex": "\\documentclass{article}\n\\usepackage{xcolor,etoolbox}\n" + preamble +
                    "\n\\author{Anonymous}\n\\begin{document}\n" + body + "\n\\end{document}\n"})


def test_notes_macros_of_any_argument_specification_are_told(tmp_path):
    """Round 29 (H1): ``\\NewDocumentCommand{\\note}{+m}``, ``{O{blue} m}``, ``{s m}``,
    ``\\NewExpandableDocumentCommand`` and etoolbox's ``\\newrobustcmd``, each using its note
    only inside ``\\ifcomments`` (false): ``pack --anonymous`` exit 0, warnings 0, all five
    notes shipped. Now one warning names the first and the lines of the others."""
    preamble = (
        "\\newif\\ifcomments \\comments%s\n"
        "\\NewDocumentCommand{\\note}{+m}{\\ifcomments\\textcolor{red}{[#1]}\\fi}\n"
        "\\NewDocumentCommand{\\alice}{O{blue} m}{\\ifcomments\\textcolor{#1}{Alice: #2}\\fi}\n"
        "\\NewDocumentCommand{\\bob}{s m}{\\ifcomments\\textcolor{red}{Bob: #2}\\fi}\n"
        "\\NewExpandableDocumentCommand{\\carol}{m}{\\ifcomments Carol: #1\\fi}\n"
        "\\newrobustcmd{\\dave}[1]{\\ifcomments\\textcolor{red}{Dave: #1}\\fi}")
    body = ("Intro text here.\n\\note{PRIVATE XP1 ask Bob Jones, reviewer two is him}\n"
            "\\alice[green]{PRIVATE XP2 cite our ICML paper from last year}\n"
            "\\bob*{PRIVATE XP3 our group at MIT did this first}\n"
            "\\carol{PRIVATE XP4 Carol Smith will check the proofs}\n"
            "\\dave{PRIVATE XP5 the code is on our group's page}\nMore text.")
    _paper(tmp_path, preamble % "false", body)
    files, told = packed(tmp_path, "--anonymous", warnings=1)
    assert "PRIVATE XP5" in files["main.tex"]  # warned, not cut
    assert "warning: main.tex:12: \\note{PRIVATE XP1 ask Bob Jones, reviewer two is him} is " \
           "hidden by \\ifcomments inside \\note, false there (\\newif\\ifcomments) (and 4 " \
           "more, lines 13, 14, 15, 16): text TeX does not print" in told, told
    _paper(tmp_path, preamble % "true", body)
    packed(tmp_path, "--anonymous", warnings=0)


def test_a_note_let_to_gobble_is_told(tmp_path):
    """Round 29 (K4): ``\\makeatletter\\let\\note\\@gobble\\makeatother`` and
    ``\\note{PRIVATE ...}``: pack exit 0, warnings 0, the note shipped. Now told, naming the
    ``\\let``; made ``\\@firstofone`` (printed), nothing said."""
    body = "Intro text here.\n\\note{PRIVATE LG1 ask Bob Jones, reviewer two is him}\nMore text."
    _paper(tmp_path, "\\makeatletter\\let\\note\\@gobble\\makeatother", body)
    _, told = packed(tmp_path, "--anonymous", warnings=1)
    assert "warning: main.tex:7: \\note{PRIVATE LG1 ask Bob Jones, reviewer two is him} is " \
           "hidden by \\note, which drops that argument (\\let\\note\\@gobble): text TeX does " \
           "not print" in told, told
    _paper(tmp_path, "\\makeatletter\\let\\note\\@firstofone\\makeatother", body)
    packed(tmp_path, "--anonymous", warnings=0)


def test_an_uncited_self_citation_in_a_filecontents_bib_is_told(tmp_path):
    """Round 29 (K1): a self-contained paper writing refs.bib with
    ``\\begin{filecontents*}[overwrite]{refs.bib}`` in main.tex, an uncited
    ``@article{ours2025,author={Smithson, Alice and Jones, Bob},...,note={... under review at
    ICML}}`` beside the cited entry: the archive ships it in main.tex, warnings 0. Now told,
    naming the entry's line and the environment; all cited, nothing said."""
    bib = ("\\begin{filecontents*}[overwrite]{refs.bib}\n"
           "@article{smith2020,author={Smith, John},title={A},journal={J},year={2020}}\n"
           "@article{ours2025,author={Smithson, Alice and Jones, Bob},title={Our earlier audit},"
           "note={PRIVATE KF1 under review at ICML},year={2025}}\n\\end{filecontents*}\n"
           "\\usepackage{natbib}")
    body = "Intro text here, following \\citet{%s}.\n\\bibliographystyle{plainnat}\\bibliography{refs}"
    _paper(tmp_path, bib, body % "smith2020")
    files, told = packed(tmp_path, "--anonymous", warnings=1)
    assert "PRIVATE KF1" in files["main.tex"]
    assert "warning: main.tex:5: @article{ours2025,author={Smithson, Alice and Jones, " \
           "Bob},title={Our earlier ... is hidden by \\begin{filecontents*}{refs.bib}, an " \
           "entry never cited (BibTeX leaves it out): text TeX does not print" in told, told
    _paper(tmp_path, bib, body % "smith2020,ours2025")
    packed(tmp_path, "--anonymous", warnings=0)
