"""Into the paper: copy the current built figures the paper includes, and its macros.

The paper is read from its main ``.tex`` (:mod:`figures.paper.latex`, a parser: comments,
``\\iffalse``, multi-line options, ``\\input``/``\\include``/``\\subfile``/``\\import``,
``\\graphicspath``, simple macros in paths); every path resolves from the main file's folder:

- ``\\includegraphics[...]{name}``: with an extension, that file; without one, the file
  pdflatex would pick: for each extension in graphicx's order (pdfTeX's ``.pdf``, ``.png``,
  ``.jpg``, ``.mps``, ``.jpeg``, ...; the paper's ``\\DeclareGraphicsExtensions`` if it has
  one), the folder of the paper first, then each graphics path. Sync writes the first format
  of that order the build has, and moves aside (keeping it, as ``NAME.bak``) any file
  pdflatex would still read before it;
- ``\\input{...}`` / ``\\include{...}`` of a file named ``macros.tex`` is where the macros go
  (else ``macros.tex`` beside the main file).

An include is one of our figures when the file there carries our provenance (a copy made
before, whatever its name), or else when its name is the figure's. The built file copied
over it must be current (:mod:`figures.paper.which`), carry the synthetic mark when drawn from
synthetic data, and, unless allowed, not be drawn from synthetic data. A file in the paper
without our provenance is never replaced (nor moved aside) without ``overwrite_theirs``, and
then kept beside it as ``NAME.bak``.

**All or nothing.** Everything is planned and checked first (each build current, each target
writable); when any row is refused nothing at all is written, so text and figures never
disagree. Each write is atomic; figures go first and the macros last, and a write that still
fails (a full disk) stops the rest: every row then says whether it was written. Nothing in the
paper is ever deleted, and a dry run writes nothing.
"""

from __future__ import annotations

import os
import shutil
import stat
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from figures.data.envelope import SYNTHETIC
from figures.data.jsonio import atomic_path
from figures.errors import FigureDataError, display_path
from figures.outputs import provenance
from figures.paper.latex import Graphic, Paper
from figures.paper.which import which
from figures.registry import BY_NAME, FIGURES, FigureSpec

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


@dataclass
class Write:
    """One file sync writes: a built figure copied, or the macros; the files moved aside
    first (each to its backup), and the row of the report it belongs to."""

    row: int
    target: Path
    source: Path | None = None
    text: str | None = None
    aside: list[tuple[Path, Path]] = field(default_factory=list)
    #: After :func:`carry_out`: "written", or why not.
    outcome: str = ""


@dataclass
class Plan:
    """What sync does (or, in a dry run, would do)."""

    rows: list[tuple[str, str, str]] = field(default_factory=list)  # figure, file, action
    refused: list[str] = field(default_factory=list)
    writes: list[Write] = field(default_factory=list)
    not_ours: list[str] = field(default_factory=list)
    not_included: list[str] = field(default_factory=list)
    #: Quoted values defined as errors in the macros file: drawn from synthetic data.
    synthetic_macros: list[str] = field(default_factory=list)
    #: Each paper file already planned: what goes there, and from which include.
    planned: dict[Path, tuple[Path | None, str]] = field(default_factory=dict)

    @property
    def copies(self) -> list[Write]:
        return [w for w in self.writes if w.source is not None]

    @property
    def macros(self) -> Write | None:
        return next((w for w in self.writes if w.text is not None), None)

    @property
    def held(self) -> bool:
        """Nothing is written: a row is refused (all or nothing)."""
        return bool(self.refused)

    def refuse(self, name: str, figure: str, file: str, why: str) -> None:
        self.refused.append(name)
        self.rows.append((figure, file, f"refused: {why}"))

    def write(self, figure: str, file: str, action: str, write: Write) -> None:
        write.row = len(self.rows)
        self.rows.append((figure, file, action))
        self.writes.append(write)


