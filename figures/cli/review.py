"""``figures review``: every changed golden picture, accepted or rejected one by one in a
browser (the project's tools/review.py, run from the checkout holding it)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from figures.errors import UsageError


def add_parser(add) -> None:
    p = add("review", help="see every changed golden picture in a browser; accept or reject "
            "each (in the project's checkout, after a golden run with failures)")
    p.add_argument("--no-open", action="store_true",
                   help="write build/review/index.html instead of serving it: each image "
                        "with the command that accepts it")
    p.add_argument("--no-browser", action="store_true",
                   help="serve the page and print its address without opening a browser")
    p.add_argument("pytest_args", nargs=argparse.REMAINDER, metavar="PYTEST ARGS",
                   help="after --: run these golden comparisons first (default: review the "
                        "last run's failures, or run them all if none failed)")
    p.set_defaults(command=run)


def run(args: argparse.Namespace) -> int:
    tool = next((d / "tools" / "review.py" for d in (Path.cwd(), *Path.cwd().parents)
                 if (d / "tools" / "review.py").is_file()), None)
    if tool is None:
        raise UsageError(f"{Path.cwd()}: no tools/review.py here or above: run `figures "
                         "review` in the figure suite's checkout")
    flags = [f for f in ("--no-open", "--no-browser") if getattr(args, f[2:].replace("-", "_"))]
    rest = args.pytest_args[1:] if args.pytest_args[:1] == ["--"] else args.pytest_args
    from figures import runner

    return runner.call([sys.executable, str(tool), *flags, *rest], tool.parent.parent)
