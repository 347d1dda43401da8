"""``nox -s preflight`` and ``tox -e preflight``: build the figures for a venue's page, then
check that build strictly (one script, so the two sessions cannot drift apart).

``python tools/preflight.py [--venue V] [--venues FILE] [--out DIR] [--figdata DIR] [--widths]
[NAME ...] [check options]``

Runs ``figures build --venue V`` and then ``figures check --venue V --out build/V --strict
--html build/preflight.html``; the exit status is the first non-zero one (a failing rule is 1).
``--widths``: instead, every width a paper may give a figure, from the narrowest figure's
smallest width (up to the 0.25 in grid) to the venue's text width in 0.25 in steps, each built
into build/V/wW/ and checked strictly, one after another (issue 46; 14 CPU minutes at ICML,
measured: not for every push); a failing width fails the sweep, after all are checked.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Sequence

DEFAULT_VENUE = "icml"
HTML_REPORT = "build/preflight.html"
#: The width sweep's step, in inches.
STEP_IN = 0.25


class _Once(argparse.Action):
    """An option that may be given once: a second ``--venue`` is refused, not silently won."""

    def __call__(self, parser, namespace, values, option_string=None):
        if getattr(namespace, self.dest) is not None:
            parser.error(f"{option_string} given twice; run the preflight once per venue")
        setattr(namespace, self.dest, values)


def sweep_widths(venue: str, venues_file: str | None = None,
                 names: Sequence[str] = ()) -> list[tuple[float, list[str]]]:
    """Every STEP_IN from the narrowest figure's smallest width, up to the grid, to ``venue``'s
    text width, each with the figures (of ``names``; none: all) drawn that narrow."""
    import math

    from figures.registry import FIGURES
    from figures.venues import get_venue

    page = get_venue(venue, venues_file)
    smallest = {s.name: s.smallest_width_in(page) for s in FIGURES if s.name in names or not names}
    first = math.ceil(min(smallest.values()) / STEP_IN - 1e-9) * STEP_IN
    count = int((page.text_width_in - first) / STEP_IN + 1e-9) + 1
    widths = [round(first + STEP_IN * i, 3) for i in range(count)]
    return [(w, [name for name, low in smallest.items() if low <= w + 1e-9]) for w in widths]


def commands(argv: Sequence[str]) -> list[list[str]]:
    """The ``figures`` command lines the preflight runs for ``argv``: a build and its check,
    for the venue's slots, or for each width with ``--widths``."""
    parser = argparse.ArgumentParser(prog="nox -s preflight --", description=__doc__)
    parser.add_argument("--venue", action=_Once, default=None, metavar="V")
    parser.add_argument("--venues", action=_Once, default=None, metavar="FILE")
    parser.add_argument("--out", action=_Once, default=None, metavar="DIR")
    parser.add_argument("--figdata", action=_Once, default=None, metavar="DIR")
    parser.add_argument("--widths", action="store_true")
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
    if not args.widths:
        return [build, check]
    found = []
    for width, names in sweep_widths(venue, args.venues, args.names):
        folder = f"{out}/w{width:g}"
        found += [[*figures, "build", "--venue", venue, "--width", f"{width:g}", *profiles,
                   "--jobs", "1", "--out", folder, *names],  # a figure at a time
                  [*figures, "check", "--venue", venue, *profiles, "--out", folder, "--strict",
                   *names, *check_options]]
    return found


def main(argv: Sequence[str]) -> int:
    found, failed = commands(argv), []
    sweep = "--widths" in argv
    for command in found:
        print("preflight: " + " ".join(command[2:]), flush=True)
        code = subprocess.call(command)
        if code and not sweep:
            return code
        if code:  # every width checked, then the sweep fails
            failed.append(f"{command[3]} {command[command.index('--out') + 1]}")
    if failed:
        print(f"preflight: {len(failed)} failed: {', '.join(failed)}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
