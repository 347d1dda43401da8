"""Round 51a: a downloaded paper's hostile files on the paper path (sync, pack, paper)."""

from __future__ import annotations

import os

import pytest
from helpers import REPO

from figures.cli import main as cli

MAIN = ("\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\n"
        "\\includegraphics[width=\\linewidth]{figs/cifar_summary}\n\\end{document}\n")


@pytest.mark.parametrize("command", ["sync", "pack", "paper"])
def test_a_sparse_main_file_of_a_tebibyte_is_refused_unread(tmp_path, monkeypatch, capsys,
                                                            command):
    """P18: a main file truncated to 1 TiB (sparse: no disk used) was hashed whole for sync's
    record of the placement; sync hung. Every command now refuses it in one line, unread."""
    monkeypatch.chdir(tmp_path)
    main = tmp_path / "P" / "main.tex"
    main.parent.mkdir()
    main.write_text(MAIN)
    os.truncate(main, 1 << 40)
    args = {"sync": ["sync", "P"], "pack": ["pack", "P", "--out", "p.tar.gz"],
            "paper": ["paper", "P"]}[command]
    assert cli.main([*args, "--figdata", str(REPO / "figdata")]) == 1
    assert capsys.readouterr().err == (
        "error: P/main.tex: is 1048576 MiB, larger than a whole paper may be (50 MiB, arXiv's "
        "limit): not read; is it the paper's main file? (else --main FILE)\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["P"]


@pytest.mark.slow  # TeX's probe
@pytest.mark.parametrize("loop", ["the file", "its folder"])
def test_a_symbolic_link_that_loops_where_a_copy_goes_is_a_refused_row(tmp_path, monkeypatch,
                                                                       capsys, loop):
    """P42, P42b: ``figs/cifar_summary.pdf`` a link to itself, or ``figs`` a link to itself:
    "internal error in figures sync: RuntimeError: Symlink loop" (pathlib's resolve). The
    row is refused, saying what to do, and nothing is written."""
    monkeypatch.chdir(tmp_path)
    paper = tmp_path / "P"
    paper.mkdir()
    (paper / "main.tex").write_text(MAIN)
    if loop == "the file":
        (paper / "figs").mkdir()
        (paper / "figs" / "cifar_summary.pdf").symlink_to("cifar_summary.pdf")
    else:
        (paper / "figs").symlink_to("figs")
    assert cli.main(["sync", "P", "--figdata", str(REPO / "figdata"), "--allow-synthetic"]) == 1
    out, err = capsys.readouterr()
    assert "internal error" not in err, err
    assert "cifar_summary  figs/cifar_summary.pdf          refused: a symbolic link that loops " \
        "(to itself, or through other links): remove it or point it at a file, then run the " \
        "command again\n" in out, out
    assert sorted(p.name for p in paper.iterdir()) == ["figs", "main.tex"]


def test_a_dry_run_inside_the_papers_folder_writes_nothing_there(tmp_path, monkeypatch,
                                                                capsys):
    """P67: `figures sync . --dry-run` run in the paper's folder ("write nothing") built the
    figure into ``./build`` and recorded its placement there: 7 files in the paper's folder.
    It is refused before anything is built, saying where to run it from."""
    paper = tmp_path / "P"
    paper.mkdir()
    (paper / "main.tex").write_text(MAIN)
    monkeypatch.chdir(paper)
    assert cli.main(["sync", ".", "--dry-run", "--allow-synthetic", "--figdata",
                     str(REPO / "figdata")]) == 1
    assert capsys.readouterr().err == (
        "error: .: --dry-run writes nothing in the paper's folder, but figures builds into the "
        "working folder's build/, inside it here: run figures from the project's folder "
        "(--figdata, --built as needed)\n")
    assert sorted(p.name for p in paper.iterdir()) == ["main.tex"]
