"""``nox -s preflight`` and ``tox -e preflight``: build the figures for a venue's page, then
check that build strictly (one script, so the two sessions cannot drift apart).

``python tools/preflight.py [--venue V] [--venues FILE] [--out DIR] [--figdata DIR] [NAME ...]
[check options]``

Runs ``figures build --venue V`` and then ``figures check --venue V --out build/V --strict
--html build/preflight.html``; the exit status is the first non-zero one (a failing rule is 1).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Sequence

DEFAULT_VENUE = "icml"
HTML_REPORT = "build/preflight.html"


class _Once(argparse.Action):
    """An option that may be given once: a second ``--venue`` is refused, not silently won."""

    def __call__(self, parser, namespace, values, option_string=None):
        if getattr(namespace, self.dest) is not None:
            parser.error(f"{option_string} given twice; run the preflight once per venue")
        setattr(namespace, self.dest, values)


def commands(argv: Sequence[str]) -> list[list[str]]:
    """The two ``figures`` command lines the preflight runs for ``argv``."""
    parser = argparse.ArgumentParser(prog="nox -s preflight --", description=__doc__)
    parser.add_argument("--venue", action=_Once, default=None, metavar="V")
    parser.add_argument("--venues", action=_Once, default=None, metavar="FILE")
    parser.add_argument("--out", action=_Once, default=None, metavar="DIR")
    parser.add_argument("--figdata", action=_Once, default=None, metavar="DIR")
    parser.add_argument("names", nargs="*", metavar="NAME")
    args, check_options = parser.parse_known_args(list(argv))
    venue = args.venue or DEFAULT_VENUE
    profiles = ["--venues", args.venues] if args.venues else []
    profiles += ["--figdata", args.figdata] if args.figdata else []
    out = args.out or f"build/{venue}"
    figures = [sys.executable, "-m", "figures"]
    build = [*figures, "build", "--venue", venue, *profiles, *args.names]
    if args.out:
        build += ["--out", args.out]
    check = [*figures, "check", "--venue", venue, *profiles, "--out", out, "--strict",
             "--html", HTML_REPORT, *args.names, *check_options]
    return [build, check]


def main(argv: Sequence[str]) -> int:
    for command in commands(argv):
        print("preflight: " + " ".join(command[2:]), flush=True)
        code = subprocess.call(command)
        if code:
            return code
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
