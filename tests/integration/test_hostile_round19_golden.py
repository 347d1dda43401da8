"""Hostile round 19, the golden judge's rows G1, G2, G5 and G6: each is pytest run on the
golden suite of a copy of the project (BP's colour one step off in it), where the run must
stop at its start with one line rather than judge another checkout's code (G2, G6), or crash
with a traceback (G1, G5)."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import REPO

GOLDEN = ("tests/golden/test_images.py", "-k", "cifar_summary and not partial")
RECORD = "baseline/ENVIRONMENT.json"


@pytest.fixture(scope="module")
def checkout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A second checkout of the project: a copy with BP's colour one step off."""
    return copy_of_project(tmp_path_factory.mktemp("r19") / "second", colour="#F44337")


def copy_of_project(root: Path, *, colour: str = "#F44336") -> Path:
    """A copy of the project at ``root`` (what a golden run reads), BP's colour ``colour``."""
    skip = shutil.ignore_patterns("__pycache__", ".pytest_cache", "*.pyc")
    for folder in ("figures", "tests", "baseline", "figdata"):
        shutil.copytree(REPO / folder, root / folder, ignore=skip)
    shutil.copy(REPO / "pyproject.toml", root)
    module = root / "figures" / "plots" / "_cifar.py"
    source = module.read_text()
    assert '"#F44336"' in source
    module.write_text(source.replace('"#F44336"', f'"{colour}"', 1))
    return root


def _pytest(cwd: Path, imports: Path, *args: str, python: tuple[str, ...] = (),
            env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """pytest run from ``cwd`` with ``figures`` imported from the checkout ``imports``;
    ``-P``: the current folder not put on the path, as the ``pytest`` command does."""
    clean = {k: v for k, v in os.environ.items() if k not in ("CI", "PYTHONOPTIMIZE")
             and not k.startswith(("PYTEST_", "COV_"))}
    clean.update(PYTHONPATH=str(imports), PYTHONDONTWRITEBYTECODE="1", **(env or {}))
    return subprocess.run([sys.executable, *python, "-m", "pytest", "-p", "no:xdist", "-p",
                           "no:randomly", "-q", *args], cwd=cwd, env=clean,
                          capture_output=True, text=True, check=False, timeout=300)


def _elsewhere(root: Path) -> str:
    return (f"ERROR: the figures package imported is {(REPO / 'figures').resolve()}, not "
            f"this checkout's {(root / 'figures').resolve()}: its tests and baselines would "
            f"judge the other code; install this checkout (pip install -e {root.resolve()}) "
            "or run its tests through `nox -s tests`")


@pytest.mark.parametrize("mpl", [("--mpl",), ()], ids=["pixels", "vector"])
def test_a_second_checkout_whose_environment_imports_another_checkouts_package_is_refused(
        checkout, mpl):
    """Round 19 (G2): in a second checkout whose venv is the first's editable install, plain
    ``pytest --mpl tests/golden/...`` (the command puts no checkout on the path) imported the
    first checkout's ``figures`` and judged it against the second's baselines: a changed
    colour "1 passed", by both judges. Now one line at the start names both packages."""
    ran = _pytest(checkout, REPO, *mpl, *GOLDEN, python=("-P",))
    assert ran.returncode == 4, ran.stdout + ran.stderr
    assert ran.stderr.strip().splitlines() == [_elsewhere(checkout)], ran.stderr
    assert "passed" not in ran.stdout


def test_a_second_checkout_run_from_another_folder_is_refused_and_no_pass_is_recorded(
        checkout, tmp_path):
    """Round 19 (G6): ``cd / && python -m pytest --mpl REPO/tests/golden/...`` with the
    environment's ``figures`` another checkout's: "1 passed", and the cache recorded the pass
    (the next run: "not repeated"). Now refused each time, before any test; and with this
    checkout's package imported, the changed colour fails."""
    test = str(checkout / GOLDEN[0])
    for _ in range(2):  # the cache on: a second run must not take a pass from the first
        ran = _pytest(tmp_path, REPO, "--mpl", test, *GOLDEN[1:])
        assert ran.returncode == 4, ran.stdout + ran.stderr
        assert ran.stderr.strip().splitlines() == [_elsewhere(checkout)], ran.stderr
        assert "passed" not in ran.stdout
        assert "not repeated" not in ran.stdout
    ran = _pytest(tmp_path, checkout, "--mpl", "-p", "no:cacheprovider", test, *GOLDEN[1:])
    assert ran.returncode == 1, ran.stdout + ran.stderr
    assert "1 failed" in ran.stdout


@contextlib.contextmanager
def _record(root: Path, text: str | None) -> Iterator[None]:
    """``root``'s environment record holding ``text`` (None: removed), restored after."""
    record = root / RECORD
    kept = record.read_bytes()
    record.unlink()
    if text is not None:
        record.write_text(text)
    try:
        yield
    finally:
        record.write_bytes(kept)


@pytest.mark.parametrize(("damage", "said"), [
    ("missing", (f"ERROR: {RECORD}: missing (the reference environment the golden images "
                 f"were made in): restore it (git checkout -- {RECORD})")),
    ("conflict", (f"ERROR: {RECORD}: holds git merge-conflict markers: resolve the conflict "
                  f"(keep one side: git checkout --ours {RECORD}, or --theirs; then git add "
                  "it), then run again")),
    ("cut", (f"ERROR: {RECORD}: not JSON (Unterminated string starting at, line 2): restore "
             f"it (git checkout -- {RECORD})")),
])
def test_a_missing_or_conflicted_environment_record_is_one_line(checkout, damage, said):
    """Round 19 (G5): ``baseline/ENVIRONMENT.json`` removed, or left with git's conflict
    markers (two branches each recorded a new environment): a 26-28 line INTERNALERROR
    traceback from tests/conftest.py. Now one line naming the file and what to do."""
    recorded = (checkout / RECORD).read_text()
    text = {"missing": None, "cut": recorded[:20],
            "conflict": f"<<<<<<< HEAD\n{recorded}=======\n{recorded}>>>>>>> other\n"}[damage]
    with _record(checkout, text):
        ran = _pytest(checkout, checkout, "--mpl", *GOLDEN)
    assert ran.returncode == 4, ran.stdout + ran.stderr
    assert ran.stderr.strip().splitlines() == [said], ran.stdout + ran.stderr
    assert "passed" not in ran.stdout


@pytest.mark.parametrize("how", ["PYTHONOPTIMIZE=1", "python -O"])
def test_a_golden_run_without_asserts_is_one_line(checkout, how):
    """Round 19 (G1): under ``PYTHONOPTIMIZE=1`` (some container images export it) pytest's
    warning that asserts are not executed, an error here (``filterwarnings = ["error"]``),
    was a 43-line traceback. Now one line: the suite needs its asserts; unset it."""
    env, python = ({"PYTHONOPTIMIZE": "1"}, ()) if how.startswith("PY") else ({}, ("-O",))
    ran = _pytest(checkout, checkout, "--mpl", *GOLDEN, python=python, env=env)
    assert ran.returncode == 4, ran.stdout + ran.stderr
    given, remedy = ("PYTHONOPTIMIZE=1 is set", "unset PYTHONOPTIMIZE") if env else (
        "python -O", "run without -O")
    said = (f"ERROR: {given}: Python skips assert statements, and this suite's checks are "
            f"asserts; nothing was judged: {remedy}, then run again")
    assert ran.stderr.strip().splitlines() == [said], ran.stdout + ran.stderr
    assert "passed" not in ran.stdout
