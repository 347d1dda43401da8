"""The reference environment: exact pixels decide there; elsewhere every other test runs.

Both end-to-end checks run pytest in a copy of the project, so the recorded environment and
a baseline can be altered without touching the repository.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import REPO
from PIL import Image

from figures.outputs.environment import ENVIRONMENT_FILE, current, mismatch

#: Checks of the golden machinery itself (other environments, hostile rcParams), not
#: of one picture: each renders every figure again or starts pytest in a copy.
pytestmark = pytest.mark.slow


def test_this_environment_is_the_recorded_one():
    recorded = json.loads((REPO / ENVIRONMENT_FILE).read_text())
    assert mismatch(recorded) is None
    assert recorded == current()


def test_a_different_matplotlib_is_named_in_one_line():
    recorded = {**current(), "matplotlib": "3.0.0"}
    assert mismatch(recorded) == (
        f"matplotlib 3.0.0 (this environment has {current()['matplotlib']})")


@pytest.fixture(scope="module")
def project_copy(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("project")
    for part in ("figures", "tests", "baseline", "figdata"):
        shutil.copytree(REPO / part, root / part,
                        ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO / "pyproject.toml", root)
    return root


def _pytest(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "--mpl", "-p", "no:cacheprovider", "-p", "no:randomly",
         "-p", "no:xdist", "-o", "addopts=-ra", *args],
        cwd=root, capture_output=True, text=True, check=False)


def test_one_changed_pixel_fails_the_golden_test(project_copy):
    """Tolerance 0 on decoded pixels: one pixel of one baseline, off by one grey level,
    fails that figure's test while an untouched one passes."""
    baseline = project_copy / "baseline" / "cifar_summary.png"
    original = baseline.read_bytes()
    image = Image.open(baseline)
    image.load()
    pixel = image.getpixel((10, 10))
    image.putpixel((10, 10), tuple(max(0, c - 1) for c in pixel[:3]) + tuple(pixel[3:]))
    image.save(baseline)
    try:
        proc = _pytest(project_copy, "tests/golden/test_images.py", "-k",
                       "cifar_summary or cifar_feature_drift and not partial")
    finally:
        baseline.write_bytes(original)
    assert proc.returncode == 1, proc.stdout
    assert "1 failed, 1 passed" in proc.stdout
    assert "FAILED tests/golden/test_images.py::test_figure_matches_baseline[cifar_summary]" \
        in proc.stdout


def test_off_the_reference_environment_only_image_comparisons_are_skipped(project_copy):
    """A recorded environment naming another FreeType (as on a co-author's laptop): one
    header line says so, the image comparisons skip, every other test runs and passes."""
    record = project_copy / ENVIRONMENT_FILE
    original = record.read_text()
    record.write_text(json.dumps({**current(), "freetype": "0.0.1"}))
    try:
        proc = _pytest(project_copy, "tests/golden/test_images.py", "tests/unit/test_registry.py")
    finally:
        record.write_text(original)
    assert proc.returncode == 0, proc.stdout
    header = [line for line in proc.stdout.splitlines() if line.startswith("golden images:")]
    assert header == [
        (f"golden images: NOT the reference environment: freetype 0.0.1 (this environment has "
        f"{current()['freetype']}); image comparisons are skipped, every other test runs (the "
        f"reference environment in {ENVIRONMENT_FILE} decides pictures)")]
    images = len(list((project_copy / "tests" / "fixtures").glob("*.json")))
    registry_tests = _count_collected(project_copy, "tests/unit/test_registry.py")
    assert f"{registry_tests} passed, {images} skipped" in proc.stdout


def _count_collected(root: Path, path: str) -> int:
    proc = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q",
                           "-p", "no:cacheprovider", path],
                          cwd=root, capture_output=True, text=True, check=True)
    return sum(1 for line in proc.stdout.splitlines() if "::" in line)
