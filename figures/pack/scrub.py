"""Anonymous packs: the packed figures' metadata removed (PDF document information and XMP,
PNG text chunks), and what the compiled PDF still discloses.

A JPEG's segments and a PNG's chunks are walked here, not saved again by Pillow: Pillow re-encodes (with
``quality="keep"`` a 80x64 photo changes 14,280 of its 15,360 channel values, and keeps the
comment); dropping the metadata segments keeps every byte of the pixels."""

from __future__ import annotations

import io
import re
import unicodedata
from pathlib import Path
from typing import Any

from figures.errors import FigureDataError
from figures.pack.anonymity import EMAIL, HOME, identifying, on_this_machine
from figures.texread import REACH, Braces

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_JPEG_SIGNATURE = b"\xff\xd8\xff"
#: JPEG segments that carry text, not pixels: EXIF and XMP (APP1), IPTC (APP13), other
#: applications' data and comments (COM). JFIF (APP0), ICC (APP2), Adobe (APP14) stay.
JPEG_METADATA = frozenset({0xE1, *range(0xE3, 0xEE), 0xEF, 0xFE})


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


def jpeg_segments(data: bytes, name: str) -> list[tuple[int, bytes]]:
    """A JPEG's segments up to its image data, ``(marker, bytes)``; the rest as one (0)."""
    segments, at = [(0xD8, data[:2])], 2
    while at + 4 <= len(data) and data[at] == 0xFF:
        marker = data[at + 1]
        if marker == 0xFF:  # a fill byte before a marker
            at += 1
            continue
        if marker == 0xDA:  # start of scan: the pixels, to the end
            break
        end = at + 2 + int.from_bytes(data[at + 2:at + 4], "big")
        segments.append((marker, data[at:end]))
        at = end
    if at >= len(data) or data[at] != 0xFF:
        raise FigureDataError(name, None, f"damaged JPEG (no segment at byte {at})")
    return [*segments, (0, data[at:])]


def disclosed(pdf: bytes, paper: Path, authors: list[str]) -> list[str]:
    """What a compiled PDF tells of its figures' provenance and of who made it: for each
    included PDF, pdfTeX's ``/PTEX.FileName`` (an absolute path, the user's name),
    ``/PTEX.InfoDict`` (the figure's document information), its XMP and ``/PieceInfo``; each
    JPEG's EXIF or comments; the document's own information and XMP (:func:`xmp_properties`)
    and its pages' annotations (:func:`annotation_texts`: a note's author): ``authors``' names
    there, a home folder's path, an e-mail address."""
    from pypdf.generic import NameObject

    from figures.outputs.provenance import SUITE
    from figures.pdf import open_pdf, resources

    reader = open_pdf(pdf)
    words = [pattern for _, pattern in (*identifying(authors), *on_this_machine(paper))]
    found: list[str] = []

    def look(where: str, value: object, then: str = "") -> None:
        if isinstance(value, NameObject):
            return  # a PDF name (/Trapped /False), not text
        text = str(value)
        data = text.encode("utf-8", "surrogateescape")
        if SUITE in text or "figdata-sha256=" in text:
            found.append(f"{where}: our figure provenance ({text[:60]}){then}")
        elif text.startswith("/") or text[1:3] == ":\\":
            found.append(f"{where}: an absolute path ({text}){then}")
        elif any(word.search(data) for word in (*words, HOME)):
            found.append(f"{where}: an author's or the user's name or folder ({text[:60]}){then}")
        elif match := EMAIL.search(data):
            found.append(f"{where}: an e-mail address ({match.group().decode()}){then}")

    for key, value in (reader.metadata or {}).items():
        if key == "/Author" and str(value).strip():  # hyperref's pdfauthor={...}
            found.append(f"document information /Author: an author's name ({value}); "
                         "leave pdfauthor empty for review")
        look(f"document information {key}", value)
    for key, value in xmp_properties(reader):
        if key == "dc:creator" and _names_in(value):  # hyperxmp's, from \author or pdfauthor
            found.append(f"XMP metadata dc:creator: an author's name ({value[:60]}){XMP_ADVICE}")
        else:
            look(f"XMP metadata {key}", value, XMP_ADVICE)
    for number, page in enumerate(reader.pages, 1):
        for key, value, noted in annotation_texts(page):
            where = f"an annotation's {key} (page {number})"
            advice = _NOTES_TEXT if key != "/T" else _NOTES_AUTHOR if noted else _FIELDS_NAME
            if key == "/T" and noted and _names_in(value):  # a note's author, as /Author
                found.append(f"{where}: an author's name ({value[:60]}){advice}")
            else:
                look(where, value, advice)
    for _, _, drawn in resources(reader):
        for ref in (drawn.get("/XObject") or {}).values():
            xobject = ref.get_object()
            name = str(xobject.get("/PTEX.FileName", "an included image"))
            look("/PTEX.FileName", name)
            info = xobject.get("/PTEX.InfoDict")
            for key, value in (info.get_object() if info is not None else {}).items():
                look(f"/PTEX.InfoDict {key}", value)
            found.extend(f"{name}: {what} (figure metadata)" for key, what in (
                ("/Metadata", "XMP"), ("/PieceInfo", "/PieceInfo")) if key in xobject)
            if xobject.get("/Filter") == "/DCTDecode" and any(
                    m in JPEG_METADATA for m, _ in jpeg_segments(xobject.get_data(), name)):
                found.append(f"{name}: a JPEG's EXIF, XMP or comment (figure metadata)")
    return list(dict.fromkeys(found))


