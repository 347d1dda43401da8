"""``figures make [RESULTS]``: the one command (``nox -s figures``): extract RESULTS if given,
then build what changed."""

from __future__ import annotations

import argparse

from figures.cli.build import build_figures
from figures.cli.common import (
    add_figdata,
    add_out,
    near,
    nearest,
    path_arg,
    refuse_figdata_in_inputs,
    refuse_folder_over_inputs,
)
from figures.cli.extract import extract
from figures.errors import UsageError
from figures.registry import FIGURES


def add_parser(add) -> None:
    p = add("make", help="extract RESULTS (if given), then build what changed: "
            "the one command (`nox -s figures`, `tox -e figures`)")
    p.add_argument("results", type=path_arg, nargs="?", metavar="RESULTS",
                   help="a results folder to extract into figdata/ first (default: none)")
    add_figdata(p)
    add_out(p)
    p.set_defaults(writes_figdata=lambda args: args.results is not None)


def run(args: argparse.Namespace) -> int:
    figure = nearest(str(args.results)) if args.results is not None else None
    if figure is not None and not args.results.exists():  # round 49, from 49c W14
        raise UsageError(f"{near(str(args.results))}: make takes a results folder, not a "
                         f"figure: `figures build {figure}` builds it")
    if args.results is not None:
        from figures.data.jsonio import refuse_unmakeable_folder

        refuse_figdata_in_inputs(args.figdata)
        # the build's refusals of --out, told before the extract writes (round 45c W15)
        refuse_folder_over_inputs(args.out, "--out", figdata_dir=args.figdata)
        refuse_unmakeable_folder(args.out)
        status = extract(args.results, args.figdata, debug=args.debug)
        if status:
            return status  # the build would show figdata the results do not match
    return build_figures(FIGURES, args.figdata, args.out, debug=args.debug)
