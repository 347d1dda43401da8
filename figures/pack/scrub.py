"""Anonymous packs: the packed figures' metadata removed (PDF document information and XMP,
PNG text chunks); :mod:`figures.paper.disclosure` reads what the compiled PDF discloses.

A JPEG's segments and a PNG's chunks are walked here, not saved again by Pillow: Pillow re-encodes (with
``quality="keep"`` a 80x64 photo changes 14,280 of its 15,360 channel values, and keeps the
comment); dropping the metadata segments keeps every byte of the pixels."""

from __future__ import annotations

import io

from figures.errors import FigureDataError
from figures.paper.disclosure import JPEG_METADATA, jpeg_segments

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_JPEG_SIGNATURE = b"\xff\xd8\xff"


#: The PNG chunks an anonymous pack keeps: the image (header, palette, data, end) and how it
#: shows (transparency, gamma, chromaticities, colour profile, significant bits, background,
#: resolution); never text (tEXt, zTXt, iTXt), time, EXIF or another program's own chunk.
PNG_KEPT = frozenset({b"IHDR", b"PLTE", b"IDAT", b"IEND", b"tRNS", b"gAMA", b"cHRM", b"sRGB",
                      b"iCCP", b"sBIT", b"bKGD", b"pHYs"})


def _png_without_text(data: bytes, name: str) -> bytes:
    """A PNG's chunks but those :data:`PNG_KEPT` does not name, walked, not saved again (Pillow
    made a 16-bit image 8-bit), to its end (IEND): every byte of the pixels kept."""
    import zlib

    kept, at = [data[:8]], 8
    while at < len(data):
        size = int.from_bytes(data[at:at + 4], "big")
        chunk = data[at:at + 12 + size]
        if len(chunk) != 12 + size or zlib.crc32(chunk[4:-4]) != int.from_bytes(chunk[-4:], "big"):
            raise FigureDataError(name, None, f"damaged PNG (its chunk at byte {at} is cut or "
                                  "its checksum wrong)")
        if chunk[4:8] in PNG_KEPT:
            kept.append(chunk)
        if chunk[4:8] == b"IEND":  # what follows is no picture (padding, or anything)
            break
        at += 12 + size
    return b"".join(kept)


def without_metadata(data: bytes, name: str) -> bytes:
    """A figure's bytes with no metadata, pixels and drawing untouched: a PDF without document
    information nor :data:`PDF_METADATA` anywhere, nor a JPEG's inside; a PNG without text
    chunks; a JPEG without EXIF, XMP and comments; an image to its format's end (what follows
    is no picture: a phone's video); others as they are."""
    if data.startswith(_PNG_SIGNATURE):
        return _png_without_text(data, name)
    if data.startswith(_JPEG_SIGNATURE):
        *head, (_, scan) = jpeg_segments(data, name)  # the last: from the scan on
        end = scan.find(b"\xff\xd9")  # EOI: no FF D9 in a scan (a thumbnail's is in APP)
        return b"".join(segment for marker, segment in head if marker not in JPEG_METADATA) \
            + (scan[:end + 2] if end >= 0 else scan)  # not a phone's video after the image
    if data.startswith(b"%PDF"):
        return _pdf_without_metadata(data, name)
    return data


#: What a PDF's dictionaries carry of who made it and where: XMP, Illustrator's and others'
#: private data, and pdfTeX's name and information of a file it included.
PDF_METADATA = ("/Metadata", "/PieceInfo", "/PTEX.FileName", "/PTEX.InfoDict")
#: What a page carries that pdfTeX never includes: annotations (a reviewer's note), actions,
#: a thumbnail, article beads.
PAGE_EXTRAS = ("/Annots", "/AA", "/Thumb", "/B")


def _pdf_without_metadata(data: bytes, name: str) -> bytes:
    """The PDF scrubbed in its reader (:data:`PDF_METADATA` removed from every dictionary,
    the JPEGs' own metadata too), then its pages alone (without :data:`PAGE_EXTRAS`) copied
    with what they reach, which is all pdfTeX includes: an object only a removed key pointed
    at (a /PieceInfo's private stream, an XMP packet), the catalogue's attachments, scripts,
    outline and forms are not written."""
    from pypdf import PdfWriter
    from pypdf.generic import StreamObject

    from figures.pdf import open_pdf, pypdf_said

    with pypdf_said():
        reader = open_pdf(data)
        found = _objects(reader.trailer["/Root"])
        for obj in found:  # first: a stream's decoded copy (get_data) takes its keys along
            for key in PDF_METADATA:
                obj.pop(key, None)
        for obj in found:  # (StreamObject.set_data: pypdf's encoded stream refuses raw bytes
            # of a filter it cannot encode, but a JPEG's are raw bytes already)
            if isinstance(obj, StreamObject) and obj.get("/Filter") == "/DCTDecode":
                StreamObject.set_data(obj, without_metadata(obj.get_data(), name))
        writer = PdfWriter()
        for page in reader.pages:  # the pages alone: not the attachments, scripts, outline
            for key in PAGE_EXTRAS:
                page.pop(key, None)
            writer.add_page(page)
    writer.metadata = None
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _objects(root: object) -> list:
    """Every dictionary and stream reachable from ``root`` (a PDF's catalogue), once each."""
    from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject

    found, seen, todo = [], set(), [root]
    while todo:
        obj = todo.pop()
        obj = obj.get_object() if isinstance(obj, IndirectObject) else obj
        if id(obj) in seen or not isinstance(obj, (DictionaryObject, ArrayObject)):
            continue
        seen.add(id(obj))
        if isinstance(obj, DictionaryObject):
            found.append(obj)
        todo.extend(obj.values() if isinstance(obj, DictionaryObject) else obj)
    return found


