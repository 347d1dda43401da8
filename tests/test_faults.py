"""The fault boundary of one figure: whatever is raised while validating, rendering or saving
it becomes that figure's one line; the build goes on, writes its state and its summary."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import REPO

from figures import cli
from figures.build import LOCK_FILE, STATE_FILE

CHEAP = ("cifar_summary", "cifar_feature_drift")


@pytest.fixture
def figdata_dir(tmp_path: Path) -> Path:
    target = tmp_path / "figdata"
    shutil.copytree(REPO / "figdata", target)
    return target


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def build(capsys, figdata_dir: Path, out: Path, *names: str, jobs: int = 1, debug: bool = False):
    extra = ["--debug"] if debug else []
    return run(capsys, "build", *names, "--figdata", str(figdata_dir), "--out", str(out),
               "--jobs", str(jobs), *extra)


def error_lines(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith("error: ")]


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_bug_in_one_render_is_one_line_and_the_build_goes_on(
        capsys, tmp_path, figdata_dir, monkeypatch, jobs):
    def broken(data):
        raise RuntimeError("boom\nsecond line")

    monkeypatch.setattr("figures.cifar.render_summary", broken)
    out = tmp_path / "out"
    code, stdout, err = build(capsys, figdata_dir, out, *CHEAP, jobs=jobs)
    assert code == 1
    assert error_lines(err) == [(
        "error: internal error in cifar_summary: RuntimeError: boom second line "
        "(--debug shows the traceback)")]
    assert "Traceback" not in err
    assert "built cifar_feature_drift" in stdout
    assert "1 of 2 figure(s) failed: cifar_summary" in err
    state = json.loads((out / STATE_FILE).read_text())
    assert list(state) == ["cifar_feature_drift"]


@pytest.mark.parametrize("where", ["before", "after"])
def test_debug_shows_the_worker_traceback_before_or_after_the_command(
        capsys, tmp_path, figdata_dir, monkeypatch, where):
    def broken(data):
        raise RuntimeError("boom")

    monkeypatch.setattr("figures.cifar.render_summary", broken)
    argv = ["build", *CHEAP, "--figdata", str(figdata_dir), "--out", str(tmp_path), "--jobs", "2"]
    argv = ["--debug", *argv] if where == "before" else [*argv, "--debug"]
    code, _, err = run(capsys, *argv)
    assert code == 1
    assert "Traceback (most recent call last)" in err
    assert 'raise RuntimeError("boom")' in err
    assert err.splitlines()[-2].startswith("error: internal error in cifar_summary")


def test_an_error_while_saving_is_one_line(capsys, tmp_path, figdata_dir, monkeypatch):
    def full_disk(self, fname, **kwargs):
        raise OSError(28, "No space left on device", str(fname))

    monkeypatch.setattr("matplotlib.figure.Figure.savefig", full_disk)
    code, _, err = build(capsys, figdata_dir, tmp_path / "out", "cifar_summary")
    assert code == 1
    [line] = error_lines(err)
    assert line == f"error: cifar_summary: {tmp_path / 'out'}/cifar_summary.png: no space left on the device"
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == sorted([LOCK_FILE, STATE_FILE])


def test_a_refusal_hidden_by_a_failing_cleanup_is_reported_as_the_refusal(
        capsys, tmp_path, figdata_dir, monkeypatch):
    """matplotlib's PDF backend, on a full disk, fails in its cleanup with an AttributeError
    raised while handling the OSError; the user must read "no space", not a bug of ours."""
    def full_disk_then_broken_cleanup(self, fname, **kwargs):
        try:
            raise OSError(28, "No space left on device")
        except OSError:
            raise AttributeError("'Stream' object has no attribute 'pos'") from None

    monkeypatch.setattr("matplotlib.figure.Figure.savefig", full_disk_then_broken_cleanup)
    code, _, err = build(capsys, figdata_dir, tmp_path / "out", "cifar_summary")
    assert code == 1
    assert error_lines(err) == [
        f"error: cifar_summary: {tmp_path / 'out'}/cifar_summary.png: no space left on the device"]
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == sorted([LOCK_FILE, STATE_FILE])


def test_broken_mathtext_in_a_caption_is_one_line_and_the_others_build(
        capsys, tmp_path, figdata_dir):
    path = figdata_dir / "fig1_audit_hero.json"
    doc = json.loads(path.read_text())
    doc["data"]["captions"][1] = "$\\frac{$"
    path.write_text(json.dumps(doc))
    out = tmp_path / "out"
    code, stdout, err = build(capsys, figdata_dir, out, "fig1_audit_hero", "cifar_summary")
    assert code == 1
    [line] = error_lines(err)
    assert line.startswith(f"error: fig1_audit_hero: {path}: data.captions[1]: not valid mathtext")
    assert "Traceback" not in err
    assert "built cifar_summary" in stdout
    assert list(json.loads((out / STATE_FILE).read_text())) == ["cifar_summary"]


def test_missing_glyphs_are_one_warning_naming_the_key(capsys, tmp_path, figdata_dir):
    path = figdata_dir / "cifar_feature_drift.json"
    doc = json.loads(path.read_text())
    doc["data"]["seed"] = "中文"
    path.write_text(json.dumps(doc, ensure_ascii=False))
    code, stdout, err = build(capsys, figdata_dir, tmp_path / "out", "cifar_feature_drift")
    assert code == 0
    assert err.splitlines() == [
        (f"warning: cifar_feature_drift: {path}: data.seed: characters 中 文 are missing from "
        "the figure's fonts (DejaVu Sans) and are drawn as empty boxes")]
    assert "built cifar_feature_drift" in stdout


@pytest.mark.parametrize(("name", "key"), [("cifar_diagnostics", "perturbation_rho"),
                                           ("cifar_feature_drift", "drift")])
def test_a_panel_without_series_is_drawn_empty_with_one_warning_naming_the_key(
        capsys, tmp_path, figdata_dir, name, key):
    # The paper's scripts draw the panel empty (legend frame included): so do we, but the
    # warning names the key instead of matplotlib's "No artists with labels found".
    path = figdata_dir / f"{name}.json"
    doc = json.loads(path.read_text())
    doc["data"][key] = {}
    path.write_text(json.dumps(doc))
    code, stdout, err = build(capsys, figdata_dir, tmp_path / "out", name)
    assert code == 0
    assert err.splitlines() == [
        f"warning: {name}: {path}: data.{key}: holds no series: the panel is drawn empty"]
    assert f"built {name}" in stdout


def test_values_off_the_fixed_g_axis_are_one_warning_naming_the_key(capsys, tmp_path,
                                                                    figdata_dir):
    """fig3b's g_L axis is fixed at [1e-12, 5e-2] as in the paper's script: a value beyond it
    is drawn off the panel, as the script draws it, and said so."""
    path = figdata_dir / "fig3b_crossarch_3row.json"
    doc = json.loads(path.read_text())
    g_l = doc["data"]["rows"][1]["methods"]["BP"]["g_L"]
    g_l[:] = [1.0] * len(g_l)
    path.write_text(json.dumps(doc))
    code, stdout, err = build(capsys, figdata_dir, tmp_path / "out", "fig3b_crossarch_3row")
    assert code == 0
    assert err.splitlines() == [
        (f"warning: fig3b_crossarch_3row: {path}: data.rows[1].methods.BP.g_L: {len(g_l)} "
        "value(s) outside the shared axis [1e-12, 0.05] (e.g. 1) are drawn off the panel")]
    assert "built fig3b_crossarch_3row" in stdout


def test_a_worker_killed_from_outside_fails_only_its_figure(capsys, tmp_path, figdata_dir,
                                                            monkeypatch):
    """The OOM killer (here: the render kills its own process) breaks the whole pool; the
    other figures are rendered again, each alone, and built."""
    import os
    import signal

    def killed(data):
        os.kill(os.getpid(), signal.SIGKILL)

    monkeypatch.setattr("figures.cifar.render_summary", killed)
    out = tmp_path / "out"
    code, stdout, err = build(capsys, figdata_dir, out, "cifar_summary", "cifar_feature_drift",
                              "cifar_state_vs_credit", jobs=2)
    assert code == 1
    assert error_lines(err) == [
        ("error: cifar_summary: the process rendering it was killed (out of memory?); nothing "
        "was written for it")]
    assert "built cifar_feature_drift" in stdout
    assert "built cifar_state_vs_credit" in stdout
    assert sorted(json.loads((out / STATE_FILE).read_text())) == [
        "cifar_feature_drift", "cifar_state_vs_credit"]
    assert sorted(p.name for p in out.iterdir()) == sorted(
        [LOCK_FILE, STATE_FILE, "cifar_feature_drift.png", "cifar_state_vs_credit.png"])
