"""How numbers are written in LaTeX, read as values: decimals, decimal commas, percentages
(``61.5\\%``, siunitx's ``\\SI{61.5}{\\percent}``, ``61.5 per cent``) and scientific notation,
lengths and settings left out (:mod:`figures.numbers.texcheck` ties them to quoted values)."""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from figures.numbers.macros import Quoted

# Linear on any line: no two whitespace runs may meet (``\s*(?:x)?\s*`` splits a run of n
# spaces n^2 ways before failing), so each optional separator carries its own trailing run.
_EXPONENT = (r"(?:[eE](?P<exp>[-+]?\d+)"
             r"|\$?\s*(?:\\times|\\cdot|×)\s*10\s*\^\s*"
             r"(?:\{\s*(?P<exp2>(?:[-+−]\s*)?\d+)\s*\}|(?P<exp3>[-+−]?\d)))")
_PERCENT = (r"(?:\}{1,3}|\$)?(?:\s*(?:(?:\\[,;:!]|~|\\ |\\thinspace|\$)\s*)?(?:\\%|\{\\%\})"
            r"|\}\s*\{\s*\\(?:percent|%)\s*\})"
            r"|\s*(?:(?:\\[,;:]|~)\s*)?\\(?:text)?percent(?![A-Za-z])(?:\{\})?"
            r"|[\s~]+per\s?cent\b")
#: Numbers beyond any float's range or precision (1e308, 17 digits; a macro prints at most
#: 99 decimals) are no figdata value: skipped, rather than overflowing the arithmetic.
MAX_EXPONENT_DIGITS = 4
MAX_DIGITS = 400
#: A TeX length after a number makes it a dimension, not a value.
_LENGTH = (r"(?:\s*(?:pt|cm|mm|em|ex|bp|sp|pc|dd|cc|mu)|in)(?![A-Za-z])"
           r"|\s*\\(?:text|line|column|paper)(?:width|height)|\s*\\baselineskip")
# A decimal point, or a decimal comma where it cannot be a list or a thousands separator: in
# ``{,}`` (61{,}5), before a percent sign (61,5\,\%) and in siunitx's \num, \SI and \qty
# (\num{0,615}); a leading point (.615) too.
_NUMBER = re.compile(
    rf"(?:(?<![-\w.\\])(?P<sign>[-+−]))?(?<![\w.\\])"
    rf"(?:(?:(?<=\\num\{{)|(?<=\\SI\{{)|(?<=\\qty\{{)|(?<=\\num\{{-)|(?<=\\SI\{{-)|(?<=\\qty\{{-))(?P<sint>\d+),(?P<sfrac>\d+)(?=\s*\}})"
    rf"|(?P<int>\d+)(?:(?:\.|\{{,\}})(?P<frac>\d+)|,(?P<cfrac>\d+)(?={_PERCENT}))?"
    rf"|\.(?P<dfrac>\d+))(?!\d|\.\d)"
    rf"(?:{_EXPONENT})?(?P<pct>{_PERCENT})?(?P<len>{_LENGTH})?")
#: A number followed by ``=`` after an option's name in a list (``[scale=0.615]``,
#: ``{table-format=2.1}``): a setting, not a value.
_SETTING = re.compile(r"[\[{,]\s*[a-z][a-z ]*(?:[-/][a-z ]+)*=\s*\{?\s*$")


@dataclass(frozen=True)
class Number:
    """A number as written: its value as a fraction and the unit of its last digit."""

    text: str
    value: Decimal
    unit: Decimal
    significant: int
    percent: bool
    scientific: bool
    decimals: int
    #: The significant digits as written (``0.0400`` has ``400``).
    digits: str = ""


def parse_numbers(code: str) -> Iterator[Number]:
    """Every number in a line of LaTeX, lengths excluded."""
    for number, _, _ in numbers_at(code):
        yield number


