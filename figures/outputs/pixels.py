"""A PNG known by its pixels: pdfTeX drops a PNG's text chunks, so the build records each
PNG's pixel digest for ``figures check PAPER.pdf`` to find it by (docs/modules.md)."""

from __future__ import annotations

import contextlib
import hashlib
import io
import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from figures.outputs.provenance import SUITE, UNSEALED, decode

#: Records kept per figure entry of a build state: this build's and earlier builds'.
KEPT = 24


@contextlib.contextmanager
def open_image(source: Path | io.BytesIO, said: list[str] | None = None) -> Iterator[Any]:
    """A Pillow image without Pillow's own warnings printed: a large picture is measured
    (ours are at most figures.page.MAX_PIXELS; a paper's are its own), not warned of; what
    else Pillow warns of reading it (hostile round 45b, K5: "Image appears to be a malformed
    MPO file", a path into site-packages, twice a line, each time the file was read) is added
    to ``said``, when given, but for :data:`HARMLESS`; a warning of other code meanwhile is
    warned as it was."""
    from PIL import Image

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        with Image.open(source) as image:
            yield image
    for warning in caught:
        if Path(warning.filename).parent != Path(Image.__file__).parent:
            warnings.warn_explicit(warning.message, warning.category, warning.filename,
                                   warning.lineno)
        elif said is not None and not HARMLESS.search(str(warning.message)):
            said.append(str(warning.message))


#: What Pillow warns of that neither pdfTeX's picture nor the pack's reading depends on: a
#: phone's second picture (MPO) or an animation (APNG) read as its first, metadata it cannot
#: read (EXIF, TIFF tags, XMP), a palette's transparency on conversion.
HARMLESS = re.compile(r"MPO|APNG|EXIF|MakerNote|[Tt]ag|XMP|[Tt]ransparency")


def digest(image: Any) -> str:
    """The sha256 of a Pillow image's size and RGBA pixels (an RGB image is opaque RGBA)."""
    rgba = image if image.mode == "RGBA" else image.convert("RGBA")
    found = hashlib.sha256(f"{rgba.width}x{rgba.height}:".encode())
    found.update(rgba.tobytes())
    return found.hexdigest()


def content_digest(data: bytes) -> str | None:
    """What a file shows, as a digest: a PNG's decoded pixels, a PDF's decoded content streams
    and XObjects page by page (not its metadata or object order); None for other files."""
    if data.startswith(b"\x89PNG"):
        with open_image(io.BytesIO(data)) as image:
            return digest(image)
    if not data.startswith(b"%PDF"):
        return None
    from figures.pdf import open_pdf, pypdf_said, resources

    found = hashlib.sha256()
    with pypdf_said():
        reader = open_pdf(data)
        for page in reader.pages:
            contents = page.get_contents()
            found.update(b"page:" + (contents.get_data() if contents is not None else b""))
        for number, _, drawn in resources(reader):  # forms and images, by name, page by page
            xobjects = drawn.get("/XObject") or {}
            for name in sorted(xobjects):
                found.update(f"{number}{name}:".encode() + xobjects[name].get_object().get_data())
    return found.hexdigest()


def opaque_as_rgb(data: bytes) -> bytes:
    """A PNG's bytes again as RGB when it is RGBA with every alpha 255 (Agg's: arXiv
    re-encodes a PNG with an alpha channel, docs/pack.md), its text chunks (our provenance)
    and resolution kept, its pixels and so :func:`digest` the same; else as they are."""
    from PIL.PngImagePlugin import PngInfo

    with open_image(io.BytesIO(data)) as image:
        if image.mode != "RGBA" or image.getchannel("A").getextrema() != (255, 255):
            return data
        info = PngInfo()
        for key, value in image.text.items():
            info.add_text(key, value)
        dpi = image.info.get("dpi")
        rgb = image.convert("RGB")
    out = io.BytesIO()
    rgb.save(out, format="PNG", pnginfo=info, **({"dpi": dpi} if dpi else {}))
    return out.getvalue()


def seal(path: Path) -> str | None:
    """Write the file's content digest over its provenance's placeholder (same length: no PDF
    offset moves; a PNG's text chunk is written again by Pillow, its CRC with it); None when
    there is no placeholder."""
    data = path.read_bytes()
    at = data.find(f"content={UNSEALED}".encode())
    if at < 0:
        return None
    sealed = content_digest(data)
    start = at + len("content=")
    out = data[:start] + sealed.encode() + data[start + len(UNSEALED):]
    if data.startswith(b"\x89PNG"):  # the text chunk as Pillow writes it, with its new CRC
        from PIL import Image

        with Image.open(io.BytesIO(data)) as image:
            text = image.info[SUITE]
        old, new = (_text_chunk(SUITE, value) for value in (
            text, text.replace(f"content={UNSEALED}", f"content={sealed}")))
        out = data.replace(old, new, 1)
    path.write_bytes(out)
    return sealed


def _text_chunk(key: str, value: str) -> bytes:
    """A PNG's tEXt chunk ``key``: ``value`` (with its length and CRC), as Pillow writes it."""
    from PIL.PngImagePlugin import putchunk

    chunk = io.BytesIO()
    putchunk(chunk, b"tEXt", key.encode("latin-1"), b"\0", value.encode("latin-1"))
    return chunk.getvalue()


def record(path: Path, name: str, ppi: float, provenance: str,
           pixels: str | None = None) -> dict[str, Any]:
    """What the build keeps of the PNG it wrote at ``path`` (to be renamed ``name``)."""
    with open_image(path) as image:
        return {"file": name, "pixels": pixels or digest(image),
                "size": [image.width, image.height], "ppi": ppi, "provenance": provenance}


def merged(new: list[dict[str, Any]], old: Any) -> list[dict[str, Any]]:
    """This build's records, then earlier ones of other pixels or another build (the same
    pixels drawn by builds of other provenance are each kept: any may be the paper's), at
    most :data:`KEPT`."""
    kept, seen = [], set()
    for item in [*new, *(old if isinstance(old, list) else [])]:
        if isinstance(item, dict) and valid(item) and \
                (key := (item["pixels"], item["provenance"])) not in seen:
            seen.add(key)
            kept.append(item)
    return kept[:KEPT]


def valid(item: dict[str, Any]) -> bool:
    """A record as :func:`record` writes it (a state file edited by hand may hold anything)."""
    size = item.get("size")
    return (isinstance(item.get("pixels"), str) and isinstance(item.get("provenance"), str)
            and decode(item["provenance"]) is not None
            and isinstance(size, list) and len(size) == 2
            and all(isinstance(v, int) and v > 0 for v in size)
            and isinstance(item.get("ppi"), (int, float)) and item["ppi"] > 0)
