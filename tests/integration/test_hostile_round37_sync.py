"""Hostile round 37's rows on ``figures sync``: our include at a width of nothing (P19), and
the file sync writes being a named pipe or a socket (P15)."""

from __future__ import annotations

import os
import shutil
import socket

import pytest
from helpers import REPO, SYNC_TEX, run_sync, sync_project, write_files

from figures.cli import main as cli

_ONE = ("\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\nText.\n\n"
        "%s\n\\end{document}\n")


def _venue_sync(tmp_path, monkeypatch, capsys, include: str, engine: bool):
    """``figures sync PAPER --venue icml`` in this process (its build folder under
    ``tmp_path``) of a paper whose one include is ours, ``include`` (line 6): (exit code,
    stdout, stderr, the paper's folder)."""
    if not engine:
        monkeypatch.setattr("figures.runner.have", lambda tool: False)
    monkeypatch.chdir(tmp_path)
    paper = write_files(tmp_path / "paper", {"main.tex": _ONE % include})
    code = cli.main(["sync", str(paper), "--venue", "icml", "--allow-synthetic",
                     "--figdata", str(REPO / "figdata")])
    out, err = capsys.readouterr()
    return code, out, err, paper


@pytest.mark.parametrize(("width", "inches", "shown", "engine"), [
    pytest.param("0pt", "0", "nothing of it shows", True, marks=pytest.mark.slow),
    ("0pt", "0", "nothing of it shows", False),  # the source's estimate: 0 in too
    pytest.param("-2in", "-2", "graphicx mirrors it", True, marks=pytest.mark.slow)])
def test_sync_refuses_our_include_at_a_width_of_nothing(tmp_path, monkeypatch, capsys, width,
                                                        inches, shown, engine):
    r"""Round 37 (P19): ``\includegraphics[width=0pt]{...}`` (a figure "hidden" by its
    width): sync took TeX's 0 in for "no width given", built (or kept) the figure for its
    line and said "up to date", rc=0; ``figures paper`` then refused it printed at 0 % and
    said "sync again", which said up to date again. A width of nothing (or under nothing:
    graphicx mirrors it) is refused now, with TeX and without, in one line naming the
    include and the edit; nothing written."""
    code, out, err, paper = _venue_sync(
        tmp_path, monkeypatch, capsys, f"\\includegraphics[width={width}]{{figures/cifar_summary}}",
        engine)
    assert code == 1, out + err
    [row] = [line.removesuffix(" (estimated: no TeX engine)") for line in out.splitlines()
             if line.startswith("cifar_summary")]
    assert row.endswith(
        f"refused: width={width} prints it {inches} in wide ({shown}), so no build prints at "
        "100 %: write \\includegraphics[width=\\linewidth]{figures/cifar_summary} at "
        "main.tex:6" + (", or take the include out" if inches == "0" else "")), row
    assert "up to date" not in out, out
    assert not (paper / "figures").exists()
    assert "Traceback" not in err


@pytest.mark.slow  # sync asks TeX
def test_sync_refuses_our_include_in_a_box_of_nothing(tmp_path, monkeypatch, capsys):
    r"""Round 37 (P19): the box around the include is of no width (a ``minipage{0pt}``), the
    include ``width=\linewidth``: TeX prints it 0 in wide; refused, naming the box to
    widen."""
    code, out, err, paper = _venue_sync(tmp_path, monkeypatch, capsys, (
        "\\begin{minipage}{0pt}\\includegraphics[width=\\linewidth]{figures/cifar_summary}"
        "\\end{minipage}"), engine=True)
    assert code == 1, out + err
    [row] = [line for line in out.splitlines() if line.startswith("cifar_summary")]
    assert row.endswith("refused: width=\\linewidth prints it 0 in wide (nothing of it "
                        "shows), so no build prints at 100 %: make the box around it wider "
                        "(main.tex:6), or take the include out"), row
    assert not (paper / "figures").exists()


@pytest.mark.slow  # sync asks TeX
def test_sync_takes_a_box_of_no_height_for_one_not_for_none(tmp_path, monkeypatch, capsys):
    r"""Round 37 (P19, its like): ``width=\linewidth,height=0pt``: TeX's 0 in of height was
    read as "no height given" (a falsy 0), so the include was refused as "scaled by its
    height"; it is a box of both sides under the figure's least height, refused with the
    height that holds it, as a negative one is."""
    code, out, err, paper = _venue_sync(tmp_path, monkeypatch, capsys, (
        "\\includegraphics[width=\\linewidth,height=0pt]{figures/cifar_summary}"), engine=True)
    assert code == 1, out + err
    [row] = [line for line in out.splitlines() if line.startswith("cifar_summary")]
    assert "refused: a box 0 in tall is shorter than cifar_summary's smallest height" in row, row
    assert "scaled by its height" not in row, row
    assert not (paper / "figures").exists()


@pytest.mark.parametrize("engine", [pytest.param(True, marks=pytest.mark.slow), False])
@pytest.mark.parametrize("kind", ["fifo", "socket"])
def test_sync_refuses_a_target_that_is_no_regular_file_before_any_write(
        tmp_path, capsys, monkeypatch, reference_build, kind, engine):
    """Round 37 (P15): the file sync writes a figure to is a named pipe (FIFO): sync planned
    the copy and failed it ("FAILED: cannot write: is a FIFO ...; choose another path", then
    "a write failed: 0 of 1 file(s) written"), advice its user cannot follow (the path is
    the include's). Now it is refused before any write, as a folder there is, the kind
    named and the way out said; nothing written (the macros neither: all or nothing)."""
    if not engine:
        monkeypatch.setattr("figures.runner.have", lambda tool: False)
    paper, figdata, built = sync_project(tmp_path, reference_build, SYNC_TEX % (
        "\\includegraphics[width=3in]{fig1_audit_hero}"))
    # its builds in the build folder here, as after a first sync: the probe puts them
    # beside the paper for TeX to read (figures.paper.memo.guess), not the pipe; without
    # them TeX opens the pipe and sync stops at once, naming it (figures.runner)
    shutil.copytree(built, tmp_path / "build" / "earlier")
    monkeypatch.chdir(tmp_path)
    target = paper / "figs" / "fig1_audit_hero.pdf"
    held = None
    if kind == "fifo":
        os.mkfifo(target)
    else:  # a socket's path is short: bound from inside its folder
        monkeypatch.chdir(target.parent)
        held = socket.socket(socket.AF_UNIX)
        held.bind(target.name)
        monkeypatch.chdir(tmp_path)
    try:
        code, out, err = run_sync(capsys, paper, figdata, built, "--allow-synthetic")
    finally:
        if held is not None:
            held.close()
    named = {"fifo": "a named pipe (FIFO)", "socket": "a socket"}[kind]
    assert code == 1, out + err
    [row] = [line.removesuffix(" (estimated: no TeX engine)") for line in out.splitlines()
             if line.startswith("fig1_audit_hero")]
    assert row.endswith(f"refused: figs/fig1_audit_hero.pdf is {named} where the file goes: "
                        "rename or remove it, then sync again"), row
    assert "FAILED" not in out + err, out + err
    assert "choose another path" not in out + err, out + err
    assert "nothing written (1 refused: all or nothing" in err, err
    assert not (paper / "macros.tex").exists()
    assert not target.is_file()
