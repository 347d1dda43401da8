"""Round 27: rows of that hostile pass mended on the harden branch: a zero trim told as a
clip (K2), draft mode passed to graphicx by ``\\PassOptionsToPackage`` (DP), and a width given
to ``figures.draw`` as a string (DR). The pass itself, case by case, is in docs/guarantees.md
("Hostile passes")."""

from __future__ import annotations

import pytest
from helpers import figures_as_a_user, pack_refused, write_files
from PIL import Image

import figures
from figures.errors import FigureDataError
from figures.pack.notices import _cuts


def _paper(root, preamble: str, include: str, *, image: str = "shot.png",
           documentclass: str = "\\documentclass{article}") -> None:
    """``root/p``: ``DOCUMENTCLASS`` with ``PREAMBLE``, then ``INCLUDE`` (line 6 when the
    preamble is one line) of ``IMAGE`` (a PNG, or a one-page PDF)."""
    (root / "p").mkdir(parents=True)
    Image.new("RGB", (120, 80), (30, 160, 30)).save(root / "p" / image)
    write_files(root / "p", {"main.tex": (
        f"{documentclass}\n{preamble}\n\\author{{Anonymous}}\n\\begin{{document}}\n"
        f"Text.\n{include}\n\\end{{document}}\n")})


@pytest.mark.parametrize(("options", "cuts"), [
    ("trim=0 0 0 0,clip", False), ("trim={0pt 0pt 0pt 0pt},clip", False),
    ("trim=0 10 0 0,clip", True), ("trim=.5 0 0 0", True), ("trim=\\mytrim,clip", True),
    ("viewport=0 0 10 10,clip", True), ("width=3cm", False)])
def test_a_trim_of_zero_cuts_nothing(options, cuts):
    """Round 27 (K2): ``trim=0 0 0 0,clip`` was told "clipped on the page ... the archive
    ships the whole image": a zero trim hides nothing. One written by a macro is taken to
    cut (its lengths cannot be read here)."""
    assert _cuts(options) is cuts


@pytest.mark.slow  # TeX compiles the archive
def test_an_include_trimmed_by_zero_is_not_told_as_clipped(tmp_path):
    """Round 27 (K2), through the pack: no clip warning for ``trim=0 0 0 0,clip``."""
    _paper(tmp_path, "\\usepackage{graphicx}",
           "\\includegraphics[trim=0 0 0 0,clip,width=3cm]{shot}")
    ran = figures_as_a_user(tmp_path, "pack", "p", "--anonymous", "--out", "p.tar.gz",
                            timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "clipped on the page" not in ran.stderr, ran.stderr


@pytest.mark.slow  # TeX compiles the archive
def test_draft_passed_to_graphicx_by_passoptionstopackage_stops_the_pack(tmp_path):
    r"""Round 27 (DP): ``\PassOptionsToPackage{draft}{graphicx}`` before ``\usepackage
    {graphicx}``: the archive printed a frame with "shot.png" in place of the image, packed
    with no word (the class option and ``\usepackage[draft]{graphicx}`` stop it since round
    26, PD). The same reading now knows the passed option."""
    _paper(tmp_path, "\\PassOptionsToPackage{draft}{graphicx}\n\\usepackage{graphicx}",
           "\\includegraphics[width=3cm]{shot}")
    assert pack_refused(tmp_path).startswith(
        "error: main.tex: graphicx's option draft (main.tex:2): graphicx prints a frame for "
        "each image: the archive's PDF prints shot.png's on page 1 in place of the figure "
        "included at main.tex:7; remove it; the pack stops")


def test_a_width_given_as_a_string_says_so():
    """Round 27 (DR): ``figures.draw(name, "icml", "3.25")`` was refused with "a width in
    inches from 1 to icml's text width (6.75 in)", though 3.25 is within it: the fault, a
    string where a number goes, is named."""
    with pytest.raises(FigureDataError) as refused:
        figures.draw("cifar_summary", "icml", "3.25")
    assert str(refused.value).startswith(
        "slot: '3.25' (a str: a width is a number, 3.25 without quotes): a venue figure is "
        "drawn for \"column\", \"text\" or a width in inches from 1 to icml's text width")


def _supplement(root, documentclass: str, include: str) -> None:
    """``root/p``: ``supp.pdf`` (one page) appended with pdfpages' ``INCLUDE``."""
    _paper(root, "\\usepackage{pdfpages}", include, image="supp.pdf", documentclass=documentclass)


@pytest.mark.slow  # TeX compiles the archive
@pytest.mark.parametrize(("documentclass", "include", "why"), [
    ("\\documentclass{article}", "\\includepdf[draft,pages=-]{supp.pdf}", "its own draft key"),
    ("\\documentclass[draft]{article}", "\\includepdf[pages=-]{supp}",
     "the class option draft")], ids=["D3", "D4"])
def test_pdfpages_in_draft_mode_stops_the_pack(tmp_path, documentclass, include, why):
    r"""Round 27 (D3, D4): ``\includepdf[draft]`` or a draft class: pdfpages prints a frame
    with "supp.pdf" in place of the supplement's pages; pack said nothing, exit 0 (graphicx's
    draft stops it since round 26, PD). Now one line naming the include, where and why."""
    _supplement(tmp_path, documentclass, include)
    name = include[include.index("{") + 1:-1]
    assert pack_refused(tmp_path).startswith(
        f"error: main.tex: \\includepdf{{{name}}} at main.tex:6 in draft mode ({why}): pdfpages "
        "prints a frame with the file's name in place of its pages (page 2 of the archive's "
        "PDF); remove draft; the pack stops")


@pytest.mark.slow  # TeX compiles the archive
def test_pdfpages_final_under_a_draft_class_packs(tmp_path):
    r"""Round 27 (D4), the control: ``\includepdf[draft=false]`` under a draft class prints the
    pages: no refusal."""
    _supplement(tmp_path, "\\documentclass[draft]{article}",
                "\\includepdf[draft=false]{supp.pdf}")
    ran = figures_as_a_user(tmp_path, "pack", "p", "--out", "p.tar.gz", timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr


@pytest.mark.slow  # TeX compiles the archive
@pytest.mark.parametrize(("preamble", "include", "image"), [
    ("\\PassOptionsToPackage{final}{graphicx}\n\\usepackage{graphicx}",
     "\\includegraphics[width=3cm]{shot}\nThe file is \\texttt{shot.png}.", "shot.png"),
    ("\\PassOptionsToPackage{final}{pdfpages}\n\\usepackage{pdfpages}",
     "\\includepdf{supp.pdf}\nThe file is \\texttt{supp.pdf}.", "supp.pdf")],
    ids=["graphicx", "pdfpages"])
def test_final_passed_to_the_package_undoes_a_draft_class(tmp_path, preamble, include, image):
    r"""Round 28 (D3): a draft class with ``\PassOptionsToPackage{final}{graphicx}`` (or
    ``{pdfpages}``) prints the image, but the text naming its file was taken for the draft
    frame: the pack stopped a paper right by hand (round 27 D1's class). The passed ``final``
    is read as the package's own."""
    _paper(tmp_path, preamble, include, image=image,
           documentclass="\\documentclass[draft]{article}")
    ran = figures_as_a_user(tmp_path, "pack", "p", "--out", "p.tar.gz", timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
