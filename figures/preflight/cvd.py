"""Colour-vision deficiency: how far apart a figure's series colours stay for colour-blind
readers.

Each colour is simulated with Machado, Oliveira & Fernandes (2009) at full severity
(colorspacious' ``sRGB1+CVD`` space, severity 100) and compared in CAM02-UCS, where the
Euclidean distance ΔE approximates perceived difference (ΔE ≈ 1 is about one just-noticeable
difference for large patches side by side).

The threshold (``min_cvd_delta_e`` in venues.json, 10 by default) is set by a palette made for
colour-blind readers: the eight Okabe–Ito colours keep at least ΔE 11.0 between every pair
under all three simulations (14.8 deuteranomaly, 14.0 protanomaly, 11.0 tritanomaly), while
pairs that do collapse fall well below it (matplotlib's tab10: 4.3 / 2.4 under deuter-/
protanomaly; the CIFAR report's red #F44336 and green #4CAF50: 7.0 under deuteranomaly).
Series are thin lines and small markers, far smaller than the patches a JND is measured on,
so a threshold of about ten JNDs is deliberately generous to the reader, not to the figure.
"""

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
    """colorspacious' converter. colorspacious 1.1.2 (its latest release) has an invalid
    escape sequence in a docstring, which Python reports while compiling it (a
    DeprecationWarning, a SyntaxWarning from 3.12): silenced for that import only, so a
    fresh environment under ``-W error`` (our strict pytest) can import it."""
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
