"""Round 28: unclear rows of that hostile pass mended on the reader branch: a draft class's
frame after a ``\\setkeys{Gin}{draft=false}`` group packed with no word (D2), and a negative
trim, which adds margin, told as a clip (K2). The pass itself, case by case, is in
docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import pytest
from helpers import figures_as_a_user, pack_refused, write_files
from PIL import Image

from figures.pack.notices import _cuts


def _paper(root, documentclass: str, body: str, images: tuple[str, ...] = ("a", "b")) -> None:
    """``root/p``: ``DOCUMENTCLASS`` with graphicx, then ``BODY`` from line 5 on, beside
    ``IMAGES`` (PNGs)."""
    (root / "p").mkdir(parents=True)
    for name in images:
        Image.new("RGB", (120, 80), (30, 160, 30)).save(root / "p" / f"{name}.png")
    write_files(root / "p", {"main.tex": (
        f"{documentclass}\n\\usepackage{{graphicx}}\n\\author{{Anonymous}}\n"
        f"\\begin{{document}}\n{body}\nText.\n\\end{{document}}\n")})


_GROUP = "{\\setkeys{Gin}{draft=false}\\includegraphics[width=3cm]{a.png}}\n\n"


def test_an_image_sized_and_placed_nowhere_is_read_from_the_log():
    """Round 28 (D2): pdfTeX sizes each image graphicx reads (``<b.png, id=3, ...>``), in draft
    mode too; graphicx logs ``File: NAME Graphic file`` only for the one it places. An image
    sized alone is framed; a line TeX broke at 79 characters is joined first."""
    from figures.pack.inputs import unplaced  # (here: the file collects without the mend)

    logged = ("<a.png, id=1, 144.54pt x 108.405pt>\nFile: a.png Graphic file (type png)\n"
              "<use a.png>\n<b.png, id=3, 144.54pt x 108.405pt>\n"
              + "x" * 69 + "<figs/c.pn\ng, id=5, 10.0pt x 10.0pt>\n")
    assert unplaced(logged) == {"b.png", "figs/c.png"}
    assert unplaced("") == set()


@pytest.mark.slow  # TeX compiles the archive
def test_a_frame_after_a_draft_false_group_stops_the_pack(tmp_path):
    r"""Round 28 (D2): a draft class, ``{\setkeys{Gin}{draft=false}\includegraphics{a.png}}``
    and ``\includegraphics{b.png}`` after the group: TeX prints a.png and a frame with
    "b.png" in its place, and the pack said nothing, exit 0 (the ``draft=false`` was read as
    final for the whole paper). The archive's log sized b.png and placed it nowhere: one
    line naming b.png, its include and what to do."""
    _paper(tmp_path, "\\documentclass[draft]{article}",
           _GROUP + "\\includegraphics[width=3cm]{b.png}")
    assert pack_refused(tmp_path).startswith(
        "error: b.png: the archive's PDF prints graphicx's frame with this name on page 1 in "
        "place of the figure included at main.tex:7 (TeX's log sized b.png and placed it "
        "nowhere: graphicx in draft mode there, by the class's option draft or its own, which "
        "a \\setkeys{Gin}{draft=false} in a group undoes only inside the group); remove "
        "draft, or give that include draft=false; the pack stops")


@pytest.mark.slow  # TeX compiles the archive
def test_images_printed_in_a_draft_false_group_pack(tmp_path):
    r"""Round 28 (D2), the control: both images inside the ``draft=false`` group print, and
    the text naming b.png's file is no frame (round 27 D1's class): the pack goes on."""
    _paper(tmp_path, "\\documentclass[draft]{article}",
           "{\\setkeys{Gin}{draft=false}\\includegraphics[width=3cm]{a.png}\n"
           "\\includegraphics[width=3cm]{b}}\n\nThe file is \\texttt{b.png}.")
    ran = figures_as_a_user(tmp_path, "pack", "p", "--out", "p.tar.gz", timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr


@pytest.mark.parametrize(("options", "cuts"), [
    ("trim=-10 -10 -10 -10,clip", False), ("trim={-1cm -1cm -1cm -1cm},clip", False),
    ("trim=-5 0 -5 0,clip", False), ("trim=-5 -5 -5 5,clip", True),
    ("trim=0 0 0 5,clip", True)])
def test_a_negative_trim_cuts_nothing(options, cuts):
    """Round 28 (K2): ``trim=-5 -5 -5 -5,clip`` adds margin round the image and hides
    nothing, but was told "clipped on the page": only a length above zero cuts."""
    assert _cuts(options) is cuts


@pytest.mark.slow  # TeX compiles the archive
def test_a_negative_trim_is_not_told_as_clipped(tmp_path):
    """Round 28 (K2), through the pack: ``trim=-10 -10 -10 -10,clip`` (a.png) is not told;
    a mix with one length above zero (b.png) still is."""
    _paper(tmp_path, "\\documentclass{article}",
           "\\includegraphics[trim=-10 -10 -10 -10,clip,width=3cm]{a}\n"
           "\\includegraphics[trim=-10 -10 -10 10,clip,width=3cm]{b}")
    ran = figures_as_a_user(tmp_path, "pack", "p", "--anonymous", "--out", "p.tar.gz",
                            timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    clipped = [line for line in ran.stderr.splitlines() if "clipped on the page" in line]
    assert [line.split(" (")[0] for line in clipped] == ["warning: b.png"], ran.stderr
