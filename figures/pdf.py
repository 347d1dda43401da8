"""Reading a PDF with pypdf, quietly: what pypdf logs or warns about a damaged file (``EOF
marker not found``) is collected for the one line that reports the file, never printed as a
bare line of its own. Every reading of a PDF goes through :func:`pypdf_said`."""

from __future__ import annotations

import logging
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from figures.errors import FigureDataError

#: What to do about a damaged built file (said once, at the end of its line).
REBUILD = "; rebuild it with `figures build --force`"


@contextmanager
def pypdf_said() -> Iterator[list[str]]:
    """What pypdf logs and warns meanwhile, collected instead of printed."""
    messages: list[str] = []
    handler = _Collect(messages)
    logger = logging.getLogger("pypdf")
    propagate, logger.propagate = logger.propagate, False
    logger.addHandler(handler)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                yield messages
            finally:
                messages.extend(str(warning.message) for warning in caught)
    finally:
        logger.removeHandler(handler)
        logger.propagate = propagate


class _Collect(logging.Handler):
    def __init__(self, messages: list[str]) -> None:
        super().__init__()
        self.messages = messages

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


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
