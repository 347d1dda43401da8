"""``figures check-tex``: figdata numbers written by hand (or stale) in LaTeX.

A quoted value (:mod:`figures.paper.macros`) belongs in the paper as its macro. This finds it
written out instead, in any common representation: as a fraction or a percentage
(``0.6147``, ``61.5\\%``, ``61.5~percent``, ``\\SI{61.5}{\\percent}``), at any precision
down to the macro's own, and in scientific notation, in text or LaTeX (``4.4e-4``,
``4.4\\times10^{-4}``, ``\\num{4.4e-4}``, ``$4.4 \\cdot 10^{-4}$``).

A number is *the value written by hand* when it is a correct rounding of the value at least
as precise as the macro, or numerically the macro's own rendering (``61.50\\%`` for
``61.5\\%``; a percentage may drop trailing zeros: ``36\\%`` for ``36.0\\%``). It is *stale*
when it is written as the macro writes it (percent or not), as precisely or up to two digits
more, is not the value, but lies within 5 of the macro's last digit and within 10% of the
value. Numbers that say too little to tie them to a value are ignored: a plain decimal with
fewer than two decimals (``0.5``, ``1.5``), a whole percentage or a mantissa with one
significant digit (``5\\%``, ``4e-4``), and lengths (``0.5em``, ``0.45\\textwidth``).
Comments and ``\\newcommand`` lines are skipped.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from figures.data.jsonio import read_text
from figures.errors import FigureDataError
from figures.paper.macros import Quoted

# Linear on any line: no two whitespace runs may meet (``\s*(?:x)?\s*`` splits a run of n
# spaces n^2 ways before failing), so each optional separator carries its own trailing run.
_EXPONENT = (r"(?:[eE](?P<exp>[-+]?\d+)"
             r"|\$?\s*(?:\\times|\\cdot|×)\s*10\s*\^\s*"
             r"(?:\{\s*(?P<exp2>(?:[-+−]\s*)?\d+)\s*\}|(?P<exp3>[-+−]?\d)))")
_PERCENT = (r"(?:\s*(?:(?:\\,|~|\\ |\\thinspace)\s*)?\\%|\}\s*\{\s*\\percent\s*\}"
            r"|\s*(?:(?:\\,|~)\s*)?\\percent(?![A-Za-z])|[\s~]+percent\b)")
#: Numbers beyond any float's range or precision (1e308, 17 digits; a macro prints at most
#: 99 decimals) are no figdata value: skipped, rather than overflowing the arithmetic.
MAX_EXPONENT_DIGITS = 4
MAX_DIGITS = 400
#: A TeX length after a number makes it a dimension, not a value.
_LENGTH = (r"(?:\s*(?:pt|cm|mm|em|ex|bp|sp|pc|dd|cc|mu)|in)(?![A-Za-z])"
           r"|\s*\\(?:text|line|column|paper)(?:width|height)|\s*\\baselineskip")
#: LaTeX sources are often Latin-1; the numbers and macros checked are ASCII in both.
TEX_ENCODINGS = ("utf-8", "latin-1")
_NUMBER = re.compile(
    rf"(?:(?<![-\w.\\])(?P<sign>[-+−]))?(?<![\w.\\])(?P<int>\d+)(?:\.(?P<frac>\d+))?(?!\d|\.\d)"
    rf"(?:{_EXPONENT})?(?P<pct>{_PERCENT})?(?P<len>{_LENGTH})?")


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


def parse_numbers(code: str) -> Iterator[Number]:
    """Every number in a line of LaTeX, lengths excluded."""
    for match in _NUMBER.finditer(code):
        if match.group("len"):
            continue
        frac = match.group("frac") or ""
        digits = (match.group("int") + frac).lstrip("0")
        exp_text = match.group("exp") or match.group("exp2") or match.group("exp3")
        exp_digits = re.sub(r"\s", "", exp_text or "0").replace("−", "-")
        if (len(exp_digits.lstrip("-+").lstrip("0")) > MAX_EXPONENT_DIGITS
                or len(match.group("int")) + len(frac) > MAX_DIGITS):
            continue
        exponent = int(exp_digits)
        scale = exponent - (2 if match.group("pct") else 0)
        sign = "-" if match.group("sign") in ("-", "−") else ""
        value = Decimal(f"{sign}{match.group('int')}.{frac or '0'}").scaleb(scale)
        shown = match.group(0).replace("$", "").strip()
        if "{" in (match.group("pct") or ""):  # \SI{40.1}{\percent}
            shown = shown[:match.start("pct") - match.start()] + "\\%"
        yield Number(shown, value, Decimal(1).scaleb(scale - len(frac)),
                     len(digits), bool(match.group("pct")), exp_text is not None, len(frac))


def _informative(number: Number) -> bool:
    """Enough digits to tie a number to one figdata value."""
    if number.decimals >= (1 if number.percent else 2):
        return True
    return (number.percent or number.scientific) and number.significant >= 2


def _macro_number(q: Quoted) -> Number | None:
    return next(parse_numbers(q.text), None)


def check_tex(tex: str, quoted: Sequence[Quoted]) -> list[str]:
    """``line N: ...`` for each number of ``tex`` that is a quoted value written by hand, or
    near one (stale)."""
    macros = [(q, _macro_number(q)) for q in quoted]
    problems = []
    for line_no, line in enumerate(tex.splitlines(), 1):
        code = re.split(r"(?<!\\)%", line, maxsplit=1)[0]
        if "\\newcommand" in code or "\\renewcommand" in code:
            continue
        for number in parse_numbers(code):
            if not _informative(number):
                continue
            exact, near = [], []
            for q, own in macros:
                if own is None:
                    continue
                value = Decimal(repr(q.value))
                fine_enough = number.unit <= own.unit
                # coarser than the macro only as a percentage dropping the macro's trailing
                # zeros (36\% for 36.0\%), two significant digits: a plain 0.25 is everywhere
                own_rendering = number.value == own.value and (fine_enough or (
                    number.percent and own.percent and number.significant >= 2))
                if own_rendering or (fine_enough and abs(number.value - value) <= number.unit / 2):
                    exact.append(q)
                elif (fine_enough and number.unit * 100 >= own.unit  # <= 2 more digits
                      and number.percent == own.percent
                      and abs(number.value - value) <= 5 * own.unit
                      and abs(number.value - value) <= abs(value) / 10):
                    near.append(q)
            if exact:
                figures = sorted({q.figure for q in exact})
                problems.append(f"line {line_no}: {number.text} is {' and '.join(figures)}'s "
                                f"value written by hand; use "
                                f"{' or '.join(chr(92) + q.macro for q in exact)}")
            for q in [] if exact else near:
                problems.append(f"line {line_no}: {number.text} is near {q.figure}'s {q.text} "
                                f"(\\{q.macro}): stale number?")
    return problems


def read_tex(path: Path) -> str:
    """A ``.tex`` file's text: UTF-8, or Latin-1 (every byte is a character; numbers are
    ASCII in both, so nothing this check looks at is lost)."""
    text = read_text(path, encodings=TEX_ENCODINGS)
    if "\x00" in text:  # UTF-16 or binary: read as Latin-1 it would silently hold no numbers
        raise FigureDataError(str(path), None, "holds NUL bytes: not a LaTeX source (UTF-16 or "
                              "binary?); save it as UTF-8")
    return text


def find_figdata(tex: Path) -> Path | None:
    """The ``figdata/`` of the repository the ``.tex`` sits in: the nearest folder above it
    holding ``figdata/`` and ``figures/registry.py``; else ``./figdata`` if it exists."""
    for folder in Path(tex).resolve().parents:
        if (folder / "figdata").is_dir() and (folder / "figures" / "registry.py").is_file():
            return folder / "figdata"
    return Path("figdata") if Path("figdata").is_dir() else None