def extensions_of(paper: Paper) -> tuple[str, ...]:
    """The extensions pdflatex tries for an include without one, in its order."""
    return tuple(paper.graphics_extensions or PDFLATEX_EXTENSIONS)


def includes_of(paper: Paper) -> tuple[list[Include], Path]:
    """The paper's graphics includes, resolved, and where its macros file goes."""
    folders = [paper.root, *paper.graphicspath]
    order = extensions_of(paper)
    includes = []
    for g in paper.graphics:
        candidates = _candidates(g.written, folders, order)
        found = next((c for c in candidates if c.is_file()), None)
        includes.append(Include(g.tex, g.line, g.written, found,
                                target=_first_target(g.written, folders), graphic=g,
                                candidates=candidates))
    macros = paper.root / MACROS_NAME
    for name in paper.inputs:
        if Path(name).name in (MACROS_NAME, Path(MACROS_NAME).stem):
            macros = paper.root / (name if name.endswith(".tex") else f"{name}.tex")
    return includes, macros


def _has_extension(written: str, order: Sequence[str]) -> bool:
    suffix = Path(written).suffix
    return suffix.lower() in _KNOWN_SUFFIXES or suffix in order


def _candidates(written: str, folders: list[Path], order: Sequence[str]) -> list[Path]:
    """The files pdflatex tries for ``written``, in its order: each extension in turn, and
    for each the paper's folder, then the graphics paths."""
    if _has_extension(written, order):
        return [folder / written for folder in folders]
    return [folder / f"{written}{ext}" for ext in order for folder in folders]


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
        inside = _provenance(include.found)
        if inside is not None and inside["figure"] in BY_NAME:
            return inside["figure"]
    stem = Path(include.written).name
    stem = stem[: -len(Path(stem).suffix)] if Path(stem).suffix.lower() in _KNOWN_SUFFIXES \
        else stem
    return stem if stem in BY_NAME else None


def _provenance(path: Path) -> dict[str, str] | None:
    try:
        return provenance.read(path)
    except Exception:  # noqa: BLE001 - an unreadable file carries nothing of ours
        return None


@dataclass(frozen=True)
class Options:
    """What the user allowed."""

    allow_synthetic: bool = False
    overwrite_theirs: bool = False


def plan(paper: Paper, built: Path | SourceOf, figdata_dir: Path, *, allow_synthetic: bool,
         macros_text: tuple[str, list[str]], unread: Sequence[str] = (),
         venues_file: Path | None = None, overwrite_theirs: bool = False) -> Plan:
    """What to copy where, and what is refused; ``built`` is the build folder to copy from
    (or, per include, a function that gives it), ``macros_text`` the macros file's text
    and the quoted values in it defined as errors (synthetic), ``unread`` the figures whose
    quoted values could not be read (the paper's macros file is then left as it is)."""
    includes, macros_path = includes_of(paper)
    root = paper.root
    options = Options(allow_synthetic, overwrite_theirs)
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
            result.refuse(spec.name, spec.name, where, why)
            continue
        _plan_copy(result, spec, include, paper, folder, figdata_dir, options, venues_file)
    result.not_included = [spec.name for spec in FIGURES if spec.name not in seen]
    _plan_macros(result, paper, macros_path, macros_text, unread, figdata_dir)
    return result


