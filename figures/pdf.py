"""Every reading of a PDF, with pypdf: the one ``PdfReader`` (:func:`open_pdf`), the one walk
over what pages draw (:func:`resources`: cycles and deep nesting end there) and over fonts;
what pypdf says of a damaged file goes into that file's one line (:func:`pypdf_said`)."""

from __future__ import annotations

import io
import logging
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from figures.errors import DataError

#: What to do about a damaged built file (said once, at the end of its line).
REBUILD = "; rebuild it with `figures build --force`"
#: Form XObjects nested deeper than this are not followed (pdfTeX nests a figure in a page:
#: two; a hostile file nests thousands, or loops).
MAX_DEPTH = 32


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


def open_pdf(source: Path | str | bytes) -> Any:
    """A pypdf reader of ``source``, a file or the bytes of one: the one ``PdfReader``."""
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    head = b"%PDF-"  # a stream (BytesIO) is read as it is
    if isinstance(source, bytes):
        head = source[:1024]
    elif isinstance(source, (str, Path)):
        with Path(source).open("rb") as handle:
            head = handle.read(1024)
    if b"%PDF-" not in head:  # pypdf would look for %%EOF through all of it (2 GB: minutes)
        raise PdfReadError("not a PDF: no %PDF- header in its first 1024 bytes")
    return PdfReader(io.BytesIO(source) if isinstance(source, bytes) else source)


#: Round 34 (P5): the one wording of a page pypdf will not read within its limits (its
#: content stream over 2 M tokens, say), each reading ending it with what went unchecked.
UNREAD = "draws more in one content stream than pypdf reads within its limits"


def page_texts(source: Path | str | bytes, unread: list[int] | None = None) -> list[str]:
    """Each page's text, quietly; a page pypdf will not read (within its limits, or at all:
    round 34, P5) gives "" (unknown), its number added to ``unread``."""
    return texts_of(open_pdf(source), unread)


def unreadable() -> tuple[type[Exception], ...]:
    """What pypdf raises on a stream it will not read or decode here: past its limits, a
    filter it lacks or needs a program for (JBIG2: jbig2dec), damaged data (round 34, P6);
    every reader of a page's or a form's content catches these, the same."""
    import zlib

    from pypdf.errors import DependencyError, PyPdfError

    return (PyPdfError, DependencyError, NotImplementedError, ValueError, KeyError,
            TypeError, zlib.error)


def texts_of(reader: Any, unread: list[int] | None = None, *, laid: bool = False) -> list[str]:
    """:func:`page_texts` of an open ``reader`` (the anonymity check reads an included
    figure's pages through the paper's reader: round 34, P5's hole there too). ``laid``:
    as pypdf lays the page out, each line of print its own (a margin note's author line,
    which the plain reading may run into the note's text: round 50b, K3), slower."""
    texts = []
    with pypdf_said():  # what pypdf says of a form it will not read (round 33, P9): not raw
        for number, page in enumerate(reader.pages, 1):
            try:
                texts.append(page.extract_text(extraction_mode="layout") if laid
                             else page.extract_text())
            except unreadable():
                texts.append("")
                if unread is not None:
                    unread.append(number)
    return texts


@contextmanager
def read_pdf(source: Path | str | bytes, shown: str, advice: str = "") -> Iterator[Any]:
    """``source``'s reader for the block, quietly; an encrypted or unreadable file is one
    :class:`DataError` naming ``shown``, with what pypdf said and ``advice``."""
    from pypdf.errors import PyPdfError

    with pypdf_said() as logged:
        try:
            reader = open_pdf(source)
            if reader.is_encrypted and not reader.decrypt(""):
                raise DataError(shown, None, f"is encrypted with a password{advice}")
            yield reader
        except (OSError, PyPdfError, ValueError, KeyError) as exc:
            said = f" ({'; '.join(dict.fromkeys(logged))})" if logged else ""
            raise DataError(shown, None, f"cannot read PDF{said}: {exc}{advice}") from None


def resources(reader: Any) -> Iterator[tuple[int, tuple[Any, ...], Any]]:
    """``(page number, enclosing forms, resources)`` for each page and each form XObject it
    draws, once per page (a cycle or a nesting deeper than :data:`MAX_DEPTH` ends there)."""
    for number, page in enumerate(reader.pages, 1):
        seen: set[int] = set()
        todo = [((), page.get("/Resources"))]
        while todo:
            forms, found = todo.pop()
            found = found.get_object() if found is not None else None
            if not found or id(found) in seen or len(forms) > MAX_DEPTH:
                continue
            seen.add(id(found))
            yield number, forms, found
            for ref in reversed(list((found.get("/XObject") or {}).values())):
                xobject = ref.get_object()
                if xobject.get("/Subtype") == "/Form":
                    todo.append(((*forms, xobject), xobject.get("/Resources")))


def fonts(reader: Any) -> Iterator[tuple[int, tuple[Any, ...], str, Any]]:
    """``(page number, forms, name, font)`` for every font the pages and their forms use."""
    for number, forms, found in resources(reader):
        for name, ref in (found.get("/Font") or {}).items():
            yield number, forms, name, ref.get_object()


@dataclass(frozen=True)
class PdfFont:
    name: str
    subtype: str  # Type1, Type1C, TrueType, Type0, Type3, ...
    embedded: bool


def pdf_fonts(path: Path) -> list[PdfFont]:
    """Every font a PDF's pages (and their form XObjects) use."""
    with read_pdf(path, str(path), REBUILD) as reader:
        found = {id(font): font for _, _, _, font in fonts(reader)}
        return [PdfFont(str(font.get("/BaseFont", font.get("/Name", "?"))).lstrip("/"),
                        *embedded(font)) for font in found.values()]


def embedded(font: Any) -> tuple[str, bool]:
    """A font's subtype (``Type0/CIDFontType2`` for a composite one) and whether it is embedded."""
    subtype = str(font.get("/Subtype", "/?")).lstrip("/")
    if subtype == "Type3":
        return subtype, True  # glyph procedures live in the file
    holder = font
    if subtype == "Type0":
        holder = font["/DescendantFonts"][0].get_object()
        subtype = f"Type0/{str(holder.get('/Subtype', '')).lstrip('/')}"
    descriptor = holder.get("/FontDescriptor")
    descriptor = descriptor.get_object() if descriptor is not None else {}
    if subtype == "Type1" and "/FontFile3" in descriptor:
        subtype = "Type1C"
    return subtype, any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))
