"""Venue profiles (figures/venues.json, plus a user's file): the print geometry, what a
figure is drawn for (:meth:`Venue.page`) and the limits `figures check` measures against,
every number with its source (docs/modules.md)."""

from __future__ import annotations

import dataclasses
import math
import numbers
import re
import reprlib
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

from figures.data.jsonio import read_json
from figures.data.schema import MapOf, Number, OneOf, Record, Schema, Text, check, problems
from figures.data.text import Problem
from figures.errors import DataError, FigureDataError, ProblemsOfAFile, UnknownName, display_path
from figures.page import (
    COMFORT_PT,
    DATA_LINE_PT,
    DPI_RANGE,
    FURNITURE_PT,
    MIN_WIDTH_IN,
    SLOTS,
    Page,
    Width,
    inches,
)

BUILTIN = Path(__file__).resolve().parent / "venues.json"
FONT_RULES = ("no-type3", "type1")
#: The family of a venue's body font, which every figure drawn for it takes.
FONT_FAMILIES = ("serif", "sans-serif")
#: A venue file without a text height: the figure is at most this tall (half of 9 in).
DEFAULT_MAX_HEIGHT_IN = 4.5

#: Sensible bounds of each number, with why, checked as the file is loaded: a width of 1e-300
#: would pass "positive"; a 72 pt minimum font or a 0.5 in page built unreadable figures.
_PAGE = "a page: a figure's panels need 2 in, no page is wider than 12 in"
_RANGES = {"text_width_in": ((2, 12), _PAGE), "column_width_in": ((2, 12), _PAGE),
           "text_height_in": ((3, 16), "a page's text height: letter and A4 hold 9-10 in"),
           "min_font_pt": ((4, 12), ("a minimum figures can meet: no tick labels fit at more "
                           "than the body text's 9-12 pt")),
           "min_line_pt": ((0.01, 3), ("a minimum figures stay legible at: at 10 pt their "
                                       "printed values sat on their lines")),
           "min_raster_ppi": ((10, DPI_RANGE[1]), "a plausible page"),
           "min_cvd_delta_e": ((0.1, 100), "a plausible page"),
           "widest_in": ((2, 12), _PAGE)}
_NUMBER_FIELDS = ("text_width_in", "column_width_in", "min_font_pt", "min_line_pt",
                  "min_raster_ppi", "min_cvd_delta_e")


def _sourced(value: Schema) -> Schema:
    """A value with the source that gives it (a style file, a call for papers)."""
    return Record({"value": value,
                   "source": Text(min_length=1, max_length=300, max_lines=1, math=False)},
                  notes=False)


def _width_problems(doc: dict[str, Any]) -> list[Problem]:
    """A column is no wider than the text (a tie JSON Schema cannot say)."""
    return [(f"venues.{key}.column_width_in.value", (f"a column of {column:g} in is wider than "
                                                    f"the text ({text:g} in); swapped?"))
            for key, venue in doc["venues"].items()
            if (column := venue["column_width_in"]["value"]) > (
                text := venue["text_width_in"]["value"])]


VENUE = Record({
    # printed as the table's title: one line, printable, not blank
    "name": Text(min_length=1, max_length=100, max_lines=1, math=False),
    **{key: _sourced(Number(within=_RANGES[key][0], bounded_by=_RANGES[key][1])) for key in
       (*_NUMBER_FIELDS, "text_height_in")},
    "font_rule": _sourced(OneOf(FONT_RULES)),
    "body_font_family": _sourced(OneOf(FONT_FAMILIES)),
}, optional=("text_height_in", "body_font_family"), notes=False)

#: The shape of a venue file (built-in or a user's), in JSON Schema.
SCHEMA = Record({
    "$comment": Text(max_length=2000, math=False),
    "venues": MapOf(VENUE, min_size=1, key_pattern=r"[a-z0-9][a-z0-9_-]{0,63}",
                    key_what="a venue key: up to 64 lowercase letters, digits, - and _ "
                             "(what --venue names)"),
}, optional=("$comment",), notes=False)


