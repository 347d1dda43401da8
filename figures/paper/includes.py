"""The paper's graphics includes, each where pdflatex reads it: the file TeX read (asked by
:mod:`figures.paper.engine`), else the first of graphicx's candidates (each extension in
turn, the paper's folder then its graphics paths); the figure each is (by the provenance
inside the file, else by name) and where its copy goes. Read by sync's plan, the builds a
sync needs, the paper's checks and the pack; :mod:`figures.paper.sync` plans the copies."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from figures.paper.gfolders import beyond, first_target
from figures.paper.latex import Graphic, Paper
from figures.paper.write import provenance_of
from figures.registry import BY_NAME, FigureSpec

#: graphicx's order of extensions with the pdfTeX driver (pdftex.def's ``\Gin@extensions``).
PDFLATEX_EXTENSIONS = (".pdf", ".png", ".jpg", ".mps", ".jpeg", ".jbig2", ".jb2", ".PDF",
                       ".PNG", ".JPG", ".JPEG", ".JBIG2", ".JB2")
_KNOWN_SUFFIXES = {ext.lower() for ext in PDFLATEX_EXTENSIONS}
MACROS_NAME = "macros.tex"
#: The build folder a figure is copied from for an include, or the line that says why none.
SourceOf = Callable[[FigureSpec, "Include"], tuple[Path | None, str]]


@dataclass
class Include:
    """One ``\\includegraphics`` of the paper."""

    tex: Path
    line: int
    written: str
    #: The file pdflatex reads now (None: none found).
    found: Path | None
    #: Where our copy goes (the found file, or where pdflatex would look first).
    target: Path | None = None
    figure: str | None = None
    graphic: Graphic | None = None
    #: Every file pdflatex would consider for it, in the order it tries them.
    candidates: list[Path] = field(default_factory=list)
    #: The paper's folder: a file found outside it is never the target (round 42a, A41).
    root: Path | None = None


def extensions_of(paper: Paper) -> tuple[str, ...]:
    """The extensions pdflatex tries for an include without one, in its order."""
    return tuple(paper.graphics_extensions or PDFLATEX_EXTENSIONS)


def includes_of(paper: Paper) -> tuple[list[Include], Path]:
    """The paper's graphics includes, resolved (by TeX when it was asked: the file graphicx
    read; else as pdflatex would look), and where its macros file goes."""
    order = extensions_of(paper)
    includes = []
    for g in paper.graphics:
        folders = [paper.root, *(g.path if g.printed is not None else paper.graphicspath)]
        candidates = _candidates(g.written, folders, order)
        found = next((c for c in candidates if c.is_file()), None) if g.printed is None else (
            paper.root / g.printed.file if g.printed.file else None)  # the file TeX read
        found = found if found is not None and found.is_file() else None
        includes.append(Include(g.tex, g.line, g.written, found, graphic=g, target=first_target(
            g.written, paper.root, folders[1:]), candidates=candidates, root=paper.root))
    macros = next((paper.root / (name if name.endswith(".tex") else f"{name}.tex")  # the last
                   for name in reversed(paper.inputs)
                   if Path(name).name in (MACROS_NAME, Path(MACROS_NAME).stem)),
                  paper.root / MACROS_NAME)
    return includes, macros


def has_extension(written: str, order: Sequence[str]) -> bool:
    return (suffix := Path(written).suffix).lower() in _KNOWN_SUFFIXES or suffix in order


def _candidates(written: str, folders: list[Path], order: Sequence[str]) -> list[Path]:
    """The files pdflatex tries for ``written``, in its order: each extension in turn, and
    for each the paper's folder, then the graphics paths."""
    if has_extension(written, order):
        return [folder / written for folder in folders]
    return [folder / f"{written}{ext}" for ext in order for folder in folders]


def name_of(written: str) -> str | None:
    """The figure an include's name is (None: no figure's)."""
    path = Path(written)
    stem = path.stem if path.suffix.lower() in _KNOWN_SUFFIXES else path.name
    return stem if stem in BY_NAME else None


def figure_of(include: Include) -> tuple[str | None, str | None]:
    """Our figure this include shows (by the provenance inside the file, else by name), and
    the figure its name is (None: no figure's)."""
    named = name_of(include.written)
    inside = provenance_of(include.found) if include.found is not None else None
    return (inside["figure"] if inside and inside["figure"] in BY_NAME else named), named


def target_of(include: Include, order: Sequence[str], formats: Sequence[str]) -> tuple[Path, str] | None:
    """Where sync writes an include's copy, and its format: the file named (found through a
    graphics path outside the paper: where it would go were none there, as TeX reads the
    paper's own first); without an extension the first format pdflatex tries of ``formats``
    (None: none of them)."""
    found = None if include.found is None or beyond(include.found, include.root) else include.found
    if has_extension(include.written, order):
        return found or include.target, Path(include.written).suffix.lower()[1:]
    ext = next((e for e in order if e.lower().lstrip(".") in formats), None)
    base = found.parent / include.written.rsplit("/", 1)[-1] if found else include.target
    return None if ext is None else (base.with_name(f"{base.name}{ext}"), ext.lower()[1:])
