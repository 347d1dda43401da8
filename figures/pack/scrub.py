"""Anonymous packs: the packed figures' metadata removed (PDF document information and XMP,
PNG text chunks), and what the compiled PDF still discloses."""

from __future__ import annotations

import contextlib
import getpass
import io
import struct
import zlib
from pathlib import Path

from figures.errors import FigureDataError

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: PNG chunks that carry text or time, not pixels: left out of anonymous copies.
PNG_METADATA_CHUNKS = (b"tEXt", b"zTXt", b"iTXt", b"tIME", b"eXIf")


def png_chunks(data: bytes, name: str) -> list[tuple[bytes, bytes]]:
    """The chunks of a PNG, ``(type, whole chunk bytes)``, each one's CRC checked."""
    if not data.startswith(_PNG_SIGNATURE):
        raise FigureDataError(name, None, "not a PNG (no PNG signature)")
    chunks, at = [], len(_PNG_SIGNATURE)
    while at + 8 <= len(data):
        (length,), kind = struct.unpack(">I", data[at:at + 4]), data[at + 4:at + 8]
        end = at + 12 + length
        if end > len(data) or zlib.crc32(data[at + 4:end - 4]) != struct.unpack(
                ">I", data[end - 4:end])[0]:
            raise FigureDataError(name, None, f"damaged PNG (chunk {kind!r} at byte {at})")
        chunks.append((kind, data[at:end]))
        at = end
        if kind == b"IEND":
            break
    return chunks


def without_metadata(data: bytes, name: str) -> bytes:
    """A figure's bytes with no metadata: a PDF without document information or XMP (pypdf),
    a PNG without text chunks (pixels untouched); other files as they are."""
    if data.startswith(_PNG_SIGNATURE):
        kept = [chunk for kind, chunk in png_chunks(data, name) if kind not in
                PNG_METADATA_CHUNKS]
        return _PNG_SIGNATURE + b"".join(kept)
    if data.startswith(b"%PDF"):
        from pypdf import PdfWriter

        from figures.pdf import open_pdf

        writer = PdfWriter(clone_from=open_pdf(data))
        writer.metadata = None
        writer._root_object.pop("/Metadata", None)  # XMP
        for page in writer.pages:
            page.pop("/Metadata", None)
        out = io.BytesIO()
        writer.write(out)
        return out.getvalue()
    return data


def disclosed(pdf: bytes, paper: Path) -> list[str]:
    """What a compiled PDF tells of its figures' provenance and of who made it: for each
    included PDF, pdfTeX's ``/PTEX.FileName`` (an absolute path, the user's name) and
    ``/PTEX.InfoDict`` (the figure's document information), and the document's own."""
    from pypdf.generic import NameObject

    from figures.outputs.provenance import SUITE
    from figures.pdf import open_pdf, resources

    reader = open_pdf(pdf)
    words = _identifying(paper)
    found: list[str] = []

    def look(where: str, value: object) -> None:
        if isinstance(value, NameObject):
            return  # a PDF name (/Trapped /False), not text
        text = str(value)
        if SUITE in text or "figdata-sha256=" in text:
            found.append(f"{where}: our figure provenance ({text[:60]})")
        elif text.startswith("/") or text[1:3] == ":\\":
            found.append(f"{where}: an absolute path ({text})")
        elif any(word in text for word in words):
            found.append(f"{where}: the user's name or folder ({text})")

    for key, value in (reader.metadata or {}).items():
        if key == "/Author" and str(value).strip():  # hyperref's pdfauthor={...}
            found.append(f"document information /Author: an author's name ({value}); "
                         "leave pdfauthor empty for review")
        look(f"document information {key}", value)
    for _, _, drawn in resources(reader):
        for ref in (drawn.get("/XObject") or {}).values():
            xobject = ref.get_object()
            if "/PTEX.FileName" in xobject:
                look("/PTEX.FileName", xobject["/PTEX.FileName"])
            info = xobject.get("/PTEX.InfoDict")
            for key, value in (info.get_object() if info is not None else {}).items():
                look(f"/PTEX.InfoDict {key}", value)
    return list(dict.fromkeys(found))


def _identifying(paper: Path) -> list[str]:
    """The user's name and home folder, and the paper's absolute folder (names shorter than
    three letters would match anything)."""
    words = [str(Path.home()), str(paper.resolve())]
    with contextlib.suppress(KeyError, OSError):
        words.append(getpass.getuser())
    return [w for w in words if len(w) >= 3 and w != "/"]
