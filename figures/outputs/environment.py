"""The reference environment: what decides every pixel of the golden images.

Recorded in ``baseline/ENVIRONMENT.json`` when the baselines are made. Pixels are promised
equal only there: matplotlib (and the FreeType it bundles) rasterise glyph edges and
antialiasing differently across versions and builds (another FreeType moves glyph edges and
text extents). A recorded value may be a list: each was measured equal (Linux on x86_64 and
on aarch64 with the same wheel: every golden image byte-identical). Pillow is not part of
it: the golden tests compare decoded pixels, not PNG bytes, so its compressor cannot change
a verdict.
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


def _accepted(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def mismatch(recorded: dict[str, Any]) -> str | None:
    """A one-line description of how this environment differs from ``recorded``, or None."""
    now = current()
    diffs = [f"{key} {' or '.join(map(str, wanted)) if isinstance(wanted, list) else wanted} "
             f"(this environment has {now[key]})"
             for key in now if now[key] not in _accepted(wanted := recorded.get(key))]
    return ", ".join(diffs) or None
