"""Checking a value against a JSON Schema of :mod:`figures.data.schema` with ``jsonschema``,
and saying each problem in the project's words: ``(key, message)``, one per key, in the order
of the schema's fields; one line for all of a file's (:func:`raise_problems`).

``jsonschema`` walks the schema and finds every problem; what JSON Schema cannot say is a
keyword of ours (:data:`KEYWORDS`), checked here. The ties across values (``sameLength``,
``keysAmong``, ``increasing``, the envelope's ``quotedPaths``) are said only where the values
they tie are sound, as a reader would fix them in that order.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple

from figures.data.checks import finite, join, number_problem, type_name
from figures.data.text import MAX_TEXT_LENGTH, Problem, excerpt, text_problems
from figures.errors import DataError, unprintable_class

#: Largest magnitude drawn: beyond it axis limits and transforms overflow.
MAX_MAGNITUDE = 1e100
#: Most problems one line lists; the rest are counted.
MAX_LISTED = 3
FIXED_AXIS = "the figure's fixed axis"
NONBLANK = r"[^\s\u200b-\u200f\u2060-\u2064\ufeff]"  # zero-width ones too (round 50c, W13)
#: JSON Schema's regexes see UTF-16 units: lone surrogates are ``text``'s to refuse.
PRINTABLE = f"^[^{unprintable_class(newline=True, surrogates=False)}]*$"
PRINTABLE_LINE = f"^[^{unprintable_class(surrogates=False)}]*$"
Schema = dict[str, Any]
#: The note any object in ``data`` may carry besides its fields: where its values come from.
NOTE = "where the values of this object come from"


# --- our keywords: what JSON Schema cannot say ---------------------------------------------
def _text(validator, spec, instance, schema):
    if isinstance(instance, str):
        for _, message in text_problems(
                instance, "", max_length=schema.get("maxLength", MAX_TEXT_LENGTH),
                max_lines=spec["lines"], lines_bounded_by=spec["why"], math=spec["math"]):
            yield error(message)


def _smallest(validator, smallest, instance, schema):
    if validator.is_type(instance, "number") and instance != 0 and abs(instance) < smallest:
        yield error(f"expected 0 or a magnitude of at least {smallest:g}, got {instance:g}")


def _increasing(validator, on, instance, schema):
    if on and validator.is_type(instance, "array") and all(
            validator.is_type(v, "number") for v in instance):
        for i in range(1, len(instance)):
            if not instance[i - 1] < instance[i]:
                yield error(f"{instance[i]:g} after {instance[i - 1]:g}: expected increasing "
                             "order (each once); sort the records or remove the repeat", [i])
                return


def _over_epochs(validator, on, instance, schema):
    if on and validator.is_type(instance, "array") and len(instance) == 1:
        yield error("1 epoch, expected at least 2 (an epoch axis draws a change; give the "
                    "full log of a run stopped after its first epoch)")


def _same_length(validator, groups, instance, schema):
    for group in groups:
        lengths = [item for path in group for item in _lengths(instance, path)]
        if len({n for _, n in lengths}) > 1:
            yield error("series of unequal length: "
                         + ", ".join(f"{k} has {n}" for k, n in lengths))


def _keys_among(validator, pairs, instance, schema):
    if not isinstance(instance, dict):
        return
    for mapping, listing in pairs:
        seeds = instance.get(listing)
        allowed = [str(item) for item in (seeds if isinstance(seeds, list) else ())]
        for key in instance.get(mapping) if isinstance(instance.get(mapping), dict) else ():
            if key not in allowed:
                yield error(f"not one of {listing} ({', '.join(allowed)})",
                             where=f"{mapping} key {key!r}")


Keyword = Callable[..., Iterator[Any]]
KEYWORDS: dict[str, Keyword] = {
    "text": _text, "smallest": _smallest, "increasing": _increasing, "overEpochs": _over_epochs,
    "sameLength": _same_length, "keysAmong": _keys_among}
#: Ties across values: said only where the values they tie are sound (the envelope's
#: ``quotedPaths`` is given by :mod:`figures.data.envelope`).
TIES = ("increasing", "sameLength", "keysAmong", "quotedPaths")


def error(message: str, path: Sequence[Any] = (), where: str | None = None):
    """What a keyword yields: ``message`` at ``path`` below the value, or at a key said in
    ``where``."""
    from jsonschema import ValidationError

    made = ValidationError(message, path=path)
    made.where = where  # a key said in words (``state_pred_error key 'abc'``)
    made.tail = len(path)  # below the value the keyword ties
    return made


def _lengths(value: Any, path: str) -> list[tuple[str, int]]:
    """``(label, len)`` of each list that ``path`` names inside ``value``."""
    found: list[tuple[str, Any]] = [("", value)]
    for part in path.split("."):
        each, key = part.endswith("[*]"), part.removesuffix("[*]")
        step = []
        for label, item in found:
            if key == "*" and isinstance(item, (dict, list)):
                step.extend((join(label, k), v) for k, v in (
                    item.items() if isinstance(item, dict) else enumerate(item)))
            elif isinstance(item, dict) and key in item:
                child, child_label = item[key], join(label, key)
                step.extend([(f"{child_label}[{i}]", c) for i, c in enumerate(child)]
                            if each and isinstance(child, list) else [(child_label, child)])
        found = step
    return [(label, len(item)) for label, item in found if isinstance(item, list)]


# --- validating, and saying each problem in the project's words ----------------------------
@functools.cache
def _validator_class(extra: tuple[tuple[str, Keyword], ...] = ()):
    from jsonschema import Draft202012Validator, validators

    types = Draft202012Validator.TYPE_CHECKER.redefine_many({
        "number": lambda checker, v: finite(v),
        "integer": lambda checker, v: finite(v) and float(v).is_integer()})
    enum, items = Draft202012Validator.VALIDATORS["enum"], Draft202012Validator.VALIDATORS["items"]

    def fast_enum(validator, choices, instance, schema):  # 5,000 LaTeX names: a string in C
        if not isinstance(instance, str):
            yield from enum(validator, choices, instance, schema)
        elif instance not in choices:  # only a string equals a string
            yield error(f"{instance!r} is not one of the choices")

    def fast_items(validator, item, instance, schema):
        if not (isinstance(instance, list) and _numbers_pass(item, instance)):
            yield from items(validator, item, instance, schema)

    return validators.extend(Draft202012Validator, {**KEYWORDS, **dict(extra), "enum": fast_enum,
                                                    "items": fast_items}, type_checker=types)


_PLAIN_NUMBER = {"type", "minimum", "maximum", "exclusiveMinimum", "smallest", "why",
                 "description"}


def _numbers_pass(schema: Schema, values: list[Any]) -> bool:
    """Every value is a number ``schema`` (a :func:`~figures.data.schema.Number`) accepts, in
    one loop. Series are the bulk of a figdata file; ``jsonschema`` descends into each number
    (about 25 us each): this loop made loading the ten files 5x faster. Any doubt (a wrong
    value, another schema) and ``jsonschema`` checks them one by one, and says why."""
    if schema.get("type") != "number" or not set(schema) <= _PLAIN_NUMBER:
        return False
    low, high, small = schema["minimum"], schema["maximum"], schema.get("smallest", 0)
    above = 0 if "exclusiveMinimum" in schema else -math.inf
    return all(type(v) in (int, float) and low <= v <= high and v > above
               and (v == 0 or abs(v) >= small) for v in values)


def check(schema: Schema, value: Any, file: str, where: str = "data",
          keywords: dict[str, Keyword] | None = None) -> None:
    """Raise one :class:`DataError` naming every problem of ``value`` (``where`` the key
    ``value`` is at in ``file``); its ``problems`` lists them."""
    if keywords is None and _numbers_pass(schema, [value]):  # a number in range: no jsonschema
        return
    raise_problems(file, problems(schema, value, where, keywords))


def problems(schema: Schema, value: Any, where: str = "data",
             keywords: dict[str, Keyword] | None = None) -> list[Problem]:
    """Every ``(key, message)`` of ``value``, one per key, in the order of the schema's fields
    (a record's, then unknown keys; a map's and a list's as they are in the file). Of one
    key's problems the first by rank is said (a wrong type hides all else); what is inside a
    refused key or an overlong list is not looked into; a tie only where its values are sound."""
    validator = _validator_class(tuple((keywords or {}).items()))(schema)
    found = [said for e in validator.iter_errors(value)
             for said in _said(e, where)]
    refused = [f.path for f in found if f.rank == 0]
    found = [f for f in found if not any(f.path[:len(r)] == r != f.path for r in refused)]
    sound = [f.path for f in found if f.ties is None]
    found = [f for f in found if f.ties is None or not any(
        p[:len(f.ties)] == f.ties for p in sound)]
    kept: dict[str, _Said] = {}
    for said in found:
        if said.key not in kept or said.rank < kept[said.key].rank:
            kept[said.key] = said
    order = sorted(kept.values(), key=lambda said: _position(schema, value, said.path))
    return [(said.key, said.message) for said in order]


class _Said(NamedTuple):
    """A problem: where (``path``, said as ``key``), how it ranks among the key's problems
    (0 refuses what is inside the key), what, and for a tie the path of what it ties."""

    path: tuple[Any, ...]
    key: str
    rank: int
    message: str
    ties: tuple[Any, ...] | None = None


def _said(error, where: str) -> list[_Said]:  # noqa: PLR0911
    """The problems ``error`` says, in the project's words."""
    path, kind, schema = tuple(error.absolute_path), error.validator, error.schema
    value, instance = error.validator_value, error.instance
    key = functools.reduce(join, path, where)
    if kind == "maxLength" or (kind == "pattern" and value in (PRINTABLE, PRINTABLE_LINE)):
        return []  # for editors: ``text`` says it, naming the length or the character
    if list(error.relative_schema_path)[-2:-1] == ["propertyNames"]:  # a key of a map
        if kind == "enum":
            return [_Said((*path, instance), join(key, instance), 0,
                          f"unknown key; known: {', '.join(value)}")]
        words = f"expected {schema['why']}" if "why" in schema else _message(error)
        shown = excerpt(instance, 40) if "why" in schema else repr(instance[:40])
        return [_Said((*path, instance), f"{key} key {shown}", 0, words)]
    if kind == "required":
        fix = schema.get("missingWhy")
        return [_Said((*path, k), join(key, k), 5,
                      f"missing key; {fix.format(key=k)}" if fix else "missing key")
                for k in value if k not in instance]
    if kind == "additionalProperties":
        known = [k for k, v in schema["properties"].items()
                 if k != "source" or v.get("description") != NOTE]
        return [_Said((*path, k), join(key, k), 0, f"unknown key; known: {', '.join(known)}")
                for k in instance if k not in schema["properties"]]
    if kind in TIES:
        words = getattr(error, "where", None)
        return [_Said(path, join(key, words) if words else key, 9, error.message,
                      path[:len(path) - error.tail])]
    rank = 0 if kind == "maxItems" and "why" in schema else _RANKS.get(kind, 5)
    return [_Said(path, key, rank, _message(error))]


_RANKS = {"type": 0, "minLength": 1, "pattern": 1, "text": 2, "exclusiveMinimum": 3,
          "smallest": 3, "minimum": 4, "maximum": 4, "enum": 5, "not": 6}


def _message(error) -> str:
    kind, value, instance, schema = (error.validator, error.validator_value, error.instance,
                                     error.schema)
    if kind == "type":
        return _type_problem(instance, value)
    if kind in ("minimum", "maximum"):
        low, high = schema["minimum"], schema["maximum"]
        if (low, high) == (-MAX_MAGNITUDE, MAX_MAGNITUDE):
            return f"expected a number of magnitude at most {MAX_MAGNITUDE:g}, got {instance:g}"
        return f"expected a number in [{low:g}, {high:g}] ({schema['why']}), got {instance:g}"
    if kind == "minLength" or value == NONBLANK:
        return f"is empty or blank; {schema.get('why', 'give a value')}"
    messages = {
        "exclusiveMinimum": lambda: f"expected a positive number for a log axis, got {instance}",
        "pattern": lambda: f"is {excerpt(instance)}, expected {schema['why']}",
        "enum": lambda: f"is {excerpt(instance)}, expected one of: {', '.join(value)}",
        "not": lambda: schema["why"].replace("{name}", instance),
        "minItems": lambda: (f"expected {value} entries" if schema.get("maxItems") == value
                             else f"expected at least {value} entries") + f", got {len(instance)}",
        "maxItems": lambda: (f"expected at most {value} entries ({schema['why']})"
                             if "why" in schema else f"expected {value} entries")
        + f", got {len(instance)}",
        "minProperties": lambda: f"expected at least {value} entries, got {len(instance)}",
        "uniqueItems": lambda: (f"{excerpt(_repeated(instance))} is listed more than once: "
                                "each entry once (a seed repeated is not another seed); remove "
                                "the repeat"),
    }
    return messages[kind]() if kind in messages else error.message


def _type_problem(instance: Any, value: Any) -> str:
    """What a value of the wrong JSON type is, and what to write."""
    wanted = value if isinstance(value, list) else [value]
    if isinstance(instance, (int, float)) and not isinstance(instance, bool) and (
            {"number", "integer"} & set(wanted)):
        return number_problem(instance) or f"expected a whole number, got {instance:g}"
    if wanted == ["string"] and isinstance(instance, (int, float)) and \
            not isinstance(instance, bool):  # JSON's 0.01 for "0.01" (round 48c, W30)
        return f"expected a string, got the number {instance!r}: write it in quotes " \
            f"(\"{instance!r}\")"
    words = [_WORDS[w] for w in wanted]
    return f"expected {' or '.join([words[0], *(w.split()[-1] for w in words[1:])])}, " \
           f"got {type_name(instance)}"


def _repeated(items: list[Any]) -> Any:
    """The first entry of ``items`` that an earlier one equals."""
    return next(item for at, item in enumerate(items) if item in items[:at])


_WORDS = {"object": "an object", "array": "a list", "string": "a string", "number": "a number",
          "integer": "a number"}


def _position(schema: Schema, value: Any, path: tuple[Any, ...]) -> list[tuple[int, int]]:
    """Where ``path`` comes in the file as the schema lists its fields: a record's fields in
    their order, then unknown keys; a map's keys and a list's items as they are."""
    out = []
    for step in path:
        fields = list(schema.get("properties", {})) if isinstance(schema, dict) else []
        keys = list(value) if isinstance(value, dict) else []
        if isinstance(step, int):
            out.append((0, step))
            schema = schema.get("items", {}) if isinstance(schema, dict) else {}
        elif step in fields:
            out.append((0, fields.index(step)))
            schema = schema["properties"][step]
        else:
            out.append((1, keys.index(step) if step in keys else len(keys)))
            schema = schema.get("additionalProperties", {}) if isinstance(schema, dict) else {}
        try:
            value = value[step]
        except (KeyError, IndexError, TypeError):
            value = None
    return out


def raise_problems(file: str, problems: Sequence[Problem]) -> None:
    """One :class:`DataError` for ``problems``: ``FILE: KEY: MESSAGE`` for one, else
    ``FILE: N problems: missing keys a, b; KEY: MESSAGE; ...`` (its ``problems`` lists them)."""
    if not problems:
        return
    if len(problems) == 1:
        error = DataError(file, *problems[0])
    else:
        missing = [where for where, message in problems if message == "missing key"]
        others = [f"{where}: {message}" for where, message in problems
                  if message != "missing key"]
        parts = ([f"missing keys {', '.join(missing)}"] if missing else []) + others
        if not others:
            error = DataError(file, None, parts[0])
        else:
            shown = parts[:MAX_LISTED]
            rest = f"; and {len(parts) - MAX_LISTED} more" if len(parts) > MAX_LISTED else ""
            error = DataError(file, None, f"{len(problems)} problems: {'; '.join(shown)}{rest}")
    error.problems = list(problems)
    raise error
