"""``figures new NAME [--from-logs]``: a working new figure in one command; nothing is written
unless everything can be (docs/modules.md, docs/adding-a-figure.md)."""

from __future__ import annotations

import ast
import os
from pathlib import Path

from figures.data import figdata
from figures.data.jsonio import dumps_figdata, write_text_atomic
from figures.paths import checkout_of, shown
from figures.registry import (
    BY_NAME,
    PACKAGE_DIR,
    REGISTRY_FILE,
    figures_node,
    name_problem,
    same_file,
)
from figures.templates import fill

#: Placeholder data: a bar chart of three values (edit it with the drawing).
PLACEHOLDER = {"title": "New figure (placeholder data)", "labels": ["BP", "FA", "DFA"],
               "values": [0.6, 0.4, 0.3]}
PLACEHOLDER_NOTE = ("Placeholder written by `figures new`: replace data with the figure's "
                    "values{how}, then set provenance.kind accordingly.")
#: What ``--from-logs`` adds to the figure's module.
LOGS_IMPORTS = {"checks_import": "from figures.data.checks import get, number\n",
                "results_import": "from figures.extract.results import ResultsTree\n"}


def template(file: str, **values: str) -> str:
    """The template ``file`` of the new figure's tree (figures/templates/new_figure/)."""
    return fill(f"new_figure/{file}", **values)


class ScaffoldError(Exception):
    """A refused ``figures new``: one line saying why and what to do."""


def repository_root() -> Path:
    """The source checkout this ``figures`` package sits in (``figures new`` edits it); run
    from inside another checkout, the files would land in the installed one: refused."""
    root = PACKAGE_DIR.parent
    if not ((root / "figdata").is_dir() and (root / "tests" / "fixtures").is_dir()):
        raise ScaffoldError(f"{PACKAGE_DIR} is not in a source checkout (no figdata/ and "
                            "tests/fixtures/ beside it): run `figures new` in a clone, "
                            "installed with pip install -e .")
    here = checkout_of(Path.cwd())
    if here is not None and here.resolve() != root.resolve():
        raise ScaffoldError(f"this is the checkout {here}, but the figures package in use is "
                            f"the one in {root}: install this checkout (pip install -e .) or "
                            f"run figures new in {root}")
    return root


def check_name(name: str, root: Path) -> None:
    """Refuse a name the registry would refuse, holds (in any case), or has files of."""
    problem = name_problem(name)
    if problem is not None:
        raise ScaffoldError(problem)
    same = same_file(name, BY_NAME)
    if same == name:
        raise ScaffoldError(f"{name} is already a figure ({REGISTRY_FILE}); pick another name")
    if same is not None:
        raise ScaffoldError(f"{name} differs from the figure {same} only in case: their files "
                            "would collide on macOS and Windows; pick another name")
    taken = [f"figures/plots/{name}.py", f"figdata/{name}.json", f"tests/fixtures/{name}.json"]
    for rel in taken:
        if os.path.lexists(root / rel):  # a broken link too: writing through it lands elsewhere
            raise ScaffoldError(f"{rel} already exists; pick another name or remove it")


def registry_with(text: str, entry: str) -> str:
    """``text`` of registry.py with ``entry`` on its own line above the one closing the
    ``FIGURES`` tuple, parsed again to prove the tuple grew by ``entry`` (else: by hand)."""
    by_hand = f"add `{entry},` to FIGURES by hand"
    node = figures_node(ast.parse(text))
    if node is None:
        raise ScaffoldError(f"{REGISTRY_FILE}: no `FIGURES = (...)` tuple found; {by_hand}")
    lines = text.splitlines(keepends=True)
    closing = node.end_lineno - 1
    indent = " " * (node.elts[0].col_offset if node.elts else 4)
    new = "".join([*lines[:closing], f"{indent}{entry},\n", *lines[closing:]])
    try:
        grown = figures_node(ast.parse(new))
    except SyntaxError:
        grown = None
    if (grown is None or len(grown.elts) != len(node.elts) + 1
            or ast.dump(grown.elts[-1]) != ast.dump(ast.parse(entry, mode="eval").body)):
        raise ScaffoldError(f"{REGISTRY_FILE}: FIGURES does not end with `,` and a line holding "
                            f"its closing parenthesis; {by_hand}")
    return new


def new_figure(name: str, *, from_logs: bool = False, root: Path | None = None) -> list[str]:
    """Write the figure ``name`` into the checkout ``root``; the lines to print."""
    root = root or repository_root()
    check_name(name, root)
    registry = root / "figures" / "registry.py"
    entry = template("registry_entry.py.tmpl", name=name).strip()
    new_registry = registry_with(registry.read_text(encoding="utf-8"), entry)
    extract = {"extract_doc": template("extract_doc.txt"),
               "extract_code": template("extract.py.tmpl", name=name), **LOGS_IMPORTS}
    module = template("plot.py.tmpl", name=name,
                      **(extract if from_logs else dict.fromkeys(extract, "")))
    how = " (`figures extract RESULTS` writes them from the logs)" if from_logs else ""
    doc = figdata.make(name, dict(PLACEHOLDER), kind=figdata.SYNTHETIC, seed_script=None,
                       sources=[], notes=PLACEHOLDER_NOTE.format(how=how))
    files = {
        root / "figures" / "plots" / f"{name}.py": module,
        root / "figdata" / f"{name}.json": dumps_figdata({"$schema": figdata.SCHEMA_REF, **doc}),
        root / "tests" / "fixtures" / f"{name}.json": dumps_figdata(doc),
    }
    written: list[Path] = []
    try:
        for path, text in files.items():
            write_text_atomic(path, text)
            written.append(path)
        write_text_atomic(registry, new_registry)
    except BaseException:
        for path in written:
            path.unlink(missing_ok=True)
        raise
    module_path, figdata_path, fixture_path = (shown(path) for path in files)
    parts = "render, SCHEMA and extract" if from_logs else "render and SCHEMA"
    go = "" if shown(root) == "." else f"cd {root}; "
    return [
        (f"created {module_path}: {parts}, its print layout (SLOTS, _for_page, caption) "
         "(a placeholder bar chart: edit the drawing)"),
        f"created {figdata_path}: placeholder data, kind synthetic-example until you replace it",
        f"created {fixture_path}: the golden test's data (keep it small)",
        f"registered {name} in {shown(registry)}: {name}.pdf@300dpi, {name}.png@200dpi",
        (f"next: {go}figures build {name}; nox -s baselines (its golden images: default and "
         "venue layouts); nox -s tests"),
    ]


def add_parser(add) -> None:
    p = add("new", help="scaffold a new figure: module, registry entry, figdata, fixture")
    p.add_argument("name", metavar="NAME", help="a Python identifier, e.g. fig5_final_acc")
    p.add_argument("--from-logs", action="store_true",
                   help="also an extract() reading a results tree (figures extract)")


def run(args) -> int:
    import sys

    try:
        lines = new_figure(args.name, from_logs=args.from_logs)
    except ScaffoldError as exc:
        print(f"error: figures new: {exc}", file=sys.stderr)
        return 1
    print("\n".join(lines))
    return 0
