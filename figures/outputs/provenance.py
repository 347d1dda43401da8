"""Provenance inside every built file: which figure, from which figdata, built how.

Each PDF carries it in its document information (``Title`` the figure, ``Subject`` this
suite, ``Keywords`` the fields), each PNG in text chunks (``Title`` and ``fa-audit-figures``):

    figure=fig4_penalty_rescue; figdata-sha256=<64 hex>; build-key=<64 hex>;
    kind=synthetic-example; variant=default; version=0.1.0

Nothing of time, user or machine goes in, so two builds stay byte-identical. ``pdfinfo``,
``exiftool`` or Pillow's ``Image.open(path).text`` show it; :func:`read` reads it back
(``figures which``, ``figures sync``), whatever the file is called now.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from figures.version import __version__

#: The name of the suite in the files' metadata (PDF Subject, PNG text key).
SUITE = "fa-audit-figures"
FIELDS = ("figure", "figdata-sha256", "build-key", "kind", "variant", "version")
_PAIR = re.compile(r"\s*([a-z0-9-]+)=([^;]*)")


def fields(figure: str, figdata_bytes: bytes, build_key: str, kind: str,
           variant: str) -> dict[str, str]:
    """What a built file says of itself."""
    return {"figure": figure, "figdata-sha256": hashlib.sha256(figdata_bytes).hexdigest(),
            "build-key": build_key, "kind": kind, "variant": variant, "version": __version__}


def encode(values: dict[str, str]) -> str:
    return "; ".join(f"{key}={values[key]}" for key in FIELDS)


def decode(text: str) -> dict[str, str] | None:
    """The fields of an :func:`encode`\\ d text; None when it is not one of ours."""
    values = {m.group(1): m.group(2).strip() for m in _PAIR.finditer(text)}
    return values if all(key in values for key in FIELDS) else None


def metadata(fmt: str, values: dict[str, str]) -> dict[str, str]:
    """savefig ``metadata`` entries holding ``values`` for a file of format ``fmt``."""
    if fmt == "pdf":
        return {"Title": values["figure"], "Subject": SUITE, "Keywords": encode(values)}
    if fmt == "png":
        return {"Title": values["figure"], SUITE: encode(values)}
    return {}


def read(path: Path) -> dict[str, str] | None:
    """The provenance a file carries, None when it carries none (not built by this suite).
    Raises OSError or ValueError when the file cannot be read or decoded."""
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
        from PIL import Image

        with Image.open(path) as image:
            text = getattr(image, "text", {}) or {}
        return decode(text[SUITE]) if SUITE in text else None
    return None
