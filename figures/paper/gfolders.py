"""The folders of a ``\\graphicspath`` as graphicx reads them, and which of them sync writes
a bare include's copy into: never one outside the paper's folder, where a file TeX reads is
never moved either (round 42a, A41). :mod:`figures.paper.gpath` refuses the path's slips."""

from __future__ import annotations

import os
import re
from pathlib import Path

from figures.paper.latex import search_sources, shown_path


def path_items(path: str) -> list[tuple[str, bool]]:
    """Each folder of a graphics path as LaTeX's ``\\@tfor`` takes them: a brace group is one
    (its braces off), any other character one by itself (spaces skipped); with whether it
    was such a bare character (a slip: ``figs/`` is ``f``, ``i``, ``g``, ``s``, ``/``)."""
    items: list[tuple[str, bool]] = []
    at = 0
    while at < len(path):
        char = path[at]
        if char == "{":
            depth, end = 0, at
            for end in range(at, len(path)):
                depth += {"{": 1, "}": -1}.get(path[end], 0)
                if depth == 0:
                    break
            items.append((path[at + 1:end], False))
            at = end + 1
            continue
        if not char.isspace() and char != "}":
            items.append((char, True))
        at += 1
    return items


def first_target(written: str, root: Path, folders: list[Path]) -> Path:
    """Where sync writes the copy for ``\\includegraphics{written}`` when the paper holds no
    file for it yet; ``folders``: the graphics path in force there, ``root`` the folder of the
    main file, where TeX compiles. A path with a folder is the paper's (graphicx tries it
    there first). A bare name goes into the first folder of the graphics path inside the
    paper's folder that exists (where the paper's pictures are); else into its first folder
    inside the paper's folder, made (the one the author named for them: round 23's S6
    refuses such a folder when a path without inner braces made it a letter); else beside
    the main file, where graphicx looks before any graphics path, so TeX reads the copy
    there. A folder of the path outside the paper's folder (through a link too) is never
    chosen: sync writes only inside the paper. Round 42a (A41): IEEE's stock template keeps
    ``\\graphicspath{{../pdf/}{../jpeg/}}``, folders that are seldom there, and sync chose
    ``../pdf/`` and refused every bare include of ours, though ``./NAME.pdf`` compiles."""
    if "/" in written:
        return root / written
    inside = [f for f in folders if f.resolve().is_relative_to(root.resolve())]
    return next((f for f in inside if f.is_dir()), inside[0] if inside else root) / written


def beyond(path: Path, root: Path | None) -> bool:
    """``path`` is outside the paper's folder ``root`` as written (``..`` taken lexically,
    no link followed): a file found through a folder of the graphics path outside the paper.
    A link inside the paper is the paper's (:func:`~figures.paper.write.not_the_papers` names
    it); no ``root``: not known, not beyond."""
    return root is not None and not Path(os.path.normpath(path)).is_relative_to(
        os.path.normpath(root))


def read_outside(paper, include, target: Path, shadows: list[Path],
                 printed: Path | None) -> str | None:
    """Why sync may not write ``target`` for ``include``: a file TeX reads in a folder of the
    graphics path outside the paper's folder, read before ``target`` (in ``shadows``), or
    printed now and not ours (``printed``: ours would hide it); sync never moves a file
    there. One line naming the file, the ``\\graphicspath`` line that sets the folder and
    what to do (round 42a, A41: the row said "copy it by hand, or \\includegraphics a path
    inside the paper" of an include without a path, and offered ``--overwrite-theirs``,
    which then refused to move it). None: no such file."""
    from figures.paper.write import provenance_of, why_not_as_built

    root = paper.root
    inside = provenance_of(printed) if printed is not None and beyond(printed, root) else {}
    edited = why_not_as_built(printed, inside) if inside else None
    theirs = inside is None or edited is not None
    file = next((f for f in shadows if beyond(f, root)), printed if theirs else None)
    graphic = include.graphic
    folders = [f for f in (graphic.path if graphic is not None and graphic.printed is not None
                           else paper.graphicspath) if beyond(f, root)]
    if file is None or not (held := [f for f in folders if not beyond(file, f)]):
        return None
    folder = max(held, key=lambda f: len(Path(os.path.normpath(f)).parts))  # {/} holds all
    written = graphic.path_written if graphic is not None and graphic.path_written \
        else paper.graphicspath_written
    item = next((i for i, _ in path_items(written) if root / i == folder),
                f"{os.path.relpath(folder, root)}/")
    found = search_sources(paper, re.compile(r"\\graphicspath\s*\{.*?\{" + re.escape(item))) \
        or search_sources(paper, re.compile(r"\\graphicspath(?![A-Za-z])"))
    where = shown_path(paper.main, root) if found is None else \
        f"{shown_path(found[0], root)}:{found[1]}"
    what = "is not ours (no provenance of fa-audit-figures inside)" if inside is None else \
        f"is labelled ours, but {edited}"
    how = f"prints it now, and it {what}: the {target.name} sync would write is read " \
        "first and yours would stop printing; rename yours (and the include) to keep it; " \
        "to print ours," if file == printed \
        else f"reads it before the {target.name} sync would write, so ours would not print:"
    shown = f"{item.rstrip('/')}/{os.path.relpath(file, folder)}"  # as TeX opens it
    return (f"{shown} is outside the paper's folder, in {{{item}}} of the "
            f"\\graphicspath at {where}: pdflatex {how} move it out of {item} or take "
            f"{{{item}}} out of that \\graphicspath, then sync again (sync never writes or "
            "moves a file outside the paper)")
