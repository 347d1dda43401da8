"""``nox -s preflight -- --venue V`` (tools/preflight.py, which tox runs too): builds the
venue's figures, checks that build strictly, fails on a failing rule; the flags it rests on."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys

import pytest
from helpers import REPO

from figures.cli import main as cli
from figures.registry import FIGURES
from figures.venues import BUILTIN

#: End-to-end: builds figures for a venue and runs the preflight on them.
pytestmark = pytest.mark.slow

TOOL = REPO / "tools" / "preflight.py"


def _tool():
    spec = importlib.util.spec_from_file_location("preflight_tool", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_session_builds_the_venue_and_checks_that_build_strictly():
    build, check = _tool().commands(["--venue", "neurips"])
    assert build[3:] == ["build", "--venue", "neurips"]  # not --camera-ready
    assert check[3:7] == ["check", "--venue", "neurips", "--out"]
    assert check[7] == "build/neurips"
    assert "--strict" in check
    assert check.count("--venue") == 1


def test_nox_and_tox_run_the_same_preflight():
    assert 'session.run("python", "tools/preflight.py", *session.posargs)' in (
        REPO / "noxfile.py").read_text(encoding="utf-8")
    assert "commands = python tools/preflight.py {posargs}" in (
        REPO / "tox.ini").read_text(encoding="utf-8")


def _run_tool(tmp_path, *argv):
    return subprocess.run([sys.executable, str(TOOL), *argv], check=False, cwd=tmp_path,
                          capture_output=True, text=True, timeout=600)


def test_a_repeated_venue_is_refused_by_the_session(tmp_path):
    done = _run_tool(tmp_path, "--venue", "icml", "--venue", "ieee")
    assert done.returncode == 2
    assert "--venue given twice" in done.stderr


def test_a_failing_rule_fails_the_session(tmp_path):
    doc = json.loads(BUILTIN.read_text(encoding="utf-8"))
    # Type 1 fonts only: matplotlib's embedded TrueType fails the fonts rule
    strict = dict(doc["venues"]["neurips"], name="Type 1 only",
                  font_rule=dict(doc["venues"]["neurips"]["font_rule"], value="type1"))
    venues = tmp_path / "venues.json"
    venues.write_text(json.dumps({"venues": {"type1conf": strict}}))
    name = FIGURES[0].name
    done = _run_tool(tmp_path, "--venue", "type1conf", "--venues", str(venues),
                     "--figdata", str(REPO / "figdata"), name)
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"{name}  fonts" in done.stdout
    assert "FAIL" in done.stdout
    assert (tmp_path / "build" / "type1conf" / f"{name}.pdf").is_file()  # the venue build


def test_a_failing_check_of_another_build_names_the_venue_build(tmp_path, capsys):
    name = FIGURES[0].name
    out = tmp_path / "figures"
    assert cli.main(["build", name, "--out", str(out)]) == 0
    capsys.readouterr()
    cli.main(["check", name, "--venue", "neurips", "--out", str(out)])
    advice = capsys.readouterr().out.splitlines()[-1]  # after the table
    assert "`figures build --venue neurips`" in advice


def test_a_repeated_venue_on_build_is_one_line(capsys):
    assert cli.main(["build", "--venue", "icml", "--venue", "ieee"]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1
    assert "icml" in err
    assert "ieee" in err


def test_a_no_op_build_is_one_line(tmp_path, capsys):
    names = [spec.name for spec in FIGURES[:2]]
    out = tmp_path / "out"
    assert cli.main(["build", *names, "--out", str(out)]) == 0
    capsys.readouterr()
    assert cli.main(["build", *names, "--out", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [f"2 figures current in {out}/"]


def test_the_width_sweep_builds_and_checks_every_width_from_the_narrowest_to_the_text():
    """Issue 46: `figures check --strict` on every ICML width folder, from each figure's
    smallest width (up to the 0.25 in grid) to 6.75 in; each width builds only the figures
    drawn that narrow (a refusal is no failure), one at a time, into build/icml/wW/."""
    pairs = _tool().commands(["--widths"])
    builds, checks = pairs[::2], pairs[1::2]
    widths = [float(b[b.index("--width") + 1]) for b in builds]
    assert widths == [2 + 0.25 * i for i in range(20)]  # 1.9 in is the narrowest: 2 to 6.75
    for build, check in zip(builds, checks, strict=True):
        folder = build[build.index("--out") + 1]
        assert folder == f"build/icml/w{build[build.index('--width') + 1]}"
        assert check[check.index("--out") + 1] == folder
        assert "--strict" in check
        assert build[build.index("--jobs") + 1] == "1"
    assert "fig1_audit_hero" not in builds[0]  # 3.25 in at least
    assert "fig1_audit_hero" in builds[5]
    assert "cifar_summary" in builds[0]
    assert len(builds[-1]) == len(builds[5]) == len(FIGURES) + 12  # every figure from 3.25 in
