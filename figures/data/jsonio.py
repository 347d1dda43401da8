"""Reading JSON with errors that name the file, and writing files atomically."""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import math
import os
import re
import stat
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, BinaryIO

from figures.errors import DataError, FigureDataError, os_error, os_error_behind, os_reason

#: Bounds on what the reader accepts, so that no input can crash or exhaust it.
MAX_INT_DIGITS = 20
MAX_DEPTH = 200

_KINDS = {stat.S_IFIFO: "a FIFO (named pipe)", stat.S_IFCHR: "a character device",
          stat.S_IFBLK: "a block device", stat.S_IFDIR: "a folder", stat.S_IFSOCK: "a socket"}


@contextlib.contextmanager
def open_regular(path: Path, shown_as: str | None = None) -> Iterator[BinaryIO]:
    """``path`` opened for reading if it is a regular file; anything else is refused at once,
    without blocking; a failed read is one line too."""
    name = shown_as or str(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise DataError(name, None, "file not found") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise DataError(name, None, "cannot read: a symbolic link loop (the link points, "
                            "through others, back to itself); fix the link") from None
        raise DataError(name, None, f"cannot read: {os_reason(exc)}") from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        kind = _KINDS.get(stat.S_IFMT(mode), "not a regular file")
        raise DataError(name, None, f"cannot read: is {kind}, expected a regular file")
    with os.fdopen(fd, "rb") as handle:
        try:
            yield handle
        except OSError as exc:
            raise DataError(name, None, f"cannot read: {os_reason(exc)}") from None


#: The largest JSON file read (figdata, run logs): parsed whole, one takes a few times its
#: size in memory. A figdata file is KiBs, a run's log MiBs; a 4 GiB sparse file took 69 s
#: and 12.6 GB before "malformed JSON" (hostile round 48c, W10).
JSON_LIMIT = 1 << 30


def read_bytes(path: Path, shown_as: str | None = None, limit: int | None = None) -> bytes:
    """The bytes of the regular file ``path`` (refused over ``limit`` bytes, before any is
    read); any problem raises :class:`FigureDataError`."""
    with open_regular(path, shown_as) as handle:
        if limit is not None and (size := os.fstat(handle.fileno()).st_size) > limit:
            raise DataError(shown_as or str(path), None, f"is {size >> 20} MiB, more than a "
                            f"JSON file here holds ({limit >> 20} MiB at most): is it the "
                            "right file?")
        return handle.read()


def read_json_bytes(path: Path, shown_as: str | None = None) -> bytes:
    """The bytes of the JSON file ``path`` (figdata, a run's log, the build state), refused
    over :data:`JSON_LIMIT` before any is read: the one reader of every command's JSON, so
    that ``figures build`` refuses what ``list`` and ``status`` refuse (round 49c, W18)."""
    return read_bytes(path, shown_as, JSON_LIMIT)


def decode(raw: bytes, name: str, encodings: Sequence[str] = ("utf-8",)) -> str:
    """``raw`` decoded with the first of ``encodings`` that fits, or one line naming the file."""
    for encoding in encodings:
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError as exc:
            error = exc
    raise DataError(name, None, f"cannot read: not {' or '.join(encodings)} text (byte "
                    f"{error.start}: {raw[error.start:error.start + 1]!r}); save the file as UTF-8")


def read_text(path: Path, shown_as: str | None = None,
              encodings: Sequence[str] = ("utf-8",)) -> str:
    """The text of ``path``; a missing, unreadable, non-regular or undecodable file is one line."""
    return decode(read_bytes(path, shown_as), shown_as or str(path), encodings)


def read_json(path: Path, shown_as: str | None = None) -> Any:
    """Parse ``path``; a missing, malformed or oversized file raises :class:`FigureDataError`."""
    name = shown_as or str(path)
    return parse_json(decode(read_json_bytes(path, shown_as), name), name)


class _Refused(ValueError):
    """Raised inside the decoder's hooks; turned into one line by :func:`parse_json`, at the
    line of ``token`` in the text when it is given (the hooks know no place)."""

    def __init__(self, message: str, token: str = "") -> None:
        super().__init__(message)
        self.token = token


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:  # its line: round 50c, W27
        raise _Refused(f"an integer of {len(digits.lstrip('-'))} digits is too large "
                       f"(at most {MAX_INT_DIGITS}; a measured value may be written as a float, "
                       "e.g. 1e25; a seed or a count in at most 20 digits)", digits)
    return int(digits)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        key = next(k for k, _ in pairs if k in seen or seen.add(k))
        raise _Refused(f"duplicate key {json.dumps(key, ensure_ascii=False)} in one object "
                       "(JSON keeps only the last; remove the other)")
    return obj


def parse_json(text: str, name: str) -> Any:
    """Parse ``text`` read from the file ``name``; malformed JSON names line and column.
    Duplicate keys, huge integers and deep nesting are refused (a silent choice or a crash)."""
    if not text.strip():
        raise DataError(name, None, "empty file, expected JSON")
    if text.startswith("\ufeff"):  # json refuses it, with advice meant for programmers
        raise DataError(name, None, "starts with a byte order mark (U+FEFF), which JSON does "
                        "not allow; save the file as UTF-8 without BOM")
    if _too_deep(text):
        raise DataError(name, None, f"nested deeper than {MAX_DEPTH} levels")
    try:
        return json.loads(text, object_pairs_hook=_unique_keys, parse_int=_bounded_int)
    except json.JSONDecodeError as exc:
        what = exc.msg
        if conflict := _CONFLICT.search(text):  # round 50c, W24: a merge left unresolved
            line = text.count("\n", 0, conflict.start()) + 1
            raise DataError(name, None, f"git's conflict markers ({conflict[1]} at line {line}): "
                            "a merge left unresolved: keep one side (or extract the file "
                            "again), then remove the marker lines") from None
        if what.startswith("Invalid control character"):
            char = text[exc.pos] if exc.pos < len(text) else ""
            what = (f"a raw {'line break' if char in chr(10) + chr(13) else 'control character'}"
                    " inside a string; write it as \\n (or remove it)")
        raise DataError(name, None, f"malformed JSON at line {exc.lineno} column {exc.colno}: "
                        f"{what}") from None
    except _Refused as exc:
        at = text.find(exc.token) if exc.token else -1
        where = f"at line {text.count(chr(10), 0, at) + 1}: " if at >= 0 else ""
        raise DataError(name, None, f"{where}{exc}") from None
    except RecursionError:
        raise DataError(name, None, f"nested deeper than {MAX_DEPTH} levels") from None


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
#: A line git writes where a merge conflicts (``<<<<<<< HEAD``, ``=======``, ``>>>>>>> b``).
_CONFLICT = re.compile(r"^(<{7}|={7}|>{7})(?: .*)?$", re.MULTILINE)


def _too_deep(text: str) -> bool:
    """Does ``text`` nest arrays and objects deeper than ``MAX_DEPTH``? Strings are dropped,
    then the depth after each bracket is summed up at once (numpy): linear in the file's size.
    (Removing innermost pairs one level per pass took 10 s on 8 MB of brackets 199 deep.)"""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    import numpy as np

    structure = _STRING.sub("", text).encode("utf-8", "surrogatepass")
    codes = np.frombuffer(structure, dtype=np.uint8)
    brackets = codes[(codes == 0x5B) | (codes == 0x7B) | (codes == 0x5D) | (codes == 0x7D)]
    if not brackets.size:
        return False
    steps = np.where((brackets == 0x5B) | (brackets == 0x7B), 1, -1).astype(np.int64)
    return int(np.cumsum(steps).max()) > MAX_DEPTH


def sha256_of(path: Path) -> str:
    """The sha256 of the regular file ``path``: the one hash of a file's bytes."""
    digest = hashlib.sha256()
    with open_regular(path) as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def sha256_if_file(path: Path) -> str | None:
    """The sha256 of the regular file ``path``; None when there is none or it cannot be read."""
    try:
        return sha256_of(path)
    except FigureDataError:
        return None


@contextlib.contextmanager
def atomic_path(target: Path) -> Iterator[Path]:
    """Yield a temporary path beside ``target``; rename it into place only on success. A
    symlink is written through, as editors do; a target that is not a regular file is refused
    (renaming over it would replace, say, ``/dev/null`` with a plain file)."""
    shown = str(target)
    target = Path(os.path.realpath(target)) if Path(target).is_symlink() else Path(target)
    _refuse_non_regular(target, shown)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.stem}.", suffix=target.suffix,
                                        dir=target.parent)
    except OSError as exc:
        if exc.filename is None or Path(exc.filename).parent == target.parent:
            exc.filename = str(target)  # not mkstemp's temporary name
        raise
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        yield tmp
        # mkstemp makes 0600: a replaced file keeps its mode, a new one gets the usual mode
        try:
            mode = stat.S_IMODE(target.stat().st_mode)
        except OSError:
            mode = 0o666 & ~_umask()
        tmp.chmod(mode)
        tmp.replace(target)
    except OSError as exc:
        if exc.filename in (str(tmp), tmp, None):
            exc.filename = str(target)  # the user knows the target, not our temporary name
        raise
    except Exception as exc:
        # a writer's failed cleanup after the OS refused a write (matplotlib's PDF backend
        # on a full disk) hides the refusal: report the refusal
        refusal = os_error_behind(exc)
        if refusal is None:
            raise
        raise DataError(str(target), None, os_reason(refusal)) from exc
    finally:
        tmp.unlink(missing_ok=True)