@dataclass(frozen=True)
class Venue:
    key: str
    name: str
    text_width_in: float
    column_width_in: float
    min_font_pt: float
    min_line_pt: float
    min_raster_ppi: float
    min_cvd_delta_e: float
    font_rule: str
    text_height_in: float | None = None
    body_font_family: str = "serif"
    sources: tuple[tuple[str, str], ...] = ()
    #: The widest line TeX gives an include on the paper's page, when wider than the text (a
    #: full-width float over text and margin: tufte's ``figure*``); None: the text width.
    widest_in: float | None = None

    def __post_init__(self) -> None:  # by hand too: a venue file's bounds (0 in drew 0 x 0)
        for key, (bounds, why) in _RANGES.items():
            if (value := getattr(self, key)) is not None:
                check(Number(within=bounds, bounded_by=why), value, f"Venue {self.key!r}", key)

    def slot_width(self, slot: str | float) -> float:
        """The width in inches of a slot on this page (the one place a slot becomes a width)."""
        if slot in ("text", "column"):
            return self.text_width_in if slot == "text" else self.column_width_in
        return float(slot)

    @property
    def one_column(self) -> bool:
        """Its column is its text (NeurIPS, ICLR): "column" and "text" are one width there."""
        return self.column_width_in >= self.text_width_in

    @property
    def widest(self) -> float:
        """The widest a figure is drawn on this page: the text's, or a wider line TeX gives."""
        return max(self.text_width_in, self.widest_in or 0)

    def width(self, value: object, given_as: str = "slot",
              slots: tuple[str, ...] = SLOTS) -> Width:
        """``value`` as the :class:`Width` a figure is drawn at on this page: a real number of
        inches (numpy's, a Decimal) from :data:`MIN_WIDTH_IN` to :attr:`widest`, compared
        as rounded (0, NaN, True or a poster's width drew a broken figure or blamed its code).
        The refusal offers the ``slots`` the caller takes besides a width: ``figures.draw``'s
        "column" and "text", none for ``--width`` (round 28 W4)."""
        ok = ((isinstance(value, numbers.Real) and not isinstance(value, bool))
              or (isinstance(value, Decimal) and value.is_finite()))
        try:
            ok = ok and math.isfinite(value)
        except OverflowError:  # an int past a float's range (10**400)
            ok = False
        if ok and MIN_WIDTH_IN <= (width := Width(value)) <= Width(self.widest):
            return width
        shown = f"{float(value):g} in" if ok else reprlib.repr(value)
        # the bound as compared: rounded by the one width formatter (round 42, B2: 6.7516
        # printed, 6.7519 taken: both are 6.752)
        widest = f"text width ({inches(self.text_width_in)} in)" if self.widest_in is None \
            else f"widest line ({inches(self.widest)} in)"
        kind = (f" (a {type(value).__name__}: a width is a number, {value.strip()} without "
                "quotes)" if isinstance(value, str) and _a_number(value) else "")  # round 27 DR
        named = ", ".join(f'"{slot}"' for slot in slots)
        offered = f"for {named} or a width" if slots else "at a width"
        raise FigureDataError(given_as, None, (
            f"{shown}{kind}: a venue figure is drawn {offered} in inches from {inches(MIN_WIDTH_IN)} "
            f"to {self.key}'s {widest}"))

    @property
    def ppi(self) -> int:
        """The resolution of a venue build's PNG (and of its PDF's rasters)."""
        return int(max(self.min_raster_ppi, 300))

    def page(self, slot: str | float = "text") -> Page:
        """The print slot ``slot`` ("column", "text" or a width in inches) as a :class:`Page`."""
        width = self.slot_width(slot) if isinstance(slot, str) else self.width(slot)
        slot = slot if isinstance(slot, str) else (
            "text" if width > self.column_width_in else "column")
        small = max(self.min_font_pt, COMFORT_PT)
        height = self.text_height_in / 2 if self.text_height_in else DEFAULT_MAX_HEIGHT_IN
        return Page(slot=slot, width_in=width, max_height_in=height,
                    family=self.body_font_family, small_pt=small, label_pt=small + 0.5,
                    title_pt=small + 1, line_pt=max(self.min_line_pt, DATA_LINE_PT) + 0.25,
                    thin_pt=max(self.min_line_pt, FURNITURE_PT), min_font_pt=self.min_font_pt,
                    ppi=self.ppi)


