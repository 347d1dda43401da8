"""Round 49 (from round 49a P13b): `figures paper` refusing to compile over numbers written by
hand says so, and the way out, not "sync did not finish cleanly"."""

from __future__ import annotations

import pytest
from helpers import on_paper, paper_folder

MAIN = ("\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\n"
        "DFA reaches 0.2947 test accuracy.\n"
        "\\includegraphics[width=0.7\\linewidth]{figures/cifar_summary}\n\\end{document}\n")


@pytest.mark.slow  # sync's probe, a build
def test_a_number_written_by_hand_is_the_reason_paper_gives(tmp_path, monkeypatch, capsys):
    """Round 49a (P13b): every write of sync done, its one finding "check-tex: 1 number(s) to
    look at", `figures paper` said "sync did not finish cleanly (above); not compiled",
    untrue, and `% figures: ignore` (the way out for a number that is no figure's) was named
    nowhere."""
    paper = paper_folder(tmp_path, monkeypatch, MAIN)
    code, _, err = on_paper(paper, capsys, "paper")
    assert code == 1, err
    assert err.splitlines()[-1] == (
        "error: check-tex found 1 number(s) of the figures written by hand (above): use their "
        "macros, or end a line whose number is no figure's with `% figures: ignore`; not "
        "compiled"), err
    assert (paper / "figures" / "cifar_summary.pdf").is_file()  # sync wrote what it had to
