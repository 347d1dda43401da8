"""Round 49 (from round 49c W22): `figures which` on a file whose name lies about it."""

from __future__ import annotations

import shutil

import pytest
from helpers import REPO

from figures.cli import main as cli

pytestmark = pytest.mark.slow  # the reference build


def test_a_png_named_pdf_or_jpg_is_not_called_current(reference_build, tmp_path, capsys):
    """Round 49c (W22): a built PNG copied as ``.pdf`` or ``.jpg`` was "current", the answer
    to "is this the right file?", though pdflatex reads a file by its extension and refuses
    it ("not a PDF"); a build's caption file was "not from this suite" (it is: no label
    inside, its figure's file beside it holds that)."""
    png = next(reference_build.glob("*.png"))
    for name in ("x.pdf", "x.jpg", "x.png"):
        shutil.copy(png, tmp_path / name)
    caption = tmp_path / "x.caption.txt"
    caption.write_text("A caption.\n")
    names = ["x.pdf", "x.jpg", "x.png", "x.caption.txt"]
    assert cli.main(["which", *(str(tmp_path / n) for n in names), "--figdata",
                     str(REPO / "figdata")]) == 1
    said = dict(zip(names, capsys.readouterr().out.splitlines(), strict=True))
    assert said["x.pdf"].endswith(": misnamed: a PNG named .pdf: pdflatex reads a file by its "
                                  "extension and refuses it: rename it x.png"), said["x.pdf"]
    assert said["x.jpg"].endswith(": misnamed: a PNG named .jpg: pdflatex reads a file by its "
                                  "extension and refuses it: rename it x.png"), said["x.jpg"]
    assert said["x.png"].endswith(": current"), said["x.png"]
    assert said["x.caption.txt"].endswith("not from this suite (beside x.png, whose build "
                                          "(default) writes no caption)"), said  # round 51c W40


def test_a_figure_named_outside_pdflatexs_extensions_is_not_called_current(reference_build,
                                                                          tmp_path, capsys):
    """Round 50c (W10): the mend above knew four extensions: a PNG named ``.gif``, a PDF
    named ``.svg`` or ``.eps``, or a copy with no extension (graphicx never tries the bare
    name) were still "current"; and ``e.png.pdf`` (a PNG) was told "rename it e.png.png"."""
    png = next(reference_build.glob("*.png"))
    pdf = next(reference_build.glob("*.pdf"))
    for name, built in (("g.gif", png), ("d", png), ("e.png.pdf", png), ("i.svg", pdf)):
        shutil.copy(built, tmp_path / name)
    names = ["g.gif", "d", "e.png.pdf", "i.svg"]
    assert cli.main(["which", *(str(tmp_path / n) for n in names), "--figdata",
                     str(REPO / "figdata")]) == 1
    said = dict(zip(names, capsys.readouterr().out.splitlines(), strict=True))
    outside = "pdflatex includes .pdf, .png and .jpg files and cannot read it: rename it"
    assert said["g.gif"].endswith(f": misnamed: a PNG named .gif: {outside} g.png"), said
    assert said["d"].endswith(f": misnamed: a PNG named without an extension: {outside} d.png")
    assert said["e.png.pdf"].endswith("refuses it: rename it e.png"), said
    assert said["i.svg"].endswith(f": misnamed: a PDF named .svg: {outside} i.pdf"), said


def test_a_file_larger_than_any_build_is_not_read(tmp_path, capsys, monkeypatch):
    """Round 50c (W3): `figures which` read every file whole before looking at it: a 2 GiB
    video in a paper's folder took 2.1 GB of memory and 17 s to be "not from this suite"."""
    from figures.paper import which

    big = tmp_path / "video.pdf"
    with big.open("wb") as handle:
        handle.truncate((256 << 20) + 1)  # sparse: no disk
    monkeypatch.setattr(which, "read_bytes", lambda *a, **k: pytest.fail("read whole"))
    assert cli.main(["which", str(big), "--figdata", str(REPO / "figdata")]) == 1
    assert capsys.readouterr().out == (
        f"{big}: not from this suite (256 MiB, larger than any file the suite builds or "
        "places: not read)\n")
