"""Round 53h's pass over `figures pack` (and the compile `figures paper` shares with it):
each mended row with a test that failed before its mend."""

from __future__ import annotations

import pytest
from helpers import REPO

from figures.cli import main as cli

FIGDATA = ["--figdata", str(REPO / "figdata"), "--allow-synthetic"]


@pytest.mark.slow  # latexmk compiles the paper
@pytest.mark.parametrize("command", ["paper", "pack"])
def test_an_input_of_no_file_names_its_line_and_what_to_do(tmp_path, monkeypatch, capsys,
                                                            command):
    r"""K4: ``\input{nosuchfile}`` at main.tex:5: `did not compile: LaTeX Error: File
    `nosuchfile.tex' not found.` (pack: `does not compile in a copy of the paper's folder:
    ...`), naming neither the line that reads it nor what to do."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "P").mkdir()
    (tmp_path / "P" / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\nText.\n"
        "\\input{nosuchfile}\n\\end{document}\n")
    argv = [command, "P", *FIGDATA] + (["--out", "p.tar.gz"] if command == "pack" else [])
    assert cli.main(argv) == 1
    err = capsys.readouterr().err
    error = [line for line in err.splitlines() if line.startswith("error:")]
    assert len(error) == 1, err
    assert "main.tex:5: " in error[0], err  # paper: "P/main.tex:5: did not compile: ..."
    assert "\\input{nosuchfile}: no file nosuchfile.tex in the paper's folder: add it, or " \
        "remove that \\input" in error[0], err
    assert not (tmp_path / "p.tar.gz").exists()


def test_an_out_link_into_the_paper_says_it_is_a_link(tmp_path, monkeypatch, capsys):
    """K3: `--out out.tar.gz`, a link (beside the paper's folder) to the paper's own
    main.tex: refused, nothing written, but told "--out is inside the paper's folder" of a
    name that is not: the link was not said."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "P").mkdir()
    main = tmp_path / "P" / "main.tex"
    main.write_text("\\documentclass{article}\n\\begin{document}\nText.\n\\end{document}\n")
    (tmp_path / "out.tar.gz").symlink_to(main)
    assert cli.main(["pack", "P", "--out", "out.tar.gz", *FIGDATA]) == 1
    err = capsys.readouterr().err
    assert "error: out.tar.gz: --out is a link to P/main.tex, inside the paper's folder; " \
        "write the archive outside it" in err, err
    assert main.read_text().startswith("\\documentclass")


@pytest.mark.slow  # latexmk compiles the paper and its archive
@pytest.mark.parametrize("test", ["\\if0 1", "\\ifnum0=1", "\\ifnum 0>1", "\\ifx ab",
                                  "\\ifdim 1pt>2pt", "\\ifodd 2", "\\unless\\iftrue"])
def test_a_note_hidden_by_a_primitive_test_is_told_under_anonymous(tmp_path, monkeypatch,
                                                                   capsys, test):
    r"""K21: a private note in a block TeX's own tests hide (``\ifnum0=1 .. \fi``, the
    common way to keep a block out without a switch) shipped under --anonymous with no word,
    where ``\iffalse``, a ``\newif`` switch, ``\ifdefined`` and ``\ifcase`` are told."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "P").mkdir()
    (tmp_path / "P" / "main.tex").write_text(
        "\\documentclass{article}\n\\begin{document}\nText.\n"
        f"{test} SECRET ask Bob Jones\\fi\nMore text.\n\\end{{document}}\n")
    assert cli.main(["pack", "P", "--anonymous", "--out", "p.tar.gz", *FIGDATA]) == 0
    err = capsys.readouterr().err
    assert "warning: main.tex:4: " in err, err
    assert "SECRET ask Bob Jones is hidden by " in err, err
    assert "warnings: 1" in err, err
