"""Round 54h's pass over `figures pack`: each mended row with a test that failed before its
mend (those that compile the paper)."""

from __future__ import annotations

import pytest
from helpers import REPO

from figures.cli import main as cli

FIGDATA = ["--figdata", str(REPO / "figdata"), "--allow-synthetic"]


@pytest.mark.slow  # latexmk compiles the paper and its archive
@pytest.mark.parametrize("test", ["\\ifmmode", "\\ifhmode", "\\ifinner"])
def test_a_note_hidden_by_a_mode_test_is_told_under_anonymous(tmp_path, monkeypatch, capsys,
                                                              test):
    r"""B9: ``\ifmmode SECRET Jane Smithson\fi`` in the text (false there) shipped under
    --anonymous with no word, where eight other tests of the same paper (``\iftrue .. \else``,
    ``\ifodd 2``, ``\ifcsname``, etoolbox's toggle, ifthen's boolean, ``\ifdim``, ``\ifcat``)
    were told."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "P").mkdir()
    (tmp_path / "P" / "main.tex").write_text(
        "\\documentclass{article}\n\\begin{document}\nText.\n\n"
        f"{test} SECRET ask Bob Jones\\fi\nMore text.\n\\end{{document}}\n")
    assert cli.main(["pack", "P", "--anonymous", "--out", "p.tar.gz", *FIGDATA]) == 0
    err = capsys.readouterr().err
    assert "warning: main.tex:5: " in err, err
    assert "SECRET ask Bob Jones is hidden by " in err, err
    assert "warnings: 1" in err, err


@pytest.mark.slow  # latexmk compiles the paper and its archive
def test_a_printed_mode_test_is_not_told(tmp_path, monkeypatch, capsys):
    r"""B9's other side: ``$\ifmmode x\else y\fi$`` and ``\ifvmode`` at a paragraph's
    start print their first branch: no warning of it (the math's \\else is told)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "P").mkdir()
    (tmp_path / "P" / "main.tex").write_text(
        "\\documentclass{article}\n\\begin{document}\nText.\n\n"
        "$\\ifmmode shown words\\else SECRET Bob Jones\\fi$\n\n\\ifvmode Printed words\\fi\n"
        "\\end{document}\n")
    assert cli.main(["pack", "P", "--anonymous", "--out", "p.tar.gz", *FIGDATA]) == 0
    err = capsys.readouterr().err
    assert "warnings: 1" in err, err
    assert "\\else SECRET Bob Jones is hidden by \\ifmmode, true there" in err, err
    assert "Printed words" not in err, err
