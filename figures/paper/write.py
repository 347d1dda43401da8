"""Writing into the paper what :mod:`figures.paper.sync` planned: figures first and the macros
last, each atomically; a failed write stops the rest. And the checks of a target made before
anything is written: inside the paper's folder, none of our inputs, writable (its mode bits,
as a person set them), and a free backup name for what it replaces."""

from __future__ import annotations

import os
import shutil
import stat
from dataclasses import dataclass, field
from pathlib import Path

from figures.data.jsonio import atomic_path
from figures.errors import FigureDataError, display_path
from figures.outputs import provenance
from figures.paper.latex import shown_path


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
    #: Lines for includes of no file whose name is near a figure's (round 42a, A30, A51).
    missing: list[str] = field(default_factory=list)
    not_included: list[str] = field(default_factory=list)
    #: Each paper file already planned: what goes there, and from which include.
    planned: dict[Path, tuple[Path | None, str]] = field(default_factory=dict)
    #: Refused rows that hold every write (a folder where a figure goes holds none).
    holding: int = 0

    @property
    def copies(self) -> list[Write]:
        return [w for w in self.writes if w.source is not None]

    @property
    def macros(self) -> Write | None:
        return next((w for w in self.writes if w.text is not None), None)

    @property
    def held(self) -> bool:
        """Nothing is written: a row is refused (all or nothing)."""
        return bool(self.holding)

    def refuse(self, name: str, figure: str, file: str, why: str, hold: bool = True) -> None:
        self.refused.append(name)
        self.holding += hold
        self.rows.append((figure, file, f"refused: {why}"))

    def write(self, figure: str, file: str, action: str, write: Write) -> None:
        write.row = len(self.rows)
        self.rows.append((figure, file, action))
        self.writes.append(write)


def _backup_of(path: Path, taken: set[Path]) -> Path:
    """A free name beside ``path`` for the file it held: ``NAME.bak``, ``NAME.bak.1``, ...
    (pdflatex never picks it for an include)."""
    candidate = path.with_name(f"{path.name}.bak")
    number = 0
    while candidate.exists() or candidate.is_symlink() or candidate in taken:
        number += 1
        candidate = path.with_name(f"{path.name}.bak.{number}")
    return candidate


def macros_of_ours(path: Path) -> bool:
    """A macros file `figures macros` or sync wrote (never the paper's own)."""
    from figures.numbers.macros import HEADER
    from figures.paths import written_by

    return written_by(HEADER.encode(), path)


def hand_edited(path: Path) -> list[tuple[Path, Path]]:
    """The macros file to move aside (as ``macros.tex.bak``) before sync writes it anew: ours,
    but a line was added or changed by hand since (:func:`figures.numbers.macros.edited`)."""
    from figures.numbers.macros import edited

    if path.is_file() and edited(path.read_text(encoding="utf-8", errors="replace")):
        return [(path, _backup_of(path, set()))]
    return []


def unnameable(written: str) -> str | None:
    """Why no file can bear the name an include writes, None when one can: TeX's expansion of
    a macro or ``~`` left in it (sync made a folder ``fig\\protect \\nobreakspace  s/`` that TeX
    never reads), a part over the file system's 255 bytes (sync stopped, naming nothing)."""
    if "\\" in written:
        return (f"\\includegraphics{{{display_path(written)}}}: a macro or ~ in the file's "
                "name, which TeX cannot open as written: write the name in plain characters")
    if any(len(os.fsencode(part)) > 255 for part in written.split("/")):
        return ("a folder or file name in the include is longer than 255 bytes (the file "
                "system's limit): shorten it")
    return None


