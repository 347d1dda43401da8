"""The reference environment: exact pixels decide there; elsewhere vector content decides.

Both end-to-end checks run pytest in a copy of the project, so the recorded environment and
a baseline can be altered without touching the repository.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
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
    assert {**recorded, "machine": current()["machine"]} == current()


def test_a_different_matplotlib_is_named_in_one_line():
    recorded = {**current(), "matplotlib": "3.0.0"}
    assert mismatch(recorded) == (
        f"matplotlib 3.0.0 (this environment has {current()['matplotlib']})")


def test_each_machine_measured_equal_is_the_reference():
    """Linux on aarch64 with the same wheel gave byte-identical golden images: both machines
    are recorded, and any other is named with both."""
    recorded = json.loads((REPO / ENVIRONMENT_FILE).read_text())
    assert sorted(recorded["machine"]) == ["aarch64", "x86_64"]
    assert mismatch({**recorded, "machine": ["arm64", "riscv64"]}) == (
        f"machine arm64 or riscv64 (this environment has {current()['machine']})")


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
        cwd=root, env={**os.environ, "PYTHONPATH": str(root)}, capture_output=True, text=True,
        check=False)


@contextlib.contextmanager
def why_not_as_built(path: Path, old: str, new: str) -> Iterator[None]:
    """``path`` with its first ``old`` made ``new``, restored afterwards."""
    original = path.read_text()
    assert old in original
    path.write_text(original.replace(old, new, 1))
    try:
        yield
    finally:
        path.write_text(original)


@contextlib.contextmanager
def _one_pixel_off(baseline: Path) -> Iterator[None]:
    """``baseline`` with one pixel one grey level darker, put back after."""
    original = baseline.read_bytes()
    image = Image.open(baseline)
    image.load()
    pixel = image.getpixel((10, 10))
    image.putpixel((10, 10), tuple(max(0, c - 1) for c in pixel[:3]) + tuple(pixel[3:]))
    image.save(baseline)
    try:
        yield
    finally:
        baseline.write_bytes(original)


def _header(proc: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in proc.stdout.splitlines() if line.startswith("golden images:")]


def test_one_changed_pixel_fails_the_golden_test(project_copy):
    """Tolerance 0 on decoded pixels: one pixel of one baseline, off by one grey level,
    fails that figure's test while an untouched one passes."""
    with _one_pixel_off(project_copy / "baseline" / "cifar_summary.png"):
        proc = _pytest(project_copy, "tests/golden/test_images.py", "-k",
                       "cifar_summary or cifar_feature_drift and not partial")
    assert proc.returncode == 1, proc.stdout
    assert "1 failed, 1 passed" in proc.stdout
    assert "FAILED tests/golden/test_images.py::test_figure_matches_baseline[cifar_summary]" \
        in proc.stdout


def test_on_aarch64_the_pixels_are_compared(project_copy):
    """A machine reporting ``aarch64`` (a plugin stands in for an arm64 Linux) is the
    reference: its pixels are compared, so one changed pixel fails there too."""
    (project_copy / "as_aarch64.py").write_text(
        "import platform\nplatform.machine = lambda: 'aarch64'\n")
    with _one_pixel_off(project_copy / "baseline" / "cifar_summary.png"):
        proc = _pytest(project_copy, "-p", "as_aarch64", "tests/golden/test_images.py", "-k",
                       "cifar_summary or cifar_feature_drift and not partial")
    assert _header(proc) == [("golden images: pixels decide (the reference environment); "
                               "the vector goldens are checked against the drawing in the "
                               "slow tier")]
    assert "1 failed, 1 passed" in proc.stdout, proc.stdout
    assert "Error: Image files did not match." in proc.stdout


OFF_REFERENCE_HEADER = (
    f"golden images: vector content decides, because this is not the reference environment "
    f"(freetype 0.0.1 (this environment has {current()['freetype']})); pixels are compared "
    f"only there ({ENVIRONMENT_FILE})")


