"""Hostile round 39's pack rows on what the page prints clipped: a screenshot (not ours)
cropped by a clip around a plain include under ``pack --anonymous`` (K4), and a figure of
ours printed cropped (F7/F10, the pack's side). Both are read from the PDF compiled from the
archive, which shows every clip whoever wrote it (graphicx, adjustbox, TikZ)."""

from __future__ import annotations

import pytest
from helpers import REPO, compiled_for_icml, cropped_copy, figures_as_a_user, write_files

pytestmark = pytest.mark.slow  # TeX compiles each archive

_TIKZ = ("\\begin{tikzpicture}\\clip %s;\\node[anchor=south west,inner sep=0] at (0,0) "
         "{\\includegraphics[width=%s]{%s}};\\end{tikzpicture}")
_ENDS = ("clipped on the page (a trim/clip on its include, or a clip around it: adjustbox's "
         "trim and clip, TikZ's \\clip), but the archive ships the whole image, and the PDF "
         "embeds it whole: crop the file itself if the hidden part names anyone")


def _screenshot(path, text: str = "logged in as Janet Smithson (jsmithson@mit.edu)") -> None:
    """Round 23's screenshot: 600 x 400 px, a name on its bottom line."""
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (600, 400), "white")
    draw = ImageDraw.Draw(image)
    draw.text((20, 50), "RESULTS PLOT", fill="black")
    draw.text((20, 350), text, fill="black")
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path)


def _shot_paper(root, preamble: str, body: str) -> None:
    _screenshot(root / "p" / "figs" / "shot.png")
    write_files(root / "p", {"main.tex": (
        f"\\documentclass{{article}}\n\\usepackage{{graphicx}}\n{preamble}\n"
        f"\\author{{Anonymous}}\n\\begin{{document}}\nText.\n{body}\n\\end{{document}}\n")})


def _packed(cwd, warnings: int) -> str:
    """``pack p --anonymous`` exit 0 with ``warnings``: what it printed."""
    ran = figures_as_a_user(cwd, "pack", "p", "--anonymous", "--out", "p.tar.gz", timeout=300)
    assert ran.returncode == 0, ran.stderr
    assert ran.stderr.splitlines()[-1].endswith(f"warnings: {warnings}"), ran.stderr
    return ran.stderr


#: Each way round 39 cropped the screenshot's bottom 100 px (the name) with a plain include.
_AROUND = {
    "adjustbox": ("\\usepackage{adjustbox}",
                  "\\adjustbox{trim=0 50 0 0,clip}{\\includegraphics[width=3in]{figs/shot}}"),
    "tikz clip": ("\\usepackage{tikz}",
                  _TIKZ % ("(0,0.5in) rectangle (3in,2in)", "3in", "figs/shot")),
}


@pytest.mark.parametrize("case", sorted(_AROUND))
def test_round39_k4_an_image_clipped_around_a_plain_include_is_told(tmp_path, case):
    """Round 39 (K4): a screenshot whose bottom line names the author, cropped on the page by
    ``\\adjustbox{trim=..,clip}{\\includegraphics[width=3in]{figs/shot}}`` or a TikZ ``\\clip``
    around ``\\node{\\includegraphics{..}}``: ``pack --anonymous`` shipped the whole screenshot
    with warnings 0 (only ``\\includegraphics``' own trim/clip keys were read). The PDF
    compiled from the archive shows the clip: one warning names the file (known by its size
    in pixels) and the page."""
    _shot_paper(tmp_path, *_AROUND[case])
    told = _packed(tmp_path, 1)
    assert f"warning: figs/shot.png (page 1): {_ENDS}" in told, told


def test_round39_k4_a_clip_that_cuts_nothing_and_a_trim_said_once(tmp_path):
    """Round 39 (K4), the controls: a TikZ ``\\clip`` larger than the image cuts nothing (no
    word); ``\\includegraphics[trim=..,clip]`` is told once, with its line, as before (the
    compiled page's clip does not say it again); two screenshots of one size, one clipped,
    are told apart by their pixels."""
    _screenshot(tmp_path / "p" / "figs" / "other.png", "nobody here")
    _shot_paper(tmp_path, "\\usepackage{tikz}",
                _TIKZ % ("(-1,-1) rectangle (4in,3in)", "3in", "figs/other") + "\n"
                "\\includegraphics[width=3in,trim=0 100 0 0,clip]{figs/shot}")
    told = _packed(tmp_path, 1)
    assert "warning: figs/shot.png (main.tex:8): clipped on the page (trim or viewport with " \
           "clip)" in told, told


