"""Regenerate the golden images after an intended picture change.

usage: python tools/update_baselines.py [--new-environment] [PYTEST ARGS...]

Renders every fixture with pytest-mpl into a scratch folder and copies into baseline/ only
the images whose pixels changed or that are missing, printing each one written and a count
(pytest runs quietly: while generating, it calls every image test "skipped"). Refuses to
run off Linux, and in an environment (matplotlib, FreeType, OS, CPU) other than the one recorded in
baseline/ENVIRONMENT.json unless ``--new-environment`` accepts and records the current one.
"""

from __future__ import annotations

import json
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


def copy_changed(generated: Path, baseline: Path) -> list[str]:
    written = []
    for image in sorted(generated.glob("*.png")):
        target = baseline / image.name
        if target.is_file():
            old, new = imread(target), imread(image)
            if old.shape == new.shape and np.array_equal(old, new):
                continue
        shutil.copyfile(image, target)
        written.append(image.name)
    return written


def main(argv: list[str]) -> int:
    if platform.system() != "Linux":
        print("update_baselines: baselines are made on Linux only", file=sys.stderr)
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
        generated = sorted(Path(tmp).glob("*.png"))
        if proc.returncode != 0 or not generated:
            sys.stdout.write(proc.stdout[-5000:])
            sys.stderr.write(proc.stderr[-2000:])
            why = f"pytest exited {proc.returncode}" if proc.returncode else "no image rendered"
            print(f"update_baselines: {why}; nothing written", file=sys.stderr)
            return 1
        # the venue layouts' images go to baseline/venues/ (test_venue_images.py)
        venues = Path(tmp) / "venues"
        venues.mkdir()
        for image in generated:
            if image.name.startswith("venue-"):
                image.rename(venues / image.name)
        generated = sorted(Path(tmp).glob("*.png")) + sorted(venues.glob("*.png"))
        (BASELINE / "venues").mkdir(parents=True, exist_ok=True)
        new = {p.relative_to(tmp).as_posix() for p in generated
               if not (BASELINE / p.relative_to(tmp)).exists()}
        written = copy_changed(Path(tmp), BASELINE) + [
            f"venues/{name}" for name in copy_changed(venues, BASELINE / "venues")]
        stale = sorted(p.name for p in BASELINE.glob("*.png") if not (Path(tmp) / p.name).exists())
        stale += sorted(f"venues/{p.name}" for p in (BASELINE / "venues").glob("*.png")
                        if not (venues / p.name).exists())
    for name in written:
        print(f"wrote baseline/{name} ({'new' if name in new else 'pixels changed'})")
    print(f"rendered {len(generated)} fixture(s): {len(written)} baseline image(s) written, "
          f"{len(generated) - len(written)} unchanged")
    if stale and not pytest_args:
        print(f"baseline images with no fixture (remove them): {', '.join(stale)}")
    record.write_text(json.dumps(current(), indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
