"""``figures new NAME [--from-logs]``: a working new figure in one command.

Writes ``figures/plots/NAME.py`` (a documented ``render`` and ``SCHEMA``; with ``--from-logs`` an
``extract`` reading a results tree through :mod:`figures.extract.results`), its entry at the end of
``FIGURES`` in ``figures/registry.py``, ``figdata/NAME.json`` (a valid envelope with
placeholder data, marked ``synthetic-example`` until real values replace it) and
``tests/fixtures/NAME.json``. ``figures build NAME`` then works at once, and
``nox -s baselines`` makes its golden image. Nothing is written unless everything can be:
the registry edit is computed and checked first, and files already written are removed if a
later one fails.
"""

from __future__ import annotations

import ast
import keyword
import os
import re
from pathlib import Path

from figures.data import figdata
from figures.data.jsonio import dumps_figdata, write_text_atomic
from figures.registry import BY_NAME, PACKAGE_DIR

#: Placeholder data: a bar chart of three values (edit it with the drawing).
PLACEHOLDER = {"title": "New figure (placeholder data)", "labels": ["BP", "FA", "DFA"],
               "values": [0.6, 0.4, 0.3]}
PLACEHOLDER_NOTE = ("Placeholder written by `figures new`: replace data with the figure's "
                    "values{how}, then set provenance.kind accordingly.")
REGISTRY_ENTRY = 'FigureSpec("{name}", (Output("pdf", 300), Output("png", 200)))'

MODULE = '''"""{name}: ONE LINE SAYING WHAT THE FIGURE SHOWS (written by `figures new`; edit me).

Its data (key ``data`` of ``figdata/{name}.json``) is declared in :data:`SCHEMA`
and checked before :func:`render` runs, so a bad file is one line naming the key. Change
the two together.{logs_doc}
"""

from __future__ import annotations

from typing import Any

from matplotlib.figure import Figure

{logs_checks}from figures.data.schema import ListOf, Number, Record, Text
{logs_results}from figures.page import Page, panel_grid
from figures.style import DEFAULT_RC, METHOD_STYLE, new_figure, themed

#: The shape of ``data``: constructors of figures/data/schema/ (Series, MapOf, ...).
SCHEMA = Record(
    {{"title": Text(), "labels": ListOf(Text()), "values": ListOf(Number())}},
    same_length=[("labels", "values")],
)
BAR_COLOR = "#2166ac"


#: The print slots it is designed for, its own first (`figures build --venue V` draws each
#: at a two-column venue): "column" (about 3.3 in) and/or "text" (5.5 to 7 in).
SLOTS = ("column",)
#: Height over width of the figure drawn for a page (at most half the text height).
PAGE_ASPECT = 0.7
#: A bar that is not one of the paper's methods (METHOD_STYLE in figures/style.py).
OTHER_COLOR = "#52514e"


@themed(DEFAULT_RC)  # or PAPER_RC (figures/style.py) for the paper's serif typography
def render(data: dict[str, Any], page: Page | None = None) -> Figure:
    """Draw the figure from ``data`` (already checked against SCHEMA): without a page, the
    default picture; with one (figures/page.py), the figure designed for that print slot.

    Pure: no files, no pyplot, no rcParams outside the theme; the build saves the figure in
    the formats and dpi of its registry entry.
    """
    if page is not None:
        return _for_page(data, page)
    fig = new_figure(figsize=(4, 3))
    ax = fig.subplots()
    ax.bar(data["labels"], data["values"], color=BAR_COLOR)
    ax.set_title(data["title"])
    fig.tight_layout()
    return fig


def caption(data: dict[str, Any]) -> str:
    """The text the page version leaves out (its title), written beside the venue build's
    files as {name}.caption.txt for the paper's caption."""
    return data["title"]


def _for_page(data: dict[str, Any], page: Page) -> Figure:
    """The print decisions, made here: the aspect; how panels arrange at page.slot
    ("column" or "text"; page.wide: room for three in a row); where the legend goes (above
    the panels, fig.legend(loc="outside upper center"), or in clear ground); which text moves
    to :func:`caption`. Sizes, fonts and strokes come from the page's rcParams; a method's
    colour, line style and marker from METHOD_STYLE."""
    fig = page.figure(PAGE_ASPECT)
    ax = fig.subplots()
    colors = [METHOD_STYLE[label].color if label in METHOD_STYLE else OTHER_COLOR
              for label in data["labels"]]
    ax.bar(data["labels"], data["values"], color=colors)
    panel_grid(ax, "y")
    return fig
{logs_code}'''

