"""An include a wrapper scales to a height: ``\\resizebox{!}{2.7in}{\\includegraphics{x}}``.

What prints is the wrapper's height ``H`` and the figure's width times ``H`` over the height
it is drawn at, so where it prints depends on what it is drawn for: our venue layouts choose
a height per width (a grid of panels, a capped aspect), and a figure drawn for width ``w``
at its design's height ``h(w)`` prints ``w * H / h(w)`` wide. Drawing it for that printed
width, round after round, moves it again (hostile round 42a, A43: every sync of an unchanged
paper copied w3.102, then w3.044, ...; a summary swung between 2.667 and 3.25 in, since at
the right width the factor is within 1 % and the include then looked unscaled).

So the width is the fixed point, read from the drawing and not from the compile of the
moment: the ``w`` whose design's own height ``h(w)`` is ``H`` (there the wrapper scales by
1 and the figure prints at the width it is drawn for, 100 %). The heights are sampled from
the figure's smallest width to its line, each drawn for the venue's page (no build
written), and the widest crossing is narrowed down to a thousandth of an inch; where the
design jumps across ``H`` (a layout change), it is laid out again at ``H`` (a box of both
sides, :class:`figures.page.Box`). The answer depends on ``H``, the line, the venue and
the figure's data, never on the file in place: every round, and every later sync, draws
the same build. No crossing (its design taller, or shorter, than ``H`` at every width it
holds on that line): refused in the first round that reads the wrapper, nothing written,
with the include that prints it at 100 % (a box of both sides at that height, which sync
lays out) in place of the ``\\resizebox``.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from pathlib import Path

from figures.errors import FigureDataError
from figures.page import Box, Width, inches
from figures.paper.latex import UNITS
from figures.paper.memo import digest_of, key_of, recall
from figures.paper.placed import Placement, fixed_include, reshape_problem, trimmed_by_default
from figures.paper.tocbox import fixed_box
from figures.paper.wrappers import nearest_wrapper
from figures.venues import Venue

#: ``\\resizebox{!}{H}`` (or ``\\resizebox*``, to the total height) as the source writes it,
#: or adjustbox's ``\\adjustbox{height=H}`` (``totalheight=``) of that key alone (round 43:
#: it cycled as the \\resizebox did).
_BY_HEIGHT = re.compile(r"\\resizebox\*?\s*\{\s*!\s*\}\s*\{([^{}]*)\}"
                        r"|\\adjustbox\s*\{\s*(?:total)?height\s*=\s*([^,{}=]*?)\s*,?\s*\}")
#: A height the source gives as a plain length (``2.7in``, ``5 cm``), before TeX reads it.
_LENGTH = re.compile(r"\s*([0-9]*\.?[0-9]+)\s*(in|cm|mm|pt|bp)\s*")
#: The step of the first sampling of heights, inches; then halved to a thousandth.
_STEP = 0.05
#: How near ``H`` the design's height counts as ``H`` (the factor's 1 % is :func:`factor`'s).
_NEAR = 0.005


def by_height(include) -> tuple[str, int, str, str] | None:
    """The ``\\resizebox{!}{H}`` around ``include``: its file's name, its line, ``H`` as
    written and the command (``\\resizebox``, ``\\adjustbox``); None when the nearest
    scaling command above the include (:func:`figures.paper.wrappers.nearest_wrapper`) is
    none such."""
    wrapper = nearest_wrapper(include.tex, include.line)
    match = None if wrapper is None else _BY_HEIGHT.match(wrapper[2])
    return None if match is None else (include.tex.name, wrapper[0], (
        match.group(1) or match.group(2)).strip(), "\\" + wrapper[1])


def _height_in(graphic, written: str) -> float | None:
    """``H`` in inches: TeX's (the include's box times the factor it read), else the length
    as written when it is a plain one (the first round of a paper with no file in place)."""
    printed = graphic.printed
    if printed is not None and printed.box[1] and printed.file is not None:
        return round(printed.box[1] * printed.scale, 3)
    match = _LENGTH.fullmatch(written)
    return round(float(match.group(1)) * UNITS[match.group(2)], 3) if match else None


def _wrapped(include) -> tuple[str, int, str, str, float] | None:
    """:func:`by_height`'s wrapper and ``H`` in inches, for an include nothing else keeps
    from printing at 100 %; None: none."""
    graphic = include.graphic
    printed = graphic.printed
    if printed is None or printed.natural or printed.shares or printed.line_in <= 0 or \
            trimmed_by_default(graphic) or reshape_problem(graphic):
        return None
    wrapper = by_height(include)
    height = None if wrapper is None else _height_in(graphic, wrapper[2])
    return None if height is None or height <= 0 else (*wrapper, height)


def held(include, spec, venue: Venue, figdata_dir: Path) -> Placement | None:
    """The build for an include a ``\\resizebox{!}{H}`` scales: the width whose design is
    ``H`` tall, or why none prints at 100 %; None: no such wrapper (or what else keeps it
    from printing at 100 % says so: :func:`figures.paper.placed.placement`). Without one, a
    class's box of fixed height around it (:func:`figures.paper.tocbox.fixed_box`)."""
    graphic = include.graphic
    if (wrapper := _wrapped(include)) is None:  # a class's box of fixed height (50a, P16)
        return fixed_box(include, spec, venue, figdata_dir)
    height, line = wrapper[4], round(graphic.printed.line_in, 3)
    try:  # its module's, a drawing's own error: the build's line says it
        if spec.too_narrow(venue, line, "") is not None:  # the one check of a width
            return None  # the smallest width's own refusal (placement says it)
        least = spec.smallest_width_in(venue)
        width, box, problem = recall(
            key_of("held", spec.name, dataclasses.asdict(venue), height, least, line,
                   digest_of(spec.figdata_path(figdata_dir))),
            lambda: _fixed_point(spec, venue, figdata_dir, height, least, line), bool)
    except FigureDataError as exc:
        return Placement(None, str(exc))
    if width is None:
        name, number, written, command, _ = wrapper
        box_include = fixed_include(graphic, "\\linewidth", written)
        return Placement(None, (
            f"{command} at {name}:{number} scales it to {inches(height)} in tall, and "
            f"{problem}, so no width it is drawn for prints at that width (each sync would "
            f"draw it for another): write {box_include} in place of the {command} at "
            f"{name}:{number} (sync lays it out at that height), or give the include a "
            f"width= outside any {command}"))
    try:
        where = f"{include.tex.name}:{include.line}"
        return Placement(venue.width(Width(width) if box is None else Box(width, box), where))
    except FigureDataError as exc:
        return Placement(None, str(exc))


