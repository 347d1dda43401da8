"""The incremental build's memory: a figure's build key and the state file beside the outputs
(docs/modules.md)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import TYPE_CHECKING

from figures.data.jsonio import read_json_bytes
from figures.errors import FigureDataError
from figures.version import __version__

if TYPE_CHECKING:
    from figures.outputs.kind import BuildKind
    from figures.registry import FigureSpec

STATE_FILE = ".build-state.json"


def read_state(path: Path) -> dict:
    """The build state at ``path`` (a folder's :data:`STATE_FILE`), each stem's record by its
    stem; empty when it is missing, damaged, not ours or no regular file (a named pipe is not
    opened to wait for a writer): nothing recorded is believed, everything built again."""
    try:
        state = json.loads(read_json_bytes(path))
    except (FigureDataError, ValueError):
        return {}
    return state if isinstance(state, dict) else {}


def build_key(spec: FigureSpec, figdata_bytes: bytes, kind: BuildKind | None = None) -> str:
    """The key of ``spec`` built from ``figdata_bytes`` as ``kind`` (the default build): the
    state file, the provenance inside each built file and `figures which` all use it."""
    import importlib.metadata  # here: its import costs a sync that builds nothing 0.1 s

    from figures.outputs.kind import DEFAULT

    kind = kind or DEFAULT
    digest = hashlib.sha256()
    digest.update(figdata_bytes)
    for path in spec.source_files():
        if not path.is_file():
            spec.code()  # the figure's own module gone: one line saying what to do
        digest.update(path.read_bytes())
    env = [__version__, importlib.metadata.version("matplotlib"), repr(kind.outputs(spec)),
           kind.key_part()]
    if not kind.stamp and _synthetic(figdata_bytes):  # unmarked: not the same picture
        env.append("no-stamp")
    digest.update("\0".join(env).encode())
    return digest.hexdigest()


def _synthetic(figdata_bytes: bytes) -> bool:
    from figures.data.figdata import is_synthetic

    try:
        return is_synthetic(json.loads(figdata_bytes))
    except (ValueError, TypeError, KeyError):
        return False  # not figdata at all: the build says so in one line