LOGS_DOC = '''

:func:`extract` builds ``data`` from a results tree (``figures extract RESULTS``); it reads
files only through ``tree.load`` (:mod:`figures.extract.results`) and the value checks of
:mod:`figures.data.checks` (``get``, ``number``), so every bad log is one line naming the file
and the key, and ``figures status`` knows its sources.'''
LOGS_CHECKS = "from figures.data.checks import get, number\n"
LOGS_RESULTS = "from figures.extract.results import ResultsTree\n"
LOGS_CODE = '''

#: The results file this figure reads, relative to the results folder (edit).
RESULTS_FILE = "{name}/final_accuracy.json"


def extract(tree: ResultsTree) -> dict[str, Any]:
    """``data`` from the results tree: ``{{"runs": {{label: {{"test_acc": number}}}}}}`` (edit)."""
    doc = tree.load(RESULTS_FILE)
    runs = get(doc, "runs", RESULTS_FILE)
    labels = sorted(runs)
    values = [number(get(runs[label], "test_acc", RESULTS_FILE, f"runs.{{label}}"),
                     RESULTS_FILE, f"runs.{{label}}.test_acc") for label in labels]
    return {{"title": "Final test accuracy", "labels": labels, "values": values}}
'''


class ScaffoldError(Exception):
    """A refused ``figures new``: one line saying why and what to do."""


def repository_root(cwd: Path | None = None) -> Path:
    """The source checkout this ``figures`` package sits in (``figures new`` edits it).

    Run from inside another checkout (a second clone, a worktree), the new files would land
    in the installed one, not the one the author is editing: that is refused, naming both."""
    root = PACKAGE_DIR.parent
    if not ((root / "figdata").is_dir() and (root / "tests" / "fixtures").is_dir()):
        raise ScaffoldError(f"{PACKAGE_DIR} is not in a source checkout (no figdata/ and "
                            "tests/fixtures/ beside it): run `figures new` in a clone, "
                            "installed with pip install -e .")
    here = checkout_of(cwd or Path.cwd())
    if here is not None and here.resolve() != root.resolve():
        raise ScaffoldError(f"this is the checkout {here}, but the figures package in use is "
                            f"the one in {root}: install this checkout (pip install -e .) or "
                            f"run figures new in {root}")
    return root


def checkout_of(path: Path) -> Path | None:
    """The nearest folder at or above ``path`` that holds a figures checkout."""
    for folder in (path, *path.parents):
        if (folder / "figures" / "registry.py").is_file() and (folder / "figdata").is_dir():
            return folder
    return None


def _shown(path: Path) -> str:
    """``path`` relative to the working folder when under it, else absolute."""
    try:
        return path.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return str(path)


def check_name(name: str, root: Path) -> None:
    if keyword.iskeyword(name):
        raise ScaffoldError(f"{name!r} is a Python keyword (the code goes to figures/plots/NAME.py "
                            "and is imported by that name): pick another, e.g. fig5_final_acc")
    if not name.isascii() and name.isidentifier():
        raise ScaffoldError(f"{name!r} is not ASCII: a figure's name is its file's and its "
                            "macros' name; use ASCII letters, digits and _, e.g. fig5_final_acc")
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
        raise ScaffoldError(f"{name!r} is not a Python identifier (the code goes to "
                            "figures/plots/NAME.py): use letters, digits and _, e.g. fig5_final_acc")
    if name.startswith("_"):
        raise ScaffoldError(f"{name!r} starts with _: figures/plots/_NAME.py is a family's "
                            "private helpers, not a figure; start with a letter, e.g. fig5_final_acc")
    if name in BY_NAME:
        raise ScaffoldError(f"{name} is already a figure (figures/registry.py); pick another name")
    same = next((other for other in BY_NAME if other.lower() == name.lower()), None)
    if same is not None:
        raise ScaffoldError(f"{name} differs from the figure {same} only in case: their files "
                            "would collide on macOS and Windows; pick another name")
    taken = [f"figures/plots/{name}.py", f"figdata/{name}.json", f"tests/fixtures/{name}.json"]
    for rel in taken:
        if os.path.lexists(root / rel):  # a broken link too: writing through it lands elsewhere
            raise ScaffoldError(f"{rel} already exists; pick another name or remove it")


