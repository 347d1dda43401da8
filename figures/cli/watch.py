"""``figures watch``: each save of figdata or figure code rebuilds what it changed, at once.

The machinery is in ``figures/watch/`` (docs/modules.md); this module is the command's parser."""

from __future__ import annotations

import argparse

from figures.cli import common as cli


def add_parser(add) -> None:
    p = add("watch", help="rebuild figures as their figdata or code is saved "
            "(Ctrl-C stops; needs watchfiles)")
    p.add_argument("names", nargs="*", default=[], metavar="NAME", help="figures to watch (default: all)")
    cli.add_figdata(p)
    cli.add_out(p)
    cli.add_jobs(p)
    p.add_argument("--rebuild-timeout", type=cli.positive_int, default=120, metavar="SECONDS",
                   help="stop a rebuild that runs longer, e.g. a render stuck in a loop "
                        "(default: 120); a save that changes a file stops it at once")


def run(args: argparse.Namespace) -> int:
    # every rebuild writes there: refused before the first one, as `build` refuses it
    cli.refuse_folder_over_inputs(args.out, "--out", figdata_dir=args.figdata)
    from figures.watch.loop import watch  # multiprocessing: not for every command

    return watch(cli.select(args.names), args.figdata, args.out, jobs=args.jobs, debug=args.debug,
                 rebuild_timeout=args.rebuild_timeout, follow_registry=not args.names)
