"""Stale-data detection: figdata records its sources' hashes; status and build compare them."""

from __future__ import annotations

import json
import shutil

import pytest
from helpers import REPO

from figures.cli import main as cli
from figures.extract.synthetic import generate
from figures.registry import FIGURES

#: End-to-end: runs the command line, often in a copy of the project.
pytestmark = pytest.mark.slow


def test_status_and_build_refuse_stale_figdata_until_extracted(tmp_path, capsys):
    results = generate(tmp_path / "results", epochs=3)
    figdata_dir = tmp_path / "figdata"
    shutil.copytree(REPO / "figdata", figdata_dir)
    assert cli.main(["extract", str(results), "--figdata", str(figdata_dir)]) == 0
    capsys.readouterr()
    code = cli.main(["status", str(results), "--figdata", str(figdata_dir)])
    out = capsys.readouterr().out
    states = {line.split()[0]: line.split()[1] for line in out.splitlines()}
    # every extracted figure is current; figures written by hand keep their own state (a
    # placeholder from `figures new` is not current), and the exit status says which
    assert all(states[spec.name] == "current" for spec in FIGURES if spec.extract)
    assert code == (0 if set(states.values()) <= {"current", "paper-values"} else 1)
    assert "fig1_audit_hero          paper-values" in out
    assert "cifar_summary            current" in out

    penalty_log = results / "dfa_residual_penalty" / "dfa_pen_lam0.01_s42.json"
    penalty_log.write_text(penalty_log.read_text().replace('"epoch": 3', '"epoch": 4'))
    assert cli.main(["status", str(results), "--figdata", str(figdata_dir)]) == 1
    out = capsys.readouterr().out
    assert ("fig4_penalty_rescue      stale         "
            "dfa_residual_penalty/dfa_pen_lam0.01_s42.json changed") in out
    assert "cifar_summary            current" in out

    out_dir = tmp_path / "out"
    code = cli.main(["build", "fig4_penalty_rescue", "cifar_summary", "--figdata",
                     str(figdata_dir), "--out", str(out_dir), "--results", str(results)])
    _, err = capsys.readouterr()
    assert code == 1
    assert err.startswith("error: fig4_penalty_rescue: figdata is stale "
                          "(dfa_residual_penalty/dfa_pen_lam0.01_s42.json changed)")
    assert not (out_dir / "fig4_penalty_rescue.pdf").exists()
    assert (out_dir / "cifar_summary.png").is_file()

    assert cli.main(["build", "fig4_penalty_rescue", "--figdata", str(figdata_dir), "--out",
                     str(out_dir), "--results", str(results), "--allow-stale"]) == 0
    assert (out_dir / "fig4_penalty_rescue.pdf").is_file()


def test_a_new_seed_file_makes_the_globbing_figure_stale(tmp_path, capsys):
    results = generate(tmp_path / "results", epochs=3)
    figdata_dir = tmp_path / "figdata"
    assert cli.main(["extract", str(results), "figure_snapshot_vit", "--figdata",
                     str(figdata_dir)]) == 0
    new_seed = results / "snapshot_vit_v1" / "snapshot_vit_s7.json"
    shutil.copyfile(results / "snapshot_vit_v1" / "snapshot_vit_s42.json", new_seed)
    capsys.readouterr()
    assert cli.main(["status", str(results), "--figdata", str(figdata_dir)]) == 1
    out = capsys.readouterr().out
    assert ("figure_snapshot_vit      stale         snapshot_vit_v1/snapshot_vit_s7.json is new"
            in out)


def test_odd_source_paths_are_one_line_each_and_every_figure_is_reported(tmp_path, capsys):
    """A source path outside the results folder is invalid figdata; one the OS cannot even
    look up (a 1000-character name) is unreadable; neither stops the report."""
    import json

    results = generate(tmp_path / "results", epochs=3)
    figdata_dir = tmp_path / "figdata"
    shutil.copytree(REPO / "figdata", figdata_dir)
    for name, path in (("cifar_diagnostics", "../../etc/passwd"), ("cifar_summary", "x" * 1000)):
        file = figdata_dir / f"{name}.json"
        doc = json.loads(file.read_text())
        doc["provenance"]["sources"][0]["path"] = path
        file.write_text(json.dumps(doc))
    assert cli.main(["status", str(results), "--figdata", str(figdata_dir)]) == 1
    rows = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()}
    assert set(rows) == {spec.name for spec in FIGURES}
    assert rows["cifar_diagnostics"].split()[1] == "invalid"
    assert "provenance.sources[0].path: is '../../etc/passwd', expected a path relative" in rows[
        "cifar_diagnostics"]
    assert rows["cifar_summary"].split()[1] == "stale"
    assert f"{'x' * 1000} cannot be read (file name too long)" in rows["cifar_summary"]


