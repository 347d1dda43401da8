"""A series' course in a caption's words: it "falls" or "rises" from its first value to its
last, and "is flat" only where the whole series stays within that band, not its two ends alone
(hostile round 51c, W20, W32: a V, four decades down and back, its ends equal, was captioned
"is flat (1×)"). A series that turns between its ends is said as it goes: where it turns, and
by how much each way (:func:`trend`)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from figures.plots._caption import Claims

#: With its ends apart, a turn is said when the series goes this many times beyond both ends
#: (one decade; round 50c, W4). With its ends "flat", any excursion that would not itself be
#: said "flat" (its decades printing 0.1 or more) is said.
TURN = 10.0


def _flat(ratio: float) -> bool:
    """Whether :meth:`Claims.change` says a ratio of two values "flat" (0.0 decades)."""
    return f"{math.log10(ratio):.1f}" == "0.0"


def turning(series: Sequence[float]) -> int | None:
    """The index where ``series`` (positive, on a log scale) turns furthest beyond both its
    ends, when the caption must say it: beyond :data:`TURN` times, or at all (out of the flat
    band) when its ends are alike; None when its ends tell its course."""
    first, last = float(series[0]), float(series[-1])
    low = min(range(len(series)), key=lambda i: series[i])
    high = max(range(len(series)), key=lambda i: series[i])
    if series[low] <= 0 or min(first, last) <= 0:
        return None  # no log scale: the ends alone, as Claims.change reads them
    below, above = min(first, last) / series[low], series[high] / max(first, last)
    if _flat(max(first, last) / min(first, last)):
        return None if _flat(max(below, above)) else (low if below >= above else high)
    return None if max(below, above) <= TURN else (low if below >= above else high)


def trend(c: Claims, series: Sequence[float], x: Sequence[float], where: str) -> str:
    """``falls {decades}``, ``rises {decades}`` or ``is flat ({ratio})`` from the first value
    to the last; where the series turns between (:func:`turning`), ``falls {decades} to
    {value} at {where} {x}, then rises {decades}`` (or rises, then falls): the ends alone hide
    what the picture shows."""
    first, last = float(series[0]), float(series[-1])
    if (at := turning(series)) is None:
        return c.change(last, first, "falls {}", "rises {}", "is flat ({})")
    value = float(series[at])
    return (f"{c.change(value, first, 'falls {}', 'rises {}', 'stays')} to "
            f"{c.value(value, sci=True)} at {where} {c.value(float(x[at]), 0)}, then "
            f"{c.change(last, value, 'falls {}', 'rises {}', 'stays')}")
