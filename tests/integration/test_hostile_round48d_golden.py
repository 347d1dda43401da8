"""Round 48d: rows of that hostile pass mended on the golden branch: a fixture whose name holds
a line end (G15). The pass itself, case by case, is in docs/guarantees.md ("Hostile passes").
G15 runs pytest on the golden suite of a copy of the project, as round 19's rows do."""

from __future__ import annotations

import shutil

import pytest
from helpers import REPO, orphan_line
from test_hostile_round19_golden import _pytest
from test_hostile_round19_golden import copy_of_project as _copy

#: A fixture's name as a script naming variants from data can make it: a line end in it.
STEM = "cifar_summary--a\nb"
LINE = ("tests/fixtures/cifar_summary--a\\x0ab.json: a fixture's name holds a control "
        "character (a line end, a tab), which its golden's files, its test's id and the "
        "commands that name it cannot show: rename the fixture (letters, digits, - and _)")


def test_a_fixture_named_with_a_line_end_is_refused_in_one_line():
    """Round 48 (G15): ``tests/fixtures/cifar_summary--a<LF>b.json`` was a golden of its own:
    its "no golden image yet" line was three lines, and `figures review` then called its
    failure "another test failed" and reviewed nothing. It is no golden: one line."""
    assert orphan_line(REPO / "tests" / "fixtures" / f"{STEM}.json") == LINE
    assert orphan_line(REPO / "tests" / "fixtures" / "cifar_summary.json") is None


@pytest.mark.slow  # a golden run of its own
def test_a_fixture_named_with_a_line_end_fails_its_test_in_one_line(tmp_path):
    """Round 48 (G15): the golden run of a copy holding that fixture: its test fails with the
    one line, nothing is rendered for it, the fixture's own golden is not asked for."""
    root = _copy(tmp_path / "repo")
    shutil.copy(root / "tests" / "fixtures" / "cifar_summary.json",
                root / "tests" / "fixtures" / f"{STEM}.json")
    ran = _pytest(root, root, "tests/golden/test_images.py", "-k", "cifar_summary--a",
                  env={"FIGURES_GOLDEN_VECTOR_ONLY": "1"})
    out = ran.stdout + ran.stderr
    assert ran.returncode == 1, out
    assert LINE in out.splitlines(), out
    assert "no golden image yet" not in out, out
    assert "cifar_summary--a\n" not in out, out
    assert "1 failed" in out, out


@pytest.mark.parametrize("where", ["nodir/sub/r.json", ".", "/proc/r.json"],
                         ids=["no-folder", "a-folder", "proc"])
def test_a_golden_report_path_that_cannot_be_written_is_one_line_at_the_start(tmp_path, where):
    """Round 48 (G23): ``--golden-report PATH`` (the suite's own option) where no file can be
    written (a missing folder, a folder, /proc) passed the run, then ended it in a traceback
    from pytest_sessionfinish, no summary, exit 1. Now one line before any test, exit 4."""
    report = where if where.startswith("/") else str(tmp_path / where)
    ran = _pytest(REPO, REPO, "tests/golden/test_images.py", "--co", "-p", "no:cacheprovider",
                  "-k", "cifar_summary and not two", "--golden-report", report)
    assert ran.returncode == 4, ran.stdout + ran.stderr
    assert ran.stderr.startswith(f"ERROR: --golden-report {report}: "), ran.stderr
    assert ran.stderr.strip().endswith(": give a file path the run can write its report to")
    assert "Traceback" not in ran.stdout + ran.stderr
    assert not (tmp_path / "nodir").exists()


def test_a_fixture_named_with_a_space_at_an_end_is_refused_in_one_line():
    """Round 49d (G6): ``tests/fixtures/cifar_summary--ab .json`` (a trailing space, as a
    script naming variants from data leaves it) was taken for a new golden and the run sent
    the user to write it, a name ``ls`` does not show and Windows cannot hold."""
    for stem in ("cifar_summary--ab ", " cifar_summary--ab"):
        assert orphan_line(REPO / "tests" / "fixtures" / f"{stem}.json") == (
            f"tests/fixtures/'{stem}.json': a fixture's name begins or ends with a space, which "
            "`ls` does not show and Windows cannot hold (a co-author's checkout fails): rename "
            "the fixture (letters, digits, - and _)")
