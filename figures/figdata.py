"""Figdata files: one JSON per figure, ``{"figure", "provenance", "data"}``.

``provenance.kind`` is ``paper-values`` (literals quoted by the paper), ``extracted`` (from a
real results tree) or ``synthetic-example`` (from :mod:`figures.synthetic`). Sources are listed
relative to the results folder with their sha256; no timestamps, so files are reproducible.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from figures import __version__
from figures.errors import FigureDataError
from figures.jsonio import dumps_figdata, parse_json, read_json, write_text_atomic
from figures.schema import Schema, validate

KINDS = ("paper-values", "extracted", "synthetic-example")


def load(path: Path, name: str, schema: Schema | None = None,
         text: str | None = None) -> dict[str, Any]:
    """Read a figdata file (or its already read ``text``), check its envelope and (given) its
    data's declared shape."""
    shown = str(path)
    doc = read_json(path) if text is None else parse_json(text, shown)
    if not isinstance(doc, dict):
        raise FigureDataError(shown, None, "expected a JSON object with figure, provenance, data")
    for key in ("figure", "provenance", "data"):
        if key not in doc:
            raise FigureDataError(shown, key, "missing key")
    if doc["figure"] != name:
        raise FigureDataError(shown, "figure", f"is {doc['figure']!r}, expected {name!r}")
    kind = doc["provenance"].get("kind") if isinstance(doc["provenance"], dict) else None
    if kind not in KINDS:
        raise FigureDataError(shown, "provenance.kind", f"is {kind!r}, expected one of {KINDS}")
    if not isinstance(doc["data"], dict):
        raise FigureDataError(shown, "data", "expected an object")
    if schema is not None:
        validate(doc["data"], schema, shown)
    return doc


def kind_of(doc: dict[str, Any]) -> str:
    return doc["provenance"]["kind"]


def make(
    name: str, data: dict[str, Any], *, kind: str, seed_script: str,
    sources: list[dict[str, str]], notes: str | None = None,
) -> dict[str, Any]:
    provenance: dict[str, Any] = {
        "kind": kind,
        "seed_script": seed_script,
        "figures_version": __version__,
        "sources": sources,
    }
    if notes:
        provenance["notes"] = notes
    return {"figure": name, "provenance": provenance, "data": data}


def write(path: Path, doc: dict[str, Any]) -> None:
    write_text_atomic(path, dumps_figdata(doc))
