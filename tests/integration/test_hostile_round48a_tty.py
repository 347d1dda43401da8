"""Hostile round 48a's paper-path rows mended by p1: ``\\input{/dev/tty}`` after a figure of
ours is named at its line, not blamed on the image sync is about to write (P39)."""

from __future__ import annotations

import pytest
from helpers import on_paper, paper_folder

TTY = ("\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\nHi.\n"
       "\\begin{figure}\\centering\\includegraphics[width=0.7\\linewidth]{figures/cifar_summary}"
       "\\caption{S}\\end{figure}\n\\input{/dev/tty}\nBye.\n\\end{document}\n")


@pytest.mark.slow
@pytest.mark.parametrize("args", [("sync", "-n"), ("sync",), ("paper",)])
def test_an_input_of_dev_tty_is_named_at_its_line(tmp_path, monkeypatch, capsys, args):
    r"""Round 48a (P39): ``\input{/dev/tty}`` after a figure of ours: TeX (no terminal here)
    dies opening it, and every command blamed the image sync is about to write ("main.tex:5:
    File `figures/cifar_summary' not found"), main.tex:6 named nowhere. Now one line naming
    main.tex:6, the device and what to do, in ``sync -n``, ``sync`` and ``paper`` alike."""
    paper = paper_folder(tmp_path, monkeypatch, TTY)
    code, _, err = on_paper(paper, capsys, *args)
    assert code == 1, err
    [line] = [x for x in err.splitlines() if x.startswith("error:")]
    assert "cifar_summary" not in line, line
    assert "main.tex:6: \\input{/dev/tty}: a device" in line, line
    assert "remove its \\input" in line, line
    assert not (paper / "figures" / "cifar_summary.pdf").exists()
