"""Regenerate the golden images after an intended picture change.

usage: python tools/update_baselines.py [--new-environment] [PYTEST ARGS...]

Renders every fixture with pytest-mpl into a scratch folder and copies into baseline/ only
the images whose pixels changed or that are missing, and the vector goldens beside them
(``<stem>.vector.txt.gz``, tests/golden/vector.py) whose content changed or that are
missing, printing each one written and a count (pytest runs quietly: while generating, it
calls every image test "skipped"). Refuses to
run off Linux, and in an environment (matplotlib, FreeType, OS, CPU) other than the one recorded in
baseline/ENVIRONMENT.json unless ``--new-environment`` accepts and records the current one.
"""

from __future__ import annotations

import gzip
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
from matplotlib.image import imread

from figures.outputs.environment import ENVIRONMENT_FILE, current, mismatch

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / "baseline"
#: What each golden image is made of: its pixels, and its vector content beside it.
GOLDEN = ("*.png", "*.vector.txt.gz")


def _same(old: Path, new: Path) -> bool:
    if old.suffix == ".png":
        a, b = imread(old), imread(new)
        return a.shape == b.shape and np.array_equal(a, b)
    return gzip.decompress(old.read_bytes()) == gzip.decompress(new.read_bytes())


def copy_changed(generated: Path, baseline: Path) -> list[str]:
    written = []
    for made in sorted((p for pattern in GOLDEN for p in generated.glob(pattern)),
                       key=lambda p: p.name):  # each image, then its vector content
        target = baseline / made.name
        if target.is_file() and _same(target, made):
            continue
        shutil.copyfile(made, target)
        written.append(made.name)
    return written


def recorded(record: Path, new_environment: bool) -> dict[str, object]:
    """This environment, as baseline/ENVIRONMENT.json records it: the machines measured equal
    are kept, unless a new environment is recorded (then only this one is measured)."""
    now: dict[str, object] = current()
    if record.is_file() and not new_environment:
        machines = json.loads(record.read_text(encoding="utf-8")).get("machine")
        now["machine"] = machines if isinstance(machines, list) else now["machine"]
    return now


def main(argv: list[str]) -> int:
    if platform.system() != "Linux":
        print("update_baselines: baselines are made on Linux only", file=sys.stderr)
        return 2
    if os.environ.get("FIGURES_GOLDEN_VECTOR_ONLY"):  # tests/conftest.py's VECTOR_ONLY
        print("update_baselines: FIGURES_GOLDEN_VECTOR_ONLY is set (left from `nox -s mutants "
              "-- --judge vector`?): with it no image is drawn; unset it and run again",
              file=sys.stderr)
        return 2
    new_environment = "--new-environment" in argv
    pytest_args = [a for a in argv if a != "--new-environment"]
    record = ROOT / ENVIRONMENT_FILE
    if record.is_file() and not new_environment:
        problem = mismatch(json.loads(record.read_text(encoding="utf-8")))
        if problem:
            print(f"update_baselines: the baselines were made with {problem}; "
                  "rerun with --new-environment to accept this one", file=sys.stderr)
            return 2
    with tempfile.TemporaryDirectory() as tmp:
        # pytest reports every generated image as "skipped" (pytest-mpl's way of saying it
        # compared nothing): its output is kept for a failure only, this script says the rest
        proc = subprocess.run(
            [sys.executable, "-m", "pytest", str(ROOT / "tests" / "golden" / "test_images.py"),
             str(ROOT / "tests" / "golden" / "test_venue_images.py"),
             f"--mpl-generate-path={tmp}",
             "-q", "-p", "no:cacheprovider",
             # pytest-mpl warns that the ini's baseline path is unused while generating
             "-W", "ignore:Ignoring --mpl-baseline-path:UserWarning", *pytest_args],
            cwd=ROOT, capture_output=True, text=True, check=False)
        generated = sorted(p for pattern in GOLDEN for p in Path(tmp).glob(pattern))
        if proc.returncode != 0 or not generated:
            sys.stdout.write(proc.stdout[-5000:])
            sys.stderr.write(proc.stderr[-2000:])
            why = f"pytest exited {proc.returncode}" if proc.returncode else "no image rendered"
            print(f"update_baselines: {why}; nothing written", file=sys.stderr)
            return 1
        # the venue layouts' images go to baseline/venues/ (test_venue_images.py)
        venues = Path(tmp) / "venues"
        venues.mkdir()
        for made in generated:
            if made.name.startswith("venue-"):
                made.rename(venues / made.name)
        generated = [p for folder in (Path(tmp), venues) for pattern in GOLDEN
                     for p in sorted(folder.glob(pattern))]
        (BASELINE / "venues").mkdir(parents=True, exist_ok=True)
        new = {p.relative_to(tmp).as_posix() for p in generated
               if not (BASELINE / p.relative_to(tmp)).exists()}
        written = copy_changed(Path(tmp), BASELINE) + [
            f"venues/{name}" for name in copy_changed(venues, BASELINE / "venues")]
        stale = sorted(f"{prefix}{p.name}" for folder, made, prefix in (
            (BASELINE, Path(tmp), ""), (BASELINE / "venues", venues, "venues/"))
            for pattern in GOLDEN for p in folder.glob(pattern) if not (made / p.name).exists())
    for name in written:
        what = "pixels" if name.endswith(".png") else "vector content"
        print(f"wrote baseline/{name} ({'new' if name in new else what + ' changed'})")
    print(f"rendered {len(generated)} golden file(s) (images and their vector content): "
          f"{len(written)} written, {len(generated) - len(written)} unchanged")
    if stale and not pytest_args:
        print(f"baseline files with no fixture (remove them): {', '.join(stale)}")
    record.write_text(json.dumps(recorded(record, new_environment), indent=2, sort_keys=True)
                      + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
