"""Anonymous packs: the packed figures' metadata removed (PDF document information and XMP,
PNG text chunks); :mod:`figures.paper.disclosure` reads what the compiled PDF discloses.

A JPEG's segments and a PNG's chunks (Pillow's ``ChunkStream``) are walked here, not saved again by Pillow: Pillow re-encodes (with
``quality="keep"`` a 80x64 photo changes 14,280 of its 15,360 channel values, and keeps the
comment); dropping the metadata segments keeps every byte of the pixels."""

from __future__ import annotations

import contextlib
import io
import re
import struct
from typing import Any

from figures.errors import FigureDataError
from figures.pack.pdfkeep import FORM_KEPT, Unread, resources_kept, uncommented
from figures.paper.disclosure import EMAIL, HOME, jpeg_metadata, jpeg_segments
from figures.paper.names import placeholder

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_JPEG_SIGNATURE = b"\xff\xd8\xff"


#: The PNG chunks an anonymous pack keeps: the image (header, palette, data, end) and how it
#: shows (transparency, gamma, chromaticities, colour profile, significant bits, background,
#: resolution); never text (tEXt, zTXt, iTXt), time, EXIF or another program's own chunk.
PNG_KEPT = frozenset({b"IHDR", b"PLTE", b"IDAT", b"IEND", b"tRNS", b"gAMA", b"cHRM", b"sRGB",
                      b"iCCP", b"sBIT", b"bKGD", b"pHYs"})


#: The name an anonymous pack's PNG gives its colour profile, the one Pillow's PNG writer gives
#: every profile: the PNG's own (``iCCP``'s, a free label of 1-79 bytes) may name who made it
#: ("Janet Smithson", hostile round 37, K6); the profile itself is kept byte for byte.
ICC_NAME = b"ICC Profile"


def _png_without_text(data: bytes, name: str) -> bytes:
    """A PNG's chunks but those :data:`PNG_KEPT` does not name (read with Pillow's
    ``ChunkStream``, its checksums checked, not saved again: Pillow made a 16-bit image 8-bit),
    to its end (IEND): every byte of the pixels kept; its colour profile named
    :data:`ICC_NAME`, the profile's compressed bytes as they were (its colours exact)."""
    from PIL.PngImagePlugin import ChunkStream, putchunk

    source, out = io.BytesIO(data), io.BytesIO()
    out.write(data[:8])
    source.seek(8)
    with ChunkStream(source) as stream:
        while (at := source.tell()) < len(data):
            try:
                kind, _, size = stream.read()
                body = source.read(size)
                if len(body) != size:
                    raise SyntaxError(kind)
                stream.crc(kind, body)
            except (SyntaxError, struct.error) as error:
                raise FigureDataError(name, None, f"damaged PNG (its chunk at byte {at} is "
                                      "cut or its checksum wrong)") from error
            if kind == b"iCCP":  # the name, a NUL, the compression method and the profile
                if (profile := body.partition(b"\0"))[1]:
                    putchunk(out, kind, ICC_NAME, b"\0", profile[2])
            elif kind in PNG_KEPT:
                out.write(data[at:source.tell()])
            if kind == b"IEND":  # what follows is no picture (padding, or anything)
                break
    return out.getvalue()


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
        return b"".join(segment for marker, segment in head if not jpeg_metadata(marker, segment)) \
            + (scan[:end + 2] if end >= 0 else scan)  # not a phone's video after the image
    if data.startswith(b"%PDF"):
        return _pdf_without_metadata(data, name)
    return data


#: What a PDF's dictionaries carry of who made it and where: XMP, Illustrator's and others'
#: private data, and pdfTeX's name and information of a file it included.
PDF_METADATA = ("/Metadata", "/PieceInfo", "/PTEX.FileName", "/PTEX.InfoDict")
#: What a page keeps: what draws it (hostile round 45b, K20: a drop-list of annotations,
#: actions, a thumbnail and beads let a private ``/MyNote`` and ``/LastModified`` through).
PAGE_KEPT = frozenset({"/Type", "/Parent", "/Resources", "/Contents", "/MediaBox", "/CropBox",
                       "/BleedBox", "/TrimBox", "/ArtBox", "/Rotate", "/Group", "/UserUnit"})
#: What a page's or form's resources keep: the kinds of resource PDF names (K21: ``/ResNote``).
RESOURCES_KEPT = frozenset({"/ExtGState", "/ColorSpace", "/Pattern", "/Shading", "/XObject",
                            "/Font", "/ProcSet", "/Properties"})
