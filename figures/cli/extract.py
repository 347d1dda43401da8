"""``figures extract RESULTS [NAME...]``: the figdata of the log-derived figures from a raw
results tree."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from figures.cli import common as cli
from figures.data import figdata
from figures.errors import FigureDataError, UsageError, display_path
from figures.registry import BY_NAME, FIGURES, FigureSpec


def add_parser(add) -> None:
    p = add("extract", help="write figdata of the log-derived figures from RESULTS")
    p.add_argument("results", type=cli.path_arg, metavar="RESULTS",
                   help="the folder holding snapshot_vit_v1/, cifar10/, ...")
    p.add_argument("names", nargs="*", default=[], metavar="NAME", help="figures to extract (default: all)")
    cli.add_figdata(p)
    p.set_defaults(writes_figdata=lambda args: True)


def run(args: argparse.Namespace) -> int:
    if not args.results.exists() and str(args.results) in BY_NAME:  # round 48c, W2
        raise UsageError(f"{args.results} is a figure's name, not a results folder: give "
                         f"RESULTS first (figures extract RESULTS {args.results})")
    folder = next((n for n in args.names if Path(n).is_dir()), None)
    if not args.results.exists() and folder is not None:  # round 49, from 49c W14: a name
        raise UsageError(  # typed first, misspelt, made the folder the "unknown figure"
            f"{cli.near(str(args.results))} is no results folder, and {folder} is a folder: "
            f"give RESULTS first (figures extract {folder} NAME...)")
    cli.refuse_figdata_in_inputs(args.figdata)  # the golden fixtures have the figdata's names
    return extract(args.results, args.figdata, args.names, debug=args.debug)


def extract(results: Path, figdata_dir: Path, names: Sequence[str] = (), *,
            debug: bool = False) -> int:
    """Extract the named figures (default: every figure with log sources); the exit status."""
    from figures.data.jsonio import ensure_folder
    from figures.extract.results import ResultsTree
    from figures.extract.run import extract_figure
    from figures.outputs.lock import EXTRACT_LOCK_FILE, locked
    from figures.outputs.warned import caught_warnings, warning_lines

    # named figures are all tried (one without log sources is an error); by default, those with
    # log sources. Names are checked before the folder is made: a refused command writes
    # nothing (round 48c W14: an unknown name left an empty figdata/ behind).
    specs = cli.select(names) if names else [s for s in FIGURES if _has_extract(s)]
    tree = ResultsTree(results)
    ensure_folder(figdata_dir)

    def action(spec: FigureSpec) -> str:
        path = spec.figdata_path(figdata_dir)
        inside = cli.input_folder_of(path, None) if path.is_symlink() else None
        if inside is not None:  # written through a link: over a golden fixture, say
            raise FigureDataError(str(path), None, f"is a link to {path.resolve()}, inside "
                                  f"{inside}; extract would write over it. Remove the link")
        if not spec.extract:
            raise FigureDataError(str(path), None, _paper_values_only(path))
        try:
            with caught_warnings() as caught:  # the code's own warnings: one line each
                doc = extract_figure(spec, tree, figdata_dir)
        finally:  # a failed figure's warnings are its own, not the next one's
            for warning in [*tree.warnings, *warning_lines(caught, None, str(path))]:
                print(f"warning: {spec.name}: {warning}", file=sys.stderr)
            tree.warnings.clear()
        figdata.write(path, doc)
        return f"extracted {spec.name} -> {display_path(path)} ({figdata.origin_of(doc)})"

    def waiting() -> None:
        print(f"waiting for another extract into {display_path(figdata_dir)} to finish",
              file=sys.stderr, flush=True)

    with locked(figdata_dir, waiting, EXTRACT_LOCK_FILE):  # a figdata from one tree
        return cli.each_figure(specs, debug, action)


def _has_extract(spec: FigureSpec) -> bool:
    """Whether the figure reads logs; a module that fails to import is kept (its one line)."""
    try:
        return spec.extract is not None
    except (Exception, SystemExit):  # noqa: BLE001 - reported by the figure's own action
        return True


def _paper_values_only(path: Path) -> str:
    """What to do with a figure of paper values only: edit its file, or, when the folder
    does not hold it (a new figdata folder), copy the repository's first (round 48c W8)."""
    from figures.paths import repository_figdata

    if path.is_file():
        return "paper values only, no log sources to extract; edit this file by hand"
    kept = repository_figdata(path.name, path)
    origin = kept if kept is not None else f"the repository's figdata/{path.name}"
    return (f"paper values only, no log sources to extract, and not in this folder: copy "
            f"{origin} here and edit it by hand")
