"""The rendering environment that decides every pixel, recorded beside the baselines."""

from __future__ import annotations

import importlib.metadata
import platform
from typing import Any

import matplotlib
import matplotlib.ft2font

ENVIRONMENT_FILE = "baseline/ENVIRONMENT.json"


def current() -> dict[str, Any]:
    """What the golden images depend on: matplotlib and the FreeType it bundles, on Linux,
    and Pillow, which encodes the PNG bytes the hash library fingerprints."""
    return {
        "matplotlib": matplotlib.__version__,
        "pillow": importlib.metadata.version("pillow"),
        "freetype": matplotlib.ft2font.__freetype_version__,
        "system": platform.system(),
    }


def mismatch(recorded: dict[str, Any]) -> str | None:
    """A one-line description of how this environment differs from ``recorded``, or None."""
    now = current()
    diffs = [f"{key} {recorded.get(key)} (this environment has {now[key]})"
             for key in now if recorded.get(key) != now[key]]
    return ", ".join(diffs) or None
