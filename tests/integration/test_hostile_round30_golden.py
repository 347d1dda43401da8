"""Round 30: the golden judge's row of that hostile pass (G2). The pass itself, case by case,
is in docs/guarantees.md ("Hostile passes"). G2 runs pytest on the golden suite of a copy of
the project, as round 19's rows do (its ``_pytest``)."""

from __future__ import annotations

import pytest
from conftest import OFF_REFERENCE
from test_hostile_round19_golden import _pytest
from test_hostile_round19_golden import copy_of_project as _copy

LFS_POINTER = "version https://git-lfs.github.com/spec/v1\noid sha256:0000\nsize 1234\n"


@pytest.mark.slow  # a golden run of its own
@pytest.mark.parametrize("content", [LFS_POINTER, "not a png\n"], ids=["lfs-pointer", "garbage"])
def test_a_baseline_that_is_no_png_ends_without_a_traceback(request, tmp_path, content):
    """Round 30 (G2): a golden baseline that is no PNG (a Git LFS pointer, as a checkout
    without ``git lfs pull`` has it, or damaged bytes) failed its test with the right line,
    then ended the run with a 70-line ``PIL.UnidentifiedImageError`` traceback from the
    closing line's reader of size changes (round 28 G3), which opened every baseline
    pytest-mpl copied into its results unguarded. A pair it cannot read is no size change:
    the test's own line has said what is wrong; the run ends with pytest's summary."""
    if request.config.stash[OFF_REFERENCE] is not None:
        pytest.fail("off the reference environment: pixels are not compared here")
    root = _copy(tmp_path / "repo")
    (root / "baseline" / "cifar_summary.png").write_text(content)
    ran = _pytest(root, root, "--mpl", "tests/golden/test_images.py", "-k", "cifar_summary")
    out = ran.stdout + ran.stderr
    assert ran.returncode == 1, out
    assert "Traceback" not in out, out
    assert "UnidentifiedImageError" not in out, out
    assert "1 failed" in out.rstrip().splitlines()[-1], out
    assert "the golden image cannot be read" in out, out