def _plan_macros(result: Plan, paper: Paper, macros_path: Path,
                 macros_text: tuple[str, list[str]], unread: Sequence[str],
                 figdata_dir: Path) -> None:
    tex, synthetic = macros_text
    shown = _shown(macros_path, paper.root)
    quoting = _quoting(paper, synthetic, macros_path)
    problem = _not_the_papers(macros_path, paper.root, figdata_dir) or \
        _unwritable(macros_path, paper.root)
    if problem is not None:
        result.refuse("macros", "(macros)", shown, problem)
    elif macros_path.is_file() and not _ours(macros_path):
        result.refuse("macros", "(macros)", shown, (
            "not written by `figures macros` (the paper's own macros?); rename it and its "
            "\\input, then sync again: ours go into a file named macros.tex"))
    elif unread:
        result.refuse("macros", "(macros)", shown, (
            f"the quoted values of {', '.join(unread)} could not be read (the error above); "
            "the paper's macros file is left as it is"))
    elif quoting:
        result.refuse("macros", "(macros)", shown, (
            f"{quoting} quotes a SYNTHETIC EXAMPLE value (run `figures extract RESULTS`, or "
            "--allow-synthetic to write it anyway)"))
    else:
        result.synthetic_macros = list(synthetic)
        names = [m for m in synthetic if not (m.endswith("Num") and m[:-3] in synthetic)]
        left = (f" ({', '.join(names)} and their Num variants: SYNTHETIC EXAMPLE DATA, "
                "defined as LaTeX errors if used; --allow-synthetic for their values)"
                ) if synthetic else ""
        if macros_path.is_file() and macros_path.read_text(encoding="utf-8",
                                                           errors="replace") == tex:
            result.rows.append(("(macros)", shown, f"up to date{left}"))
        else:
            result.write("(macros)", shown, f"write{left}", Write(0, macros_path, text=tex))


def _quoting(paper: Paper, macros: Sequence[str], macros_path: Path) -> str | None:
    """``FILE:LINE: \\\\NAME``, the first place the text uses one of ``macros`` (None:
    nowhere)."""
    import re

    if not macros:
        return None
    pattern = re.compile(r"(" + "|".join(re.escape(m) for m in macros) + r")(?![A-Za-z])")
    for path in paper.sources:
        if path.resolve() == macros_path.resolve():
            continue
        try:
            lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            continue
        for number, line in enumerate(lines, 1):
            match = pattern.search(line.split("%", 1)[0] if "\\%" not in line else line)
            if match:
                return f"{_shown(path, paper.root)}:{number}: {match.group(1)}"
    return None


def _plan_copy(result: Plan, spec: FigureSpec, include: Include, paper: Paper, built: Path,
               figdata_dir: Path, options: Options, venues_file: Path | None = None) -> None:
    from figures.outputs.provenance import kind_in

    root = paper.root
    try:  # the files the build there writes (a venue's: a PDF and a PNG for every figure)
        formats = [out.fmt for out in kind_in(built, spec, venues_file).outputs(spec)]
    except FigureDataError:
        formats = [out.fmt for out in spec.outputs]
    order = extensions_of(paper)
    shadows: list[Path] = []
    if _has_extension(include.written, order):
        fmt = Path(include.written).suffix.lower().lstrip(".")
        target = include.found or include.target
    else:  # the first format pdflatex tries that the build has
        ext = next((e for e in order if e.lower().lstrip(".") in formats), None)
        if ext is None:
            result.refuse(spec.name, spec.name, f"{_shown(include.tex, root)}:{include.line}",
                          f"pdflatex tries {', '.join(order)} for \\includegraphics"
                          f"{{{include.written}}}, and {spec.name} is built as "
                          f"{', '.join(formats)}: write the extension")
            return
        fmt = ext.lower().lstrip(".")
        base = include.found.parent / include.written.rsplit("/", 1)[-1] \
            if include.found else include.target
        target = base.with_name(f"{base.name}{ext}")
        before = include.candidates[:include.candidates.index(target)] \
            if target in include.candidates else []
        shadows = [c for c in before if c.is_file()]
    shown = _shown(target, root)
    source = built / f"{spec.name}.{fmt}"
    refusal = _refusal(spec, fmt, formats, source, figdata_dir, options.allow_synthetic,
                       venues_file)
    if refusal is not None:
        result.refuse(spec.name, spec.name, shown, refusal)
        return
    where = f"{_shown(include.tex, root)}:{include.line}"
    first = result.planned.setdefault(target.resolve(), (source, where))
    if first != (source, where):  # the same file included twice
        if first[0] == source:
            result.rows.append((spec.name, shown, f"the same file as at {first[1]}"))
        else:
            result.refuse(spec.name, spec.name, shown, (
                f"{where} and {first[1]} include this one file at two sizes ({source} and "
                f"{first[0]}): give one of them a copy under another name"))
        return
    up_to_date = target.is_file() and target.read_bytes() == source.read_bytes()
    if up_to_date and not shadows:
        result.rows.append((spec.name, shown, "up to date"))
        return
    problem = _not_the_papers(target, root, figdata_dir, built) or _unwritable(target, root)
    if problem is not None:
        result.refuse(spec.name, spec.name, shown, problem)
        return
    replaced = [] if up_to_date or not target.is_file() else [target]
    moves = _moves_aside([*replaced, *shadows], target, include, root, options,
                         (figdata_dir, built))
    if isinstance(moves, str):
        result.refuse(spec.name, spec.name, shown, moves)
        return
    aside, notes = moves
    action = "move aside" if up_to_date else f"copy {display_path(source)}"
    if notes:
        action += f" ({'; '.join(notes)})"
    result.write(spec.name, shown, action, Write(0, target, None if up_to_date else source,
                                                 aside=aside))


