"""One build at a time per output folder (a lock file beside the state), so a key is never
paired with another build's picture; the temporary files a killed build left are removed.

The lock is filelock's (the OS's lock on every platform, a no-op nowhere). Kept here: the
refusal of a lock file that is a link, said in one line before filelock's open would only
fail with ELOOP."""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from figures.errors import DataError, os_error
from figures.outputs.kind import BuildKind
from figures.outputs.state import STATE_FILE
from figures.registry import FIGURES, FigureSpec

LOCK_FILE = ".build.lock"
#: One extract at a time into a figdata folder (round 45c, W26: two at once left figdata
#: from two results trees, both saying they extracted every figure).
EXTRACT_LOCK_FILE = ".extract.lock"


def _temp_name(target: str) -> re.Pattern[str]:
    """``atomic_path``'s temporary names for ``target``: ``.STEM.XXXXXXXX.SUFFIX``."""
    stem, _, suffix = target.rpartition(".")
    return re.compile(rf"\.{re.escape(stem)}\.[a-z0-9_]{{8}}\.{re.escape(suffix)}")


def remove_stale_temp_files(out_dir: Path, specs: Sequence[FigureSpec], kind: BuildKind) -> None:
    """Temporary files of ``kind``'s naming that a killed build left (we hold the lock: no
    other build is writing them)."""
    names = {n for spec in (*FIGURES, *specs) for n in kind.written_names(spec)}
    patterns = [_temp_name(n) for n in sorted(names)]
    patterns.append(_temp_name(STATE_FILE))
    for path in out_dir.iterdir():
        if path.name.startswith(".") and any(p.fullmatch(path.name) for p in patterns):
            with contextlib.suppress(OSError):
                path.unlink()


@contextlib.contextmanager
def locked(out_dir: Path, on_wait: Callable[[], None] | None = None,
           name: str = LOCK_FILE) -> Iterator[None]:
    """Hold the output folder's lock (filelock: the OS's lock on every platform, opened
    without following a link); ``on_wait`` is called if another build holds it. ``name``:
    the lock file's (extract's own in the figdata folder: :data:`EXTRACT_LOCK_FILE`)."""
    from filelock import FileLock, Timeout

    lock_path = out_dir / name
    if lock_path.is_symlink():  # a link made meanwhile: refused by the OS (O_NOFOLLOW)
        raise DataError(str(lock_path), None, "is a link: the build's lock is a file of "
                              "its own, and writing it would empty what the link names; "
                              "remove the link")
    lock = FileLock(lock_path, on_acquired=_write_holder)
    try:
        try:
            lock.acquire(blocking=False)
        except Timeout:
            if on_wait is None:
                lock.acquire()
            else:
                on_wait()
                try:
                    lock.acquire()
                except KeyboardInterrupt as exc:  # round 41 K3w: stopped before building
                    exc.waited_for = out_dir  # type: ignore[attr-defined]
                    raise
    except OSError as exc:
        raise os_error(exc, lock_path) from None
    try:
        yield
    finally:
        lock.release()


def _write_holder(fd: int) -> None:
    """Who holds the lock, for a build that waits (written through the lock's own file)."""
    with contextlib.suppress(OSError):
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, f"{os.getpid()}\n".encode())


def lock_holder(out_dir: Path) -> str | None:
    """The process id written by the build that holds ``out_dir``'s lock, if readable."""
    with contextlib.suppress(OSError, UnicodeDecodeError):
        text = (Path(out_dir) / LOCK_FILE).read_text(encoding="ascii").strip()
        return text if text.isdigit() else None
    return None
