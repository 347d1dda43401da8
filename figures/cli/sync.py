"""``figures sync PAPER_DIR``: the current built figures the paper includes, and its macros,
copied into the paper's folder; then the paper's numbers checked (check-tex)."""

from __future__ import annotations

import argparse
import sys
import traceback
from pathlib import Path

from figures.cli.common import DEFAULT_OUT, UsageError, add_figdata, path_arg


def add_parser(add) -> None:
    p = add("sync", help="copy the current built figures the paper includes, and macros.tex, "
            "into the paper's folder (an Overleaf clone too), then check its numbers")
    p.add_argument("paper", type=path_arg, metavar="PAPER_DIR",
                   help="the folder of the paper's .tex files")
    p.add_argument("--venue", default=None, metavar="V",
                   help="copy the venue build (build/V/, `figures build --venue V`)")
    p.add_argument("--built", type=path_arg, default=None, metavar="DIR",
                   help=f"copy from this build folder (default: {DEFAULT_OUT}/)")
    p.add_argument("--allow-synthetic", action="store_true",
                   help="copy figures and macros drawn from synthetic example data too")
    p.add_argument("--dry-run", "-n", action="store_true",
                   help="show what would be done; write nothing")
    add_figdata(p)
    p.set_defaults(command=run)


def run(args: argparse.Namespace) -> int:
    from figures.errors import FigureDataError, one_line
    from figures.paper.macros import macros_tex, read_quoted
    from figures.paper.sync import carry_out, plan, tex_sources
    from figures.paper.texcheck import check_tex, read_tex
    from figures.registry import FIGURES

    paper: Path = args.paper
    if not paper.is_dir():
        raise FigureDataError(str(paper), None, "not a folder: give the folder of the paper's "
                              ".tex files")
    if args.venue is not None and args.built is not None:
        raise UsageError("--venue and --built both name the folder to copy from; give one")
    built = args.built or (Path("build") / args.venue if args.venue else DEFAULT_OUT)
    if not built.is_dir():
        how = f"`figures build --venue {args.venue}`" if args.venue else "`figures build`"
        raise FigureDataError(str(built), None, f"no built figures here; run {how} first")
    sources = []
    for path in tex_sources(paper):
        try:
            sources.append((path, read_tex(path)))
        except FigureDataError as exc:
            print(f"warning: {exc} (not read)", file=sys.stderr)
    if not sources:
        raise FigureDataError(str(paper), None, "no .tex files found in it")
    quoted, unread = read_quoted(FIGURES, args.figdata)
    for u in unread:  # its macros missing from the paper's file would stop the paper's build
        if args.debug:
            traceback.print_exception(u.error)
        print(f"error: {u.line}; the paper's macros file is not written", file=sys.stderr)
    synthetic = sorted({q.figure for q in quoted if q.synthetic})
    result = plan(paper, built, args.figdata, allow_synthetic=args.allow_synthetic,
                  sources=sources, macros_text=(macros_tex(quoted), synthetic),
                  unread=[u.figure for u in unread])
    if not args.dry_run:
        carry_out(result)
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
            print(one_line(f"check-tex: {path}:{problem.removeprefix('line ')}", 2400))
    macros = ("refused" if "macros" in result.refused
              else f"{verb}write" if result.macros else "up to date")
    print(f"{verb}copy {len(result.copies)} figure(s); macros: {macros}; "
          f"{len(result.refused)} refused; check-tex: {found} number(s) to look at",
          file=sys.stderr)
    return 1 if result.refused or found else 0