def _fixed_point(spec, venue: Venue, figdata_dir: Path, height: float, least: float,
                 line: float) -> list:
    """``[width, box height or None, ""]``: the widest width from ``least`` to ``line``
    whose design is ``height`` tall (sampled every :data:`_STEP`, each crossing narrowed to
    a thousandth); else the widest where the design jumps across it, laid out again at
    ``height``; else ``[None, None, why]``."""
    from figures.data import figdata
    from figures.outputs.kind import venue_kind

    doc = figdata.load(spec.figdata_path(figdata_dir), spec.name, spec.schema)
    drawn: dict[int, float] = {}

    def over(mils: int) -> float:  # the design's height at mils/1000 in, less H
        if mils not in drawn:
            fig = venue_kind(venue, Width(mils / 1000)).draw(spec, doc["data"])
            drawn[mils] = float(fig.get_figheight())
            fig.clear()
        return drawn[mils] - height

    low, high = round(least * 1000), round(line * 1000)
    step = max(1, round(_STEP * 1000))
    samples = sorted({*range(high, low, -step), low})[::-1]  # widest first
    if abs(over(high)) <= _NEAR:
        return [high / 1000, None, ""]
    jumped = None  # the widest crossing that is a jump of the design (a layout change)
    for wide, narrow in itertools.pairwise(samples):
        if (over(wide) > 0) == (over(narrow) > 0) and abs(over(narrow)) > _NEAR:
            continue
        best = _narrowed(over, wide, narrow)
        if abs(over(best)) <= _NEAR:  # its design is H tall there: drawn as designed
            return [best / 1000, None, ""]
        jumped = jumped or best
    if jumped is not None:  # laid out again at H there (a box of both sides)
        return [jumped / 1000, height, ""]
    taller = over(low) > 0
    return [None, None, (
        f"its design is {'taller' if taller else 'shorter'} than that at every width it "
        f"holds on its line: {inches(drawn[low])} in tall at its smallest width "
        f"({inches(low / 1000)} in), {inches(drawn[high])} in at its line "
        f"({inches(high / 1000)} in)")]


def _narrowed(over, wide: int, narrow: int) -> int:
    """The width (thousandths of an inch) between ``wide`` and ``narrow``, whose heights
    less ``H`` (``over``) differ in sign, whose design is nearest ``H`` tall: halved down to
    a thousandth (the wider of two as near)."""
    while wide - narrow > 1:
        middle = (wide + narrow) // 2
        if (over(middle) > 0) == (over(wide) > 0):
            wide = middle
        else:
            narrow = middle
    return min((wide, narrow), key=lambda mils: (abs(over(mils)), -mils))
