"""Hostile round 30's pack rows (issue 45) on draft frames and clipped images: whether the
archive prints graphicx's or pdfpages' frame is asked of TeX (the archive compiled again with
both forced final places more images on a page: a frame was printed there), no longer of a
page printing the file's name (D2, D3, D4); a trim the pack cannot read (a macro, a length, a
``\\setkeys{Gin}``) is told as it may clip (K1). The pass itself, case by case, is in
docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import pytest
from helpers import figures_as_a_user, pack_refused, write_files
from PIL import Image


def _paper(root, preamble: str, body: str, cls: str = "article") -> None:
    """``root/p``: ``\\documentclass{CLS}``, graphicx, ``PREAMBLE``, then ``BODY``, beside
    ``a.png`` and ``b.png``."""
    (root / "p").mkdir(parents=True)
    Image.new("RGB", (120, 80), (30, 160, 30)).save(root / "p" / "a.png")
    Image.new("RGB", (120, 80), (160, 30, 30)).save(root / "p" / "b.png")
    write_files(root / "p", {"main.tex": (
        f"\\documentclass{cls}\n\\usepackage{{graphicx}}\n{preamble}\n\\author{{Anonymous}}\n"
        f"\\begin{{document}}\nIntro. {body} More.\n\\end{{document}}\n")})


def _packs(root, *options: str):
    ran = figures_as_a_user(root, "pack", "p", *options, "--out", "p.tar.gz", timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "frame" not in ran.stderr, ran.stderr
    return ran.stderr


_GROUP = "{\\setkeys{Gin}{draft=false}\\includegraphics[width=3cm]{b.png}}"


@pytest.mark.slow  # TeX compiles the archive
def test_an_image_only_measured_is_no_frame(tmp_path):
    r"""Round 30 (D2): a draft class, a ``draft=false`` group printing b.png, a.png measured
    only in ``\settowidth`` (its box never shipped) and named in the prose: the pack was
    refused ("prints graphicx's frame with this name on page 1"), the log's sizing and the
    prose's name taken for a frame. The archive compiled forced final places no more: it
    packs."""
    _paper(tmp_path, "\\newlength\\pw", _GROUP + " \\settowidth{\\pw}{\\includegraphics["
           "width=2cm]{a.png}}The file \\texttt{a.png} only sets a width.", "[draft]{article}")
    _packs(tmp_path)


@pytest.mark.slow  # TeX compiles the archive
def test_an_image_framed_once_and_placed_once_is_refused(tmp_path):
    r"""Round 30 (D3): a draft class, a ``draft=false`` group, a.png included in draft mode
    (a frame) and again with ``draft=false`` (placed): the archive printed a frame and the
    pack said nothing, exit 0 (one placing of a.png cleared its every sizing). Forced final,
    page 1 places one image more: the pack stops, naming a.png and the page."""
    _paper(tmp_path, "", _GROUP + " \\includegraphics[width=3cm]{a.png} and again "
           "\\includegraphics[width=3cm,draft=false]{a.png}", "[draft]{article}")
    said = pack_refused(tmp_path)
    assert "a.png" in said, said
    assert "page 1" in said, said
    assert "the pack stops" in said, said


@pytest.mark.slow  # TeX compiles the archive
@pytest.mark.parametrize(("cls", "preamble", "body"), [
    ("{article}", "", ("{\\setkeys{Gin}{draft}\\phantom{\\includegraphics[width=3cm]{a.png}}} "
                       "Our plot file \\texttt{a.png} is shown here: "
                       "\\includegraphics[width=3cm]{b.png}")),
    ("[draft]{article}", "\\newlength\\pw\\settowidth{\\pw}{\\includegraphics[width=3cm]{a.png}}",
     "The file \\texttt{a.png} sets the width. \\includegraphics[width=\\pw,draft=false]{b.png}"),
    ("{article}", "", ("\\sbox0{\\includegraphics[width=3cm,draft]{a.png}} The file "
                       "\\texttt{a.png} is boxed. \\includegraphics[width=3cm]{b.png}"))],
    ids=["DC", "DE", "DF"])
def test_an_image_never_shipped_beside_its_name_is_no_frame(tmp_path, cls, preamble, body):
    r"""Round 30 (D4): a.png in ``\phantom`` under a group's ``\setkeys{Gin}{draft}`` (DC),
    measured by ``\settowidth`` in a draft class (DE), in an ``\sbox`` never used with its
    own draft key (DF), its name in the prose: each paper prints right, and the pack was
    refused as printing a.png's frame. The archive forced final places no more: it packs."""
    _paper(tmp_path, preamble, body, cls)
    _packs(tmp_path)


@pytest.mark.parametrize(("preamble", "options"), [
    ("\\newcommand\\mytrim{2cm}", "trim=0 0 \\mytrim{} 0,clip,width=3cm"),
    ("\\newlength\\tl\\setlength\\tl{2cm}", "trim=0 0 0 \\tl,clip,width=3cm"),
    ("\\setkeys{Gin}{trim=2cm 0 0 0,clip}", "width=3cm")], ids=["KA", "KF", "KB"])
def test_a_trim_the_pack_cannot_read_may_clip(tmp_path, preamble, options):
    r"""Round 30 (K1): ``trim=0 0 \mytrim{} 0,clip`` (a macro), ``trim=0 0 0 \tl,clip`` (a
    length) and ``\setkeys{Gin}{trim=2cm 0 0 0,clip}`` each clip a.png on the page, and no
    line said the archive ships the whole image (the zeros written beside the macro
    decided; the include's own options alone were read). Now each is told, naming a.png."""
    from figures.pack import notices

    _paper(tmp_path, preamble, f"\\includegraphics[{options}]{{a.png}}")
    text = (tmp_path / "p" / "main.tex").read_text()
    said = list(notices.clipped_by_name({"main.tex": text}, ["main.tex", "a.png"]).values())
    assert len(said) == 1, said
    assert said[0].startswith("a.png (main.tex:"), said
    assert "whole image" in said[0], said
