"""Single values of the schema language: numbers, text, labels, choices."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

from figures.data.checks import number_problem, type_name
from figures.data.schema.base import MAX_MAGNITUDE, Schema
from figures.data.text import MAX_TEXT_LENGTH, MAX_TEXT_LINES, excerpt, text_problems
from figures.errors import unprintable_class


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
        problem = number_problem(value, positive=self.positive)
        if problem is not None:
            yield where, problem
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
    """A string: bounded, printable, and with ``math`` valid mathtext (matplotlib's parser).
    ``min_length`` 1 refuses a blank one; ``pattern`` (``what``, in words) must match in full;
    ``reserved`` names are refused with ``reserved_why`` (``{name}``: the value)."""

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
class AnyObject(Schema):
    """An object whose shape another schema checks (a figure's data inside the envelope)."""

    def problems(self, value, where):
        if not isinstance(value, dict):
            yield where, f"expected an object, got {type_name(value)}"

    def json_schema(self):
        return self._described({"type": "object"})
