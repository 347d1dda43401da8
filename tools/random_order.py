"""The whole suite where nothing is as usual: every test (fast and slow tiers, golden images
with ``--mpl``) in ONE pytest process, in a random order (pytest-randomly), in a copy of the
project without ``.git``, run from another folder. A test that leans on another's state, on
the checkout or on the current folder fails here (issue 45). Run by ``nox -s random_order``
and ``tox -e random_order`` (CI runs it in place of a separate slow tier); the seed is
printed to rerun it.

``--processes 2`` (what CI passes) splits the shuffled suite between two pytest processes
(xdist workers, each running its share in the seed's order): the same leaks show, as long as
both tests of a leaking pair fall to one process, in half the time (one process takes ~55 min
of CI's 90 on its machine). Issue 45's proof in one process is the default.

usage: python tools/random_order.py [SEED] [--processes N] [PYTEST ARGS...]
       (e.g. ``python tools/random_order.py 7 -m "not slow"``: the fast tier only)
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from xml.etree import ElementTree

ROOT = Path(__file__).resolve().parent.parent
#: What the copy leaves out: the checkout's history, builds, environments and caches.
LEFT_OUT = shutil.ignore_patterns(".git", "build", ".venv", ".nox", ".tox", "__pycache__",
                                  "*.egg-info", ".*_cache")


def pytest_command(copy: Path, seed: int, extra: list[str], processes: int = 1) -> list[str]:
    """The pytest run: every test of ``copy``, golden images judged (``--mpl``), in
    ``seed``'s order, in one process (no xdist: a test's own pytest subprocess chooses for
    itself) or split between ``processes`` xdist workers, each one shuffled alike by the
    seed; its report (JUnit XML) beside the copy, written only by a run that reached its
    end; the 30 slowest tests listed (where CI's time goes, read from its log)."""
    split = ["-p", "no:xdist"] if processes == 1 else ["-n", str(processes)]
    return [sys.executable, "-m", "pytest", str(copy / "tests"), "--mpl", *split,
            "-p", "no:cacheprovider", "-p", "randomly", f"--randomly-seed={seed}", "-q",
            f"--junit-xml={copy.parent / 'report.xml'}", "--durations=30", *extra]


def processes_option(argv: list[str]) -> tuple[int, list[str]]:
    """``--processes N`` taken out of ``argv`` (1 without it), and the rest."""
    if "--processes" not in argv:
        return 1, argv
    at = argv.index("--processes")
    value = argv[at + 1] if at + 1 < len(argv) else ""
    if not value.isdigit() or int(value) < 1:
        raise SystemExit(f"random_order: --processes takes a whole number of processes, "
                         f"not {value!r}: e.g. --processes 2")
    return int(value), argv[:at] + argv[at + 2:]


def finished(report: Path) -> str | None:
    """How many tests the run's report counts, None when there is none: a test ended the
    process (``os._exit`` in code it called) and pytest never finished, whatever its exit
    status."""
    if not report.is_file():
        return None
    suite = ElementTree.parse(report).getroot()
    suite = suite if suite.tag == "testsuite" else suite.find("testsuite")
    return ", ".join(f"{suite.get(key)} {key}" for key in ("tests", "failures", "errors",
                                                          "skipped"))


def main(argv: list[str]) -> int:
    processes, argv = processes_option(argv)
    seed = int(argv[0]) if argv and argv[0].isdigit() else random.randrange(1, 10**6)
    extra = argv[1:] if argv and argv[0].isdigit() else argv
    where = "one process" if processes == 1 else f"{processes} processes"
    print(f"random_order: the whole suite in {where}, seed {seed}", flush=True)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="fa-random-order-") as tmp:
        copy, elsewhere = Path(tmp) / "project", Path(tmp) / "elsewhere"
        shutil.copytree(ROOT, copy, ignore=LEFT_OUT, symlinks=True)
        elsewhere.mkdir()
        command = pytest_command(copy, seed, extra, processes)
        env = {**os.environ, "PYTHONPATH": str(copy)}  # the copy's package, not the checkout's
        code = subprocess.run(command, cwd=elsewhere, env=env, check=False).returncode
        left = sorted(p.name for p in elsewhere.iterdir())
        counted = finished(Path(tmp) / "report.xml")
    took = f"{time.monotonic() - started:.0f} s"
    if counted is None:
        print(f"random_order: pytest ended before the end of its run (exit {code}, no report) "
              f"with seed {seed} after {took}: a test ended the process", file=sys.stderr)
        return 1
    if code:
        split = "" if processes == 1 else f" --processes {processes}"
        print(f"random_order: FAILED with seed {seed} after {took} (rerun: python "
              f"tools/random_order.py {seed}{split})", file=sys.stderr)
        return 1
    if left:
        print(f"random_order: the run wrote into the current folder: {', '.join(left)}",
              file=sys.stderr)
        return 1
    print(f"random_order: the whole suite passed in {where} in random order (seed "
          f"{seed}), without .git, from another folder, in {took} ({counted})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
