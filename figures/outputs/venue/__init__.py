"""Figures drawn for a venue's page: the page is given before a figure draws.

``figures build --venue V`` derives a :class:`figures.page.Page` from the venue's numbers
alone (``figures/preflight/venues.json`` or a user's ``--venues`` file), as tueplots derives
rcParams bundles from a venue's text width and body font: the slot's width, the tallest a
figure may be (half the text height), the body font family, font sizes from the venue's
minimum (never under 7.5 pt, so that sub- and superscripts stay at 5 pt or more) and stroke
widths. Each figure's module then draws once for that page (``render(data, page)``) with
constrained layout and makes its own print decisions: its aspect, how its panels arrange at
the column and at the text width, where its legend goes, which text moves to the caption
(``caption(data)``). Nothing here resizes, re-lays-out or recolours a drawn figure.

Slots: a module declares the slots it is designed for (``SLOTS``, its own slot first). A
two-column venue gets a file per slot: ``NAME.pdf`` for the first, ``NAME--column.pdf`` (or
``--text``) for the other; a one-column venue (column = text) gets ``NAME.pdf`` only.

Output: a vector PDF with TrueType fonts embedded (text stays text) and a PNG at the venue's
ppi. The default build is untouched: this package only runs for ``--venue`` and
:func:`figures.draw` with a venue, through :func:`draw` (the venue build kind's one way in,
:mod:`figures.outputs.kind`).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

from figures.errors import FigureDataError
from figures.page import (
    COMFORT_PT,
    DATA_LINE_PT,
    FURNITURE_PT,
    MIN_WIDTH_IN,
    SLOTS,
    Page,
    raster_too_large,
)

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from figures.preflight.venues import Venue
    from figures.registry import FigureSpec

#: A venue file without a text height: the figure is at most this tall (half of 9 in).
DEFAULT_MAX_HEIGHT_IN = 4.5
#: Between the venue's file name and the slot: ``fig1_audit_hero--column.pdf``.
SLOT_SEPARATOR = "--"


def ppi(venue: Venue) -> int:
    """The resolution of a venue build's PNG (and of its PDF's rasters)."""
    return int(max(venue.min_raster_ppi, 300))


def page(venue: Venue, slot: str | float = "text") -> Page:
    """The print slot ``slot`` ("column", "text" or a width in inches) of ``venue``, as a
    :class:`Page`: sizes in inches, fonts and strokes in points."""
    if slot == "column":
        width = venue.column_width_in
    elif slot == "text":
        width = venue.text_width_in
    else:
        width, slot = float(slot), "text" if float(slot) > venue.column_width_in else "column"
    small = max(venue.min_font_pt, COMFORT_PT)
    height = venue.text_height_in / 2 if venue.text_height_in else DEFAULT_MAX_HEIGHT_IN
    return Page(slot=slot, width_in=width, max_height_in=height,
                family=venue.body_font_family, small_pt=small, label_pt=small + 0.5,
                title_pt=small + 1, line_pt=max(venue.min_line_pt, DATA_LINE_PT) + 0.25,
                thin_pt=max(venue.min_line_pt, FURNITURE_PT), min_font_pt=venue.min_font_pt,
                ppi=ppi(venue))


def declared_slots(spec: FigureSpec) -> tuple[str, ...]:
    """The slots ``spec``'s module is designed for (``SLOTS``), its own slot first."""
    slots = getattr(spec.code(), "SLOTS", None)
    if (not isinstance(slots, tuple) or not slots
            or not all(slot in SLOTS for slot in slots) or len(set(slots)) != len(slots)):
        raise FigureDataError(spec.shown_path, "SLOTS", (
            f"is {slots!r}: a figure drawn for a venue declares the slots it is designed "
            "for, its own first: SLOTS = (\"text\",), (\"column\",) or (\"column\", \"text\")"))
    return slots


def slots_of(spec: FigureSpec, venue: Venue) -> tuple[str, ...]:
    """The slots the venue build writes for ``spec``: each declared one at a two-column
    venue; at a one-column venue (a column is the text) its own slot only."""
    slots = declared_slots(spec)
    if venue.column_width_in >= venue.text_width_in:
        return slots[:1]
    return slots


