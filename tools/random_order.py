"""The fast tier where nothing is as usual: in a random order (pytest-randomly), in a copy of
the project without ``.git``, run from another folder (on 2 xdist workers: minutes); a test
that leans on another's state, on the checkout or on the current folder fails here (issue
45). Run by ``nox -s random_order`` and ``tox -e random_order`` (CI runs it); the seed is
printed to rerun it.

usage: python tools/random_order.py [SEED] [PYTEST ARGS...]
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: What the copy leaves out: the checkout's history, builds, environments and caches.
LEFT_OUT = shutil.ignore_patterns(".git", "build", ".venv", ".nox", ".tox", "__pycache__",
                                  "*.egg-info", ".*_cache")


def main(argv: list[str]) -> int:
    seed = int(argv[0]) if argv and argv[0].isdigit() else random.randrange(1, 10**6)
    extra = argv[1:] if argv and argv[0].isdigit() else argv
    with tempfile.TemporaryDirectory(prefix="fa-random-order-") as tmp:
        copy, elsewhere = Path(tmp) / "project", Path(tmp) / "elsewhere"
        shutil.copytree(ROOT, copy, ignore=LEFT_OUT, symlinks=True)
        elsewhere.mkdir()
        command = [sys.executable, "-m", "pytest", str(copy / "tests"), "-m", "not slow",
                   "--ignore", str(copy / "tests" / "golden"), "-p", "no:cacheprovider",
                   "-p", "randomly", f"--randomly-seed={seed}", "-q", "-n", "2", *extra]
        env = {**os.environ, "PYTHONPATH": str(copy)}  # the copy's package, not the checkout's
        code = subprocess.run(command, cwd=elsewhere, env=env, check=False).returncode
        left = sorted(p.name for p in elsewhere.iterdir())
    if code:
        print(f"random_order: FAILED with seed {seed} (rerun: python tools/random_order.py "
              f"{seed})", file=sys.stderr)
        return 1
    if left:
        print(f"random_order: the run wrote into the current folder: {', '.join(left)}",
              file=sys.stderr)
        return 1
    print(f"random_order: passed in random order (seed {seed}), without .git, from another "
          "folder")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
