"""Each figure built for the width the paper prints it at, so it prints at 100 %.

The width is the include's: ``width=`` as a fraction of ``\\linewidth`` (the text's width in a
``figure*``, a column's in a ``figure``, a box's inside a ``subfigure`` or ``minipage``),
``\\columnwidth``, ``\\textwidth`` or a length; no ``width=`` (or ``scale=1``): the line's
width; ``height=`` alone: the width whose build is that tall (the design sets the height for a
width). The figure is then drawn for that width through
the venue's page drawing (:func:`figures.outputs.kind.venue_kind` at the width in inches) into
``build/VENUE/w<width>/``; the build's key includes the width, so a second sync rebuilds
nothing.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from figures.paper.latex import Graphic, length_in, line_width_in, width_in
from figures.registry import FigureSpec
from figures.venues import Venue

#: The smallest panel, in inches, whose ticks and labels stay apart at a venue's type sizes:
#: narrower, the figure's design does not fit the width (one line, not an unreadable figure).
MIN_PANEL_IN = (1.0, 0.4)


@dataclass(frozen=True)
class Placement:
    """Where an include puts a figure: the width in inches, or why none is built."""

    width: float | None
    problem: str = ""


def placement(graphic: Graphic, spec: FigureSpec, venue: Venue,
              height_of: Callable[[float], float | None] | None = None) -> Placement:
    """The width ``graphic`` prints ``spec`` at on ``venue``'s page. ``height_of(width)`` is
    the figure's height built for ``width`` (for ``height=``: the width whose build is that
    tall)."""
    outer = venue.text_width_in if graphic.wide else venue.column_width_in
    line = line_width_in(graphic, venue.text_width_in, venue.column_width_in)
    if line is None:
        return Placement(None, f"the box around it is {' in '.join(reversed(graphic.boxes))} "
                         "wide: not a length sync can read (a fraction of \\linewidth, "
                         "\\columnwidth, \\textwidth, or in/cm/mm/pt)")
    options = graphic.options
    width: float | str | None = _rescaled(options) or line
    if "width" in options and not isinstance(width, str):
        width = width_in(graphic, venue.text_width_in, venue.column_width_in) or (
            f"width={options['width']}: not a length sync can read (a fraction of "
            "\\linewidth, \\columnwidth, \\textwidth, or in/cm/mm/pt)")
    for key in ("height", "totalheight"):
        if key in options and not isinstance(width, str):
            width = _width_for_height(graphic, key, width, "width" in options, venue,
                                      height_of) if height_of is not None else (
                f"{key}={options[key]}: sync builds for a width; give width= (the figure "
                "keeps its own proportions)")
    if isinstance(width, str):
        return Placement(None, width)
    width = round(width, 3)
    if width > min(outer, line) + 0.01:
        where = "box around it" if width <= outer + 0.01 else \
            ("text" if graphic.wide else "column")
        return Placement(None, f"{width:g} in is wider than the {where} "
                         f"({min(line, outer):g} in): it would run into the margin or the "
                         "next column")
    return Placement(width)


def _rescaled(options: dict[str, str]) -> str | None:
    """Why ``scale=`` prints the build rescaled (None: there is none, or it is 1 alone)."""
    if "scale" not in options:
        return None
    try:
        scale = float(options["scale"])
    except ValueError:
        scale = None
    if scale != 1.0 or "width" in options or "height" in options:
        return (f"scale={options['scale']}: prints the built figure rescaled; give width= "
                "instead (sync builds for that width)")
    return None


def _width_for_height(graphic: Graphic, key: str, width: float, width_given: bool, venue: Venue,
                      height_of: Callable[[float], float | None]) -> float | str:
    """The width whose build prints ``height=`` exactly (with ``width=`` too: the same
    box, or the line that says the figure would be squashed); a str says why none does."""
    wanted = length_in(graphic.options[key], graphic, venue.text_width_in,
                       venue.column_width_in)
    if wanted is None:
        return (f"{key}={graphic.options[key]}: not a length sync can read (in/cm/mm/pt, or "
                "a fraction of \\textheight is not read)")
    keep = "keepaspectratio" in graphic.options
    if width_given and not keep:  # both: the figure is stretched unless its build fits both
        built = height_of(width)
        return width if built is not None and abs(built - wanted) <= 0.03 * wanted else (
            f"width={graphic.options['width']} and {key}={graphic.options[key]} squash "
                f"{'the figure' if built is None else f'its {width:.2f} x {built:.2f} in build'}"
                "; drop one of them (or add keepaspectratio)")
    guess = width  # the widest it may be; the design's height follows its width
    for _ in range(4):
        built = height_of(guess)
        if built is None:
            break
        if abs(built - wanted) <= 0.01 * wanted:
            return guess if not keep or guess <= width + 0.01 else width
        guess = guess * wanted / built
        if keep and guess >= width:  # keepaspectratio: the width is the tighter bound
            return width
    built = height_of(round(guess, 3))
    if built is not None and abs(built - wanted) <= 0.03 * wanted:
        return guess
    return (f"{key}={graphic.options[key]}: the figure's design cannot be built that tall "
            f"(its height does not follow its width there); give width= instead")


def heights(spec: FigureSpec, figdata_dir: Path, venue: Venue) -> Callable[[float], float | None]:
    """``spec``'s height in inches drawn for ``venue`` at a width (None: it cannot be drawn;
    the build then says why in one line)."""
    import matplotlib.pyplot as plt

    from figures.data import figdata
    from figures.outputs.kind import venue_kind

    known: dict[float, float | None] = {}

    def height_of(width: float) -> float | None:
        width = round(width, 3)
        if width not in known:
            try:
                doc = figdata.load(spec.figdata_path(figdata_dir), spec.name, spec.schema)
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    fig = venue_kind(venue, width).draw(spec, doc["data"])
                known[width] = float(fig.get_size_inches()[1])
                plt.close(fig)
            except Exception:  # noqa: BLE001 - the build says why it cannot draw it
                known[width] = None
        return known[width]

    return height_of


def too_narrow(spec: FigureSpec, figdata_dir: Path, venue: Venue, width: float) -> str | None:
    """Why ``spec`` laid out for ``width`` inches does not fit its design (its smallest panel
    under :data:`MIN_PANEL_IN`), with the narrowest width that would; None when it fits."""
    from figures.data import figdata
    from figures.outputs.kind import venue_kind

    try:
        doc = figdata.load(spec.figdata_path(figdata_dir), spec.name, spec.schema)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            fig = venue_kind(venue, width).draw(spec, doc["data"])
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


def build_for_width(spec: FigureSpec, figdata_dir: Path, venue: Venue, width: float,
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
