"""The reference environment: what decides every pixel of the golden images.

Recorded in ``baseline/ENVIRONMENT.json`` when the baselines are made. Pixels are promised
equal only there: matplotlib (and the FreeType it bundles) rasterise glyph edges and
antialiasing differently across versions and CPU architectures (matplotlib's own suite
needs small tolerances on arm64 and macOS). Pillow is not part of it: the golden tests
compare decoded pixels, not PNG bytes, so its compressor cannot change a verdict.
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
    diffs = [f"{key} {recorded.get(key)} (this environment has {now[key]})"
             for key in now if recorded.get(key) != now[key]]
    return ", ".join(diffs) or None
