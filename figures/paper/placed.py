"""Each figure built for the width the paper prints it at, so it prints at 100 %.

The width is the include's: ``width=`` as a fraction of ``\\linewidth`` (the text's width in a
``figure*``, a column's in a ``figure``), ``\\columnwidth``, ``\\textwidth`` or a length; no
``width=`` (or ``scale=1``): the line's width. The figure is then drawn for that width through
the venue's page drawing (:func:`figures.outputs.venue.draw`, slot = the width in inches) into
``build/VENUE/w<width>/``; the build's key includes the width, so a second sync rebuilds
nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from figures.paper.latex import Graphic, width_in
from figures.registry import FigureSpec

#: Below this width no layout of ours keeps a panel's ticks and labels at the venue's type
#: sizes apart (the venue layout's two-panel grid needs about an inch per panel).
NARROWEST_IN = {"text": 3.0, "column": 2.0}


@dataclass(frozen=True)
class Placement:
    """Where an include puts a figure: the width in inches, or why none is built."""

    width: float | None
    problem: str = ""


def placement(graphic: Graphic, spec: FigureSpec, venue) -> Placement:
    """The width ``graphic`` prints ``spec`` at on ``venue``'s page."""
    line = venue.text_width_in if graphic.wide else venue.column_width_in
    options = graphic.options
    if ("height" in options and "width" not in options) or "totalheight" in options:
        return Placement(None, f"height={options.get('height') or options['totalheight']}: "
                         "sync builds for a width; give width= (the figure keeps its own "
                         "proportions)")
    if "scale" in options:
        try:
            scale = float(options["scale"])
        except ValueError:
            scale = None
        if scale != 1.0 or "width" in options:
            return Placement(None, f"scale={options['scale']}: prints the built figure "
                             "rescaled; give width= instead (sync builds for that width)")
    if "width" in options:
        width = width_in(graphic, venue.text_width_in, venue.column_width_in)
        if width is None:
            return Placement(None, f"width={options['width']}: not a length sync can read "
                             "(a fraction of \\linewidth, \\columnwidth, \\textwidth, or "
                             "in/cm/mm/pt)")
    else:
        width = line
    width = round(width, 3)
    if width > line + 0.01:
        return Placement(None, f"{width:g} in is wider than the "
                         f"{'text' if graphic.wide else 'column'} ({line:g} in): it would run "
                         "into the margin or the next column")
    narrowest = NARROWEST_IN["text" if spec.slot == "text" else "column"]
    if width < narrowest:
        return Placement(None, f"{width:g} in is too narrow for {spec.name} (its design "
                         f"needs at least {narrowest:g} in): widen the include")
    return Placement(width)


def build_for_width(spec: FigureSpec, figdata_dir: Path, venue, width: float,
                    root: Path = Path("build")) -> tuple[Path | None, str]:
    """Build ``spec`` for ``venue`` at ``width`` inches; the folder it is in, or the one line
    that says why not."""
    from figures.outputs.build import build
    from figures.outputs.kind import venue_kind

    out_dir = root / venue.key / f"w{width:g}"
    [result] = build([spec], figdata_dir, out_dir, venue_kind(venue, width))
    if result.status == "failed":
        return None, result.message
    return out_dir, ""
