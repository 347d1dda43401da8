"""Hostile rounds 23 to 25's unclear pack rows on what an archive holds that the page does not
show (issue 45): notes hidden by a switch TeX reads and discards (round 24, N5), a screenshot
cropped on the page only (round 23, F3), arXiv's ancillary files TeX never reads (round 25,
AN). Each is one warning line naming the file; the pack is not refused."""

from __future__ import annotations

import pytest
from helpers import figures_as_a_user, packed, write_files

pytestmark = pytest.mark.slow


def _paper(root, preamble: str, intro: str) -> None:
    """Round 24's layout: ``main.tex`` (``preamble``) inputs ``sec/intro.tex`` (``intro``)."""
    write_files(root / "p", {
        "main.tex": "\\documentclass{article}\n" + preamble + "\n\\author{Anonymous}\n"
                    "\\begin{document}\n\\input{sec/intro}\n\\end{document}\n",
        "sec/intro.tex": intro})


_HIDDEN = {
    "TD": ("\\usepackage[disable]{todonotes}",
           ("Intro text here.\\todo{PRIVATE NOTES TD: ask Bob Jones (reviewer 2) about DFA.}\n"
           "Second paragraph VISIBLE here.\n"),
           ("sec/intro.tex:1: \\todo{PRIVATE NOTES TD: ask Bob Jones (reviewer 2) about DFA.} "
           "is hidden by todonotes' disable option")),
    "NI": ("\\newif\\ifnotes",
           ("Intro text here.\n\\ifnotes PRIVATE NOTES NI: reviewer 2 is Bob Jones.\\fi\n"
           "Second paragraph VISIBLE here.\n"),
           ("sec/intro.tex:2: \\ifnotes PRIVATE NOTES NI: reviewer 2 is Bob Jones. is hidden by "
           "\\ifnotes, false there (\\newif\\ifnotes)")),
    "EN": ("\\usepackage{environ}\n\\NewEnviron{notes}{}",
           ("Intro text here.\n\\begin{notes}\nPRIVATE NOTES EN: reviewer 2 is Bob Jones.\n"
           "\\end{notes}\nSecond paragraph VISIBLE here.\n"),
           ("sec/intro.tex:2: \\begin{notes} PRIVATE NOTES EN: reviewer 2 is Bob Jones. is hidden "
           "by the notes environment, which discards its body (\\NewEnviron{notes})")),
    "BX": ("\\newenvironment{notes}{\\setbox0\\vbox\\bgroup}{\\egroup}",
           ("Intro text here.\n\\begin{notes}\nPRIVATE NOTES BX: reviewer 2 is Bob Jones.\n"
           "\\end{notes}\nSecond paragraph VISIBLE here.\n"),
           ("sec/intro.tex:2: \\begin{notes} PRIVATE NOTES BX: reviewer 2 is Bob Jones. is hidden "
           "by the notes environment, which discards its body (\\newenvironment{notes})")),
    "EL": ("\\newif\\ifanon\\anontrue",
           ("Intro text here.\n\\ifanon Second paragraph VISIBLE here.\\else\n"
           "PRIVATE NOTES EL: thanks to Bob Jones.\\fi\n"),
           ("sec/intro.tex:2: \\else PRIVATE NOTES EL: thanks to Bob Jones. is hidden by "
           "\\ifanon, true there (\\newif\\ifanon)")),
    "JM": ("\\newcommand{\\jm}[1]{}",
           ("Intro text here.\\jm{PRIVATE NOTES JM: reviewer 2 is Bob Jones.}\n"
           "Second paragraph VISIBLE here.\n"),
           ("sec/intro.tex:1: \\jm{PRIVATE NOTES JM: reviewer 2 is Bob Jones.} is hidden by "
            "\\jm, which drops that argument (\\newcommand{\\jm})")),
    "TG": ("\\usepackage{etoolbox}\n\\newtoggle{notes}\\togglefalse{notes}",
           ("Intro text here.\n\\iftoggle{notes}{PRIVATE NOTES TG: reviewer 2 is Bob Jones.}{}\n"
           "Second paragraph VISIBLE here.\n"),
           ("sec/intro.tex:2: \\iftoggle{notes}{PRIVATE NOTES TG: reviewer 2 is Bob Jones.} is "
           "hidden by \\iftoggle{notes}, false there (\\newtoggle{notes})")),
    "BO": ("\\usepackage{ifthen}\n\\newboolean{notes}\\setboolean{notes}{false}",
           ("Intro text here.\n\\ifthenelse{\\boolean{notes}}{PRIVATE NOTES BO: reviewer 2 is "
           "Bob Jones.}{}\nSecond paragraph VISIBLE here.\n"),
           ("sec/intro.tex:2: \\ifthenelse{\\boolean{notes}}{PRIVATE NOTES BO: reviewer 2 is Bob "
           "Jones.} is hidden by \\ifthenelse{\\boolean{notes}}, false there "
           "(\\newboolean{notes})")),
}


