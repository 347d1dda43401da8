"""No false failures: the whole suite N times, each in its own random order (pytest-randomly)
on 2 xdist workers, then once serially in random order. Run by ``nox -s stability`` and
``tox -e stability``, so both do exactly the same.

usage: python tools/stability.py [N] [PYTEST ARGS...]     (N rounds, default 20)

PYTEST ARGS reach every round (``5 -m "not slow"``: the fast tier, 5 rounds). A first
argument that is neither a number of rounds nor a pytest option (``abc``, ``0``) is refused
in one line, exit 2 (round 40, N1: a ``ValueError`` traceback).
"""

from __future__ import annotations

import subprocess
import sys

#: Rounds when none is given.
ROUNDS = 20


def rounds(argv: list[str]) -> tuple[int, list[str]] | str:
    """The number of rounds and the pytest arguments of ``argv``, or the line refusing it."""
    if not argv or (argv[0].startswith("-") and not argv[0].lstrip("-").isdigit()):
        return ROUNDS, argv
    first = argv[0]
    if not first.isascii() or not first.isdigit() or int(first) < 1:
        return (f"stability: takes a number of rounds (1 or more), then pytest options, got "
                f"{first!r}: e.g. `nox -s stability -- 5` or `-- 5 -m \"not slow\"`")
    return int(first), argv[1:]


def main(argv: list[str]) -> int:
    found = rounds(argv)
    if isinstance(found, str):
        print(found, file=sys.stderr)
        return 2
    runs, extra = found
    base = [sys.executable, "-m", "pytest", "--mpl", "-q", "-p", "no:cacheprovider", *extra]
    rerun = " ".join(["pytest --mpl -n 2", *extra])
    for seed in range(1, runs + 1):
        if subprocess.run([*base, "-n", "2", f"--randomly-seed={seed}"],
                          stdout=subprocess.DEVNULL, check=False).returncode:
            print(f"stability: run {seed}/{runs} FAILED (rerun: {rerun} "
                  f"--randomly-seed={seed})", file=sys.stderr)
            return 1
        print(f"stability: run {seed}/{runs} passed (random order, seed {seed}, -n 2)")
    if subprocess.run([*base, f"--randomly-seed={runs + 1}"], stdout=subprocess.DEVNULL,
                      check=False).returncode:
        print(f"stability: the serial run FAILED (--randomly-seed={runs + 1})", file=sys.stderr)
        return 1
    print(f"stability: {runs} random-order xdist runs and one serial run passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
