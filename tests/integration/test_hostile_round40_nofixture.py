"""Round 40 (G3): a baseline whose fixture is gone is named at the golden run's end. Runs
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
