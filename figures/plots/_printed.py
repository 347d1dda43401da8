"""How a caption prints a number and reads one back: plain decimals with a true minus,
``2×10⁻⁵`` for what Python would write ``2e-05``, mathtext labels as plain Unicode; and the
numbers some words state with the precision they print them to (what a claim's judge reads)."""

from __future__ import annotations

import math
import re

SUPERSCRIPT = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")
_POWER = re.compile(r"(?:(\d+(?:\.\d+)?)×)?10([⁻]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)")
_PLAIN = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻−", "0123456789--")


def _powers(text: str) -> str:
    """``2×10⁻⁵`` and ``10⁻²`` as ``2e-5`` and ``1e-2``."""
    return _POWER.sub(lambda m: f"{m.group(1) or 1}e{m.group(2).translate(_PLAIN)}", text)


def stated_numbers(text: str) -> list[float]:
    """The numbers ``text`` states, in order (``2×10⁻⁵`` is one number)."""
    found = re.findall(r"-?\d+(?:\.\d+)?(?:e-?\d+)?", _powers(text).translate(_PLAIN))
    return [float(number) for number in found]


def half_unit_printed(text: str) -> float:
    """Half a unit of the last place ``text`` prints its (first) number to."""
    match = re.search(r"\d+(?:\.(\d+))?(?:e(-?\d+))?", _powers(text).translate(_PLAIN))
    if match is None:
        return 0.0
    return 0.5 * 10 ** (int(match.group(2) or 0) - len(match.group(1) or ""))


def unmath(label: str) -> str:
    """A figure's label as caption text: one line, mathtext's Greek letters, powers and
    braces in plain Unicode."""
    text = " ".join(label.split()).replace("{=}", "=")
    text = re.sub(r"\^\{?(-?\d+)\}?", lambda m: m.group(1).translate(SUPERSCRIPT), text)
    for command, letter in (("\\lambda", "λ"), ("\\rho", "ρ"), ("\\eta", "η")):
        text = text.replace(command, letter)
    return text.replace("$", "")


def plain(value: float, places: int | None = None) -> str:
    """``value`` as a caption prints it: ``places`` decimals (None: as few as show it), a true
    minus; one that would need Python's ``1e-05`` as :func:`scientific` writes it (``10⁻⁵``:
    hostile round 45c, W16)."""
    text = f"{value:g}" if places is None else f"{value:.{places}f}"
    return (scientific(value) if "e" in text else text).replace("-", "−")


def places_apart(value: float, other: float) -> int | None:
    """The decimals that print ``value`` unlike ``other`` when :func:`plain` prints them
    alike (None: it does not), so a comparison stated beside them reads true
    (``0.1000001 ... above chance (0.1)``, not ``0.1 ... above``: round 47c, W12)."""
    if plain(value) != plain(other):
        return None
    return next((p for p in range(1, 18) if f"{value:.{p}f}" != f"{other:.{p}f}"), None)


def scientific(value: float) -> str:
    """``2×10⁻⁵`` (``10⁻²``): one significant digit and its power of ten; from 0.1 to under
    1000, where a power only hides a plain number (``9×10⁻¹``), the number as written, to two
    significant digits or to the unit (``0.9``, ``0.25``, ``125``; round 40, C3)."""
    if PLAIN_FROM <= abs(value) < PLAIN_UNDER:
        return plain(round(value)) if abs(value) >= 10 else plain(float(f"{value:.2g}"))
    power = math.floor(math.log10(abs(value)))
    mantissa = round(value / 10 ** power)
    if abs(mantissa) == 10:
        mantissa, power = mantissa // 10, power + 1
    ten = f"10{str(power).translate(SUPERSCRIPT)}"
    return ten if mantissa == 1 else f"{mantissa}×{ten}"


#: scientific() prints numbers from this magnitude to under PLAIN_UNDER as they are.
PLAIN_FROM, PLAIN_UNDER = 0.1, 1000
