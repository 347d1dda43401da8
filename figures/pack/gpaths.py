"""The folders the paper's ``\\graphicspath`` names, as written in its sources (the main file
first, hidden folders passed by): where graphicx looks for an include written without its
folder, so that a file the copy of the paper leaves out is named as TeX would find it
(:func:`figures.pack.leftout.left_out_why`: hostile round 50b, K29); and what to say of an
include TeX did not find through one that climbs out of the paper's folder (an absolute
name, or one through ``..``).

Such a folder is not always outside the paper: an editor's "copy path" writes the paper's
own ``figs/`` as ``/home/me/paper/figs/``, which the author's compile opens and the
archive's (in another folder, as arXiv's) cannot. The folder is resolved against the
paper's before anything is said (:func:`climbing`): of the paper's own, the line names it
and the relative ``\\graphicspath`` to write, as the line for an ``\\input`` or
``\\includegraphics`` by such a name says ``write it figs/...``; only of one truly outside
"move those figures into it" (hostile round 50b, K24: every folder beginning ``/`` or
``../`` was called outside, and "move those figures into it" could not be followed for
figures already in it).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
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


def absolute(texts: Iterable[str]) -> list[Path]:
    """The folders a ``\\graphicspath`` of ``texts`` (blanked sources) names by an absolute
    name, as written: a file read there was named so, not reached through ``~`` or a
    ``$VAR`` whose value its path begins with (:func:`figures.pack.environ.refuse_expanded`)."""
    return [Path(os.path.normpath(item.strip())) for text in texts
            for match in GPATH.finditer(text) for item, bare in path_items(match[1])
            if not bare and item.strip().startswith("/")]


def climbing(paper: Path, main: Path | None = None) -> str | None:
    """What to say when TeX did not find an include and a ``\\graphicspath`` of ``paper``
    (its main file ``main`` read first) names a folder by an absolute name or through
    ``..``: the first such; None when none does. One of the paper's own folders (resolved,
    links followed) is named with the relative path to write instead; another is outside."""
    root = paper.resolve()
    for file, line, item in entries(paper, main):
        if not (item.startswith(("/", "../")) or item == ".."):
            continue
        real = (paper / item).resolve()  # an absolute item is itself
        if not real.is_relative_to(root):
            return (f"\\graphicspath names {item}, outside the paper's folder, which alone is "
                    "packed: move those figures into it")
        own = real.relative_to(root).as_posix()
        own = "./" if own == "." else f"{own}/"
        how = "an absolute name" if item.startswith("/") else "a name through .."
        return (f"\\graphicspath names {item} ({file}:{line}), the paper's own {own} by {how}, "
                f"which the archive's compile cannot open (nor arXiv's: its folder has another "
                f"name): write \\graphicspath{{{{{own}}}}}")
    return None
