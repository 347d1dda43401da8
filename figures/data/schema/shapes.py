"""Containers of the schema language: lists, records, maps, and the ties across them."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from figures.data.checks import join as _join
from figures.data.checks import type_name
from figures.data.schema.base import Problem, Schema
from figures.data.schema.values import Number, Text
from figures.data.text import excerpt, text_problems


@dataclass(frozen=True)
class ListOf(Schema):
    """A list of ``item``: ``length`` fixes its length, ``min_length``/``max_length`` bound it."""

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
    """An object of free keys (methods) whose values all match ``value``: ``keys`` must be
    there, ``known`` lists every key allowed; free keys are checked as text, or against
    ``key_pattern`` (``key_what`` in words)."""

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
