"""The paper's main file, found once for every command (``figures sync``, ``paper``, ``pack``,
``which``): the ``.tex`` that TeX is run on. Its sources are read as :mod:`figures.texread`
reads them (comments and verbatim text, ``filecontents`` bodies too, blanked)."""

from __future__ import annotations

import contextlib
import os
import re
import stat
from pathlib import Path

from figures.errors import FigureDataError, display_path, shell_word
from figures.paths import not_a_file
from figures.texread import blanked

#: The most read of one source file, by every reader of the paper's sources (a generated table
#: of megabytes is not the paper's text; check-tex refuses a larger one: round 45a, P13).
SOURCE_LIMIT = 4 << 20
_DOCUMENTCLASS = re.compile(r"\\documentclass\b")  # in a source its comments blanked
_BEGIN_DOCUMENT = re.compile(r"\\begin\s*\{document\}")
#: ``\\input{preamble}``, ``\\input preamble``, ``\\include{x}``: the file another reads as TeX.
_INPUT = re.compile(r"\\(?:input|include)(?![A-Za-z@])\s*(?:\{([^{}]*)\}|([^\s{}\\%]+))")
#: How much of each ``.tex`` is read for its ``\\documentclass``; a file that opens with a
#: ``filecontents`` environment (data written before the class: hostile round 25, LD) is read
#: to :data:`FAR`.
NEAR, FAR = 1 << 16, 1 << 24