def test_round39_k4_two_images_of_one_picture_are_both_named(tmp_path):
    """Round 39 (K4): the same screenshot under two names, one clipped by adjustbox: the PDF
    cannot tell which file it drew, so the warning names both."""
    _screenshot(tmp_path / "p" / "figs" / "copy.png")
    _shot_paper(tmp_path, "\\usepackage{adjustbox}",
                "\\adjustbox{trim=0 50 0 0,clip}{\\includegraphics[width=3in]{figs/shot}}\n"
                "\\includegraphics[width=1in]{figs/copy}")
    told = _packed(tmp_path, 1)
    assert "warning: figs/copy.png or figs/shot.png (page 1: an image of 600x400 px, one of " \
           f"them): {_ENDS}" in told, told


@pytest.fixture(scope="module")
def synced(tmp_path_factory):
    """tests/papers/twocol synced for ICML (our three figures) and compiled."""
    return compiled_for_icml(tmp_path_factory.mktemp("twocol"), REPO / "tests" / "papers" /
                             "twocol")


#: Round 39's crops of ``cifar_feature_drift`` (a column, 3.25 in = 8.255 cm wide): the
#: preamble line, the include's stand-in, whether it cuts.
_CROPS = {
    "adjincludegraphics": ("\\usepackage[export]{adjustbox}", (
        "\\adjincludegraphics[width=\\columnwidth,trim=0 0 0 20,clip]{cifar_feature_drift}"),
        True),
    "adjustbox": ("\\usepackage{adjustbox}", (
        "\\adjustbox{trim=0 0 0 20,clip}{\\includegraphics[width=\\columnwidth]"
        "{cifar_feature_drift}}"), True),
    "tikz clip": ("\\usepackage{tikz}", _TIKZ % ("(0,0) rectangle (8.255cm,5cm)",
                                                  "\\columnwidth", "cifar_feature_drift"), True),
    "trim on the include": ("", (
        "\\includegraphics[width=\\columnwidth,trim=0 0 0 20,clip]{cifar_feature_drift}"), True),
    "tikz clip larger": ("\\usepackage{tikz}", _TIKZ % ("(-1,-1) rectangle (9.5cm,9cm)",
                                                        "\\columnwidth", "cifar_feature_drift"),
                         False),
}


@pytest.mark.parametrize("case", sorted(_CROPS))
def test_round39_f7_f10_pack_says_a_figure_of_ours_printed_cropped(synced, tmp_path,
                                                                    monkeypatch, capsys, case):
    """Round 39 (F7/F10, pack): ``cifar_feature_drift`` printed with its top cut away by
    ``\\adjincludegraphics[..,trim=0 0 0 20,clip]`` (F7), a TikZ ``\\clip`` (F10), an
    ``\\adjustbox{trim,clip}`` (F11) or the include's own trim: ``pack`` said "3 ours,
    current", warnings 0. Now one warning names the file, the page and the include to write;
    a TikZ clip larger than the figure is none."""
    from figures.cli import main as cli

    root, paper, figdata = synced
    package, include, cuts = _CROPS[case]
    copy = cropped_copy(paper, tmp_path / "p", package, include)
    monkeypatch.chdir(root)
    code = cli.main(["pack", str(copy), "--out", str(tmp_path / "p.tar.gz"), "--figdata",
                     str(figdata), "--allow-synthetic"])
    said = capsys.readouterr().err
    assert code == 0, said
    cropped = [line for line in said.splitlines() if "cropped by the paper" in line]
    assert said.splitlines()[-1].endswith(f"warnings: {len(cropped)}"), said
    if cuts:
        assert cropped == [(
            "warning: figures/cifar_feature_drift.pdf: cifar_feature_drift is cropped by the "
            "paper: main.tex prints it clipped on page 2 (a trim/clip on its include, or a "
            "clip around it: adjustbox's trim and clip, TikZ's \\clip), so the reader sees "
            "part of it: remove the clip/trim (write \\includegraphics[width=...]"
            "{cifar_feature_drift}), then run `figures sync PAPER` and pack again (it is built "
            "for its box)")], said
    else:
        assert cropped == [], said