def _validate(doc: Any, shown: str) -> None:
    """Every problem of the venue file at once, naming its keys, one line each."""
    found = problems(SCHEMA, doc, where="") or _width_problems(doc)
    if found:
        raise ProblemsOfAFile(shown, found) if len(found) > 1 else DataError(shown, *found[0])


def _venue(key: str, raw: dict[str, Any]) -> Venue:
    fields = {name: raw[name]["value"] for name in (*_NUMBER_FIELDS, "font_rule")}
    height = raw.get("text_height_in", {}).get("value")
    family = raw.get("body_font_family", {}).get("value", "serif")
    sources = tuple((name, raw[name]["source"]) for name in raw if name != "name")
    return Venue(key, raw["name"], text_height_in=height, body_font_family=family,
                 sources=sources, **fields)


def load_venues(user_file: Path | None = None) -> dict[str, Venue]:
    """The built-in venues, with those of ``user_file`` (validated) replacing same-named ones."""
    docs = [(BUILTIN, str(BUILTIN.name))]
    if user_file is not None:
        docs.append((Path(user_file), str(user_file)))
    venues: dict[str, Venue] = {}
    for path, shown in docs:
        doc = read_json(path, shown)
        _validate(doc, shown)
        venues.update({key: _venue(key, raw) for key, raw in doc["venues"].items()})
    return venues


def replaced_builtins(user_file: Path) -> list[str]:
    """One line per built-in venue ``user_file`` redefines with other numbers (round 49,
    from 48c W31: a lab's ``icml`` at 3.0 in built as "icml" unsaid): a same-named venue
    replaces the built-in on purpose (next year's template), so it is said, not refused."""
    builtin, shown = load_venues(), display_path(user_file)
    lines = []
    for key, venue in load_venues(user_file).items():
        if (was := builtin.get(key)) is None or dataclasses.replace(venue, sources=()) == \
                dataclasses.replace(was, sources=()):
            continue
        moved = [f"{name.removesuffix('_in').replace('_', ' ')} {getattr(venue, name)} in, "
                 f"not {getattr(was, name)} in" for name in ("text_width_in", "column_width_in",
                                                          "text_height_in")
                 if getattr(venue, name) != getattr(was, name)]
        lines.append(f"{shown}: venues.{key} replaces the built-in {key} ("
                     + ("; ".join(moved) or "its rules differ") + f"): --venue {key} builds "
                     "yours; give it another key to keep both")
    return lines


#: A page TeX reported, keyed by its text width, column width (and text height): a venue's
#: rules on it (``acm-5.95x5.95in``: the venue's own height kept, its figures' proportions
#: designed for it), or rules from the paper's body size for a class of no venue
#: (``tex10.95pt-6.5x6.5x9in``); and its widest line when wider than the text
#: (``tex10pt-4.317x4.317x8.524in-widest6.642in``: tufte's full-width ``figure*``).
_ON_PAGE = re.compile(r"(.+?)-([0-9.]+)x([0-9.]+)(?:x([0-9.]+))?in(?:-widest([0-9.]+)in)?")
_BODY = re.compile(r"tex([0-9]+(?:\.[0-9]+)?)pt")


def off_page(key: str) -> str:
    """The venue a key of :func:`on_page` names, its page aside (``ieee-5.5x5.5in``: ieee)."""
    base = _ON_PAGE.fullmatch(key)
    return base[1] if base else key


def on_page(venue: Venue, text: float, column: float, height: float | None = None,
            widest: float | None = None) -> Venue:
    """``venue``'s rules on the page TeX reports (itself when its own page is that one); a
    known venue keeps its own text height, rules from a body size take the paper's.
    ``widest``: the widest line TeX gives an include, kept when wider than the text (and
    within a page's 12 in): a class's full-width float (hostile round 23, P3)."""
    text, column = round(text, 3), round(column, 3)  # as a Width is rounded
    widest = round(widest, 3) if widest is not None and text + 0.01 < widest <= 12 else None
    body = _BODY.fullmatch(venue.key.split("-")[0])
    if not body and widest is None and abs(venue.text_width_in - text) <= 0.02 and \
            abs(venue.column_width_in - column) <= 0.02:
        return venue
    height = round(height, 3) if body and height is not None else venue.text_height_in
    page = f"{text:g}x{column:g}" + (f"x{height:g}" if body and height else "") + "in" + (
        f"-widest{widest:g}in" if widest else "")
    return dataclasses.replace(venue, key=f"{off_page(venue.key)}-{page}",
                               text_width_in=text, column_width_in=column,
                               text_height_in=height, widest_in=widest)