def read_bounded(path: Path, limit: int) -> str | None:
    """The text of ``path`` when it is a regular file (a named pipe, a device such as a link
    to ``/dev/zero``, a folder: None), at most ``limit`` bytes of it; never blocks."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return None
    if not stat.S_ISREG(os.fstat(fd).st_mode):  # a folder too (fdopen refuses it)
        os.close(fd)
        return None
    with os.fdopen(fd, "rb") as handle:
        return handle.read(limit).decode("utf-8", errors="replace")


#: arXiv's limit on a whole submission, in bytes: the largest main file any command takes (a
#: sparse main file of 1 TiB was hashed whole by sync's record: hostile round 51a, P18, sync
#: hung; TeX would read it whole too) and the largest archive ``figures pack`` writes.
ARXIV_LIMIT = 50 << 20
#: Bytes above which a file is no file of a paper's (arXiv's limit, five times): neither a
#: build of ours nor a wrapper of one is read whole (a 2 GiB video in a paper's folder took
#: 2.1 GB and 17 s: round 50c, W3), and sync's record keys it by size and time, unhashed.
LARGER_THAN_A_PAPER_FILE = 256 << 20


def find_main(folder: Path, main: Path | str | None = None) -> Path:
    """:func:`_find_main`, refused in one line when it is larger than :data:`ARXIV_LIMIT`."""
    path = _find_main(folder, main)
    with contextlib.suppress(OSError):  # gone since: the reader that opens it says so
        if (size := path.stat().st_size) > ARXIV_LIMIT:
            raise FigureDataError(str(path), None, f"is {size >> 20} MiB, larger than a whole "
                                  f"paper may be ({ARXIV_LIMIT >> 20} MiB, arXiv's limit): not "
                                  "read; is it the paper's main file? (else --main FILE)")
    return path


def _find_main(folder: Path, main: Path | str | None = None) -> Path:
    """The paper's main file, for every command: ``main`` (relative to ``folder``, inside
    it), else the one ``.tex`` file under ``folder`` (hidden folders aside) whose first
    64 KiB hold a ``\\documentclass`` outside a comment (:func:`_source`), or of several the
    one alone at the top; a preamble another file inputs is not one, the file inputting it
    is (:func:`_mains`); one complete main file at the top is taken before any walk
    (:func:`_top_main`). One line when there is none or no one. Only regular files are read."""
    if main is not None:
        path = folder / main
        if read_bounded(path, 0) is None and path.suffix.lower() != ".tex" and \
                read_bounded(Path(f"{path}.tex"), 0) is not None:
            path = Path(f"{path}.tex")  # `--main main` as TeX reads it (round 39, C5)
        if read_bounded(path, 0) is None:
            given = Path(main)  # `--main paper/main.tex` from the folder above
            if not given.is_absolute() and given.is_file() and \
                    given.resolve().parent.is_relative_to(folder.resolve()):
                raise FigureDataError(str(path), None, "--main: no such file (--main is "
                                      "relative to the paper's folder: --main "
                                      f"{shell_word(given.resolve().relative_to(folder.resolve()))})")
            why = not_a_file(path) or "cannot be opened for reading"
            raise FigureDataError(str(path), None, f"--main: {why}" + (
                _cased(folder, path) if why == "no such file" else
                ": name the paper's main .tex file"))
        if not path.parent.resolve().is_relative_to(folder.resolve()) or path.name == "..":
            # a link inside, to a file elsewhere, is the paper's, as the search takes it
            # (round 51a paper2, A4: "name a .tex file inside the paper's folder", of one)
            raise FigureDataError(str(path), None, "--main: name a .tex file inside the "
                                  "paper's folder")
        return path
    if not folder.is_dir():  # `figures paper nosuch` said "no .tex file with \documentclass"
        raise FigureDataError(str(folder), None, f"{'not a' if folder.exists() else 'no such'} "
                              "folder: give the paper's folder")
    _refuse_system(folder)
    alone = _top_main(folder)
    if alone is not None:
        return alone
    candidates, wide, long = _scanned(folder)
    top = [path for path in candidates if path.parent == folder]
    if len(candidates) == 1 or len(top) == 1:
        return (top or candidates)[0]
    if not candidates and wide:
        raise FigureDataError(str(wide[0]), None, "holds \\documentclass in UTF-16 (NUL bytes "
                              "between its letters), which pdflatex cannot read: save it as UTF-8")
    if not candidates and (cased := _upper_tex_main(folder)) is not None:
        raise FigureDataError(str(cased), None, "holds \\documentclass, but its extension is "
                              f"not .tex in lower case, which the search takes: pass --main "
                              f"{shell_word(cased.name)} (or rename it to {cased.stem}.tex)")
    if not candidates:
        raise FigureDataError(str(folder), None, "no .tex file with \\documentclass in it: "
                              "give the paper's folder (or --main FILE)" if not long else
                              f"no .tex file with \\documentclass in its first {NEAR >> 10} "
                              f"KiB ({display_path(long[0].relative_to(folder))} is longer): give --main FILE")
    names = ", ".join(display_path(path.relative_to(folder)) for path in candidates)  # round 37,
    # P12: a newline in a name escaped, never folded into a space by the line's own rule
    raise FigureDataError(str(folder), None, f"several main files hold \\documentclass "
                          f"({names}): choose one with --main FILE")


def _upper_tex_main(folder: Path) -> Path | None:
    """A file of ``folder`` named ``*.TEX`` (any case but lower) holding ``\\documentclass``:
    pdflatex reads it, the search for ``*.tex`` passes it over (round 48a, P30)."""
    try:
        named = sorted(p for p in folder.iterdir() if p.suffix.lower() == ".tex"
                       and p.suffix != ".tex" and p.is_file())
    except OSError:
        return None
    for path in named:
        text = _source(path)
        if text and _DOCUMENTCLASS.search(blanked(text, verbatim=True)):
            return path
    return None


def _cased(folder: Path, path: Path) -> str:
    """What ``--main MAIN.TEX`` (no such file on a case-sensitive disk) may have meant: the
    file beside it whose name differs in case only (``.tex`` added too), as ``--main`` takes
    it (round 39, C5); "" when there is none."""
    wanted = {path.name.lower(), f"{path.name.lower()}.tex"}
    try:
        found = sorted(p for p in path.parent.iterdir() if p.name.lower() in wanted)
        given = found[0].resolve().relative_to(folder.resolve())
    except (OSError, IndexError, ValueError):  # no folder there, no such name, outside
        return ""
    return f" ({display_path(found[0].name)} is there: --main {shell_word(given)})"


def main_files(folder: Path) -> list[Path]:
    """Every file under ``folder`` that may be a main file (as :func:`find_main` looks):
    a paper's and a letter kept beside it (hostile round 25, RB2); none in a folder
    :func:`find_main` would not search (a main file given with ``--main`` there)."""
    try:
        return _scanned(folder)[0] if folder.is_dir() else []
    except FigureDataError:  # a system folder, or one of too many names: not searched
        return []


def passed_over(folder: Path, main: Path, read: set[str]) -> str | None:
    """The warning when ``main``, taken of several by :func:`find_main` (no ``--main``), is
    not the only main file under ``folder`` (hostile round 36, C5: a complete cover letter
    at the top, the paper in ``paper/main.tex``): the others, but those its compile read
    (``read``: names from ``main``'s folder), named, and ``--main``; None when none is left."""
    others = [path.relative_to(folder) for path in main_files(folder)
              if path.resolve() != main.resolve()  # main.tex a link to src/paper.tex
              and os.path.normpath(os.path.relpath(path, main.parent)) not in read]
    if not others:
        return None
    names = ", ".join(display_path(path) for path in others[:3]) + (
        f" and {len(others) - 3} more" if len(others) > 3 else "")
    return (f"{display_path(main.relative_to(folder))}: taken as the main file (of several, "
            f"the one alone at the top); other main files here, which it does not read: "
            f"{names}: if the paper is one of them, pack with --main "
            f"{shell_word(others[0])}")  # a newline escaped as bash reads it (round 38, M1)


#: How many names (files and folders, hidden ones aside) a paper's folder may hold for its
#: main file to be looked for: Overleaf caps a project at 2,000 files, arXiv's are smaller
#: still, and a paper kept in a code repository beside an unhidden ``venv/`` or
#: ``node_modules/`` holds tens of thousands; a whole disk (``figures pack /``, a slip for
#: ``.``: about a million names) or a home folder holds far more, every ``.tex`` of it
#: (TeX Live's own thousands) would be read, and the walk would meet other processes'
#: temporary folders as they vanish (hostile round 33, C1). 100,000 names are walked in a
#: fraction of a second, and only then is any file read.
MOST_NAMES = 100_000
#: The kernel's folders (processes, devices, its settings), never a paper's files: their
#: entries come and go as processes do (``/proc/15158: file not found``, hostile round 33,
#: C1). Told by their path, not by their filesystem (``os.stat().st_dev``): a paper's own
#: subfolder may be a mount of its own (a container's bind mount, a second disk), and
#: pack's copy of the folder crosses mounts too.
KERNEL = ("/proc", "/sys", "/dev")
#: Folders no paper is kept in (a slip for ``.``, ``~`` expanded badly), refused before any
#: walk, as the whole disk is (``/``, ``C:\\``): the system's temporary folders, where other
#: programs' folders (ours too: ``figures-tex-...``) come and go while walked, and the kernel's.
SYSTEM = {"/tmp": "the system's temporary folder", "/var/tmp": "the system's temporary folder",
          **dict.fromkeys(KERNEL, "the kernel's view of processes and devices")}


def tex_files(folder: Path) -> list[Path]:
    """The ``.tex`` files under ``folder`` in name order, hidden files and folders aside,
    links to folders not followed; a folder that vanishes or cannot be listed while walked is
    passed over (not the user's). One line when ``folder`` is the whole disk, a system folder
    (:data:`SYSTEM`, a kernel's at any depth) or holds more than :data:`MOST_NAMES` names."""
    _refuse_system(folder)
    found, walked = [], 0
    for here, dirs, names in os.walk(folder):  # no onerror: a folder gone is passed over
        dirs[:] = [name for name in dirs if not name.startswith(".")]
        files = [name for name in names if not name.startswith(".")]
        walked += len(dirs) + len(files)
        if walked > MOST_NAMES:
            top = [path.name for path in _top_tex(folder)]
            raise FigureDataError(str(folder), None, "a paper's folder holds its .tex files; "
                                  f"this one holds more than {MOST_NAMES} files and folders: "
                                  "give the paper's own folder, or, if this is it, name its "
                                  "main file with --main "
                                  f"{shell_word(top[0]) if len(top) == 1 else 'FILE'} (or "
                                  "move the other files out)")
        found += [Path(here) / name for name in files if name.endswith(".tex")]
    return sorted(found)


def _refuse_system(folder: Path) -> None:
    """One line when ``folder`` is the whole disk or a system folder (:data:`SYSTEM`, a
    kernel's at any depth), before anything in it is read."""
    real = folder.resolve()
    what = "the whole disk" if real == Path(real.anchor) else next(
        (what for path, what in SYSTEM.items() if real == Path(path).resolve() or (
            path in KERNEL and real.is_relative_to(path))), None)
    if what is not None:
        raise FigureDataError(str(folder), None, f"{what}, no paper's folder: give the "
                              "folder with main.tex (a paper's own)")


def _top_tex(folder: Path) -> list[Path]:
    """The ``.tex`` files at the top of ``folder`` (hidden ones aside), in name order."""
    try:
        return sorted(path for path in folder.iterdir()
                      if path.suffix == ".tex" and not path.name.startswith("."))
    except OSError:
        return []


def _top_main(folder: Path) -> Path | None:
    """The main file when the top of ``folder`` holds one complete one (hostile round 34, M2:
    a paper beside a 100,001-file ``node_modules/`` was refused by the walk's bound): the one
    top ``.tex`` holding ``\\begin{document}``, holding ``\\documentclass`` too, and no other
    top file one (:func:`_mains`, the top read alone). What lies below cannot change that:
    the walk would find it a main file, and :func:`find_main` takes the one alone at the top
    of several; a file below could only make a top file without ``\\begin{document}`` a
    preamble, and any such top file holding a class stops this. So the folder is not walked,
    and its size does not matter; None: the walk decides."""
    read = {}
    for path in _top_tex(folder):
        text = _source(path)
        if text is not None and "\x00" not in text:
            read[path] = blanked(text, verbatim=True)
    begun = [path for path, text in read.items() if _BEGIN_DOCUMENT.search(text)]
    mains = _mains(folder, read)
    if len(begun) == 1 and mains == begun and _DOCUMENTCLASS.search(read[begun[0]]):
        return begun[0]
    return None


def _scanned(folder: Path) -> tuple[list[Path], list[Path], list[Path]]:
    """The main files under ``folder`` (:func:`tex_files`), the UTF-16 ones, and the long
    ones read to no class; a file gone or unreadable when read is passed over."""
    read, wide, long = {}, [], []
    for path in tex_files(folder):
        text = _source(path)
        if text and "\x00" in text and "\\documentclass" not in text and \
                "\\documentclass" in text.replace("\x00", ""):
            wide.append(path)  # UTF-16: NUL bytes between its letters (stray NULs in a
            # UTF-8 file leave its \documentclass whole: TeX names their line; round 47a, P9)
        elif text is not None:
            try:
                size = path.stat().st_size
            except OSError:  # gone since it was read
                continue
            read[path] = blanked(text, verbatim=True)
            if size > NEAR and not _DOCUMENTCLASS.search(read[path]):
                long.append(path)
    return _mains(folder, read), wide, long


def _source(path: Path) -> str | None:
    """The first :data:`NEAR` bytes of ``path``; to :data:`FAR` when they open a
    ``filecontents`` environment and hold no ``\\documentclass`` (a self-contained paper's
    data written before its class)."""
    text = read_bounded(path, NEAR)
    if text is not None and len(text) >= NEAR and "\\begin{filecontents" in text and \
            not _DOCUMENTCLASS.search(blanked(text, verbatim=True)):
        return read_bounded(path, FAR)
    return text


def _mains(folder: Path, read: dict[Path, str]) -> list[Path]:
    """The files of ``read`` (each one's text, blanked) that may be the main file: each holding
    ``\\documentclass``, except a preamble (no ``\\begin{document}``, and another file
    inputs it: hostile round 25, SP2), and each file holding ``\\begin{document}`` that
    inputs such a preamble."""
    def key(path: Path) -> str:
        return os.path.normpath(path)

    inputs = {key(path): _inputs(folder, path, text) for path, text in read.items()}
    inputted = set().union(*inputs.values())
    classed = {key(p) for p, text in read.items() if _DOCUMENTCLASS.search(text)}
    begins = {key(p) for p, text in read.items() if _BEGIN_DOCUMENT.search(text)}
    preambles = {name for name in classed - begins if name in inputted}
    return [path for path in read if key(path) in classed - preambles or (
        key(path) in begins and inputs[key(path)] & preambles)]


def _inputs(folder: Path, path: Path, text: str) -> set[str]:
    """The files ``text`` (``path``'s, blanked) inputs, as TeX looks for them: from the paper's
    folder, or from the file's own (normalised paths, ``.tex`` added)."""
    found = set()
    for match in _INPUT.finditer(text):
        name = (match.group(1) or match.group(2) or "").strip()
        for base in (folder, path.parent):
            found |= {os.path.normpath(base / name), os.path.normpath(base / f"{name}.tex")}
    return found


def own_document_inputs(text: str, name: str) -> bool:
    """``text`` (a source) is a document of its own, ``\\documentclass`` and
    ``\\begin{document}`` outside comments and hidden text, that ``\\input``s a file named
    ``name`` (``macros.tex``, or ``macros`` as TeX reads it) itself: judged by its own inputs,
    not by the document sync was given (a paper's ``main.tex`` beside its supplement, opened
    by xr's ``\\externaldocument{main}``, never typeset there: hostile round 41, X3)."""
    seen = blanked(text, verbatim=True, hidden=True)
    if not (_DOCUMENTCLASS.search(seen) and _BEGIN_DOCUMENT.search(seen)):
        return False
    return any(Path((m.group(1) or m.group(2) or "").strip()).name in (name, Path(name).stem)
               for m in _INPUT.finditer(seen))
