"""Reading built files for the preflight: the fonts of a PDF (pypdf) and the pixel size of a
PNG."""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from figures.errors import FigureDataError
from figures.pdf import pypdf_said

#: What to do about a damaged built file (said once, at the end of its line).
REBUILD = "; rebuild it with `figures build --force`"


@dataclass(frozen=True)
class PdfFont:
    name: str
    subtype: str  # Type1, Type1C, TrueType, Type0, Type3, ...
    embedded: bool


def pdf_fonts(path: Path) -> list[PdfFont]:
    """Every font a PDF's pages (and their form XObjects) use, read with pypdf. A damaged file
    is one error naming it, with what pypdf logged (not bare log lines on stderr)."""
    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    with pypdf_said() as logged:
        try:
            return _fonts(PdfReader(path))
        except (OSError, PyPdfError, ValueError, KeyError) as exc:
            said = f" ({'; '.join(dict.fromkeys(logged))})" if logged else ""
            raise FigureDataError(str(path), None, f"cannot read PDF{said}: {exc}{REBUILD}") \
                from None


def _fonts(reader: Any) -> list[PdfFont]:
    fonts: dict[int, PdfFont] = {}
    seen: set[int] = set()

    def visit(resources: Any) -> None:
        resources = resources.get_object() if resources is not None else None
        if not resources or id(resources) in seen:
            return
        seen.add(id(resources))
        for ref in (resources.get("/Font") or {}).values():
            font = ref.get_object()
            fonts.setdefault(id(font), _pdf_font(font))
        for ref in (resources.get("/XObject") or {}).values():
            xobject = ref.get_object()
            if xobject.get("/Subtype") == "/Form":
                visit(xobject.get("/Resources"))

    for page in reader.pages:
        visit(page.get("/Resources"))
    return list(fonts.values())


def _pdf_font(font: Any) -> PdfFont:
    subtype = str(font.get("/Subtype", "/?")).lstrip("/")
    name = str(font.get("/BaseFont", font.get("/Name", "?"))).lstrip("/")
    if subtype == "Type3":
        return PdfFont(name, subtype, True)  # glyph procedures live in the file
    holder = font
    if subtype == "Type0":
        holder = font["/DescendantFonts"][0].get_object()
        subtype = f"Type0/{str(holder.get('/Subtype', '')).lstrip('/')}"
    descriptor = holder.get("/FontDescriptor")
    descriptor = descriptor.get_object() if descriptor is not None else {}
    embedded = any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))
    if subtype == "Type1" and "/FontFile3" in descriptor:
        subtype = "Type1C"
    return PdfFont(name, subtype, embedded)


def png_size(path: Path) -> tuple[int, int]:
    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            # only the header is read: a huge image is measured (and fails the ppi rule)
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                return image.size
    except (OSError, UnidentifiedImageError, Image.DecompressionBombError) as exc:
        detail = str(exc).rstrip(".")
        raise FigureDataError(str(path), None, f"cannot read PNG: {detail}; rebuild it with "
                              "`figures build --force`") from None


def decodes(path: Path) -> str | None:
    """Why ``path`` is damaged (a PNG decoded in full, every page of a PDF parsed), None when
    it decodes: a header alone proves nothing (a PNG cut short keeps its size)."""
    from PIL import Image, UnidentifiedImageError

    try:
        if path.suffix == ".png":
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", Image.DecompressionBombWarning)
                with Image.open(path) as image:
                    image.load()
            return None
        pdf_fonts(path)  # reads every page's resources; a damaged file is one error
    except FigureDataError as exc:
        return exc.message.removesuffix(REBUILD)  # the caller says what to do
    except (OSError, UnidentifiedImageError, Image.DecompressionBombError, ValueError) as exc:
        return f"cannot be decoded: {str(exc).rstrip('.')}"
    return None