def test_off_the_reference_environment_vector_content_decides(project_copy):
    """A recorded environment naming another FreeType (as on a co-author's laptop): one
    header line says so; every golden test runs (none skips) and judges vector content,
    which passes unchanged and fails on a colour one step off, naming the elements."""
    record = project_copy / ENVIRONMENT_FILE
    selected = ["tests/golden/test_images.py", "-k", "cifar_summary or fig1_audit_hero"]
    with why_not_as_built(record, record.read_text(),
                 json.dumps({**current(), "freetype": "0.0.1"})):
        clean = _pytest(project_copy, "tests/golden/test_images.py", "tests/unit/test_registry.py",
                        "-k", "cifar_summary or fig1_audit_hero or test_registry")
        with why_not_as_built(project_copy / "figures" / "plots" / "_cifar.py",
                     'Entry("BP", "#F44336")', 'Entry("BP", "#F44337")'):
            changed = _pytest(project_copy, *selected)
    assert _header(clean) == [OFF_REFERENCE_HEADER]
    registry_tests = _count_collected(project_copy, "tests/unit/test_registry.py")
    assert clean.returncode == 0, clean.stdout
    others = len(list((project_copy / "tests" / "fixtures").glob("*.json"))) - 2
    assert f" {registry_tests + 2} passed, {others} deselected in" in clean.stdout  # no skip
    assert changed.returncode == 1, changed.stdout
    assert "1 failed, 1 passed" in changed.stdout
    assert "vector content differs from cifar_summary.vector.txt.gz" in changed.stdout
    assert "fill: #f44336" in changed.stdout
    assert "fill: #f44337" in changed.stdout
    assert "Image files did not match" not in changed.stdout


def test_a_changed_stamp_fails(project_copy):
    """The synthetic-data stamp is drawn as the build draws it in the vector content (the
    PNG goldens are unstamped, as ``render`` draws): a stamp 1 pt larger fails the vector
    goldens' check of the slow tier on the reference environment."""
    with why_not_as_built(project_copy / "figures" / "outputs" / "stamp.py",
                 'va="bottom", fontsize=7,', 'va="bottom", fontsize=8,'):
        proc = _pytest(project_copy, "tests/golden/test_vector.py", "-m", "slow", "-k",
                       "default_vector_golden and cifar_summary")
    assert proc.returncode == 1, proc.stdout
    assert "vector content differs from cifar_summary.vector.txt.gz" in proc.stdout
    assert "font-size: 7px" in proc.stdout
    assert "font-size: 8px" in proc.stdout
    assert "Image files did not match" not in proc.stdout


def _count_collected(root: Path, path: str) -> int:
    proc = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q",
                           "-p", "no:cacheprovider", path],
                          cwd=root, capture_output=True, text=True, check=True)
    return sum(1 for line in proc.stdout.splitlines() if "::" in line)


def _pytest_without_mpl(root: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:randomly",
         "-p", "no:xdist", "-o", "addopts=-ra", *args],
        cwd=cwd, env={**os.environ, "PYTHONPATH": str(root)}, capture_output=True, text=True,
        check=False)


def test_without_mpl_a_golden_test_is_judged_by_its_vector_content(project_copy):
    """Issue 45: without ``--mpl`` pytest-mpl compares nothing, and a golden test with BP's
    colour made #00FF00 said "1 passed" under "pixels decide". Now the vector content
    judges it (the header and the closing count say so) and it fails."""
    with why_not_as_built(project_copy / "figures" / "plots" / "_cifar.py",
                 'Entry("BP", "#F44336")', 'Entry("BP", "#00FF00")'):
        proc = _pytest_without_mpl(project_copy, project_copy, "tests/golden/test_images.py",
                                   "-k", "cifar_summary or fig1_audit_hero")
    assert proc.returncode == 1, proc.stdout
    assert _header(proc) == [("golden images: vector content decides, because pixels are "
                              "compared only with --mpl (`pytest --mpl`, as `nox -s tests` "
                              "runs)")]
    assert "1 failed, 1 passed" in proc.stdout
    assert "vector content differs from cifar_summary.vector.txt.gz" in proc.stdout
    assert "golden judges: vector content 2 image(s)" in proc.stdout


