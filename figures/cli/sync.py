"""``figures sync PAPER_DIR``: the current built figures the paper includes, and its macros,
copied into the paper's folder; then the paper's numbers checked (check-tex)."""

from __future__ import annotations

import argparse
import sys
import traceback
from pathlib import Path

from figures.cli.common import DEFAULT_OUT, UsageError, add_figdata, path_arg
from figures.errors import display_path


def add_parser(add) -> None:
    p = add("sync", help="copy the current built figures the paper includes, and macros.tex, "
            "into the paper's folder (an Overleaf clone too), then check its numbers")
    p.add_argument("paper", type=path_arg, metavar="PAPER_DIR",
                   help="the folder of the paper's .tex files")
    p.add_argument("--venue", default=None, metavar="V",
                   help="the paper's venue (default: read from its \\documentclass and "
                   "packages): each figure is built for the width the paper prints it at")
    p.add_argument("--venues", type=path_arg, default=None, metavar="FILE",
                   help="your venue profiles (same shape as figures/preflight/venues.json)")
    p.add_argument("--main", type=Path, default=None, metavar="FILE",
                   help="the paper's main .tex (when the folder holds several)")
    p.add_argument("--built", type=path_arg, default=None, metavar="DIR",
                   help=f"copy from this build folder (default: {DEFAULT_OUT}/, or for a "
                   "venue paper a build per printed width)")
    p.add_argument("--default-build", action="store_true",
                   help="copy the default build into a venue paper anyway (it prints "
                   "rescaled, with Type 3 fonts)")
    p.add_argument("--allow-synthetic", action="store_true",
                   help="copy figures and macros drawn from synthetic example data too")
    p.add_argument("--dry-run", "-n", action="store_true",
                   help="show what would be done; write nothing")
    add_figdata(p)
    p.set_defaults(command=run)


def run(args: argparse.Namespace) -> int:
    from figures.errors import FigureDataError, one_line
    from figures.paper.latex import read_paper
    from figures.paper.macros import macros_tex, read_quoted
    from figures.paper.sync import carry_out, plan
    from figures.paper.texcheck import check_tex, read_tex
    from figures.registry import FIGURES

    folder: Path = args.paper
    if not folder.is_dir():
        raise FigureDataError(str(folder), None, "not a folder: give the folder of the paper's "
                              ".tex files")
    paper = read_paper(folder, args.main)
    for line in paper.unresolved:
        print(one_line(f"warning: {line} (not read)", 2400), file=sys.stderr)
    built = source_for(args, paper)
    sources = []
    for path in paper.sources:
        try:
            sources.append((path, read_tex(path)))
        except FigureDataError as exc:
            print(f"warning: {exc} (not read)", file=sys.stderr)
    quoted, unread = read_quoted(FIGURES, args.figdata)
    for u in unread:  # its macros missing from the paper's file would stop the paper's build
        if args.debug:
            traceback.print_exception(u.error)
        print(f"error: {u.line}; the paper's macros file is not written", file=sys.stderr)
    synthetic = sorted({q.figure for q in quoted if q.synthetic})
    result = plan(paper, built, args.figdata, allow_synthetic=args.allow_synthetic,
                  macros_text=(macros_tex(quoted), synthetic),
                  unread=[u.figure for u in unread], venues_file=args.venues)
    if not args.dry_run:
        carry_out(result)
    unloaded = _macros_not_input(paper, sources, quoted)
    if unloaded:
        print(one_line(f"warning: {unloaded}", 2400), file=sys.stderr)
    verb = "would " if args.dry_run else ""
    width = max([len(r[0]) for r in result.rows] + [6])
    print(f"{'figure':{width}s}  {'paper file':30s}  {verb}do")
    for figure, file, action in result.rows:
        shown = action if action.startswith(("refused", "up to date")) else verb + action
        print(one_line(f"{figure:{width}s}  {file:30s}  {shown}", 2400))
    if result.not_ours:
        print(one_line(f"not ours (left as they are): {', '.join(result.not_ours)}", 2400))
    if result.not_included:
        print(f"ours, not in the paper: {', '.join(result.not_included)}")
    found = 0
    macros_path = result.macros[0] if result.macros else None
    for path, text in sources:
        if macros_path is not None and path.resolve() == macros_path.resolve():
            continue
        for problem in check_tex(text, quoted):
            found += 1
            print(one_line(f"check-tex: {display_path(path)}:{problem.removeprefix('line ')}",
                           2400))
    macros = ("refused" if "macros" in result.refused
              else "not written" if result.macros_held
              else f"{verb}write" if result.macros else "up to date")
    print(f"{verb}copy {len(result.copies)} figure(s); macros: {macros}; "
          f"{len(result.refused)} refused; check-tex: {found} number(s) to look at",
          file=sys.stderr)
    return 1 if result.refused or found else 0


def _macros_not_input(paper, sources, quoted) -> str | None:
    """The text uses our macros and no file of the paper ``\\input``s the macros file: the
    paper would not compile (undefined control sequence)."""
    from figures.paper.sync import MACROS_NAME

    if any(Path(name).name in (MACROS_NAME, Path(MACROS_NAME).stem) for name in paper.inputs):
        return None
    names = {f"\\{q.macro.lstrip(chr(92))}" for q in quoted}
    for path, text in sources:
        used = sorted(name for name in names if name in text)
        if used:
            return (f"{display_path(path)}: uses {used[0]} (our macros) but no file of the paper "
                    f"\\inputs {MACROS_NAME}: add \\input{{macros}} to its preamble")
    return None


def source_for(args: argparse.Namespace, paper):
    """The build folder sync copies from: ``--built`` (or the default build) for a paper of
    no known venue; for a venue paper, a build per printed width (figures.paper.placed)."""
    from figures.errors import FigureDataError
    from figures.preflight.venues import get_venue

    key = args.venue or paper.venue
    if key is None or args.default_build:
        built = args.built or DEFAULT_OUT
        if not built.is_dir():
            raise FigureDataError(str(built), None, "no built figures here; run "
                                  "`figures build` first")
        if key is not None:
            print(f"warning: copying the default build into a {key} paper: it prints "
                  "rescaled (text under the venue's minimum), with Type 3 fonts; "
                  f"`figures check PAPER.pdf --venue {key}` shows the cost", file=sys.stderr)
        return built
    if args.built is not None:
        raise UsageError(f"the paper is a {key} paper: sync builds each figure for the width "
                         "it is printed at; drop --built, or add --default-build to copy the "
                         "default build anyway")
    venue = get_venue(key, args.venues)
    return _width_builds(venue, args.figdata)


def _width_builds(venue, figdata_dir: Path):
    from figures.paper.placed import build_for_width, placement

    def source(spec, include):
        where = placement(include.graphic, spec, venue)
        if where.width is None:
            return None, where.problem
        return build_for_width(spec, figdata_dir, venue, where.width)

    return source
