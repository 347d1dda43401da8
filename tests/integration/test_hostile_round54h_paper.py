"""Round 54h's pass over the paper path (`figures sync`, `figures paper`, `figures pack`'s
compile): each mended row with a test that failed before its mend."""

from __future__ import annotations

import pytest
from helpers import REPO

from figures.cli import main as cli

FIGDATA = ["--figdata", str(REPO / "figdata"), "--allow-synthetic"]


def _paper(folder, name: str = "main.tex", body: str = "Text.\n") -> None:
    folder.mkdir()
    (folder / name).write_text(
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\n" + body
        + "\\end{document}\n")


@pytest.mark.slow  # latexmk compiles the paper
@pytest.mark.parametrize("command", ["paper", "pack"])
def test_a_backquote_in_the_main_files_name_runs_nothing(tmp_path, monkeypatch, capsys,
                                                         command):
    """A1: a downloaded paper's main file named ``a`cd ..;touch OUTSIDE`b.tex``: latexmk
    quotes the name in double quotes for its shell, which runs what stands between
    backquotes: `figures paper` wrote OUTSIDE beside the paper's folder, `figures pack` ran
    it in its copy; then "did not compile: pdflatex: Run of rule 'pdflatex' gave a non-zero
    error code"."""
    monkeypatch.chdir(tmp_path)
    _paper(tmp_path / "P", "a`cd ..;touch OUTSIDE`b.tex")
    argv = [command, "P", *FIGDATA] + (["--out", "p.tar.gz"] if command == "pack" else [])
    assert cli.main(argv) == 1
    err = capsys.readouterr().err
    assert not (tmp_path / "OUTSIDE").exists()
    assert not list(tmp_path.rglob("OUTSIDE")), err
    error = [line for line in err.splitlines() if line.startswith("error:")]
    assert len(error) == 1, err
    assert "a backquote (`) in the main file's name" in error[0], err
    assert "rename the file" in error[0], err
    assert not (tmp_path / "p.tar.gz").exists()
