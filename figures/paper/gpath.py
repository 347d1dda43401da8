"""``\\graphicspath`` as graphicx reads it, and the slip sync refuses: the argument written
without its inner braces (``\\graphicspath{figs/}``), where each character is a folder of
its own and the folder the author meant is never searched (the folders it names, and where
sync writes among them: :mod:`figures.paper.gfolders`)."""

from __future__ import annotations

import re

from figures.paper.gfolders import path_items
from figures.paper.includes import includes_of, name_of
from figures.paper.latex import search_sources, shown_path


def braced(path: str) -> str:
    """The edit: each run of bare characters put in a group of its own (``figs/`` is
    ``{figs/}``); groups kept."""
    out, run = [], ""
    for item, bare in path_items(path):
        if bare:
            run += item
            continue
        out += [f"{{{run}}}"] if run else []
        out.append(f"{{{item}}}")
        run = ""
    return "".join(out + ([f"{{{run}}}"] if run else []))


def _where(paper) -> str:
    """``FILE:LINE`` of the first ``\\graphicspath`` without inner braces (the main file
    when the source holds none: a macro made it)."""
    found = search_sources(paper, re.compile(r"\\graphicspath\s*\{[^{}]*\}"))
    return shown_path(paper.main, paper.root) if found is None else \
        f"{shown_path(found[0], paper.root)}:{found[1]}"


def refuse_slipped(paper, result) -> None:
    """Round 23 (S6): each copy planned for an include TeX found no file for while the
    graphics path in force there is written without its inner braces: refused (and held:
    all or nothing), with one line naming the path and the edit. Where sync would write,
    TeX does not look; "0 refused" and a compile that cannot find the file were the
    outcome."""
    for include in includes_of(paper)[0]:
        graphic = include.graphic
        written = graphic.path_written if graphic is not None else ""
        if include.found is not None or not any(bare for _, bare in path_items(written)):
            continue
        figure = name_of(include.written)
        slipped = {(paper.root / item).resolve() for item, bare in path_items(written) if bare}
        for write in [w for w in result.copies if result.rows[w.row][0] == figure
                      and w.target.resolve().parent in slipped  # not figs/NAME, named so
                      and not result.rows[w.row][2].startswith("refused")]:
            bare = ", ".join(item for item, slip in path_items(written) if slip)
            result.rows[write.row] = (figure, f"{shown_path(include.tex, paper.root)}:{include.line}", (
                f"refused: {_where(paper)}: \\graphicspath{{{written}}} has no inner braces: "
                f"TeX takes each character for a folder ({bare}), never the folder it names; "
                f"write \\graphicspath{{{braced(written)}}}, then sync again"))
            # the write stays planned (held: all or nothing), counted as one to copy once mended
            result.refused.append(figure)
            result.holding += 1
