"""The fault boundary of one figure: whatever is raised while validating, rendering or saving
it becomes that figure's one line; the build goes on, writes its state and its summary."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from helpers import REPO, run

from figures.outputs.lock import LOCK_FILE
from figures.outputs.state import STATE_FILE
from figures.outputs.workers import KILLED
from figures.registry import FIGURES

#: End-to-end: runs the command line, often in a copy of the project.
pytestmark = pytest.mark.slow

CHEAP = ("cifar_summary", "cifar_feature_drift")


def build(capsys, figdata_dir: Path, out: Path, *names: str, jobs: int = 1, debug: bool = False):
    extra = ["--debug"] if debug else []
    return run(capsys, "build", *names, "--figdata", str(figdata_dir), "--out", str(out),
               "--jobs", str(jobs), *extra)


def error_lines(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith("error: ")]


def _edit(figdata_dir: Path, name: str, change, quoted: bool = False) -> Path:
    """``change`` the figure's data; its quoted values are dropped unless ``quoted`` (data
    reshaped for a drawing test need not hold what the paper quotes: the build would warn
    about them)."""
    path = figdata_dir / f"{name}.json"
    doc = json.loads(path.read_text())
    if not quoted:
        doc.pop("quoted", None)
    change(doc["data"])
    path.write_text(json.dumps(doc, ensure_ascii=False))
    return path


def _built_saying_one_line(capsys, figdata_dir: Path, out: Path, name: str) -> str:
    """``name`` built from ``figdata_dir`` into ``out`` (exit 0, built) printing one line on
    stderr (a warning): that line."""
    code, stdout, err = build(capsys, figdata_dir, out, name)
    assert code == 0
    assert f"built {name}" in stdout
    assert len(err.splitlines()) == 1, err
    return err.splitlines()[0]


def _cifar_summary_drawn_by(monkeypatch, render) -> None:
    """cifar_summary drawn by ``render`` (a test's broken one), here and in the workers."""
    render.rc = {}  # a render carries its theme, as @themed gives it
    monkeypatch.setattr("figures.plots.cifar_summary.render", render)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_bug_in_one_render_is_one_line_and_the_build_goes_on(
        capsys, tmp_path, figdata_dir, monkeypatch, jobs):
    def broken(data):
        raise RuntimeError("boom\nsecond line")

    _cifar_summary_drawn_by(monkeypatch, broken)
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

    _cifar_summary_drawn_by(monkeypatch, broken)
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
    """A drawn text of the data (fig3b's row name; a seed was one until round 47c W31 made
    seeds whole numbers, the nudging step until round 48c W30 made it a number)."""
    path = _edit(figdata_dir, "fig3b_crossarch_3row",
                 lambda d: d["rows"][0].__setitem__("arch", "中文"), quoted=True)
    assert _built_saying_one_line(capsys, figdata_dir, tmp_path / "out", "fig3b_crossarch_3row") \
        == (f"warning: fig3b_crossarch_3row: {path}: data.rows[0].arch: characters 中 文 are "
            "missing from the figure's fonts (DejaVu Serif) and are drawn as empty boxes")


@pytest.mark.parametrize(("name", "key"), [("cifar_diagnostics", "perturbation_rho"),
                                           ("cifar_feature_drift", "drift")])
def test_a_panel_without_series_is_drawn_empty_with_one_warning_naming_the_key(
        capsys, tmp_path, figdata_dir, name, key):
    # The paper's scripts draw the panel empty (legend frame included): so do we, but the
    # warning names the key instead of matplotlib's "No artists with labels found".
    path = _edit(figdata_dir, name, lambda d: d.__setitem__(key, {}), quoted=True)
    assert _built_saying_one_line(capsys, figdata_dir, tmp_path / "out", name) == (
        f"warning: {name}: {path}: data.{key}: holds no series: the panel is drawn empty")


def test_values_off_the_fixed_g_axis_are_one_warning_naming_the_key(capsys, tmp_path,
                                                                    figdata_dir):
    """fig3b's g_L axis is fixed at [1e-12, 5e-2] as in the paper's script: a value beyond it
    is drawn off the panel, as the script draws it, and said so."""
    def off_the_axis(d):
        g_l = d["rows"][1]["methods"]["BP"]["g_L"]
        g_l[:] = [1.0] * len(g_l)

    path = _edit(figdata_dir, "fig3b_crossarch_3row", off_the_axis, quoted=True)
    points = len(json.loads(path.read_text())["data"]["rows"][1]["methods"]["BP"]["g_L"])
    assert _built_saying_one_line(capsys, figdata_dir, tmp_path / "out", "fig3b_crossarch_3row") \
        == (f"warning: fig3b_crossarch_3row: {path}: data.rows[1].methods.BP.g_L: {points} "
            "value(s) outside the shared axis [1e-12, 0.05] (e.g. 1) are drawn off the panel")


def test_a_worker_killed_from_outside_fails_only_its_figure(capsys, tmp_path, figdata_dir,
                                                            monkeypatch):
    """The OOM killer (here: the render kills its own process) breaks the whole pool; the
    other figures are rendered again, each alone, and built."""
    import os
    import signal

    def killed(data):
        os.kill(os.getpid(), signal.SIGKILL)

    _cifar_summary_drawn_by(monkeypatch, killed)
    out = tmp_path / "out"
    code, stdout, err = build(capsys, figdata_dir, out, "cifar_summary", "cifar_feature_drift",
                              "cifar_state_vs_credit", jobs=2)
    assert code == 1
    assert error_lines(err) == [
        f"error: cifar_summary: {KILLED}"]
    assert "built cifar_feature_drift" in stdout
    assert "built cifar_state_vs_credit" in stdout
    assert sorted(json.loads((out / STATE_FILE).read_text())) == [
        "cifar_feature_drift", "cifar_state_vs_credit"]
    assert sorted(p.name for p in out.iterdir()) == sorted(
        [LOCK_FILE, STATE_FILE, "cifar_feature_drift.png", "cifar_state_vs_credit.png"])




def test_value_labels_pushed_off_the_panel_are_one_warning_per_bar(capsys, tmp_path,
                                                                   figdata_dir):
    """Hostile pass 3: accuracies near 0 put the script's fixed label gap above the axis;
    the labels vanished without a word naming the data."""
    path = _edit(figdata_dir, "cifar_summary", lambda d: d.__setitem__(
        "final_test_acc", {"bp": [0.002] * 3, "dfa": [0.004] * 3}))
    code, stdout, err = build(capsys, figdata_dir, tmp_path / "out", "cifar_summary")
    assert code == 0
    assert [line for line in err.splitlines() if "data." in line] == [
        (f"warning: cifar_summary: {path}: data.final_test_acc.{method}: its value label "
         f"({label}) is drawn above the panel: accuracies this low leave the script's fixed "
         "label gap (0.005) taller than the axis")
        for method, label in (("bp", "0.2%"), ("dfa", "0.4%"))]
    assert "built cifar_summary" in stdout


def test_realistic_accuracies_draw_every_label_without_a_warning(capsys, tmp_path, figdata_dir):
    _edit(figdata_dir, "cifar_summary", lambda d: d.__setitem__(
        "final_test_acc", {"bp": [0.11] * 3, "dfa": [0.6, 0.61, 0.62]}))
    code, _, err = build(capsys, figdata_dir, tmp_path / "out", "cifar_summary")
    assert (code, err) == (0, "")


def test_an_error_bar_beyond_the_fixed_axis_is_one_warning_naming_the_key(capsys, tmp_path,
                                                                          figdata_dir):
    def change(d):
        d["panel_b"]["conditions"][4]["cos"] = 0.5
        d["panel_b"]["conditions"][4]["cos_err"] = 0.9
    path = _edit(figdata_dir, "fig4_penalty_rescue", change)
    assert _built_saying_one_line(capsys, figdata_dir, tmp_path / "out", "fig4_penalty_rescue") \
        == (f"warning: fig4_penalty_rescue: {path}: data.panel_b.conditions[4].cos_err: the "
            "error bar 0.5 ± 0.9 reaches beyond the panel's fixed axis [-0.1, 1.1] and is cut "
            "there")


def test_a_resmlp_without_no_ln_seeds_is_drawn_with_one_warning(capsys, tmp_path, figdata_dir):
    fixture = REPO / "tests" / "fixtures" / "figure_snapshot_resmlp--no-noln-seeds.json"
    path = figdata_dir / "figure_snapshot_resmlp.json"
    shutil.copyfile(fixture, path)
    assert _built_saying_one_line(capsys, figdata_dir, tmp_path / "out",
                                  "figure_snapshot_resmlp") == (
        f"warning: figure_snapshot_resmlp: {path}: data.no_ln: holds no seeds: the bottom row "
        "is drawn empty")


@pytest.mark.parametrize("breaker", ["\n", "\r", "\x85", "\u2028", "\u2029", "\u202e"])
def test_no_user_string_can_break_or_reorder_the_one_line(capsys, tmp_path, figdata_dir, breaker):
    """Hostile pass 3: a key holding a line break printed a forged second line (list, build);
    Unicode line separators and bidi overrides passed through one_line raw."""
    path = figdata_dir / "cifar_summary.json"
    doc = json.loads(path.read_text())
    doc["provenance"][f"a{breaker}error: fig1_audit_hero: forged"] = 1
    path.write_text(json.dumps(doc))
    for argv in (["list"], ["build", "cifar_summary", "--out", str(tmp_path / "out")]):
        code, stdout, err = run(capsys, *argv, "--figdata", str(figdata_dir))
        assert code == 1
        lines = [*stdout.splitlines(), *err.splitlines()]
        assert not any(line.startswith("error: fig1_audit_hero") for line in lines)
        assert not any(breaker in line for line in lines)
        if argv == ["list"]:
            assert len(stdout.splitlines()) == len(FIGURES)


def test_a_figdata_file_with_a_byte_order_mark_says_so(capsys, tmp_path, figdata_dir):
    path = figdata_dir / "cifar_summary.json"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    code, _, err = build(capsys, figdata_dir, tmp_path / "out", "cifar_summary")
    assert code == 1
    assert error_lines(err) == [
        (f"error: cifar_summary: {path}: starts with a byte order mark (U+FEFF), which JSON "
         "does not allow; save the file as UTF-8 without BOM")]
