"""The wrapper around an include, read from the source: the one reading of the nearest
scaling command above it (``\\resizebox``, ``\\scalebox``, adjustbox...), which names a
wrapper in a refusal (:func:`figures.paper.builds.scaling_wrapper`), finds one that scales
to a height (:mod:`figures.paper.tall`) and one that scales to a width (:func:`to_width`).

A wrapper to a width, ``\\resizebox{\\columnwidth}{!}{\\includegraphics{x}}`` or adjustbox's
``max width=\\linewidth``, prints what it holds at its width, whatever the file's own: the
factor TeX's probe read is the one for the file of the moment (or the probe's stand-in),
not a property of the paper. Drawn for what prints, the factor is then 1 (round 44, C3: a
summary drawn at 2.4 in for an earlier ``\\adjustbox{height=}``, then wrapped in
``\\resizebox{\\columnwidth}{!}``, was refused as "4.401 in as printed (its 3.25 in box
scaled by 1.35)": its line width times the old file's factor). A ``\\scalebox{f}`` scales by
``f`` whatever the file: judged by its factor (round 42a, A49)."""

from __future__ import annotations

import re
from pathlib import Path

from figures.paper.latex import source_lines
from figures.paper.memo import read_once

#: A scaling command, as the source writes it.
_WRAPPER = re.compile(r"\\(resizebox|scalebox|adjustbox|makebox|rotatebox)\b")
#: How far above an include its wrapper is looked for, in lines.
_ABOVE = 30
#: A wrapper that sets the width: ``\\resizebox{W}{!}`` (``*``), adjustbox's ``width=``,
#: ``max width=``, ``min width=``; its own height given too is :mod:`figures.paper.tall`'s.
_TO_WIDTH = re.compile(r"\\resizebox\*?\s*\{\s*[^!\s{}][^{}]*\}\s*\{\s*!\s*\}"
                       r"|\\adjustbox\s*\{[^{}]*?\b(?:max |min )?width\s*=(?![^{}]*height)")


def nearest_wrapper(tex: Path, line: int) -> tuple[int, str, str] | None:
    """The nearest scaling command on or above ``line`` of ``tex`` (comments blanked, the
    file read once a command): its line, its name (``resizebox``) and the source from it on
    to ``line``; None when there is none within :data:`_ABOVE` lines."""
    lines = (read_once(tex, source_lines) or [])[:line]
    for number in range(len(lines), max(len(lines) - _ABOVE, 0), -1):
        found = list(_WRAPPER.finditer(lines[number - 1]))
        if found:
            rest = "\n".join([lines[number - 1][found[-1].start():], *lines[number:]])
            return number, found[-1].group(1), rest
    return None


def to_width(graphic) -> bool:
    """Whether the nearest scaling command above ``graphic`` scales it to a width."""
    wrapper = nearest_wrapper(graphic.tex, graphic.line)
    return wrapper is not None and _TO_WIDTH.match(wrapper[2]) is not None


#: graphicx's ``\\rotatebox[origin=c]{90}{``: its angle.
_TURN = re.compile(r"\\rotatebox\s*(?:\[[^\]]*\]\s*)?\{\s*([-+]?[0-9]*\.?[0-9]+)\s*\}\s*\{")


def own_angle(graphic) -> float | None:
    """The include's own ``angle=``: TeX's reading (a macro's, round 49a P11), else the
    number written; None: none, or one the source reading cannot evaluate."""
    read = getattr(graphic.printed, "angle", None)
    written = graphic.options.get("angle", "0").strip() or "0"
    if read is None and re.fullmatch(r"[-+]?(?:\d+\.?\d*|\.\d+)", written):
        read = float(written)
    return read


def reshaping_turn(graphic) -> str | None:
    """How the include's own ``angle=`` keeps its build from printing at 100 % (None: it
    does not): a whole turn is upright (hostile round 48a, P32); a quarter turn written after
    the keys that size it scales nothing, graphicx scaling the build, then turning it
    (:func:`turned`; round 50a, P2); one written before one of them is not, graphicx applying
    the keys in order, so ``angle=90,width=3in`` makes the TURNED box 3 in wide (the build's
    height); any other angle turns the figure off its axes."""
    read, keys = own_angle(graphic), list(graphic.options)
    after = next((key for key in keys[keys.index("angle") + 1:] if key in (
        "width", "height", "totalheight", "scale")), "") if "angle" in keys else ""
    if quarter(read) and after:
        return (f"turned before it is sized (angle={graphic.options['angle']} before {after}=: "
                "graphicx then sizes what the turn makes of it)")
    if quarter(read) or (read is not None and read % 360 == 0):
        return None
    return f"rotated (angle={graphic.options['angle']})"