_STREAM = ("/Type", "/Subtype", "/Length", "/Filter", "/DecodeParms")
#: What an image (and its mask) and a form keep: what draws them (PDF 32000, 8.9.5 and 8.10.2;
#: K21: an image's ``/Note``, which pdfTeX copies whole into the review PDF).
IMAGE_KEPT = frozenset({*_STREAM, "/Width", "/Height", "/ColorSpace", "/BitsPerComponent",
                        "/Intent", "/ImageMask", "/Mask", "/Decode", "/Interpolate", "/SMask",
                        "/SMaskInData", "/Matte"})


def _pdf_without_metadata(data: bytes, name: str) -> bytes:
    """The PDF scrubbed in its reader (:data:`PDF_METADATA` removed from every dictionary,
    the JPEGs' own metadata too), then its pages alone, kept to what draws them
    (:func:`_drawing_only`), copied with what they reach, which is all pdfTeX includes: an
    object only a removed key pointed at (a /PieceInfo's private stream, an XMP packet), the
    catalogue's attachments, scripts, outline and forms are not written."""
    try:
        return _scrubbed(data, name)
    except Unread as exc:  # hostile round 51b-2, B6: its comments shipped with no word
        raise FigureDataError(name, None, (
            f"a content stream the pack cannot read ({exc}), so its % comments (free text, "
            "never drawn: a name, a path) cannot be taken out for review: rewrite the figure "
            "(`gs -o OUT.pdf -sDEVICE=pdfwrite IN.pdf`, or export it again, smaller) and "
            "include that; the anonymous pack stops")) from None


def _scrubbed(data: bytes, name: str) -> bytes:
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
        _drawing_only(reader)
        writer = PdfWriter()
        for page in reader.pages:  # the pages alone: not the attachments, scripts, outline
            added = writer.add_page(page)
            uncommented(added, reader)  # its content's comments gone (round 47b, K17)
    writer.metadata = None
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _drawing_only(reader: Any) -> None:
    """Every page kept to :data:`PAGE_KEPT`, its resources to :data:`RESOURCES_KEPT` and to
    the forms and images its content draws (pypdf's ``ContentStream``: hostile round 45b,
    K20, a form no ``Do`` drew, which pdfTeX copies with the page's resources, held a name),
    each form and image to :data:`FORM_KEPT` and :data:`IMAGE_KEPT`, a form's own resources
    so too; a content pypdf cannot read keeps its resources' every form and image."""
    from pypdf.generic import DictionaryObject, StreamObject

    from figures.pdf import MAX_DEPTH

    drawn: dict[int, tuple[DictionaryObject, set[str] | None]] = {}  # by XObject dictionary
    seen: set[int] = set()
    seen_forms: list[StreamObject] = []  # their comments dropped once all are read

    def resolved(value: object) -> object:
        return value.get_object() if value is not None else None

    def visit(owner: Any, depth: int = 0, kept: frozenset[str] = FORM_KEPT) -> None:
        _kept(owner, kept if isinstance(owner, StreamObject) else PAGE_KEPT)
        if not isinstance(resources := resolved(owner.get("/Resources")), DictionaryObject):
            return
        _kept(resources, RESOURCES_KEPT)
        for form, keys in resources_kept(resources, reader):  # fonts, states, layers (47b,
            # K17), patterns (48b, K24): a soft mask's form, a tiling pattern visited
            if isinstance(form, StreamObject) and depth < MAX_DEPTH and id(form) not in seen:
                seen.add(id(form))
                seen_forms.append(form)
                visit(form, depth + 1, keys)
        if not isinstance(xobjects := resolved(resources.get("/XObject")), DictionaryObject):
            return
        try:  # what the content draws, and what a form without resources of its own or a
            # Type 3 glyph without them draws from these (PDF 32000, 7.8.3 and 9.6.5)
            content = owner if isinstance(owner, StreamObject) else owner.get_contents()
            fonts = [resolved(font) for font in (resolved(resources.get("/Font")) or {}).values()]
            streams = [content, *(form for form in map(resolved, xobjects.values())
                                  if form.get("/Subtype") == "/Form" and "/Resources" not in form),
                       *(resolved(glyph) for font in fonts if font.get("/Subtype") == "/Type3"
                         and "/Resources" not in font for glyph in
                         resolved(font["/CharProcs"]).values())]
            names = set().union(*(_done(stream, reader) for stream in streams)) & set(xobjects)
        except Exception:  # noqa: BLE001 - unreadable: every one kept
            names = None
        before = drawn.get(id(xobjects), (xobjects, set()))[1]
        drawn[id(xobjects)] = (xobjects, None if names is None or before is None
                               else before | names)
        for name in sorted(set(xobjects) if names is None else names):
            xobject = resolved(xobjects[name])
            if not isinstance(xobject, StreamObject) or id(xobject) in seen:
                continue
            seen.add(id(xobject))
            if xobject.get("/Subtype") == "/Form":
                seen_forms.append(xobject)
                if depth < MAX_DEPTH:  # deeper: as it is (a hostile file nests thousands)
                    visit(xobject, depth + 1)
                continue
            for image in (xobject, resolved(xobject.get("/SMask")),
                          resolved(xobject.get("/Mask"))):
                if isinstance(image, StreamObject):
                    _kept(image, IMAGE_KEPT)

    for page in reader.pages:
        visit(page)
    for stream in seen_forms:
        uncommented(stream, reader)
    for xobjects, names in drawn.values():
        for name in [] if names is None else [n for n in xobjects if n not in names]:
            del xobjects[name]