def of_the_paper(venue: Venue) -> bool:
    """Whether ``venue``'s rules come from a paper's own body size: no known venue, its page
    the one TeX reports (:func:`body_rules` on :func:`on_page`), no profile to change."""
    return of_the_paper_key(venue.key)


def of_the_paper_key(key: str) -> bool:
    return _BODY.fullmatch(key.split("-", maxsplit=1)[0]) is not None


def body_rules(body_pt: float) -> Venue:
    """The rules of a class of no known venue, from its own body size: type at least 70 %
    of the body (rounded down to 0.5 pt, at least 6 pt), as the venues' own are (a 10 pt
    body, 7 pt), lines 0.5 pt, 300 ppi, no Type 3 fonts; the page is set by :func:`on_page`."""
    least = max(6.0, math.floor(body_pt * 0.7 * 2) / 2)
    why = f"derived from the paper's {body_pt:g} pt body (no known venue)"
    return Venue(f"tex{body_pt:g}pt", f"a {body_pt:g} pt paper", 6.5, 6.5, least, 0.5, 300,
                 10.0, "no-type3", sources=(("min_font_pt", f"70 % of the body: {why}"),))


def refuse_page(main: Path, text: float, body: float | None, height: float | None = None
                ) -> None:
    """One line for a page TeX sets outside what the suite draws for (a poster: tikzposter's
    A0 at 25 pt; a banner or a label, text under 3 in tall: hostile round 49a, P4, where the
    schema's line named ``Venue 'tex10.95pt-7.5x7.5x2.5in'``), naming the paper's main file
    rather than a venue made for its page. A text taller than a page's 16 in is no page's
    height (standalone's, which grows to its content): the caller draws without one."""
    least = None if body is None else max(6.0, math.floor(body * 0.7 * 2) / 2)
    short = height is not None and height < _RANGES["text_height_in"][0][0]
    if 2 <= text <= 12 and (least is None or least <= 12) and not short:
        return
    said = f"its text is {inches(text)} in wide" + (f" with a {body:g} pt body" if body else "")
    if short:
        raise FigureDataError(str(main), None, f"TeX says its text is {inches(text)} in wide "
                              f"and {inches(height)} in tall: "
                              "figures are drawn for a text at least 3 in tall (the tallest "
                              "figure is half of it; a banner or a label is outside): give the "
                              "page a taller text (geometry's paperheight or margin), or build a "
                              "figure at a width with `figures build --venue V --width W NAME` "
                              "and include the file by hand")
    raise FigureDataError(str(main), None, f"TeX says {said}: figures are drawn for pages 2 "
                          "to 12 in wide with body text up to 17 pt (a poster is outside): "
                          "build a figure at a width with `figures build --venue V --width W "
                          "NAME` and include the file by hand")


def get_venue(name: str, user_file: Path | None = None, *, asked: str = "--venue",
              own: str = "add one with --venues FILE") -> Venue:
    """The venue ``name`` (a built-in, ``user_file``'s, or a page key). An unknown one is one
    line in the caller's words: ``asked`` names what was given (the CLI's ``--venue``,
    ``figures.draw``'s argument), ``own`` how to give a venue of one's own there."""
    venues = load_venues(user_file)
    page = _ON_PAGE.fullmatch(name.lower())
    base = page and (venues.get(page[1]) or (_BODY.fullmatch(page[1]) and
                                             body_rules(float(page[1][3:-2]))))
    if base:
        return on_page(base, float(page[2]), float(page[3]),
                       float(page[4]) if page[4] else None, float(page[5]) if page[5] else None)
    if name.lower() not in venues:
        raise UnknownName(f"unknown venue {name!r}; known: {', '.join(sorted(venues))} "
                          f"({own})", asked)
    return venues[name.lower()]


def _a_number(text: str) -> bool:
    """Whether ``text`` reads as a number (``"3.25"`` given where ``3.25`` goes)."""
    try:
        return math.isfinite(float(text))
    except ValueError:
        return False
