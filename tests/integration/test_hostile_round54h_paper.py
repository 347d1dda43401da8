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


@pytest.mark.slow  # TeX's probe
def test_a_write_outside_the_folder_says_why_sync_stopped(tmp_path, monkeypatch, capsys):
    r"""A2: ``\immediate\openout9=/abs/x.tex`` (and a ``texmf.cnf`` in the folder asking
    for ``openout_any = a``, which no TeX run here reads): sync said "pdflatex stopped before
    the end of the paper (main.tex:4: I can't write on file `...' ...): mend it so it
    compiles", with no word of why (`figures pack` says it)."""
    monkeypatch.chdir(tmp_path)
    target = tmp_path / "outside" / "x.tex"
    target.parent.mkdir()
    _paper(tmp_path / "P", body=f"\\immediate\\openout9={target} \\immediate\\write9{{x}}"
           "\\immediate\\closeout9\nText.\n")
    (tmp_path / "P" / "texmf.cnf").write_text("openout_any = a\nshell_escape = t\n")
    assert cli.main(["sync", "P", *FIGDATA]) == 1
    err = capsys.readouterr().err
    assert not target.exists()
    error = [line for line in err.splitlines() if line.startswith("error:")]
    assert len(error) == 1, err
    assert "P/main.tex" in error[0], err
    assert "main.tex:4: I can't write on file" in error[0], err
    assert "TeX writes no file outside the folder it compiles in (openout_any=p): write that " \
        "file inside it" in error[0], err


@pytest.mark.slow  # sync's probe, latexmk
@pytest.mark.parametrize("command", ["paper", "pack"])
def test_a_figure_in_a_folder_graphicspath_cannot_search_is_said(tmp_path, monkeypatch, capsys,
                                                                 command):
    r"""P12: ``\newcommand{\figdir}{figürés}\graphicspath{{\figdir/}}`` (a folder whose name
    is not ASCII, through a macro): sync placed our figure there, rc 0, but pdfLaTeX finds no
    file through such a path (written out it does): `figures paper`
    said "did not compile: File `cifar_summary' not found" of the file sync had just
    written, and `figures pack` "not written yet: run `figures sync ...` first", which
    followed, said the same again."""
    monkeypatch.chdir(tmp_path)
    _paper(tmp_path / "P", body="\\includegraphics[width=0.5\\linewidth]{cifar_summary}\n")
    main = tmp_path / "P" / "main.tex"
    main.write_text(main.read_text().replace(
        "\\begin{document}", "\\newcommand{\\figdir}{figürés}\\graphicspath{{\\figdir/}}\n"
        "\\begin{document}"), encoding="utf-8")
    (tmp_path / "P" / "figürés").mkdir()
    assert cli.main(["sync", "P", *FIGDATA]) == 0
    assert (tmp_path / "P" / "figürés" / "cifar_summary.pdf").is_file()
    capsys.readouterr()
    argv = [command, "P", *FIGDATA] + (["--out", "p.tar.gz"] if command == "pack" else [])
    assert cli.main(argv) == 1
    err = capsys.readouterr().err
    error = [line for line in err.splitlines() if line.startswith("error:")]
    assert len(error) == 1, err
    assert "File `cifar_summary' not found; it is figürés/cifar_summary.pdf, in a folder " \
        "whose name is not ASCII, where pdfLaTeX did not look" in error[0], err
    assert "rename the folder with ASCII letters and digits" in error[0], err
    assert "not written yet" not in err, err
    assert error[0].count("not ASCII") == 1, err
