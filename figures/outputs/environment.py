"""The reference environment: what decides every pixel of the golden images.

Recorded in ``baseline/ENVIRONMENT.json`` when the baselines are made; a value may be a list
of those measured equal (Linux on x86_64 and aarch64, one wheel: byte-identical images).
Elsewhere another FreeType moves glyph edges and text extents. Pillow is not part of it: the
golden tests compare decoded pixels, not PNG bytes.
"""

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
