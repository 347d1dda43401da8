"""Hostile round 28's pack rows (issue 45): mended on the golden branch, a figure's metadata
author that is a tool's default, or an account's word, told as a name the paper prints (S1);
on the reader branch, a draft class's frame after a ``\\setkeys{Gin}{draft=false}`` group
packed with no word (D2), and a negative trim, which adds margin, told as a clip (K2). The
pass itself, case by case, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import pytest
from helpers import authored_plot, figures_as_a_user, pack_refused, write_files
from PIL import Image

from figures.pack.notices import _cuts
from figures.paper.disclosure import printed_on


@pytest.mark.parametrize(("author", "text", "said"), [
    ("Microsoft Office User", "We train on Microsoft COCO. User studies confirm it.", None),
    ("microsoft office user", "Microsoft Office User", None),
    ("Windows User", "Windows users saw it.", None),
    ("Microsoft account", "Sign in with a Microsoft account.", None),
    ("Preferred Customer", "Our preferred customer data.", None),
    ("runner", "Our runner script is released. Runner logs are kept.", None),
    ("builder", "The graph builder runs first.", None),
    ("jsmith", "The jsmith baseline is ours.", None),  # a lowercase word in prose
    # the true positives stay told
    ("Alice Smith", "Thanks to Alice Smith for the data.", ("Alice Smith", 1)),
    ("Alice Smith", "Smith et al. (2020) showed it.", ("Smith", 1)),
    ("jsmith", "Code: github.com/jsmith/repo.", ("jsmith", 1)),
    ("jsmith", "Write to jsmith@ not here.", ("jsmith", 1)),
    ("Machine Learning Group", "Thanks to the Machine Learning Group.",
     ("Machine Learning Group", 1)),
    ("Microsoft Research", "Funded by Microsoft Research.", ("Microsoft Research", 1)),
])
def test_a_tools_default_author_is_no_printed_name(author, text, said):
    """Round 28 (S1): ``/Author (Microsoft Office User)`` (Office for Mac's default) beside
    "Microsoft COCO" was told as 'Microsoft' (the default split into its words), and
    ``/Author (runner)`` (GitHub Actions' account) beside "our runner script" as 'runner'. A
    tool's default is matched whole and names no one; a lowercase account's word counts only
    as a path's, handle's or address's part, not as a word of prose. Names stay told."""
    assert printed_on(author, [text]) == said


@pytest.mark.slow  # TeX compiles the archive
@pytest.mark.parametrize(("author", "text", "told"), [
    ("Microsoft Office User", ("We train on Microsoft COCO and report mAP. User studies "
                               "confirm it."), None),
    ("runner", ("Our runner script and the Jupyter notebooks are released. Runner logs are "
                "kept."), None),
    ("Alice Smith", "We thank Alice Smith for the data.", "Alice Smith"),
], ids=["office", "runner", "control"])
def test_pack_anonymous_does_not_warn_of_a_tools_default_author(tmp_path, author, text,
                                                                 told):
    """Round 28 (S1): ``pack --anonymous`` of M1 and M3 warned "'Microsoft' (its /Author) is
    printed on page 1 of the archive by the paper's text" and the same of 'runner'; neither
    names a person. Now nothing is said of them; a name the text prints is still told."""
    write_files(tmp_path / "M", {"main.tex": (
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\n"
        f"{text}\n\n\\includegraphics[width=4cm]{{plot.pdf}}\n\\end{{document}}\n")})
    authored_plot(tmp_path / "M" / "plot.pdf", author)
    ran = figures_as_a_user(tmp_path, "pack", "M", "--anonymous", "--out", "M.tar.gz",
                            timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    if told is None:
        assert "(its /Author)" not in ran.stderr, ran.stderr
    else:
        assert (f"warning: plot.pdf: {told!r} (its /Author) is printed on page 1 of the "
                "archive by the paper's text") in ran.stderr, ran.stderr



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
        "error: b.png: the archive's PDF prints graphicx's frame with this name on page 1, not "
        "the figure included at main.tex:7 (TeX's log sized it, placed it nowhere): draft "
        "there by the class option draft (main.tex:1), which a \\setkeys{Gin}{draft=false} in a "
        "group undoes only inside it; remove that draft, or give that include draft=false; "
        "the pack stops")


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
