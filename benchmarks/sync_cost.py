"""What ``figures sync`` costs against one plain ``latexmk``, on each sample paper (docs/paper.md,
"Cost"; issue 44: keep it under 1x with the builds cached).

usage: python benchmarks/sync_cost.py [--runs N] [PAPER ...]   (default: every sample paper)

Each sample paper (tests/papers/NAME) is copied and made once by ``figures paper`` (no
--venue: the page from TeX; the width builds made and cached). Then, N times each (median):

- ``latexmk``: one plain ``latexmk -pdf`` from a clean folder (``latexmk -C`` before each);
- ``sync``: ``figures sync`` as an author runs it (its own process), builds and paper up to
  date: the probe compile, the plan, nothing copied;
- ``sync, copying``: the same into a fresh copy of the paper (builds and placement cached):
  the figures and macros copied, the probe run with them beside it (docs/paper.md, "Sync
  converges"), and once more only when what it saw is not what was written;
- ``sync, first``: the same into a fresh copy with the placement recorded for its main file
  dropped from ``build/.sync-memo.json`` (the builds and every other record kept: a paper
  first synced with this build folder): the probe run with the builds its source names;
- ``cold``: once, ``figures sync`` with no build at all (each figure built for its box);
- ``seeds + latexmk``: once, the comparator an author would recognise for cold: the paper's
  own seed scripts (../shared/seeds, each that draws a figure the paper includes, run by
  ../shared/tools/run_seed.sh on one generated results tree, as ``nox -s compare`` does;
  each draws every figure of its script at its own size, not the paper's box) plus the
  median plain ``latexmk``.

Ratios are to the median ``latexmk``; a machine shared with other work moves every number,
so read the ratios and medians, not one run. Each step's CPU seconds too (its process and
every child it waited for: TeX, the drawing workers), which the machine's load moves less:
the last column of each step, as a ratio to latexmk's. Python writes its bytecode cache here (an author's
installation has it): ``PYTHONDONTWRITEBYTECODE`` is dropped for the timed commands.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SEEDS = REPO.parent / "shared" / "seeds"
PAPERS = REPO / "tests" / "papers"
SAMPLES = ("jmlrlike", "article1in", "llncs", "ieeejournal", "sigplan", "boxes")
#: The CPU seconds of each command run, in order.
CPU: list[float] = []
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def run(command: list[str], cwd: Path) -> float:
    """Seconds ``command`` took (its CPU seconds added to :data:`CPU`); it must succeed."""
    start, cpu = time.perf_counter(), _cpu()
    done = subprocess.run(command, cwd=cwd, env=ENV, capture_output=True, text=True,
                          check=False, timeout=900)
    took = time.perf_counter() - start
    CPU.append(_cpu() - cpu)
    if done.returncode:
        raise SystemExit(f"{' '.join(command)} in {cwd}: exit {done.returncode}\n"
                         f"{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return took


def copy_paper(name: str, to: Path) -> Path:
    shutil.copytree(PAPERS / name, to)
    if name == "sigplan":  # the author ships acmart.cls beside main.tex
        found = subprocess.run(["kpsewhich", "acmart.cls"], capture_output=True, text=True,
                               check=True).stdout.strip()
        shutil.copy(found, to)
    return to


def forget_placement(work: Path, main: Path) -> None:
    """The placement recorded for ``main`` dropped from the record in ``work/build``."""
    from figures.paper.memo import MEMO, placed_key

    record = work / "build" / MEMO
    kept = json.loads(record.read_text())
    dropped = [kept.pop(key, None) for key in placed_key(main, None, True)]
    if None in dropped:
        raise SystemExit(f"no placement recorded for {main} in {record}")
    record.write_text(json.dumps(kept))


def seed_scripts(paper: Path, results_root: Path, work: Path) -> float | None:
    """Seconds the seed scripts that draw the figures ``paper`` includes take, in sequence
    (their CPU seconds added to :data:`CPU` as one); None without ../shared/seeds."""
    from figures.registry import FIGURES

    run_seed = SEEDS.parent / "tools" / "run_seed.sh"
    scripts = sorted({spec.seed_script for spec in FIGURES if spec.seed_script
                      and any(paper.rglob(f"{spec.name}.*"))})
    if not run_seed.is_file() or not scripts:
        return None
    took = cpu = 0.0
    for script in scripts:
        root = work / f"seed-{script}"
        shutil.copytree(results_root, root / "results")
        took += run(["bash", str(run_seed), str(SEEDS / script), str(root), sys.executable],
                    work)
        cpu += CPU.pop()
    CPU.append(cpu)
    return took


def measure(name: str, runs: int, root: Path, results: Path) -> dict[str, float]:
    work = root / name
    work.mkdir()
    figures = [sys.executable, "-m", "figures"]
    common = ["--allow-synthetic", "--figdata", str(REPO / "figdata")]
    paper = copy_paper(name, work / "paper")
    cold = run([*figures, "sync", str(paper), *common], work)  # no build/ yet
    cpu: dict[str, list[float]] = {"cold": [CPU[-1]], "latexmk": [], "sync": [],
                                   "sync, copying": [], "sync, first": []}
    run([*figures, "paper", str(paper), *common], work)
    times: dict[str, list[float]] = {"latexmk": [], "sync": [], "sync, copying": [],
                                     "sync, first": []}
    for number in range(runs):
        run(["latexmk", "-C"], paper)
        times["latexmk"].append(run(["latexmk", "-pdf", "-interaction=nonstopmode",
                                     "main.tex"], paper))
        cpu["latexmk"].append(CPU[-1])
        times["sync"].append(run([*figures, "sync", str(paper), *common], work))
        cpu["sync"].append(CPU[-1])
        fresh = copy_paper(name, work / f"fresh{number}")
        times["sync, copying"].append(run([*figures, "sync", str(fresh), *common], work))
        cpu["sync, copying"].append(CPU[-1])
        first = copy_paper(name, work / f"first{number}")
        forget_placement(work, first / "main.tex")
        times["sync, first"].append(run([*figures, "sync", str(first), *common], work))
        cpu["sync, first"].append(CPU[-1])
    seeds = seed_scripts(paper, results, work)
    medians = {step: statistics.median(values) for step, values in times.items()}
    medians["cold"] = cold
    if seeds is not None:
        medians["seeds + latexmk"] = seeds + medians["latexmk"]
        cpu["seeds + latexmk"] = [CPU[-1] + statistics.median(cpu["latexmk"])]
    medians.update({f"{step} cpu": statistics.median(values) for step, values in cpu.items()})
    return medians


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("papers", nargs="*", default=list(SAMPLES),
                        help=f"sample papers (tests/papers/NAME): default {', '.join(SAMPLES)}")
    args = parser.parse_args()
    from figures.extract.synthetic import generate

    steps = ("latexmk", "sync", "sync, copying", "sync, first", "cold", "seeds + latexmk")
    print(f"{'paper':12s} " + " ".join(f"{step + ' s':>16s} {'x':>5s} {'cpu x':>5s}"
                                       for step in steps))
    with tempfile.TemporaryDirectory(prefix="fa-sync-cost-") as tmp:
        results = generate(Path(tmp) / "results")
        for name in args.papers:
            found = measure(name, args.runs, Path(tmp), results)
            plain, cpu = found["latexmk"], found["latexmk cpu"]
            print(f"{name:12s} " + " ".join(
                f"{found[step]:16.2f} {found[step] / plain:5.2f} "
                f"{found[step + ' cpu'] / cpu:5.2f}" if step in found else f"{'-':>28s}"
                for step in steps), flush=True)
    print(f"(medians of {args.runs}; cold and the seeds: one run; x: wall seconds over the "
          "median plain latexmk's; cpu x: CPU seconds over its)")


if __name__ == "__main__":
    main()