@pytest.mark.parametrize("case", sorted(_HIDDEN))
def test_notes_a_switch_hides_are_one_warning_under_anonymous(tmp_path, case):
    """Round 24 (N5): ``\\usepackage[disable]{todonotes}`` with ``\\todo{PRIVATE NOTES ...}``
    (TD), ``\\newif\\ifnotes`` with ``\\ifnotes PRIVATE NOTES ...\\fi`` (NI), environ's
    ``\\NewEnviron{notes}{}`` (EN), a box that is never used (BX), an ``\\else`` branch of a
    true switch (EL), a command of the paper's that drops its argument (JM,
    ``\\newcommand{\\jm}[1]{}``): ``pack --anonymous`` exit 0, warnings 0, the notes in the
    archive. TeX reads and discards them, so no comment stripping takes them; the pack now says, one
    line for the file, where they are, what hides them, and to remove them. Round 27 (H3): the
    same behind etoolbox's ``\\iftoggle{notes}`` (TG) and ifthen's
    ``\\ifthenelse{\\boolean{notes}}`` (BO), the two usual switches besides ``\\newif``."""
    preamble, intro, said = _HIDDEN[case]
    _paper(tmp_path, preamble, intro)
    files, told = packed(tmp_path, "--anonymous", warnings=1)
    assert f"PRIVATE NOTES {case}" in files["sec/intro.tex"]  # warned, not refused nor cut
    assert f"warning: {said}: text TeX does not print, shipped in the archive (the page " \
           "never shows it): remove it before you submit" in told, told


def test_several_hidden_notes_in_a_file_are_one_line(tmp_path):
    """Round 24 (N5): two ``\\ifnotes`` blocks and a ``\\todo`` in one file: one warning
    naming the first and the lines of the others."""
    _paper(tmp_path, "\\usepackage[disable]{todonotes}\n\\newif\\ifnotes",
           "Intro text here.\n\\ifnotes PRIVATE NOTES A: reviewer 2 is Bob Jones.\\fi\n"
           "Second paragraph VISIBLE here.\\todo{PRIVATE NOTES B: ask Bob Jones again.}\n\n"
           "\\ifnotes\nPRIVATE NOTES C: cut the DFA ablation now.\n\\fi\n")
    files, told = packed(tmp_path, "--anonymous", warnings=1)
    assert "PRIVATE NOTES C" in files["sec/intro.tex"]
    assert "sec/intro.tex:2: \\ifnotes PRIVATE NOTES A: reviewer 2 is Bob Jones. is hidden " \
           "by \\ifnotes, false there (\\newif\\ifnotes) (and 2 more, lines 3, 5): text TeX " \
           "does not print" in told, told


@pytest.mark.parametrize("preamble", [
    "\\usepackage{todonotes}\n\\newif\\ifnotes\\notestrue",
    "\\usepackage{todonotes}\n\\newif\\ifnotes\n\\input{switch}"])
def test_notes_the_page_prints_are_not_told(tmp_path, preamble):
    """Round 24 (N5), the controls: todonotes without ``disable`` (the note in the margin)
    and ``\\notestrue`` (here, or in a file read before): TeX prints the notes, the page is
    the judge, and nothing is said; without ``--anonymous`` nothing either."""
    _paper(tmp_path, preamble, "Intro text here.\\todo{PRIVATE NOTES TD: ask Bob Jones "
           "(reviewer 2) about DFA.}\n\\ifnotes PRIVATE NOTES NI: reviewer 2 is Bob Jones.\\fi\n"
           "Second paragraph VISIBLE here.\n")
    (tmp_path / "p" / "switch.tex").write_text("\\notestrue\n")
    packed(tmp_path, "--anonymous", warnings=0)


