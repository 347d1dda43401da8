"""Captions computed, not written (docs/venues.md): every number, ratio, "orders of
magnitude", "agree" and "mean ± std" a figure's caption states is made here from the figure's
data, as a :class:`Claim` that knows how to judge its own words against that data, and the
caption (a :class:`Caption`, a str) carries its claims. :func:`false_claims` reads a caption
again: each claim's words must be in it and true of the data, and no number or such word may
stand outside a claim (tests/unit/test_captions.py)."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Self

from figures.plots._printed import half_unit_printed, plain, scientific, stated_numbers, unmath

#: A number as a caption prints it (a Unicode minus, ×10 powers written out by scientific()).
NUMBER = re.compile(r"[−-]?\d+(?:\.\d+)?")
#: Words that state a measured relation, a direction or a verdict ("below", "leads", "flat",
#: "hides", "almost perfectly", "explodes"): only inside a claim, which computes them from the
#: data (round 40, C1 to C6: such words written around a computed number were false).
CLAIM_WORDS = re.compile(r"agree|order of magnitude|orders of magnitude|±|\bstd\b|-fold|"
                         r"\d\s*×(?!\s*\d)|" + r"\b(?:above|below|leads?|trails?|rises?|falls?|"
                         r"flat|level|hides?|perfect(?:ly)?|worst|best|explodes?|grows?|"
                         r"collapses?|higher|lower)\b", re.IGNORECASE)
#: Names that hold digits (CIFAR-10, w1, g_2, 2×2, d=512 is a claim): not quantities.
NAMES = re.compile(r"[A-Za-z_][A-Za-z_]*[-_]?\d+\w*|\d+\s*[x×]\s*\d+")
@dataclass(frozen=True)
class Claim:
    """Words of a caption and how they are judged: ``judge(words)`` is what is false about
    them for the data they came from, None when they hold."""

    text: str
    judge: Callable[[str], str | None] = field(compare=False, repr=False)
    #: A name taken verbatim from the data (a condition's label): digits in it are no claim.
    name: bool = False


class Caption(str):
    """A caption's text, with the claims it was made of."""

    claims: tuple[Claim, ...]

    def __new__(cls, text: str, claims: Sequence[Claim] = ()) -> Self:
        made = super().__new__(cls, text)
        made.claims = tuple(claims)
        return made



