"""The reference environment: what decides every pixel of the golden images, recorded in
``baseline/ENVIRONMENT.json`` (docs/modules.md)."""

from __future__ import annotations

import platform
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