def _refuse_non_regular(target: Path, shown: str) -> None:
    try:
        mode = target.stat().st_mode
    except OSError:
        return  # absent (or unreachable: the write itself then reports why)
    if not stat.S_ISREG(mode):
        kind = _KINDS.get(stat.S_IFMT(mode), "not a regular file")
        raise DataError(shown, None, f"cannot write: is {kind}, expected a regular file or a "
                        "new file; choose another path")


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def dumps_figdata(data: Any) -> str:
    """Deterministic, reviewable JSON: two-space indent, number lists kept on one line."""
    return _dump(data, 0) + "\n"


def _dump(value: Any, depth: int) -> str:
    pad, inner = "  " * depth, "  " * (depth + 1)
    if isinstance(value, dict):
        if not value:
            return "{}"
        if all(_is_scalar(v) for v in value.values()):
            flat = ", ".join(f"{json.dumps(str(k))}: {_dump(v, 0)}" for k, v in value.items())
            if len(flat) < 80:
                return "{" + flat + "}"
        items = [f"{inner}{json.dumps(str(k))}: {_dump(v, depth + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(value, (list, tuple)):
        if all(_is_scalar(v) for v in value):
            return "[" + ", ".join(_dump(v, depth + 1) for v in value) + "]"
        return "[\n" + ",\n".join(inner + _dump(v, depth + 1) for v in value) + "\n" + pad + "]"
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"non-finite number {value!r} cannot be written to figdata")
    return json.dumps(value, ensure_ascii=False)


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, (bool, int, float, str))