class Claims:
    """Makes a caption's claims from its figure's data; ``caption(text)`` seals them in."""

    def __init__(self) -> None:
        self.made: list[Claim] = []

    def _add(self, text: str, judge: Callable[[str], str | None], name: bool = False) -> str:
        self.made.append(Claim(text, judge, name))
        return text

    def caption(self, text: str) -> Caption:
        return Caption(text, self.made)

    def name(self, label: str) -> str:
        """A label from the data, on one line and its mathtext in plain letters (``penalized
        $\\lambda{=}10^{-4}$``: ``penalized λ=10⁻⁴``): its digits are part of a name."""
        text = unmath(label)
        return self._add(text, lambda words: None if words == unmath(label) else
                         f"{words!r} is not the data's name {label!r}", name=True)

    def value(self, value: float | str, places: int | None = None, *, unit: str = "",
              sign: bool = False, sci: bool = False) -> str:
        """A number of the data: it reads back as ``value`` to the places it prints."""
        if isinstance(value, str):  # a value the data writes as text: as written
            try:
                float(value)
            except ValueError:
                return self.name(value)
            return self._add(value + unit, lambda words: _close(words, float(value),
                                                                "the data's"))
        text = scientific(value) if sci else plain(value, places)
        if sign and value >= 0:
            text = "+" + text
        return self._add(text + unit, lambda words: _close(words, value, "the data's"))

    def count(self, items: Sequence[object], noun: str) -> str:
        """``3 seeds``: how many there are."""
        n = len(items)
        return self._add(f"{n} {noun}{'' if n == 1 else 's'}",
                         lambda words: _close(words, n, "the count"))

    def word(self, truth: bool, yes: str, no: str) -> str:
        """``yes`` when the data make ``truth`` so, else ``no`` ("above" or "below")."""
        return self._add(yes if truth else no, lambda words: None if words == (
            yes if truth else no) else f"{words!r}: the data say {(yes if truth else no)!r}")

    def _said(self, said: Callable[[], str]) -> str:
        """A claim whose words ``said()`` makes from the data: judged by making them again."""
        return self._add(said(), lambda words: None if words == said() else
                         f"{words!r}: the data say {said()!r}")

    def change(self, value: float, reference: float, less: str, more: str, same: str) -> str:
        """Where ``value`` stands to ``reference`` on a log scale, its direction computed:
        ``less`` or ``more`` (a template: ``{}`` is :func:`_decades_text`'s words) as it is below or
        above it, ``same`` (``{}`` the ratio) where the decades print as 0.0 (round 40, C1, C2,
        C6: "below", "rises 0.0 orders of magnitude (1×)" were written whatever the data)."""
        def said() -> str:
            if f"{_decades(value, reference):.1f}" == "0.0":
                return same.format(_ratio_text(max(value, reference) / min(value, reference)))
            return (less if value < reference else more).format(_decades_text(value, reference))
        return self._said(said)

    def difference(self, value: float, reference: float, places: int, less: str, more: str,
                   same: str, unit: str = "") -> str:
        """:meth:`change` on a linear scale: ``{}`` is the difference's size to ``places``
        decimals (and ``unit``); ``same`` where it prints as 0 ("BP leads DFA by −5 pp" was
        written whatever the sign; round 40, C2)."""
        def said() -> str:
            size = plain(abs(value - reference), places)
            if float(size) == 0:
                return same.format(size + unit)
            return (less if value < reference else more).format(size + unit)
        return self._said(said)

    def lowest(self, values: dict[str, float], key: str, names: dict[str, str],
               spread: dict[str, float] | None = None) -> str:
        """``the worst``; ``tied with A's for the worst``; ``about as low as A's (within the
        seeds' spread)`` where others above (round 49) or below it (50c W26: 0.5 pp above DFA in
        both bars was "not the worst") differ by less than the larger ``spread`` (± std)."""
        bars = spread or {}

        def tied(m: str) -> bool:
            return math.isclose(values[m], values[key], rel_tol=1e-9, abs_tol=1e-12)
        def near(m: str) -> bool:
            return abs(values[m] - values[key]) < max(bars.get(m, 0), bars.get(key, 0))
        def said() -> str:
            others = [m for m in names if m in values and m != key]
            lower = [m for m in others if values[m] < values[key] and not tied(m)]
            if not others or not all(map(near, lower)):
                return "not the worst"
            ties = [names[m] + "'s" for m in others if tied(m)]
            close = [names[m] + "'s" for m in others if near(m) and (lower or not tied(m))]
            return (f"tied with {' and '.join(ties)} for the worst" if ties and not lower else
                    f"about as low as {' and '.join(close)} (within the seeds' spread)"
                    if close else "the worst")
        return self._said(said)

    def alike(self, first: Sequence[float], second: Sequence[float], what: str,
              labels: Sequence[str]) -> str:
        """Whether two measures of the same conditions agree: in sign, and in the order they
        put the conditions in; where they do not, which conditions."""
        order, signs = _alike(first, second, labels)
        text = " ".join(filter(None, (what, f"{order} and {signs}")))

        def judge(words: str) -> str | None:
            said = next((o for o in ORDERS if o in words), None)
            if said != order or signs not in words or (
                    signs != "agree in sign" and "agree in sign" in words):
                return f"{words!r}: the data say {order} and {signs}"
            return None
        return self._add(text, judge)

    def band(self, shares: dict[str, float], what: str = "mean across seeds",
             mark: str = "band", *, runs: Sequence[object]) -> str:
        """``what, band ± std`` where each panel's band is visible at print size (its median
        width at least :data:`VISIBLE` of its axis, :func:`band_share`); where it is not,
        the caption says it is too narrow to see, and in which panels. ``runs``: the seeds
        averaged (``{}`` in ``what`` is their :meth:`count`); one run has no mean and no band:
        ``one run, no band`` (round 40, C5, C7: "the mean across 1 seed (the ± std band ...
        too narrow to see)")."""
        if len(runs) == 1:
            return self._said(lambda: f"one run, no {mark}")
        if "{}" in what:
            what = what.format(self.count(runs, "seed"))

        def said(shares: dict[str, float]) -> str:
            narrow = [name for name, share in shares.items() if share < VISIBLE]
            if not narrow:
                return f"{what}, {mark} ± std"
            under = _share_text(max(shares[name] for name in narrow))
            if len(narrow) == len(shares):  # the median's words: the widest may be 3x it
                return (f"{what} (the ± std {mark}, its median width {under} of its axis, is "
                        "too narrow to see)")  # (hostile round 51c, W22)
            return (f"{what}, {mark} ± std (its median width {under} of the axis in "
                    f"{', '.join(narrow)}: too narrow to see there)")
        text = said(shares)
        return self._add(text, lambda words: None if words == said(shares) else (
            f"{words!r}: the bands are {', '.join(f'{100 * v:.1f} %' for v in shares.values())}"
            " of their axes"))


