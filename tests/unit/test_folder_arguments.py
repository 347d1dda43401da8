"""A folder argument that cannot be what it names (an empty results folder, a figdata folder
without figdata) is one line naming it, not one line per figure; a built-files folder that is
not there is said once, first."""

from __future__ import annotations

import pytest
from helpers import REPO

from figures.cli import main as cli


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("command", [
    ["extract", "{results}", "--figdata", "{figdata}"], ["status", "{results}"],
    ["build", "--results", "{results}", "--out", "{out}"]])
def test_an_empty_results_folder_is_one_line(tmp_path, capsys, command):
    empty = tmp_path / "results"
    empty.mkdir()
    argv = [arg.format(results=empty, figdata=tmp_path / "figdata", out=tmp_path / "out")
            for arg in command]
    code, out, err = _run(capsys, *argv)
    assert code == 1
    assert out == ""
    assert err == (f"error: {empty}: empty folder (give the results folder, the one holding "
                   "cifar10/, snapshot_*/, ...)\n")
    assert not (tmp_path / "out").exists()
    assert not (tmp_path / "figdata").exists()


@pytest.mark.parametrize("command", [["build"], ["list"], ["macros"], ["status"],
                                     ["check-tex", str(REPO / "tests" / "tex" / "paper.tex")]])
def test_a_figdata_folder_without_figdata_is_one_line(tmp_path, capsys, command):
    empty = tmp_path / "figdata"
    empty.mkdir()
    (empty / "notes.txt").write_text("not figdata")
    extra = ["--out", str(tmp_path / "out")] if command[0] == "build" else []
    code, out, err = _run(capsys, *command, "--figdata", str(empty), *extra)
    assert code == 1
    assert out == ""
    assert err == (f"error: {empty}: no figdata in this folder (no .json file): pass "
                   "--figdata DIR, the figdata folder\n")
    assert not (tmp_path / "out").exists()


def test_extract_into_an_empty_figdata_folder_is_not_refused(tmp_path, capsys):
    """extract writes figdata: an empty --figdata folder is where it goes."""
    (tmp_path / "figdata").mkdir()
    code, _, err = _run(capsys, "extract", str(tmp_path / "nothing-here"), "--figdata",
                        str(tmp_path / "figdata"))
    assert code == 1
    assert err == f"error: {tmp_path / 'nothing-here'}: results folder not found\n"


@pytest.mark.parametrize("made", [False, True])
def test_check_of_a_built_files_folder_that_is_not_there_says_so_first(tmp_path, capsys, made):
    """The preflight still measures each figure as render draws it (text, lines, colours),
    but a typo'd --out must not read as "every file missing" only in the table's rows."""
    out_dir = tmp_path / "buld"
    if made:
        out_dir.write_text("a file, not a folder")
    code, out, err = _run(capsys, "check", "cifar_summary", "--venue", "icml", "--out",
                          str(out_dir))
    assert code == 0
    assert "cifar_summary" in out
    what = "not a folder" if made else "no such folder"
    assert err.splitlines()[0] == (
        f"warning: {out_dir}: {what}; every built file is reported missing: build first "
        "(`figures build`, or `figures build --venue icml`) or pass --out DIR, the built files")


@pytest.mark.parametrize("command", [["pack", "{paper}", "--out", "{out}"],
                                     ["which", "{paper}/main.tex"]])
def test_a_venues_file_that_is_not_there_is_one_line_before_anything_runs(tmp_path, capsys,
                                                                          command):
    """A typo in ``--venues FILE`` was never read by a command that needed none of its venues
    (a pack of a paper with no figure of ours: exit 0, an archive): the file is refused where
    it is given, naming it."""
    paper = tmp_path / "paper"
    paper.mkdir()
    (paper / "main.tex").write_text("\\documentclass{article}\n\\begin{document}\nHi.\n"
                                    "\\end{document}\n")
    argv = [arg.format(paper=paper, out=tmp_path / "p.tar.gz") for arg in command]
    missing = tmp_path / "lab-venues.json"
    with pytest.raises(SystemExit) as stopped:
        cli.main([*argv, "--venues", str(missing), "--figdata", str(REPO / "figdata")])
    assert stopped.value.code == 2
    _, err = capsys.readouterr()
    assert err.splitlines()[-1].endswith(
        f"error: argument --venues: {missing}: no such file: give the path of your venue "
        "profiles, the shape of figures/venues.json")
    assert not (tmp_path / "p.tar.gz").exists()


def test_an_option_a_command_lacks_is_not_taken_for_a_longer_one(tmp_path, capsys):
    """Round 27 (PV): ``figures pack P --venue icml`` (sync and paper take ``--venue``, pack
    reads each figure's provenance) was taken by argparse's prefix matching for ``--venues``
    and refused as "argument --venues: icml: no such file": an option never typed, a fault
    not the user's. No command matches prefixes: the option typed is the one named."""
    paper = tmp_path / "paper"
    paper.mkdir()
    (paper / "main.tex").write_text("\\documentclass{article}\n\\begin{document}\nHi.\n"
                                    "\\end{document}\n")
    with pytest.raises(SystemExit) as stopped:
        cli.main(["pack", str(paper), "--venue", "icml", "--out", str(tmp_path / "p.tar.gz")])
    assert stopped.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "figures pack: error: unrecognized argument --venue: an option of build, check, sync, "
        "paper, not of pack (figures pack --help lists them)")  # round 28 C1: pack's words
    assert not (tmp_path / "p.tar.gz").exists()
