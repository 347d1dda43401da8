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
from figures.outputs.pixels import content_digest
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
    kind: str = ""
    why: str = ""
    #: For a stale file: the command that builds it anew (``figures build --venue icml``).
    rebuild: str = ""

    @property
    def current(self) -> bool:
        return self.state == CURRENT

    @property
    def advice(self) -> str:
        """Why it is not current and, if stale, what to do about it."""
        if not self.rebuild:
            return self.why
        if "--venue" in self.rebuild:
            return f"{self.why}; run `{self.rebuild}` (and copy it again)"
        return f"{self.why}; run `{self.rebuild}` and copy it again (or `figures sync`)"

    def line(self) -> str:
        if not self.figure:
            return f"{display_path(self.path)}: {self.state}" + (f" ({self.why})" if self.why else "")
        what = f"{self.figure} ({self.variant}, {self.kind})"
        return f"{display_path(self.path)}: {what}: {self.state}" + (f": {self.advice}" if self.why else "")


def which(path: Path, figdata_dir: Path, venues_file: Path | None = None) -> Which:
    """What ``path`` is and whether it is current against ``figdata_dir`` and the code."""
    try:
        if not read_bytes(path):  # regular file, readable: else one line naming it
            raise FigureDataError(str(path), None, "empty (0 bytes): copy or build it again")
        inside = provenance.read(path)
    except FigureDataError as exc:
        return Which(path, UNREADABLE, why=exc.message)
    except OSError as exc:
        return Which(path, UNREADABLE, why=os_error(exc, path).message)
    except Exception as exc:  # noqa: BLE001 - a damaged PDF or PNG (pypdf, Pillow)
        why = f"cannot be decoded ({type(exc).__name__})"
        if type(exc).__name__ in ("DependencyError", "FileNotDecryptedError"):
            why = ("an encrypted PDF pypdf cannot open (AES needs the `cryptography` package: "
                   "pip install cryptography; or save it unencrypted: qpdf --decrypt IN OUT)")
        return Which(path, UNREADABLE, why=why)
    if inside is None:
        return Which(path, FOREIGN, why="no provenance of fa-audit-figures inside")
    found = Which(path, CURRENT, inside["figure"], inside["variant"], inside["kind"])
    stale = why_stale(inside, figdata_dir, venues_file)
    if stale is None:
        wrong = content_disagrees(path, inside, venues_file)
        return found if wrong is None else Which(path, MISLABELLED, found.figure,
                                                 found.variant, found.kind, wrong)
    why, rebuild = stale
    return Which(found.path, STALE, found.figure, found.variant, found.kind, why, rebuild)


def why_stale(inside: dict[str, str], figdata_dir: Path,
               venues_file: Path | None) -> tuple[str, str] | None:
    """What changed since the file was built, and the command that mends it ('' when none
    does: a figure gone from the registry); None when nothing changed."""
    spec = BY_NAME.get(inside["figure"])
    if spec is None:
        return f"{inside['figure']} is no longer a registered figure", ""
    try:
        kind = parse_kind(inside["variant"], venues_file)
    except FigureDataError as exc:
        return f"built for {inside['variant']}: {exc.message}", ""
    figdata_path = spec.figdata_path(figdata_dir)
    try:
        raw = read_bytes(figdata_path)
    except FigureDataError as exc:
        return f"its figdata {exc}", ""
    what = "its module, the style, matplotlib or the package version"
    if kind.venue is not None:
        what = "its module, the venue layout, the venue's numbers, matplotlib or the version"
    if hashlib.sha256(raw).hexdigest() != inside["figdata-sha256"]:
        return f"{figdata_path} changed since it was built", kind.rebuild
    if build_key(spec, raw, kind) != inside["build-key"]:
        return f"the code or settings that draw it changed since it was built ({what})", kind.rebuild
    return None




def content_disagrees(path: Path, inside: dict[str, str],
                      venues_file: Path | None = None) -> str | None:
    """Why the content of ``path`` is not what the build wrote for the figure its label names
    (None: it is, or nothing is at hand to tell): its name is another figure's, or the
    content digest inside it differs; a file of an older build without one is checked by
    the hashes its build state (beside it, else in its build kind's folder) records."""
    try:
        kind = parse_kind(inside["variant"], venues_file)
        spec = BY_NAME[inside["figure"]]
    except (FigureDataError, KeyError):
        return None
    wrong = _label_disagrees(path, inside, spec.name)
    if wrong is not None or "content" in inside:
        return wrong
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


def _label_disagrees(path: Path, inside: dict[str, str], figure: str) -> str | None:
    """A file named as another figure (the paper's ``fig3b_crossarch_3row.pdf`` holding
    fig1), or whose content digest inside is not its content's."""
    named = path.name.split(".")[0].split("--")[0]
    if named in BY_NAME and named != figure:
        return (f"named as {named} but holds {figure}'s picture: copied over the wrong file; "
                "copy each figure again (`figures sync`)")
    if "content" not in inside:
        return None
    try:
        if content_digest(read_bytes(path)) == inside["content"]:
            return None
    except Exception as exc:  # noqa: BLE001 - damaged pixels or streams (Pillow, pypdf)
        return f"its content cannot be decoded ({type(exc).__name__}): build and copy it again"
    what = "pixels are" if path.suffix.lower() == ".png" else "drawing (content streams) is"
    return (f"its {what} not what the build made (the content digest inside it differs): "
            "painted over or edited; build and copy it again")


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
