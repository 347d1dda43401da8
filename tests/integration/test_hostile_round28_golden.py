"""Round 28: the golden judge's row of that hostile pass mended on the golden branch (G3). The
pass itself, case by case, is in docs/guarantees.md ("Hostile passes"). G3 runs pytest on the
golden suite of a copy of the project, as round 19's rows do (its ``_pytest``)."""

from __future__ import annotations

import json

import pytest
from conftest import OFF_REFERENCE
from test_hostile_round19_golden import _pytest
from test_hostile_round19_golden import copy_of_project as _copy

VENUE = ("tests/golden/test_venue_images.py", "-k", "icml--cifar_summary")
FOLDER = ("build/mpl-results/test_venue_images.test_venue_layout_matches_baseline_"
          "icml--cifar_summary")


@pytest.mark.slow  # a golden run of its own
@pytest.mark.parametrize("summary", [(), ("--mpl-generate-summary=html",)], ids=["plain", "html"])
def test_a_golden_whose_size_changed_ends_with_the_closing_line(request, tmp_path, summary):
    """Round 28 (G3): ICML's column 3.25 in -> 3.0 in (``figures/venues.json``, the likeliest
    intended change of a golden's size) failed the venue golden with pytest-mpl's "Image
    dimensions did not match", but the run's closing line ("N image(s) differ from
    baseline/: see ... accept it with `nox -s baselines`") was missing: it was found by the
    diff image, which pytest-mpl writes for no size change. The closing line now counts and
    names the size changes too, read from the baseline and result pair in pytest-mpl's
    results folder (with the HTML summary, which keeps every test's pair, the passing ones
    are not counted)."""
    if request.config.stash[OFF_REFERENCE] is not None:
        pytest.fail("off the reference environment: pixels are not compared here")
    root = _copy(tmp_path / "repo")
    venues = root / "figures" / "venues.json"
    data = json.loads(venues.read_text())
    data["venues"]["icml"]["column_width_in"]["value"] = 3.0
    venues.write_text(json.dumps(data, indent=1))
    # the slot's other figure passes: kept by the HTML summary, not a size change
    ran = _pytest(root, root, "--mpl", *summary, VENUE[0], "-k", "icml and cifar_summary")
    out = ran.stdout + ran.stderr
    assert ran.returncode == 1, out
    assert "Image dimensions did not match" in out, out
    html = ("the HTML summary build/mpl-results/fig_comparison.html" if summary
            else "`nox -s tests` writes an HTML summary")
    assert out.rstrip().splitlines()[-1] == (
        "1 image(s) changed size from baseline/ (baseline 234x175, now 216x162): see "
        f"{FOLDER}/result.png and {html}; an intended change? accept it with "
        "`nox -s baselines`"), out
