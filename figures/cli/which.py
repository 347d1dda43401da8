"""``figures which FILE...``: which figure and build each file is, and whether it is current."""

from __future__ import annotations

import argparse

from figures.cli.common import add_figdata, add_venues, path_arg, say


def add_parser(add) -> None:
    p = add("which", help="which figure each file is (read from inside it, whatever its name) "
            "and whether it is current, stale or not from this suite")
    p.add_argument("files", type=path_arg, nargs="+", metavar="FILE",
                   help="built PDFs or PNGs, e.g. the copies in the paper's folder")
    add_venues(p, "your venue profiles, for files built for one of them")
    add_figdata(p)
    p.set_defaults(answers_on_stdout=True)


def run(args: argparse.Namespace) -> int:
    from figures.paper.which import which

    found = [which(path, args.figdata, args.venues, wrappers=True) for path in args.files]
    for item in found:
        say(item.line())
    return 0 if all(item.current for item in found) else 1
