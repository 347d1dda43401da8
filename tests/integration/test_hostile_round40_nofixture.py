"""Round 40 (G3, R9): a baseline whose fixture is gone is named at the golden run's end; a
golden git never tracked is called new, not restored. Runs
pytest on the golden suite of a copy of the project, as round 19's rows do (its ``_pytest``),
with its own ``--mpl-results-path``."""

from __future__ import annotations

import pytest
from conftest import OFF_REFERENCE
from test_hostile_round19_golden import _pytest
from test_hostile_round19_golden import copy_of_project as _copy


@pytest.mark.slow  # a golden run of its own
def test_a_baseline_whose_fixture_is_gone_is_named_at_the_golden_runs_end(request, tmp_path):
    """Round 40 (G3): ``git rm tests/fixtures/cifar_diagnostics--partial.json``, its baselines
    left: ``pytest --mpl tests/golden/test_images.py`` said "17 passed", rc 0, and nothing of
    the baseline no test judged any more (only tests/unit/test_registry.py, outside the golden
    run, told it). The golden run names it at its end (and a venue baseline no venue layout
    draws), in a run whose paths take in the golden module that would judge it."""
    if request.config.stash[OFF_REFERENCE] is not None:
        pytest.fail("off the reference environment: pixels are not compared here")
    root = _copy(tmp_path / "repo", colour="#F44336")
    (root / "tests" / "fixtures" / "cifar_diagnostics--partial.json").unlink()
    venue = root / "baseline" / "venues" / "venue-icml--fig9_gone.png"
    venue.write_bytes((root / "baseline" / "venues" / "venue-icml--cifar_summary.png")
                      .read_bytes())
    results = tmp_path / "mpl-results"
    ran = _pytest(root, root, "--mpl", f"--mpl-results-path={results}", "-p", "no:cacheprovider",
                  "tests/golden/test_images.py", "tests/golden/test_venue_images.py",
                  "-k", "test_figure_matches_baseline and cifar_accuracy")
    out = ran.stdout + ran.stderr
    assert ran.returncode == 0, out
    lines = out.splitlines()
    assert ("golden: baseline/cifar_diagnostics--partial.png and baseline/cifar_diagnostics--"
            "partial.vector.txt.gz: no fixture (tests/fixtures/cifar_diagnostics--partial.json), "
            "not judged: restore the fixture, or remove them") in lines, out
    assert ("golden: baseline/venues/venue-icml--fig9_gone.png: no venue layout of the golden "
            "tests draws it (tests/helpers.py venue_slots: its figure or slot is gone), not "
            "judged: remove it") in lines, out
    assert sum(line.startswith("golden: baseline/") for line in lines) == 2, out
    assert "1 passed" in lines[-1], out

    # a run whose paths do not take in test_images.py says nothing of its baselines
    listed = _pytest(root, root, "--co", "-p", "no:cacheprovider",
                     "tests/golden/test_venue_images.py", "-k", "cifar_accuracy")
    assert "cifar_diagnostics--partial" not in listed.stdout + listed.stderr
    assert "venue-icml--fig9_gone.png" in listed.stdout


@pytest.mark.slow  # golden runs of their own
def test_a_golden_git_never_tracked_is_no_checkout_to_restore(request, tmp_path):
    """Round 40 (R9): a new figure's golden before its baseline exists (as ``figures new``
    leads to) was told "the golden image is missing: restore it (git checkout -- baseline/
    fig5_demo.png), or write it ...", a checkout git answers with "pathspec ... did not match
    any file(s) known to git". A golden git never tracked is said to be new, with what writes
    it; one git tracks, removed (``git rm``), is restored from HEAD, which is what works."""
    import subprocess

    if request.config.stash[OFF_REFERENCE] is not None:
        pytest.fail("off the reference environment: pixels are not compared here")
    root = _copy(tmp_path / "repo", colour="#F44336")

    def git(*args: str) -> None:
        subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=root,
                       check=True, capture_output=True, timeout=120)

    git("init", "-q")
    git("add", "-A")
    git("rm", "-q", "--cached", "baseline/cifar_accuracy.png")  # never tracked
    git("commit", "-qm", "project")
    (root / "baseline" / "cifar_accuracy.png").unlink()
    git("rm", "-q", "baseline/cifar_summary.png")  # tracked, removed
    ran = _pytest(root, root, "--mpl", f"--mpl-results-path={tmp_path / 'results'}", "-p",
                  "no:cacheprovider", "tests/golden/test_images.py", "-k",
                  "cifar_accuracy or cifar_summary")
    out = ran.stdout + ran.stderr
    assert ran.returncode == 1, out
    assert ("baseline/cifar_accuracy.png: no golden image yet (git does not track it: a new "
            "golden): write it with `python tools/update_baselines.py cifar_accuracy`, or "
            "accept it in `figures review`") in out, out
    assert ("baseline/cifar_summary.png: the golden image is missing: restore it (git checkout "
            "HEAD -- baseline/cifar_summary.png), or write it with `python tools/"
            "update_baselines.py cifar_summary`") in out, out
    assert "git checkout -- baseline/cifar_accuracy.png" not in out, out