def _done(content: Any, reader: Any) -> set[str]:
    """The XObjects a content stream (pypdf's, a page's, a form's or a glyph's) draws, by
    name (its ``Do`` operators)."""
    from pypdf.generic import ContentStream

    if content is None:
        return set()
    read = content if isinstance(content, ContentStream) else ContentStream(content, reader)
    return {str(operands[0]) for operands, operator in read.operations
            if operator == b"Do" and operands}


def _kept(obj: Any, kept: frozenset[str]) -> None:
    """``obj`` (a PDF dictionary) without its keys that ``kept`` does not name."""
    for key in [key for key in obj if key not in kept]:
        del obj[key]


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


#: The XMP properties that name who made a file (hyperxmp's and Adobe's), and their text.
_XMP_AUTHORS = re.compile(rb"<(dc:creator|pdf:Author|photoshop:AuthorsPosition|dc:rights)\b[^>]*>"
                          rb"(.*?)</\1>", re.DOTALL)
#: The EXIF tags that name who made a picture: Artist, Copyright, Windows' XPAuthor.
_EXIF_AUTHORS = {315: "EXIF Artist", 33432: "EXIF Copyright", 0x9C9D: "EXIF XPAuthor"}


def who_made(data: bytes, name: str) -> list[tuple[str, str]]:
    """Round 26 (SU): what the metadata :func:`without_metadata` removes says of who made a
    figure (a PDF, PNG or JPEG), each ``(what, text)``: an author's field (``("its /Author",
    "Janet Smithson")``: a PDF's document information and the ``/PTEX.InfoDict`` of a PDF it
    includes, XMP ``dc:creator``, EXIF Artist, Copyright and XPAuthor, a PNG's Author and
    Copyright text; a venue's placeholder left out), and an e-mail address or a home folder's
    user name in any of its fields. Nothing when it cannot be read (the pack says why else)."""
    fields: list[tuple[str, str, bool]] = []  # (field, text, names its author)
    with contextlib.suppress(Exception):  # damaged: the pack's own reading of it says why
        if data.startswith(b"%PDF"):
            fields = _pdf_fields(data)
        elif data.startswith((_PNG_SIGNATURE, _JPEG_SIGNATURE)):
            fields = _image_fields(data, name)
    found = []
    for field, text, author in fields:
        if author and len(text.strip()) >= 3 and not placeholder(text):
            found.append((f"its {field}", " ".join(text.split())))
        raw = text.encode("utf-8", "surrogateescape")
        found += [(f"an e-mail address in its {field}", m.group().decode()) for m in
                  EMAIL.finditer(raw)]
        found += [(f"a user's name in its {field}", user) for m in HOME.finditer(raw)
                  if len(user := re.split(r"[/\\]+", m.group().decode(errors="replace"))[-1]) >= 3]
    return list(dict.fromkeys(found))


def _xmp_fields(xmp: bytes, field: str) -> list[tuple[str, str, bool]]:
    """The author properties of an XMP packet (:data:`_XMP_AUTHORS`, their text between tags),
    and the packet's other texts for the e-mail addresses and paths in them."""
    def text(value: bytes) -> str:
        return " ".join(re.sub(rb"<[^>]*>", b" ", value).decode("utf-8", "replace").split())

    return [*((f"{field} {m[1].decode()}", text(m[2]), True) for m in _XMP_AUTHORS.finditer(xmp)),
            (field, text(xmp), False)]


def _pdf_fields(data: bytes) -> list[tuple[str, str, bool]]:
    """A PDF's document information, each included PDF's (``/PTEX.InfoDict``), every XMP
    packet, and each JPEG's metadata inside it."""
    from pypdf.generic import StreamObject

    from figures.pdf import open_pdf, pypdf_said

    fields: list[tuple[str, str, bool]] = []
    with pypdf_said():
        reader = open_pdf(data)
        infos = [("", reader.metadata or {})]
        for obj in _objects(reader.trailer["/Root"]):
            if (info := obj.get("/PTEX.InfoDict")) is not None:
                infos.append(("/PTEX.InfoDict ", info.get_object()))
            if (xmp := obj.get("/Metadata")) is not None:
                fields += _xmp_fields(xmp.get_object().get_data(), "XMP")
            if isinstance(obj, StreamObject) and obj.get("/Filter") == "/DCTDecode":
                fields += _image_fields(obj.get_data(), "")
        for prefix, info in infos:
            fields += [(f"{prefix}{key}", str(value), key == "/Author")
                       for key, value in info.items() if not str(value).startswith("/")]
    return fields


