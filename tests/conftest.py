"""Shared test setup: the rendering-environment check and the figure fixtures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from figures.environment import ENVIRONMENT_FILE, mismatch

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "fixtures"


def pytest_configure(config: pytest.Config) -> None:
    """Golden images are only valid for the environment that made them: stop at once,
    with one line, rather than failing every image with an RMS number."""
    if not (config.getoption("--mpl", default=False)
            or config.getoption("--mpl-generate-path", default=None)):
        return
    if config.getoption("--mpl-generate-path", default=None):
        return  # `nox -s baselines` checks the environment itself
    recorded = json.loads((REPO / ENVIRONMENT_FILE).read_text(encoding="utf-8"))
    problem = mismatch(recorded)
    if problem:
        pytest.exit(f"baseline images were made with {problem}; "
                    "install the pinned versions (nox -s tests) or regenerate them (nox -s baselines)",
                    returncode=4)


def fixture_files() -> list[Path]:
    return sorted(FIXTURES.glob("*.json"))


def figure_name(fixture: Path) -> str:
    """``cifar_diagnostics--partial.json`` belongs to the figure ``cifar_diagnostics``."""
    return fixture.stem.partition("--")[0]
