"""Round 33 (C1): a whole disk, a system folder or a folder of other programs' files given as
the paper's folder is refused in one line that holds still from run to run, for every
command (one main-file finder); an entry that vanishes while walked is no user's file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers import run

from figures import mainfile, runner
from figures.errors import FigureDataError


def test_a_folder_that_vanishes_while_walked_is_passed_over(tmp_path, monkeypatch):
    """Round 33 (C1): ``figures pack /`` said ``error: /proc/15158: file not found`` (a
    process ended while ``rglob`` walked /proc), a different entry each run; ``sync /`` once
    named another process's temporary folder. A folder gone while walked is not the user's:
    passed over."""
    (tmp_path / "main.tex").write_text("\\documentclass{article}\n")
    (tmp_path / "gone").mkdir()
    (tmp_path / "gone" / "other.tex").write_text("\\documentclass{article}\n")
    listed = os.scandir

    def vanishing(path="."):
        if Path(path).name == "gone":
            raise FileNotFoundError(2, "No such file or directory", str(path))
        return listed(path)

    monkeypatch.setattr(os, "scandir", vanishing)
    assert runner.find_main(tmp_path) == tmp_path / "main.tex"


def test_a_folder_holding_more_than_a_papers_files_is_refused_in_one_line(tmp_path, monkeypatch):
    """Round 33 (C1): a folder over the bound (a home, ``/usr``) is refused before any of its
    files is read, naming the folder, the bound and what to do; hidden files are not counted."""
    monkeypatch.setattr(mainfile, "MOST_NAMES", 5)
    (tmp_path / "main.tex").write_text("\\documentclass{article}\n")
    (tmp_path / ".git").mkdir()
    for n in range(9):
        (tmp_path / ".git" / f"{n}.txt").write_text("x")
    assert runner.find_main(tmp_path) == tmp_path / "main.tex"  # .git not counted
    for n in range(5):
        (tmp_path / f"data{n}.csv").write_text("1")
    _refused_over_the_bound(tmp_path)


@pytest.mark.parametrize(("folder", "what"), [
    ("/proc/self", "the kernel's view of processes and devices"),
    ("/tmp", "the system's temporary folder"),
    ("/", "the whole disk")])
@pytest.mark.parametrize("command", ["pack", "paper", "sync"])
def test_a_system_folder_is_refused_alike_by_every_command(tmp_path, capsys, folder, what,
                                                           command):
    """Round 33 (C1): ``figures pack / --out x.tar.gz``, ``paper / --venue icml``, ``sync /
    --venue icml``, ``pack /tmp``: refused, but naming a vanished ``/proc/NNN`` entry, another
    session's temporary folder, or listing other people's papers in /tmp, different on each
    run. The whole disk, /tmp and the kernel's folders are refused before any walk, the same
    line for every command."""
    out = tmp_path / "x.tar.gz"
    extra = ["--out", str(out)] if command == "pack" else ["--venue", "icml"]
    code, said, err = run(capsys, command, folder, *extra)
    assert code == 1, (said, err)
    assert not out.exists()
    assert err.strip().splitlines()[-1] == (
        f"error: {folder}: {what}, no paper's folder: give the folder with main.tex (a "
        "paper's own)"), err


def test_a_main_file_given_in_a_folder_not_searched_is_still_used(tmp_path, monkeypatch):
    """Round 33 (C1): ``--main`` names the file, so nothing is searched: a paper kept at the
    top of a folder over the bound still syncs (its other main files are not looked for)."""
    monkeypatch.setattr(mainfile, "MOST_NAMES", 2)
    for name in ("main.tex", "a.csv", "b.csv"):
        (tmp_path / name).write_text("\\documentclass{article}\n")
    assert runner.find_main(tmp_path, "main.tex") == tmp_path / "main.tex"
    assert mainfile.main_files(tmp_path) == []


def test_a_main_file_at_the_top_of_a_folder_over_the_bound_is_taken(tmp_path, monkeypatch):
    """Round 34 (M2): a paper kept beside a 100,001-file ``node_modules/`` was refused with
    "give the folder with main.tex", which it was, and no word of ``--main``, which works.
    One complete main file at the folder's top (its class and ``\\begin{document}``) is the
    main file whatever lies below, so it is taken before any walk; a folder over the bound
    whose top names none is refused with a line that says ``--main`` (the top's one ``.tex``
    named) or moving the other files out."""
    monkeypatch.setattr(mainfile, "MOST_NAMES", 5)
    paper = "\\documentclass{article}\n\\begin{document}\nHi.\n\\end{document}\n"
    (tmp_path / "main.tex").write_text(paper)
    (tmp_path / "node_modules").mkdir()
    for n in range(9):
        (tmp_path / "node_modules" / f"f{n}.js").write_text("x")
    (tmp_path / "node_modules" / "other.tex").write_text(paper)
    assert runner.find_main(tmp_path) == tmp_path / "main.tex"
    (tmp_path / "main.tex").write_text("\\input{sec/preamble}\n\\begin{document}\n")
    _refused_over_the_bound(tmp_path)


def _refused_over_the_bound(folder) -> None:
    """``folder`` (over a bound of 5 names) refused in one line naming ``--main``."""
    with pytest.raises(FigureDataError) as refused:
        runner.find_main(folder)
    assert str(refused.value) == (
        f"{folder}: a paper's folder holds its .tex files; this one holds more than 5 files "
        "and folders: give the paper's own folder, or, if this is it, name its main file with "
        "--main main.tex (or move the other files out)")
