"""Reading built files for the preflight: the pixel size of a PNG, and whether a file
decodes (a PDF's fonts are read by :mod:`figures.pdf`)."""

from __future__ import annotations

from pathlib import Path

from figures.errors import FigureDataError
from figures.outputs.pixels import open_image
from figures.pdf import REBUILD, pdf_fonts


def png_size(path: Path) -> tuple[int, int]:
    from PIL import Image, UnidentifiedImageError

    try:
        with open_image(path) as image:  # only the header is read: a huge one is measured
            return image.size
    except (OSError, UnidentifiedImageError, Image.DecompressionBombError) as exc:
        raise FigureDataError(str(path), None, f"cannot read PNG: {str(exc).rstrip('.')}"
                              f"{REBUILD}") from None


def decodes(path: Path) -> str | None:
    """Why ``path`` is damaged (a PNG decoded in full, every page of a PDF parsed), None when
    it decodes: a header alone proves nothing (a PNG cut short keeps its size)."""
    from PIL import Image, UnidentifiedImageError

    try:
        if path.suffix == ".png":
            with open_image(path) as image:
                image.load()
            return None
        pdf_fonts(path)  # reads every page's resources; a damaged file is one error
    except FigureDataError as exc:
        return exc.message.removesuffix(REBUILD)  # the caller says what to do
    except (OSError, UnidentifiedImageError, Image.DecompressionBombError, ValueError) as exc:
        return f"cannot be decoded: {str(exc).rstrip('.')}"
    return None