def draw(spec: FigureSpec, data: dict, venue: Venue, slot: str | float | None = None) -> Figure:
    """``spec``'s figure drawn for ``venue``'s page at ``slot`` (None: the figure's own
    slot; "column", "text", or a width in inches). The one way into the venue drawing (the
    venue build kind's, :mod:`figures.outputs.kind`); raises :class:`FigureDataError` for a
    slot the figure is not designed for or a page that makes too many pixels."""
    own = declared_slots(spec)
    slot = own[0] if slot is None else slot
    if not isinstance(slot, str):
        _check_width(slot, venue)
        smallest = getattr(spec.code(), "SMALLEST_WIDTH_IN", MIN_WIDTH_IN)
        if slot < smallest - 0.005:
            raise FigureDataError(spec.shown_path, "SMALLEST_WIDTH_IN", (
                f"{slot:g} in is narrower than {spec.name}'s smallest width, {smallest:g} in: "
                f"place it at least {smallest:g} in wide (its design holds from there to "
                f"{venue.key}'s text width, {venue.text_width_in:g} in)"))
    if isinstance(slot, str) and slot not in own:
        raise FigureDataError(spec.shown_path, "SLOTS", (
            f"{spec.name} is designed for {' and '.join(own)}, not {slot!r}: draw it for "
            f"one of those, or add {slot!r} to SLOTS and design its layout there"))
    the_page = page(venue, slot)
    fig = spec.render(data, the_page)  # a Figure: FigureSpec.render refuses anything else
    too_large = _too_many_pixels(spec, venue, fig, the_page.ppi)
    if too_large is not None:  # before anything is drawn at that size
        raise too_large
    return fig


def _check_width(slot: object, venue: Venue) -> None:
    """A slot given as a width: a number of inches, from :data:`MIN_WIDTH_IN` to the
    venue's text width (0, a negative, NaN, True or a poster's width drew an empty,
    broken or unprintable figure, or blamed the figure's code)."""
    ok = isinstance(slot, (int, float)) and not isinstance(slot, bool)
    if ok and MIN_WIDTH_IN <= slot <= venue.text_width_in + 0.01:
        return
    shown = f"{slot:g} in" if ok and math.isfinite(slot) else repr(slot)
    raise FigureDataError("slot", None, (
        f"{shown}: a venue figure is drawn for \"column\", \"text\" or a width in inches "
        f"from {MIN_WIDTH_IN:g} to {venue.key}'s text width ({venue.text_width_in:g} in)"))


def caption(spec: FigureSpec, data: dict) -> str:
    """What the figure's page versions leave to the paper's caption (titles, notes, boxes),
    from its module's ``caption(data)``; "" when it leaves nothing out."""
    offer = getattr(spec.code(), "caption", None)
    text = offer(data).strip() if callable(offer) else ""
    return text + "\n" if text else ""


def page_rc(spec: FigureSpec, venue: Venue, slot: str | float | None = None) -> dict[str, Any]:
    """The rcParams a venue figure is measured and saved in: its page's (fonts are resolved
    at save time), TrueType embedded."""
    return page(venue, declared_slots(spec)[0] if slot is None else slot).rc()


def _too_many_pixels(spec: FigureSpec, venue: Venue, fig: Figure,
                     ppi: int) -> FigureDataError | None:
    """The figure drawn for the page, at the venue's ppi, is more pixels than any output
    may be (a poster-wide page at 1200 ppi: gigapixels, gigabytes of memory)."""
    width, height = (float(v) for v in fig.get_size_inches())
    too_large = raster_too_large(width, height, ppi)
    if too_large is None:
        return None
    return FigureDataError(f"--venue {venue.key}", None, (
        f"{spec.name} drawn at {width:g} x {height:g} in and {ppi} ppi is {too_large}: lower "
        "the venue's text_width_in or min_raster_ppi"))


def slot_files(spec: FigureSpec, out_dir: Path) -> list[str]:
    """The stems of ``spec``'s other-slot files in ``out_dir`` (``NAME--column``)."""
    return sorted({f"{spec.name}{SLOT_SEPARATOR}{slot}" for slot in SLOTS
                   for fmt in ("pdf", "png")
                   if (Path(out_dir) / f"{spec.name}{SLOT_SEPARATOR}{slot}.{fmt}").is_file()})
