"""Figdata files: one JSON per figure, ``{"figure", "provenance", "data", "quoted"}``, checked
with the envelope and the figure's ``SCHEMA`` at once (docs/modules.md)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from figures.data.checks import type_name
from figures.data.envelope import (
    JSON_SCHEMA_FILE,
    KEYWORDS,
    KINDS,
    SCHEMA_REF,
    SYNTHETIC,
    envelope,
    quoted_problems,
)
from figures.data.jsonio import dumps_figdata, parse_json, read_json, write_text_atomic
from figures.data.schema import Schema, check
from figures.errors import DataError, FigureDataError
from figures.version import __version__

__all__ = ["JSON_SCHEMA_FILE", "KINDS", "SCHEMA_REF", "SYNTHETIC", "is_synthetic", "load", "make",
           "origin_of", "quoted_problems", "write"]


def load(path: Path, name: str, schema: Schema | None = None,
         text: str | None = None, *, quoted_paths: bool = True) -> dict[str, Any]:
    """Read a figdata file (or its already read ``text``) and check it whole: envelope, name,
    data against ``schema``, quoted entries (their paths too with ``quoted_paths``)."""
    shown = str(path)
    doc = read_json(path) if text is None else parse_json(text, shown)
    if not isinstance(doc, dict):
        raise DataError(shown, None, "expected a JSON object with figure, provenance, data, "
                        f"got {type_name(doc)}")
    try:
        check(envelope(name, schema, quoted_paths=quoted_paths), doc, shown, "", KEYWORDS)
    except FigureDataError as exc:  # a newer release's file: its keys unknown here, say why
        if (newer := _newer(doc)) is not None:
            exc.message = f"{exc.message}; {newer}"
            exc.problems = [(key, f"{said}; {newer}") for key, said in exc.problems]
        raise
    return doc


def _release(text: object) -> tuple[int, ...] | None:
    """A version's release numbers (``0.1.0``: (0, 1, 0)); None: not one."""
    found = re.match(r"(\d+)\.(\d+)(?:\.(\d+))?", text) if isinstance(text, str) else None
    return tuple(int(n or 0) for n in found.groups()) if found else None


def _newer(doc: dict[str, Any]) -> str | None:
    """Why a file that does not check may be a newer release's (round 49, from 49c W9: a
    key a newer schema added was "unknown key", read as "delete it")."""
    provenance = doc.get("provenance")
    written = provenance.get("figures_version") if isinstance(provenance, dict) else None
    if (release := _release(written)) is None or release <= (_release(__version__) or ()):
        return None
    return (f"written by figures {written}, newer than this {__version__}: update the "
            "package (pip install -e . in a newer checkout) to read it")


def origin_of(doc: dict[str, Any]) -> str:
    """Where the data comes from (the envelope's ``provenance.kind``)."""
    return doc["provenance"]["kind"]


def is_synthetic(doc: dict[str, Any]) -> bool:
    """Made by :mod:`figures.extract.synthetic`: marked wherever it lands (macros, list, figures)."""
    return origin_of(doc) == SYNTHETIC


def make(name: str, data: dict[str, Any], *, kind: str, seed_script: str | None,
         sources: list[dict[str, str]], notes: str | None = None) -> dict[str, Any]:
    provenance: dict[str, Any] = {"kind": kind}
    if seed_script:
        provenance["seed_script"] = seed_script
    provenance.update({"figures_version": __version__, "sources": sources})
    if notes:
        provenance["notes"] = notes
    return {"figure": name, "provenance": provenance, "data": data}


def write(path: Path, doc: dict[str, Any]) -> None:
    write_text_atomic(path, dumps_figdata(doc))
