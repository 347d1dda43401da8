"""The preflight's rules: one :class:`Row` per figure and rule, the measured value against
the venue's limit."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from figures.page import SCRIPT_PT, inches
from figures.pdf import pdf_fonts
from figures.preflight.files import png_size
from figures.preflight.legibility import Legibility
from figures.preflight.measure import RasterLayout, Stroke, TextItem
from figures.venues import Venue

RULES = ("fonts", "text", "script", "lines", "raster", "cvd", "greyscale", "size", "layout",
         "contrast", "ink", "stamp")
#: Sub- and superscripts (log-axis exponents too) print at least this large, the rule the
#: page designs to: LaTeX never sets math under 5 pt (fontmath.ltx), nor does Nature.
MIN_SCRIPT_PT = SCRIPT_PT
#: WCAG AA contrast of text against what is behind it.
MIN_CONTRAST = 4.5
#: A figure is at most this share of the venue's text height (two fit on a page).
MAX_HEIGHT_SHARE = 0.5
#: Texts of different artists closer than this at print size read as one run of text.
MIN_TEXT_GAP_PT = 1.0
#: A text reaching this far past the saved area is cut.
CUT_SLACK_PT = 0.5
#: A text reaching more than this share of a pixel past a raster's saved area (as it lays it
#: out: hinted, at its dpi) loses ink there: a y label 0.4 pt past a PNG's top edge, inside
#: CUT_SLACK_PT, lost the top of its last letter (hostile round 42b, B34).
RASTER_CUT_SLACK_PX = 0.5


@dataclass(frozen=True)
class Row:
    figure: str
    rule: str
    value: str
    limit: str
    ok: bool
    detail: str = ""


def font_row(name: str, path: Path, venue: Venue) -> Row:
    fonts = pdf_fonts(path)
    type3 = [f for f in fonts if f.subtype == "Type3"]
    missing = [f for f in fonts if not f.embedded]
    if venue.font_rule == "type1":
        bad = [f for f in fonts if not f.subtype.startswith("Type1") or not f.embedded]
        limit = "all Type 1, embedded"
    else:
        bad = type3 + [f for f in missing if f not in type3]
        limit = "no Type 3, all embedded"
    kinds = sorted({f.subtype for f in fonts})
    value = f"{len(fonts)} font(s): {', '.join(kinds) or 'none'}"
    detail = f"{path.name}"
    if bad:
        shown = ", ".join(f"{f.name} ({f.subtype}{'' if f.embedded else ', not embedded'})"
                          for f in bad[:3])
        more = f" and {len(bad) - 3} more" if len(bad) > 3 else ""
        advice = ("matplotlib embeds Type 1 fonts only through LaTeX (text.usetex); ask the "
                  "venue whether embedded TrueType is accepted" if venue.font_rule == "type1"
                  else "`figures build --camera-ready` embeds TrueType")
        detail = f"{path.name}: {shown}{more}; {advice}"
    return Row(name, "fonts", value, limit, not bad, detail)


def text_row(name: str, texts: Sequence[TextItem], scale: float, venue: Venue) -> Row:
    limit = f">= {venue.min_font_pt:g} pt"
    if not texts:
        return Row(name, "text", "no text", limit, True)
    smallest = min(texts, key=lambda t: t.size_pt)
    printed = smallest.size_pt * scale
    below = [t for t in texts if t.size_pt * scale < venue.min_font_pt - 1e-9]
    detail = (f"{_shown(smallest.text)!r}, {smallest.kind}, from {smallest.source}: "
              f"{smallest.size_pt:g} pt drawn x {scale:.2f}")
    if below:
        detail += f"; {len(below)} of {len(texts)} texts below {venue.min_font_pt:g} pt"
    return Row(name, "text", f"{printed:.1f} pt", limit, not below, detail)


def line_row(name: str, strokes: Sequence[Stroke], scale: float, venue: Venue) -> Row:
    limit = f">= {venue.min_line_pt:g} pt"
    if not strokes:
        return Row(name, "lines", "no lines", limit, True)
    thinnest = min(strokes, key=lambda s: s.width_pt)
    below = [s for s in strokes if s.width_pt * scale < venue.min_line_pt - 1e-9]
    detail = f"{thinnest.what}: {thinnest.width_pt:g} pt drawn x {scale:.2f}"
    if below:
        kinds = sorted({s.what.split(" (")[0] for s in below})
        detail += f"; below the limit: {', '.join(kinds[:4])}{' ...' if len(kinds) > 4 else ''}"
    return Row(name, "lines", f"{thinnest.width_pt * scale:.2f} pt", limit, not below, detail)


def raster_row(name: str, path: Path, print_width: float, venue: Venue) -> Row:
    width_px, height_px = png_size(path)
    ppi = width_px / print_width
    return Row(name, "raster", f"{ppi:.0f} ppi", f">= {venue.min_raster_ppi:g} ppi",
               ppi >= venue.min_raster_ppi,
               f"{path.name}: {width_px} x {height_px} px at {inches(print_width)} in")


def cvd_row(name: str, panels: dict[str, list[str]], venue: Venue) -> tuple[Row, list[str]]:
    from figures.preflight.cvd import DEFICIENCIES, closest_pair

    limit = f"dE >= {venue.min_cvd_delta_e:g}"
    most = max((len(c) for c in panels.values()), default=0)
    if most < 2:
        return Row(name, "cvd", f"{most} series colour(s) per panel", limit, True), []

    def worst(deficiency: str) -> tuple[str, Any]:
        return min(((panel, closest_pair(colors, deficiency))
                    for panel, colors in panels.items() if len(colors) > 1),
                   key=lambda item: item[1].delta_e)

    pairs = [worst(d) for d in DEFICIENCIES]
    failing = [p.deficiency for _, p in pairs if p.delta_e < venue.min_cvd_delta_e]
    _, lowest = min(pairs, key=lambda item: item[1].delta_e)
    parts = [f"{p.deficiency} {p.first}/{p.second} {p.delta_e:.1f} ({panel})"
             for panel, p in pairs]
    normal_panel, normal = worst("normal")
    detail = f"{'; '.join(parts)}; normal vision {normal.delta_e:.1f} ({normal_panel})"
    return (Row(name, "cvd", f"dE {lowest.delta_e:.1f} ({lowest.deficiency})", limit,
                not failing, detail), failing)


def size_row(name: str, printed_in: str | float, saved: tuple[float, float],
             venue: Venue) -> Row:
    """The figure at its print slot (``printed_in``: "text", "column" or a width)."""
    width, height = saved
    slot = venue.slot_width(printed_in)
    scale = min(1.0, slot / width)
    printed_h = height * scale
    tallest = None if venue.text_height_in is None else venue.text_height_in * MAX_HEIGHT_SHARE
    # a build's height is rounded to a thousandth of an inch: half of LNI's 7.155 in text
    # height built 3.578 in tall (hostile round 50a, P39)
    too_tall = tallest is not None and printed_h > tallest + 0.0005 + 1e-6
    slot_name = printed_in if isinstance(printed_in, str) else "custom"
    limit = f"<= {inches(slot)} in ({slot_name})"  # one rounding, the build's (round 40, W5)
    detail = f"saved {inches(width)} x {inches(height)} in, aspect h/w {height / width:.2f}"
    if scale < 1:
        detail += (f"; scaled down to {scale:.2f} x: prints {inches(slot)} x "
                   f"{inches(printed_h)} in")
    if too_tall:
        detail += (f"; prints {inches(printed_h)} in tall, more than half the text height "
                   f"({inches(tallest)} in)")
    return Row(name, "size", f"{inches(width)} in wide", limit, scale == 1 and not too_tall,
               detail)


def layout_row(name: str, texts: Sequence[TextItem], scale: float,
               saved_box: tuple[float, float, float, float],
               covering_legends: Sequence[tuple[str, int]] = (),
               rasters: Sequence[RasterLayout] = ()) -> Row:
    """Texts of different artists closer than MIN_TEXT_GAP_PT at print size, texts cut by the
    saved area (the PDF's, and each raster's as it lays its texts out), and legends drawn over
    data points of their panel."""
    placed = [t for t in texts if t.box is not None]
    problems: list[tuple[float, str]] = []
    for i, first in enumerate(placed):
        for second in placed[i + 1:]:
            if first.artist == second.artist:
                continue
            gap = _gap_pt(first.box, second.box) * scale
            if gap < MIN_TEXT_GAP_PT:
                how = "overlaps" if gap <= 0 else f"is {gap:.1f} pt from"
                what = f"{first.text!r} ({first.kind}) {how} {second.text!r} ({second.kind})"
                problems.append((gap, what))
    cut = _cut(placed, saved_box, CUT_SLACK_PT / 72)
    problems += [(-1e9, f"{item.text!r} ({item.kind}) is cut by the saved area")
                 for item in cut]
    for layout in rasters:  # hinted at its dpi: a text inside the PDF may not be in the PNG
        known = {(item.text, item.kind) for item in cut}
        for item in _cut([t for t in layout.texts if t.box is not None], layout.saved_box,
                         RASTER_CUT_SLACK_PX / layout.dpi):
            if (item.text, item.kind) not in known:
                past = _past(item.box, layout.saved_box)
                what = (f"{item.text!r} ({item.kind}) is cut by the saved area of the "
                        f"{layout.fmt.upper()} ({past:.1f} pt past its edge)")
                problems.append((-1e9, what))
    for where, count in covering_legends:  # measure.covering_legends
        problems.append((0.0, f"the legend of {where} covers {count} data point(s)"))
    limit = f">= {MIN_TEXT_GAP_PT:g} pt apart, inside"
    if not problems:
        return Row(name, "layout", f"{len(placed)} texts clear", limit, True)
    problems.sort(key=lambda p: p[0])
    worst = problems[0][1]
    more = f"; and {len(problems) - 1} more" if len(problems) > 1 else ""
    return Row(name, "layout", f"{len(problems)} collision(s)", limit, False, worst + more)


def _cut(texts: Sequence[TextItem], saved_box: tuple[float, float, float, float],
         slack: float) -> list[TextItem]:
    """The texts reaching more than ``slack`` (inches) past ``saved_box``."""
    return [item for item in texts if _past(item.box, saved_box) > slack * 72]


def _past(box: tuple[float, float, float, float],
          saved_box: tuple[float, float, float, float]) -> float:
    """How far ``box`` reaches past ``saved_box`` at its farthest side, in points (<= 0:
    inside)."""
    x0, y0, x1, y1 = saved_box
    return max(x0 - box[0], y0 - box[1], box[2] - x1, box[3] - y1) * 72


def _gap_pt(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    """The distance between two boxes (inches) in points; negative when they overlap."""
    dx = max(b[0] - a[2], a[0] - b[2])
    dy = max(b[1] - a[3], a[1] - b[3])
    if dx < 0 and dy < 0:
        return max(dx, dy) * 72
    return (max(dx, 0) ** 2 + max(dy, 0) ** 2) ** 0.5 * 72


def _shown(text: str) -> str:
    text = text.replace("\n", " ")
    return text if len(text) <= 40 else text[:37] + "..."


def script_row(name: str, seen: Legibility, scale: float) -> Row:
    """The smallest glyph as printed: a mathtext sub- or superscript (a log axis's
    exponents) prints at 0.7 of its text's size per level, which the text rule cannot see."""
    limit = f">= {MIN_SCRIPT_PT:g} pt"
    scripts = [(text, kind, pt * scale) for text, kind, pt in seen.scripts]
    if not scripts:
        return Row(name, "script", "no scripts", limit, True)
    text, kind, smallest = min(scripts, key=lambda s: s[2])
    below = [s for s in scripts if s[2] < MIN_SCRIPT_PT - 1e-9]
    detail = f"{_shown(text)!r} ({kind}): smallest glyph {smallest:.2f} pt as printed"
    if below:
        detail += f"; {len(below)} text(s) with glyphs under {MIN_SCRIPT_PT:g} pt"
    return Row(name, "script", f"{smallest:.1f} pt", limit, not below, detail)


