"""What asking TeX costs ``figures sync``, on the sample paper (docs/paper.md, "Cost").

usage: python benchmarks/sync_cost.py [--runs N] [--paper DIR]

The sample paper (tests/papers/twocol/, or --paper) is copied, synced once for ICML (the
width builds made) and compiled once. Then, each N times (median):

- ``latexmk``: one plain ``latexmk -pdf`` from a clean folder (``latexmk -C`` before each);
- ``probe``: sync's one draft compile with the probe (:func:`figures.paper.engine.ask_tex`);
- ``sync``: a whole ``figures sync --venue icml`` with every build up to date (the probe
  compile, the plan, the legibility check of each width build, no copy).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def timed(call, runs: int, before=None) -> float:
    times = []
    for _ in range(runs):
        if before is not None:
            before()
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--paper", type=Path, default=REPO / "tests" / "papers" / "twocol")
    args = parser.parse_args()
    sys.path.insert(0, str(REPO))
    from figures.cli import main as cli
    from figures.paper.engine import ask_tex

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        paper = root / "paper"
        shutil.copytree(args.paper, paper)
        os.chdir(root)
        sync = ["sync", str(paper), "--venue", "icml", "--allow-synthetic", "--figdata",
                str(REPO / "figdata")]
        assert cli.main(sync) == 0, "the first sync failed"

        def latexmk(*extra: str) -> None:
            subprocess.run(["latexmk", "-pdf", "-interaction=nonstopmode", *extra,
                            "main.tex"], cwd=paper, check=True, capture_output=True)

        latexmk()
        plain = timed(latexmk, args.runs, before=lambda: latexmk("-C"))
        probe = timed(lambda: ask_tex(paper / "main.tex"), args.runs)
        whole = timed(lambda: cli.main(sync), args.runs)
    print(f"{'step':34s} {'median s':>9s} {'x latexmk':>10s}")
    for name, value in (("plain latexmk -pdf (clean)", plain), ("sync's probe compile", probe),
                        ("figures sync, builds up to date", whole)):
        print(f"{name:34s} {value:9.2f} {value / plain:10.2f}")


if __name__ == "__main__":
    main()
