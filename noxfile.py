"""Sessions of the figure suite; ``nox -l`` lists them with these docstrings.

Dependencies come from pyproject.toml only (the project's dependencies and its
``[dependency-groups]``); ``*session.posargs`` reach the underlying command. tox.ini mirrors
every session (tests/integration/test_sessions.py keeps the two in step).

Environments are reused: a session installs only when its environment is new or
pyproject.toml changed since its last install (a stamp in the environment records what was
installed). The package is installed editable, so a change to its code or to figdata needs
no reinstall and a warm ``nox -s figures`` takes well under a second. With uv available
(``pip install 'nox[uv]'``) environments are made by uv, else by the standard venv.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import nox

nox.needs_version = ">=2025.2.9"
nox.options.default_venv_backend = "uv|venv"
nox.options.reuse_venv = "yes"
nox.options.sessions = ["figures", "tests", "lint"]

ROOT = Path(__file__).parent
PYPROJECT = nox.project.load_toml(ROOT / "pyproject.toml")
#: Pillow releases the golden tests are proven with: the oldest allowed and the newest.
PILLOW_RELEASES = ("10.4.0", "13.0.0")


def _install(session: nox.Session, *groups: str, project: bool = True,
             extra: tuple[str, ...] = ()) -> None:
    """Install the project (editable) and the dependency ``groups`` in one resolver run,
    unless this environment already holds exactly that install of this pyproject.toml."""
    requirements = [*(["-e", "."] if project else []), *extra]
    for group in groups:
        requirements += nox.project.dependency_groups(PYPROJECT, group)
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes())
    wanted.update("\0".join([session.venv_backend, *requirements]).encode())
    stamp = Path(session.virtualenv.location) / ".fa-audit-install"
    if stamp.is_file() and stamp.read_text() == wanted.hexdigest():
        return
    session.install(*requirements)
    stamp.write_text(wanted.hexdigest())


@nox.session
def figures(session: nox.Session) -> None:
    """Build every figure from figdata/ into build/figures/ (only what changed).

    With an argument, that results folder is extracted into figdata/ first:
    ``nox -s figures -- /path/to/results``.
    """
    _install(session)
    session.run("figures", "make", *session.posargs)


@nox.session
def tests(session: nox.Session) -> None:
    """Run the fast tests and the golden images whose inputs changed, on all cores: after an edit.

    ``pytest --mpl -m "not slow"``: pixels judge each golden image on the reference
    environment, vector content elsewhere (the first lines say which; the slow tier checks
    the vector goldens on the reference); a
    golden comparison whose inputs are unchanged since it last passed is not repeated (``nox -s tests -- --all`` compares every image; CI does). Writes a pytest-mpl HTML summary (baseline, result, diff) to build/mpl-results/. The
    whole suite: ``nox -s tests slow_tests``; CI runs it as ``nox -s random_order``.
    """
    _install(session, "test")
    session.run("pytest", "--mpl", "--mpl-generate-summary=html", "-n", "auto",
                "-m", "not slow", *session.posargs)


@nox.session(default=False)
def slow_tests(session: nox.Session) -> None:
    """Run the slow tier: end-to-end runs, the golden machinery's own checks, full builds.

    End-to-end runs start the command line, often in a copy of the project. For developers
    (on all cores); CI runs the slow tier inside ``nox -s random_order``'s whole suite."""
    _install(session, "test")
    session.run("pytest", "--mpl", "-n", "auto", "-m", "slow", *session.posargs)


@nox.session
def lint(session: nox.Session) -> None:
    """Lint the code with ruff and the CI workflow with actionlint."""
    _install(session, "lint", project=False)
    session.run("ruff", "check", *session.posargs)
    session.run("actionlint", "-no-color")


@nox.session(default=False)
def baselines(session: nox.Session) -> None:
    """Regenerate golden images after an intended picture change (Linux only).

    Writes only the baseline/ images whose pixels changed and the vector goldens beside them
    whose content changed, or that are missing, and names them. Refuses an environment other than the one recorded in baseline/ENVIRONMENT.json;
    ``nox -s baselines -- --new-environment`` accepts the current one and records it.
    """
    _install(session, "test")
    session.run("python", "tools/update_baselines.py", *session.posargs)


@nox.session(default=False)
def review(session: nox.Session) -> None:
    """See every changed golden picture in a browser and accept or reject each, one by one.

    After a golden run with failures (else it runs the comparisons): baseline and new side by
    side, overlay, blink, diff, and which recorded input changed; accept writes that golden
    only. ``nox -s review -- --no-open`` writes build/review/index.html instead (CI keeps it).
    """
    _install(session, "test")
    session.run("python", "tools/review.py", *session.posargs)