def unwritable(target: Path, paper: Path) -> str | None:
    """Why ``target`` cannot be written (its mode bits, as a person set them: root too), None
    when it can: a read-only file, a folder in its place, a read-only folder, a file where a
    folder must be made (sync asks before it plans a write)."""
    shown = shown_path(target, paper)
    if (kind := no_regular_file(target)) is not None:  # a FIFO: round 37 (P15)
        return f"{shown} is {kind} where the file goes: rename or remove it, then sync again"
    if target.exists() and not _writable(target):
        return f"{shown} is read-only: {_make_writable(target)} and sync again"
    folder = target.parent
    while not folder.exists() and folder != folder.parent:
        if folder.is_symlink():
            return f"{shown_path(folder, paper)} is a broken link: mend it or remove it"
        folder = folder.parent
    if not folder.is_dir():
        return (f"{shown_path(folder, paper)} is a file, not a folder: {shown} cannot be made "
                "there: rename or move that file (or change the include's folder), then sync "
                "again")  # round 48a, P15: the edit, as every other refusal ends
    if not _writable(folder):
        return (f"the folder {shown_path(folder, paper) if folder != paper else paper} is "
                f"read-only: {_make_writable(folder)} and sync again")
    return None


#: What is where a file goes, when it is no regular file (through links, as sync writes).
_KINDS = {stat.S_IFDIR: "a folder", stat.S_IFIFO: "a named pipe (FIFO)",
          stat.S_IFCHR: "a character device", stat.S_IFBLK: "a block device",
          stat.S_IFSOCK: "a socket"}


def no_regular_file(target: Path) -> str | None:
    """What stands where sync writes ``target`` when it is no regular file (a folder, a named
    pipe, a device, a socket: the paper reads none of them as the figure, and a write
    through one fails or blocks); None: a regular file, or nothing there."""
    try:
        mode = target.stat().st_mode
    except OSError:
        return None
    return None if stat.S_ISREG(mode) else _KINDS.get(stat.S_IFMT(mode), "no regular file")


def read_only(path: Path) -> str | None:
    """What makes ``path`` writable when its mode bits (root too) or its mount say it is
    read-only, None when it is writable: for ``figures paper``'s PDF and log as for sync."""
    return None if _writable(path) else _make_writable(path)


def _make_writable(path: Path) -> str:
    """What makes ``path`` writable: its mode, or (on a read-only mount, where chmod cannot)
    a writable copy."""
    try:
        mounted_read_only = bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except OSError:
        mounted_read_only = False
    if mounted_read_only:
        return ("it is on a read-only file system (chmod cannot help): copy the paper's "
                "folder somewhere writable (or remount it read-write)")
    return "make it writable (chmod u+w)"


