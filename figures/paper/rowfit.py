r"""The widths a row of bare includes in one ``\resizebox{W}{!}`` settles at, solved at once.

Such a row prints each include at its file's width times the wrapper's factor, ``W`` over the
width of what it holds: the includes' widths and the fixed space between them (``\quad``,
``\hspace{1em}``, the space a line end makes). Drawn for what prints, each round's files make
the next factor: with no space between them the second round settles (hostile round 48a,
P38), but a fixed gap ``G`` makes each round a step of a contraction towards the row whose
files and gaps fill ``W`` at factor 1, never reaching it (hostile round 50a, P13: ``\quad``
between three includes moved by 4.8, 0.06, 0.002 in, and sync gave up after 4 rounds with
"a box that depends on the image's own size?"). So the row is solved from one probe: with
``T`` the width of what the wrapper scales (TeX's ``\width``, which the probe logs) and
``S`` the includes' widths, the gaps are ``G = T - S``, and each include's file is drawn at
its width times ``(W - G) / S``, where ``W`` is the factor times ``T``: the files then fill
``W`` with the gaps, at factor 1, and the next probe finds nothing moved.

Solved only where the reading is sure: every include the wrapper holds bare (no ``width=``,
``height=``, ``scale=``), its file there (a box of its own width), in no other wrapper, and
what it scales no narrower than their widths together (a row, not includes stacked in a
``tabular`` of several lines, whose width is its widest line's): else the rounds go on as
before."""

from __future__ import annotations

import re

#: An option that sizes an include itself (a box that moves with it is not a bare one).
_SIZED = re.compile(r"(?:^|,)\s*(?:width|height|totalheight|scale)\s*=")
_PT_PER_IN = 72.27


def _pt(length: str) -> float | None:
    try:
        return float(length.removesuffix("pt"))
    except ValueError:
        return None


def row_widths(made: dict[str, list[str]], scales: dict, inside: dict[int, list[str]],
               known: set[str]) -> dict[str, float]:
    """Each include (its number) of a row solved as the module says: the width in inches its
    file is drawn at so the row fills its wrapper at factor 1. ``made``: the probe's J records
    (file, name, options, box width, ...); ``scales``: each include's factor and wrappers
    (``(by, wrapper)``, ``by`` ``w123.4pt`` for a ``\\resizebox{W}{!}``); ``inside``: each
    wrapper's includes; ``known``: those whose factors are the paper's."""
    found: dict[str, float] = {}
    for wrapper, listed in inside.items():
        members = list(dict.fromkeys(listed))
        wrappers = {scales.get(n, (1.0, ()))[1] for n in members}
        if len(wrappers) != 1 or len(by := next(iter(wrappers))) != 1 or \
                by[0][1] != wrapper or not by[0][0].startswith("w"):
            continue
        natural = _pt(by[0][0][1:])
        widths = [_pt(made[n][4]) if n in made else None for n in members]
        if natural is None or None in widths or not all(w > 0 for w in widths) or any(
                n not in known or made[n][1] == "-" or _SIZED.search(made[n][3])
                for n in members):
            continue
        total, gaps = sum(widths), natural - sum(widths)
        target = scales[members[0]][0] * natural  # W: the factor times what it scales
        if gaps < -0.01 or target - gaps <= 0:  # not one row (stacked): left to the rounds
            continue
        found.update((n, w * (target - gaps) / total / _PT_PER_IN)
                     for n, w in zip(members, widths, strict=True))
    return found
