"""The package's layers only point down: no import circle among figures' modules (imports
inside functions count too, and so do those for type annotations only, under
``TYPE_CHECKING``: a reader follows them as any other), and nothing below the CLI imports
from ``figures/cli``."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

from helpers import REPO

PACKAGE = REPO / "figures"
BELOW_CLI = ("figures.outputs", "figures.paper", "figures.numbers", "figures.preflight", "figures.watch",
             "figures.plots", "figures.pack")


def _module_name(path: Path) -> str:
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@functools.cache  # read once for both tests (neither changes it)
def _imports() -> dict[str, set[str]]:
    """Each module of the package and the modules of the package it imports."""
    modules = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                    base = f"{anchor}.{base}" if base else anchor
                targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
            else:
                continue
            found.update(t for t in targets if t in modules and t != name)
        graph[name] = found
    return graph


def _circle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt):], nxt]
            if nxt not in state and (found := visit(nxt)) is not None:
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)) is not None:
            return found
    return None


def test_the_package_imports_form_no_circle():
    graph = _imports()
    # a package's __init__ importing its own submodules is not a circle of layers
    graph = {name: {t for t in targets if not name.startswith(f"{t}.")}
             for name, targets in graph.items()}
    circle = _circle(graph)
    assert circle is None, " -> ".join(circle)


def test_nothing_below_the_cli_imports_from_it():
    upward = sorted(f"{name} -> {target}" for name, targets in _imports().items()
                    if name.startswith(BELOW_CLI) for target in targets
                    if target.startswith("figures.cli"))
    assert upward == []
