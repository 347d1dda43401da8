"""The one list of figures: it drives the CLI, the build and the tests.

A new figure is one module with a ``render`` (and, for log-derived figures, an ``extract``)
plus one :class:`FigureSpec` entry here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure

from figures import cifar, crossarch, hero, penalty, snapshot
from figures.results import ResultsTree


@dataclass(frozen=True)
class Output:
    """One file a figure writes: the seeds' format, dpi and ``bbox_inches``."""

    fmt: str
    dpi: int
    bbox_inches: str | None = "tight"


@dataclass(frozen=True)
class FigureSpec:
    name: str
    render: Callable[[dict[str, Any]], Figure]
    outputs: tuple[Output, ...]
    seed_script: str
    #: Reads a results tree into this figure's data; ``None`` for pure paper values.
    extract: Callable[[ResultsTree], dict[str, Any]] | None = None
    #: Top-level data keys holding paper literals, carried over unchanged on extraction.
    paper_keys: tuple[str, ...] = field(default=())

    def figdata_path(self, figdata_dir: Path) -> Path:
        return Path(figdata_dir) / f"{self.name}.json"

    def output_names(self) -> list[str]:
        return [f"{self.name}.{out.fmt}" for out in self.outputs]


_PAPER = (Output("pdf", 300), Output("png", 200))
_SEED_000 = "000_471d32dd34569757.py"
_SEED_001 = "001_3ffe610f778c22ba.py"
_SEED_002 = "002_0dc9533308d0f91a.py"
_SEED_003 = "003_92be238145892237.py"
_SEED_004 = "004_146fd1276e2f5a5c.py"

FIGURES: tuple[FigureSpec, ...] = (
    FigureSpec("fig1_audit_hero", hero.render, _PAPER, _SEED_002),
    FigureSpec("fig3b_crossarch_3row", crossarch.render, _PAPER, _SEED_000, crossarch.extract),
    FigureSpec("figure_snapshot_resmlp", snapshot.render_resmlp, (Output("pdf", 150),), _SEED_001,
               snapshot.extract_resmlp),
    FigureSpec("figure_snapshot_vit", snapshot.render_vit, (Output("pdf", 150),), _SEED_001,
               snapshot.extract_vit),
    FigureSpec("fig4_penalty_rescue", penalty.render, (Output("pdf", 200),), _SEED_003,
               penalty.extract, paper_keys=penalty.PAPER_KEYS),
    FigureSpec("cifar_accuracy", cifar.render_accuracy, (Output("png", 150),), _SEED_004,
               cifar.extract_accuracy),
    FigureSpec("cifar_diagnostics", cifar.render_diagnostics, (Output("png", 150),), _SEED_004,
               cifar.extract_diagnostics),
    FigureSpec("cifar_feature_drift", cifar.render_feature_drift, (Output("png", 150, None),),
               _SEED_004, cifar.extract_feature_drift),
    FigureSpec("cifar_state_vs_credit", cifar.render_state_vs_credit,
               (Output("png", 150, None),), _SEED_004, cifar.extract_state_vs_credit),
    FigureSpec("cifar_summary", cifar.render_summary, (Output("png", 150, None),), _SEED_004,
               cifar.extract_summary),
)

BY_NAME: dict[str, FigureSpec] = {spec.name: spec for spec in FIGURES}
