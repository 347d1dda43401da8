"""What a sync of a paper whose builds are current would only work out again, recorded by
every input it is a function of (issue 44: sync's cost): the quoted values of every figure
(each figure's module imported, its figdata checked: matplotlib's import alone costs more
than TeX's probe) and where each include is placed. The key holds the package's files (its
code, venues, schemas, the probe), the versions of matplotlib, pypdf and Pillow, the figdata bytes, the venue's numbers and
the include as TeX set it, the bytes of each file read (:func:`digest_of`): any change is a new
key, worked out and recorded afresh."""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from figures.data.jsonio import sha256_if_file, write_text_atomic
from figures.errors import FigureDataError
from figures.mainfile import LARGER_THAN_A_PAPER_FILE
from figures.paths import BUILD_ROOT

if TYPE_CHECKING:
    from figures.venues import Venue

#: The record, under the build folder of the current folder (as the builds are).
MEMO = ".sync-memo.json"
#: Entries kept: the newest this many (a paper's includes and a few papers).
KEPT = 256
_CODE: dict[tuple, str] = {}
#: The package's files that decide what it computes: its code, the venues, schemas and probe.
_CODE_SUFFIXES = (".py", ".json", ".tex", ".txt")


def code_digest() -> str:
    """The package's code and the versions that decide what it computes: its files' sizes
    and times looked at once a command (:func:`flush` forgets them: a long process sees its
    code edited), their bytes read again when one changed."""
    if _SCANNED:
        return _SCANNED[0]
    found = []
    for folder, subfolders, names in os.walk(PACKAGE):
        subfolders[:] = [name for name in subfolders if name != "__pycache__"]
        found += [Path(folder, name) for name in names if name.endswith(_CODE_SUFFIXES)]
    files = sorted(found)
    stats = tuple((str(p), (s := p.stat()).st_mtime_ns, s.st_size) for p in files)
    if stats not in _CODE:
        digest = hashlib.sha256()
        for path in files:
            digest.update(str(path.relative_to(PACKAGE)).encode() + b"\0" + path.read_bytes())
        digest.update(_versions())  # the package's own: version.py, above
        _CODE.clear()
        _CODE[stats] = digest.hexdigest()
    _SCANNED[:] = [_CODE[stats]]
    return _CODE[stats]


#: The package whose files are in every key.
PACKAGE = Path(__file__).resolve().parent.parent
#: The digest of this command (:func:`flush` forgets it).
_SCANNED: list[str] = []


def _versions() -> bytes:
    """The versions of the libraries that draw and read our files (matplotlib, pypdf, Pillow),
    from each one's ``_version.py`` without importing it (importlib's metadata costs more
    than the rest of the record)."""
    import importlib.util

    found = b""
    for name in _LIBRARIES:
        spec = importlib.util.find_spec(name)
        version = Path(spec.origin).with_name("_version.py") if spec and spec.origin else None
        found += name.encode() + (version.read_bytes() if version and version.is_file()
                                  else b"?")
    return found


#: The libraries whose version is in every key.
_LIBRARIES = ("matplotlib", "pypdf", "PIL")


def key_of(*parts: Any) -> str:
    """A key of ``parts`` (bytes as they are, anything else by its JSON) and the code."""
    digest = hashlib.sha256(code_digest().encode())
    for part in parts:
        digest.update(b"\0" + (part if isinstance(part, bytes) else
                                json.dumps(part, sort_keys=True, default=repr).encode()))
    return digest.hexdigest()


def digest_of(path: Path | None) -> str | None:
    """The sha256 of the regular file at ``path`` (None: none there, or unreadable); of one
    larger than any file a paper holds (``LARGER_THAN_A_PAPER_FILE``), its size and time instead: a sparse
    1 TiB file was read whole (hostile round 51a, P18)."""
    return None if path is None else read_once(path, _digest_bounded)


