"""Which figure a file is, and whether it is current: read from the provenance inside it.

A file is **current** when the figdata it was built from and the code and settings that
built it (its build key) are the ones now in the repository; **stale** when either changed
since (the line says which); **not from this suite** when it carries no provenance of ours.
The file's name and folder play no part: a renamed copy in the paper's folder is recognised.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from figures.data.jsonio import read_bytes, sha256_of
from figures.errors import FigureDataError, display_path, os_error
from figures.outputs import provenance
from figures.outputs.kind import parse_kind
from figures.outputs.state import STATE_FILE, build_key
from figures.registry import BY_NAME

CURRENT, STALE, FOREIGN, UNREADABLE = "current", "stale", "not from this suite", "unreadable"
#: The label inside says a figure the bytes are not (painted over, swapped, merged into).
MISLABELLED = "not what its label says"


@dataclass(frozen=True)
class Which:
    path: Path
    state: str
    figure: str = ""
    variant: str = ""
    origin: str = ""
    why: str = ""
    #: For a stale file: the command that builds it anew (``figures build --venue icml``),
    #: and what else mends a copy of it (its build kind's ``copy_again``).
    rebuild: str = ""
    copy_again: str = ""

    @property
    def current(self) -> bool:
        return self.state == CURRENT

    @property
    def advice(self) -> str:
        """Why it is not current and, if stale, what to do about it."""
        if not self.rebuild:
            return self.why
        return f"{self.why}; run `{self.rebuild}` {self.copy_again}"

    def line(self) -> str:
        if not self.figure:
            return f"{display_path(self.path)}: {self.state}" + (f" ({self.why})" if self.why else "")
        what = f"{self.figure} ({self.variant}, {self.origin})"
        return f"{display_path(self.path)}: {what}: {self.state}" + (f": {self.advice}" if self.why else "")


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
    found = Which(path, CURRENT, inside["figure"], inside["variant"], inside["origin"])
    stale = why_stale(inside, figdata_dir, venues_file)
    if stale is None:
        wrong = content_disagrees(path, inside, venues_file)
        return found if wrong is None else Which(path, MISLABELLED, found.figure,
                                                 found.variant, found.origin, wrong)
    return Which(found.path, STALE, found.figure, found.variant, found.origin, *stale)


def why_stale(inside: dict[str, str], figdata_dir: Path,
               venues_file: Path | None) -> tuple[str, str, str] | None:
    """What changed since the file was built, the command that mends it ('' when none
    does: a figure gone from the registry) and what else mends a copy; None when nothing
    changed."""
    spec = BY_NAME.get(inside["figure"])
    if spec is None:
        return f"{inside['figure']} is no longer a registered figure", "", ""
    try:
        kind = parse_kind(inside["variant"], venues_file)
    except FigureDataError as exc:
        return f"built for {inside['variant']}: {exc.message}", "", ""
    figdata_path = spec.figdata_path(figdata_dir)
    try:
        raw = read_bytes(figdata_path)
    except FigureDataError as exc:
        return f"its figdata {exc}", "", ""
    if hashlib.sha256(raw).hexdigest() != inside["figdata-sha256"]:
        return f"{figdata_path} changed since it was built", kind.rebuild, kind.copy_again
    if build_key(spec, raw, kind) != inside["build-key"]:
        return (f"the code or settings that draw it changed since it was built ({kind.covers})",
                kind.rebuild, kind.copy_again)
    return None




def content_disagrees(path: Path, inside: dict[str, str],
                      venues_file: Path | None = None) -> str | None:
    """Why the bytes of ``path`` are not what the build wrote for the figure its label names
    (None: they are, or no build state is at hand to tell). The build state beside the file,
    else the one of its build kind's folder, records the hash of every file it wrote."""
    spec = BY_NAME.get(inside["figure"])
    try:
        kind = parse_kind(inside["variant"], venues_file)
    except FigureDataError:
        return None
    if spec is None:
        return None
    digest = sha256_of(path)
    if _state(path.parent) is not None and path.name not in kind.output_names(spec):
        # in a build folder, under a name the label's build does not write
        return (f"{path.name} in a build folder holds {spec.name}'s {kind.name} build, which "
                f"is written as {', '.join(kind.output_names(spec))}: swapped or a leftover")
    for folder in dict.fromkeys([path.parent, kind.default_out]):
        entry = _recorded(folder, kind.stem(spec), inside.get("build-key"))  # NAME--column
        if entry is None:  # no state there, or one of another build (other figdata, code)
            continue
        if digest in entry.values():
            return None
        return (f"its content is not what the {kind.name} build wrote for {spec.name} (the "
                f"hashes in {folder / STATE_FILE}): painted over, swapped or merged; build "
                "and copy it again")
    return None


def _state(folder: Path) -> dict | None:
    try:
        state = json.loads(read_bytes(folder / STATE_FILE))
    except (FigureDataError, ValueError):
        return None
    return state if isinstance(state, dict) else None


def _recorded(folder: Path, figure: str, key: str | None) -> dict[str, str] | None:
    """Output name -> sha256 the build state in ``folder`` records for ``figure`` built with
    build key ``key`` (None when it records another build: its hashes say nothing of this
    file's)."""
    try:
        entry = (_state(folder) or {})[figure]
        outputs = entry["outputs"] if entry["key"] == key else None
    except (KeyError, TypeError):
        return None
    return outputs if isinstance(outputs, dict) else None
