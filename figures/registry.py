"""The one list of figures: it drives the CLI, the build and the tests.

A new figure is one module in ``figures/`` with a ``render`` (and, for log-derived figures,
an ``extract`` and a ``SCHEMA``) plus one :class:`FigureSpec` entry here. Modules are named,
not imported, so that listing figures or checking a no-op rebuild never imports matplotlib.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from figures.errors import FigureDataError

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from figures.results import ResultsTree
    from figures.schema import Schema

PACKAGE_DIR = Path(__file__).resolve().parent
#: Code every figure depends on besides its own module (style, themes, saving).
SHARED_CODE = ("style.py", "build.py", "stamp.py")


@dataclass(frozen=True)
class Output:
    """One file a figure writes: the seeds' format, dpi and ``bbox_inches``."""

    fmt: str
    dpi: int
    bbox_inches: str | None = "tight"


@dataclass(frozen=True)
class FigureSpec:
    name: str
    #: ``figures/<module>.py`` holds the figure's code.
    module: str
    outputs: tuple[Output, ...]
    #: The paper's original script in ../shared/seeds that this figure reproduces
    #: (``nox -s compare`` checks them pixel for pixel); None for figures that never had one.
    seed_script: str | None = None
    #: Function names in the module. Set ``extract_name`` when the figure's data comes from a
    #: results tree (``figures extract`` then writes its figdata); leave it None for values
    #: written by hand (paper values), which extraction never touches.
    render_name: str = "render"
    extract_name: str | None = None
    schema_name: str = "SCHEMA"
    #: Module attribute listing data keys that hold paper literals, kept on extraction.
    paper_keys_name: str = "PAPER_KEYS"
    #: Where the figure is printed, for `figures check`: "text" (the venue's text width),
    #: "column" (its column width) or a width in inches. Every figure here is a multi-panel
    #: row or grid drawn 10-18 in wide (the paper's fig1/fig3b/fig4, the snapshot figures, the
    #: CIFAR report's panels); at a 3.25 in column its 8 pt ticks would print near 2.5 pt, so
    #: each one takes the full text width, as a figure* does in a two-column paper.
    slot: str | float = "text"

    def code(self) -> ModuleType:
        name = f"figures.{self.module}"
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:  # a module it imports: the author's error, shown as it is
                raise
            raise FigureDataError(f"figures/{self.module}.py", None,
                                  f"not found: restore it, or remove {self.name} from "
                                  "FIGURES in figures/registry.py") from None

    @property
    def render(self) -> Callable[[dict[str, Any]], Figure]:
        return getattr(self.code(), self.render_name)

    @property
    def extract(self) -> Callable[[ResultsTree], dict[str, Any]] | None:
        return getattr(self.code(), self.extract_name) if self.extract_name else None

    @property
    def schema(self) -> Schema | None:
        return getattr(self.code(), self.schema_name, None)

    @property
    def paper_keys(self) -> tuple[str, ...]:
        return tuple(getattr(self.code(), self.paper_keys_name, ()))

    def source_files(self) -> list[Path]:
        """The code this figure's pixels depend on (for incremental builds)."""
        return [PACKAGE_DIR / f"{self.module}.py", *(PACKAGE_DIR / f for f in SHARED_CODE)]

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


def _cifar(name: str, output: Output) -> FigureSpec:
    return FigureSpec(f"cifar_{name}", "cifar", (output,), _SEED_004, render_name=f"render_{name}",
                      extract_name=f"extract_{name}", schema_name=f"SCHEMA_{name.upper()}")


FIGURES: tuple[FigureSpec, ...] = (
    FigureSpec("fig1_audit_hero", "hero", _PAPER, _SEED_002),
    FigureSpec("fig3b_crossarch_3row", "crossarch", _PAPER, _SEED_000, extract_name="extract"),
    FigureSpec("figure_snapshot_resmlp", "snapshot", (Output("pdf", 150),), _SEED_001,
               render_name="render_resmlp", extract_name="extract_resmlp",
               schema_name="SCHEMA_RESMLP"),
    FigureSpec("figure_snapshot_vit", "snapshot", (Output("pdf", 150),), _SEED_001,
               render_name="render_vit", extract_name="extract_vit", schema_name="SCHEMA_VIT"),
    FigureSpec("fig4_penalty_rescue", "penalty", (Output("pdf", 200),), _SEED_003,
               extract_name="extract"),
    _cifar("accuracy", Output("png", 150)),
    _cifar("diagnostics", Output("png", 150)),
    _cifar("feature_drift", Output("png", 150, None)),
    _cifar("state_vs_credit", Output("png", 150, None)),
    _cifar("summary", Output("png", 150, None)),
)

BY_NAME: dict[str, FigureSpec] = {spec.name: spec for spec in FIGURES}
