"""Figdata files: one JSON per figure, ``{"figure", "provenance", "data"}``.

The envelope is specified once, as a JSON Schema: ``figures/figdata.schema.json`` (editors
use it through the ``"$schema"`` key of each file). ``provenance.kind`` is ``paper-values``
(literals quoted by the paper), ``extracted`` (from a real results tree) or
``synthetic-example`` (from :mod:`figures.extract.synthetic`). Sources are listed relative to the
results folder with their sha256; no timestamps, so files are reproducible. The shape of
``data`` is each figure's ``SCHEMA`` (:mod:`figures.data.schema`), checked after the envelope.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from figures import __version__
from figures.data.checks import type_name
from figures.data.jsonio import dumps_figdata, parse_json, read_json, write_text_atomic
from figures.data.schema import Schema, validate
from figures.errors import FigureDataError

ENVELOPE_SCHEMA = Path(__file__).resolve().parent / "figdata.schema.json"
#: What figdata files in the repository's figdata/ put under ``"$schema"``.
SCHEMA_REF = "../figures/data/figdata.schema.json"
ENVELOPE: dict[str, Any] = json.loads(ENVELOPE_SCHEMA.read_text(encoding="utf-8"))
KINDS: tuple[str, ...] = tuple(ENVELOPE["properties"]["provenance"]["properties"]["kind"]["enum"])
SYNTHETIC = "synthetic-example"
_JSON_TYPES = {"object": "an object", "array": "a list", "string": "a string",
               "number": "a number", "integer": "an integer", "boolean": "true or false"}


@functools.cache
def _validator():
    import jsonschema

    return jsonschema.Draft202012Validator(ENVELOPE)


def _dotted(path) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out.lstrip(".")


def check_envelope(doc: Any, shown: str) -> None:
    """Raise one :class:`FigureDataError` listing every envelope problem of ``doc`` at once."""
    if not isinstance(doc, dict):
        raise FigureDataError(shown, None, "expected a JSON object with figure, provenance, data")
    missing: list[str] = []
    others: list[tuple[str, str]] = []
    for error in sorted(_validator().iter_errors(doc), key=lambda e: list(map(str, e.path))):
        where = _dotted(error.absolute_path)
        if error.validator == "required":
            missing += [f"{where}.{k}".lstrip(".") for k in error.validator_value
                        if k not in error.instance]
        elif error.validator == "enum":
            choices = ", ".join(error.validator_value)
            others.append((where, f"is {error.instance!r}, expected one of {choices}"))
        elif error.validator == "additionalProperties":
            known = error.schema.get("properties", {})
            others += [(f"{where}.{key}".lstrip("."), f"unknown key; known: {', '.join(known)}")
                       for key in error.instance if key not in known]
        elif error.validator == "minLength" and error.validator_value == 1:
            others.append((where, "is empty; give a value or leave the key out"))
        elif error.validator == "type":
            expected = _JSON_TYPES.get(error.validator_value, "a value")
            others.append((where, f"expected {expected}, got {type_name(error.instance)}"))
        else:
            detail = error.schema.get("description", error.message)
            shown_value = repr(error.instance)
            shown_value = shown_value if len(shown_value) <= 60 else shown_value[:57] + "..."
            others.append((where, f"{shown_value} is not valid: {detail}"))
    missing = list(dict.fromkeys(missing))  # jsonschema reports each key of a list once per key
    if len(missing) == 1 and not others:
        raise FigureDataError(shown, missing[0], "missing key")
    if len(others) == 1 and not missing:
        raise FigureDataError(shown, *others[0])
    if missing or others:
        parts = [f"missing keys {', '.join(missing)}"] if missing else []
        parts += [f"{where}: {message}" for where, message in others]
        raise FigureDataError(shown, None, "; ".join(parts) + f" (the envelope is specified in "
                                                              f"figures/{ENVELOPE_SCHEMA.name})")


def load(path: Path, name: str, schema: Schema | None = None,
         text: str | None = None) -> dict[str, Any]:
    """Read a figdata file (or its already read ``text``), check its envelope and (given) its
    data's declared shape."""
    shown = str(path)
    doc = read_json(path) if text is None else parse_json(text, shown)
    check_envelope(doc, shown)
    if doc["figure"] != name:
        raise FigureDataError(shown, "figure", f"is {doc['figure']!r}, expected {name!r}")
    if schema is not None:
        validate(doc["data"], schema, shown)
    return doc


def kind_of(doc: dict[str, Any]) -> str:
    return doc["provenance"]["kind"]


def is_synthetic(doc: dict[str, Any]) -> bool:
    """Made by :mod:`figures.extract.synthetic`: marked wherever it lands (macros, list, figures)."""
    return kind_of(doc) == SYNTHETIC


def make(
    name: str, data: dict[str, Any], *, kind: str, seed_script: str | None,
    sources: list[dict[str, str]], notes: str | None = None,
) -> dict[str, Any]:
    provenance: dict[str, Any] = {"kind": kind}
    if seed_script:
        provenance["seed_script"] = seed_script
    provenance.update({"figures_version": __version__, "sources": sources})
    if notes:
        provenance["notes"] = notes
    return {"figure": name, "provenance": provenance, "data": data}


def write(path: Path, doc: dict[str, Any]) -> None:
    write_text_atomic(path, dumps_figdata(doc))