def _image_fields(data: bytes, name: str) -> list[tuple[str, str, bool]]:
    """A PNG's text chunks and a JPEG's comments and XMP, and either's EXIF."""
    from figures.outputs.pixels import open_image

    fields: list[tuple[str, str, bool]] = []
    if data.startswith(_JPEG_SIGNATURE):
        for marker, segment in jpeg_segments(data, name)[:-1]:
            if marker == 0xE1 and b"http://ns.adobe.com/xap/1.0/" in segment[:40]:
                fields += _xmp_fields(segment, "XMP")
            elif marker == 0xFE:
                fields.append(("JPEG comment", segment[4:].decode("utf-8", "replace"), False))
    with open_image(io.BytesIO(data)) as image:
        for key, value in (getattr(image, "text", None) or {}).items():
            if key == "XML:com.adobe.xmp":
                fields += _xmp_fields(value.encode(), "XMP")
            else:
                fields.append((f"PNG {key}", str(value), key.lower() in ("author", "copyright")))
        for tag, value in image.getexif().items():
            text = value.decode("utf-16-le" if tag == 0x9C9D else "latin-1", "replace").rstrip(
                "\x00") if isinstance(value, bytes) else str(value)  # XPAuthor: UTF-16LE
            fields.append((_EXIF_AUTHORS.get(tag, "EXIF"), text, tag in _EXIF_AUTHORS))
    return fields


#: The text tags of an ICC colour profile (Pillow's ImageCms reads them): free text its maker
#: writes, which an anonymous pack keeps with the profile (its colours exact).
ICC_TEXTS = (("profile_description", "description, ICC desc"), ("copyright", "copyright, ICC cprt"),
             ("manufacturer", "device maker, ICC dmnd"), ("model", "device model, ICC dmdd"))


def colour_profiles(data: bytes) -> list[tuple[bytes, dict[str, str]]]:
    """Round 37 (K6): the ICC colour profiles a PNG or JPEG (Pillow's ``icc_profile``) or a
    PDF (a stream pypdf reads with an ICC header, ``acsp`` at byte 36: ``/ICCBased``; a
    ``/DCTDecode`` image stream's JPEG's own, hostile round 43, A19n: Pillow's and img2pdf's
    screenshots) embeds, each with its :data:`ICC_TEXTS` (``{"description, ICC desc":
    "Janet's monitor"}``). None when the file cannot be read (the pack says why else)."""
    found: list[bytes] = []
    with contextlib.suppress(Exception):  # damaged: the pack's own reading of it says why
        if data.startswith((_PNG_SIGNATURE, _JPEG_SIGNATURE)):
            found = _image_profile(data)
        elif data.startswith(b"%PDF"):
            from pypdf.generic import StreamObject

            from figures.pdf import open_pdf, pypdf_said

            with pypdf_said():
                reader = open_pdf(data)
                for obj in _objects(reader.trailer["/Root"]):
                    if not isinstance(obj, StreamObject):
                        continue
                    if "/N" in obj and (profile := obj.get_data())[36:40] == b"acsp":
                        found.append(profile)
                    elif "/DCTDecode" in _filters(obj):  # pypdf passes the JPEG as it is
                        with contextlib.suppress(Exception):  # one damaged image: the others
                            found += _image_profile(obj.get_data())
    return [(profile, _icc_texts(profile)) for profile in dict.fromkeys(found)]


def _filters(stream: object) -> list[str]:
    """A PDF stream's ``/Filter`` names (one name or an array of them)."""
    named = stream.get("/Filter")
    return [str(name) for name in named] if isinstance(named, list) else [str(named)]


def _image_profile(data: bytes) -> list[bytes]:
    """A PNG's or JPEG's colour profile (Pillow's ``icc_profile``), if it has one."""
    from figures.outputs.pixels import open_image

    with open_image(io.BytesIO(data)) as image:
        return [profile] if (profile := image.info.get("icc_profile")) else []


def _icc_texts(profile: bytes) -> dict[str, str]:
    """A profile's :data:`ICC_TEXTS` that are there, by what each is; none when littleCMS
    cannot read it."""
    with contextlib.suppress(Exception):  # ImageCms missing, or a profile it cannot read
        from PIL import ImageCms

        read = ImageCms.ImageCmsProfile(io.BytesIO(profile)).profile
        return {what: text for key, what in ICC_TEXTS if (text := getattr(read, key, None))}
    return {}
