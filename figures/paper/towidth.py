"""An include a wrapper scales to a width: ``\\resizebox{\\columnwidth}{!}{\\includegraphics{x}}``,
``\\adjustbox{max width=\\linewidth}{...}``. What prints is the wrapper's width, whatever the
file's own: the factor TeX's probe read is the one for the file of the moment (or the
probe's stand-in), not a property of the paper. Drawn for what prints, the factor is then 1
(round 43: a summary drawn at 2.4 in for an earlier ``\\adjustbox{height=}``, then wrapped in
``\\resizebox{\\columnwidth}{!}``, was refused as "4.401 in as printed (its 3.25 in box scaled
by 1.35)": its line width times the old file's factor). A ``\\scalebox{f}`` scales by ``f``
whatever the file: judged as before (round 42a, A49)."""

from __future__ import annotations

import re

from figures.paper.latex import SOURCE_LIMIT, read_bounded
from figures.texread import blanked

#: The nearest scaling command above an include (as builds.scaling_wrapper reads it).
_WRAPPER = re.compile(r"\\(resizebox|scalebox|adjustbox|makebox|rotatebox)\b")
#: A wrapper that sets the width: ``\\resizebox{W}{!}`` (``*``), adjustbox's ``width=``,
#: ``max width=``, ``min width=``; its own height given too is :mod:`figures.paper.tall`'s.
_TO_WIDTH = re.compile(r"\\resizebox\*?\s*\{\s*[^!\s{}][^{}]*\}\s*\{\s*!\s*\}"
                       r"|\\adjustbox\s*\{[^{}]*?\b(?:max |min )?width\s*=(?![^{}]*height)")


def to_width(graphic) -> bool:
    """Whether the nearest scaling command above ``graphic`` (a bare include: no width= of
    its own) scales it to a width, read from the source (comments blanked)."""
    lines = blanked(read_bounded(graphic.tex, SOURCE_LIMIT) or "").splitlines()[:graphic.line]
    for number in range(len(lines), max(len(lines) - 30, 0), -1):
        found = list(_WRAPPER.finditer(lines[number - 1]))
        if found:
            rest = "\n".join([lines[number - 1][found[-1].start():], *lines[number:]])
            return _TO_WIDTH.match(rest) is not None
    return False
