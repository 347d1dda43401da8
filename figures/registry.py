"""The one list of figures: it drives the CLI, the build and the tests. Entries are data; a
module is named, not imported, so listing figures never imports matplotlib (docs/modules.md)."""

from __future__ import annotations

import ast
import keyword
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from figures.contract import PLOTS_DIR, FigureModule
from figures.data import figdata
from figures.errors import AuthorCodeError, DataError
from figures.page import DPI_RANGE

PACKAGE_DIR = Path(__file__).resolve().parent
#: This file, as its messages name it.
REGISTRY_FILE = "figures/registry.py"
#: Code that decides every figure's bytes besides its own module and its family's helpers
#: (the worker pool, the lock and the CLI are not in it: editing them re-renders nothing).
SHARED_CODE = ("style.py", "outputs/render.py", "outputs/stamp.py", "outputs/provenance.py")
#: The formats the build writes (and reads its provenance back from).
FORMATS = ("pdf", "png")
_EXAMPLE = "e.g. fig5_final_acc"


def name_problem(name: object) -> str | None:
    """Why ``name`` cannot name a figure (its module, figdata and macros), None when it can."""
    if not isinstance(name, str):
        return f"{name!r} is not a string: a figure's name is text, {_EXAMPLE}"
    if keyword.iskeyword(name):
        return (f"{name!r} is a Python keyword (the code goes to figures/plots/NAME.py and is "
                f"imported by that name): pick another, {_EXAMPLE}")
    if not name.isascii() and name.isidentifier():
        return (f"{name!r} is not ASCII: a figure's name is its file's and its macros' name; "
                f"use ASCII letters, digits and _, {_EXAMPLE}")
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
        return (f"{name!r} is not a Python identifier (the code goes to figures/plots/NAME.py): "
                f"use ASCII letters, digits and _, {_EXAMPLE}")
    if name.startswith("_"):
        return (f"{name!r} starts with _: figures/plots/_NAME.py is a family's private "
                f"helpers, not a figure; start with a letter, {_EXAMPLE}")
    return None


def same_file(name: str, names: Iterable[str]) -> str | None:
    """The name among ``names`` equal to ``name`` but for case (one file on macOS and Windows)."""
    return next((other for other in names if other.lower() == name.lower()), None)


def figures_node(tree: ast.Module) -> ast.Tuple | None:
    """The ``FIGURES = (...)`` tuple of the registry's syntax tree, None when not a literal."""
    for stmt in tree.body:
        target = (stmt.targets[0] if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
                  else getattr(stmt, "target", None))
        if isinstance(target, ast.Name) and target.id == "FIGURES":
            return stmt.value if isinstance(stmt.value, ast.Tuple) else None
    return None


def _entry_place(index: int) -> str:
    """``figures/registry.py, line N``: where ``FIGURES[index]`` is written (else the file)."""
    try:
        node = figures_node(ast.parse(Path(__file__).read_bytes()))
    except (OSError, SyntaxError, ValueError):
        node = None
    if node is None or index >= len(node.elts) or any(
            isinstance(elt, ast.Starred) for elt in node.elts):
        return REGISTRY_FILE
    return f"{REGISTRY_FILE}, line {node.elts[index].lineno}"


@dataclass(frozen=True)
class Output:
    """One file a figure writes: the seeds' format, dpi and ``bbox_inches``."""

    fmt: str
    dpi: int
    bbox_inches: str | None = "tight"

    def problem(self) -> str | None:
        """What is wrong with this entry's output (after ``Output: ``), None when nothing."""
        if self.fmt not in FORMATS:
            return f"format {self.fmt!r}: the build writes {' or '.join(FORMATS)} (lower case)"
        low, high = DPI_RANGE
        if (not isinstance(self.dpi, int) or isinstance(self.dpi, bool)
                or not low <= self.dpi <= high):
            return (f"dpi {self.dpi!r}: expected a whole number of dots per inch in "
                    f"[{low}, {high}], e.g. Output(\"png\", 200)")
        if self.bbox_inches not in ("tight", None):
            return f"bbox_inches {self.bbox_inches!r}: expected \"tight\" (the default) or None"
        return None


