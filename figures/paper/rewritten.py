"""A file the paper writes itself while it compiles (``\\begin{filecontents*}[overwrite]{NAME}``,
``\\openout\\w=NAME``) and reads back: where in its sources that write is, so that a line
names the paper's own line, not only the copy TeX read or a temporary folder of ours; and
when the file written is one of our figures the paper includes, that the write replaces it
(hostile round 39, F4: a ``filecontents*`` writing ``not a pdf`` over the figure sync copies,
and `figures paper`'s advice, "latexmk in its folder", would have written it there)."""

from __future__ import annotations

import os
import re
from pathlib import Path

from figures.errors import FigureDataError, LatexError, display_path
from figures.mainfile import FAR, read_bounded
from figures.texread import blanked

#: ``\\begin{filecontents*}[overwrite]{figures/x.pdf}`` (LaTeX's kernel since 2019).
_FILECONTENTS = re.compile(
    r"\\begin\s*\{(filecontents\*?)\}\s*(?:\[[^\]]*\]\s*)?\{\s*([^{}]+?)\s*\}")
#: ``\\openout\\w=name``, ``\\openout3 {sub/y.tex}`` (a name a macro makes is not read).
_OPENOUT = re.compile(r"\\(openout)\s*(?:\\[A-Za-z@]+|\d+)\s*=?\s*(?:\{\s*([^{}\\]+?)\s*\}|"
                      r"([^\s{}\\%]+))")


def writes(folder: Path, sources: list[Path]) -> dict[str, tuple[str, str]]:
    """Each file the ``sources`` (``.tex`` files of the paper in ``folder``) write, by its
    name from ``folder`` (normalised; TeX's ``.tex`` added to a name without a suffix): the
    first writer's ``file:line`` and how (``\\begin{filecontents*}``, ``\\openout``)."""
    found: dict[str, tuple[str, str]] = {}
    for source in sources:
        text = read_bounded(source, FAR)
        if text is None:
            continue
        plain = blanked(text)  # comments out; a filecontents body is no comment
        for pattern in (_FILECONTENTS, _OPENOUT):
            for match in pattern.finditer(plain):
                name = (match.group(2) or match.group(3) or "").strip()
                how = f"\\begin{{{match.group(1)}}}" if pattern is _FILECONTENTS else "\\openout"
                try:
                    shown = display_path(source.relative_to(folder))
                except ValueError:
                    shown = display_path(source)
                where = f"{shown}:{plain.count(chr(10), 0, match.start()) + 1}"
                for each in (name,) if Path(name).suffix else (name, f"{name}.tex"):
                    found.setdefault(os.path.normpath(each), (where, how))
    return found


def stale_refusal(paper, stale: str, pdf: Path) -> LatexError:
    """`figures paper`'s line for ``stale``, a file the paper writes anew and reads back whose
    copy in the folder differs from what the compile wrote (:func:`figures.runner.stale_reads`):
    one of our figures the paper includes, or its main file or the file writing, is the
    paper's own write to remove (running latexmk in the folder would write it over our figure,
    or over the source); any other, brought up to date (latexmk -norc: no rc file runs)."""
    from figures.paper.includes import figure_of, includes_of

    where, how = writes(paper.root, paper.sources or [paper.main]).get(
        os.path.normpath(stale), (None, "\\openout"))
    target = (paper.root / stale).resolve()
    ours = next((figure_of(include)[0] for include in includes_of(paper)[0]
                 if any(c.resolve() == target for c in include.candidates)), None)
    if ours is not None:  # found by its name, or written by a name a macro makes
        return LatexError(str(paper.root / where) if where else str(paper.main), None, (
            f"writes {stale} ({how}), the file of our figure {ours} that the paper includes "
            "(figures sync copies it there), so TeX reads what the paper writes, not the "
            f"figure: remove that write, then run figures paper again; {pdf.name} not written"))
    said = f"{how} at {where}" if where is not None else how
    writer = (paper.root / where.rpartition(":")[0]).resolve() if where else None
    if target in (paper.main.resolve(), writer):  # the main file, or one writing over itself
        # round 51a (paper2), A1: the advice, "latexmk -pdf main.tex in its folder", wrote
        # the paper's write over its own source (main.tex lost) and ran its latexmkrc
        return LatexError(str(paper.root / stale), None, (
            f"the paper writes over its own source ({said}): a compile in its folder would "
            f"replace this file: remove that write, then run figures paper again; {pdf.name} "
            "not written"))
    return LatexError(str(paper.root / stale), None, (  # -norc: its latexmkrc never runs
        f"the paper writes it anew ({said}) and reads it back, but TeX read this copy, which "
        f"differs: bring it up to date (latexmk -norc -pdf {paper.main.name} in its folder), "
        f"then run figures paper again; {pdf.name} not written"))


#: What a file the paper writes is when the pack names its write: an image it includes.
IMAGES = (".pdf", ".png", ".jpg", ".jpeg", ".eps", ".ps", ".jbig2", ".jb2")


def in_pack_error(main: Path, out: Path, error: str) -> str:
    """``error`` of a compile in a copy of the paper (its files written in ``out``) with
    ``out``'s temporary path left out of the names it gives, and, for an image the paper's
    own source writes (over the figure it includes), that line named: the author mends
    that, not the copy (round 39, F4)."""
    from figures.mainfile import tex_files

    for folder in {str(out), str(out.resolve())}:
        error = error.replace(f"{folder}/", "")
    try:
        sources = [main, *(path for path in tex_files(main.parent) if path != main)]
    except FigureDataError:  # a folder too large to walk: the main file alone
        sources = [main]
    named = next(((name, *at) for name, at in writes(main.parent, sources).items()
                  if name.lower().endswith(IMAGES) and
                  re.search(rf"(?<![\w/.-]){re.escape(name)}(?![\w/.-])", error)), None)
    if named is None:
        return error
    name, where, how = named
    return (f"{error.removesuffix('.')}; the paper writes {name} itself ({how} at {where}), "
            "over the figure it includes: remove that write")


def over_ours(paper) -> list[str]:
    """Sync's line per include of ours whose file (the one TeX reads, or, none there yet,
    any it would look for; where sync copies it) the paper's own source writes over: TeX reads what the paper writes there, never the
    figure sync copied (round 39, F4: sync said nothing)."""
    from figures.paper.includes import figure_of, includes_of

    written = writes(paper.root, paper.sources or [paper.main])
    said = []
    for include in includes_of(paper)[0]:
        read = [include.found] if include.found is not None else include.candidates
        for path in dict.fromkeys(p for p in (*read, include.target) if p is not None):
            name = os.path.normpath(os.path.relpath(path, paper.root))
            if name in written and (ours := figure_of(include)[0]) is not None:
                where, how = written[name]
                said.append(f"{where}: writes {name} ({how}), the file sync copies our figure "
                            f"{ours} to: TeX reads what the paper writes there, not the "
                            "figure: remove that write")
                break
    return said
