"""The one schema language: the shape of every file a user writes, checked before use.

A wrong shape must surface as ``FILE: data.rows[1].methods.BP.h_L[7]: expected a positive
number, got -3.0`` rather than as a matplotlib exception deep inside a render. Each figure
module declares ``SCHEMA`` with the few constructors below; the figdata envelope
(:mod:`figures.data.envelope`) and the venue file (:mod:`figures.preflight.venues`) are
written in the same language.

A check collects every problem of a value (``(where, message)`` pairs) and
:func:`validate` reports them at once, as one line. What JSON Schema can say of a shape,
:meth:`Schema.json_schema` writes (``figures schema``, for editors); what it cannot (mathtext,
lengths tied across fields) is said in its descriptions and checked here.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from figures.data.checks import type_name
from figures.data.text import (
    MAX_TEXT_LENGTH,
    MAX_TEXT_LINES,
    Problem,
    excerpt,
    text_problems,
)
from figures.errors import FigureDataError, unprintable_class

#: Largest magnitude drawn: beyond it axis limits and transforms overflow.
MAX_MAGNITUDE = 1e100
#: Most problems one line lists; the rest are counted.
MAX_LISTED = 3


def _join(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


@dataclass(frozen=True)
class Schema:
    """A shape. ``doc`` says what the value is, in the generated JSON Schema."""

    doc: str = field(default="", kw_only=True)

    def problems(self, value: Any, where: str) -> Iterator[Problem]:  # pragma: no cover
        raise NotImplementedError

    def check(self, value: Any, file: str, where: str = "data") -> None:
        """Raise one :class:`FigureDataError` naming every problem of ``value``."""
        raise_problems(file, list(self.problems(value, where)))

    def json_schema(self) -> dict[str, Any]:  # pragma: no cover
        raise NotImplementedError

    def _described(self, schema: dict[str, Any]) -> dict[str, Any]:
        return {"description": self.doc, **schema} if self.doc else schema


def raise_problems(file: str, problems: Sequence[Problem]) -> None:
    """One :class:`FigureDataError` for ``problems``: ``FILE: KEY: MESSAGE`` for one, else
    ``FILE: N problems: missing keys a, b; KEY: MESSAGE; ...`` (its ``problems`` lists them)."""
    if not problems:
        return
    if len(problems) == 1:
        error = FigureDataError(file, *problems[0])
    else:
        missing = [where for where, message in problems if message == "missing key"]
        others = [f"{where}: {message}" for where, message in problems
                  if message != "missing key"]
        parts = ([f"missing keys {', '.join(missing)}"] if missing else []) + others
        if not others:
            error = FigureDataError(file, None, parts[0])
        else:
            shown = parts[:MAX_LISTED]
            rest = f"; and {len(parts) - MAX_LISTED} more" if len(parts) > MAX_LISTED else ""
            error = FigureDataError(file, None, f"{len(problems)} problems: {'; '.join(shown)}"
                                                f"{rest}")
    error.problems = list(problems)
    raise error


def validate(data: Any, schema: Schema, file: str, where: str = "data") -> None:
    schema.check(data, file, where)


@dataclass(frozen=True)
class Number(Schema):
    """A finite number; ``positive`` for values bound for a log axis; ``within`` the limits of
    the fixed axis it is drawn on (outside them its mark would silently leave the canvas)."""

    positive: bool = False
    within: tuple[float, float] | None = None
    #: Smallest magnitude besides 0 (an axis scaled to 1e-96 throws its labels off any canvas).
    smallest: float | None = None
    #: Why ``within`` bounds it, said in the error.
    bounded_by: str = "the figure's fixed axis"
    #: A count (epochs): a whole number.
    whole: bool = False

    def problems(self, value, where):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            yield where, f"expected a number, got {type_name(value)}"
        elif not math.isfinite(value):
            yield where, f"expected a finite number, got {value}"
        elif self.positive and value <= 0:
            yield where, f"expected a positive number for a log axis, got {value}"
        elif self.whole and not float(value).is_integer():
            yield where, f"expected a whole number, got {value:g}"
        elif self.smallest is not None and value != 0 and abs(value) < self.smallest:
            yield where, f"expected 0 or a magnitude of at least {self.smallest:g}, got {value:g}"
        elif self.within is not None and not self.within[0] <= value <= self.within[1]:
            low, high = self.within
            yield where, (f"expected a number in [{low:g}, {high:g}] ({self.bounded_by}), "
                          f"got {value:g}")
        elif abs(value) > MAX_MAGNITUDE:
            yield where, f"expected a number of magnitude at most {MAX_MAGNITUDE:g}, got {value:g}"

    def json_schema(self):
        out: dict[str, Any] = {"type": "integer" if self.whole else "number"}
        low, high = self.within or (-MAX_MAGNITUDE, MAX_MAGNITUDE)
        out["minimum"], out["maximum"] = low, high
        if self.positive:
            out["exclusiveMinimum"] = 0
        return self._described(out)


@dataclass(frozen=True)
class Text(Schema):
    """A string: bounded, printable (:data:`figures.errors.UNPRINTABLE`), and, when ``math``
    (text drawn on the canvas), valid mathtext where it uses ``$...$`` (checked with
    matplotlib's own parser, so that no render fails on it).

    ``min_length`` 1 refuses an empty or blank string; ``pattern`` (with ``what``, its words)
    must match in full; ``reserved`` (a function giving names) refuses those names, saying
    ``reserved_why`` (``{name}`` stands for the value)."""

    max_length: int = MAX_TEXT_LENGTH
    #: Most lines: fewer where the text sits in a box sized for them (the hero's captions).
    max_lines: int = MAX_TEXT_LINES
    #: What bounds the lines, said in the error.
    lines_bounded_by: str = ""
    min_length: int = 0
    math: bool = True
    pattern: str | None = None
    what: str = ""
    reserved: Callable[[], Collection[str]] | None = None
    reserved_why: str = "{name} is a reserved name"

    def problems(self, value, where):
        if not isinstance(value, str):
            yield where, f"expected a string, got {type_name(value)}"
            return
        if self.min_length and not value.strip():
            yield where, "is empty or blank; give a value"
            return
        found = list(text_problems(value, where, max_length=self.max_length,
                                   max_lines=self.max_lines, math=self.math,
                                   lines_bounded_by=self.lines_bounded_by))
        if found:
            yield from found
        elif self.pattern is not None and not re.fullmatch(self.pattern, value):
            yield where, f"is {excerpt(value)}, expected {self.what}"
        elif self.reserved is not None and value in self.reserved():
            yield where, self.reserved_why.replace("{name}", value)

    def json_schema(self):
        out: dict[str, Any] = {"type": "string", "maxLength": self.max_length}
        if self.min_length:
            out["minLength"] = self.min_length
        unprintable = unprintable_class(newline=self.max_lines > 1, surrogates=False)
        out["pattern"] = f"^[^{unprintable}]*$"
        if self.pattern is not None:
            out["allOf"] = [{"pattern": f"^(?:{self.pattern})$"}]
        if self.reserved is not None:
            out["not"] = {"enum": sorted(self.reserved())}
        doc = self.doc or self.what
        if self.math:
            doc = (doc + " " if doc else "") + "(drawn: valid mathtext between $...$)"
        return {"description": doc, **out} if doc else out


def Matches(pattern: str, what: str, *, max_length: int = MAX_TEXT_LENGTH, doc: str = "") -> Text:
    """A one-line string matching ``pattern`` in full; ``what`` says in words what is expected."""
    return Text(max_length=max_length, max_lines=1, math=False, pattern=pattern, what=what,
                doc=doc)


@dataclass(frozen=True)
class Scalar(Schema):
    """A label: a number or a string (e.g. a seed)."""

    def problems(self, value, where):
        if isinstance(value, str):
            yield from Text().problems(value, where)
        elif isinstance(value, bool) or not isinstance(value, (int, float)):
            yield where, f"expected a number or string, got {type_name(value)}"
        else:
            yield from Number().problems(value, where)

    def json_schema(self):
        return self._described({"type": ["number", "string"]})


@dataclass(frozen=True)
class OneOf(Schema):
    """One of a fixed set of strings (e.g. an aggregate); anything else is refused."""

    choices: Sequence[str]

    def problems(self, value, where):
        if not isinstance(value, str) or value not in self.choices:
            yield where, f"is {excerpt(value)}, expected one of: {', '.join(self.choices)}"

    def json_schema(self):
        return self._described({"enum": list(self.choices)})


@dataclass(frozen=True)
class ListOf(Schema):
    """A list of ``item``; ``length`` fixes its length, ``min_length`` and ``max_length``
    bound it."""

    item: Schema
    min_length: int = 1
    length: int | None = None
    #: Every item is a list of one length (e.g. one series per seed, all as long).
    equal_lengths: bool = False
    #: Most entries the figure can show (one labelled tick or one row each), and why.
    max_length: int | None = None
    max_reason: str = ""
    #: Numbers in strictly increasing order (epochs, blocks): else the line zigzags.
    increasing: bool = False

    def problems(self, value, where):
        if not isinstance(value, list):
            yield where, f"expected a list, got {type_name(value)}"
            return
        if self.length is not None and len(value) != self.length:
            yield where, f"expected {self.length} entries, got {len(value)}"
        elif len(value) < self.min_length:
            yield where, f"expected at least {self.min_length} entries, got {len(value)}"
        elif self.max_length is not None and len(value) > self.max_length:
            yield where, (f"expected at most {self.max_length} entries ({self.max_reason}), "
                          f"got {len(value)}")
            return  # too many to check one by one (3,000 blocks)
        inner = [p for i, item in enumerate(value) for p in self.item.problems(item, f"{where}[{i}]")]
        yield from inner
        if inner:
            return
        if self.equal_lengths and len({len(v) for v in value}) > 1:
            detail = ", ".join(f"[{i}] has {len(v)}" for i, v in enumerate(value))
            yield where, f"series of unequal length: {detail}"
        if self.increasing:
            for i in range(1, len(value)):
                if not value[i - 1] < value[i]:
                    yield f"{where}[{i}]", (f"{value[i]:g} after {value[i - 1]:g}: expected "
                                            "increasing order (each once); sort the records "
                                            "or remove the repeat")
                    break

    def json_schema(self):
        out: dict[str, Any] = {"type": "array", "items": self.item.json_schema()}
        if self.length is not None:
            out["minItems"] = out["maxItems"] = self.length
        else:
            if self.min_length:
                out["minItems"] = self.min_length
            if self.max_length is not None:
                out["maxItems"] = self.max_length
        return self._described(out)


def Series(*, positive: bool = False, min_length: int = 1,
           within: tuple[float, float] | None = None, smallest: float | None = None,
           bounded_by: str = Number.bounded_by, increasing: bool = False,
           max_length: int | None = None, max_reason: str = "") -> ListOf:
    """A list of numbers, one per epoch, layer or block."""
    return ListOf(Number(positive=positive, within=within, smallest=smallest,
                         bounded_by=bounded_by), min_length=min_length, increasing=increasing,
                  max_length=max_length, max_reason=max_reason)


def Epochs(*, min_length: int = 1) -> ListOf:
    """Epoch numbers of a series: strictly increasing, as extraction checks the logs."""
    return Series(min_length=min_length, increasing=True)


#: Keys any object in ``data`` may carry besides its fields: where its values come from.
NOTE_KEYS = ("source",)
SOURCE_NOTE = Text(max_length=1000, doc="where the values of this object come from")

#: A check across the fields of one object: ``(value, where) -> problems``; its docstring
#: is said in the JSON Schema's description.
Rule = Callable[[dict[str, Any], str], Iterable[Problem]]


@dataclass(frozen=True)
class Record(Schema):
    """An object with ``fields`` (keys in ``optional`` may be absent; others are refused,
    but for a ``source`` note, see NOTE_KEYS, unless ``notes`` is False).

    Lists named in each group of ``same_length`` must be equally long (x against y); a name
    is a dotted path, ``[*]`` stands for every element (``BP.h_L[*]``: each seed's series)
    and ``*`` for every value of an object (``final_test_acc.*``: each method's list).
    ``keys_among`` pairs ``(map, list)``: every key of the object ``map`` is one of
    ``list``'s values. ``rules`` check across fields. These ties run once the fields
    themselves are sound."""

    fields: Mapping[str, Schema]
    optional: Sequence[str] = ()
    same_length: Sequence[Sequence[str]] = ()
    #: Refuse keys not in ``fields`` (where a misspelt key would silently be ignored).
    closed: bool = True
    keys_among: Sequence[tuple[str, str]] = ()
    rules: Sequence[Rule] = ()
    notes: bool = True

    def problems(self, value, where):
        if not isinstance(value, dict):
            yield where, f"expected an object, got {type_name(value)}"
            return
        found: list[Problem] = []
        for key, schema in self.fields.items():
            if key in value:
                found += schema.problems(value[key], _join(where, key))
            elif key not in self.optional:
                found.append((_join(where, key), "missing key"))
        if self.closed:
            for key in value:
                if key in self.fields:
                    continue
                if self.notes and key in NOTE_KEYS:
                    found += SOURCE_NOTE.problems(value[key], _join(where, key))
                else:
                    found.append((_join(where, key), f"unknown key; known: {', '.join(self.fields)}"))
        yield from found
        if found:
            return
        for mapping, listing in self.keys_among:
            allowed = [str(item) for item in value.get(listing, [])]
            for key in value.get(mapping, {}):
                if key not in allowed:
                    yield (f"{_join(where, mapping)} key {key!r}",
                           f"not one of {listing} ({', '.join(allowed)})")
        for group in self.same_length:
            lengths = [item for path in group for item in _lengths(value, path)]
            if len({n for _, n in lengths}) > 1:
                detail = ", ".join(f"{k} has {n}" for k, n in lengths)
                yield where, f"series of unequal length: {detail}"
        for rule in self.rules:
            yield from rule(value, where)

    def json_schema(self):
        properties = {key: schema.json_schema() for key, schema in self.fields.items()}
        if self.closed and self.notes:
            properties.setdefault("source", SOURCE_NOTE.json_schema())
        out: dict[str, Any] = {"type": "object", "properties": properties,
                               "required": [k for k in self.fields if k not in self.optional]}
        if self.closed:
            out["additionalProperties"] = False
        doc = " ".join(filter(None, [self.doc, *(" ".join((r.__doc__ or "").split())
                                                 for r in self.rules)]))
        return {"description": doc, **out} if doc else out


@dataclass(frozen=True)
class MapOf(Schema):
    """An object whose keys are free (e.g. methods) and whose values all match ``value``;
    ``keys`` lists keys that must be present, ``known`` (if given) every key allowed: keys
    that select a method's colour and label. Free keys are drawn as labels: checked as text,
    or against ``key_pattern`` (``key_what`` in words)."""

    value: Schema
    keys: Sequence[str] = ()
    min_size: int = 0
    #: All values are lists of one length (series drawn against one shared x).
    equal_lengths: bool = False
    known: Sequence[str] | None = None
    key_pattern: str | None = None
    key_what: str = ""

    def problems(self, value, where):
        if not isinstance(value, dict):
            yield where, f"expected an object, got {type_name(value)}"
            return
        found: list[Problem] = []
        for key, item in value.items():
            if self.known is not None:
                bad = [] if key in self.known else [
                    (_join(where, key), f"unknown key; known: {', '.join(self.known)}")]
            elif self.key_pattern is not None:
                bad = [] if re.fullmatch(self.key_pattern, key) else [
                    (f"{where} key {excerpt(key, 40)}", f"expected {self.key_what}")]
            else:
                bad = list(text_problems(key, f"{where} key {key[:40]!r}"))
            # a refused key's value is not looked into: its key is the problem
            found += bad or self.value.problems(item, _join(where, key))
        found += [(_join(where, key), "missing key") for key in self.keys if key not in value]
        if len(value) < self.min_size:
            found.append((where, f"expected at least {self.min_size} entries, got {len(value)}"))
        yield from found
        if not found and self.equal_lengths and len({len(v) for v in value.values()}) > 1:
            detail = ", ".join(f"{k} has {len(v)}" for k, v in value.items())
            yield where, f"series of unequal length: {detail}"

    def json_schema(self):
        out: dict[str, Any] = {"type": "object", "additionalProperties": self.value.json_schema()}
        if self.keys:
            out["required"] = list(self.keys)
        if self.min_size:
            out["minProperties"] = self.min_size
        if self.known is not None:
            out["propertyNames"] = {"enum": list(self.known)}
        elif self.key_pattern is not None:
            out["propertyNames"] = {"pattern": f"^(?:{self.key_pattern})$"}
        return self._described(out)


@dataclass(frozen=True)
class AnyObject(Schema):
    """An object whose shape another schema checks (a figure's data inside the envelope)."""

    def problems(self, value, where):
        if not isinstance(value, dict):
            yield where, f"expected an object, got {type_name(value)}"

    def json_schema(self):
        return self._described({"type": "object"})


def _lengths(value: Any, path: str) -> list[tuple[str, int]]:
    """``(label, len)`` of each list that ``path`` names inside ``value``."""
    found: list[tuple[str, Any]] = [("", value)]
    for part in path.split("."):
        each = part.endswith("[*]")
        key = part.removesuffix("[*]")
        step = []
        for label, item in found:
            if key == "*" and isinstance(item, dict):
                step.extend((_join(label, k), v) for k, v in item.items())
                continue
            if not isinstance(item, dict) or key not in item:
                continue
            child, child_label = item[key], _join(label, key)
            if each and isinstance(child, list):
                step.extend((f"{child_label}[{i}]", c) for i, c in enumerate(child))
            else:
                step.append((child_label, child))
        found = step
    return [(label, len(item)) for label, item in found if isinstance(item, list)]
