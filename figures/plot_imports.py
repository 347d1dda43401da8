"""The modules of ``figures/plots/`` a figure's code really imports, for its build key, found
without importing anything (docs/modules.md)."""

from __future__ import annotations

import ast
import contextlib
import importlib.util
import modulefinder
import sys
import sysconfig
from collections.abc import Callable, Iterable
from pathlib import Path

from figures.contract import PLOTS_PACKAGE

_PARENTS = ("figures", PLOTS_PACKAGE)


def _in_plots(name: str) -> bool:
    return name.startswith(PLOTS_PACKAGE + ".")


class ImportsFinder(modulefinder.ModuleFinder):
    """A ModuleFinder that reads only the modules ``follows`` accepts, remembering which
    imports which (``edges``)."""

    def __init__(self, path: list[str], follows: Callable[[str], bool]) -> None:
        super().__init__(path=path)
        self.follows = follows
        self.edges: dict[str, set[str]] = {}
        #: The top-level modules outside ``follows`` each module imports (``labstyle``).
        self.outside: dict[str, set[str]] = {}
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

    def ensure_fromlist(self, m, fromlist, recursive=0):
        # `from figures.plots import _cifar`: an edge even when the finder has it already
        for name in (f"{m.__name__}.{sub}" for sub in fromlist):
            if self._scanning and name in self.modules and self.follows(name):
                self.edges.setdefault(self._scanning[-1], set()).add(name)
        super().ensure_fromlist(m, fromlist, recursive)

    def import_module(self, partname, fqname, parent):
        if not self.follows(fqname):
            if self._scanning and parent is None:
                self.outside.setdefault(self._scanning[-1], set()).add(fqname.partition(".")[0])
            return None  # matplotlib, numpy, ...: not followed
        if self._scanning:
            self.edges.setdefault(self._scanning[-1], set()).add(fqname)
        return super().import_module(partname, fqname, parent)

    def reached(self, name: str) -> set[str]:
        """``name`` and every module it imports, directly or through others."""
        seen, pending = {name}, [name]
        while pending:
            for imported in self.edges.get(pending.pop(), ()):
                if imported not in seen:
                    seen.add(imported)
                    pending.append(imported)
        return seen

    def local_files(self, names: Iterable[str]) -> list[Path]:
        """The files of the local modules that the modules ``names`` import from outside the
        followed package: :func:`local_modules` of them."""
        return local_modules({top for name in names for top in self.outside.get(name, ())})


#: Where installed libraries and the standard library live: what is not a local module.
_INSTALLED = tuple({Path(sysconfig.get_paths()[key]).resolve()
                    for key in ("stdlib", "platstdlib", "purelib", "platlib")})


def local_modules(names: Iterable[str]) -> list[Path]:
    """The source files of the top-level modules ``names`` that are neither the standard
    library nor installed (a lab's ``labstyle.py`` on ``PYTHONPATH``, a helper package beside
    the checkout): a figure that imports one depends on its code as on its own (hostile round
    50d, G4: an edit to it left the golden comparison "unchanged" and the build "current").
    An installed library is the environment's (its version), not followed here."""
    found: set[Path] = set()
    for name in sorted(set(names) - set(sys.stdlib_module_names) - set(sys.builtin_module_names)):
        try:
            spec = importlib.util.find_spec(name)  # a top-level name: nothing is imported
        except (ImportError, ValueError):
            continue
        if spec is None or not spec.origin or not spec.has_location:
            continue
        origin = Path(spec.origin).resolve()
        if any(origin.is_relative_to(folder) for folder in _INSTALLED) or {
                "site-packages", "dist-packages"} & set(origin.parts):  # `python -S` in a venv
            continue  # reports the base's paths: an installed library is one by its folder
        for folder in spec.submodule_search_locations or ():
            found.update(p for p in Path(folder).rglob("*.py") if "__pycache__" not in p.parts)
        found.add(origin)
    return sorted(found)


#: Code run from a file by its path, not imported by name: as a computed name (round 54h, G8).
_LOADERS = (b"run_path", b"spec_from_file_location", b"SourceFileLoader", b"exec")


def _dynamic_imports(module: modulefinder.Module) -> set[str]:
    """``importlib.import_module("...")`` and ``__import__("...")`` names in ``module``; a
    figure's module (``figures/plots/``) that imports by a name it computes (or runs a file:
    ``runpy.run_path``, ``exec``, a loader from a path) is taken to import every module
    there (hostile round 54h, G8: a helper so imported was edited, the build said "current"
    of the old picture and the golden cache "not repeated")."""
    try:
        source = Path(module.__file__).read_bytes()
    except (OSError, TypeError):
        return set()
    if not any(word in source for word in (b"import_module", b"__import__", *_LOADERS)):
        return set()  # the common case, without a second parse
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return set()
    package = module.__name__ if module.__path__ else module.__name__.rpartition(".")[0]
    names = set()
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and node.args):
            continue
        func = node.func
        called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if called not in ("import_module", "__import__", *(w.decode() for w in _LOADERS)):
            continue
        if called not in ("import_module", "__import__") or not (
                isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            if _in_plots(module.__name__):  # a computed name: any module beside it
                names.update(f"{package}.{path.stem}" for path in
                             Path(module.__file__).parent.glob("*.py") if path.stem != "__init__")
        else:
            try:
                names.add(importlib.util.resolve_name(node.args[0].value, package))
            except (ImportError, ValueError):
                continue
    return names


class PlotsImports:
    """Reads each module of ``figures/plots/`` once; :meth:`of` gives a figure's imports."""

    def __init__(self, package_root: Path) -> None:
        self._finder = ImportsFinder([str(package_root)],
                                     lambda name: name in _PARENTS or _in_plots(name))

    def of(self, module_name: str) -> list[Path]:
        """The files of the ``figures.plots`` modules that ``module_name`` imports, directly
        or through other modules (not its own file, not package ``__init__`` files)."""
        finder = self._finder
        if module_name not in finder.modules:
            finder.import_hook(module_name)  # SyntaxError: the caller's
        seen = finder.reached(module_name)
        found = (finder.modules.get(name) for name in seen - {module_name} if _in_plots(name))
        return sorted(Path(m.__file__) for m in found if m and m.__file__ and not m.__path__) \
            + finder.local_files(seen)
