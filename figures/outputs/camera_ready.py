"""Camera-ready files (the build kind :data:`figures.outputs.kind.CAMERA_READY`): every output
of each figure, with PDF fonts embedded as TrueType; and the comparison of two PDFs' pixels.

matplotlib writes Type 3 fonts by default (``pdf.fonttype: 3``), which IEEE's and ACM's PDF
checkers reject. The camera-ready build saves the same Figure with ``pdf.fonttype: 42``
(embedded TrueType subsets; matplotlib cannot write Type 1 from its TrueType fonts, and
every venue profile asks for "embedded, no Type 3", which 42 meets) into its own folder
(``build/camera-ready/`` by default), so the default build stays identical to the seeds.
PNG outputs are written too (``pdf.fonttype`` does not touch them), so the folder is the
complete set to submit and to check with ``figures check --out build/camera-ready``.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from figures.errors import ToolMissing

#: Resolution at which camera-ready and default PDFs are rasterised for the comparison.
COMPARE_DPI = 150


@dataclass(frozen=True)
class RasterDiff:
    """Two PDFs rasterised at the same dpi: 8-bit channel differences."""

    max_abs: int
    rms: float
    differing_percent: float
    same_size: bool


def rasterise(pdf: Path, dpi: int, out_png: Path) -> np.ndarray:
    if shutil.which("pdftoppm") is None:
        raise ToolMissing(str(pdf), None, "pdftoppm not found: install poppler-utils")
    from PIL import Image

    stem = out_png.with_suffix("")
    subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-singlefile", str(pdf), str(stem)],
                   check=True, capture_output=True)
    with Image.open(out_png) as image:
        return np.asarray(image.convert("RGB"), dtype=np.int16)


def compare_pdfs(first: Path, second: Path, dpi: int = COMPARE_DPI) -> RasterDiff:
    """Rasterise both PDFs with pdftoppm at ``dpi`` and compare them pixel for pixel."""
    with tempfile.TemporaryDirectory() as tmp:
        a = rasterise(first, dpi, Path(tmp) / "a.png")
        b = rasterise(second, dpi, Path(tmp) / "b.png")
    if a.shape != b.shape:
        return RasterDiff(255, float("inf"), 100.0, same_size=False)
    diff = np.abs(a - b)
    return RasterDiff(int(diff.max()), float(np.sqrt(np.mean(diff.astype(float) ** 2))),
                      float(100 * np.mean(diff.max(axis=2) > 0)), same_size=True)