def _digest_bounded(path: Path) -> str | None:
    found = path.stat()
    if found.st_size > LARGER_THAN_A_PAPER_FILE:
        return f"large:{found.st_size}:{found.st_mtime_ns}"
    return sha256_if_file(path)


def read_once(path: Path, work: Callable[[Path], Any]) -> Any:
    """``work(path)``, done once a command (:func:`flush` forgets it) while the file at
    ``path`` stays as it was (its inode, size and time: an atomic write is another inode):
    a sync asks for the same file's digest, state and record many times. None: no file
    there."""
    try:
        found = path.stat()
    except OSError:
        return None
    key = (work, str(path.absolute()), found.st_ino, found.st_size, found.st_mtime_ns)
    if key not in _SEEN:
        _SEEN[key] = work(path)
    return _SEEN[key]


def venue_of(key: str, venues_file: Path | None) -> Venue:
    """:func:`figures.venues.get_venue`, recorded by the venues file's bytes (the built-in
    file is in every key): its schema's validation is not run again (jsonschema's import)."""
    import dataclasses

    from figures.venues import Venue, get_venue

    row = recall(key_of("venue", key, file_key(venues_file)),
                 lambda: dataclasses.asdict(get_venue(key, venues_file)))
    return Venue(**{**row, "sources": tuple(tuple(s) for s in row["sources"])})


def file_key(path: Path | None) -> list | None:
    """A file given by name in a key: its name and its bytes' digest (None: no file given)."""
    return None if path is None else [str(path), digest_of(path)]


def recall(key: str, compute: Callable[[], Any], keep: Callable[[Any], bool] = bool) -> Any:
    """The value recorded for ``key``, else ``compute()`` (a JSON value), to be recorded when
    ``keep`` says it may be (an error is worked out again each time) by :func:`flush`."""
    found = known(key)
    if found is not None:
        return found
    value = compute()
    if keep(value):
        _PENDING[key] = value
    return value


def known(key: str) -> Any:
    """The value recorded for ``key`` (None: none)."""
    return _PENDING[key] if key in _PENDING else _read().get(key)


def remember(key: str, value: Any) -> None:
    """Record ``value`` (a JSON value, not None) for ``key``, written by :func:`flush`."""
    _PENDING[key] = value


def pending() -> dict[str, Any]:
    """What this command worked out, not yet written (a worker's, for its parent)."""
    return dict(_PENDING)


#: Worked out by this command, written by :func:`flush`.
_PENDING: dict[str, Any] = {}


def _read() -> dict[str, Any]:
    """The record (read once a command, and again when its file changed)."""
    try:
        memo = read_once(BUILD_ROOT / MEMO, _json_of)
    except (OSError, ValueError):
        return {}
    return memo if isinstance(memo, dict) else {}


def _json_of(path: Path) -> Any:
    return json.loads(path.read_bytes())


#: What :func:`read_once` worked out, by the file it read.
_SEEN: dict[tuple, Any] = {}


def flush() -> None:
    """What this command worked out, written into the build folder when there is one (a
    sync never makes it for its record alone: a refused sync leaves no ``build/``), then
    forgotten (the next command, in another folder, reads its own)."""
    try:
        if _PENDING and BUILD_ROOT.is_dir():
            memo = _read()
            memo = {k: memo[k] for k in list(memo)[-max(KEPT - len(_PENDING), 0):]}
            memo.update(_PENDING)
            with contextlib.suppress(OSError, FigureDataError):  # not writable (a folder
                # there): a cache, worked out again next time
                write_text_atomic(BUILD_ROOT / MEMO, json.dumps(memo))
    finally:
        forget()


def forget() -> None:
    """What this command worked out, forgotten, not written: every command ends so (the CLI),
    so that a later one in the process reads files anew (hostile round 52s, L2: after
    ``figures paper`` a sync took a figure edited in place, same inode, size and time, for
    the one it had copied)."""
    _PENDING.clear()
    _SCANNED.clear()
    _SEEN.clear()


