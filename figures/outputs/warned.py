"""What a figure's drawing warns about, as one line per distinct warning: shared by the build
(:mod:`figures.outputs.workers`) and the preflight (:mod:`figures.preflight.run`), so that
matplotlib's own two-line ``UserWarning`` (file, line and source) never reaches the terminal."""

from __future__ import annotations

import contextlib
import re
import warnings
from collections.abc import Iterator, Sequence
from typing import Any

from figures.data.checks import strings
from figures.errors import FigureDataWarning, one_line

_GLYPH = re.compile(r"Glyph (\d+) .*missing from font\(s\) (.+?)\.?$")


@contextlib.contextmanager
def caught_warnings() -> Iterator[list[warnings.WarningMessage]]:
    """Every warning raised inside, each time (none shown): give them to
    :func:`warning_lines`."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield caught


def warning_lines(caught: Sequence[warnings.WarningMessage], data: Any, file: str) -> list[str]:
    """matplotlib's warnings while drawing, one line each; all missing glyphs as one line
    naming the keys of the texts that hold them (not a screen of repeated warnings)."""
    lines: list[str] = []
    glyphs: dict[str, str] = {}
    for caught_warning in caught:
        message = str(caught_warning.message)
        match = _GLYPH.search(message)
        if match:
            glyphs[chr(int(match.group(1)))] = match.group(2)
            continue
        if isinstance(caught_warning.message, FigureDataWarning):
            message = f"{file}: {message}"
        if (line := one_line(message)) not in lines:
            lines.append(line)
    if glyphs:
        keys = [where for where, text in strings(data, "data", keys=True)
                if set(text) & set(glyphs)]
        fonts = ", ".join(sorted(set(glyphs.values())))
        chars = " ".join(sorted(glyphs))
        lines.insert(0, one_line(f"{file}: {', '.join(keys) or 'a text'}: characters {chars} "
                                 f"are missing from the figure's fonts ({fonts}) and are drawn "
                                 "as empty boxes"))
    return lines

