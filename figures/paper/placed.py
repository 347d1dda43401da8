"""Each figure built for the width the paper prints it at, so it prints at 100 %.

The width is the include's: ``width=`` as a fraction of ``\\linewidth`` (the text's width in a
``figure*``, a column's in a ``figure``), ``\\columnwidth``, ``\\textwidth`` or a length; no
``width=`` (or ``scale=1``): the line's width. The figure is then drawn for that width through
the venue's page drawing (:func:`figures.outputs.venue.draw`, slot = the width in inches) into
``build/VENUE/w<width>/``; the build's key includes the width, so a second sync rebuilds
nothing.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from pathlib import Path

from figures.paper.latex import Graphic, width_in
from figures.registry import FigureSpec

#: The smallest panel, in inches, whose ticks and labels stay apart at a venue's type sizes:
#: narrower, the figure's design does not fit the width (one line, not an unreadable figure).
MIN_PANEL_IN = (1.0, 0.4)


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
    return Placement(width)


def too_narrow(spec: FigureSpec, figdata_dir: Path, venue, width: float) -> str | None:
    """Why ``spec`` laid out for ``width`` inches does not fit its design (its smallest panel
    under :data:`MIN_PANEL_IN`), with the narrowest width that would; None when it fits."""
    from figures.data import figdata
    from figures.outputs.venue import draw

    try:
        doc = figdata.load(spec.figdata_path(figdata_dir), spec.name, spec.schema)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            fig = draw(spec, doc["data"], venue, width)
    except Exception:  # noqa: BLE001 - the build says why it cannot draw it, in one line
        return None
    text = f"{venue.text_width_in:g} in, a figure*"
    if any("constrained_layout not applied" in str(w.message) for w in caught):
        return (f"{width:g} in is too narrow for {spec.name}'s design: its panels do not fit "
                f"(no room for their labels); place it wider (it is designed for {text})")
    size = fig.get_size_inches()
    panels = [ax.get_position() for ax in fig.axes if ax.get_visible() and ax.axison
              and ax.get_label() != "<colorbar>"]
    if not panels:
        return None
    least_w = min(box.width * size[0] for box in panels)
    least_h = min(box.height * size[1] for box in panels)
    need = max(MIN_PANEL_IN[0] / least_w, MIN_PANEL_IN[1] / least_h)
    if need <= 1.0:
        return None
    return (f"{width:g} in is too narrow for {spec.name}'s design: its smallest panel would be "
            f"{least_w:.2f} x {least_h:.2f} in (at least {MIN_PANEL_IN[0]:g} x "
            f"{MIN_PANEL_IN[1]:g} in reads at {venue.key}'s type sizes); place it at least "
            f"about {width * need:.1f} in wide (it is designed for {text})")


def build_for_width(spec: FigureSpec, figdata_dir: Path, venue, width: float,
                    root: Path = Path("build")) -> tuple[Path | None, str]:
    """Build ``spec`` for ``venue`` at ``width`` inches; the folder it is in, or the one line
    that says why not."""
    from figures.outputs.build import build
    from figures.outputs.kind import venue_kind

    narrow = too_narrow(spec, figdata_dir, venue, width)
    if narrow is not None:
        return None, narrow
    out_dir = root / venue.key / f"w{width:g}"
    [result] = build([spec], figdata_dir, out_dir, venue_kind(venue, width))
    if result.status == "failed":
        return None, result.message
    return out_dir, ""
