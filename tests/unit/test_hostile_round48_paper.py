"""Round 48 (the paper path, round 48a): a whole turn is upright (P32); a main file spelled
``Main.TEX`` is named (P30)."""

from __future__ import annotations

from pathlib import Path

import pytest

from figures.errors import FigureDataError
from figures.paper.latex import Graphic
from figures.paper.placed import placement
from figures.registry import BY_NAME
from figures.venues import get_venue


@pytest.mark.parametrize(("angle", "rotated"), [("0", False), ("360", False), ("-720", False),
                                               ("360.0", False), ("45", True), ("\\a", True),
                                               ("90", False)])
def test_a_whole_turn_prints_upright_as_angle_zero_does(angle, rotated):
    """Round 48a (P32): ``angle=360`` (graphicx: the identity) was refused as "rotated"
    beside an accepted ``angle=0``; an angle TeX computes may turn it, so it stays refused.
    Round 50a (P2): a quarter turn after the width scales nothing: judged down the page."""
    graphic = Graphic(Path("main.tex"), 1, "x", {"width": "\\linewidth", "angle": angle}, False)
    problem = placement(graphic, BY_NAME["cifar_summary"], get_venue("icml")).problem or ""
    assert ("the paper prints it rotated" in problem) is rotated, problem


def test_a_main_file_with_an_upper_case_extension_is_named(tmp_path):
    """Round 48a (P30): a folder whose main file is ``Main.TEX`` (pdflatex reads it) was told
    "no .tex file with \\documentclass in it: give the paper's folder", of the paper's
    folder; the line names the file and the --main that reads it."""
    from figures.mainfile import find_main

    (tmp_path / "Main.TEX").write_text("\\documentclass{article}\n\\begin{document}\nx\n"
                                       "\\end{document}\n")
    with pytest.raises(FigureDataError) as raised:
        find_main(tmp_path)
    assert str(raised.value) == (
        f"{tmp_path / 'Main.TEX'}: holds \\documentclass, but its extension is not .tex in "
        "lower case, which the search takes: pass --main Main.TEX (or rename it to Main.tex)")