def band_share(curves: Sequence[Sequence[Sequence[float]]], *, log: bool = False,
               also: Sequence[float] = ()) -> float:
    """The median width of the mean ± std bands of ``curves`` (each its runs, one per seed;
    population std, as drawn) over the span of everything on their axis (``also``: other
    series drawn there), in decades on a log axis: 0 when no curve has two runs."""
    import numpy as np

    extra = np.asarray(also, dtype=float).ravel()
    widths, drawn = [], [np.log10(extra[extra > 0]) if log else extra]
    for runs in curves:
        arr = np.asarray(runs, dtype=float)
        mean, std = arr.mean(0), arr.std(0)
        low, high = mean - std, mean + std
        if log:
            low = np.where(low > 0, low, mean)  # a band below 0 is cut at the line
            low, high = np.log10(low), np.log10(high)
        drawn += [low, high]
        widths += [high - low] if len(arr) > 1 else []
    values = np.concatenate(drawn)
    span = float(values.max() - values.min())
    return float(np.median(np.concatenate(widths))) / span if widths and span > 0 else 0.0


#: A band narrower than this share of its axis (about 1 pt on a 1 in panel) cannot be seen.
VISIBLE = 0.015


def _share_text(share: float) -> str:
    return f"under {math.ceil(100 * share + 1e-9):g} %"


def _decades(first: float, second: float) -> float:
    return math.log10(max(first, second) / min(first, second))


def _decades_text(first: float, second: float) -> str:
    """``1.3 orders of magnitude (20×)``; from a ratio of a million the decades alone
    (``7.1 orders of magnitude``, not ``(1.2e+07×)``)."""
    ratio = max(first, second) / min(first, second)
    text = f"{_decades(first, second):.1f} orders of magnitude"
    return text if ratio >= RATIO_UNDER else f"{text} ({_ratio_text(ratio)})"


#: A ratio from this on is said in decades only (:func:`_decades_text`).
RATIO_UNDER = 1e6


def _ratio_text(ratio: float) -> str:
    """Two significant digits: ``20×``, ``4.5×``, ``8500×``."""
    return f"{float(f'{ratio:.2g}'):g}×"


def _close(words: str, true: float, whose: str) -> str | None:
    stated = stated_numbers(words)
    if len(stated) != 1:
        return f"{words!r}: one number"
    within = half_unit_printed(words)
    if abs(stated[0] - true) > within + 1e-12 * max(1.0, abs(true)):
        return f"{words!r}: says {stated[0]:g}, {whose} value is {true:g}"
    return None


def _compare(a: float, b: float) -> int:
    return 0 if math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12) else (1 if a > b else -1)


#: What :func:`_alike` says of the order two measures put conditions in (round 45c, W22).
ORDERS = ("put the conditions in the same order where both tell them apart",
          "put the conditions in the same order", "put the conditions in different orders",
          "do not both tell any two conditions apart")


def _alike(first: Sequence[float], second: Sequence[float],
           labels: Sequence[str]) -> tuple[str, str]:
    """The order part and the sign part of :meth:`Claims.alike`: compared pair by pair, so the
    same whatever order the conditions are listed in (a tie is a tie, not broken by
    position); a 0 has no sign to agree with (round 45c, W22)."""
    pairs = [(_compare(first[i], first[j]), _compare(second[i], second[j]))
             for i in range(len(first)) for j in range(i + 1, len(first))]
    if any(a * b < 0 for a, b in pairs):
        order = ORDERS[2]
    elif not any(a * b > 0 for a, b in pairs):
        order = ORDERS[3]
    else:
        order = ORDERS[1] if all(a == b for a, b in pairs) else ORDERS[0]
    names = [unmath(label) for label in labels]
    zero = [n for n, a, b in zip(names, first, second, strict=True) if a == 0 or b == 0]
    differ = [n for n, a, b in zip(names, first, second, strict=True) if a * b < 0]
    parts = ([f"differ in sign for {', '.join(differ)}"] if differ else []) + (
        ["have no sign to compare" + ("" if len(zero) == len(names) else
                                      f" for {', '.join(zero)}")] if zero else [])
    return order, " and ".join(parts) or "agree in sign"


def false_claims(caption: str) -> list[str]:
    """What is false in ``caption``: a claim not in it or not true of its data, a number or a
    claim's word outside every claim (written by hand). Empty when all hold."""
    claims = getattr(caption, "claims", ())
    problems, rest = [], str(caption)
    for claim in sorted(claims, key=lambda claim: -len(claim.text)):  # one inside another
        if claim.text not in caption:
            problems.append(f"{claim.text!r} is not in the caption (changed by hand?)")
            continue
        rest = rest.replace(claim.text, " ¶ ", 1)
        why = claim.judge(claim.text)
        if why:
            problems.append(why)
    bare = NAMES.sub(" ", rest)
    problems += [f"{found.group()!r}: a number not from the data (in {caption!r})"
                 for found in NUMBER.finditer(bare)]
    problems += [f"{found.group()!r}: a claim's word outside a claim"
                 for found in CLAIM_WORDS.finditer(bare)]
    return problems