#: What to do of what the paper's own XMP discloses: the packages that write one.
XMP_ADVICE = ("; the paper's XMP (hyperxmp?, pdfx's .xmpdata, \\DocumentMetadata) holds it: "
              "drop the package or that field for the anonymous version")
#: The fields of a page's annotation a reader shows or keeps: its author (/T; a form field's
#: name), its text, rich text (XHTML), subject and tooltip (/TU, pdfcomment's \pdftooltip), its name.
ANNOTATION_TEXTS = ("/T", "/Contents", "/RC", "/Subj", "/TU", "/NM")
#: The annotations that are no note (their /T is no author): links (hyperref's: an action,
#: no text), form fields (/T their name), a note's pop-up (its parent is the note).
_NO_NOTE = ("/Link", "/Widget", "/Popup")
#: What to do of what a page's annotation discloses: a note's author, a form field's name,
#: any other text.
_NOTES_AUTHOR = ("; a note's author field (pdfcomment's or attachfile's author=?): leave it "
                 "out of the anonymous version")
_FIELDS_NAME = "; a form field's name (hyperref's name=?): rename it for the anonymous version"
_NOTES_TEXT = ("; a note's, tooltip's or attachment's text (pdfcomment?): leave it out of the "
               "anonymous version")


def annotation_texts(page: Any) -> list[tuple[str, str, bool]]:
    """The texts of ``page``'s annotations (:data:`ANNOTATION_TEXTS`, a pop-up's parent's
    and a reply's note's too, each once), each with its key and whether its annotation is a
    note (not :data:`_NO_NOTE`): ``("/T", "Janet Smithson", True)``; rich text without its
    tags."""
    from pypdf.generic import ArrayObject, DictionaryObject, NameObject

    found, seen = [], set()
    listed = page.get("/Annots")  # an array (pdfTeX's), or a reference to one
    listed = listed.get_object() if listed is not None else None
    todo = [ref.get_object() for ref in (listed if isinstance(listed, ArrayObject) else [listed])
            if ref is not None]
    while todo:
        annotation = todo.pop(0)
        if not isinstance(annotation, DictionaryObject) or id(annotation) in seen:
            continue
        seen.add(id(annotation))
        noted = annotation.get("/Subtype") not in _NO_NOTE
        for key in ANNOTATION_TEXTS:
            value = annotation.get(key)
            value = value.get_object() if value is not None else None
            if value is None or isinstance(value, NameObject):
                continue
            text = value.get_data().decode("utf-8", "replace") if hasattr(value, "get_data") \
                else str(value)  # /RC may be a stream
            if key == "/RC":
                text = " ".join(re.sub(r"<[^>]*>", " ", text).split())
            if text.strip():
                found.append((key, text, noted))
        todo += [ref.get_object() for ref in (annotation.get("/Parent"), annotation.get("/IRT"))
                 if ref is not None]
    return found


#: XML namespaces of PDF/A's schema descriptions in an XMP packet: definitions, no values.
_PDFA_SCHEMAS = "http://www.aiim.org/pdfa/ns/"
_RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"  # its lists (rdf:Seq, rdf:li): no property


