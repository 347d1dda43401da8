"""What the PDF compiled from the archive prints clipped (hostile round 39): a clip path that
cuts into an included figure or image, however the paper wrote it (``\\includegraphics``'
own ``trim``/``clip``, ``\\adjustbox{trim=..,clip}``, ``\\adjincludegraphics``, a TikZ
``\\clip`` around a ``\\node``), as :func:`figures.paper.drawn.placements` reads the pages.

- A figure of ours printed cropped (F7/F10): the reader sees part of a figure built for its
  whole box; one warning in every pack, naming the file, the page and what to write.
- An image not ours printed cropped (K4, ``--anonymous``): the archive and the PDF hold all
  of it, the hidden part too. A PDF is known by pdfTeX's ``/PTEX.FileName``; a PNG or JPEG
  keeps no name in the PDF, so it is known by its size in pixels among the packed images
  (their pixels decide between several of one size; still several: each is named).
  :func:`figures.pack.notices.clipped_by_name` reads the include's own keys first, with its line;
  an image it names is not said again here."""

from __future__ import annotations

import io
import os
from dataclasses import dataclass, field
from pathlib import Path

from figures.errors import display_path
from figures.pack.images import IMAGE_SUFFIXES

#: How the paper crops, as the compiled page shows it (the source may write any of these).
_HOW = ("a trim/clip on its include, or a clip around it: adjustbox's trim and clip, "
        "TikZ's \\clip")


@dataclass
class Cropped:
    """Warnings for figures of ours printed cropped (every pack); for images not ours, by
    the packed files they may be (``--anonymous``)."""

    ours: list[str] = field(default_factory=list)
    images: dict[tuple[str, ...], str] = field(default_factory=dict)


def cropped(pdf: bytes, files: dict[str, bytes], paper: Path, ours: list[str],
            main: str) -> Cropped:
    """What ``pdf`` (the archive's compile) prints clipped (see the module's docstring);
    ``files``: the archive's, ``ours``: the packed names that are figures of ours."""
    from figures.paper.drawn import form_provenance, placements
    from figures.pdf import open_pdf, pypdf_said

    found = Cropped()
    try:
        with pypdf_said():
            reader = open_pdf(pdf)
            drawn = [item for item in placements(reader) if item[3]]
            within = in_included(reader) if drawn else set()
    except Exception:  # noqa: BLE001 - the proof read it; what pypdf cannot walk: no word
        return found
    mine = {os.path.normpath(name): name for name in ours}
    sizes = image_sizes(files)
    said: set[str] = set()
    for page, xobject, _, _ in drawn:
        inside = None
        if xobject.get("/Subtype") == "/Image":
            if _identity(xobject) in within:  # inside an included PDF: not a packed image
                continue
            names = matching(xobject, sizes, files)
            if not names or not all(os.path.normpath(name) in mine for name in names):
                if names:  # not ours (or not surely: the anonymous pack says it)
                    found.images.setdefault(names, _image(names, xobject, page))
                continue
            name = names[0]
        else:
            named = str(xobject.get("/PTEX.FileName", "")).removeprefix("./")
            inside = form_provenance(xobject.get("/PTEX.InfoDict"))
            name = os.path.normpath(named) if named else (inside or {}).get("figure", "")
            if inside is None and name not in mine:
                if name in files and name.lower().endswith(".pdf"):
                    found.images.setdefault((name,), _image((name,), None, page))
                continue
            name = mine.get(name, name)
        if name not in said:
            said.add(name)
            found.ours.append(_ours(name, _figure(paper, name, inside), page, main))
    return found


def _ours(name: str, figure: str, page: int, main: str) -> str:
    stem = Path(name).stem
    return (f"{display_path(name)}: {figure} is cropped by the paper: {display_path(main)} "
            f"prints it clipped on page {page} ({_HOW}), so the reader sees part of it: remove "
            f"the clip/trim (write \\includegraphics[width=...]{{{stem}}}), then run `figures "
            "sync PAPER` and pack again (it is built for its box)")


def _image(names: tuple[str, ...], xobject, page: int) -> str:
    which = " or ".join(map(display_path, names))
    if len(names) > 1:
        width, height = int(xobject["/Width"]), int(xobject["/Height"])
        which += f" (page {page}: an image of {width}x{height} px, one of them)"
    else:
        which += f" (page {page})"
    return (f"{which}: clipped on the page ({_HOW}), but the archive ships the whole image, "
            "and the PDF embeds it whole: crop the file itself if the hidden part names anyone")


def _figure(paper: Path, name: str, inside: dict[str, str] | None) -> str:
    """The figure a packed file of ours is (its label; inside a wrapper, the first)."""
    from figures.outputs import provenance

    if inside is not None:
        return inside["figure"]
    try:
        data = (paper / name).read_bytes()
        label = provenance.read(data) or next(iter(provenance.wrapped(data)), None)
    except Exception:  # noqa: BLE001 - unreadable since the check: named by its file
        label = None
    return label["figure"] if label else Path(name).stem


def _identity(xobject):
    from figures.paper.pictures import identity

    return identity(xobject) or ("direct", id(xobject))


def in_included(reader) -> set:
    """The images drawn inside a PDF pdfTeX included (a form it names): that PDF's own,
    never a packed PNG or JPEG, however it clips them."""
    from figures.pdf import resources

    found = set()
    for _, forms, drawn in resources(reader):
        if not any("/PTEX.FileName" in form or "/PTEX.InfoDict" in form for form in forms):
            continue
        for ref in (drawn.get("/XObject") or {}).values():
            if (image := ref.get_object()).get("/Subtype") == "/Image":
                found.add(_identity(image))
    return found


def image_sizes(files: dict[str, bytes]) -> dict[str, tuple[int, int]]:
    """The packed PNGs and JPEGs by name, with their size in pixels (Pillow reads the head)."""
    from figures.outputs.pixels import open_image

    sizes = {}
    for name, data in files.items():
        if name.lower().endswith(IMAGE_SUFFIXES) and not name.lower().endswith(".pdf"):
            try:
                with open_image(io.BytesIO(data)) as image:
                    sizes[name] = image.size
            except Exception:  # noqa: BLE001, S112 - not an image Pillow reads: none
                continue
    return sizes


def matching(xobject, sizes: dict[str, tuple[int, int]], files: dict[str, bytes]
              ) -> tuple[str, ...]:
    """The packed images ``xobject`` may be: those of its size; of several, those of its
    pixels, when that leaves any."""
    from figures.outputs.pixels import digest, open_image
    from figures.paper.pictures import pixel_size

    names = tuple(sorted(name for name, size in sizes.items() if size == pixel_size(xobject)))
    if len(names) < 2:
        return names
    try:
        drawn = digest(xobject.decode_as_image())
    except Exception:  # noqa: BLE001 - an image pypdf or Pillow cannot decode: all named
        return names
    same = []
    for name in names:
        try:
            with open_image(io.BytesIO(files[name])) as image:
                if digest(image) == drawn:
                    same.append(name)
        except Exception:  # noqa: BLE001, S112 - unreadable: not this one
            continue
    return tuple(same) or names
