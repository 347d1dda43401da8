"""Into the paper: copy the current built figures the paper includes, and its macros.

The paper is read from its main ``.tex`` (:mod:`figures.paper.latex`, a parser: comments,
``\\iffalse``, multi-line options, ``\\input``/``\\include``/``\\subfile``/``\\import``,
``\\graphicspath``, simple macros in paths); every path resolves from the main file's folder:

- ``\\includegraphics[...]{name}``: with an extension, that file; without one, the file
  pdflatex would pick: for each extension in its order (``.pdf``, ``.png``, ``.jpg``,
  ``.jpeg``), the folder of the paper first, then each graphics path;
- ``\\input{...}`` / ``\\include{...}`` of a file named ``macros.tex`` is where the macros go
  (else ``macros.tex`` beside the main file).

An include is one of our figures when the file there carries our provenance (a copy made
before, whatever its name), or else when its name is the figure's. The built file copied
over it must be current (:mod:`figures.paper.which`) and, unless allowed, not drawn from
synthetic data; the macros likewise, and only when no figure was refused (text and figures
never disagree). Nothing in the paper is ever deleted, every write is atomic, and a dry run
writes nothing.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from figures.data.envelope import SYNTHETIC
from figures.data.jsonio import atomic_path, write_text_atomic
from figures.errors import FigureDataError, display_path
from figures.outputs import provenance
from figures.paper.latex import Graphic, Paper
from figures.paper.which import which
from figures.registry import BY_NAME, FIGURES, FigureSpec

#: pdflatex's order of graphics extensions (graphicx with the pdftex driver).
PDFLATEX_EXTENSIONS = (".pdf", ".png", ".jpg", ".jpeg")
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


@dataclass
class Plan:
    """What sync does (or, in a dry run, would do)."""

    rows: list[tuple[str, str, str]] = field(default_factory=list)  # figure, file, action
    refused: list[str] = field(default_factory=list)
    copies: list[tuple[Path, Path]] = field(default_factory=list)
    macros: tuple[Path, str] | None = None
    not_ours: list[str] = field(default_factory=list)
    not_included: list[str] = field(default_factory=list)
    #: The macros are not written because a figure was refused (all or nothing).
    macros_held: bool = False


def includes_of(paper: Paper) -> tuple[list[Include], Path]:
    """The paper's graphics includes, resolved, and where its macros file goes."""
    folders = [paper.root, *paper.graphicspath]
    includes = [Include(g.tex, g.line, g.written, _pdflatex_file(g.written, folders),
                        target=_first_target(g.written, folders), graphic=g)
                for g in paper.graphics]
    macros = paper.root / MACROS_NAME
    for name in paper.inputs:
        if Path(name).name in (MACROS_NAME, Path(MACROS_NAME).stem):
            macros = paper.root / (name if name.endswith(".tex") else f"{name}.tex")
    return includes, macros


def _pdflatex_file(written: str, folders: list[Path]) -> Path | None:
    if Path(written).suffix.lower() in PDFLATEX_EXTENSIONS:
        candidates = [folder / written for folder in folders]
    else:
        candidates = [folder / f"{written}{ext}" for ext in PDFLATEX_EXTENSIONS
                      for folder in folders]
    return next((c for c in candidates if c.is_file()), None)


def _first_target(written: str, folders: list[Path]) -> Path:
    """Where a copy goes when the paper holds no file yet: a path with a folder is the
    paper's; a bare name goes into the first graphics path (the paper's folder when it sets
    none)."""
    if "/" in written:
        return folders[0] / written
    return folders[1 if len(folders) > 1 else 0] / written


def figure_of(include: Include) -> str | None:
    """Our figure this include shows: by the provenance inside the file, else by name."""
    if include.found is not None:
        try:
            inside = provenance.read(include.found)
        except Exception:  # noqa: BLE001 - an unreadable file is matched by name
            inside = None
        if inside is not None and inside["figure"] in BY_NAME:
            return inside["figure"]
    stem = Path(include.written).name
    stem = stem[: -len(Path(stem).suffix)] if Path(stem).suffix.lower() in PDFLATEX_EXTENSIONS \
        else stem
    return stem if stem in BY_NAME else None


