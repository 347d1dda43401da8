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
    assert said["x.caption.txt"].endswith("not from this suite (a caption a build wrote; the "
                                          "figure's file beside it holds the label)")
