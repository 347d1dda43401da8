"""Hostile round 33's pack rows (issue 45) on draft boxes the forced-final compile did not
reach: pgf's own draft (P3), animate's (P15), graphicx's ``demo`` passed from a package
beside the paper (P16), a saved ``\\Gin@setfile`` put back in the body (P4), and a draft set
in a package or class beside the paper (P5). The pass itself, case by case, is in
docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import pytest
from helpers import figures_as_a_user, pack_refused, write_files
from PIL import Image
from test_hostile_round31_pack import _paper


@pytest.mark.slow  # TeX compiles the archive
@pytest.mark.parametrize(("cls", "package", "body", "named"), [
    ("[draft]{article}", "\\usepackage{tikz}", "\\pgfimage[width=3cm,height=2cm]{a}",
     "the class option draft (main.tex:1), which pgf hears"),
    ("{article}", "\\usepackage[draft]{pgf}\\usepackage{tikz}",
     "\\pgfdeclareimage[width=3cm,height=2cm]{pic}{a}\\pgfuseimage{pic}",
     "pgf's option draft (main.tex:2)"),
    ("{article}", "\\usepackage{tikz}", "\\pgfimage[width=3cm,height=2cm,draft]{a}",
     "its own draft key, \\pgfimage[width=3cm,height=2cm,draft] at main.tex:6")],
    ids=["class", "option", "key"])
def test_pgf_own_draft_box_is_refused(tmp_path, cls, package, body, named):
    r"""Round 33 (P3): pgf's own draft (``\pgfimage`` under ``\documentclass[draft]``, which
    pgf hears; ``\usepackage[draft]{pgf}``; an image's own ``draft`` key) prints a box with
    the file's name in place of the image: the pack said nothing, exit 0 (the forced compile
    forced graphicx only, so both compiles drew the box). The class's draft is now made
    final for every package after the class, pgf's switch and key made void: the forced
    compile places the image, and the pack stops naming where the draft is."""
    _paper(tmp_path, "", body, cls=cls, package=package)
    said = pack_refused(tmp_path)
    for word in (named, "pgf prints its draft box in place of a.png", "page 1",
                 "remove that draft"):
        assert word in said, said


@pytest.mark.slow  # TeX compiles the archive
def test_animate_own_draft_box_is_refused(tmp_path):
    r"""Round 33 (P15): ``\documentclass[draft]{article}\usepackage{animate}`` (animate reads
    the class's draft through ifdraft) and ``\animategraphics``: an empty box packed in place
    of the animation, exit 0, its later frames left out of the archive. The forced compile
    makes the class's draft final and animate's switch and key void, and an animation drawn
    there (a widget's appearance, no page's content) is compared too: the pack stops."""
    _paper(tmp_path, "\\usepackage{animate}", "\\animategraphics[width=3cm]{2}{fr}{0}{2}",
           cls="[draft]{article}")
    for frame in range(3):
        Image.new("RGB", (120, 80), (60 * frame, 160, 30)).save(tmp_path / "p" / f"fr{frame}.png")
    said = pack_refused(tmp_path)
    for word in ("the class option draft (main.tex:1), which animate hears",
                 "animate prints its draft box in place of fr0.png", "page 1"):
        assert word in said, said


def _beside(root, files: dict[str, str], preamble: str, cls: str = "article") -> None:
    """``root/p``: ``main.tex`` of class ``cls`` with ``preamble`` and an include of
    ``a.png``, beside ``files`` (a package or class of the paper's own)."""
    (root / "p").mkdir(parents=True)
    Image.new("RGB", (120, 80), (30, 160, 30)).save(root / "p" / "a.png")
    write_files(root / "p", {**files, "main.tex": (
        f"\\documentclass{{{cls}}}\n{preamble}\n\\begin{{document}}\n"
        "Intro. \\includegraphics[width=3cm]{a.png} More.\n\\end{document}\n")})


@pytest.mark.slow  # TeX compiles the archive
@pytest.mark.parametrize(("passed", "named"), [
    ("\\PassOptionsToPackage{demo}{graphicx}",
     "graphicx's option demo (labstyle.sty:2): graphicx prints a black box"),
    ("\\def\\labopt{demo}\\expandafter\\PassOptionsToPackage\\expandafter{\\labopt}{graphicx}",
     "prints no figure included at main.tex:4 on page 1 (forced final, it prints there)")],
    ids=["read", "asked"])
def test_demo_passed_from_a_package_beside_the_paper_is_refused(tmp_path, passed, named):
    r"""Round 33 (P16): ``labstyle.sty`` passing ``demo`` to graphicx: a black box packed in
    place of the figure, exit 0, ``a.png`` not even in the archive (``demo`` was read only
    from the class's options and the paper's ``.tex`` files, and forcing final did not undo
    it). The forced compile now puts graphics' own include back over demo's (the paper's
    folder searched after the archive's for a file no draft compile read), so the page
    comparison sees it; the source reading reads the packages of the paper's own folder it
    loads, and names the file and line (a demo it cannot read is still refused)."""
    _beside(tmp_path, {"labstyle.sty": ("\\ProvidesPackage{labstyle}\n"
                                        f"{passed}\n\\RequirePackage{{graphicx}}\n")},
            "\\usepackage{labstyle}")
    said = pack_refused(tmp_path)
    assert named in said, said
    assert "main.tex:4" in said, said


@pytest.mark.slow  # TeX compiles the archive
def test_a_saved_setfile_put_back_in_the_body_is_refused(tmp_path):
    r"""Round 33 (P4): the preamble keeps ``\let\mysetfile\Gin@setfile``, the body puts it
    back and sets ``\let\ifGin@draft\iftrue``: the forced compile's wrapper (put in at
    ``\begin{document}``) was removed, both compiles framed and the pack said nothing. The
    wrapper is now put in as graphics loads too, so the copy the paper keeps is the wrapper:
    the pack stops, naming the line."""
    _paper(tmp_path, "\\makeatletter\\let\\mysetfile\\Gin@setfile\\makeatother",
           "\\makeatletter\\let\\Gin@setfile\\mysetfile\\let\\ifGin@draft\\iftrue\\makeatother "
           "\\includegraphics[width=3cm]{a.png}")
    said = pack_refused(tmp_path)
    assert "by \\let\\ifGin@draft\\iftrue at main.tex:6" in said, said


@pytest.mark.slow  # TeX compiles the archive
@pytest.mark.parametrize(("files", "preamble", "cls", "named"), [
    ({"labstyle.sty": ("\\ProvidesPackage{labstyle}\n\\PassOptionsToPackage{draft}{graphicx}"
                       "\n\\RequirePackage{graphicx}\n")}, "\\usepackage{labstyle}", "article",
     "graphicx's option draft (labstyle.sty:2)"),
    ({"labart.cls": ("\\NeedsTeXFormat{LaTeX2e}\\ProvidesClass{labart}\n\\LoadClass{article}\n"
                     "\\RequirePackage{graphicx}\n\\AtBeginDocument{\\setkeys{Gin}{draft}}\n")},
     "", "labart", "\\setkeys{Gin}{draft} (labart.cls:4)")], ids=["sty", "cls"])
def test_a_draft_set_beside_the_paper_is_named_where_it_is(tmp_path, files, preamble, cls,
                                                           named):
    r"""Round 33 (P5): draft passed to graphicx in ``labstyle.sty``, or set by
    ``\setkeys{Gin}{draft}`` in ``labart.cls``, beside the paper: refused (right), but the
    line blamed "the class's option draft or its own" and never named the file. The source
    reading now reads the packages and classes of the paper's own folder it loads: the line
    names the file and line holding the draft."""
    _beside(tmp_path, files, preamble, cls)
    said = pack_refused(tmp_path)
    assert named in said, said
    assert "class's option" not in said, said


@pytest.mark.slow  # TeX compiles the archive
def test_a_correct_paper_with_pgf_animate_and_graphics_wrappers_packs(tmp_path):
    r"""Round 33 (P3, P4, P15, P16): the forced compile now reaches the class's options,
    pgf, animate, graphics as it loads and demo's include; a correct paper using them all
    (``\pgfimage``, ``\animategraphics``, graphbox's and epstopdf's ``\Gin@setfile``, an
    xsavebox, the word "draft" in the prose so the forced compile runs) places the same
    both ways: it packs."""
    _paper(tmp_path, "\\usepackage{tikz,animate,graphbox,epstopdf,xsavebox}",
           ("In this draft: \\pgfimage[width=2cm,height=1cm]{a} "
            "\\animategraphics[width=2cm]{2}{fr}{0}{1} \\includegraphics[align=c,width=2cm]{a.png}"
            " \\xsavebox{pic}{\\includegraphics[width=1cm]{a.png}}\\xusebox{pic}\\xusebox{pic}"))
    for frame in range(2):
        Image.new("RGB", (120, 80), (90 * frame, 160, 30)).save(tmp_path / "p" / f"fr{frame}.png")
    ran = figures_as_a_user(tmp_path, "pack", "p", "--out", "p.tar.gz", timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr


@pytest.mark.slow  # TeX compiles the archive twice
def test_a_figure_the_forced_compile_moves_to_another_page_is_no_frame(tmp_path):
    r"""Review of round 33's P3/P15 mend: the forced compile makes the class's ``draft``
    final for every package, fixme's too, whose inline note then prints nothing, so a float
    of a correct paper (``\documentclass[draft]``, ``\usepackage[final]{graphicx}``) moved
    from page 2 to page 1: "that page places more", the pack stopped. What the two compiles
    place is now compared over the whole paper (a frame is an image the archive places fewer
    times, wherever), the page only named."""
    write_files(tmp_path / "p", {"main.tex": (
        "\\documentclass[draft]{article}\n\\usepackage[inline]{fixme}\n"
        "\\usepackage[final]{graphicx}\n\\usepackage{lipsum}\n\\begin{document}\n"
        "This is the draft of our paper.\n\\lipsum[1-2]\\fxnote{\\lipsum[5]}\n"
        "\\begin{figure}[h!]\\centering\\includegraphics[width=0.6\\linewidth]{a.png}"
        "\\caption{One.}\\end{figure}\n\\lipsum[7-9]\n\\end{document}\n")})
    Image.new("RGB", (200, 150), (200, 30, 30)).save(tmp_path / "p" / "a.png")
    ran = figures_as_a_user(tmp_path, "pack", "p", "--out", "p.tar.gz", timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
