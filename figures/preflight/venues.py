"""Venue profiles (figures/venues.json, plus a user's file): the print geometry and the
limits `figures check` measures against. Every number carries its source."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from figures.data.jsonio import read_json
from figures.errors import UNPRINTABLE, FigureDataError

BUILTIN = Path(__file__).resolve().parent / "venues.json"
FONT_RULES = ("no-type3", "type1")

_NUMBER_FIELDS = ("text_width_in", "column_width_in", "min_font_pt", "min_line_pt",
                  "min_raster_ppi", "min_cvd_delta_e")


def _sourced(value_schema: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "additionalProperties": False, "required": ["value", "source"],
            "properties": {"value": value_schema,
                           "source": {"type": "string", "minLength": 1}}}


#: Plausible bounds of each number (a page is inches wide, a font points tall): a width of
#: 1e-300 would pass "positive" and make every figure a 300-digit scale, then fail --html.
_RANGES = {"text_width_in": (0.5, 40), "column_width_in": (0.5, 40), "text_height_in": (0.5, 60),
           "min_font_pt": (1, 72), "min_line_pt": (0.01, 10), "min_raster_ppi": (10, 10000),
           "min_cvd_delta_e": (0.1, 100)}


def _number(field: str) -> dict[str, Any]:
    low, high = _RANGES[field]
    return {"type": "number", "minimum": low, "maximum": high}

#: JSON Schema of a venue file (built-in or a user's).
SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": ["venues"],
    "properties": {
        "$comment": {"type": "string"},
        "venues": {
            "type": "object",
            "minProperties": 1,
            "propertyNames": {"pattern": "^[a-z0-9][a-z0-9_-]*$"},
            "additionalProperties": {
                "type": "object",
                "additionalProperties": False,
                "required": ["name", *_NUMBER_FIELDS, "font_rule"],
                "properties": {
                    # printed as the table's title: one line, no control or bidi characters
                    "name": {"type": "string", "minLength": 1, "maxLength": 100,
                             "pattern": f"^[^{UNPRINTABLE}]+$"},
                    **{key: _sourced(_number(key)) for key in _NUMBER_FIELDS},
                    "text_height_in": _sourced(_number("text_height_in")),
                    "font_rule": _sourced({"enum": list(FONT_RULES)}),
                },
            },
        },
    },
    "additionalProperties": False,
}


@dataclass(frozen=True)
class Venue:
    key: str
    name: str
    text_width_in: float
    column_width_in: float
    min_font_pt: float
    min_line_pt: float
    min_raster_ppi: float
    min_cvd_delta_e: float
    font_rule: str
    text_height_in: float | None = None
    sources: tuple[tuple[str, str], ...] = ()

    def source(self, field: str) -> str:
        return dict(self.sources).get(field, "")


def _validate(doc: Any, shown: str) -> None:
    import jsonschema

    error = jsonschema.exceptions.best_match(
        jsonschema.Draft202012Validator(SCHEMA).iter_errors(doc))
    if error is not None:
        key = ".".join(str(p) for p in error.absolute_path) or None
        raise FigureDataError(shown, key, f"{error.message}; see figures/venues.json "
                              "for the expected shape")
    # JSON Schema has no word for "finite": NaN passes exclusiveMinimum (NaN <= 0 is false),
    # and a rule checked against NaN or Infinity always passes
    for key, raw in doc["venues"].items():
        for name in (*_NUMBER_FIELDS, "text_height_in"):
            value = raw.get(name, {}).get("value", 1.0)
            if not math.isfinite(value):
                raise FigureDataError(shown, f"venues.{key}.{name}.value",
                                      f"expected a finite positive number, got {value}")
        column, text = raw["column_width_in"]["value"], raw["text_width_in"]["value"]
        if column > text:
            raise FigureDataError(shown, f"venues.{key}.column_width_in.value",
                                  f"a column of {column:g} in is wider than the text "
                                  f"({text:g} in); swapped?")


def _venue(key: str, raw: dict[str, Any]) -> Venue:
    fields = {name: raw[name]["value"] for name in (*_NUMBER_FIELDS, "font_rule")}
    height = raw.get("text_height_in", {}).get("value")
    sources = tuple((name, raw[name]["source"]) for name in raw if name != "name")
    return Venue(key, raw["name"], text_height_in=height, sources=sources, **fields)


def load_venues(user_file: Path | None = None) -> dict[str, Venue]:
    """The built-in venues, with those of ``user_file`` (validated) replacing same-named ones."""
    docs = [(BUILTIN, str(BUILTIN.name))]
    if user_file is not None:
        docs.append((Path(user_file), str(user_file)))
    venues: dict[str, Venue] = {}
    for path, shown in docs:
        doc = read_json(path, shown)
        _validate(doc, shown)
        venues.update({key: _venue(key, raw) for key, raw in doc["venues"].items()})
    return venues


def get_venue(name: str, user_file: Path | None = None) -> Venue:
    venues = load_venues(user_file)
    if name.lower() not in venues:
        raise FigureDataError("--venue", None, f"unknown venue {name!r}; known: "
                              f"{', '.join(sorted(venues))} (add one with --venues FILE)")
    return venues[name.lower()]
