"""Rasterising a PDF with poppler's pdftoppm (the camera-ready build itself is the build kind
:data:`figures.outputs.kind.CAMERA_READY`; docs/modules.md)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from figures import runner
from figures.errors import FigureDataError


def rasterise(pdf: Path, dpi: int, out_png: Path) -> np.ndarray:
    from PIL import Image

    ran = runner.run(["pdftoppm", "-png", "-r", str(dpi), "-singlefile", str(pdf),
                      str(out_png.with_suffix(""))], file=str(pdf))
    if ran.returncode != 0:
        raise FigureDataError(str(pdf), None, f"pdftoppm could not rasterise it: "
                              f"{runner.first_error(None, ran.stdout)}")
    with Image.open(out_png) as image:
        return np.asarray(image.convert("RGB"), dtype=np.int16)
