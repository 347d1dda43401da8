"""The modules of ``figures/plots/`` a figure's code really imports, for its build key.

Python's own :mod:`modulefinder` follows the imports of the compiled code (absolute, relative
``from ._cifar import ...``, a helper imported by a helper), and ``importlib.import_module`` /
``__import__`` calls with a literal name are read from the syntax tree. Nothing is imported
and nothing outside ``figures.plots`` is read, so a no-op build still never loads matplotlib.
"""

from __future__ import annotations

import ast
import contextlib
import importlib.util
import modulefinder
from pathlib import Path

PLOTS_PACKAGE = "figures.plots"
_PARENTS = ("figures", PLOTS_PACKAGE)


def _in_plots(name: str) -> bool:
    return name.startswith(PLOTS_PACKAGE + ".")


class _PlotsFinder(modulefinder.ModuleFinder):
    """A ModuleFinder that reads only ``figures.plots`` (and its parent packages) and
    remembers which module imports which (``edges``)."""

    def __init__(self, path: list[str]) -> None:
        super().__init__(path=path)
        self.edges: dict[str, set[str]] = {}
        self._scanning: list[str] = []

    def scan_code(self, co, m):
        self._scanning.append(m.__name__)
        try:
            super().scan_code(co, m)
            for name in _dynamic_imports(m):
                self.edges.setdefault(m.__name__, set()).add(name)
                with contextlib.suppress(ImportError):
                    self.import_hook(name)
        finally:
            self._scanning.pop()

    def import_module(self, partname, fqname, parent):
        if fqname not in _PARENTS and not _in_plots(fqname):
            return None  # matplotlib, numpy, figures.style...: not followed
        if self._scanning:
            self.edges.setdefault(self._scanning[-1], set()).add(fqname)
        return super().import_module(partname, fqname, parent)


def _dynamic_imports(module: modulefinder.Module) -> set[str]:
    """``importlib.import_module("...")`` and ``__import__("...")`` names in ``module``."""
    try:
        source = Path(module.__file__).read_bytes()
    except (OSError, TypeError):
        return set()
    if b"import_module" not in source and b"__import__" not in source:
        return set()  # the common case, without a second parse
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return set()
    package = module.__name__ if module.__path__ else module.__name__.rpartition(".")[0]
    names = set()
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)):
            continue
        func = node.func
        called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if called in ("import_module", "__import__"):
            try:
                names.add(importlib.util.resolve_name(node.args[0].value, package))
            except (ImportError, ValueError):
                continue
    return names


class PlotsImports:
    """Reads each module of ``figures/plots/`` once; :meth:`of` gives a figure's imports."""

    def __init__(self, package_root: Path) -> None:
        self._finder = _PlotsFinder(path=[str(package_root)])

    def of(self, module_name: str) -> list[Path]:
        """The files of the ``figures.plots`` modules that ``module_name`` imports, directly
        or through other modules (not its own file, not package ``__init__`` files)."""
        finder = self._finder
        if module_name not in finder.modules:
            finder.import_hook(module_name)  # SyntaxError: the caller's
        seen, pending = {module_name}, [module_name]
        while pending:
            for name in finder.edges.get(pending.pop(), ()):
                if name not in seen:
                    seen.add(name)
                    pending.append(name)
        found = (finder.modules.get(name) for name in seen - {module_name} if _in_plots(name))
        return sorted(Path(m.__file__) for m in found if m and m.__file__ and not m.__path__)
