"""Property-based tests: for every registered figure, figdata generated from its declared
SCHEMA (valid data, then one mutation: wrong types, non-finite and huge numbers, odd strings
incl. broken mathtext, missing and extra keys, unknown methods, a list reversed) either
renders or is refused with exactly one line; never another exception.

The strategies are derived by walking each figure's SCHEMA (the JSON Schema that
:mod:`figures.data.schema` writes), so a new figure is fuzzed as soon as it is registered. ``FIGURES_FUZZ_EXAMPLES`` sets the number of
examples per figure (default: a few, to keep the suite fast; ``nox -s fuzz`` runs many).
"""

from __future__ import annotations

import io
import json
import os
import warnings
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from figures.data import figdata
from figures.data.schema import Schema
from figures.data.schema.validate import MAX_MAGNITUDE
from figures.errors import FigureDataError
from figures.outputs.render import save
from figures.registry import FIGURES, FigureSpec

#: Each example renders a figure: the whole module is in the slow tier (and `nox -s fuzz`).
pytestmark = pytest.mark.slow

EXAMPLES = int(os.environ.get("FIGURES_FUZZ_EXAMPLES", "2"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=EXAMPLES <= 20,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

LABEL = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABC0123456789 -_", min_size=1, max_size=12)
ODD_STRINGS = ["$\\frac{$", "$\\foo$", "a $x^$ b", "$", "$$", "\\", "\ud800", "\x00", "\x1b[31m",
               "x" * 300, "\n".join("ab" * 3 for _ in range(9)), "中文", "😀", "$\\sqrt[$", "{}",
               "%s %d", "$\\mathrm{\\alpha}$", "\u202e", "", "$\\hspace{30000}x$",
               "$" + "{" * 60 + "x" + "}" * 60 + "$", "$\\genfrac{(}{)}{30000}{0}{a}{b}$", "a\ufeffb"]
ODD_VALUES = [None, True, False, 0, -1, 1e308, -1e308, float("nan"), float("inf"),
              float("-inf"), 5e-324, 10**19, -(10**19), "1.0", [], {}, [1.0], {"a": 1}]


def _lengths(draw) -> dict[str, int]:
    """One length for every list of numbers and of seeds per document, so that the schema's
    equal-length rules hold by construction (a list of numbers may be one per seed)."""
    n = draw(st.integers(1, 5))
    return {"series": n, "seeds": n}


def _numbers(schema: dict[str, Any]) -> st.SearchStrategy:
    """Numbers ``schema`` (a Number) accepts."""
    low, high = schema["minimum"], schema["maximum"]
    free = (low, high) == (-MAX_MAGNITUDE, MAX_MAGNITUDE)
    if schema["type"] == "integer":
        low, high = (0, 1000) if free else (low, high)
        return st.integers(int(low), int(min(high, 1000)))
    low, high = (-1e3, 1e3) if free else (low, high)
    if "exclusiveMinimum" in schema:
        low = max(low, 1e-9)
    small = schema.get("smallest", 0)
    return st.floats(low, high, allow_nan=False, allow_infinity=False).filter(
        lambda v: v == 0 or abs(v) >= small)


def _valid(draw, schema: dict[str, Any], sizes: dict[str, int]) -> Any:  # noqa: PLR0911
    """A value ``schema`` accepts."""
    kind = schema.get("type")
    if "enum" in schema:
        return draw(st.sampled_from(schema["enum"]))
    if kind == "string":
        return draw(LABEL)
    if kind in ("number", "integer"):
        return draw(_numbers(schema))
    if kind == "array":
        item, low = schema["items"], schema["minItems"]
        if schema.get("maxItems") == low and "why" not in schema:
            n = low
        elif item.get("type") == "number" or schema.get("increasing"):  # epochs, blocks
            n = sizes["series"]
        elif item.get("type") in ("integer", "array"):  # seeds, a series per seed
            n = sizes["seeds"]
        else:
            n = draw(st.integers(1, 3))
        n = min(max(n, low), schema.get("maxItems", n))
        if schema.get("increasing"):  # epochs, blocks: distinct numbers in order
            return sorted(draw(st.lists(_numbers(item), min_size=n, max_size=n, unique=True)))
        if schema.get("uniqueItems"):  # seeds: each once
            values: list[Any] = []
            while len(values) < n:
                value = _valid(draw, item, sizes)
                values += [value] if value not in values else []
            return values
        return [_valid(draw, item, sizes) for _ in range(n)]
    if kind == "object" and "properties" in schema:  # a Record (its source note left out)
        return {key: _valid(draw, field, sizes) for key, field in schema["properties"].items()
                if key in schema["required"] or (key != "source" and draw(st.booleans()))}
    if kind == "object" and isinstance(schema.get("additionalProperties"), dict):  # a MapOf
        known = schema["propertyNames"].get("enum")
        keys = list(schema.get("required", []))
        extra = draw(st.lists(st.sampled_from(known) if known else LABEL, unique=True,
                              max_size=4 if known else 3))
        keys = list(dict.fromkeys([*keys, *extra]))
        while len(keys) < schema.get("minProperties", 0):
            keys = list(dict.fromkeys([*keys, draw(st.sampled_from(known)) if known
                                       else f"k{len(keys)}"]))
        return {key: _valid(draw, schema["additionalProperties"], sizes) for key in keys}
    raise AssertionError(f"no strategy for {schema!r}: teach tests/unit/test_fuzz.py its shape")


def _paths(value: Any, path: tuple = ()) -> list[tuple]:
    """Every location inside ``value`` (dict keys and list indices)."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += _paths(item, (*path, i))
    return found


def _parent(doc: Any, path: tuple) -> Any:
    for part in path[:-1]:
        doc = doc[part]
    return doc


@st.composite
def mutated(draw, schema: Schema) -> dict[str, Any]:
    """Valid data, then (usually) one mutation at a random place."""
    data = _valid(draw, schema, _lengths(draw))
    kind = draw(st.sampled_from(["none", "value", "string", "delete", "extra", "method",
                                 "empty", "reverse"]))
    if kind == "none":
        return data
    path = draw(st.sampled_from([p for p in _paths(data) if p]))
    parent, last = _parent(data, path), path[-1]
    if kind == "value":
        parent[last] = draw(st.sampled_from(ODD_VALUES))
    elif kind == "string":
        parent[last] = draw(st.one_of(st.sampled_from(ODD_STRINGS), st.text(max_size=40)))
    elif kind == "delete":
        del parent[last]
    elif kind == "extra" and isinstance(parent, dict):
        parent[draw(st.sampled_from(["extra", "foo", "$\\frac{$", "bp", "BP"]))] = parent[last]
    elif kind == "method" and isinstance(parent, dict):
        parent[draw(st.sampled_from(["foo", "Hebbian", "x" * 100]))] = parent.pop(last)
    elif kind == "empty" and isinstance(parent[last], (list, dict)):
        parent[last] = type(parent[last])()
    elif kind == "reverse" and isinstance(parent[last], list):  # epochs out of order
        parent[last] = parent[last][::-1]
    return data


def outcome(spec: FigureSpec, data: dict[str, Any]) -> str | None:
    """None if the figure renders and saves, else the one line that refuses the data. Any
    other exception escapes, and Hypothesis reports it."""
    doc = {"figure": spec.name, "provenance": {"kind": "paper-values"}, "data": data}
    text = json.dumps(doc)  # NaN and Infinity are written as the JSON extensions they are
    try:
        loaded = figdata.load(Path(f"figdata/{spec.name}.json"), spec.name, spec.schema,
                              text=text)
    except FigureDataError as exc:
        return str(exc)
    # matplotlib's warnings (a flat axis expanded, a glyph missing) are not failures here:
    # a build prints them and goes on; what must not happen is an exception.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        fig = spec.render(loaded["data"])
        out = spec.outputs[0]
        save(spec, fig, io.BytesIO(), format="png", dpi=10, bbox_inches=out.bbox_inches)
    return None


@pytest.mark.parametrize("spec", FIGURES, ids=[s.name for s in FIGURES])
def test_schema_derived_figdata_renders_or_is_one_line(spec):
    @FUZZ
    @given(data=mutated(spec.schema))
    def check(data):
        line = outcome(spec, data)
        if line is not None:
            assert "\n" not in line
            assert line.startswith(f"figdata/{spec.name}.json: ")

    check()
