"""The base of the schema language: a shape yields ``(where, message)`` problems; one line
reports them all."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from figures.data.text import Problem
from figures.errors import DataError

#: Largest magnitude drawn: beyond it axis limits and transforms overflow.
MAX_MAGNITUDE = 1e100
#: Most problems one line lists; the rest are counted.
MAX_LISTED = 3


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
