"""Round 47d: `figures review` with the pytest selections a user passes on (G15). The pass
itself, case by case, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from helpers import REPO, review_tool

review = review_tool()
NODEID = "tests/golden/test_images.py::test_figure_matches_baseline[fig4_penalty_rescue]"
FAILED = ('<testsuites><testsuite name="pytest"><testcase classname="tests.golden.test_images"'
          ' name="test_figure_matches_baseline[fig4_penalty_rescue]"><failure/><properties>'
          '<property name="golden-judged" value="pixels"/></properties></testcase>'
          "</testsuite></testsuites>")


def test_a_stepwise_stop_after_a_changed_golden_reviews_it(monkeypatch, capsys):
    """Round 47d (G15): ``figures review -- --sw``: pytest compared the golden, found it
    changed and stopped there (--sw's exit 2), and review said "the golden comparisons did
    not run (pytest exited 2 ...); nothing reviewed". The run's own report is read first: the
    golden it names is reviewed, and the stop is said."""
    def run(args, **_):
        report = next(a for a in args if a.startswith("--junit-xml="))
        Path(report.partition("=")[2]).write_text(FAILED, encoding="utf-8")
        return subprocess.CompletedProcess(args, 2)

    monkeypatch.setattr(review.ub, "goldens", lambda: {"fig4_penalty_rescue": NODEID})
    monkeypatch.setattr(review, "subprocess", type("S", (), {"run": staticmethod(run)}))
    assert review.comparisons(["--sw"]) == [NODEID]
    assert capsys.readouterr().out.splitlines()[-1] == (
        "review: pytest stopped after a failure (exited 2, as --sw does): reviewing the 1 "
        "changed golden(s) its report names; those after it were not compared")


def test_an_unknown_marker_under_xdist_is_pytest_s_one_line():
    """Round 47d (G15): ``-m nosuchmarker`` under ``-n 1`` (as `figures review -- -n 1 -m
    ...` runs it): --strict-markers failed the worker's collection, which xdist told as its
    own crash, a 40-line INTERNALERROR ("Unexpectedly no active workers available"), exit 3.
    Now pytest's own one line, exit 4, as without xdist."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "COV_"))}
    ran = subprocess.run([sys.executable, "-m", "pytest", "-n", "1", "-q", "-p", "no:randomly",
                          "-p", "no:cacheprovider", "-m", "nosuchmarker",
                          "tests/unit/test_hostile_round47d_review.py"], cwd=REPO, env=env,
                         capture_output=True, text=True, timeout=300, check=False)
    assert ran.returncode == 4, ran.stdout + ran.stderr
    assert "INTERNALERROR" not in ran.stdout + ran.stderr
    assert ran.stderr.strip() == (
        "ERROR: Unknown marker(s) in '-m' expression: nosuchmarker. Use 'pytest --markers' to "
        "see available markers.")
