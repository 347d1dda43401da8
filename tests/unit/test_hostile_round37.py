"""Hostile round 37's rows (issue 45) mended with a unit test each; the pass itself, case by
case, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

from pathlib import Path

import pytest

from figures.errors import FigureDataError, one_line
from figures.mainfile import find_main


def test_a_main_file_named_with_a_newline_is_shown_escaped(tmp_path: Path) -> None:
    r"""Round 37 (P12): a second main file named ``old<LF>main.tex`` beside ``main.tex``: the
    refusal named ``old main.tex`` (the line's rule folds a newline into a space), a file that
    is not there and cannot be told from one that is. The name is escaped, as every line
    shows a path (``old\x0amain.tex``)."""
    for name in ("main.tex", "old\nmain.tex"):
        (tmp_path / name).write_text("\\documentclass{article}\n\\begin{document}\nA.\n"
                                     "\\end{document}\n")
    with pytest.raises(FigureDataError) as raised:
        find_main(tmp_path)
    said = one_line(str(raised.value))
    assert "(main.tex, old\\x0amain.tex): choose one with --main FILE" in said, said