def test_a_printed_toggle_or_boolean_branch_is_not_told(tmp_path):
    """Round 27 (H3), the control: ``\\toggletrue{notes}`` and ``\\setboolean{notes}{true}``
    print the first branches; the empty others hold nothing: nothing said."""
    _paper(tmp_path, "\\usepackage{etoolbox,ifthen}\n\\newtoggle{notes}\\toggletrue{notes}\n"
           "\\newboolean{draft}\\setboolean{draft}{true}",
           "Intro text here.\n\\iftoggle{notes}{PRIVATE NOTES TG: reviewer 2 is Bob Jones.}{}\n"
           "\\ifthenelse{\\boolean{draft}}{PRIVATE NOTES BO: ask Bob Jones again.}{}\n"
           "Second paragraph VISIBLE here.\n")
    packed(tmp_path, "--anonymous", warnings=0)


_NOTES = ("\\usepackage{xcolor}\n\\newif\\ifcomments \\comments%s\n"
          "\\newcommand{\\note}[1]{\\ifcomments\\textcolor{red}{[#1]}\\fi}\n"
          "\\newcommand{\\alice}[1]{\\ifcomments\\textcolor{blue}{Alice: #1}\\fi}")


def test_a_notes_macro_behind_a_switch_is_told(tmp_path):
    """Round 27 (H5): the commonest notes macro, ``\\newcommand{\\note}[1]{\\ifcomments
    \\textcolor{red}{[#1]}\\fi}`` with ``\\commentsfalse``: ``pack --anonymous`` exit 0,
    warnings 0, both notes in the archive (only an argument the body drops outright was looked
    at). Now its uses are looked at too, the page the judge, the command and switch named."""
    _paper(tmp_path, _NOTES % "false",
           "Intro text here.\\note{PRIVATE NOTES NT: ask Bob Jones, reviewer two is him}\n"
           "Second paragraph VISIBLE here.\\alice{PRIVATE NOTES NT2: cite our ICML paper}\n")
    files, told = packed(tmp_path, "--anonymous", warnings=1)
    assert "PRIVATE NOTES NT2" in files["sec/intro.tex"]  # warned, not cut
    assert "warning: sec/intro.tex:1: \\note{PRIVATE NOTES NT: ask Bob Jones, reviewer two is " \
           "him} is hidden by \\ifcomments inside \\note, false there (\\newif\\ifcomments) " \
           "(and 1 more, lines 2): text TeX does not print" in told, told


def test_a_notes_macro_the_page_prints_is_not_told(tmp_path):
    """Round 27 (H5), the control: ``\\commentstrue`` prints the notes: nothing said."""
    _paper(tmp_path, _NOTES % "true",
           "Intro text here.\\note{PRIVATE NOTES NT: ask Bob Jones, reviewer two is him}\n"
           "Second paragraph VISIBLE here.\\alice{PRIVATE NOTES NT2: cite our ICML paper}\n")
    packed(tmp_path, "--anonymous", warnings=0)


def test_an_iffalse_block_is_told(tmp_path):
    """Round 27 (IFF): ``\\iffalse`` / ``PRIVATE NOTES ..`` / ``\\fi`` shipped with warnings 0
    (such blocks are kept), while the same text behind a false ``\\newif`` was told. Now it is
    told alike, naming ``\\iffalse``; an ``\\iftrue ... \\else`` draft toggle's printed branch
    is not."""
    _paper(tmp_path, "", "Intro text here.\n\\iffalse\nPRIVATE NOTES IFF: Bob Jones is reviewer "
           "two\n\\fi\n\\iftrue Second paragraph VISIBLE here.\\else Old text.\\fi\n")
    files, told = packed(tmp_path, "--anonymous", warnings=1)
    assert "PRIVATE NOTES IFF" in files["sec/intro.tex"]
    assert "warning: sec/intro.tex:2: \\iffalse PRIVATE NOTES IFF: Bob Jones is reviewer two is " \
           "hidden by \\iffalse: text TeX does not print" in told, told


def test_hidden_notes_are_not_told_without_anonymous(tmp_path):
    """Round 24 (N5): the warning is the review copy's; an arXiv pack says nothing."""
    preamble, intro, _ = _HIDDEN["TD"]
    _paper(tmp_path, preamble, intro)
    packed(tmp_path, warnings=0)


