"""``figures status [RESULTS]``: which figdata files are current, stale or missing."""

from __future__ import annotations

import argparse
import sys

from figures.cli.common import LINE_LIMIT, add_figdata, figdata_status, path_arg
from figures.errors import one_line
from figures.registry import FIGURES


def add_parser(add) -> None:
    p = add("status", help="which figdata files are current, stale or missing")
    p.add_argument("results", type=path_arg, nargs="?", metavar="RESULTS",
                   help="compare recorded source hashes with this results folder")
    add_figdata(p)
    p.set_defaults(answers_on_stdout=True)


def run(args: argparse.Namespace) -> int:
    from figures.extract.results import ResultsTree

    if args.results is not None:
        ResultsTree(args.results)  # a missing folder is one line, not every source "gone"
    not_current = 0
    for spec in FIGURES:
        state, detail = figdata_status(spec, args.figdata, args.results, args.debug)
        not_current += state not in ("current", "paper-values")
        print(f"{spec.name:24s} {state:13s} {one_line(detail, LINE_LIMIT)}")
    if not_current:
        against = ("against " + str(args.results) if args.results is not None else
                   "(without RESULTS, extracted figdata is only 'recorded': pass the results "
                   "folder to compare)")
        print(f"{not_current} of {len(FIGURES)} figure(s) not current {against}",
              file=sys.stderr)
    return 1 if not_current else 0
