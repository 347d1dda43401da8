"""The folders the paper's ``\\graphicspath`` names, as written in its sources (the main file
first, hidden folders passed by): where graphicx looks for an include written without its
folder, so that a file the copy of the paper leaves out is named as TeX would find it
(:func:`figures.pack.leftout.left_out_why`: hostile round 50b, K29).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from figures.mainfile import read_bounded
from figures.paper.gfolders import path_items
from figures.texread import blanked

#: A ``\\graphicspath``'s argument: its folders, each in a group.
GPATH = re.compile(r"\\graphicspath\s*\{((?:\s*\{[^{}]*\})*)\s*\}")
#: The most source files read for it (an error's path: a huge tree is not walked whole).
_MOST = 200


def _sources(folder: Path, first: Path | None) -> list[Path]:
    """``first``, then the ``.tex`` and ``.sty`` files below ``folder`` (hidden folders passed
    by, at most :data:`_MOST`)."""
    found = [first] if first is not None else []
    for here, folders, files in os.walk(folder):
        folders[:] = sorted(name for name in folders if not name.startswith("."))
        found += [Path(here) / name for name in sorted(files)
                  if name.endswith((".tex", ".sty")) and Path(here) / name != first]
        if len(found) >= _MOST:
            break
    return found[:_MOST]


def entries(folder: Path, first: Path | None = None) -> list[tuple[str, int, str]]:
    """Each folder a ``\\graphicspath`` of ``folder``'s sources names, as written (its file,
    relative to ``folder``, its line and the folder: ``main.tex``, 3, ``figs/``)."""
    found: list[tuple[str, int, str]] = []
    for source in _sources(folder, first):
        text = blanked(read_bounded(source, 1 << 22) or "")
        for match in GPATH.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            name = os.path.relpath(source, folder)
            found += [(name, line, item.strip()) for item, bare in path_items(match[1])
                      if not bare and item.strip()]
    return found


def inside(folder: Path | None) -> list[str]:
    """The folders a ``\\graphicspath`` of ``folder``'s sources names inside it, as written
    (``{figs/}``, ``{./plots/}``: ``figs``, ``plots``): none absolute or through ``..``;
    none for no ``folder``."""
    found = [os.path.normpath(item) for _, _, item in entries(folder)] if folder else []
    return list(dict.fromkeys(f for f in found if not f.startswith(("/", ".."))))

