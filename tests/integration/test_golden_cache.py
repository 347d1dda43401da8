"""tests/golden_cache.py: a golden comparison is repeated when any of its inputs changed, and
only then; a change to the picture is never hidden by a comparison that passed before.

Runs pytest on one golden test in a copy of the project, with CI unset (CI=true compares
every image, which this test checks too)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import OFF_REFERENCE
from helpers import REPO

#: End-to-end: pytest in a copy of the project, six times.
pytestmark = pytest.mark.slow

FIGURE = "fig1_audit_hero"
#: Appended to the copy's figure module: one axis background a shade off white.
PIXEL_CHANGE = '''
_drawn = render


def render(*args, **kwargs):
    fig = _drawn(*args, **kwargs)
    fig.axes[0].set_facecolor("#fff0f0")
    return fig


render.rc = _drawn.rc
'''


def _project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    skip = shutil.ignore_patterns("__pycache__", ".pytest_cache", "*.pyc")
    for folder in ("figures", "tests", "baseline", "figdata"):
        shutil.copytree(REPO / folder, root / folder, ignore=skip)
    shutil.copy(REPO / "pyproject.toml", root)
    return root


def _pytest(root: Path, *args: str, ci: bool = False) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items()
           if k != "CI" and not k.startswith(("PYTEST_", "COV_"))}
    env.update(PYTHONPATH=str(root), PYTHONDONTWRITEBYTECODE="1")
    if ci:
        env["CI"] = "true"
    return subprocess.run(
        [sys.executable, "-m", "pytest", "--mpl", "-p", "no:xdist", "-p", "no:randomly",
         "-q", "tests/golden/test_images.py", "-k", FIGURE, *args],
        cwd=root, env=env, capture_output=True, text=True, check=False, timeout=300)


def _summary(proc: subprocess.CompletedProcess[str]) -> str:
    return proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else proc.stderr


def test_a_comparison_is_repeated_exactly_when_its_inputs_changed(request, tmp_path):
    if request.config.stash[OFF_REFERENCE] is not None:
        pytest.fail("off the reference environment: golden comparisons do not run here")
    root = _project(tmp_path)
    module = root / "figures" / "plots" / f"{FIGURE}.py"

    first = _pytest(root)
    assert first.returncode == 0, first.stdout + first.stderr
    assert "1 passed" in _summary(first)

    again = _pytest(root)
    assert again.returncode == 0, again.stdout + again.stderr
    assert "1 comparisons not repeated" in again.stdout
    assert "passed" not in _summary(again)

    for forced in (_pytest(root, "--all"), _pytest(root, ci=True)):
        assert forced.returncode == 0, forced.stdout + forced.stderr
        assert "1 passed" in _summary(forced)
        assert "not repeated" not in forced.stdout

    original = module.read_text()
    module.write_text(original + PIXEL_CHANGE)
    changed = _pytest(root)
    assert changed.returncode == 1, changed.stdout + changed.stderr
    assert "1 failed" in changed.stdout

    module.write_text(original)  # back to the passing picture: compared again (the failure
    back = _pytest(root)         # forgot the earlier pass), then cached once more
    assert back.returncode == 0, back.stdout + back.stderr
    assert "1 passed" in _summary(back)
    assert "not repeated" in _pytest(root).stdout

    # figures/page.py is imported by the figure's module but is not in its default build
    # key: an edit there is compared again too, as is one to any module the drawing reaches
    page = root / "figures" / "page.py"
    page.write_text(page.read_text() + "\n# an edit\n")
    assert "1 passed" in _summary(_pytest(root))


@pytest.mark.parametrize("damaged", ["[]", '"x"', "3"], ids=["list", "string", "number"])
def test_a_damaged_cache_entry_is_nothing_cached(request, tmp_path, damaged):
    """Round 28 (G5): ``.pytest_cache/v/fa-audit/golden-passed`` holding a JSON list or string
    (a hand edit, a broken sync tool) stopped pytest with an INTERNALERROR traceback, exit 3,
    nothing judged, on every run until ``--cache-clear``: a damaged entry is nothing cached,
    every comparison made."""
    if request.config.stash[OFF_REFERENCE] is not None:
        pytest.fail("off the reference environment: golden comparisons do not run here")
    from golden_cache import CACHE_KEY, INPUTS_KEY

    root = _project(tmp_path)
    for key in (CACHE_KEY, INPUTS_KEY):
        entry = root / ".pytest_cache" / "v" / key
        entry.parent.mkdir(parents=True, exist_ok=True)
        entry.write_text(damaged)
    ran = _pytest(root)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "1 passed" in _summary(ran)
