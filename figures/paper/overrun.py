"""What an include printed wider than its line runs into, and how to mend it: one line for
sync's refusal (hostile round 42a, A25: "2.6e+02 pt" in a user's line, and "the margin"
where in a column of two it runs into the other column, with no word of a figure*)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from figures.paper.latex import Graphic
from figures.paper.wrappers import own_angle, quarter, turned

if TYPE_CHECKING:
    from figures.venues import Venue


def overrun(graphic: Graphic, shown: float, line: float, venue: Venue | None,
            scale: float, fixed: str) -> str:
    """Why ``graphic``, printed ``shown`` inches wide (its box scaled by ``scale``: a wrapper
    when not 1), does not fit its ``line``, and the edit (``fixed``: the include as it should
    read, at its line): by how much in inches and TeX's points, into what it runs."""
    where = f"{graphic.tex.name}:{graphic.line}"
    over = shown - line  # in TeX's points too (round 40, P20: 0.9 pt)
    if scale == 1 and turned(graphic):  # its line is the text's height (round 49a, P20)
        down = fixed.replace("=\\linewidth", "=\\textheight")
        by = f"angle={graphic.options['angle']}" if quarter(own_angle(graphic)) else \
            "\\rotatebox"  # its own key's turn (round 50a, P2)
        return (f"{shown:g} in is {over:.2g} in ({_points(over)} pt) longer than the text's "
                f"height ({line:.4g} in), which a figure turned by {by} runs along: it "
                f"would run off the page; write {down} at {where}")
    columns = venue is not None and venue.column_width_in < venue.text_width_in - 0.01 \
        and not graphic.wide and abs(line - venue.column_width_in) <= 0.01
    said = (f"{shown:g} in" + (f" as printed (its {round(shown / scale, 3):g} in box scaled by "
                               f"{scale:.3g}: a wrapper)" if scale != 1 else "")
            + f" is {over:.2g} in ({_points(over)} pt) wider than its line ({line:.4g} in): "
            f"it would run into {'the other column' if columns else 'the margin'}; ")
    if scale != 1:
        return (said + "make the box the wrapper scales to no wider than the line, or take the "
                f"include out of it: {fixed} at {where}")
    wide = columns and venue is not None and shown <= venue.text_width_in + 0.01
    return said + f"write {fixed} at {where}" + (
        f", or put it in a figure* (a line of {venue.text_width_in:g} in) to print it that "
        "wide" if wide and venue is not None else "")


def _points(inches: float) -> str:
    """``inches`` in TeX's points as a line says them: 0.94, 54, 253 (never 2.5e+02)."""
    points = inches * 72.27
    return f"{points:.2g}" if points < 10 else f"{points:.0f}"
