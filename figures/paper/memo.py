"""What a sync of a paper whose builds are current would only work out again, recorded by
every input it is a function of (issue 44: sync's cost): the quoted values of every figure
(each figure's module imported, its figdata checked: matplotlib's import alone costs more
than TeX's probe) and where each include is placed. The key holds the package's code (every
``figures/**.py``), its version and matplotlib's, the figdata bytes, the venue's numbers and
the include as TeX set it: any change is a new key, worked out and recorded afresh."""

from __future__ import annotations

import contextlib
import hashlib
import importlib.metadata
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from figures.paths import BUILD_ROOT

#: The record, under the build folder of the current folder (as the builds are).
MEMO = ".sync-memo.json"
#: Entries kept: the newest this many (a paper's includes and a few papers).
KEPT = 256
_CODE: dict[tuple, str] = {}


def code_digest() -> str:
    """The package's code and the versions that decide what it computes (read again when a
    file's size or time changed: a long process sees its code edited)."""
    package = Path(__file__).resolve().parent.parent
    files = sorted(package.rglob("*.py"))
    stats = tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files)
    if stats not in _CODE:
        digest = hashlib.sha256()
        for path in files:
            digest.update(str(path.relative_to(package)).encode() + b"\0" + path.read_bytes())
        for name in ("fa-audit-figures", "matplotlib"):
            with contextlib.suppress(importlib.metadata.PackageNotFoundError):
                digest.update(importlib.metadata.version(name).encode())
        _CODE.clear()
        _CODE[stats] = digest.hexdigest()
    return _CODE[stats]


def key_of(*parts: Any) -> str:
    """A key of ``parts`` (bytes as they are, anything else by its JSON) and the code."""
    digest = hashlib.sha256(code_digest().encode())
    for part in parts:
        digest.update(b"\0" + (part if isinstance(part, bytes) else
                                json.dumps(part, sort_keys=True, default=repr).encode()))
    return digest.hexdigest()


def recall(key: str, compute: Callable[[], Any], keep: Callable[[Any], bool] = bool) -> Any:
    """The value recorded for ``key``, else ``compute()`` (a JSON value), to be recorded when
    ``keep`` says it may be (an error is worked out again each time) by :func:`flush`."""
    if key in _PENDING:
        return _PENDING[key]
    memo = _read()
    if key in memo:
        return memo[key]
    value = compute()
    if keep(value):
        _PENDING[key] = value
    return value


#: Worked out by this command, written by :func:`flush`.
_PENDING: dict[str, Any] = {}


def _read() -> dict[str, Any]:
    try:
        memo = json.loads((BUILD_ROOT / MEMO).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return memo if isinstance(memo, dict) else {}


def flush() -> None:
    """What this command worked out, written into the build folder when there is one (a
    sync never makes it for its record alone: a refused sync leaves no ``build/``), then
    forgotten (the next command, in another folder, reads its own)."""
    from figures.data.jsonio import write_text_atomic

    try:
        if _PENDING and BUILD_ROOT.is_dir():
            memo = _read()
            memo = {k: memo[k] for k in list(memo)[-max(KEPT - len(_PENDING), 0):]}
            memo.update(_PENDING)
            with contextlib.suppress(OSError):  # not writable: worked out again next time
                write_text_atomic(BUILD_ROOT / MEMO, json.dumps(memo))
    finally:
        _PENDING.clear()
