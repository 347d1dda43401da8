"""A figure's bytes without the parts no program writes text into: a PNG's compressed pixels
(``IDAT``), a JPEG's entropy-coded scans, a PDF's compressed streams. Read as they are, their
noise spells what the anonymity patterns look for now and then (``/~Zo`` as a home folder,
``5@nd.GP`` as an address): 4 of 17 real photos of TeX Live's were each told "a home
folder's path (~Zo) ... remove it for review", which no edit can follow (hostile round 52h,
K5). What a program writes (a PNG's text chunks, a JPEG's comments and APP segments, a PDF's
objects and uncompressed streams, anything after the image's end) is kept and read."""

from __future__ import annotations

import re

from figures.errors import FigureDataError

_PNG = b"\x89PNG\r\n\x1a\n"
#: A JPEG marker after an entropy-coded scan (not a stuffed 0x00, a restart, a fill byte).
_MARKER = re.compile(rb"\xff(?![\x00\xd0-\xd7\xff])", re.DOTALL)
_STREAM = re.compile(rb"(?<![A-Za-z])stream\r?\n")


def without_pixels(data: bytes) -> bytes:
    """``data`` with its compressed pixels or streams left out (the parts joined by line
    ends); anything it cannot walk is returned as it is."""
    if data.startswith(_PNG):
        return _png(data)
    if data.startswith(b"\xff\xd8\xff"):
        return _jpeg(data)
    if data.startswith(b"%PDF"):
        return _pdf(data)
    return data


def _png(data: bytes) -> bytes:
    """Each chunk's type and data but the pixels', walked with Pillow's ``ChunkStream`` (as
    :mod:`figures.pack.scrub` walks them), then whatever follows the image, as it is."""
    import io
    import struct

    from PIL.PngImagePlugin import ChunkStream

    source, kept = io.BytesIO(data), [data[:8]]
    source.seek(8)
    with ChunkStream(source) as stream:
        while source.tell() < len(data):
            at = source.tell()
            try:
                kind, _, size = stream.read()
            except (SyntaxError, struct.error):
                source.seek(at)
                break
            body = source.read(size + 4)  # its data and checksum
            if len(body) < size + 4:
                source.seek(at)
                break
            if kind not in (b"IDAT", b"fdAT"):
                kept.append(kind + body[:size])  # its type and data
            if kind == b"IEND":
                break
    return b"\n".join([*kept, data[source.tell():]])


def _jpeg(data: bytes) -> bytes:
    from figures.paper.disclosure import jpeg_segments

    try:
        segments = jpeg_segments(data, "")
    except FigureDataError:
        return data
    kept, rest, at = [s for _, s in segments[:-1]], segments[-1][1], 0
    while at + 4 <= len(rest) and rest[at] == 0xFF:
        marker = rest[at + 1]
        if marker in (0xFF, 0xD9):  # a fill byte; the image's end
            at += 1 if marker == 0xFF else 2
            if marker == 0xD9:
                break
            continue
        end = at + 2 + int.from_bytes(rest[at + 2:at + 4], "big")
        kept.append(rest[at:end])
        at = end
        if marker == 0xDA:  # its scan, to the next marker
            found = _MARKER.search(rest, at)
            at = found.start() if found else len(rest)
    return b"\n".join([*kept, rest[at:]])


def _pdf(data: bytes) -> bytes:
    kept, at = [], 0
    for found in _STREAM.finditer(data):
        if found.start() < at:
            continue
        head = data[max(at, found.start() - 4096):found.start()]
        end = data.find(b"endstream", found.end())
        if b"/Filter" not in head[head.rfind(b"obj"):] or end < 0:
            continue  # uncompressed: read as it is
        kept.append(data[at:found.end()])
        at = end
    return b"\n".join([*kept, data[at:]])
