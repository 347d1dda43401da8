"""The value checks every reader shares, with one wording: each raises
:class:`~figures.errors.FigureDataError` naming the file and the key path (``a.b[2].c``)."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from figures.errors import DataError


def type_name(value: Any) -> str:
    """How an error names a JSON value's type ("an object", "a string", ...)."""
    return {dict: "an object", list: "a list", str: "a string", type(None): "null", bool:
            "a boolean", int: "a number", float: "a number"}.get(type(value), type(value).__name__)


def get(doc: Any, key: str, file: str, where: str = "") -> Any:
    """``doc[key]`` or an error naming the file and the key path."""
    if not isinstance(doc, dict):
        raise DataError(file, where or "(top level)", f"expected an object, got {type_name(doc)}")
    if key not in doc:
        raise DataError(file, join(where, key), "missing key")
    return doc[key]


def finite(value: Any) -> bool:
    """A JSON number (not a boolean), finite."""
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value))


def number_problem(value: Any, *, positive: bool = False) -> str | None:
    """What is wrong with ``value`` as a finite number (> 0 for a log axis), in every check's words."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return f"expected a number, got {type_name(value)}"
    if not math.isfinite(value):
        return f"expected a finite number, got {value}"
    if positive and value <= 0:
        return f"expected a positive number for a log axis, got {value}"
    return None


def number(value: Any, file: str, where: str, *, positive: bool = False) -> float:
    """A finite float (and > 0 when bound for a log axis)."""
    problem = number_problem(value, positive=positive)
    if problem is not None:
        raise DataError(file, where, problem)
    return float(value) if isinstance(value, float) else value


def number_at(rec: Any, key: str, file: str, where: str, *, positive: bool = False) -> float:
    """``rec[key]``, a finite number (positive when bound for a log axis)."""
    return number(get(rec, key, file, where), file, join(where, key), positive=positive)


def element(value: Any, index: int, file: str, where: str) -> Any:
    """``value[index]`` of a per-layer list, or an error naming the required length."""
    if not isinstance(value, list):
        raise DataError(file, where, f"expected a list, got {type_name(value)}")
    need = index + 1 if index >= 0 else -index
    if len(value) < need:
        raise DataError(file, where, f"list has {len(value)} entries, index [{index}] needs "
                        f"at least {need}")
    return value[index]


def mapping(value: Any, file: str, where: str) -> dict[str, Any]:
    """An object (a JSON dict)."""
    if not isinstance(value, dict):
        raise DataError(file, where, f"expected an object, got {type_name(value)}")
    return value


def numbers(value: Any, file: str, where: str, *, positive: bool = False) -> list[float]:
    """A non-empty list of finite numbers (positive when bound for a log axis)."""
    if not isinstance(value, list):
        raise DataError(file, where, f"expected a list of numbers, got {type_name(value)}")
    if not value:
        raise DataError(file, where, "empty list, expected at least one value")
    return [number(v, file, f"{where}[{i}]", positive=positive) for i, v in enumerate(value)]


def join(where: str, key: Any) -> str:
    """``where.key`` (``where[key]`` for a list index), or ``key`` at the top level."""
    if isinstance(key, int):
        return f"{where}[{key}]"
    return f"{where}.{key}" if where else str(key)


def strings(value: Any, where: str, *, keys: bool = False) -> Iterator[tuple[str, str]]:
    """(location, text) of every string in ``value`` (``where.a[2]``), and with ``keys`` of
    every object's key too (``where key 'a'``)."""
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, dict):
        for key, item in value.items():
            if keys:
                yield f"{where} key {key!r}", key
            yield from strings(item, f"{where}.{key}", keys=keys)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from strings(item, f"{where}[{i}]", keys=keys)