@dataclass(frozen=True)
class FigureSpec(FigureModule):
    """One registered figure: data; its module's contract is :class:`FigureModule`'s."""

    name: str
    outputs: tuple[Output, ...]
    #: The paper's script in ../shared/seeds it reproduces (``nox -s compare``), or None.
    seed_script: str | None = None

    def __post_init__(self) -> None:
        if isinstance(self.outputs, list):
            object.__setattr__(self, "outputs", tuple(self.outputs))

    def problem(self) -> tuple[str, str] | None:
        """What is wrong with this entry, as (key, message); None when nothing."""
        bad_name = name_problem(self.name)
        if bad_name is not None:
            return "FigureSpec", f"name {bad_name}"
        return self._outputs_problem() or self._seed_problem()

    def _outputs_problem(self) -> tuple[str, str] | None:
        where = f"{self.name}: outputs"
        if isinstance(self.outputs, Output):
            return where, "expected a tuple of Output: write (Output(...),) with the comma"
        if (not isinstance(self.outputs, tuple) or not self.outputs
                or not all(isinstance(out, Output) for out in self.outputs)):
            return where, f"expected a tuple of one or more Output, got {self.outputs!r}"[:300]
        for out in self.outputs:
            if out.problem() is not None:
                return "Output", out.problem()
        formats = [out.fmt for out in self.outputs]
        if len(set(formats)) != len(formats):
            return where, (f"{', '.join(formats)}: one Output per format (both would write the "
                           "same file)")
        return None

    def _seed_problem(self) -> tuple[str, str] | None:
        if self.seed_script is not None and not isinstance(self.seed_script, str):
            return (f"{self.name}: seed_script",
                    f"{self.seed_script!r}: expected the file name of the paper's script, or None")
        return None

    def source_files(self) -> list[Path]:
        """The code this figure's pixels depend on: its module, the ``figures/plots/`` modules
        it imports and the shared code."""
        try:
            helpers = _plots_imports().of(self.module_name)
        except Exception:  # noqa: BLE001 - code that does not compile: the build says why
            helpers = []
        return [self.module_path, *helpers, *(PACKAGE_DIR / f for f in SHARED_CODE),
                *package_data_files()]

    def figdata_path(self, figdata_dir: Path) -> Path:
        return Path(figdata_dir) / f"{self.name}.json"

    def figdata_missing(self, figdata_dir: Path) -> DataError | None:
        """The one line for a figure whose figdata file is not there (a broken link is)."""
        path = self.figdata_path(figdata_dir)
        if os.path.lexists(path):
            return None
        return DataError(str(path), None, "not found: restore it (git checkout), write "
                               "it (`figures extract RESULTS`, or by hand), or remove "
                               f"{self.name} from FIGURES in figures/registry.py")

    def load_figdata(self, figdata_dir: Path) -> dict[str, Any]:
        """This figure's figdata, checked whole as the build checks it (refused in one line
        when it is not there or does not pass)."""
        missing = self.figdata_missing(figdata_dir)
        if missing is not None:
            raise missing
        return figdata.load(self.figdata_path(figdata_dir), self.name, self.schema)

    def output_names(self) -> list[str]:
        return [f"{self.name}.{out.fmt}" for out in self.outputs]


_PAPER = (Output("pdf", 300), Output("png", 200))
_SEED_000 = "000_471d32dd34569757.py"
_SEED_001 = "001_3ffe610f778c22ba.py"
_SEED_002 = "002_0dc9533308d0f91a.py"
_SEED_003 = "003_92be238145892237.py"
_SEED_004 = "004_146fd1276e2f5a5c.py"


#: Where the files the code may read beside itself are looked for: the whole package.
DATA_FILES_ROOT = PACKAGE_DIR


