"""Sessions of the figure suite; ``nox -l`` lists them with these docstrings.

Dependencies come from pyproject.toml only (the project's dependencies and its
``[dependency-groups]``); ``*session.posargs`` reach the underlying command.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import nox

nox.needs_version = ">=2025.2.9"
nox.options.default_venv_backend = "venv"
nox.options.sessions = ["figures", "tests", "lint"]

ROOT = Path(__file__).parent
PYPROJECT = nox.project.load_toml(ROOT / "pyproject.toml")


def _install(session: nox.Session, *groups: str) -> None:
    session.install("-e", ".")
    for group in groups:
        session.install(*nox.project.dependency_groups(PYPROJECT, group))


@nox.session
def figures(session: nox.Session) -> None:
    """Build every figure from figdata/ into build/figures/.

    With an argument, that results folder is extracted into figdata/ first:
    ``nox -s figures -- /path/to/results``.
    """
    _install(session)
    if session.posargs:
        session.run("figures", "extract", *session.posargs)
    session.run("figures", "build")


@nox.session
def tests(session: nox.Session) -> None:
    """Run the test suite with golden-image comparison (``pytest --mpl``), on all cores.

    Writes a pytest-mpl HTML summary (baseline, result, diff) to build/mpl-results/.
    """
    _install(session, "test")
    session.run("pytest", "--mpl", "--mpl-generate-summary=html", "-n", "auto",
                *session.posargs)


@nox.session
def lint(session: nox.Session) -> None:
    """Lint with ruff."""
    session.install(*nox.project.dependency_groups(PYPROJECT, "lint"))
    session.run("ruff", "check", *session.posargs)


@nox.session(default=False)
def baselines(session: nox.Session) -> None:
    """Regenerate golden images after an intended picture change (Linux only).

    Writes only the baseline/ images whose pixels changed or that are missing, and names
    them. Refuses an environment other than the one recorded in baseline/ENVIRONMENT.json;
    ``nox -s baselines -- --new-environment`` accepts the current one and records it.
    """
    _install(session, "test")
    session.run("python", "tools/update_baselines.py", *session.posargs)


@nox.session(default=False)
def compare(session: nox.Session) -> None:
    """Render every figure with the seed scripts (../shared/seeds) and with this package on
    the same synthetic results and compare them pixel for pixel (needs pdftoppm)."""
    _install(session)
    if shutil.which("pdftoppm") is None:
        session.error("pdftoppm not found: install poppler-utils")
    session.run("python", "tools/compare_with_seeds.py", *session.posargs)


@nox.session(default=False)
def benchmark(session: nox.Session) -> None:
    """Time the build against the seed scripts on the same generated data; print the table.

    ``nox -s benchmark -- --runs 5`` (see benchmarks/run.py for the options).
    """
    _install(session, "test")
    session.run("python", "benchmarks/run.py", *session.posargs)


@nox.session(default=False)
def mutants(session: nox.Session) -> None:
    """Mutation check: every visible style change must fail ``pytest --mpl``.

    Prints each mutant and ``caught K of V visible mutants``; the false-failure side is
    ``nox -s stability``.
    """
    _install(session, "test")
    session.run("python", "tools/mutants.py", *session.posargs)


@nox.session(default=False)
def stability(session: nox.Session) -> None:
    """No false failures: the whole suite 20 times in a row, each in its own random order
    (pytest-randomly) on 2 xdist workers, then once serially in random order.

    By hand: ``for i in $(seq 20); do pytest --mpl -n 2 --randomly-seed=$i -q || break; done``.
    ``nox -s stability -- 5`` runs 5 rounds instead of 20.
    """
    _install(session, "stability")
    runs = int(session.posargs[0]) if session.posargs else 20
    for seed in range(1, runs + 1):
        session.run("pytest", "--mpl", "-q", "-p", "no:cacheprovider", "-n", "2",
                    f"--randomly-seed={seed}", silent=True)
        session.log(f"stability: run {seed}/{runs} passed (random order, seed {seed}, -n 2)")
    session.run("pytest", "--mpl", "-q", "-p", "no:cacheprovider", f"--randomly-seed={runs + 1}")
    session.log(f"stability: {runs} random-order xdist runs and one serial run passed")


@nox.session(default=False)
def macros(session: nox.Session) -> None:
    """Write the paper's quoted figdata values as LaTeX macros to build/macros.tex."""
    _install(session)
    session.run("figures", "macros", "--out", "build/macros.tex", *session.posargs)
