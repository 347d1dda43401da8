"""An include a macro of the paper (or its class) writes: AAS's ``\\fig{name}{0.45\\textwidth}
{(b)}``, whose ``\\includegraphics[width=#2]{#1}`` is in the class, not at the paper's line.

An edit written as a bare ``\\includegraphics[width=0.46\\linewidth]{name}`` in place of
that line drops what the macro does besides (the panel's "(b)", the ``\\gridline``
layout: hostile round 49a, P1), where the author's way is the macro's own width argument
(``\\fig{...}{0.46\\textwidth}{(b)}``, which P1b showed converges). So where the line holds
no ``\\includegraphics`` and the width graphicx was given is written there, an argument of
the macro, the edit is that argument's: ``write 0.46\\linewidth in place of 0.45\\textwidth
(\\fig's width) at main.tex:19``; else None (the include is the paper's own)."""

from __future__ import annotations

import re

from figures.paper.latex import source_lines
from figures.paper.memo import read_once


def macro_width_edit(graphic, width: str) -> str | None:
    """``write WIDTH in place of 0.45\\textwidth (\\fig's width) at main.tex:19`` when
    ``graphic`` is written by a macro whose width argument is at its line; else None."""
    written = (graphic.options.get("width") or "").strip()
    lines = read_once(graphic.tex, source_lines) or []
    if not written or not 0 < graphic.line <= len(lines):
        return None
    line = lines[graphic.line - 1]
    if "\\includegraphics" in line or written not in line:
        return None
    stem = re.escape(graphic.written.strip().rsplit("/", 1)[-1])
    macro = re.search(r"\\([A-Za-z@]+)\*?\s*(?:\[[^\]]*\]\s*)?\{[^{}]*" + stem, line)
    if macro is None:
        return None
    return (f"write {width} in place of {written} (\\{macro[1]}'s width) at "
            f"{graphic.tex.name}:{graphic.line}")

