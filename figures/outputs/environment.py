"""The reference environment: what decides every pixel of the golden images, recorded in
``baseline/ENVIRONMENT.json`` (docs/modules.md)."""

from __future__ import annotations

import json
import platform
import re
from pathlib import Path
from typing import Any

import matplotlib
import matplotlib.ft2font

ENVIRONMENT_FILE = "baseline/ENVIRONMENT.json"


def current() -> dict[str, Any]:
    """matplotlib, the FreeType it bundles, the operating system and the CPU architecture."""
    return {
        "matplotlib": matplotlib.__version__,
        "freetype": matplotlib.ft2font.__freetype_version__,
        "system": platform.system(),
        "machine": platform.machine(),
    }


def mismatch(recorded: dict[str, Any]) -> str | None:
    """A one-line description of how this environment differs from ``recorded``, or None."""
    now = current()
    wanted = {key: v if isinstance(v := recorded.get(key), list) else [v] for key in now}
    diffs = [f"{key} {' or '.join(map(str, wanted[key]))} (this environment has {now[key]})"
             for key in now if now[key] not in wanted[key]]
    return ", ".join(diffs) or None


def recorded(root: Path) -> dict[str, Any]:
    """The reference environment recorded in ``root``'s ``baseline/ENVIRONMENT.json``;
    ValueError, one line naming the file and what to do, when it is missing, holds git's
    merge-conflict markers or is not such a record."""
    restore = f"restore it (git checkout -- {ENVIRONMENT_FILE})"
    try:
        text = (root / ENVIRONMENT_FILE).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ValueError(f"{ENVIRONMENT_FILE}: missing (the reference environment the golden "
                         f"images were made in): {restore}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ValueError(f"{ENVIRONMENT_FILE}: cannot be read "
                         f"({getattr(error, 'strerror', None) or error}): {restore}") from None
    if re.search(r"^(<{7}|={7}|>{7})( |$)", text, re.MULTILINE):
        raise ValueError(f"{ENVIRONMENT_FILE}: holds git merge-conflict markers: resolve the "
                         f"conflict (keep one side: git checkout --ours {ENVIRONMENT_FILE}, or "
                         "--theirs; then git add it), then run again")
    try:
        record = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"{ENVIRONMENT_FILE}: not JSON ({error.msg}, line {error.lineno}): "
                         f"{restore}") from None
    if not isinstance(record, dict) or not set(current()) <= set(record):
        raise ValueError(f"{ENVIRONMENT_FILE}: not a record of the reference environment (the "
                         f"keys {', '.join(current())}): {restore}")
    return record