@nox.session(default=False)
def pillow(session: nox.Session) -> None:
    """Run the golden tests with the oldest and the newest allowed Pillow: both must pass.

    Pixels decide, so both pass, and a one-pixel change to a baseline fails with both."""
    for release in PILLOW_RELEASES:
        _install(session, "test", extra=(f"pillow=={release}",))
        session.log(f"pillow {release}")
        session.run("pytest", "--mpl", "-n", "auto", "-p", "no:cacheprovider",
                    "tests/golden/test_images.py", "tests/golden/test_environment.py", *session.posargs)


@nox.session(default=False)
def compare(session: nox.Session) -> None:
    """Compare every figure with the paper's seed scripts, pixel for pixel (needs pdftoppm).

    Without pdftoppm the tool says so, naming its package from figures/tex_packages.txt. Both
    render the same synthetic results: the seed scripts from ../shared/seeds, and this
    package."""
    _install(session)
    session.run("python", "tools/compare_with_seeds.py", *session.posargs)


@nox.session(default=False)
def paper(session: nox.Session) -> None:
    """Sync, compile and audit a paper: ``nox -s paper -- PAPER_DIR [--venue V]``.

    ``figures paper``: each figure built for the width the paper prints it at and copied in,
    latexmk, then ``figures check PAPER.pdf`` (needs latexmk and pdflatex)."""
    _install(session)
    if not session.posargs:
        session.error("give the paper's folder: nox -s paper -- PAPER_DIR [--venue V]")
    session.run("figures", "paper", *session.posargs)


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
    """No false failures: the whole suite 20 times in random orders, then once serially.

    Each round has its own random order (pytest-randomly) on 2 xdist workers; the serial
    round is in random order too.

    ``nox -s stability -- 5`` runs 5 rounds instead of 20; pytest options follow the number
    (``-- 5 -m "not slow"``), or stand alone (``-- -m "not slow"``: 20 rounds). Anything else
    first is refused in one line (round 40, N1).
    """
    _install(session, "stability")
    session.run("python", "tools/stability.py", *session.posargs)


@nox.session(default=False)
def random_order(session: nox.Session) -> None:
    """The whole suite (both tiers, ``--mpl``) in one process, in a random order (CI).

    It runs in a copy without .git, from another folder. CI passes ``-- --processes 2``
    (the shuffled suite split between two processes, in half the time).

    ``nox -s random_order -- SEED`` reruns one order (the seed is printed); pytest options
    follow the seed (``-- SEED -m "not slow"``: the fast tier only)."""
    _install(session, "stability")
    session.run("python", "tools/random_order.py", *session.posargs)


@nox.session(default=False)
def watch(session: nox.Session) -> None:
    """Rebuild figures as their figdata or code is saved, until Ctrl-C.

    ``nox -s watch -- fig1_audit_hero`` watches only that figure (see ``figures watch -h``).
    """
    _install(session, "watch")
    session.run("figures", "watch", *session.posargs)


@nox.session(default=False)
def macros(session: nox.Session) -> None:
    """Write the paper's quoted figdata values as LaTeX macros to build/macros.tex."""
    _install(session)
    session.run("figures", "macros", "--out", "build/macros.tex", *session.posargs)


@nox.session(default=False)
def preflight(session: nox.Session) -> None:
    """Venue preflight: build the figures for a venue's page, check that build strictly.

    ``figures build --venue V`` into build/V/, then ``figures check --venue V --out build/V
    --strict`` (report in build/preflight.html): a failing rule fails the session. The venue
    is icml unless given: ``nox -s preflight -- --venue neurips`` (once; see
    tools/preflight.py for the options).
    """
    _install(session)
    session.run("python", "tools/preflight.py", *session.posargs)


@nox.session(default=False)
def fuzz(session: nox.Session) -> None:
    """Property-based tests at scale: figdata from each SCHEMA renders or is one line.

    Figdata derived from each figure's SCHEMA and mutated (Hypothesis) must render or be
    refused with one line. ``FIGURES_FUZZ_EXAMPLES=1000 nox -s fuzz`` runs 1000 examples per
    figure (default 300); posargs go to pytest."""
    _install(session, "test")
    examples = os.environ.get("FIGURES_FUZZ_EXAMPLES", "300")
    session.run("pytest", "tests/unit/test_fuzz.py", "-n", "auto", *session.posargs,
                env={"FIGURES_FUZZ_EXAMPLES": examples})