def numbers_at(code: str) -> Iterator[tuple[Number, int, int]]:
    """Every number in a line of LaTeX, lengths and settings excluded, with where it starts
    and ends."""
    for match in _NUMBER.finditer(code):
        if match.group("len") or _SETTING.search(code, max(0, match.start() - 60),
                                                 match.start()):
            continue
        whole = match.group("int") or match.group("sint") or "0"
        frac = (match.group("frac") or match.group("cfrac") or match.group("sfrac")
                or match.group("dfrac") or "")
        if match.group("cfrac") and len(frac) == 3 and whole != "0":  # 1,000\%: thousands
            whole, frac = whole + frac, ""
        digits = (whole + frac).lstrip("0")
        exp_text = match.group("exp") or match.group("exp2") or match.group("exp3")
        exp_digits = re.sub(r"\s", "", exp_text or "0").replace("−", "-")
        if (len(exp_digits.lstrip("-+").lstrip("0")) > MAX_EXPONENT_DIGITS
                or len(whole) + len(frac) > MAX_DIGITS):
            continue
        exponent = int(exp_digits)
        pct = match.group("pct") or ""
        scale = exponent - (2 if pct else 0)
        sign = "-" if match.group("sign") in ("-", "−") else ""
        value = Decimal(f"{sign}{whole}.{frac or '0'}").scaleb(scale)
        shown = code[match.start():match.start("pct") if pct else match.end()]
        if pct:  # \SI{40.1}{\percent}, \textbf{40.1}\%: the number and its sign
            shown += "\\%" if "{" in pct else pct.replace("}", "")
        shown = shown.replace("$", "").strip()
        yield (Number(shown, value, Decimal(1).scaleb(scale - len(frac)), len(digits),
                      bool(pct), exp_text is not None, len(frac), digits),
               match.start(), match.end())


def as_percent(number: Number) -> Number:
    """A number of a percent column (``Acc. (\\%)``) read as the percentage it is."""
    return replace(number, value=number.value.scaleb(-2), unit=number.unit.scaleb(-2),
                   percent=True)


def informative(number: Number) -> bool:
    """Enough digits to tie a number to one figdata value."""
    if number.decimals >= (1 if number.percent else 2):
        return True
    return (number.percent or number.scientific) and number.significant >= 2


def specific_digits(number: Number) -> int:
    """Significant digits without trailing zeros: ``0.6147`` has 4, ``0.1000`` has 1."""
    return len(number.digits.rstrip("0"))


def macro_number(q: Quoted) -> Number | None:
    return next(parse_numbers(q.text), None)


def rounded_by_hand(number: Number, own: Number, value: Decimal) -> bool:
    """The value written with fewer digits than its macro, correctly rounded from the value
    or from the macro's text (``40\\%`` for ``40.1\\%``, ``0.62`` for ``61.5\\%``, ``0.25`` for
    ``0.250``); two significant digits at least, and not 0 or 1 (``1.00`` for ``+0.997`` is
    everywhere)."""
    if number.unit <= own.unit or number.significant < 2 or abs(number.value) in (0, 1):
        return False
    half = number.unit / 2
    return abs(number.value - value) <= half or abs(number.value - own.value) <= half



def within_reach(macros: Sequence[tuple]) -> Callable[[Number], list[tuple]]:
    """For ``macros`` (``(quoted, own Number, value, words)``, check-tex's), a lookup of those
    a number may be written from: its value or its macro's own number within the number's unit
    and five of the coarsest macro's (every test of check-tex is within that), in their order.
    By bisection, not a test of each: a generated table of 147,000 numbers against every
    macro took half a minute (hostile round 48a, P8)."""
    keys = sorted((float(k), i) for i, (_, own, value, _) in enumerate(macros)
                  for k in (value, own.value))
    spread = 5 * max((float(own.unit) for _, own, _, _ in macros), default=0.0)

    def near(number: Number) -> list[tuple]:
        x, reach = float(number.value), (float(number.unit) + spread) * 1.001 + 1e-12
        lo = bisect.bisect_left(keys, (x - reach, -1))
        hi = bisect.bisect_right(keys, (x + reach, len(macros)))
        return [macros[i] for i in sorted({i for _, i in keys[lo:hi]})]
    return near