def _writable(path: Path) -> bool:
    """Writable by its owner's mode bits (root writes anywhere, but a read-only file or
    folder in the paper was made so on purpose) and by this user."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    return bool(mode & stat.S_IWUSR) and os.access(path, os.W_OK)


def carry_out(result: Plan) -> bool:
    """Write what the plan says, figures first and the macros last, each atomically; a
    failed write stops the rest. Each write's ``outcome`` says what happened; True when all
    were written. Nothing is written when the plan refused a row."""
    if result.held:
        for write in result.writes:
            write.outcome = "not written: a row is refused (all or nothing)"
        return False
    try:
        return _write_all(result)
    except KeyboardInterrupt as exc:  # Ctrl-C: the line names what is complete
        exc.finished = [display_path(w.target.name) for w in result.writes
                        if w.outcome == "written"]
        raise


def _write_all(result: Plan) -> bool:
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


def not_the_papers(target: Path, paper: Path, figdata_dir: Path,
                   built: Path | None = None) -> str | None:
    """Why sync may not write ``target`` (through any link), None when it may: only files
    inside the paper's folder, and none of our inputs or built files (sync asks before it
    plans a write, this module again before it writes)."""
    from figures.paths import input_folder_of, is_inside, link_loop

    if (loop := link_loop(target)) is not None:
        return loop
    resolved = target.resolve()
    stored = _link_into_a_store(target, resolved, paper)
    if stored is not None:
        return stored
    if not resolved.is_relative_to(paper.resolve()):
        link = next((p for p in (target, *target.parents) if p.is_symlink()
                     and p.is_relative_to(paper)), None)  # "copy it by hand" wrote through it
        return (f"{resolved} is outside the paper's folder {paper}; sync writes only inside "
                "it (" + (("remove the link: sync writes the file" if link is not None else
                           f"\\input{{{target.stem}}} from inside the paper's folder: sync "
                           "writes it there") if target.suffix == ".tex"
                          else f"{shown_path(link, paper)} is a link there: remove the link, sync "
                          "then writes the file" if link is not None else
                          "copy it by hand, or \\includegraphics a path inside the paper")
                + ")")
    inside = input_folder_of(target, figdata_dir)
    if inside is None and built is not None and is_inside(target, built):
        inside = f"the build folder {built}"
    if inside is not None:
        return f"{resolved} is inside {inside}; sync never writes over our inputs"
    return None


def _link_into_a_store(target: Path, resolved: Path, paper: Path) -> str | None:
    """Why sync may not write through the link on ``target``'s way into a hidden folder
    (``.git/annex/objects/``, ``.dvc/cache/``: git-annex, DataLad and DVC keep files as links
    to read-only, content-addressed copies there; writing through one would change the copy
    under its old key), None when no link leads into one. A path the include itself writes
    into a hidden folder is the author's; a link to a file inside the paper elsewhere is
    written through, as editors do."""
    link = next((p for p in (target, *target.parents) if p.is_symlink()
                 and p.is_relative_to(paper)), None)
    if link is None:
        return None
    base = Path(os.path.commonpath([resolved, paper.resolve()]))
    hidden = [part for part in resolved.relative_to(base).parts if part.startswith(".")]
    if not hidden:
        return None
    shown, where = shown_path(link, paper), shown_path(resolved.parent, paper)
    unlock = ("dvc unprotect" if ".dvc" in hidden else "git annex unlock" if ".git" in hidden
              else None)
    how = (f"unlock it ({unlock} {shown}) or replace the link by a copy of the file"
           if unlock else "replace the link by a copy of the file")
    return (f"{shown} is a link into {where}/ (git-annex, DataLad and DVC keep files so): "
            f"sync never writes through it (the stored copy would change under its key): "
            f"{how}, then sync again")


def hides_theirs(target: Path, paper) -> str | None:
    """Why writing ``target``, a ``.tex`` file not there yet, would hide the author's own
    extensionless file beside it: TeX tries ``NAME.tex`` before ``NAME`` for ``\\input{NAME}``
    and ``\\input NAME`` alike, so her ``macros`` would stop being read (her macros
    undefined, the paper broken). Not asked of TeX: the probe offers it our ``macros.tex``,
    and TeX's own ``\\input NAME`` leaves no name in LaTeX's file hook."""
    bare = target.with_suffix("")
    if target.exists() or not bare.is_file():
        return None
    return (f"your {shown_path(bare, paper.root)} (no extension) is what \\input{{{bare.name}}} "
            f"reads while there is no {target.name}; the {target.name} sync would write beside "
            "it is read first (TeX tries .tex first), and yours would stop being read: rename "
            f"yours (and its \\input; ours go into {target.name}), then sync again")


def provenance_of(path: Path) -> dict[str, str] | None:
    """The provenance ``path`` carries (None: none, or unreadable), recorded by its bytes
    (:mod:`figures.paper.memo`: pypdf not imported for a file read before); sync reads
    what an include finds by it too."""
    from figures.paper.memo import digest_of, key_of, recall

    digest = digest_of(path)
    return provenance.read_or_none(path) if digest is None else \
        recall(key_of("provenance", digest), lambda: [provenance.read_or_none(path)])[0]


def printed_now(include, target: Path, shadows: list[Path], bare: bool) -> Path | None:
    """The file pdflatex prints now for ``include``, after ``target`` in its order, that
    ``target`` would shadow (None: none; ``shadows``, read before it, are replaced anyway):
    what TeX read (else the first candidate on disk) unless it is ``target``; or, nothing else
    there and no extension written (``bare``), the author's ``NAME.eps``. TeX Live's default
    restricted shell escape (``shell_escape = p``, ``repstopdf`` allowed) makes graphicx try
    ``.eps`` after all its other extensions and epstopdf convert it as she compiles, which
    the probe (``-no-shell-escape``, no program of the paper run) never does. Read from the
    disk, not asked of TeX: nothing is run to learn it (docs/paper.md)."""
    now = include.found or next((c for c in include.candidates if c.is_file()), None)
    if now is not None or not bare:
        return now if now not in (None, target, *shadows) else None  # a guess: ours shadows
    name = include.written.rsplit("/", 1)[-1]
    folders = dict.fromkeys(c.parent for c in include.candidates)  # graphicx's folder order
    return next((eps for folder in folders if (eps := folder / f"{name}.eps").is_file()), None)


def moves_aside(olds: list[Path], target: Path, written: str, root: Path,
                overwrite_theirs: bool, inputs: tuple[Path, Path], printed: Path | None = None,
                ) -> tuple[list[tuple[Path, Path]], list[str]] | str:
    """The files replaced or moved aside for ``target`` (each with its backup) and the
    notes that say so; or why one of them may not be touched (sync plans with it).
    ``printed``: the file pdflatex reads now for the include (on disk: the probe may have read
    the copy sync guessed it places), after ``target`` in its order (graphicx's): ``target``
    would shadow it, so it is moved aside when it is the author's (her picture would silently
    stop printing, as when it is replaced), left when it is ours."""
    aside: list[tuple[Path, Path]] = []
    notes: list[str] = []
    taken: set[Path] = set()
    for old in [*olds, *([printed] if printed is not None else [])]:
        inside = provenance_of(old)
        edited = None if inside is None else why_not_as_built(old, inside)
        # an empty file where the copy goes (a failed download or copy) holds nothing of the
        # author's to keep: replaced, said in the row (round 50a, P35: told as hers, kept)
        empty = old == target and inside is None and old.is_file() and not old.is_symlink() \
            and old.stat().st_size == 0
        theirs = (inside is None or edited is not None) and not empty
        what = ("is not ours (no provenance of fa-audit-figures inside)" if inside is None else
                f"is labelled ours, but {edited}")
        if old == printed and not theirs:
            continue  # our older format: ours is read before it, as it should
        if theirs and not overwrite_theirs:
            kept = shown_path(_backup_of(old, taken), root)
            if old == printed:
                how = " (converted by epstopdf: TeX Live's default restricted shell " \
                    "escape)" if old.suffix == ".eps" else ""
                return (f"pdflatex prints {shown_path(old, root)}{how} for \\includegraphics"
                        f"{{{written}}} now, and it {what}: the {target.suffix} sync would "
                        f"write beside it is read first (graphicx's order), and yours would "
                        f"stop printing: rename yours (and the include) to keep it, write "
                        f"the extension (\\includegraphics{{{written}{target.suffix}}}) to "
                        f"print ours, or --overwrite-theirs (yours is then moved aside to "
                        f"{kept}, and TeX reads ours)")
            if old == target:
                return (f"{shown_path(old, root)} {what}: sync never overwrites it; rename it "
                        f"(and its include), or --overwrite-theirs (it is then kept as {kept})")
            return (f"pdflatex reads {shown_path(old, root)} first for \\includegraphics"
                    f"{{{written}}}, not the {target.suffix} sync would write, and it "
                    f"{what}: remove it, or --overwrite-theirs (it is then moved aside to {kept})")
        problem = not_the_papers(old, root, *inputs) or unwritable(old, root)
        if problem is not None:
            return problem
        backup = _backup_of(old, taken)
        taken.add(backup)
        if empty:
            notes.append(f"the empty {shown_path(old, root)} (0 bytes) replaced")
        elif old != target or theirs:
            aside.append((old, backup))
            why = "" if old == target else ", which pdflatex printed" if old == printed \
                else ", which pdflatex read first"
            notes.append(f"{'our old' if not theirs else 'theirs' if inside is None else 'edited'} "
                         f"{shown_path(old, root)}{why} kept "
                         f"as {shown_path(backup, root)}")
    return aside, notes


def why_not_as_built(path: Path, inside: dict[str, str]) -> str | None:
    """Why ``path``, labelled ours, is not what our build made (`which`'s judgement), None
    when it is."""
    from figures.paper.which import not_as_built

    try:
        return not_as_built(path, inside)
    except Exception:  # noqa: BLE001 - undecodable: nothing of the author's to keep
        return None
