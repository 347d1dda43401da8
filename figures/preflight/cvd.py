"""Colour-vision deficiency: how far apart a figure's series colours stay for colour-blind
readers, simulated with Machado et al. (2009) at full severity and compared in CAM02-UCS (ΔE);
why the threshold is 10: docs/modules.md, docs/preflight.md."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

DEFICIENCIES = ("deuteranomaly", "protanomaly", "tritanomaly")
SEVERITY = 100


@dataclass(frozen=True)
class ClosestPair:
    deficiency: str  # one of DEFICIENCIES, or "normal"
    delta_e: float
    first: str
    second: str


def _space(deficiency: str) -> dict | str:
    if deficiency == "normal":
        return "sRGB1"
    return {"name": "sRGB1+CVD", "cvd_type": deficiency, "severity": SEVERITY}


def _cspace_convert():
    """colorspacious' converter; 1.1.2 (its latest) has an invalid escape sequence in a
    docstring, which Python warns of while compiling it: silenced for that import only."""
    import warnings

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "invalid escape sequence", DeprecationWarning)
        warnings.filterwarnings("ignore", "invalid escape sequence", SyntaxWarning)
        from colorspacious import cspace_convert
    return cspace_convert


def closest_pair(colors: Sequence[str], deficiency: str) -> ClosestPair | None:
    """The two colours (hex ``#rrggbb``) nearest each other in CAM02-UCS as a reader with
    ``deficiency`` sees them; None for fewer than two colours."""
    from matplotlib.colors import to_rgb

    cspace_convert = _cspace_convert()

    if len(colors) < 2:
        return None
    rgb = np.array([to_rgb(c) for c in colors])
    jab = cspace_convert(rgb, _space(deficiency), "CAM02-UCS")
    dist, i, j = min((float(np.linalg.norm(jab[i] - jab[j])), i, j)
                     for i, j in itertools.combinations(range(len(colors)), 2))
    return ClosestPair(deficiency, dist, colors[i], colors[j])


def simulate(rgb: np.ndarray, deficiency: str) -> np.ndarray:
    """An RGB image (floats in 0..1, shape (h, w, 3)) as a reader with ``deficiency`` sees it."""
    cspace_convert = _cspace_convert()
    return np.clip(cspace_convert(rgb, _space(deficiency), "sRGB1"), 0, 1)
