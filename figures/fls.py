"""A compile's recorder, the ``.fls`` pdflatex ``-recorder`` writes: the files it read and
wrote, one a line (``PWD``, ``INPUT``, ``OUTPUT``), read by one function for every command
(:mod:`figures.runner` names it as its own)."""

from __future__ import annotations

import os
from pathlib import Path

from figures.errors import LatexError


def recorded(fls: Path, cwd: Path) -> tuple[list[Path], list[Path]]:
    """The files a compile run in ``cwd`` read and wrote, from its recorder (``.fls``): once
    each, in order, absolute and normalised (not resolved: links stay links). A name holding
    a line break (a folder ``nl\\nfolder``) the recorder cannot spell, its list one file a
    line: one line says so, not a file "outside" it never named (hostile round 50a, P11)."""
    try:
        lines = fls.read_text(encoding="utf-8", errors="surrogateescape").split("\n")
    except OSError:
        raise LatexError(str(fls), None, "the compile left no recorder file list (.fls): "
                         "is it TeX Live's pdflatex?") from None
    found: tuple[dict[Path, None], dict[Path, None]] = ({}, {})  # read, written
    for number, line in enumerate(lines):
        kind, _, name = line.partition(" ")
        if kind == "PWD":
            cwd = Path(name)
        elif kind in ("INPUT", "OUTPUT"):
            found[kind == "OUTPUT"][Path(os.path.normpath(cwd / name))] = None
        elif line and number:  # the name on the line before goes on past a line break
            raise LatexError(f"{lines[number - 1].partition(' ')[2]}\n{line}", None, "holds a "
                             "line break, which TeX's recorder (the .fls list of the files a "
                             "compile reads, one a line) cannot spell, so what the compile "
                             "read cannot be checked: rename it without the line break")
    return list(found[0]), list(found[1])