def plan(paper: Paper, built: Path | SourceOf, figdata_dir: Path, *, allow_synthetic: bool,
         macros_text: tuple[str, list[str]], unread: Sequence[str] = (),
         venues_file: Path | None = None) -> Plan:
    """What to copy where, and what is refused; ``built`` is the build folder to copy from
    (or, per include, a function that gives it), ``macros_text`` the macros file's text
    and the figures whose quoted values are synthetic, ``unread`` the figures whose quoted
    values could not be read (the paper's macros file is then left as it is)."""
    includes, macros_path = includes_of(paper)
    root = paper.root
    result = Plan()
    seen: set[str] = set()
    for include in includes:
        include.figure = figure_of(include)
        where = f"{_shown(include.tex, root)}:{include.line}"
        if include.figure is None:
            result.not_ours.append(f"{display_path(include.written)} ({where})")
            continue
        seen.add(include.figure)
        spec = BY_NAME[include.figure]
        folder, why = (built, "") if isinstance(built, Path) else built(spec, include)
        if folder is None:
            result.refused.append(spec.name)
            result.rows.append((spec.name, f"{where}", f"refused: {why}"))
            continue
        _plan_copy(result, spec, include, root, folder, figdata_dir, allow_synthetic,
                   venues_file)
    result.not_included = [spec.name for spec in FIGURES if spec.name not in seen]
    paper_dir = root
    tex, synthetic = macros_text
    shown = _shown(macros_path, paper_dir)
    elsewhere = _not_the_papers(macros_path, paper_dir, figdata_dir)
    if elsewhere is not None:
        result.refused.append("macros")
        result.rows.append(("(macros)", shown, f"refused: {elsewhere}"))
    elif macros_path.is_file() and not _ours(macros_path):
        result.refused.append("macros")
        result.rows.append(("(macros)", shown, (
            "refused: not written by `figures macros` (the paper's own macros?); rename it "
            "and its \\input, then sync again: ours go into a file named macros.tex")))
    elif unread:
        result.refused.append("macros")
        result.rows.append(("(macros)", shown, (
            f"refused: the quoted values of {', '.join(unread)} could not be read (the error "
            "above); the paper's macros file is left as it is")))
    elif synthetic and not allow_synthetic:
        result.refused.append("macros")
        result.rows.append(("(macros)", shown, (
            f"refused: quoted values of {', '.join(synthetic)} are SYNTHETIC EXAMPLE DATA "
            "(--allow-synthetic to write them anyway)")))
    elif result.refused:
        result.macros_held = True
        result.rows.append(("(macros)", shown, (
            f"not written: {', '.join(result.refused)} refused above (the text would quote "
            "values its figures do not show); mend those and sync again")))
    elif macros_path.is_file() and macros_path.read_text(encoding="utf-8",
                                                         errors="replace") == tex:
        result.rows.append(("(macros)", shown, "up to date"))
    else:
        result.macros = (macros_path, tex)
        result.rows.append(("(macros)", shown, "write"))
    return result


