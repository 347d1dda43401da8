"""The archive: ``.tar.gz`` or ``.zip`` by the name's suffix, written to a temporary file
beside the target and renamed, so a failed pack leaves no half-written archive."""

from __future__ import annotations

import errno
import gzip
import io
import tarfile
import zipfile
from collections.abc import Mapping
from pathlib import Path

from figures.data.jsonio import atomic_path
from figures.errors import FigureDataError, display_path, os_reason


def kind_of(out: Path) -> str:
    name = out.name.lower()
    if name in (".tar.gz", ".tgz", ".zip"):  # `--out "$NAME.tar.gz"`, NAME unset: hidden
        raise FigureDataError(str(out), None, "--out: the name is its suffix alone (an unset "
                              "variable?): name the archive, e.g. --out paper.tar.gz")
    if name.endswith((".tar.gz", ".tgz")):
        return "tar"
    if name.endswith(".zip"):
        return "zip"
    if out.is_dir():  # `--out ~/uploads`: "end the name in .tar.gz" (hostile round 54h, B7)
        raise FigureDataError(str(out), None, "--out is a folder: name the archive file in "
                              f"it (e.g. --out {display_path(str(out / 'paper.tar.gz'))})")
    raise FigureDataError(str(out), None, "--out: end the name in .tar.gz or .zip")


def encode(files: Mapping[str, bytes], kind: str) -> bytes:
    """The archive's bytes: the files in name order, with fixed times and owners (the same
    files give the same archive)."""
    buffer = io.BytesIO()
    if kind == "zip":
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for name in sorted(files):
                if not name.isprintable() or name != name.encode("utf-8", "replace").decode():
                    raise FigureDataError(display_path(name), None, (
                        "a file name that is not UTF-8 (Latin-1?) or holds control characters: "
                        "a zip cannot keep it; rename it and its include (or pack a .tar.gz)"))
                info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                archive.writestr(info, files[name])
        return buffer.getvalue()
    # gzip's header holds a time too (tarfile's "w:gz" writes the time of packing): 0
    with (gzip.GzipFile(fileobj=buffer, mode="wb", mtime=0) as packed,
          tarfile.open(fileobj=packed, mode="w", format=tarfile.PAX_FORMAT) as archive):
        for name in sorted(files):
            info = tarfile.TarInfo(name)
            info.size, info.mode, info.mtime = len(files[name]), 0o644, 0
            archive.addfile(info, io.BytesIO(files[name]))
    return buffer.getvalue()


def unpack(data: bytes, kind: str, folder: Path) -> None:
    """Unpack an archive :func:`encode` made into ``folder``: every member a plain file at a
    relative path inside it (tar's ``data`` filter checks, by hand: Python 3.11.2, Debian
    12's, has no ``extractall(filter=...)``), anything else refused."""
    root = folder.resolve()
    if kind == "zip":
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = [(i.filename, not i.is_dir(), b"" if i.is_dir() else archive.read(i))
                       for i in archive.infolist()]
    else:
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
            members = [(m.name, m.isfile(), archive.extractfile(m).read() if m.isfile()
                        else b"") for m in archive.getmembers()]
    for name, plain, content in members:
        target = (root / name).resolve()
        if not plain or ".." in Path(name).parts or not target.is_relative_to(root):
            raise FigureDataError(name, None, "an archive member that is not a plain file "
                                  "inside the archive's folder; the pack stops")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content)


def written_by_pack(path: Path) -> bool:
    """Whether ``path`` is an archive :func:`encode` made (every member a plain file with
    time 0, or 1980-01-01 in a zip): what the default ``--out`` may replace, unlike an
    archive of the user's of the same name (arXiv's source download, say)."""
    try:
        if zipfile.is_zipfile(path):
            with zipfile.ZipFile(path) as archive:
                infos = archive.infolist()
                return bool(infos) and all(i.date_time == (1980, 1, 1, 0, 0, 0) for i in infos)
        with tarfile.open(path, mode="r:gz") as archive:
            members = archive.getmembers()
            return bool(members) and all(m.isfile() and m.mtime == 0 and m.mode == 0o644
                                         for m in members)
    except (OSError, tarfile.TarError, zipfile.BadZipFile, EOFError):
        return False


def write_atomic(out: Path, data: bytes) -> None:
    """``data`` to ``out`` through a temporary file renamed into place (nothing half-written)."""
    try:
        with atomic_path(out) as tmp:
            tmp.write_bytes(data)
    except OSError as exc:  # a file where a folder of the path goes is named, not ``out``
        where = Path(exc.filename) if exc.filename not in (None, str(out)) else out
        denied = exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS)  # round 42a, A14
        advice = "pass --out FILE in a folder you can write" if denied else (
            "pass another --out" if where != out else "pass --out FILE elsewhere")
        raise FigureDataError(str(where), None, f"cannot write: {os_reason(exc)}" + (
            f" (the archive {out.name} goes inside it)" if where != out else "")
            + f": {advice}") from None


def too_large(name: str, size: int, files: Mapping[str, bytes], limit: int) -> str | None:
    """The warning for an archive ``name`` of ``size`` bytes over arXiv's ``limit``, naming
    the largest packed ``files`` that make it so (hostile round 42, A56: the line named the
    archive alone, and one photo was 55.4 of its 55.4 MiB): the largest first, as many as
    the excess needs (three at most), each with its size. None: within the limit."""
    if size <= limit:
        return None
    largest, total = [], 0
    for packed, data in sorted(files.items(), key=lambda item: (-len(item[1]), item[0]))[:3]:
        largest.append(f"{display_path(packed)} ({len(data) / 2**20:.1f} MiB)")
        total += len(data)
        if total >= size - limit:
            break
    which = "the largest file packed is" if len(largest) == 1 else "the largest files packed are"
    them = "it" if len(largest) == 1 else "them"
    return (f"{display_path(name)}: {size / 2**20:.1f} MiB, over arXiv's {limit // 2**20} "
            f"MiB: {which} {', '.join(largest)}: make {them} smaller (fewer pixels, a photo as "
            "JPEG)")