def quarter(angle: float | None) -> bool:
    """Whether ``angle`` (degrees) is a quarter turn: 90, 270, -90."""
    return angle is not None and abs(angle % 180 - 90) <= 1e-9


def turned(graphic) -> bool:
    """Whether ``graphic`` prints turned a quarter: by its own ``angle=90`` (written after
    its ``width=``, so graphicx scales the build, then turns it: hostile round 50a, P2) or by
    a ``\\rotatebox`` a quarter turn (90, 270, -90), its nearest wrapper, not both: its width
    then runs down the page, along the text's height, and its height lies across the line, as
    in rotating's ``sidewaysfigure`` (hostile round 49a, P20: a landscape figure at
    ``0.7\\textheight`` that fits by hand was refused as 0.55 in "wider than its line", with
    advice that threw the rotation away)."""
    return quarter(own_angle(graphic)) != _turned_by_box(graphic)


def _turned_by_box(graphic) -> bool:
    """Whether a ``\\rotatebox`` a quarter turn, its nearest wrapper, holds ``graphic``."""
    wrapper = nearest_wrapper(graphic.tex, graphic.line)
    found = _TURN.match(wrapper[2]) if wrapper is not None and wrapper[1] == "rotatebox" \
        else None
    if found is None or not quarter(float(found[1])):
        return False
    at = wrapper[2].find(graphic.written, found.end())
    depth = 1  # the include inside the box it turns, not after it
    for char in wrapper[2][found.end():at]:
        depth += (char == "{") - (char == "}")
        if depth == 0:
            return False
    return at >= 0


def widest_turned(paper, height: float | None) -> float | None:
    """The widest line an include of ``paper`` is drawn for: TeX's widest ``\\linewidth``,
    or the text's ``height`` when an include is :func:`turned` (its width runs down it)."""
    widest = paper.widest_line_in
    if height and any(g.printed is not None and turned(g) for g in paper.graphics):
        return max(widest or 0, height)
    return widest



def printed_twice(graphic) -> str | None:
    """Why an include TeX printed at more than one width gets no build, naming the wrapper
    that scales a print of it (None: one width): a box saved with it (``\\sbox``) printed
    whole in one place and through a wrapper in another is one include at two sizes, and a
    build for either prints the other off 100 % (hostile round 50a, P15: the box printed
    whole at 2.864 in and through ``\\resizebox{0.4\\textwidth}{!}{\\usebox{\\figbox}}`` at
    1.91 in was taken as one print at 1.91 in, sync "up to date", and `figures paper` built
    for each width in turn; round 49a P29b's ``\\scalebox{0.5}`` was refused only as too
    narrow)."""
    prints = getattr(graphic.printed, "prints", ())
    widths = sorted({round(graphic.printed.box[0] * f, 3) for f, _ in prints})
    if len(widths) < 2 or widths[-1] - widths[0] <= 0.01 * widths[-1]:  # factor()'s 1 %
        return None
    at = next((where for f, where in prints if abs(f - 1) > 0.01 and where), None)
    wrapper = nearest_wrapper(*at) if at is not None else None
    cause = "a wrapper" if at is None else f"\\{wrapper[1]} at {at[0].name}:{wrapper[0]}" \
        if wrapper is not None else f"a wrapper at {at[0].name}:{at[1]}"
    return (f"{cause} scales it there (the box it is saved in prints again): one include "
            f"printed at {' and '.join(f'{w:g} in' for w in widths)}, which no one build prints "
            "at 100 %: give that copy an \\includegraphics of its own, or print the box "
            "unscaled")


#: A wrapper's height, or limit on it: adjustbox's ``max height=1.5in`` (``height=``,
#: ``totalheight=``, ``max totalheight=``), ``\\resizebox{!}{1.5in}``.
_HEIGHT = re.compile(r"\\adjustbox\s*\{[^{}]*?\b((?:max )?(?:total)?height\s*=\s*[^,{}]*"
                     r"(?:\{[^{}]*\}[^,{}]*)?)|\\resizebox\*?\s*\{\s*!\s*\}\s*\{([^{}]*)\}")


def height_of(include) -> str | None:
    """The height (or limit) the wrapper above ``include`` scales it to, as the source
    writes it (``max height=1.5in``); None when it gives none (hostile round 45a, P16: a
    figure shrunk by ``max height=1.5in`` was told to "make the box it scales to wider",
    which was the line's full width already)."""
    wrapper = nearest_wrapper(include.tex, include.line)
    found = _HEIGHT.match(wrapper[2]) if wrapper is not None else None
    if found is None:
        return None
    return " ".join((found[1] or f"height {found[2]}").split())