def _plan_copy(result: Plan, spec: FigureSpec, include: Include, paper: Path, built: Path,
               figdata_dir: Path, allow_synthetic: bool,
               venues_file: Path | None = None) -> None:
    suffix = Path(include.written).suffix.lower()
    from figures.outputs.kind import kind_in

    try:  # the files the build there writes (a venue's: a PDF and a PNG for every figure)
        formats = [out.fmt for out in kind_in(built, spec, venues_file).outputs(spec)]
    except FigureDataError:
        formats = [out.fmt for out in spec.outputs]
    if suffix in PDFLATEX_EXTENSIONS:
        fmt = suffix.lstrip(".")
        target = include.found or include.target
    else:  # pdflatex takes a PDF first: ours, where there is one
        fmt = "pdf" if "pdf" in formats else formats[0]
        base = include.found.with_suffix("") if include.found else include.target
        target = base.with_name(f"{base.name}.{fmt}")
        if include.found is not None and include.found != target and \
                PDFLATEX_EXTENSIONS.index(include.found.suffix.lower()) < \
                PDFLATEX_EXTENSIONS.index(f".{fmt}"):
            result.refused.append(spec.name)
            result.rows.append((spec.name, _shown(target, paper), (
                f"refused: pdflatex reads {_shown(include.found, paper)} for "
                f"\\includegraphics{{{include.written}}}, not the .{fmt} sync would write; "
                f"remove {include.found.name} or write the extension")))
            return
    shown = _shown(target, paper)
    source = built / f"{spec.name}.{fmt}"
    refusal = _refusal(spec, fmt, formats, source, figdata_dir, allow_synthetic, venues_file)
    if refusal is not None:
        result.refused.append(spec.name)
        result.rows.append((spec.name, shown, f"refused: {refusal}"))
        return
    if target.is_file() and target.read_bytes() == source.read_bytes():
        result.rows.append((spec.name, shown, "up to date"))
        return
    elsewhere = _not_the_papers(target, paper, figdata_dir, built)
    if elsewhere is not None:
        result.refused.append(spec.name)
        result.rows.append((spec.name, shown, f"refused: {elsewhere}"))
        return
    result.copies.append((source, target))
    result.rows.append((spec.name, shown, f"copy {display_path(source)}"))


def _refusal(spec: FigureSpec, fmt: str, formats: list[str], source: Path, figdata_dir: Path,
             allow_synthetic: bool, venues_file: Path | None) -> str | None:
    """Why the built ``source`` may not go into ``spec``'s place in the paper (None: it may)."""
    if fmt not in formats:
        return f"{spec.name} has no .{fmt} output (it writes {', '.join(formats)})"
    state = which(source, figdata_dir, venues_file)
    if not state.current:
        why = state.why or state.state
        return (f"the built {source} is {state.state} ({why}); "
                f"run `{state.rebuild or 'figures build'}` first")
    if state.figure != spec.name:  # never another figure in this one's slot
        return (f"the built {source} holds {state.figure or 'no figure of ours'}, not "
                f"{spec.name}; run `{state.rebuild or 'figures build'} --force` first")
    if state.kind == SYNTHETIC and not allow_synthetic:
        return "drawn from SYNTHETIC EXAMPLE DATA (--allow-synthetic to copy it anyway)"
    return None


def carry_out(result: Plan) -> None:
    """Write what the plan says: every copy and the macros, each atomically."""
    for source, target in result.copies:
        try:
            with atomic_path(target) as tmp:
                shutil.copyfile(source, tmp)
        except OSError as exc:
            raise FigureDataError(str(target), None, f"cannot write: {exc.strerror}") from None
    if result.macros is not None:
        write_text_atomic(*result.macros)


def _not_the_papers(target: Path, paper: Path, figdata_dir: Path,
                    built: Path | None = None) -> str | None:
    """Why sync may not write ``target`` (through any link), None when it may: only files
    inside the paper's folder, and none of our inputs or built files."""
    from figures.paths import input_folder_of, is_inside

    resolved = target.resolve()
    if not resolved.is_relative_to(paper.resolve()):
        return (f"{resolved} is outside the paper's folder {paper}; sync writes only inside "
                "it (copy it by hand, or \\includegraphics a path inside the paper)")
    inside = input_folder_of(target, figdata_dir)
    if inside is None and built is not None and is_inside(target, built):
        inside = f"the build folder {built}"
    if inside is not None:
        return f"{resolved} is inside {inside}; sync never writes over our inputs"
    return None


def _ours(path: Path) -> bool:
    from figures.paper.macros import HEADER
    from figures.paths import written_by

    return written_by(HEADER.encode(), path)


def _shown(path: Path, paper: Path) -> str:
    try:
        return display_path(path.relative_to(paper))
    except ValueError:
        return display_path(path)
