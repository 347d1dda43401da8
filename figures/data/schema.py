"""Declared shapes of figure data, checked before rendering.

A wrong shape must surface as ``FILE: data.rows[1].methods.BP.h_L[7]: expected a positive
number, got -3.0`` rather than as a matplotlib exception deep inside a render. Each figure
module declares ``SCHEMA`` (or one per figure) with the few constructors below.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from figures.data.checks import number, type_name
from figures.errors import FigureDataError


class Schema:
    def check(self, value: Any, file: str, where: str) -> None:  # pragma: no cover - abstract
        raise NotImplementedError


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

    def check(self, value, file, where):
        x = number(value, file, where, positive=self.positive)
        if self.whole and not float(x).is_integer():
            raise FigureDataError(file, where, f"expected a whole number, got {x:g}")
        if self.smallest is not None and x != 0 and abs(x) < self.smallest:
            raise FigureDataError(file, where, f"expected 0 or a magnitude of at least "
                                  f"{self.smallest:g}, got {x:g}")
        if self.within is not None and not self.within[0] <= x <= self.within[1]:
            low, high = self.within
            raise FigureDataError(file, where, f"expected a number in [{low:g}, {high:g}] "
                                  f"({self.bounded_by}), got {x:g}")
        if abs(x) > MAX_MAGNITUDE:
            raise FigureDataError(file, where, f"expected a number of magnitude at most "
                                  f"{MAX_MAGNITUDE:g}, got {x:g}")


#: Largest magnitude drawn: beyond it axis limits and transforms overflow.
MAX_MAGNITUDE = 1e100
#: Longest text a figure draws, and its most lines: a caption fits a box, a label a tick.
MAX_TEXT_LENGTH = 200
MAX_TEXT_LINES = 6


@dataclass(frozen=True)
class Text(Schema):
    """A string drawn on the canvas: bounded, printable, and valid mathtext where it uses
    ``$...$`` (checked with matplotlib's own parser, so that no render fails on it)."""

    max_length: int = MAX_TEXT_LENGTH
    #: Most lines: fewer where the text sits in a box sized for them (the hero's captions).
    max_lines: int = MAX_TEXT_LINES
    #: What bounds the lines, said in the error.
    lines_bounded_by: str = ""

    def check(self, value, file, where):
        if not isinstance(value, str):
            raise FigureDataError(file, where, f"expected a string, got {type_name(value)}")
        check_text(value, file, where, self.max_length, self.max_lines, self.lines_bounded_by)


def check_text(value: str, file: str, where: str, max_length: int = MAX_TEXT_LENGTH,
               max_lines: int = MAX_TEXT_LINES, lines_bounded_by: str = "") -> None:
    """Refuse text that would crash, hang or flood a render, naming the key."""
    if len(value) > max_length:
        raise FigureDataError(file, where, f"text of {len(value)} characters is too long "
                              f"(at most {max_length})")
    lines = value.split("\n")
    if len(lines) > max_lines:
        why = f", {lines_bounded_by}" if lines_bounded_by else ""
        raise FigureDataError(file, where, f"text of {len(lines)} lines is too long "
                              f"(at most {max_lines}{why})")
    bad = next((c for c in value if unicodedata.category(c) in ("Cs", "Cc") and c != "\n"), None)
    if bad is not None:
        kind = "a lone surrogate" if unicodedata.category(bad) == "Cs" else "a control character"
        raise FigureDataError(file, where, f"contains {kind} ({bad!r}); remove it")
    if "\ufeff" in value:  # often pasted from a file's start; matplotlib's PDF writer fails on it
        raise FigureDataError(file, where, "contains a byte order mark ('\\ufeff'), which PDF "
                              "output cannot draw; remove it")
    for line in lines:
        if "$" in line:
            dollars = len(re.findall(r"(?<!\\)\$", line))
            if dollars % 2 and dollars > 1:  # math meant, but matplotlib would draw it as text
                raise FigureDataError(file, where, f"an unbalanced $ in {_excerpt(line)}: math "
                                      "is written between a pair of $; write a literal dollar "
                                      "as \\$")
            _check_mathtext(line, file, where)


def _check_mathtext(line: str, file: str, where: str) -> None:
    """Parse ``line`` as the canvas would (math when it holds an even number of unescaped
    dollar signs), with matplotlib's mathtext parser, and bound what it would draw.

    The parser is matplotlib's, so whatever it raises on the author's text (a syntax error,
    a recursion too deep for it, a size FreeType refuses) is that text's one line. Text that
    parses can still draw a page-wide gap (``\\hspace{30000}``) that takes minutes to save;
    its extent, measured at 12 pt, is bounded as its length is."""
    from matplotlib import cbook
    from matplotlib.font_manager import FontProperties
    from matplotlib.mathtext import MathTextParser

    if not cbook.is_math_text(line):
        return
    depth = _brace_depth(line)
    if depth > MAX_MATH_NESTING:
        raise FigureDataError(file, where, f"mathtext nests braces {depth} deep "
                              f"(at most {MAX_MATH_NESTING}): {_excerpt(line)}")
    try:
        layout = _MATHTEXT.setdefault("parser", MathTextParser("path")).parse(
            line, dpi=72, prop=FontProperties(size=12))
    except Exception as exc:  # noqa: BLE001 - matplotlib's parser judging the author's text
        detail = str(exc).strip().splitlines()[-1] if str(exc).strip() else type(exc).__name__
        detail = re.sub(r"^\w+(Exception|Error): ", "", detail)
        detail = re.sub(r"^Expected \{.*\}, found", "syntax error, found", detail)
        raise FigureDataError(file, where, f"not valid mathtext ({detail}): {_excerpt(line)}") from None
    extent = max([abs(layout.width), layout.height + layout.depth]
                 + [max(abs(g[-2]), abs(g[-1])) for g in layout.glyphs]
                 + [max(abs(r[0]) + abs(r[2]), abs(r[1]) + abs(r[3])) for r in layout.rects])
    if not extent <= MAX_MATH_EXTENT_EM * 12:
        raise FigureDataError(file, where, f"mathtext draws {extent / 12:.3g} em across (at most "
                              f"{MAX_MATH_EXTENT_EM}); check \\hspace and \\genfrac sizes: "
                              f"{_excerpt(line)}")


#: Deepest ``{`` nesting in mathtext: deeper overflows the parser's recursion.
MAX_MATH_NESTING = 20
#: Widest or tallest mathtext, in em: 200 of the widest glyph (W) are about 165 em.
MAX_MATH_EXTENT_EM = 250


def _brace_depth(line: str) -> int:
    """How deep unescaped ``{`` nest in ``line``."""
    depth = deepest = 0
    for match in re.finditer(r"\\.|[{}]", line):
        token = match.group()
        if token == "{":
            depth += 1
            deepest = max(deepest, depth)
        elif token == "}":
            depth -= 1
    return deepest


def _excerpt(line: str, limit: int = 60) -> str:
    """``line`` quoted, shortened to ``limit`` characters so the message stays one readable line."""
    return repr(line if len(line) <= limit else line[: limit - 1] + "…")


_MATHTEXT: dict[str, Any] = {}


@dataclass(frozen=True)
class Scalar(Schema):
    """A label: a number or a string (e.g. a seed)."""

    def check(self, value, file, where):
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise FigureDataError(file, where, f"expected a number or string, got {type_name(value)}")
        if isinstance(value, str):
            check_text(value, file, where)
        else:
            number(value, file, where)


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

    def check(self, value, file, where):
        if not isinstance(value, list):
            raise FigureDataError(file, where, f"expected a list, got {type_name(value)}")
        if self.length is not None and len(value) != self.length:
            raise FigureDataError(file, where, f"expected {self.length} entries, got {len(value)}")
        if len(value) < self.min_length:
            raise FigureDataError(
                file, where, f"expected at least {self.min_length} entries, got {len(value)}")
        if self.max_length is not None and len(value) > self.max_length:
            raise FigureDataError(file, where, f"expected at most {self.max_length} entries "
                                  f"({self.max_reason}), got {len(value)}")
        for i, item in enumerate(value):
            self.item.check(item, file, f"{where}[{i}]")
        if self.equal_lengths and len({len(v) for v in value}) > 1:
            detail = ", ".join(f"[{i}] has {len(v)}" for i, v in enumerate(value))
            raise FigureDataError(file, where, f"series of unequal length: {detail}")
        if self.increasing:
            for i in range(1, len(value)):
                if not value[i - 1] < value[i]:
                    raise FigureDataError(file, f"{where}[{i}]", f"{value[i]:g} after "
                                          f"{value[i - 1]:g}: expected increasing order (each "
                                          "once); sort the records or remove the repeat")


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
SOURCE_NOTE = Text(max_length=1000)


@dataclass(frozen=True)
class Record(Schema):
    """An object with ``fields`` (keys in ``optional`` may be absent; others are refused,
    but for a ``source`` note, see NOTE_KEYS).

    Lists named in each group of ``same_length`` must be equally long (x against y); a name
    is a dotted path, ``[*]`` stands for every element (``BP.h_L[*]``: each seed's series)
    and ``*`` for every value of an object (``final_test_acc.*``: each method's list).
    Absent paths are skipped (they are optional or already reported)."""

    fields: Mapping[str, Schema]
    optional: Sequence[str] = ()
    same_length: Sequence[Sequence[str]] = field(default=())
    #: Refuse keys not in ``fields`` (where a misspelt key would silently be ignored).
    closed: bool = True
    #: ``(map, list)`` pairs: every key of the object ``map`` is one of ``list``'s values
    #: (a per-seed map holds only the figure's seeds).
    keys_among: Sequence[tuple[str, str]] = ()

    def check(self, value, file, where):
        if not isinstance(value, dict):
            raise FigureDataError(file, where, f"expected an object, got {type_name(value)}")
        if self.closed:
            for key in value:
                if key in NOTE_KEYS and key not in self.fields:
                    SOURCE_NOTE.check(value[key], file, f"{where}.{key}")
                elif key not in self.fields:
                    raise FigureDataError(file, f"{where}.{key}",
                                          f"unknown key; known: {', '.join(self.fields)}")
        for key, schema in self.fields.items():
            if key not in value:
                if key in self.optional:
                    continue
                raise FigureDataError(file, f"{where}.{key}", "missing key")
            schema.check(value[key], file, f"{where}.{key}")
        for mapping, listing in self.keys_among:
            allowed = [str(item) for item in value.get(listing, [])]
            for key in value.get(mapping, {}):
                if key not in allowed:
                    raise FigureDataError(file, f"{where}.{mapping} key {key!r}".lstrip("."),
                                          f"not one of {listing} ({', '.join(allowed)})")
        for group in self.same_length:
            lengths = [item for path in group for item in _lengths(value, path)]
            if len({n for _, n in lengths}) > 1:
                detail = ", ".join(f"{k} has {n}" for k, n in lengths)
                raise FigureDataError(file, where, f"series of unequal length: {detail}")


@dataclass(frozen=True)
class MapOf(Schema):
    """An object whose keys are free (e.g. methods) and whose values all match ``value``;
    ``keys`` lists keys that must be present, ``known`` (if given) every key allowed: keys
    that select a method's colour and label. Free keys are drawn as labels: checked as text."""

    value: Schema
    keys: Sequence[str] = ()
    min_size: int = 0
    #: All values are lists of one length (series drawn against one shared x).
    equal_lengths: bool = False
    known: Sequence[str] | None = None

    def check(self, value, file, where):
        if not isinstance(value, dict):
            raise FigureDataError(file, where, f"expected an object, got {type_name(value)}")
        for key in value:
            if self.known is None:
                check_text(key, file, f"{where} key {key[:40]!r}")
            elif key not in self.known:
                raise FigureDataError(file, f"{where}.{key}",
                                      f"unknown key; known: {', '.join(self.known)}")
        for key in self.keys:
            if key not in value:
                raise FigureDataError(file, f"{where}.{key}", "missing key")
        if len(value) < self.min_size:
            raise FigureDataError(
                file, where, f"expected at least {self.min_size} entries, got {len(value)}")
        for key, item in value.items():
            self.value.check(item, file, f"{where}.{key}")
        if self.equal_lengths and len({len(v) for v in value.values()}) > 1:
            detail = ", ".join(f"{k} has {len(v)}" for k, v in value.items())
            raise FigureDataError(file, where, f"series of unequal length: {detail}")


@dataclass(frozen=True)
class OneOf(Schema):
    """One of a fixed set of strings (e.g. an aggregate); anything else is refused."""

    choices: Sequence[str]

    def check(self, value, file, where):
        if not isinstance(value, str) or value not in self.choices:
            raise FigureDataError(file, where, f"is {_short(value)}, expected one of: "
                                  f"{', '.join(self.choices)}")


@dataclass(frozen=True)
class Matches(Schema):
    """A string matching ``pattern`` in full; ``what`` says in words what is expected."""

    pattern: str
    what: str

    def check(self, value, file, where):
        if not isinstance(value, str):
            raise FigureDataError(file, where, f"expected a string, got {type_name(value)}")
        if not re.fullmatch(self.pattern, value):
            raise FigureDataError(file, where, f"is {_short(value)}, expected {self.what}")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _lengths(value: Any, path: str) -> list[tuple[str, int]]:
    """``(label, len)`` of each list that ``path`` names inside ``value``."""
    found: list[tuple[str, Any]] = [("", value)]
    for part in path.split("."):
        each = part.endswith("[*]")
        key = part.removesuffix("[*]")
        step = []
        for label, item in found:
            if key == "*" and isinstance(item, dict):
                step.extend((f"{label}.{k}".lstrip("."), v) for k, v in item.items())
                continue
            if not isinstance(item, dict) or key not in item:
                continue
            child, child_label = item[key], f"{label}.{key}".lstrip(".")
            if each and isinstance(child, list):
                step.extend((f"{child_label}[{i}]", c) for i, c in enumerate(child))
            else:
                step.append((child_label, child))
        found = step
    return [(label, len(item)) for label, item in found if isinstance(item, list)]


def validate(data: Any, schema: Schema, file: str, where: str = "data") -> None:
    schema.check(data, file, where)
