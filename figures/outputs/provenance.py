"""Provenance inside every built file: which figure, from which figdata, built how; plain
fields a reader takes as they are, nothing of time, user or machine (docs/modules.md)."""

from __future__ import annotations

import hashlib
import io
import re
from pathlib import Path
from typing import TYPE_CHECKING

from figures.version import __version__

if TYPE_CHECKING:
    from figures.outputs.kind import BuildKind
    from figures.registry import FigureSpec

#: The name of the suite in the files' metadata (PDF Subject, PNG text key).
SUITE = "fa-audit-figures"
FIELDS = ("figure", "figdata-sha256", "build-key", "origin", "variant", "venue", "slot",
          "stamped", "version")
#: What a file of an earlier version carries: without venue, slot and stamped.
_REQUIRED = ("figure", "figdata-sha256", "build-key", "origin", "variant", "version")
#: What the build saves in place of the content digest, then overwrites (same length).
UNSEALED = "0" * 64
_PAIR = re.compile(r"\s*([a-z0-9-]+)=([^;]*)")


def fields(spec: FigureSpec, figdata_bytes: bytes, build_key: str, origin: str,
           kind: BuildKind, stamped: bool) -> dict[str, str]:
    """What a built file says of itself."""
    return {"figure": spec.name, "figdata-sha256": hashlib.sha256(figdata_bytes).hexdigest(),
            "build-key": build_key, "origin": origin, "variant": kind.name,
            "venue": kind.venue.key if kind.venue else "", "slot": f"{kind.print_slot(spec)}",
            "stamped": "yes" if stamped else "no", "version": __version__, "content": UNSEALED}


def encode(values: dict[str, str]) -> str:
    return "; ".join(f"{key}={values[key]}" for key in (*FIELDS, "content") if key in values)


def decode(text: str) -> dict[str, str] | None:
    """The fields of an :func:`encode`\\ d text; None when it is not one of ours."""
    values = {m.group(1): m.group(2).strip() for m in _PAIR.finditer(text)}
    if "kind" in values:  # an earlier version's name of the origin
        values.setdefault("origin", values.pop("kind"))
    return values if all(key in values for key in _REQUIRED) else None


def metadata(fmt: str, values: dict[str, str]) -> dict[str, str]:
    """savefig ``metadata`` entries holding ``values`` for a file of format ``fmt``."""
    if fmt == "pdf":
        return {"Title": values["figure"], "Subject": SUITE, "Keywords": encode(values)}
    if fmt == "png":
        return {"Title": values["figure"], SUITE: encode(values)}
    return {}


def read(path: Path | bytes) -> dict[str, str] | None:
    """The provenance a file (or its bytes, read once) carries, None when it carries none (not
    built by this suite)."""
    if isinstance(path, bytes):
        head, path = path[:8], io.BytesIO(path)
    else:
        with Path(path).open("rb") as handle:
            head = handle.read(8)
    if head.startswith(b"%PDF"):
        from figures.pdf import open_pdf, pypdf_said

        with pypdf_said():  # a damaged file: the caller's one line says so
            info = open_pdf(path).metadata or {}
        if info.get("/Subject") != SUITE:
            return None
        return decode(str(info.get("/Keywords", "")))
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        import warnings

        from PIL import Image

        # only its text chunks are read here: what Pillow warns of its pixels (a picture
        # over its bomb limit) is told where the pixels are read, in one line (round 47b, K20)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with Image.open(path) as image:
                text = getattr(image, "text", {}) or {}
        return decode(text[SUITE]) if SUITE in text else None
    return None


def wrapped(data: bytes) -> list[dict[str, str]]:
    """The labels of ours a PDF carries inside, not as its own: pdfTeX copies each included
    PDF's document information into the form it places (``/PTEX.InfoDict``), so a
    ``standalone`` page or a ``pdfcrop`` of our figure (pdfcrop ends with pdfTeX) still holds
    our label there, at any depth; [] for any other file."""
    if not data.startswith(b"%PDF"):
        return []
    from figures.pdf import open_pdf, pypdf_said, resources

    found: list[dict[str, str]] = []
    with pypdf_said():
        for _, _, drawn in resources(open_pdf(data)):
            for ref in (drawn.get("/XObject") or {}).values():
                info = ref.get_object().get("/PTEX.InfoDict")
                info = info.get_object() if info is not None else None
                if info and info.get("/Subject") == SUITE:
                    inside = decode(str(info.get("/Keywords", "")))
                    if inside is not None and inside not in found:
                        found.append(inside)
    return found


def read_or_none(path: Path) -> dict[str, str] | None:
    """:func:`read`, None for a file missing, damaged or unreadable: it carries nothing of ours
    (where the caller's own line says what is wrong with it, if anything)."""
    try:
        return read(path)
    except Exception:  # noqa: BLE001 - Pillow and pypdf raise many kinds on a damaged file
        return None


def kind_in(out_dir: Path, spec: FigureSpec, venues_file: Path | None = None,
            stem: str | None = None) -> BuildKind:
    """The kind of ``spec``'s build in ``out_dir``, as its files ``stem``.pdf/.png say."""
    from figures.outputs.kind import DEFAULT, parse_kind

    for fmt in ("pdf", "png"):
        # missing or damaged: the preflight says so
        inside = read_or_none(Path(out_dir) / f"{stem or spec.name}.{fmt}")
        if inside is not None and inside["figure"] == spec.name:
            return parse_kind(inside["variant"], venues_file)
    return DEFAULT