def package_data_files() -> list[Path]:
    """The files of the ``figures`` package that are not Python (a palette, an ``.mplstyle``,
    venues.json): an input of every figure, as its modules are, wherever in the package the
    code reads them (hostile round 47d, G7: ``plots/_palette.json``; round 48d, G1:
    ``figures/paper.mplstyle``, one folder up, was no input and a changed picture passed).
    The whole package rather than a guess at what the drawing reads: an edit to a template
    rebuilds what it did not change, never the reverse. A linked folder is walked too, each
    folder once (round 48d, G22: ``plots/styles``, a link to a lab's shared styles, was no
    input, as ``rglob`` enters no linked folder; a link back up the tree ends there)."""
    found, seen = [], set()
    for folder, folders, files in os.walk(DATA_FILES_ROOT, followlinks=True):
        here = Path(folder)
        if (real := os.path.realpath(folder)) in seen or "__pycache__" in here.relative_to(
                DATA_FILES_ROOT).parts:
            folders[:] = []  # walked already (a link to a folder above), or bytecode
            continue
        seen.add(real)
        found += [here / name for name in files if Path(name).suffix not in (".py", ".pyc")
                  and (here / name).is_file()]
    return sorted(found)


def _plots_imports():
    """One reader of ``figures/plots/`` per state of its files (a save reads them again)."""
    from figures.plot_imports import PlotsImports

    try:
        state = tuple(sorted((p.name, p.stat().st_mtime_ns, p.stat().st_size)
                             for p in PLOTS_DIR.glob("*.py")))
    except OSError:
        state = ()
    if _PLOTS_READER.get("state") != state:
        _PLOTS_READER.update(state=state, reader=PlotsImports(PACKAGE_DIR.parent))
    return _PLOTS_READER["reader"]


_PLOTS_READER: dict[str, Any] = {}


#: Every figure, one entry a line, in build order (`figures new` appends above the ``)``).
FIGURES: tuple[FigureSpec, ...] = (
    FigureSpec("fig1_audit_hero", _PAPER, _SEED_002),
    FigureSpec("fig3b_crossarch_3row", _PAPER, _SEED_000),
    FigureSpec("figure_snapshot_resmlp", (Output("pdf", 150),), _SEED_001),
    FigureSpec("figure_snapshot_vit", (Output("pdf", 150),), _SEED_001),
    FigureSpec("fig4_penalty_rescue", (Output("pdf", 200),), _SEED_003),
    FigureSpec("cifar_accuracy", (Output("png", 150),), _SEED_004),
    FigureSpec("cifar_diagnostics", (Output("png", 150),), _SEED_004),
    FigureSpec("cifar_feature_drift", (Output("png", 150, None),), _SEED_004),
    FigureSpec("cifar_state_vs_credit", (Output("png", 150, None),), _SEED_004),
    FigureSpec("cifar_summary", (Output("png", 150, None),), _SEED_004),
)


def _by_name(figures: tuple[FigureSpec, ...]) -> dict[str, FigureSpec]:
    """Each figure by its name; a malformed entry or a name registered twice (in any case)
    is one line at the entry's line."""
    by_name: dict[str, FigureSpec] = {}
    for i, spec in enumerate(figures):
        if not isinstance(spec, FigureSpec):
            raise AuthorCodeError(REGISTRY_FILE, f"FIGURES[{i}]",
                                  f"{type(spec).__name__}, not a FigureSpec(name, outputs, ...)")
        problem = spec.problem()
        if problem is not None:
            raise AuthorCodeError(_entry_place(i), *problem)
        other = same_file(spec.name, by_name)
        if other is not None:
            same = "" if other == spec.name else (
                f" (as {other} too: names that differ in case only are one file on macOS "
                "and Windows)")
            raise AuthorCodeError(_entry_place(i), f"FIGURES[{i}]",
                                  f"{spec.name} is registered twice{same}: each figure once; "
                                  "remove one entry or rename it")
        by_name[spec.name] = spec
    return by_name


BY_NAME: dict[str, FigureSpec] = _by_name(FIGURES)
