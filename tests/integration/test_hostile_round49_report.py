"""Round 49 (from round 49d G24): ``--golden-report`` written at the run's end where the write
fails, or given an empty path."""

from __future__ import annotations

import pytest
from helpers import REPO
from test_hostile_round19_golden import _pytest

ARGS = ("tests/golden/test_images.py", "--co", "-p", "no:cacheprovider", "-k",
        "cifar_summary and not two")


def test_a_report_whose_write_fails_at_the_end_is_one_line_and_the_runs_own_status():
    """Round 49d (G24): ``--golden-report /dev/full`` (a disk that fills by the end: it
    opens, the write fails) turned a passing run into a 66-line traceback, exit 1, no
    summary (the start's check cannot foresee it). Now one line; the run's status stays."""
    ran = _pytest(REPO, REPO, *ARGS, "--golden-report", "/dev/full")
    out = ran.stdout + ran.stderr
    assert ran.returncode == 0, out
    assert "--golden-report /dev/full: No space left on device: the report was not written" \
        in out.splitlines(), out
    assert "Traceback" not in out, out


def test_an_empty_report_path_is_refused_at_the_start():
    """Round 49d (G24): ``--golden-report ""`` (an unset variable) was taken as no option:
    no report, no word. It is refused before any test, as another unwritable path is."""
    ran = _pytest(REPO, REPO, *ARGS, "--golden-report", "")
    assert ran.returncode == 4, ran.stdout + ran.stderr
    assert ran.stderr.startswith("ERROR: --golden-report : an empty path (an unset variable?)"
                                 ": give a file path the run can write its report to"), ran.stderr


@pytest.mark.slow  # the golden modules collected
def test_update_baselines_selecting_no_golden_says_so():
    """Round 49d (G21): ``tools/update_baselines.py -k nosuch`` (``nox -s baselines -- -k
    nosuch``) ended in "pytest exited 5; nothing written", where `figures review` says no test
    was selected and what to look at.

    Round 50 (L1): run as a golden run starts it (FIGURES_GOLDEN_RESULTS_HELD naming
    build/mpl-results, which that run holds), its pytest took the same results folder: it
    refused (exit 4), and with the variable unset it waited for the holder for ever (CI's
    random order, 600 s). Its results folder is now its own."""
    import os
    import subprocess
    import sys

    held = REPO / "build" / "mpl-results"
    held.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, FIGURES_GOLDEN_RESULTS_HELD=str(held.resolve()))
    ran = subprocess.run([sys.executable, "tools/update_baselines.py", "-k", "nosuchgolden"],
                         cwd=REPO, capture_output=True, text=True, check=False, timeout=600,
                         env=env)
    assert ran.returncode == 1, ran.stdout + ran.stderr
    assert ran.stderr.splitlines()[-1] == (
        "update_baselines: pytest exited 5: no golden selected (look at -k, -m or the names); "
        "nothing written"), ran.stderr


@pytest.mark.slow  # a pytest run of a copy of the project
@pytest.mark.parametrize("report", ["baseline/cifar_summary.png", "tests/conftest.py"])
def test_a_report_over_a_file_of_the_checkout_is_refused(tmp_path, report):
    """Round 50d (G15): ``--golden-report baseline/cifar_summary.png`` (a path completed one
    folder off) or ``tests/conftest.py`` replaced that file with the report's JSON, in a
    passing run: the next run failed on a golden that is no PNG, or the suite no longer
    loaded. Refused before any test, as a ``--basetemp`` in the checkout is; nothing written."""
    from test_hostile_round19_golden import copy_of_project

    root = copy_of_project(tmp_path / "repo")
    before = (root / report).read_bytes()
    ran = _pytest(root, root, *ARGS, "--golden-report", report)
    assert ran.returncode == 4, ran.stdout + ran.stderr
    assert ran.stderr.startswith(f"ERROR: --golden-report {report}: the run writes its report "
                                 "over that file, and it lies in this checkout's "), ran.stderr
    assert (root / report).read_bytes() == before