def xmp_properties(reader: Any) -> list[tuple[str, str]]:
    """The texts of a PDF's own XMP (its catalogue's ``/Metadata``: hyperxmp, pdfx and
    ``\\DocumentMetadata`` write one), each with its property (``("dc:creator", "Janet
    Smithson")``, a list's items joined), PDF/A's schema descriptions left out; XMP that is no
    XML, its texts between tags (``"XMP"``)."""
    from xml.dom import Node

    from pypdf.errors import PyPdfError

    try:
        xmp = reader.xmp_metadata
    except PyPdfError:  # no XML, or too large for pypdf: its texts between tags
        data = reader.trailer["/Root"]["/Metadata"].get_object().get_data()
        return [("XMP", text.strip()) for text in re.split(
            r"<[^>]*>", data.decode("utf-8", errors="replace")) if text.strip()]
    found: dict[str, list[str]] = {}

    def walk(node: Node, key: str) -> None:
        for child in node.childNodes:
            if child.nodeType in (Node.TEXT_NODE, Node.CDATA_SECTION_NODE) and child.data.strip():
                found.setdefault(key, []).append(child.data.strip())
            elif child.nodeType == Node.ELEMENT_NODE and not (
                    child.namespaceURI or "").startswith(_PDFA_SCHEMAS):
                for name, value in child.attributes.items():  # dc:format="..." shorthand
                    if name.partition(":")[0] not in ("xmlns", "rdf", "xml") and value.strip():
                        found.setdefault(name, []).append(value.strip())
                walk(child, key if child.namespaceURI == _RDF else child.tagName)

    if xmp is not None:
        walk(xmp.rdf_root, "XMP")
    return [(key, ", ".join(texts)) for key, texts in found.items()]


#: ``\author[...]{...}`` (ICML's ``\icmlauthor{name}{...}`` too), the words that are no name.
_AUTHOR = re.compile(r"\\(author|icmlauthor|icmlcorrespondingauthor)\s*(?:\[[^\]]*\]\s*)?\{")
_NO_NAME = frozenset({"Anonymous", "Author", "Authors", "Affiliation", "Address", "Email",
                      "Institution", "University", "Department", "The", "And", "Member",
                      "Fellow", "Senior", "Student", "Reviewer", "Note", "Comment", "Todo"})
_ACKNOWLEDGEMENTS = re.compile(r"\\(?:(?:sub)*section|paragraph)\*?\s*\{\s*acknowledge?ments?"
                               r"|\\begin\s*\{ack|\\acks\b", re.IGNORECASE)
#: TeX's accents (``\'e``, ``\"{u}``, ``\v{s}``) as combining marks, its letters (``\o``, ``\ss``).
_ACCENTS = {"'": "\u0301", "`": "\u0300", "^": "\u0302", '"': "\u0308", "~": "\u0303",
            "=": "\u0304", ".": "\u0307", "c": "\u0327", "v": "\u030c", "u": "\u0306",
            "H": "\u030b", "r": "\u030a", "k": "\u0328"}
_ACCENT = re.compile(r"\\(['`^\"~=.]|[cvuHrk](?=\s*\{))\s*(?:\{\s*(\\[ij](?![A-Za-z])|[A-Za-z])\s*\}"
                     r"|([A-Za-z]))")
_LETTERS = {"o": "ø", "O": "Ø", "ss": "ß", "aa": "å", "AA": "Å", "ae": "æ", "AE": "Æ",
            "oe": "œ", "OE": "Œ", "l": "ł", "L": "Ł", "i": "ı", "j": "ȷ"}
_LETTER = re.compile(r"\\(ss|aa|AA|ae|AE|oe|OE|[oOlLij])(?![A-Za-z])\s*(?:\{\})?")


def _names_in(group: str) -> list[str]:
    """The capitalised words of three letters or more (any script's: Zoë Müller, McDonald;
    TeX's accents made letters) in an author's argument, but the words that are no name."""
    group = _ACCENT.sub(lambda m: (m[2] or m[3]).lstrip("\\") + _ACCENTS[m[1]], group)
    group = _LETTER.sub(lambda m: _LETTERS[m[1]], group)
    group = unicodedata.normalize("NFC", re.sub(r"\\[A-Za-z]+", " ", group))
    return [w for w in re.findall(r"[^\W\d_]{3,}", group)
            if w[0].isupper() and any(c.islower() for c in w) and w not in _NO_NAME]


def authors_named(sources: dict[str, bytes]) -> tuple[list[str], list[str]]:
    """The names in the sources' ``\\author{...}`` (capitalised words, three letters or more;
    a venue's style may hide them, so the compiled text is what is checked), and a warning
    for each file holding an acknowledgements section."""
    names, said = [], []
    for file, data in sources.items():
        text = data.decode("utf-8", errors="replace")
        braces = Braces(text)  # to the matching brace: IEEEtran's \IEEEmembership{...} inside
        for match in _AUTHOR.finditer(text):  # ICML's: {name}{affiliation}
            end = braces.close(match.end() - 1)  # -1: cut short, to the end
            names += _names_in(text[match.end():end if end >= 0 else match.end() + REACH])
        if _ACKNOWLEDGEMENTS.search(text):
            said.append(f"{file}: an acknowledgements section: venues ask for none (or an "
                        "anonymised one) in a review copy")
    return list(dict.fromkeys(names)), said

