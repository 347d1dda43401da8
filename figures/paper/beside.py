"""The edit for an include that shares its line with others (TeX shipped their boxes on one
baseline and together they run past it: :func:`figures.paper.sideby.side_by_side`): a share
of the line each when that holds the figure's smallest width, else the row in a ``figure*``
(a page of two columns), else a line each.

A bare include so placed is built for the whole line (hostile round 42a, A62). One given
its own ``width=`` under the figure's smallest width was told the share that holds that width
alone, ``width=0.56\\linewidth`` for each of two in one ``tabular`` row of a 3.43 in column:
the two and the cells' ``\\tabcolsep`` made 4.2 in, and the row printed 0.5 in over the next
column, sync and the audit silent (hostile round 50a, P25). Its row is weighed now: the
space between the boxes (TeX's, :attr:`figures.paper.engine.Printed.room`) is taken once more
for the row's two ends, where a ``tabular``'s cells pad it as between them (TeX's probe sees
the includes' boxes, not the cells')."""

from __future__ import annotations

import math
from collections.abc import Callable

from figures.page import holds, inches
from figures.paper.latex import Graphic
from figures.venues import Venue


def beside(graphic: Graphic, line: float, least: float, venue: Venue | None,
           fixed_include: Callable[[Graphic, str], str]) -> str:
    """Why ``graphic`` gets no build where it shares its line (``line`` in) with others, and
    the edit that prints each of the row at 100 % and no narrower than ``least``
    (``fixed_include``: the include written with a width, :mod:`figures.paper.placed`'s)."""
    where = f"{graphic.tex.name}:{graphic.line}"
    others, _, over = graphic.printed.shares.partition("; ")
    count = others.count(" at ") + 1
    room = graphic.printed.room if graphic.printed.room > 0 else line * 0.96
    sized = "width" in graphic.options
    if sized:  # the row's ends padded as between its boxes (a tabular's \tabcolsep)
        room -= (line - room) / max(count - 1, 1)
    share = math.floor(min(room, line) / count / line * 100) / 100
    said = f"it shares its line ({inches(line)} in) with {others} ({over}): " + (
        f"each of the {count} has at most {share:g}\\linewidth ({inches(share * line)} in) "
        "there; " if sized else "without width= each is built for the whole line; ")
    each = " (each of the row so)" if sized else ""
    if holds(share * line, least):
        return said + (f"write {fixed_include(graphic, f'{share:g}{chr(92)}linewidth')} at "
                       f"{where}{each}")
    text = venue.text_width_in if venue is not None else line
    wide = math.floor((text - line + min(room, line)) / count / text * 100) / 100
    narrower = "" if sized else (f"at {share:g}\\linewidth each it is narrower than its "
                                 f"smallest width ({inches(least)} in): ")
    if text > line + 0.01 and not graphic.wide and holds(wide * text, least):
        return said + narrower + (
            f"put the row in a figure* (a line of {text:g} in), with "
            f"{fixed_include(graphic, f'{wide:g}{chr(92)}linewidth')} at {where}{each}")
    own = math.ceil(least / line * 100) / 100 if sized and least < line else 1
    width = f"{own:g}\\linewidth" if own < 1 else "\\linewidth"
    return said + narrower + (f"give it a line of its own{' (a row each)' if sized else ''}, "
                              f"{fixed_include(graphic, width)} at {where}")
