"""Checks of text a figure draws or a file prints: bounded, printable, valid mathtext; each
yields ``(where, message)`` problems, so that a file's every problem is reported at once."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from figures.errors import first_unprintable, unprintable_name
from figures.texread import Braces

#: Longest text a figure draws, and its most lines: a caption fits a box, a label a tick.
MAX_TEXT_LENGTH = 200
MAX_TEXT_LINES = 6
#: Deepest ``{`` nesting in mathtext: deeper overflows the parser's recursion.
MAX_MATH_NESTING = 20
#: Widest or tallest mathtext, in em: 200 of the widest glyph (W) are about 165 em.
MAX_MATH_EXTENT_EM = 250

Problem = tuple[str, str]


def text_problems(value: str, where: str, *, max_length: int = MAX_TEXT_LENGTH,
                  max_lines: int = MAX_TEXT_LINES, lines_bounded_by: str = "",
                  math: bool = True) -> Iterator[Problem]:
    """What is wrong with ``value`` as text that would crash, hang or flood a render (or,
    without ``math``, a line of a file or a terminal), naming the key."""
    if len(value) > max_length:
        yield where, f"text of {len(value)} characters is too long (at most {max_length})"
        return
    lines = value.split("\n")
    if len(lines) > max_lines:
        why = f", {lines_bounded_by}" if lines_bounded_by else ""
        if max_lines == 1:
            yield where, "contains a line break; write it on one line"
        else:
            yield where, f"text of {len(lines)} lines is too long (at most {max_lines}{why})"
        return
    bad = first_unprintable(value, newline=True)
    if bad is not None:
        yield where, f"contains {unprintable_name(bad)}; remove it"
        return
    if not math:
        return
    for line in lines:
        if "$" in line:
            dollars = len(re.findall(r"(?<!\\)\$", line))
            if dollars % 2 and dollars > 1:  # math meant, but matplotlib would draw it as text
                yield where, (f"an unbalanced $ in {excerpt(line)}: math is written between "
                              "a pair of $; write a literal dollar as \\$")
                return
            problem = _mathtext_problem(line)
            if problem is not None:
                yield where, problem
                return


def is_math(line: str) -> bool:
    """Whether matplotlib sets ``line`` as mathtext: an even number of unescaped ``$``, one
    pair at least (its ``cbook.is_math_text`` rule); one ``$`` is a dollar, drawn as text
    (hostile round 47c, W6: ``budget $5 run`` was measured as mathtext, and failed)."""
    dollars = line.count("$") - line.count(r"\$")
    return dollars > 0 and dollars % 2 == 0


def _mathtext_problem(line: str) -> str | None:
    """Parse ``line`` with matplotlib's mathtext parser, as the canvas would: what it raises
    is that text's one line; what parses is bounded in extent (``\\hspace{30000}`` takes
    minutes to save)."""
    from matplotlib import cbook
    from matplotlib.font_manager import FontProperties
    from matplotlib.mathtext import MathTextParser

    if not cbook.is_math_text(line):
        return None
    depth = Braces(line).deepest()
    if depth > MAX_MATH_NESTING:
        return f"mathtext nests braces {depth} deep (at most {MAX_MATH_NESTING}): {excerpt(line)}"
    try:
        layout = _MATHTEXT.setdefault("parser", MathTextParser("path")).parse(
            line, dpi=72, prop=FontProperties(size=12))
    except Exception as exc:  # noqa: BLE001 - matplotlib's parser judging the author's text
        detail = str(exc).strip().splitlines()[-1] if str(exc).strip() else type(exc).__name__
        detail = re.sub(r"^\w+(Exception|Error): ", "", detail)
        detail = re.sub(r"^Expected \{.*\}, found", "syntax error, found", detail)
        return f"not valid mathtext ({detail}): {excerpt(line)}"
    extent = max([abs(layout.width), layout.height + layout.depth]
                 + [max(abs(g[-2]), abs(g[-1])) for g in layout.glyphs]
                 + [max(abs(r[0]) + abs(r[2]), abs(r[1]) + abs(r[3])) for r in layout.rects])
    if not extent <= MAX_MATH_EXTENT_EM * 12:
        return (f"mathtext draws {extent / 12:.3g} em across (at most {MAX_MATH_EXTENT_EM}); "
                f"check \\hspace and \\genfrac sizes: {excerpt(line)}")
    return None


def excerpt(value: Any, limit: int = 60) -> str:
    """``value`` quoted, shortened to ``limit`` characters so the message stays one line."""
    if isinstance(value, str):
        return repr(value if len(value) <= limit else value[: limit - 1] + "…")
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


_MATHTEXT: dict[str, Any] = {}
