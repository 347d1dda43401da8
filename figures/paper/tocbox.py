r"""An include in a box of fixed height a class draws around it: achemso's TOC graphic.

ACS asks every paper for a TOC graphic, ``\begin{tocentry}\includegraphics...\end{tocentry}``,
which achemso prints in a framed ``minipage`` 3.25 in wide holding a ``\vbox to 1.75in``
(``\acs@tocentry@height``): what is taller runs out of the box, and the frame's rule is drawn
across the figure (hostile round 50a, P16: a figure built for the box's width alone, 2.9 in
tall, printed "at 100 %", its lower panel's tick labels under the rule, `0 problem(s)`). So
sync reads the box's height too: a design taller than it at the width it prints is refused
with the box of both sides that fits (``[width=\linewidth,height=1.75in]``, which sync lays
out at that height); one whose smallest height at that width is taller fits at no size, and
says so (a box taller than the frame would run out of it just the same).
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from figures.page import Width, inches
from figures.paper.latex import UNITS, source_lines
from figures.paper.memo import digest_of, key_of, read_once, recall
from figures.paper.placed import Placement, fixed_include

#: The class's environment and the height of the box it prints an include in (inches): the
#: class's default (achemso.cls: ``\setlength{\acs@tocentry@height}{1.75in}``).
_BOXES = {"tocentry": ("achemso's TOC graphic", 1.75)}
_ENVIRONMENT = re.compile(r"\\(begin|end)\s*\{(" + "|".join(_BOXES) + r")\}")
_LENGTH = re.compile(r"\s*([0-9]*\.?[0-9]+)\s*(in|cm|mm|pt|bp)\s*")


def _environment(tex: Path, line: int) -> str | None:
    """The box environment (``tocentry``) open at ``line`` of ``tex``, comments blanked."""
    text = "\n".join((read_once(tex, source_lines) or [])[:line])
    found = list(_ENVIRONMENT.finditer(text))
    return found[-1][2] if found and found[-1][1] == "begin" else None



def fixed_box(include, spec, venue, figdata_dir: Path) -> Placement | None:
    """Why ``include`` gets no build in a class's box of fixed height (module docstring),
    with the include that fits; None: in none, or it fits (a box of both sides no taller than
    the class's, laid out as any is)."""
    graphic = include.graphic
    printed = graphic.printed
    if printed is None or (name := _environment(include.tex, include.line)) is None:
        return None
    what, height = _BOXES[name]
    width = round(printed.width_in if printed.width_in is not None else printed.line_in, 3)
    given = graphic.options.get("height", graphic.options.get("totalheight"))
    match = _LENGTH.fullmatch(given or "")
    box = printed.height_in if printed.height_in is not None else (
        float(match[1]) * UNITS[match[2]] if match else None)
    if width <= 0 or (given is not None and box is None):
        return None
    own, least = recall(key_of("tocbox", spec.name, dataclasses.asdict(venue), width,
                               digest_of(spec.figdata_path(figdata_dir))),
                        lambda: _heights(spec, venue, figdata_dir, width), bool)
    where = f"{include.tex.name}:{include.line}"
    said = f"it prints in {what}, a box {inches(height)} in tall (framed: what is taller " \
        "runs out of it, the frame's rule across it)"
    if least > height + 0.005:
        return Placement(None, f"{said}, and {spec.name}'s smallest height at {inches(width)} in "
                         f"is {inches(least)} in: it fits that box at no size; make a figure "
                         f"for it ({inches(width)} by {inches(height)} in), or leave it out "
                         f"({where})")
    if (box if given is not None else own) > height + 0.005:
        tall = f"a box {inches(box)} in tall" if given is not None else \
            f"its design at {inches(width)} in is {inches(own)} in tall"
        return Placement(None, f"{said}; {tall}: write "
                         f"{fixed_include(graphic, None, f'{height:g}in')} at {where} (sync "
                         "lays it out at that height)")
    return None


def _heights(spec, venue, figdata_dir: Path, width: float) -> list[float]:
    """``[its design's height, the least height it holds]`` at ``width``, drawn for the
    venue's page (no build written)."""
    from figures.data import figdata
    from figures.outputs.kind import venue_kind

    doc = figdata.load(spec.figdata_path(figdata_dir), spec.name, spec.schema)
    kind = venue_kind(venue, Width(width))
    fig = kind.draw(spec, doc["data"])
    own = float(fig.get_figheight())
    least = kind.least_height(spec, fig, bool(figdata.is_synthetic(doc) and kind.stamp))
    fig.clear()
    return [own, least]
