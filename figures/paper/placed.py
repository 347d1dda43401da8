"""Each figure built for the box the paper prints it in, so it prints at 100 %.

The box is TeX's (:mod:`figures.paper.engine`): ``width=`` evaluated where the include is
typeset, else ``\\linewidth`` there (a column, the text in a ``figure*`` or a
``\\twocolumn[...]`` teaser, a ``subfigure``'s or ``minipage``'s box). Without a TeX engine it
is estimated from the source (:func:`figures.paper.latex.line_width_in`). The figure is drawn
for that width through the venue's page drawing into ``build/VENUE/w<width>/``.

Refused, each with the edit that prints it at 100 %: an include that trims, clips, rotates or
rescales our figure (``scale=``, ``height=``), a box wider than its line, and a box under the
figure's smallest width (:meth:`figures.contract.FigureModule.smallest_width_in`: its module's
``SMALLEST_WIDTH_IN``, else the narrowest of its slots on the venue's page).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from figures.errors import FigureDataError
from figures.page import Width
from figures.paper.latex import Graphic, line_width_in, width_in
from figures.registry import FigureSpec
from figures.venues import Venue

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from figures.outputs.kind import BuildKind

#: Options with which the paper prints a build other than at 100 % (crops, turns, rescales).
_RESHAPING = ("trim", "viewport", "clip", "angle", "scale", "height", "totalheight",
              "keepaspectratio", "origin")


@dataclass(frozen=True)
class Placement:
    """Where an include puts a figure: the width in inches, or why none is built."""

    width: Width | None
    problem: str = ""


def fixed_include(graphic: Graphic) -> str:
    """The include written so it prints our build at 100 %: its box's width, nothing that
    crops, turns or rescales it."""
    kept = {k: v for k, v in graphic.options.items() if k not in _RESHAPING}
    kept.setdefault("width", "\\linewidth")
    options = ",".join(f"{k}={v}" if v else k for k, v in kept.items())
    return f"\\includegraphics[{options}]{{{graphic.written}}}"


def _reshaped(graphic: Graphic) -> str | None:
    """How the include reshapes the build (None: it prints it as built)."""
    options, printed = graphic.options, graphic.printed
    if (printed is not None and printed.clip) or any(k in options for k in ("trim", "viewport",
                                                                       "clip")):
        return "trimmed or clipped"
    if options.get("angle", "0").strip() not in ("0", ""):
        return f"rotated (angle={options['angle']})"
    if options.get("scale", "1").strip() not in ("1", "1.0"):
        return f"rescaled (scale={options['scale']})"
    height = options.get("height", options.get("totalheight"))
    if height is not None:
        return f"scaled by its height (height={height})"
    return None


def placement(graphic: Graphic, spec: FigureSpec, venue: Venue) -> Placement:
    """The width ``graphic`` prints ``spec`` at: TeX's box, else estimated on ``venue``'s
    page; or why no build of it can print at 100 % there."""
    where = f"{graphic.tex.name}:{graphic.line}"
    reshaped = _reshaped(graphic)
    if reshaped is not None:
        return Placement(None, f"the paper prints it {reshaped}, so no build of it prints at "
                         f"100 %: write {fixed_include(graphic)} at {where} (sync builds it "
                         "for that box)")
    printed = graphic.printed
    if printed is not None:
        line, width = printed.line_in, printed.width_in or printed.line_in
    else:
        line = line_width_in(graphic, venue.text_width_in, venue.column_width_in)
        width = width_in(graphic, venue.text_width_in, venue.column_width_in) \
            if "width" in graphic.options else line
        if width is None:
            return Placement(None, f"width={graphic.options.get('width')}: not a length the "
                             "source reading evaluates (estimated: no TeX engine)")
    width = Width(width)
    if width > line + 0.01:
        return Placement(None, f"{width} in is wider than its line ({line:.3g} in): it "
                         f"would run into the margin; write {fixed_include(graphic)} at {where}")
    try:  # its module's SMALLEST_WIDTH_IN wrong, a box wider than the venue's text: one line
        narrow = spec.too_narrow(venue, width, "put it in a figure* or a wider box (width=, "
                                 "a wider subfigure or minipage)")
        return Placement(venue.width(width, where)) if narrow is None else \
            Placement(None, narrow.message)
    except FigureDataError as exc:
        return Placement(None, str(exc))


def build_for_width(spec: FigureSpec, figdata_dir: Path, venue: Venue, width: Width
                    ) -> tuple[BuildKind | None, str, tuple[Figure, dict[str, Any]] | None]:
    """Build ``spec`` for ``venue`` at ``width`` inches: its build kind (whose folder holds it)
    and the drawing the build saved (None: it was current), or the one line that says why
    not."""
    from figures.outputs.build import build
    from figures.outputs.kind import venue_kind

    kind = venue_kind(venue, width)
    [result] = build([spec], figdata_dir, kind.default_out, kind, keep=True)
    if result.status == "failed":
        return None, result.message, None
    return kind, "", result.drawing