def registry_with(text: str, entry: str, shown: str = "figures/registry.py") -> str:
    """``text`` of registry.py with ``entry`` appended to the ``FIGURES`` tuple.

    A text edit at the positions Python's own parser reports, so comments, layout and helper
    calls stay as they are; the result is parsed again to prove the tuple grew by ``entry``.
    """
    tree = ast.parse(text)
    node = _figures_tuple(tree, shown)
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(lineno: int, col: int) -> int:
        return starts[lineno - 1] + len(lines[lineno - 1].encode()[:col].decode())

    closing = offset(node.end_lineno, node.end_col_offset) - 1
    if node.elts:
        last = node.elts[-1]
        indent = " " * node.elts[0].col_offset
        after_last = offset(last.end_lineno, last.end_col_offset)
        between = re.sub(r"#[^\n]*", "", text[after_last:closing])
        comma = "" if "," in between else ","
    else:
        indent, after_last, comma = "    ", closing, ""
    line_start = text.rfind("\n", 0, closing) + 1
    if text[line_start:closing].strip() == "":  # ")" on its own line: add a line above it
        new = (text[:after_last] + comma + text[after_last:line_start]
               + f"{indent}{entry},\n" + text[line_start:])
    else:
        new = (text[:after_last] + comma + text[after_last:closing].rstrip()
               + f"\n{indent}{entry},\n" + text[closing:])
    grown = _figures_tuple(ast.parse(new), shown)
    if (len(grown.elts) != len(node.elts) + 1
            or ast.dump(grown.elts[-1]) != ast.dump(ast.parse(entry, mode="eval").body)):
        raise ScaffoldError(f"{shown}: could not append to FIGURES; add `{entry},` by hand")
    return new


def _figures_tuple(tree: ast.Module, shown: str) -> ast.Tuple:
    for stmt in tree.body:
        target = (stmt.targets[0] if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
                  else getattr(stmt, "target", None))
        if isinstance(target, ast.Name) and target.id == "FIGURES":
            if isinstance(stmt.value, ast.Tuple):
                return stmt.value
            break
    raise ScaffoldError(f"{shown}: no `FIGURES = (...)` tuple found; add the entry by hand")


def new_figure(name: str, *, from_logs: bool = False, root: Path | None = None) -> list[str]:
    """Write the figure ``name`` into the checkout ``root``; the lines to print."""
    root = root or repository_root()
    check_name(name, root)
    registry = root / "figures" / "registry.py"
    entry = REGISTRY_ENTRY.format(name=name)
    new_registry = registry_with(registry.read_text(encoding="utf-8"), entry)
    module = MODULE.format(
        name=name, logs_doc=LOGS_DOC if from_logs else "",
        logs_checks=LOGS_CHECKS if from_logs else "",
        logs_results=LOGS_RESULTS if from_logs else "",
        logs_code=LOGS_CODE.format(name=name) if from_logs else "")
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
    module_path, figdata_path, fixture_path = (_shown(path) for path in files)
    parts = "render, SCHEMA and extract" if from_logs else "render and SCHEMA"
    go = "" if _shown(root) == "." else f"cd {root}; "
    return [
        (f"created {module_path}: {parts}, its print layout (SLOTS, _for_page, caption) "
         "(a placeholder bar chart: edit the drawing)"),
        f"created {figdata_path}: placeholder data, kind synthetic-example until you replace it",
        f"created {fixture_path}: the golden test's data (keep it small)",
        f"registered {name} in {_shown(registry)}: {name}.pdf@300dpi, {name}.png@200dpi",
        (f"next: {go}figures build {name}; nox -s baselines (its golden images: default and "
         "venue layouts); nox -s tests"),
    ]


def add_parser(add) -> None:
    p = add("new", help="scaffold a new figure: module, registry entry, figdata, fixture")
    p.add_argument("name", metavar="NAME", help="a Python identifier, e.g. fig5_final_acc")
    p.add_argument("--from-logs", action="store_true",
                   help="also an extract() reading a results tree (figures extract)")
    p.set_defaults(command=run)


def run(args) -> int:
    import sys

    try:
        lines = new_figure(args.name, from_logs=args.from_logs)
    except ScaffoldError as exc:
        print(f"error: figures new: {exc}", file=sys.stderr)
        return 1
    print("\n".join(lines))
    return 0
