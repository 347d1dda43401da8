"""The rendering-environment check that guards the golden images."""

from __future__ import annotations

import json
import subprocess
import sys

from conftest import REPO

from figures.environment import ENVIRONMENT_FILE, current, mismatch


def test_this_environment_is_the_recorded_one():
    recorded = json.loads((REPO / ENVIRONMENT_FILE).read_text())
    assert mismatch(recorded) is None
    assert recorded == current()


def test_a_different_matplotlib_is_named_in_one_line():
    recorded = {**current(), "matplotlib": "3.0.0"}
    assert mismatch(recorded) == (
        f"matplotlib 3.0.0 (this environment has {current()['matplotlib']})")


def test_pytest_stops_at_once_with_one_line_in_a_mismatched_environment(tmp_path):
    """A copy of the project whose record names another FreeType: no image is compared."""
    for part in ("figures", "tests", "baseline", "figdata", "pyproject.toml"):
        source = REPO / part
        target = tmp_path / part
        if source.is_dir():
            subprocess.run(["cp", "-r", str(source), str(target)], check=True)
        else:
            target.write_bytes(source.read_bytes())
    record = tmp_path / ENVIRONMENT_FILE
    record.write_text(json.dumps({**current(), "freetype": "0.0.1"}))
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "--mpl", "-p", "no:cacheprovider", "-p", "no:randomly",
         "tests/test_images.py"], cwd=tmp_path, capture_output=True, text=True, check=False)
    assert proc.returncode == 4
    assert (f"baseline images were made with freetype 0.0.1 (this environment has "
            f"{current()['freetype']})") in proc.stdout + proc.stderr
    assert "passed" not in proc.stdout
