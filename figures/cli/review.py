"""``figures review``: every changed golden picture, accepted or rejected one by one in a
browser (tools/review.py of the checkout the running package is installed from)."""

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


def checkout() -> Path:
    """The folder holding the running ``figures`` package: the suite's checkout when the
    package is installed from it (editable), the only folder whose tools/review.py is ours.
    Never the current folder or one above it: a downloaded paper's ``tools/review.py`` is
    its author's code (hostile round 23, W1)."""
    import figures

    return Path(figures.__file__).resolve().parent.parent


def run(args: argparse.Namespace) -> int:
    root = checkout()
    tool = root / "tools" / "review.py"
    if not tool.is_file() or not (root / "baseline").is_dir():
        raise UsageError(f"{root}: the figures package runs from here, which is no checkout of "
                         "the figure suite (no tools/review.py and baseline/ beside it): install "
                         "the checkout (pip install -e .) and run `figures review` with it")
    flags = [f for f in ("--no-open", "--no-browser") if getattr(args, f[2:].replace("-", "_"))]
    rest = args.pytest_args[1:] if args.pytest_args[:1] == ["--"] else args.pytest_args
    from figures import runner

    return runner.call([sys.executable, str(tool), *flags, *rest], root)