def _moves_aside(olds: list[Path], target: Path, include: Include, root: Path,
                 options: Options, inputs: tuple[Path, Path]
                 ) -> tuple[list[tuple[Path, Path]], list[str]] | str:
    """The files replaced or moved aside for ``target`` (each with its backup) and the
    notes that say so; or why one of them may not be touched."""
    aside: list[tuple[Path, Path]] = []
    notes: list[str] = []
    taken: set[Path] = set()
    for old in olds:
        theirs = _provenance(old) is None
        if theirs and not options.overwrite_theirs:
            kept = _shown(_backup_of(old, taken), root)
            if old == target:
                return (f"{_shown(old, root)} is not ours (no provenance of fa-audit-figures "
                        "inside): sync never overwrites it; rename it (and its include), or "
                        f"--overwrite-theirs (it is then kept as {kept})")
            return (f"pdflatex reads {_shown(old, root)} first for \\includegraphics"
                    f"{{{include.written}}}, not the {target.suffix} sync would write, and it "
                    "is not ours (no provenance of fa-audit-figures inside): remove it, or "
                    f"--overwrite-theirs (it is then moved aside to {kept})")
        problem = _not_the_papers(old, root, *inputs) or _unwritable(old, root)
        if problem is not None:
            return problem
        backup = _backup_of(old, taken)
        taken.add(backup)
        if old != target or theirs:
            aside.append((old, backup))
            why = "" if old == target else ", which pdflatex read first"
            notes.append(f"{'theirs' if theirs else 'our old'} {_shown(old, root)}{why} kept "
                         f"as {_shown(backup, root)}")
    return aside, notes


def _backup_of(path: Path, taken: set[Path]) -> Path:
    """A free name beside ``path`` for the file it held: ``NAME.bak``, ``NAME.bak.1``, ...
    (pdflatex never picks it for an include)."""
    candidate = path.with_name(f"{path.name}.bak")
    number = 0
    while candidate.exists() or candidate.is_symlink() or candidate in taken:
        number += 1
        candidate = path.with_name(f"{path.name}.bak.{number}")
    return candidate


def _unwritable(target: Path, paper: Path) -> str | None:
    """Why ``target`` cannot be written (its mode bits, as a person set them: root too), None
    when it can: a read-only file, a folder in its place, a read-only folder, a file where a
    folder must be made."""
    shown = _shown(target, paper)
    if target.is_dir():
        return f"{shown} is a folder, not a file: rename it or write the include's extension"
    if target.exists() and not _writable(target):
        return f"{shown} is read-only: make it writable (chmod u+w) and sync again"
    folder = target.parent
    while not folder.exists() and folder != folder.parent:
        if folder.is_symlink():
            return f"{_shown(folder, paper)} is a broken link: mend it or remove it"
        folder = folder.parent
    if not folder.is_dir():
        return (f"{_shown(folder, paper)} is a file, not a folder: {shown} cannot be made "
                "there")
    if not _writable(folder):
        return (f"the folder {_shown(folder, paper) if folder != paper else paper} is "
                "read-only: make it writable (chmod u+w) and sync again")
    return None


