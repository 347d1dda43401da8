"""Which figure a file is, and whether it is current: read from the provenance inside it.

A file is **current** when the figdata it was built from and the code and settings that
built it (its build key) are the ones now in the repository; **stale** when either changed
since (the line says which); **not from this suite** when it carries no provenance of ours.
The file's name and folder play no part: a renamed copy in the paper's folder is recognised.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from figures.data.jsonio import read_bytes
from figures.errors import FigureDataError, os_error
from figures.outputs import provenance
from figures.outputs.state import build_key
from figures.outputs.venue import for_variant
from figures.registry import BY_NAME

CURRENT, STALE, FOREIGN, UNREADABLE = "current", "stale", "not from this suite", "unreadable"


@dataclass(frozen=True)
class Which:
    path: Path
    state: str
    figure: str = ""
    variant: str = ""
    kind: str = ""
    why: str = ""

    @property
    def current(self) -> bool:
        return self.state == CURRENT

    def line(self) -> str:
        if not self.figure:
            return f"{self.path}: {self.state}" + (f" ({self.why})" if self.why else "")
        what = f"{self.figure} ({self.variant}, {self.kind})"
        return f"{self.path}: {what}: {self.state}" + (f": {self.why}" if self.why else "")


def which(path: Path, figdata_dir: Path, venues_file: Path | None = None) -> Which:
    """What ``path`` is and whether it is current against ``figdata_dir`` and the code."""
    try:
        read_bytes(path)  # regular file, readable: else one line naming it
        inside = provenance.read(path)
    except FigureDataError as exc:
        return Which(path, UNREADABLE, why=exc.message)
    except OSError as exc:
        return Which(path, UNREADABLE, why=os_error(exc, path).message)
    except Exception as exc:  # noqa: BLE001 - a damaged PDF or PNG (pypdf, Pillow)
        return Which(path, UNREADABLE, why=f"cannot be decoded ({type(exc).__name__})")
    if inside is None:
        return Which(path, FOREIGN, why="no provenance of fa-audit-figures inside")
    found = Which(path, CURRENT, inside["figure"], inside["variant"], inside["kind"])
    why = _why_stale(inside, figdata_dir, venues_file)
    return found if why is None else _replace(found, STALE, why)


def _why_stale(inside: dict[str, str], figdata_dir: Path,
               venues_file: Path | None) -> str | None:
    """What changed since the file was built; None when nothing did."""
    spec = BY_NAME.get(inside["figure"])
    if spec is None:
        return f"{inside['figure']} is no longer a registered figure"
    try:
        spec = for_variant(spec, inside["variant"], venues_file)
    except FigureDataError as exc:
        return f"built for {inside['variant']}: {exc.message}"
    figdata_path = spec.figdata_path(figdata_dir)
    try:
        raw = read_bytes(figdata_path)
    except FigureDataError as exc:
        return f"its figdata {exc}"
    again = "run `figures build` and copy it again (or `figures sync`)"
    what = "its module, the style, matplotlib or the package version"
    if inside["variant"].startswith("venue:"):
        venue = inside["variant"].removeprefix("venue:")
        again = f"run `figures build --venue {venue}` (and copy it again)"
        what = "its module, the venue layout, the venue's numbers, matplotlib or the version"
    if hashlib.sha256(raw).hexdigest() != inside["figdata-sha256"]:
        return f"{figdata_path} changed since it was built; {again}"
    if build_key(spec, raw) != inside["build-key"]:
        return (f"the code or settings that draw it changed since it was built ({what}); "
                f"{again}")
    return None


def _replace(found: Which, state: str, why: str) -> Which:
    return Which(found.path, state, found.figure, found.variant, found.kind, why)