def contrast_row(name: str, seen: Legibility) -> Row:
    limit = f">= {MIN_CONTRAST:g}:1"
    if not seen.contrasts:
        return Row(name, "contrast", "no text", limit, True)
    text, worst = min(seen.contrasts, key=lambda c: c[1])
    below = [c for c in seen.contrasts if c[1] < MIN_CONTRAST]
    detail = f"{_shown(text)!r} at {worst:.1f}:1 against what is behind it"
    if below:
        detail += f"; {len(below)} text(s) under {MIN_CONTRAST:g}:1"
    return Row(name, "contrast", f"{worst:.1f}:1", limit, not below, detail)


def ink_row(name: str, seen: Legibility) -> Row:
    limit = "no text over data"
    if not seen.over_ink:
        return Row(name, "ink", "clear", limit, True)
    text, count = max(seen.over_ink, key=lambda c: c[1])
    more = f"; and {len(seen.over_ink) - 1} more" if len(seen.over_ink) > 1 else ""
    return Row(name, "ink", f"{len(seen.over_ink)} text(s) over data", limit, False,
               f"{_shown(text)!r} lies over {count} data point(s){more}")


def greyscale_row(name: str, seen: Legibility) -> Row:
    limit = "series apart without colour"
    if not seen.grey_pairs:
        return Row(name, "greyscale", "apart", limit, True)
    panel, first, second = seen.grey_pairs[0]
    more = f"; and {len(seen.grey_pairs) - 1} more" if len(seen.grey_pairs) > 1 else ""
    return Row(name, "greyscale", f"{len(seen.grey_pairs)} pair(s) alike", limit, False,
               f"{first!r} and {second!r} ({panel}): the same line style and marker (or "
               f"hatch) and greys within L* 12: one series in a greyscale print{more}")


def stamp_row(name: str, seen: Legibility, scale: float, venue: Venue) -> Row:
    """The synthetic-data stamp: outside every panel and at least the venue's minimum."""
    limit = f"outside the panels, >= {venue.min_font_pt:g} pt"
    if seen.stamp is None:
        return Row(name, "stamp", "no stamp", limit, True)
    size, over = seen.stamp
    printed = size * scale
    problems = [what for what, bad in (("over a panel", over),
                                       (f"{printed:.1f} pt", printed < venue.min_font_pt))
                if bad]
    value = "; ".join(problems) or f"{printed:.1f} pt, outside"
    return Row(name, "stamp", value, limit, not problems,
               "the 'synthetic example data' stamp" + (f": {value}" if problems else ""))
