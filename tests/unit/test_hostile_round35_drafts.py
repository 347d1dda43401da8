"""Hostile round 35's draft rows the pack refused rightly but worded with the wrong source line,
or none (M1, M3, M3c, M4, M11): the source's reading (``figures/paper/drafts.py``) names the
line TeX took the draft from. The pass itself is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

from pathlib import Path

import pytest

from figures.paper import drafts
from figures.paper.latex import read_paper

_BODY = "\\begin{document}\nIntro. \\includegraphics[width=3cm]{a.png} More.\n\\end{document}\n"


def _paper(folder: Path, files: dict[str, str]):
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return read_paper(folder, Path("main.tex"))


def test_requirepackage_draft_before_the_class_is_named(tmp_path):
    r"""Round 35 (M1): ``\RequirePackage[draft]{graphicx}`` before ``\documentclass{article}``
    framed the figure, and the pack said it was "set by code the pack cannot name" (only
    ``\usepackage[draft]{graphicx}`` was read). It names main.tex:1 now."""
    paper = _paper(tmp_path, {"main.tex": "\\RequirePackage[draft]{graphicx}\n"
                              "\\documentclass{article}\n\\usepackage{graphicx}\n" + _BODY})
    assert drafts.draft(paper) == "graphicx's option draft (main.tex:1): graphicx prints a frame"


@pytest.mark.parametrize(("files", "said"), [
    ({"labart.cls": "\\NeedsTeXFormat{LaTeX2e}\\ProvidesClass{labart}\n\\LoadClass{article}\n"
                    "\\RequirePackage[draft]{graphicx}\n",
      "main.tex": "\\documentclass{labart}\n"},
     "graphicx's option draft (labart.cls:3): graphicx prints a frame"),
    ({"preamble.tex": "% the lab's preamble\n\\documentclass[draft]{article}\n"
                      "\\usepackage{graphicx}\n",
      "main.tex": "\\input{preamble}\n"},
     "the class option draft (preamble.tex:2): graphicx prints a frame")],
    ids=["M3-own-class", "M4-input-preamble"])
def test_the_draft_is_named_in_the_file_that_holds_it(tmp_path, files, said):
    r"""Round 35 (M3): a ``labart.cls`` beside the paper, ``\LoadClass{article}`` then
    ``\RequirePackage[draft]{graphicx}``: "set by code the pack cannot name"; it names
    labart.cls:3 now. Round 35 (M4): ``\documentclass[draft]{article}`` in preamble.tex,
    main.tex ``\input{preamble}``: the refusal said "the class option draft (main.tex)", a
    file with no ``\documentclass``; it names preamble.tex and its line now."""
    paper = _paper(tmp_path, {**files, "main.tex": files["main.tex"] + _BODY})
    assert drafts.draft(paper) == said


@pytest.mark.parametrize(("cls", "said"), [
    ("\\PassOptionsToPackage{draft}{graphicx}\n\\LoadClass{article}\n",
     "graphicx's option draft (labart.cls:2): graphicx prints a frame"),
    ("\\LoadClass{article}\n\\RequirePackage{graphicx}\\PassOptionsToPackage{draft}{graphicx}\n",
     None)], ids=["M3c-before-loading", "passed-after-loading"])
def test_the_papers_own_class_is_read_where_documentclass_loads_it(tmp_path, cls, said):
    r"""Round 35 (M3c): a ``labart.cls`` beside the paper with
    ``\PassOptionsToPackage{draft}{graphicx}\LoadClass{article}``, main.tex
    ``\documentclass{labart}\usepackage{graphicx}``: TeX reads the class at
    ``\documentclass``, before graphicx is loaded, so graphicx hears the draft; the reading put
    the class after main.tex and stopped at its ``\usepackage{graphicx}``, so the pack said
    "set by code the pack cannot name". The class is read where it is loaded: labart.cls:2 is
    named; passed after graphicx is loaded, it is still none."""
    paper = _paper(tmp_path, {
        "labart.cls": "\\NeedsTeXFormat{LaTeX2e}\\ProvidesClass{labart}\n" + cls,
        "main.tex": "\\documentclass{labart}\n\\usepackage{graphicx}\n" + _BODY})
    assert drafts.draft(paper) == said


def test_the_papers_own_package_is_read_where_it_is_loaded(tmp_path):
    r"""Round 35 (M3c), a package alike: ``\usepackage{labstyle}\usepackage{graphicx}`` with
    labstyle.sty passing ``draft`` to graphicx (loading nothing) is heard; after graphicx,
    it is not."""
    style = {"labstyle.sty": ("\\ProvidesPackage{labstyle}\n"
                              "\\PassOptionsToPackage{draft}{graphicx}\n")}
    paper = _paper(tmp_path, {**style, "main.tex": (
        "\\documentclass{article}\n\\usepackage{labstyle}\\usepackage{graphicx}\n" + _BODY)})
    assert drafts.draft(paper) == ("graphicx's option draft (labstyle.sty:2): graphicx prints "
                                   "a frame")
    paper = _paper(tmp_path, {**style, "main.tex": (
        "\\documentclass{article}\n\\usepackage{graphicx}\\usepackage{labstyle}\n" + _BODY)})
    assert drafts.draft(paper) is None


@pytest.mark.parametrize(("preamble", "options", "why"), [
    ("\\usepackage{pdfpages}\\includepdfset{draft}", "pages=1-3",
     "\\includepdfset{draft} at main.tex:3"),
    ("\\usepackage{pdfpages}\n\\includepdfset{ pages=1, draft }", "pages=1-3",
     "\\includepdfset{pages=1, draft} at main.tex:4"),
    ("\\usepackage{pdfpages}\\includepdfset{draft}", "pages=1-3,final", ""),
    ("\\usepackage[draft]{pdfpages}\\includepdfset{draft=false}", "pages=1-3", ""),
    ("\\usepackage{pdfpages}\\includepdfset{draft}\\includepdfset{pages=1}", "", ""),
    ("\\usepackage{pdfpages}", "pages=1-3", "")],
    ids=["M11", "M11-keys", "own-final", "set-final", "set-again", "none"])
def test_includepdfset_draft_is_named(tmp_path, preamble, options, why):
    r"""Round 35 (M11): ``\includepdfset{draft}`` (no ``final`` anywhere) framed the pages, and
    the pack blamed "a final TeX never hears ..." the paper does not have. The setting is
    read, at its line; an include's own ``final``, a later ``\includepdfset`` (which
    replaces the setting) without it, or one with ``draft=false``, undoes it."""
    paper = _paper(tmp_path, {"main.tex": (
        f"\\documentclass{{article}}\n\\usepackage{{graphicx}}\n{preamble}\n"
        f"\\begin{{document}}\nIntro. \\includepdf[{options}]{{multi.pdf}} After.\n"
        "\\end{document}\n")})
    line = 5 + preamble.count("\n")
    assert drafts.pdfpages_drafts(paper) == [("multi.pdf", f"main.tex:{line}", why, False)]
