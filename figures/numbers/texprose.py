"""Which characters of a LaTeX source are prose: ``figures check-tex`` reads numbers there only.

:func:`prose` returns the source with everything that is not read as text blanked (spaces,
line breaks kept, so offsets and line numbers stay the file's): comments and code as
:mod:`figures.texread` reads them, addresses and names, settings and option lists. The list,
and why this is a linear scanner rather than pylatexenc, is docs/paper-numbers.md ("Not
prose").
"""

from __future__ import annotations

import re

from figures.texread import NOT_NEWLINE, Braces, Known, blanked

#: Commands whose arguments are no prose: how many mandatory arguments to blank (optional
#: arguments in brackets before or between them are blanked too).
NON_PROSE_ARGUMENTS = {
    "url": 1, "href": 1, "path": 1, "doi": 1, "email": 1, "nolinkurl": 1,
    "label": 1, "ref": 1, "eqref": 1, "pageref": 1, "autoref": 1, "cref": 1, "Cref": 1,
    "vref": 1, "nameref": 1, "labelcref": 1, "cpageref": 1, "subref": 1, "tag": 1,
    "nocite": 1, "bibitem": 1, "bibliography": 1, "bibliographystyle": 1, "addbibresource": 1,
    "input": 1, "include": 1, "includeonly": 1, "subfile": 1, "import": 2, "subimport": 2,
    "includegraphics": 1, "includepdf": 1, "graphicspath": 1, "usepackage": 1,
    "RequirePackage": 1, "documentclass": 1, "PassOptionsToPackage": 2,
    "usetikzlibrary": 1, "usepgfplotslibrary": 1,
    "vspace": 1, "hspace": 1, "addvspace": 1, "setlength": 2, "addtolength": 2,
    "settowidth": 1, "setcounter": 2, "addtocounter": 2, "stepcounter": 1, "newcounter": 1,
    "rule": 2, "raisebox": 1, "resizebox": 2, "scalebox": 1, "rotatebox": 1, "fontsize": 2,
    "linespread": 1, "hypersetup": 1, "sisetup": 1, "lstset": 1, "captionsetup": 1,
    "geometry": 1, "setkeys": 2, "pgfplotsset": 1, "tikzset": 1, "adjustbox": 1,
    "definecolor": 3, "colorlet": 2, "color": 1, "textcolor": 1, "pagecolor": 1,
    "colorbox": 1, "fcolorbox": 2, "cellcolor": 1, "rowcolor": 1, "columncolor": 1,
    "rowcolors": 3, "arrayrulecolor": 1, "newcolumntype": 1, "hyperref": 0,
    "hyperlink": 1, "hypertarget": 1, "pdfbookmark": 0, "crefname": 3, "Crefname": 3,
    "newtheorem": 1, "mintinline": 1, "lstinputlisting": 1, "inputminted": 2}
#: Commands before a bracket that is mathematics, not an option list.
_DELIMITER_SIZES = frozenset({
    "left", "right", "middle", "big", "Big", "bigg", "Bigg", "bigl", "bigr", "Bigl", "Bigr",
    "biggl", "biggr", "Biggl", "Biggr", "in", "notin", "mathbb", "mathcal"})
_TOKEN = re.compile(r"\\(?P<word>[A-Za-z@]+)(?P<star>\*?)|\\[^A-Za-z@]", re.DOTALL)
#: How far an option list is looked for its end (an argument: texread's ``REACH``); one
#: longer than this is left as it is.
OPTIONS_REACH = 300


def prose(tex: str, known: Known = (frozenset(), frozenset())) -> str:
    """``tex`` with what is not prose blanked (see the module's docstring), read knowing what
    the files TeX read before it define (``known``, :func:`figures.texread.learned`)."""
    tex = blanked(tex, verbatim=True, hidden=True, known=known)  # comments, code, never typeset
    out = list(tex)
    braces = Braces(tex)

    def blank(start: int, end: int) -> None:
        out[start:end] = NOT_NEWLINE.sub(" ", tex[start:end])

    pos = 0
    while True:
        match = _TOKEN.search(tex, pos)
        if match is None:
            break
        pos = match.end()
        word = match.group("word")
        if word is None:  # an escaped character: \%, \\, \{
            continue
        if word in ("begin", "end"):
            name = braces.group(pos)
            if name is not None and word == "begin":
                pos = _blank_options(tex, name[1] + 1, blank)
        elif word in NON_PROSE_ARGUMENTS or word.startswith(("cite", "Cite")) or \
                word in ("parencite", "textcite", "autocite", "footcite", "smartcite"):
            count = NON_PROSE_ARGUMENTS.get(word, 1)
            pos = _blank_arguments(tex, pos, count, blank, braces)
        elif word not in _DELIMITER_SIZES:  # \left[0.615\right] is mathematics
            pos = _blank_options(tex, pos, blank)
    return "".join(out)


_BRACKET_PART = re.compile(r"\\.|[{}\[\]]", re.DOTALL)


def _close_bracket(tex: str, start: int) -> int:
    """Where the option list opened at ``start`` closes: at a ``]`` outside braces
    (``[width={0.5}]``), within ``OPTIONS_REACH``; else -1."""
    stop = min(len(tex), start + OPTIONS_REACH)
    if tex.find("]", start, stop) < 0:
        return -1
    depth = braces = 0
    for match in _BRACKET_PART.finditer(tex, start, stop):
        char = match.group()
        if char in "{}":
            braces += 1 if char == "{" else -1
            if braces < 0:
                return -1
        elif braces == 0 and char in "[]":
            depth += 1 if char == "[" else -1
            if depth == 0:
                return match.start()
    return -1


def _skip_spaces(tex: str, pos: int) -> int:
    """Past spaces and at most one line break (a blank line ends a command's arguments)."""
    newline = False
    while pos < len(tex) and tex[pos] in " \t\n":
        if tex[pos] == "\n":
            if newline:
                break
            newline = True
        pos += 1
    return pos


def _blank_options(tex: str, pos: int, blank) -> int:
    """An option list right after a command or an environment's name (no space between)."""
    if pos < len(tex) and tex[pos] == "*":
        pos += 1
    if pos < len(tex) and tex[pos] == "[":
        end = _close_bracket(tex, pos)
        if end >= 0:
            blank(pos, end + 1)
            return end + 1
    return pos


def _blank_arguments(tex: str, pos: int, count: int, blank, braces: Braces) -> int:
    """Blank the optional arguments and the first ``count`` mandatory ones at ``pos``."""
    if pos < len(tex) and tex[pos] == "*":
        pos += 1
    taken = 0
    while True:
        at = _skip_spaces(tex, pos)
        if at >= len(tex):
            return pos
        if tex[at] == "[":
            end = _close_bracket(tex, at)
        elif tex[at] == "{" and taken < count:
            end = braces.close(at)
            taken += 1
        else:
            return pos
        if end < 0:
            return pos
        blank(at, end + 1)
        pos = end + 1


