"""Rasterising a PDF with poppler's pdftoppm (the camera-ready build itself is the build kind
:data:`figures.outputs.kind.CAMERA_READY`; docs/modules.md)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import numpy as np

from figures.errors import ToolMissing


def rasterise(pdf: Path, dpi: int, out_png: Path) -> np.ndarray:
    if shutil.which("pdftoppm") is None:
        raise ToolMissing(str(pdf), None, "pdftoppm not found: install poppler-utils")
    from PIL import Image

    stem = out_png.with_suffix("")
    subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-singlefile", str(pdf), str(stem)],
                   check=True, capture_output=True)
    with Image.open(out_png) as image:
        return np.asarray(image.convert("RGB"), dtype=np.int16)
