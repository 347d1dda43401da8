"""Data safety and CLI hygiene: synthesize never writes over real results, stray ViT files
are never averaged in, and the command line refuses or explains what it cannot do."""

from __future__ import annotations

import argparse

import pytest
from helpers import run

from figures.cli import main as cli
from figures.extract.results import ResultsTree
from figures.extract.synthetic import generate
from figures.registry import BY_NAME


def test_synthesize_refuses_a_folder_of_real_results(capsys, tmp_path):
    real = tmp_path / "results"
    (real / "cifar10").mkdir(parents=True)
    (real / "cifar10" / "results_cifar10.json").write_text('{"42": "real"}')
    code, _, err = run(capsys, "synthesize", str(real), "--epochs", "2")
    assert code == 1
    assert err == (f"error: {real}: is not empty and holds no SYNTHETIC.json of an earlier "
                   "synthetic tree: refusing to write over what may be real results; choose a "
                   "new or empty folder\n")
    assert (real / "cifar10" / "results_cifar10.json").read_text() == '{"42": "real"}'


def test_synthesize_rewrites_its_own_tree_but_not_files_added_to_it(capsys, tmp_path):
    tree = generate(tmp_path / "results", epochs=2)
    assert run(capsys, "synthesize", str(tree), "--epochs", "2")[0] == 0
    added = tree / "cifar10" / "results_cifar10_real.json"
    added.write_text("{}")
    code, _, err = run(capsys, "synthesize", str(tree), "--epochs", "2")
    assert code == 1
    assert err == (f"error: {tree}: holds cifar10/results_cifar10_real.json, which no earlier "
                   "synthesize wrote: refusing to write over it; choose a new or empty folder\n")


def test_a_synthesize_cut_short_is_still_marked_synthetic(capsys, tmp_path, monkeypatch):
    """Ctrl-C, SIGTERM or a full disk mid-way: what was written must never pass as real."""
    from figures.extract import synthetic

    real_write, written = synthetic._write, []

    def write_then_stop(path, content):
        if len(written) == 5:
            raise KeyboardInterrupt
        real_write(path, content)
        written.append(path)

    monkeypatch.setattr(synthetic, "_write", write_then_stop)
    assert run(capsys, "synthesize", str(tmp_path / "r"), "--epochs", "2")[0] == 130
    assert len(written) == 5
    assert ResultsTree(tmp_path / "r").synthetic
    monkeypatch.setattr(synthetic, "_write", real_write)
    assert run(capsys, "synthesize", str(tmp_path / "r"), "--epochs", "2")[0] == 0  # finishes it


def test_synthesize_into_a_file_is_one_line(capsys, tmp_path):
    target = tmp_path / "file"
    target.write_text("x")
    assert run(capsys, "synthesize", str(target))[::2] == (
        1, f"error: {target}: is a file, expected a folder\n")


def test_a_stray_vit_file_is_ignored_with_a_warning(tmp_path):
    tree = generate(tmp_path / "results", epochs=2, seeds=(42,), vit_seeds=(42, 7))
    vit = tree / "snapshot_vit_v1"
    (vit / "snapshot_vit_s42 (copy).json").write_bytes((vit / "snapshot_vit_s42.json").read_bytes())
    (vit / "snapshot_vit_s42.json.bak.json").write_text("{}")
    results = ResultsTree(tree)
    data = BY_NAME["figure_snapshot_vit"].extract(results)
    assert data["seeds"] == [42, 7]
    assert results.warnings == [
        ("snapshot_vit_v1/snapshot_vit_s42 (copy).json: ignored: a ViT run is named "
        "snapshot_vit_s<digits>.json (ASCII digits, no leading zero)"),
        ("snapshot_vit_v1/snapshot_vit_s42.json.bak.json: ignored: a ViT run is named "
        "snapshot_vit_s<digits>.json (ASCII digits, no leading zero)")]


@pytest.mark.parametrize("jobs", ["0", "-3", "two"])
def test_jobs_below_one_is_a_usage_error(capsys, jobs):
    with pytest.raises(SystemExit) as info:
        cli.main(["build", "--jobs", jobs])
    assert info.value.code == 2
    assert "argument --jobs/-j:" in capsys.readouterr().err


def test_extracting_a_figure_without_log_sources_says_so(capsys, tmp_path):
    (tmp_path / "results").mkdir()
    (tmp_path / "results" / "notes.txt").write_text("an empty folder is refused as a whole")
    code, _, err = run(capsys, "extract", str(tmp_path / "results"), "fig1_audit_hero",
                       "--figdata", str(tmp_path / "fd"))
    assert code == 1
    assert err.splitlines()[0] == (
        f"error: fig1_audit_hero: {tmp_path / 'fd' / 'fig1_audit_hero.json'}: paper values "
        "only, no log sources to extract, and not in this folder: copy "
        "figdata/fig1_audit_hero.json here and edit it by hand")  # round 48c W8


def test_list_exits_non_zero_on_unreadable_figdata(capsys, tmp_path):
    (tmp_path / "other.json").write_text("{}")  # a folder without any is refused as a whole
    code, out, _ = run(capsys, "list", "--figdata", str(tmp_path))
    assert code == 1
    assert "unreadable (file not found)" in out


def subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = cli.parser()
    [sub] = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(sub.choices)


@pytest.mark.parametrize("name", sorted(subcommands()))
def test_help_describes_every_option_and_its_default(name):
    for action in subcommands()[name]._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        assert action.help, f"{name} {action.dest}: no help"
        shown_default = action.default not in (None, False, True, argparse.SUPPRESS, [])
        if action.option_strings and shown_default:
            assert "default" in action.help, f"{name} {action.dest}: default not described"


def test_usage_shows_optional_names_as_optional():
    usage = subcommands()["extract"].format_usage()
    assert "RESULTS [NAME ...]" in usage



@pytest.mark.parametrize(("epochs", "says"), [
    ("0", "must be at least 2 (an epoch axis draws a change), got 0"),
    ("-5", "must be at least 2 (an epoch axis draws a change), got -5"),
    ("1", "must be at least 2 (an epoch axis draws a change), got 1"),
    ("10001", "must be at most 10000, got 10001"),
    ("100000000", "must be at most 10000, got 100000000")])
def test_synthesize_epochs_out_of_range_is_a_usage_error(capsys, tmp_path, epochs, says):
    """A hundred million epochs would run for hours; zero or fewer cannot be drawn."""
    with pytest.raises(SystemExit) as info:
        cli.main(["synthesize", str(tmp_path / "results"), "--epochs", epochs])
    assert info.value.code == 2
    assert capsys.readouterr().err.endswith(f"argument --epochs: {says}\n")
    assert not (tmp_path / "results").exists()