def test_excludecomment_notes_are_stripped_not_told(tmp_path):
    """Round 24 (N5): comment.sty's ``\\excludecomment{notes}`` is already stripped: the
    notes go, no warning."""
    _paper(tmp_path, "\\usepackage{comment}\n\\excludecomment{notes}",
           "Intro text here.\n\\begin{notes}\nPRIVATE NOTES XC: reviewer 2 is Bob Jones.\n"
           "\\end{notes}\nSecond paragraph VISIBLE here.\n")
    files, _ = packed(tmp_path, "--anonymous", warnings=0)
    assert "PRIVATE" not in files["sec/intro.tex"]


def _screenshot(path) -> None:
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (600, 400), "white")
    draw = ImageDraw.Draw(image)
    draw.text((20, 50), "RESULTS PLOT", fill="black")
    draw.text((20, 350), "logged in as Janet Smithson (jsmithson@mit.edu)", fill="black")
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path)


def _packed_image(cwd, warnings: int) -> str:
    """``pack p --anonymous`` exit 0 with ``warnings``, the whole screenshot in the archive:
    what it printed."""
    import tarfile

    from PIL import Image

    ran = figures_as_a_user(cwd, "pack", "p", "--anonymous", "--out", "p.tar.gz", timeout=300)
    assert ran.returncode == 0, ran.stderr
    assert ran.stderr.splitlines()[-1].endswith(f"warnings: {warnings}"), ran.stderr
    with tarfile.open(cwd / "p.tar.gz") as archive:
        assert Image.open(archive.extractfile("figs/shot.png")).size == (600, 400)
    return ran.stderr


@pytest.mark.parametrize("include", [("\\includegraphics[trim=0 100 0 0,clip,width=3in]"
                                     "{figs/shot.png}"),
                                     ("\\includegraphics*[viewport=0 100 600 400,width=3in]"
                                     "{figs/shot}")])
def test_a_clipped_image_is_told_to_ship_whole(tmp_path, include):
    """Round 23 (F3): a screenshot whose bottom 100 px name the author, cropped on the page by
    ``trim`` and ``clip`` (or ``viewport`` with ``\\includegraphics*``): the anonymous archive
    shipped the whole image without a word (pdfTeX embeds it whole too)."""
    _screenshot(tmp_path / "p" / "figs" / "shot.png")
    write_files(tmp_path / "p", {"main.tex": (
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\author{Anonymous}\n"
        f"\\begin{{document}}\nText.\n{include}\n\\end{{document}}\n")})
    told = _packed_image(tmp_path, 1)
    assert "warning: figs/shot.png (main.tex:6): clipped on the page (trim or viewport with " \
           "clip), but the archive ships the whole image, and the PDF embeds it whole: crop " \
           "the file itself if the hidden part names anyone" in told, told


def test_an_image_placed_whole_is_not_told(tmp_path):
    """Round 23 (F3), the control: a trim without clip (the image drawn whole, overlapping)
    and a plain include: nothing said."""
    _screenshot(tmp_path / "p" / "figs" / "shot.png")
    write_files(tmp_path / "p", {"main.tex": (
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\author{Anonymous}\n"
        "\\begin{document}\nText.\n\\includegraphics[trim=0 100 0 0,width=3in]{figs/shot}\n"
        "\\includegraphics[width=1in]{figs/shot}\n\\end{document}\n")})
    _packed_image(tmp_path, 0)


def test_arxivs_ancillary_folder_is_told_left_out(tmp_path):
    """Round 25 (AN): ``anc/results_full.csv`` and ``anc/reproduce.py`` beside ``main.tex``
    (arXiv serves ``anc/`` with the paper; TeX never reads it): the archive was ``main.tex``
    alone, warnings 0. Only what TeX read goes in, so the folder stays out, and one line
    says so."""
    write_files(tmp_path / "p", {
        "main.tex": "\\documentclass{article}\n\\begin{document}\nThe full results are in "
                    "\\texttt{anc/results\\_full.csv}.\n\\end{document}\n",
        "anc/results_full.csv": "method,acc\nBP,61.5\n", "anc/reproduce.py": "print(1)\n"})
    files, told = packed(tmp_path, warnings=1)
    assert sorted(files) == ["main.tex"]
    assert "warning: anc/: arXiv's ancillary files (2 files), not read by TeX: left out of " \
           "the archive, which holds only what TeX read; add them to it by hand if you mean " \
           "to submit them" in told, told
