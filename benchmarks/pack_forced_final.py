"""What the pack's second compile, forced final, costs (docs/pack.md, the draft-frame
paragraph; hostile rounds 30-32): it runs only on a sign of draft (the log sized an image
and placed it nowhere, or a source says ``draft``).

usage: python benchmarks/pack_forced_final.py [--runs N]

Three one-page papers, each beside one PNG, are packed N times each (``figures pack`` in its
own process, as an author runs it; the median):

- ``no sign``: an image, no word of draft: one proof compile;
- ``sign``: the same with "draft" in its prose: the proof compile and the forced one;
- ``forms``: the sign, and the image placed through ``\\pdfxform``s nested 6 deep, each level
  placing the one below 8 times (8^6 uses: the forms are read once each, round 32 R1b).

Each median is shown with its ratio to ``no sign``; a machine shared with other work moves
every number, so read the ratios and medians, not one run."""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image

REPO = Path(__file__).resolve().parent.parent
FIGURES = [sys.executable, "-m", "figures"]


def _nested(levels: int, uses: int, inner: str) -> str:
    text = f"\\setbox0\\hbox{{{inner}}}\\pdfxform0 \\edef\\f{{\\the\\pdflastxform}}"
    placed = "\\rlap{\\pdfrefxform\\f}" * uses
    text += f"\\setbox0\\hbox{{{placed}}}\\pdfxform0 \\edef\\f{{\\the\\pdflastxform}}" * levels
    return text + "\\pdfrefxform\\f{}"


PAPERS = {
    "no sign": "Intro. \\includegraphics[width=3cm]{a.png} More.",
    "sign": "In this draft we show a plot. \\includegraphics[width=3cm]{a.png} More.",
    "forms": ("In this draft we show a plot. "
              + _nested(6, 8, "\\includegraphics[width=1mm]{a.png}") + " More."),
}


def _paper(folder: Path, body: str) -> None:
    folder.mkdir(parents=True)
    Image.new("RGB", (120, 80), (30, 160, 30)).save(folder / "a.png")
    (folder / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\n"
        f"{body}\n\\end{{document}}\n", encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    medians = {}
    with tempfile.TemporaryDirectory() as scratch:
        for name, body in PAPERS.items():
            folder = Path(scratch) / name.replace(" ", "_")
            _paper(folder, body)
            times = []
            for _ in range(runs):
                out = Path(scratch) / "out.tar.gz"
                started = time.perf_counter()
                done = subprocess.run([*FIGURES, "pack", str(folder), "--out", str(out),
                                       "--figdata", str(REPO / "figdata")],
                                      capture_output=True, text=True, check=False)
                times.append(time.perf_counter() - started)
                if done.returncode != 0:
                    print(f"{name}: pack failed: {done.stderr.strip()}", file=sys.stderr)
                    return 1
                out.unlink()
            shutil.rmtree(folder)
            medians[name] = statistics.median(times)
    for name, median in medians.items():
        print(f"{name:8}  median {median:6.2f} s  ({median / medians['no sign']:.2f}x no sign)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