def _writable(path: Path) -> bool:
    """Writable by its owner's mode bits (root writes anywhere, but a read-only file or
    folder in the paper was made so on purpose) and by this user."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    return bool(mode & stat.S_IWUSR) and os.access(path, os.W_OK)


def _refusal(spec: FigureSpec, fmt: str, formats: list[str], source: Path, figdata_dir: Path,
             allow_synthetic: bool, venues_file: Path | None) -> str | None:
    """Why the built ``source`` may not go into ``spec``'s place in the paper (None: it may)."""
    if fmt not in formats:
        return (f"{spec.name} is built as {', '.join(formats)} here, not .{fmt}: include "
                f"{spec.name}.{formats[0]} (or no extension), or sync it for a venue "
                "(--venue V: every figure is built as PDF and PNG)")
    unmarked = _unmarked(source, figdata_dir, venues_file)
    if unmarked is not None:
        return unmarked
    state = which(source, figdata_dir, venues_file)
    if not state.current:
        why = state.why or state.state
        return (f"the built {source} is {state.state} ({why}); "
                f"run `{state.rebuild or 'figures build'}` first")
    if state.figure != spec.name:  # never another figure in this one's slot
        return (f"the built {source} holds {state.figure or 'no figure of ours'}, not "
                f"{spec.name}; run `{state.rebuild or 'figures build'} --force` first")
    if state.origin == SYNTHETIC and not allow_synthetic:
        return "drawn from SYNTHETIC EXAMPLE DATA (--allow-synthetic to copy it anyway)"
    return None


def _unmarked(source: Path, figdata_dir: Path, venues_file: Path | None) -> str | None:
    """Why ``source`` may never go into a paper: a synthetic figure built with ``--no-stamp``
    (its mark left off), even with ``--allow-synthetic``; None otherwise."""
    from figures.outputs.kind import parse_kind

    inside = _provenance(source) if source.is_file() else None
    if (inside is None or inside["figure"] not in BY_NAME or inside["origin"] != SYNTHETIC
            or inside.get("stamped") != "no"):
        return None
    try:
        rebuild = parse_kind(inside["variant"], venues_file).rebuild
    except Exception:  # noqa: BLE001 - which() then says why it is not current
        return None
    return (f"the built {source} is synthetic example data built with --no-stamp (without "
            "its SYNTHETIC mark): it never goes into a paper unmarked, --allow-synthetic or "
            f"not; run `{rebuild}` without --no-stamp first")


def carry_out(result: Plan) -> bool:
    """Write what the plan says, figures first and the macros last, each atomically; a
    failed write stops the rest. Each write's ``outcome`` says what happened; True when all
    were written. Nothing is written when the plan refused a row."""
    if result.held:
        for write in result.writes:
            write.outcome = "not written: a row is refused (all or nothing)"
        return False
    failed = None
    for write in sorted(result.writes, key=lambda w: w.text is not None):  # macros last
        if failed is not None:
            write.outcome = f"not written: stopped after {failed}"
            continue
        try:
            for old, backup in write.aside:
                old.replace(backup)
            if write.source is not None:
                with atomic_path(write.target) as tmp:
                    shutil.copyfile(write.source, tmp)
            elif write.text is not None:
                with atomic_path(write.target) as tmp:
                    tmp.write_text(write.text, encoding="utf-8")
        except (OSError, FigureDataError) as exc:
            cause = exc.message if isinstance(exc, FigureDataError) else \
                (exc.strerror or type(exc).__name__)
            write.outcome = f"FAILED: {cause}"
            failed = f"{write.target.name} failed"
            continue
        write.outcome = "written"
    return failed is None


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
