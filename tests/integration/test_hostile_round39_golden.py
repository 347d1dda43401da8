"""Round 39: review's row of that hostile pass (R2). The pass itself, case by case, is in
docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from helpers import REPO, review_tool
from test_hostile_round19_golden import copy_of_project

NOT_RUN = ("review: the golden comparisons did not run (pytest exited 0 and judged no golden "
           "image: collection only (--co), or no golden test among those selected, or each "
           "skipped: nothing was compared); nothing reviewed")


@pytest.mark.parametrize("only", ["--co", "--collect-only"])
def test_round39_r2_a_review_of_a_collection_only_run_says_nothing_was_compared(tmp_path, only):
    """Round 39 (R2): ``figures review --no-open -- -k cifar_summary --co`` in a checkout whose
    cifar_summary differs from baseline/: pytest's collect-only exits 0 ("1/61 tests
    collected"), which review took for "none failed": "no golden test failed in the last run:
    nothing to review", exit 0, of a run that compared nothing. Review now decides from what
    its run judged (the suite's ``golden-judged`` report property): none judged is one line,
    exit 1, nothing rendered again. (pytest's own ``--co`` stays a listing: see the docs.)"""
    root = copy_of_project(tmp_path / "repo", colour="#F44337")  # BP one step off
    shutil.copytree(REPO / "tools", root / "tools",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "PYTHONOPTIMIZE")
           and not k.startswith(("PYTEST_", "COV_"))}
    env.update(PYTHONPATH=str(root), PYTHONDONTWRITEBYTECODE="1")
    ran = subprocess.run([sys.executable, "tools/review.py", "--no-open", "--", "-k",
                          "cifar_summary", only, "-p", "no:xdist", "-p", "no:randomly",
                          f"--mpl-results-path={tmp_path / 'results'}"],  # its own (74f07b7)
                         cwd=root, env=env, capture_output=True, text=True, check=False,
                         timeout=300)
    assert ran.returncode == 1, ran.stdout + ran.stderr
    assert ran.stderr.strip().splitlines()[-1] == NOT_RUN, ran.stdout + ran.stderr
    assert "nothing to review" not in ran.stdout + ran.stderr
    assert not (root / "build" / "review" / "index.html").exists()


def _review_with(monkeypatch, tmp_path: Path, judged: str | None):
    """review whose pytest run exits 0 and reports one golden test, its
    ``golden-judged`` property ``judged`` (None: no property, as for a skipped test)."""
    review = review_tool()
    name = "test_figure_matches_baseline[cifar_summary]"  # tests/golden/test_images.py's
    monkeypatch.setattr(review, "failed_goldens", list)
    monkeypatch.setattr(review, "OUT", tmp_path / "build" / "review")
    monkeypatch.setattr(review.ub, "generate", lambda *a: pytest.fail("rendered again"))

    def run(argv, **_):
        report = Path(next(a for a in argv if a.startswith("--junit-xml="))
                      .split("=", 1)[1])
        prop = ("" if judged is None else "<properties><property name=\"golden-judged\" "
                f"value=\"{judged}\"/></properties>")
        report.write_text(
            "<testsuites><testsuite><testcase classname=\"tests.golden.test_images\" "
            f"name=\"{name}\">{prop}</testcase></testsuite></testsuites>")
        return subprocess.CompletedProcess(argv, 0)
    monkeypatch.setattr(review, "subprocess", SimpleNamespace(run=run))
    return review


@pytest.mark.parametrize("judged", [None, "", "written"])
def test_round39_r2_a_run_that_passed_without_judging_is_not_reviewed_clean(
        monkeypatch, tmp_path, capsys, judged):
    """Round 39 (R2): a review run that exited 0 with no golden judged (no property, a test
    that no judge decided, one only written) says nothing was compared, exit 1."""
    review = _review_with(monkeypatch, tmp_path, judged)
    with pytest.raises(SystemExit) as stopped:
        review.main(["--no-open", "-k", "cifar_summary"])
    assert str(stopped.value) == NOT_RUN
    assert "nothing to review" not in capsys.readouterr().out


@pytest.mark.parametrize("judged", ["pixels", "vector"])
def test_round39_r2_a_run_that_judged_and_passed_says_how_many_it_compared(
        monkeypatch, tmp_path, capsys, judged):
    """Round 39 (R2): the control: a review run whose goldens were judged and passed says so
    of this run ("in the last run" was said of review's own run), exit 0."""
    review = _review_with(monkeypatch, tmp_path, judged)
    assert review.main(["--no-open", "-k", "cifar_summary"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "review: 1 golden(s) compared, none differs from baseline/: nothing to review")