def _refuse_broken_link(path: Path) -> None:
    if path.is_symlink() and not path.exists():
        try:
            target = str(path.readlink())
        except OSError:
            target = "?"
        raise DataError(str(path), None, f"a broken or looping symbolic link (to {target}); "
                        "point it at a folder or remove it")


def refuse_unmakeable_folder(path: Path) -> None:
    """The line :func:`ensure_folder` would give for ``path``, told before anything is written
    and without making it (``make`` checks its ``--out`` before it extracts: round 45c W15)."""
    path = Path(path)
    _refuse_broken_link(path)
    there = path
    while not there.exists() and not there.is_symlink() and there != there.parent:
        there = there.parent
    if not there.is_dir():
        reason = errno.EEXIST if there == path else errno.ENOTDIR
        raise DataError(str(path), None, os_reason(OSError(reason, "")))
    if not os.access(there, os.W_OK | os.X_OK):
        what = "write into" if there == path else "make"
        raise DataError(str(path), None, f"cannot {what} this folder (read-only file system "
                        "or no permission); choose another")


def ensure_folder(path: Path) -> Path:
    """``path`` as an existing folder we can write into (made if missing), or one line."""
    path = Path(path)
    _refuse_broken_link(path)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):  # round 40, RO1
            raise DataError(str(path), None, f"cannot make this folder ({os_reason(exc)}); "
                            "choose another") from None
        raise os_error(exc, path) from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise DataError(str(path), None, "cannot write into this folder (read-only file "
                        "system or no permission); choose another")
    return path


def write_text_atomic(target: Path, text: str) -> None:
    """Write ``text`` to ``target`` via a temporary file and a rename."""
    with atomic_path(target) as tmp:
        tmp.write_text(text, encoding="utf-8")
