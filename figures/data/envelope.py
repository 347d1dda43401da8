"""The figdata envelope, in JSON Schema: the one specification of a figdata file, written for
editors by `figures schema` (docs/modules.md)."""

from __future__ import annotations

import functools
import json
import re
import statistics
from pathlib import Path
from typing import Any

from figures.data.checks import finite
from figures.data.schema import AnyObject, ListOf, Matches, OneOf, Record, Schema, Text
from figures.data.schema.validate import error
from figures.data.text import Problem

SYNTHETIC = "synthetic-example"
KINDS = ("paper-values", "extracted", SYNTHETIC)
#: Where the generated JSON Schema lives, and what figdata/ files put under ``"$schema"``.
JSON_SCHEMA_FILE = Path(__file__).resolve().parent / "figdata.schema.json"
SCHEMA_REF = "../figures/data/figdata.schema.json"


@functools.cache
def latex_names() -> frozenset[str]:
    """The one list of names LaTeX already defines (``tools/latex_names.py`` writes it)."""
    text = Path(__file__).with_name("latex_names.txt").read_text(encoding="ascii")
    return frozenset(line for line in text.splitlines() if line and not line.startswith("#"))


#: No leading /, no .. segment, no empty segment (unprintable characters are Text's).
_RELATIVE_PATH = r"(?!/)(?!.*(^|/)\.\.(/|$))(?!.*//).+"

SOURCE = Record({
    "path": Text(max_length=1024, max_lines=1, min_length=1, math=False,
                 pattern=_RELATIVE_PATH, doc="the file, relative to the results folder",
                 what="a path relative to the results folder (no leading /, no .. or empty "
                      "segment)"),
    "sha256": Matches(r"[0-9a-f]{64}", "the file's SHA-256, 64 lowercase hex digits "
                                      "(figures extract writes it)"),
}, notes=False, doc="A results file extraction read, with its SHA-256.")

PROVENANCE = Record({
    "kind": OneOf(KINDS, doc="paper-values: literals the paper quotes; extracted: from a real "
                             "results tree; synthetic-example: made by "
                             "figures/extract/synthetic.py, never for publication."),
    "seed_script": Text(min_length=1, max_lines=1, math=False,
                        doc="The paper's original script this figure reproduces "
                            "(in ../shared/seeds)."),
    "figures_version": Text(max_lines=1, math=False,
                            doc="The package version that wrote the file."),
    "sources": ListOf(SOURCE, min_length=0),
    "notes": Text(max_length=2000, math=False, doc="Anything a reviewer should know."),
}, optional=("seed_script", "figures_version", "sources", "notes"), notes=False,
    doc="Where the data comes from.")

#: A path into data, written as the errors write keys: ``panel_b.conditions[0].cos``.
PATH = r"[^.\[\]]+(\.[^.\[\]]+|\[-?[0-9]{1,9}\])*"
#: Python format specs of type e, f, g or %: optional sign and thousands comma, no width,
#: at most 9 digits of precision (a width pads the macro; 20 digits print float noise).
FORMAT = r"[+ -]?,?([.][0-9])?[eEfFgG%]"


@functools.cache
def quoted() -> Schema:
    """A value of data the paper quotes, as a LaTeX macro (the names LaTeX defines refused)."""
    return Record({
        "macro": Text(max_length=60, max_lines=1, math=False, pattern=r"(?!end)[A-Za-z]+",
                      what="a LaTeX macro name: letters only, not starting with end (LaTeX "
                           "refuses those)",
                      reserved=latex_names(),
                      reserved_why="\\{name} is already defined by LaTeX (\\newcommand would "
                                   "stop the paper's build); choose another name, e.g. with the "
                                   "figure's prefix: \\hero{name}, \\cifar{name}",
                      doc="The LaTeX macro `figures macros` defines (\\NAME)."),
        "path": Text(min_length=1, max_length=200, max_lines=1, math=False, pattern=PATH,
                     what="a path into data: keys joined by dots, list indices in brackets "
                          "(panel_b.conditions[0].cos)",
                     doc="Where the value is in data: keys joined by dots, list indices in "
                         "brackets (panel_b.conditions[0].cos)."),
        "format": Matches(FORMAT, "a number format such as .3f, .1% or .2e (a Python format spec "
                                  "of type e, f, g or %, with an optional sign and thousands "
                                  "comma, no width, at most 9 digits of precision)"),
        "aggregate": OneOf(("mean", "std"), doc="Reduce the list at path: mean or std (ddof 0)."),
        "note": Text(max_length=300, max_lines=1, math=False,
                     doc="What the value is (written as a LaTeX comment)."),
    }, optional=("aggregate",), notes=False)


_STEP = re.compile(r"\[(-?[0-9]+)\]|\.?([^.\[\]]+)")


