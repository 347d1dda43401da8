"""Camera-ready files (the build kind :data:`figures.outputs.kind.CAMERA_READY`): every output
with PDF fonts embedded as TrueType, in its own folder (docs/modules.md); and the comparison
of two PDFs' pixels."""

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
