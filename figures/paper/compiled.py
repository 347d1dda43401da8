"""The files `figures paper` puts beside the paper's main file: the compiled PDF and its log,
made by TeX in a folder of ours and each copied to a new file renamed over its target (a link
there is replaced, never written through). All or nothing: every target is checked, and every
new file made, before any is renamed over its target; a rename that fails all the same names
the files already replaced (hostile round 37, P10)."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from figures.errors import FigureDataError, display_path

#: Each file TeX makes that `figures paper` puts beside the main file: its suffix, and what it
#: is (the line of a target in the way names it).
OUTPUTS = ((".pdf", "the compiled paper"), (".log", "the compiled paper's log"))


def _staged(target: Path) -> Path:
    """Where the new file for ``target`` is written first (then renamed over it)."""
    return target.with_name(f".{target.name}.figures-new")


def _folder_in_the_way(target: Path, what: str) -> FigureDataError | None:
    """The line for a folder (not a link) at ``target`` or where its new file is made."""
    if target.is_dir() and not target.is_symlink():
        return FigureDataError(str(target), None, f"is a folder, where {what} goes: move it away")
    staged = _staged(target)
    if staged.is_dir() and not staged.is_symlink():
        return FigureDataError(str(staged), None, f"is a folder, where {target.name} is "
                               "written first: move it away")
    return None


def refuse_folders(main: Path) -> None:
    """Before anything is synced or compiled: a folder where one of the outputs goes (an
    author's ``mkdir main.log``), or a read-only folder of the main file, stops the command,
    the paper's folder left as it was."""
    for suffix, what in OUTPUTS:
        if (refused := _folder_in_the_way(main.with_suffix(suffix), what)) is not None:
            raise refused
    from figures.paper.write import read_only

    if (advice := read_only(main.parent)) is not None:  # hostile round 45a, P15 (root too)
        raise FigureDataError(str(main.parent), None, "is read-only, and the compiled paper "
                              f"and its log go there: {advice}, or compile a copy")


def put(out: Path, main: Path) -> None:
    """Each output TeX made in ``out`` put beside ``main`` (``main.pdf``, ``main.log``),
    replacing what was there: all checked and made first, then renamed."""
    todo = [(out / f"{main.stem}{suffix}", main.with_suffix(suffix), what)
            for suffix, what in OUTPUTS if (out / f"{main.stem}{suffix}").is_file()]
    for _, target, what in todo:
        if (refused := _folder_in_the_way(target, what)) is not None:
            raise refused
    made: list[Path] = []
    try:
        for source, target, what in todo:
            made.append(_staged(target))  # a half-made one goes too
            try:
                _make(source, _staged(target))
            except OSError as exc:
                raise _cannot(target, what, exc) from None
        replaced: list[str] = []
        for _, target, what in todo:
            link = f"a link to {display_path(target.readlink())}" if target.is_symlink() else \
                "a hard link (one file under two names)" if target.is_file() and \
                target.stat().st_nlink > 1 else None
            try:
                _staged(target).replace(target)
            except OSError as exc:
                raise _cannot(target, what, exc, replaced) from None
            made.remove(_staged(target))
            replaced.append(target.name)
            if link is not None:  # a co-author's copy read through it stops following
                print(f"note: {display_path(target)} was {link}: replaced by the compiled file, "
                      "the file it named left as it was (TeX never writes through a link the "
                      "paper ships)", file=sys.stderr)
    finally:
        for staged in made:  # ours, never a link or folder found there
            if staged.is_file() and not staged.is_symlink():
                staged.unlink()


def _make(source: Path, staged: Path) -> None:
    """``source`` copied to a new file ``staged`` (a killed run's left there goes first: a
    link, the link alone)."""
    staged.unlink(missing_ok=True)
    with source.open("rb") as read, os.fdopen(os.open(
            staged, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), "wb") as copy:
        shutil.copyfileobj(read, copy)


def _cannot(target: Path, what: str, exc: OSError, replaced: tuple[str, ...] | list[str] = ()
            ) -> FigureDataError:
    """The line for a target that could not be written, and the files already replaced."""
    folder = _folder_in_the_way(target, what)  # one made there since the check
    done = f"; {' and '.join(replaced)} {'was' if len(replaced) == 1 else 'were'} replaced " \
        "by the new compile already" if replaced else ""
    if folder is not None:
        return FigureDataError(folder.file, None, folder.message + done)
    return FigureDataError(str(target), None, f"cannot be written ({exc.strerror}): {what} "
                           f"goes there{done}")