def placed_key(main: Path, *choices: Any) -> tuple[str, str]:
    """The keys of what a sync of the paper whose main file is ``main`` placed, by its
    folder (resolved) and its bytes, and by its folder and name alone (its text edited
    since), with the user's ``choices`` (venue, synthetic allowed). The folder is in both:
    by the name alone, every ``main.tex`` took the last converged ``main.tex``'s placement
    in this build folder, whatever paper it was, and a row it did not fit was refused
    (hostile round 50a, P30); by the bytes alone, a lab's shared ``main.tex`` would do the
    same. A paper's verdict depends on its own folder's syncs only; a copy elsewhere starts
    as any paper new here does (:func:`figures.paper.builds.built_guess`)."""
    folder = str(main.parent.resolve())
    return key_of("placed", folder, main.name, digest_of(main), *choices), \
        key_of("placed", folder, main.name, *choices)


def guess(key: tuple[str, str], root: Path, macros: str,
          unrecorded: Callable[[], list] = list) -> dict[str, bytes]:
    """What the last sync under ``key`` that converged placed in the paper (each file by its
    name in the paper's folder: the built file's bytes now, or the macros text), else
    ``unrecorded()`` (:func:`figures.paper.builds.built_guess`; what raises: none), less what
    the folder holds already: the first probe's guess (:func:`figures.paper.engine.ask_tex`).
    Nothing when TeX's search path is the user's (``TEXINPUTS``: a folder before the paper's
    may hold a file of a name sync writes, which TeX would read instead of the copy)."""
    found: dict[str, bytes] = {}
    own = any(name.startswith(("TEXINPUTS", "TEXMFCNF")) for name in os.environ)
    try:
        entries = [] if own else known(key[0]) or known(key[1]) or unrecorded()
    except Exception:  # noqa: BLE001 - a source the parser cannot read (a name too long): none
        entries = []
    if not isinstance(entries, list) or not all(  # another shape (edited by hand): no guess
            isinstance(e, list) and len(e) == 2 and isinstance(e[0], str)
            and isinstance(e[1], str | None) and "\0" not in e[0] + (e[1] or "") for e in entries):
        return {}
    for name, source in entries:  # a source not a regular file (FIFO, device) is never read
        with contextlib.suppress(OSError):
            if source is not None and not Path(source).is_file():
                continue
            data = macros.encode() if source is None else Path(source).read_bytes()
            if digest_of(root / name) != hashlib.sha256(data).hexdigest():
                found[name] = data
    return found


def placed(key: tuple[str, str], root: Path, planned: dict[Path, tuple[Path | None, str]]) -> None:
    """Record what a sync that converged placed (``Plan.planned``) under ``key``'s two."""
    inside = root.resolve()
    for each in key:
        remember(each, [[str(target.relative_to(inside)), source and str(source)]
                        for target, (source, _) in planned.items()
                        if target.is_relative_to(inside)])


def natural_size(data: bytes) -> list | None:
    """What pdfTeX sets an image's box from, whatever the options (never its drawing): of a
    PDF each page's five boxes, rotation and unit; of a PNG its pixels and resolution;
    recorded by the bytes' digest. None: neither, or unreadable (then never the same)."""
    def worked_out() -> list | None:
        try:
            if data.startswith(b"%PDF-"):
                from figures.pdf import open_pdf, pypdf_said

                with pypdf_said():  # a damaged one's warnings: not said, it is None
                    return [[[float(v) for v in getattr(page, box)] for box in _BOXES] + [
                        page.rotation, float(page.user_unit)] for page in open_pdf(data).pages]
            from PIL import Image

            with Image.open(io.BytesIO(data)) as image:
                return ["PNG", list(image.size), repr(image.info.get("dpi")),
                        repr(image.info.get("aspect"))] if image.format == "PNG" else None
        except Exception:  # noqa: BLE001 - unreadable: probed again
            return None

    return recall(key_of("natural size", hashlib.sha256(data).hexdigest()), worked_out)


_BOXES = ("mediabox", "cropbox", "bleedbox", "trimbox", "artbox")