def test_from_another_folder_the_baselines_and_results_are_the_repositorys(project_copy,
                                                                           tmp_path):
    """Issue 45: ``pytest --mpl REPO/tests/golden/...`` from another folder failed every
    golden test ("Image file not found <cwd>/baseline") and wrote build/mpl-results there.
    The baselines and the results folder are the repository's; the count says pixels judged."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    proc = _pytest_without_mpl(project_copy, elsewhere, "--mpl",
                               str(project_copy / "tests" / "golden" / "test_images.py"),
                               "-k", "cifar_summary or fig1_audit_hero")
    assert proc.returncode == 0, proc.stdout
    assert "2 passed" in proc.stdout
    assert "golden judges: pixels (pytest-mpl, tolerance 0) 2 image(s)" in proc.stdout
    assert list(elsewhere.iterdir()) == []
    assert (project_copy / "build" / "mpl-results").is_dir()


def test_writing_baselines_says_in_the_header_that_nothing_is_judged(project_copy, tmp_path):
    """Round 7: with ``--mpl-generate-path`` the header said "golden images: pixels decide"
    while pytest-mpl wrote the images and compared none (the closing count said so)."""
    written = tmp_path / "written"
    proc = _pytest_without_mpl(project_copy, project_copy, "--mpl",
                               f"--mpl-generate-path={written}",
                               "tests/golden/test_images.py", "-k", "cifar_summary")
    assert proc.returncode == 0, proc.stdout
    assert _header(proc) == [(f"golden images: written to {written} (--mpl-generate-path), "
                             "with their vector content; nothing is judged")]
    assert "golden judges: written, not judged (--mpl-generate-path)" in proc.stdout


#: What the golden test says to do about a golden image it cannot judge by.
#: The copy has no git (round 47d, G5: it was told `git checkout -- ...`, "not a git repository")
_RESTORE_OR_WRITE = ("restore it from your copy of the project, or write it with `python "
                     "tools/update_baselines.py cifar_summary`")


def _judged_with_a_damaged_golden(project_copy: Path, damaged: bytes | None) -> str:
    """cifar_summary's golden test in the copy, its ``baseline/cifar_summary.png`` made
    ``damaged`` (None: removed) and put back after; it fails (exit 1): what it printed."""
    golden = project_copy / "baseline" / "cifar_summary.png"
    kept = golden.read_bytes()
    golden.unlink()
    if damaged is not None:
        golden.write_bytes(damaged)
    try:
        proc = _pytest(project_copy, "tests/golden/test_images.py", "-k", "cifar_summary")
    finally:
        golden.write_bytes(kept)
    assert proc.returncode == 1, proc.stdout
    return proc.stdout


def test_a_missing_golden_image_is_named_with_how_to_write_it(project_copy):
    """Round 13: ``baseline/cifar_summary.png`` removed: pytest-mpl's "Image file not found
    for comparison test in: .../baseline", naming neither the file nor what writes it. Round
    47d (G5): in this copy without git, no `git checkout` is advised."""
    said = _judged_with_a_damaged_golden(project_copy, None)
    assert "Image file not found" not in said
    assert ("baseline/cifar_summary.png: the golden image is missing (no git here to tell a "
            "deleted golden from a new one): " + _RESTORE_OR_WRITE in said), said


def test_a_missing_golden_image_is_not_counted_as_judged(project_copy):
    """Round 47d (G10): a golden image missing (deleted, a dangling link) failed with its line,
    but the run's count said ``golden judges: pixels (pytest-mpl, tolerance 0) 1 image(s)``
    of an image with no baseline to judge by, where an unreadable one is "NOT JUDGED"."""
    said = _judged_with_a_damaged_golden(project_copy, None)
    assert "golden judges: NOT JUDGED (failed) 1 image(s)" in said, said
    assert "golden judges: pixels" not in said, said


def test_an_empty_vector_golden_is_said_and_not_counted_as_judged(project_copy):
    """Round 47d (G10): ``baseline/cifar_summary.vector.txt.gz`` of 0 bytes (a copy cut short,
    a sync client's placeholder) under ``FIGURES_GOLDEN_VECTOR_ONLY=1``: "vector content
    differs ... in 147 element(s)", each "added", "an intended change? accept it", counted as
    judged. Now: it is empty, restore it; NOT JUDGED."""
    golden = project_copy / "baseline" / "cifar_summary.vector.txt.gz"
    kept = golden.read_bytes()
    golden.write_bytes(b"")
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "pytest", "--mpl", "-p", "no:cacheprovider", "-p",
             "no:randomly", "-p", "no:xdist", "-o", "addopts=-ra", "--all",
             "tests/golden/test_images.py", "-k", "cifar_summary and not two"],
            cwd=project_copy, env={**os.environ, "PYTHONPATH": str(project_copy),
                                   "FIGURES_GOLDEN_VECTOR_ONLY": "1"},
            capture_output=True, text=True, check=False)
    finally:
        golden.write_bytes(kept)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert ("baseline/cifar_summary.vector.txt.gz: the vector golden is empty (0 bytes): "
            "restore it from your copy of the project, or write it with `python "
            "tools/update_baselines.py cifar_summary`") in proc.stdout, proc.stdout  # no git
    assert "golden judges: NOT JUDGED (failed) 1 image(s)" in proc.stdout, proc.stdout
    assert "an intended change?" not in proc.stdout, proc.stdout


def test_a_cut_golden_image_is_named_with_how_to_write_it(project_copy):
    """Round 14: ``baseline/cifar_summary.png`` cut to 2000 bytes: a 463-line pytest-mpl and
    Pillow traceback ending "image file is truncated", naming neither the file nor what
    writes it anew."""
    cut = (project_copy / "baseline" / "cifar_summary.png").read_bytes()[:2000]
    said = _judged_with_a_damaged_golden(project_copy, cut)
    assert "Traceback" not in said
    assert "truncated" in said
    assert ("baseline/cifar_summary.png: the golden image cannot be read (") in said
    assert _RESTORE_OR_WRITE in said


def test_a_golden_image_that_is_a_git_lfs_pointer_says_git_lfs_pull(project_copy):
    """Round 25 (GL): goldens kept in Git LFS, the clone made without git-lfs: the failure
    advised ``git checkout -- baseline/cifar_summary.png`` (the pointer again) or writing the
    golden anew unseen; the file's first line says what it is."""
    said = _judged_with_a_damaged_golden(project_copy, (
        b"version https://git-lfs.github.com/spec/v1\noid sha256:" + b"0" * 64 + b"\nsize 1\n"))
    assert "git checkout" not in said
    assert ("baseline/cifar_summary.png: the golden image cannot be read: it is a Git LFS "
            "pointer, not the image: run `git lfs pull` (git-lfs installed), then the test "
            "again") in said


def test_a_figure_that_raises_is_named_with_its_file_line_and_error(project_copy):
    """Round 16: with ``raise KeyError("bars")`` first in a figure's ``render`` (a figure under
    development), the golden test and update_baselines.py said only ``'bars'``: no type, no
    file, no line; ``figures build`` says all three."""
    plot = project_copy / "figures" / "plots" / "cifar_summary.py"
    with why_not_as_built(plot, "    fig = new_figure(figsize=(10, 6))\n",
                 "    raise KeyError('bars')\n    fig = new_figure(figsize=(10, 6))\n"):
        proc = _pytest(project_copy, "tests/golden/test_images.py", "-k", "cifar_summary",
                       f"--mpl-generate-path={project_copy / 'generated'}")  # update_baselines'
    assert proc.returncode == 1, proc.stdout
    line = next(n for n, text in enumerate(plot.read_text().splitlines(), 1)
                if "fig = new_figure(figsize=(10, 6))" in text)
    assert (f"figures/plots/cifar_summary.py, line {line}: KeyError: 'bars' (an error in the "
            "author's code") in proc.stdout


def test_a_generate_path_left_in_pytest_addopts_is_named(project_copy, tmp_path):
    """Round 50d (G5): ``PYTEST_ADDOPTS=--mpl-generate-path=DIR`` left exported after making
    baselines by hand turned every later golden run into "written, not judged", exit 0, with
    no word of where the option came from (a CI job with it set is green for any picture)."""
    written = tmp_path / "gen"
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:randomly",
         "-p", "no:xdist", "-o", "addopts=-ra", "--mpl", "tests/golden/test_images.py", "-k",
         "cifar_summary and not two"],
        cwd=project_copy, env={**os.environ, "PYTHONPATH": str(project_copy),
                               "PYTEST_ADDOPTS": f"--mpl-generate-path={written}"},
        capture_output=True, text=True, check=False)
    assert "golden judges: written, not judged (--mpl-generate-path) 1 image(s) into " \
           f"{os.path.relpath(written, project_copy)} (--mpl-generate-path from PYTEST_ADDOPTS, " \
           "left set? nothing was compared: unset it to judge the goldens)" in proc.stdout, \
        proc.stdout