def test_a_bug_while_extracting_for_status_fails_only_that_figure(tmp_path, capsys,
                                                                  monkeypatch):
    """Hostile pass 3: status and build --results ran extract outside any per-figure
    boundary, so one figure's internal error ended the whole command."""
    results = generate(tmp_path / "results", epochs=3)
    figdata_dir = tmp_path / "figdata"
    shutil.copytree(REPO / "figdata", figdata_dir)
    assert cli.main(["extract", str(results), "--figdata", str(figdata_dir)]) == 0
    capsys.readouterr()

    def broken(tree):
        raise ValueError("boom")

    monkeypatch.setattr("figures.plots.cifar_feature_drift.extract", broken)
    assert cli.main(["status", str(results), "--figdata", str(figdata_dir)]) == 1
    out, err = capsys.readouterr()
    assert ("cifar_feature_drift      error         internal error in cifar_feature_drift: "
            "ValueError: boom (--debug shows the traceback)") in out.splitlines()
    assert "cifar_summary            current" in out  # the figures after it are still looked at
    # a figure an author added by hand (`figures new`) is not current either: count, not spell
    not_current = [line.split()[0] for line in out.splitlines()
                   if line.split()[1] not in ("current", "paper-values")]
    assert "cifar_feature_drift" in not_current
    assert err == f"{len(not_current)} of {len(FIGURES)} figure(s) not current against {results}\n"

    out_dir = tmp_path / "out"
    code = cli.main(["build", "cifar_feature_drift", "cifar_summary", "--figdata",
                     str(figdata_dir), "--out", str(out_dir), "--results", str(results)])
    out, err = capsys.readouterr()
    assert code == 1
    assert err.splitlines() == [
        ("error: internal error in cifar_feature_drift: ValueError: boom (--debug shows the "
         "traceback)"),
        "1 of 2 figure(s) failed: cifar_feature_drift"]
    assert "built cifar_summary" in out


def test_a_source_path_with_a_line_break_cannot_forge_a_line(tmp_path, capsys):
    """Hostile pass 3: a newline in a recorded source path printed a second, forged line."""
    figdata_dir = tmp_path / "figdata"
    shutil.copytree(REPO / "figdata", figdata_dir)
    path = figdata_dir / "cifar_summary.json"
    doc = json.loads(path.read_text())
    doc["provenance"]["sources"] = [{"path": "x\nerror: fig1_audit_hero: forged",
                                     "sha256": "0" * 64}]
    path.write_text(json.dumps(doc))
    assert cli.main(["status", "--figdata", str(figdata_dir)]) == 1
    out, _ = capsys.readouterr()
    assert len(out.splitlines()) == len(FIGURES)
    assert "forged" not in out.replace("cifar_summary ", "").split("\n", 1)[0]
    assert "provenance.sources[0].path" in out


def test_a_source_that_is_no_regular_file_is_told_as_such_not_as_gone(tmp_path, capsys):
    """Round 45c (W24): the CIFAR log made a named pipe and a ViT log a link to /dev/zero:
    `figures status` said "is gone" of files that are there (extract names them right); now
    what each is, as extract says it, and nothing hangs."""
    import os

    results = generate(tmp_path / "results", epochs=3)
    figdata_dir = tmp_path / "figdata"
    shutil.copytree(REPO / "figdata", figdata_dir)
    assert cli.main(["extract", str(results), "--figdata", str(figdata_dir)]) == 0
    log = results / "cifar10" / "results_cifar10.json"
    log.unlink()
    os.mkfifo(log)
    vit = results / "snapshot_vit_v1" / "snapshot_vit_s42.json"
    vit.unlink()
    vit.symlink_to("/dev/zero")
    capsys.readouterr()
    assert cli.main(["status", str(results), "--figdata", str(figdata_dir)]) == 1
    rows = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()}
    assert rows["cifar_summary"].endswith("cifar10/results_cifar10.json cannot be read (is a "
                                          "FIFO (named pipe), expected a regular file)")
    assert rows["figure_snapshot_vit"].endswith("snapshot_vit_v1/snapshot_vit_s42.json cannot "
                                                "be read (is a character device, expected a "
                                                "regular file)")
