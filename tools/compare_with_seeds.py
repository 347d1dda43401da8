"""Render every figure with the seed scripts and with ``figures`` on the same results tree,
and compare them pixel for pixel (PDFs rasterised with poppler's ``pdftoppm``).

usage: python tools/compare_with_seeds.py [--seeds DIR] [--work DIR] [--results DIR] [NAME ...]

Without ``--results`` a synthetic 100-epoch tree is generated. Exit status 1 if any file
differs. Needs ``../shared/seeds`` (or ``--seeds``) and ``pdftoppm`` on PATH. Figures
without a seed script (``seed_script=None`` in the registry: new figures) are skipped, and
said so. The scratch folder is removed at the end unless ``--work`` names one to keep.

Our side is built with ``figures build --no-stamp``: the extracted tree is synthetic, so a
normal build would stamp "synthetic example data" on every log-derived figure, which the
seeds do not draw; the comparison is of the drawing, and the stamp is the build's, not
``render``'s.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
from matplotlib.image import imread

from figures import runner
from figures.errors import ToolMissing
from figures.registry import FIGURES

REPO = Path(__file__).resolve().parent.parent
#: Where each seed writes, relative to its REPO_ROOT.
SEED_OUT_DIRS = ("paper/figures", "results/figures", "report")
RASTER_DPI = 100


def rasterise(path: Path, work: Path) -> np.ndarray:
    if path.suffix == ".png":
        return imread(path)
    stem = work / f"{path.parent.name}-{path.stem}"
    ran = runner.run(["pdftoppm", "-png", "-r", str(RASTER_DPI), "-singlefile", str(path),
                      str(stem)])
    if ran.returncode != 0:
        raise SystemExit(f"compare_with_seeds: {path}: {ran.stdout.strip()}")
    return imread(f"{stem}.png")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*")
    parser.add_argument("--seeds", type=Path, default=REPO.parent / "shared" / "seeds")
    parser.add_argument("--work", type=Path, default=None, help="keep files here")
    parser.add_argument("--results", type=Path, default=None, help="a real results tree")
    args = parser.parse_args()
    try:
        runner.need("pdftoppm")
    except ToolMissing as exc:
        print(f"compare_with_seeds: {exc}", file=sys.stderr)
        return 2
    known = {s.name for s in FIGURES}
    unknown = [n for n in args.names if n not in known]
    if unknown:
        print(f"compare_with_seeds: unknown figure(s) {', '.join(unknown)}; known: "
              f"{', '.join(sorted(known))}", file=sys.stderr)
        return 2
    selected = [s for s in FIGURES if not args.names or s.name in args.names]
    for spec in selected:
        if not spec.seed_script:
            print(f"SKIPPED  {spec.name}: no seed script to compare with (seed_script=None)")
    specs = [s for s in selected if s.seed_script]
    if not specs:
        print("nothing to compare")
        return 0
    if not args.seeds.is_dir():
        print(f"compare_with_seeds: {args.seeds}: seed scripts folder not found; pass --seeds DIR",
              file=sys.stderr)
        return 2
    work = args.work or Path(tempfile.mkdtemp(prefix="compare-seeds-"))
    try:
        differing = compare(specs, args, work)
    finally:
        if args.work is None:
            shutil.rmtree(work, ignore_errors=True)
    kept = f"; files kept in {work}" if args.work else " (--work DIR keeps the files)"
    print(f"{differing} file(s) differ{kept}")
    return 1 if differing else 0


def compare(specs: list, args: argparse.Namespace, work: Path) -> int:
    """Render ``specs`` both ways in ``work``; the number of files that differ."""
    seed_root, ours = work / "seed_root", work / "ours"
    shutil.rmtree(seed_root, ignore_errors=True)
    shutil.rmtree(ours, ignore_errors=True)
    results = seed_root / "results"
    if args.results:
        shutil.copytree(args.results, results)
    else:
        from figures.extract.synthetic import generate

        generate(results)
    run_seed = args.seeds.parent / "tools" / "run_seed.sh"
    for script in sorted({s.seed_script for s in specs}):
        subprocess.run(["bash", str(run_seed), str(args.seeds / script), str(seed_root),
                        sys.executable], check=True, stdout=subprocess.DEVNULL)
    figdata = ours / "figdata"
    shutil.copytree(REPO / "figdata", figdata)
    cli = [sys.executable, "-m", "figures"]
    names = [s.name for s in specs]
    if any(s.extract for s in specs):
        subprocess.run([*cli, "extract", str(results), *[s.name for s in specs if s.extract],
                        "--figdata", str(figdata)], check=True, stdout=subprocess.DEVNULL)
    subprocess.run([*cli, "build", *names, "--no-stamp", "--figdata", str(figdata),
                    "--out", str(ours / "out")], check=True, stdout=subprocess.DEVNULL)
    raster = work / "raster"
    raster.mkdir(exist_ok=True)
    differing = 0
    for spec in specs:
        for name in spec.output_names():
            seed_file = next((seed_root / d / name for d in SEED_OUT_DIRS
                              if (seed_root / d / name).is_file()), None)
            if seed_file is None:
                print(f"MISSING  {name}: the seed wrote no such file")
                differing += 1
                continue
            a, b = rasterise(seed_file, raster), rasterise(ours / "out" / name, raster)
            if a.shape != b.shape:
                print(f"DIFFERS  {name}: size {a.shape[:2]} (seed) vs {b.shape[:2]} (ours)")
                differing += 1
            elif not np.array_equal(a, b):
                n = int(np.any(a != b, axis=-1).sum())
                print(f"DIFFERS  {name}: {n} of {a.shape[0] * a.shape[1]} pixels")
                differing += 1
            else:
                print(f"SAME     {name}: {a.shape[1]}x{a.shape[0]} px, pixel-identical")
    return differing


if __name__ == "__main__":
    sys.exit(main())