def resolve(data: Any, path: str) -> tuple[Any, str | None]:
    """The value at ``path`` (as errors name keys) inside ``data``, or why nothing is there."""
    value = data
    for step in _STEP.finditer(path):
        index, key = step.groups()
        if index is not None and isinstance(value, list) and -len(value) <= int(index) < len(value):
            value = value[int(index)]
        elif key is not None and isinstance(value, dict) and key in value:
            value = value[key]
        elif key is not None and isinstance(value, list) and key.lstrip("-").isdigit():
            return None, f"no such entry ({key!r}): a list index is written in brackets, [{key}]"
        else:
            return None, f"no such entry ({step.group().lstrip('.')!r})"
    return value, None


_AGGREGATE = {"mean": statistics.mean, "std": statistics.pstdev}


def quoted_value(data: Any, entry: dict[str, Any], where: str) -> tuple[float | None, list[Problem]]:
    """The number a quoted entry names (aggregated), or the problems that stop it. Mean and
    std (ddof 0) are exact (``statistics`` works in fractions): three equal accuracies have a
    std of 0, not the 1.4e-17 a ``.2e`` macro would print."""
    value, missing = resolve(data, entry["path"])
    shown = f"data.{entry['path']}"
    if missing is not None:
        return None, [(f"{where}.path", f"{shown}: {missing}")]
    aggregate = entry.get("aggregate")
    if aggregate is not None:
        if not isinstance(value, list) or not value:
            return None, [(f"{where}.path", f"{shown}: aggregate needs a list of numbers")]
        if not all(finite(v) for v in value):
            return None, [(f"{where}.path", f"{shown}: aggregate needs finite numbers")]
        value = _AGGREGATE[aggregate](value)
    if not finite(value):
        what = "an object" if isinstance(value, dict) else "a list" if isinstance(value, list) \
            else repr(value)
        return None, [(f"{where}.path", (f"{shown} is {what}, expected a number (or a list "
                                        "with aggregate)"))]
    return float(value), []


def quoted_problems(doc: dict[str, Any]) -> list[Problem]:
    """Each quoted path names a number in data (a list of numbers with aggregate), and each
    macro is quoted once in the file (said once the entries are sound: nothing if not)."""
    problems: list[Problem] = []
    first: dict[str, str] = {}
    entries = doc.get("quoted", [])
    if "data" not in doc or not isinstance(entries, list) or not all(
            isinstance(e, dict) and isinstance(e.get("path"), str) and isinstance(
                e.get("macro"), str) and e.get("aggregate", "mean") in _AGGREGATE
            for e in entries):
        return []
    for i, entry in enumerate(entries):
        at = f"quoted[{i}]"
        problems += quoted_value(doc["data"], entry, at)[1]
        if entry["macro"] in first:
            problems.append((f"{at}.macro", (f"\\{entry['macro']} is already quoted at "
                                            f"{first[entry['macro']]}; one name per value: "
                                            "rename one of them")))
        first.setdefault(entry["macro"], at)
    return problems


def envelope(figure: str | None = None, data: Schema | None = None, *,
             quoted_paths: bool = True) -> Schema:
    """The shape of ``figure``'s figdata file, ``data`` its ``SCHEMA``; without
    ``quoted_paths``, what quoted paths name is left to :func:`quoted_problems`."""
    out = Record({
        "$schema": Text(max_lines=1, math=False, doc=f"Where editors find this schema "
                                                     f"(figdata/ files: {SCHEMA_REF})."),
        "figure": OneOf((figure,)) if figure else Text(
            min_length=1, max_lines=1, math=False,
            doc="The figure's name in figures/registry.py; the file is figdata/<figure>.json."),
        "provenance": PROVENANCE,
        "data": data or AnyObject(doc="What render(data) draws; its shape is the figure's "
                                      "SCHEMA in figures/plots/<figure>.py."),
        "quoted": ListOf(quoted(), min_length=0, doc="Values the paper quotes, written as LaTeX "
                                                   "macros by `figures macros`."),
    }, optional=("$schema", "quoted"), notes=False,
        doc="One figure's data with its provenance (figures/data/envelope.py). Each quoted path "
            "names a number in data (a list of numbers with aggregate).")
    return {**out, "quotedPaths": True} if quoted_paths else out


def _quoted_paths(validator, on: bool, doc: Any, schema: Schema):
    """The ``quotedPaths`` keyword (:data:`KEYWORDS`): what :func:`quoted_problems` finds."""
    for where, message in quoted_problems(doc) if isinstance(doc, dict) else ():
        yield error(message, where=where)


#: The envelope's keyword JSON Schema cannot say, for :func:`figures.data.schema.check`.
KEYWORDS = {"quotedPaths": _quoted_paths}


def json_schema() -> dict[str, Any]:
    """The envelope as a JSON Schema (2020-12), for editors."""
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://fa-audit-figures.invalid/figdata.schema.json",
            "title": "figdata file of fa-audit-figures",
            "$comment": "Generated by `figures schema` from figures/data/envelope.py: do not "
                        "edit by hand.",
            **envelope()}


def json_schema_text() -> str:
    return json.dumps(json_schema(), indent=1, ensure_ascii=True) + "\n"
