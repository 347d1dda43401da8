"""Our PNGs found in a compiled paper by their pixels (``figures check PAPER.pdf``).

pdfTeX keeps nothing of a PNG's label: it re-encodes the image (alpha as a soft mask) and
drops its text chunks. What stays is the picture, so each image the paper draws is decoded
(pypdf) and its pixels' digest (:func:`figures.outputs.pixels.digest`) looked up among:

1. the records the builds kept (``.build-state.json`` under ``build/`` and ``--out``: each
   PNG written, this build's and earlier ones', with the provenance inside it), so a paper
   compiled before a rebuild is recognised too, as stale; pixels several builds drew alike
   (two venues of one page) are each of those builds, and current when one of them is;
2. else the PNGs of the paper's own folder that carry our provenance (what ``figures sync``
   copied there), judged as ``figures which`` judges them (their bytes against the build).

Only images of a size some record has are decoded: a paper of many photographs costs little.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from figures.outputs import pixels, provenance
from figures.outputs.state import STATE_FILE, read_state

#: At most this many folders walked and PNGs opened in the paper's folder (a PDF checked in
#: a large folder, a home or a Downloads, is not a reason to read all of it).
_MOST_FOLDERS, _MOST_PNGS = 200, 400


@dataclass(frozen=True)
class Known:
    """A picture of ours: the provenance it was written with, its size and resolution, and
    where it is known from (a build state, or a PNG in the paper's folder)."""

    inside: dict[str, str]
    size: tuple[int, int]
    ppi: float
    source: Path
    #: Known from a PNG of the paper's folder (its label, checked against its bytes).
    from_paper: bool = False


def recorded(folders: list[Path]) -> dict[str, tuple[Known, ...]]:
    """Pixel digest -> every build the states under ``folders`` record as having drawn those
    pixels, the newest first (two venues of one page, an ICML paper's and a workshop's
    ``--venues`` venue of ICML's numbers, draw one picture: each is a build it may be)."""
    found: dict[str, dict[tuple, Known]] = {}
    for state_path in _state_files(folders):
        for entry in read_state(state_path).values():  # damaged: the build writes it anew
            items = entry.get("pictures") if isinstance(entry, dict) else None
            for item in items if isinstance(items, list) else ():
                if not (isinstance(item, dict) and pixels.valid(item)):
                    continue
                inside = provenance.decode(item["provenance"])
                if inside is not None:
                    found.setdefault(item["pixels"], {}).setdefault(
                        tuple(sorted(inside.items())),
                        Known(inside, tuple(item["size"]), float(item["ppi"]), state_path))
    return {digest: tuple(builds.values()) for digest, builds in found.items()}


def _state_files(folders: list[Path]) -> list[Path]:
    """The build states under ``folders``, the newest first (by their folders' names, a
    user venue's ``build/default/`` drawn alike won over the build sync had just copied)."""
    seen, files = set(), []
    for folder in folders:
        for path in _walk(folder, STATE_FILE.__eq__):
            key = os.path.realpath(path)
            if key not in seen:
                seen.add(key)
                files.append(path)

    def written(path: Path) -> float:
        try:
            return path.stat().st_mtime
        except OSError:
            return 0.0
    return sorted(files, key=written, reverse=True)


def _walk(folder: Path, wanted) -> list[Path]:
    """The files under ``folder`` whose name is ``wanted``, links not followed, at most
    :data:`_MOST_FOLDERS` folders."""
    found = []
    for count, (here, dirs, files) in enumerate(os.walk(folder)):
        if count >= _MOST_FOLDERS:
            break
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        found += [Path(here) / name for name in sorted(files) if wanted(name)]
    return found


def in_paper_folder(folder: Path, sizes: set[tuple[int, int]],
                    known: dict[str, tuple[Known, ...]]) -> dict[str, Known]:
    """Pixel digest -> the PNGs under ``folder`` that carry our provenance, are of one of
    ``sizes`` and whose pixels no build record knows (so their label must be believed)."""
    found: dict[str, Known] = {}
    for path in _walk(folder, lambda name: name.lower().endswith(".png"))[:_MOST_PNGS]:
        try:
            read = _ours_of_size(path, sizes)
        except Exception:  # noqa: BLE001, S112 - not a PNG Pillow reads: not one of ours
            continue
        if read is not None and read[0] not in known:
            found.setdefault(read[0], Known(read[1], read[2], read[3], path, from_paper=True))
    return found


def _ours_of_size(path: Path, sizes: set[tuple[int, int]]):
    """(pixel digest, provenance, size, ppi) of the PNG at ``path`` when it is ours and of
    one of ``sizes`` (its pixels decoded only then); None otherwise."""
    with pixels.open_image(path) as image:
        if image.size not in sizes:
            return None
        text = getattr(image, "text", {}) or {}
        inside = provenance.decode(text.get(provenance.SUITE, ""))
        if inside is None:
            return None
        ppi = float((image.info.get("dpi") or (0, 0))[0]) or 72.0
        return pixels.digest(image), inside, image.size, ppi


def known_for(folder: Path, images: list, built: list[Path] | tuple[Path, ...]
              ) -> tuple[dict[str, tuple[Known, ...]], bool]:
    """Pixel digest -> the :class:`Known` builds of it, for the sizes the image XObjects
    ``images`` have: the records of the build states under ``built`` (newest first), else the
    PNG of ours under ``folder`` (the paper's); and whether any record of ours was found at
    all (of any size)."""
    sizes = {pixel_size(image) for image in images}
    every = recorded(list(built))
    known = {digest: ks for digest, ks in every.items() if ks[0].size in sizes}
    in_paper = {digest: (k,) for digest, k in in_paper_folder(folder, sizes, known).items()}
    return {**in_paper, **known}, bool(every or in_paper)


def pixel_size(image) -> tuple[int, int]:
    """An image XObject's width and height in pixels ((0, 0) when it does not say)."""
    try:
        return int(image.get("/Width", 0)), int(image.get("/Height", 0))
    except (TypeError, ValueError):
        return 0, 0


def identity(xobject) -> tuple[int, int] | None:
    """The object number of an indirect XObject (drawn many times, read once); None for a
    direct one."""
    ref = getattr(xobject, "indirect_reference", None)
    return None if ref is None else (ref.idnum, ref.generation)
