"""Round 48 (CLI, round 48c): a refused command writes nothing (W14)."""

from __future__ import annotations

import pytest

from figures.cli import main as cli


def test_an_extract_refused_for_an_unknown_name_makes_no_figdata_folder(tmp_path, monkeypatch,
                                                                       capsys):
    """Round 48c (W14): ``figures extract RESULTS nosuch`` from an author's own folder was
    refused (exit 2) after making an empty ``figdata/`` there, which the next ``figures
    build`` then told as "no figdata in this folder". The names are checked first."""
    (tmp_path / "results").mkdir()
    monkeypatch.chdir(tmp_path)
    assert cli.main(["extract", "results", "nosuch"]) == 2
    assert "unknown figure(s) nosuch" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results"]


def test_a_figure_name_given_before_results_says_give_results_first(tmp_path, monkeypatch,
                                                                    capsys):
    """Round 48c (W2): ``figures extract cifar_summary RESULTS`` (the order of ``figures
    build NAME``) was told as "cifar_summary: results folder not found"."""
    (tmp_path / "results").mkdir()
    monkeypatch.chdir(tmp_path)
    assert cli.main(["extract", "cifar_summary", "results"]) == 2
    assert capsys.readouterr().err.strip().splitlines()[-1] == (
        "error: cifar_summary is a figure's name, not a results folder: give RESULTS first "
        "(figures extract RESULTS cifar_summary)")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results"]


@pytest.mark.parametrize("argv", [["pack", "paper", "--out=~/y.tar.gz"],
                                  ["build", "--out", "~/figs"]])
def test_an_unexpanded_tilde_is_refused_not_made_a_folder(tmp_path, monkeypatch, capsys,
                                                          argv):
    """Round 48b (K14): ``--out=~/y.tar.gz`` (bash expands no ~ after =) packed into a new
    folder literally named ``~`` in the current folder, which a later ``rm -rf ~`` would
    turn into the loss of the home folder."""
    (tmp_path / "paper").mkdir()
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as stopped:
        cli.main(argv)
    assert stopped.value.code == 2
    assert capsys.readouterr().err.strip().splitlines()[-1].endswith(
        "the shell left ~ as it is (after = or in quotes), which names a folder called ~ "
        "here, not a home: write the path unquoted, apart from any option (--out ~/x), or "
        "$HOME/... instead")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["paper"]


def test_make_given_the_figdata_folder_as_results_is_one_line(tmp_path, monkeypatch, capsys):
    """Round 48c (W19): ``figures make figdata`` (make read as "make from figdata") gave nine
    "file not found" lines about logs, one per figure; a figdata folder is told as such."""
    import shutil

    from helpers import REPO

    shutil.copytree(REPO / "figdata", tmp_path / "figdata")
    monkeypatch.chdir(tmp_path)
    assert cli.main(["make", "figdata", "--out", "out"]) == 1
    lines = capsys.readouterr().err.strip().splitlines()
    assert lines == [(
        "error: figdata: a figdata folder (it holds cifar_accuracy.json), not a results folder: "
        "give the folder of run logs (the one holding cifar10/, snapshot_*/, ...), or run "
        "`figures make` alone to build from the figdata")], lines


def test_a_figdata_file_that_is_a_fifo_is_invalid_saying_what_it_is_not_missing(tmp_path):
    """Round 48c (W10): ``figures status`` called a FIFO (or a link to a device) at a figdata
    path "missing ... does not exist", where `ls` shows it and list and build say what it is."""
    import os

    from figures.extract.status import figure_status
    from figures.registry import BY_NAME

    os.mkfifo(tmp_path / "cifar_summary.json")
    state, detail = figure_status(BY_NAME["cifar_summary"], tmp_path, None)
    assert (state, detail.split(": ", 1)[1]) == (
        "invalid", "cannot read: is a FIFO (named pipe), expected a regular file"), detail


def test_a_json_file_over_the_limit_is_refused_before_it_is_read(tmp_path, monkeypatch):
    """Round 48c (W10): a 4 GiB sparse figdata file was read whole (69 s, 12.6 GB resident)
    before "malformed JSON at line 1 column 1"; one over the limit is refused unread."""
    from figures.data import jsonio
    from figures.errors import FigureDataError

    monkeypatch.setattr(jsonio, "JSON_LIMIT", 1 << 20)
    big = tmp_path / "cifar_summary.json"
    with big.open("wb") as handle:
        handle.truncate(3 << 20)  # sparse: no byte written
    with pytest.raises(FigureDataError) as raised:
        jsonio.read_json(big)
    assert str(raised.value) == (f"{big}: is 3 MiB, more than a JSON file here holds (1 MiB "
                                 "at most): is it the right file?")
