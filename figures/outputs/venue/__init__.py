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
:func:`figures.draw` with a venue.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from figures.errors import FigureDataError
from figures.page import COMFORT_PT, DATA_LINE_PT, FURNITURE_PT, SLOTS, Page
from figures.registry import FigureSpec, Output

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from figures.preflight.venues import Venue

#: What a venue build saves: a vector PDF (TrueType, text as text) and a PNG.
VENUE_RC = {"pdf.fonttype": 42, "ps.fonttype": 42}
#: A venue file without a text height: the figure is at most this tall (half of 9 in).
DEFAULT_MAX_HEIGHT_IN = 4.5
#: Between the venue's file name and the slot: ``fig1_audit_hero--column.pdf``.
SLOT_SEPARATOR = "--"


def page(venue: Venue, slot: str = "text") -> Page:
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
                ppi=int(max(venue.min_raster_ppi, 300)))


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
    slot; "column", "text", or a width in inches). The one way into the venue drawing."""
    from figures.outputs.render import draw as draw_default

    own = declared_slots(spec)
    slot = own[0] if slot is None else slot
    if isinstance(slot, str) and slot not in own:
        raise FigureDataError(spec.shown_path, "SLOTS", (
            f"{spec.name} is designed for {' and '.join(own)}, not {slot!r}: draw it for "
            f"one of those, or add {slot!r} to SLOTS and design its layout there"))
    the_page = page(venue, slot)
    fig = draw_default(spec, data, the_page)
    too_large = _too_many_pixels(spec, venue, fig, the_page.ppi)
    if too_large is not None:  # before anything is drawn at that size
        raise too_large
    return fig


def caption(spec: FigureSpec, data: dict) -> str:
    """What the figure's page versions leave to the paper's caption (titles, notes, boxes),
    from its module's ``caption(data)``; "" when it leaves nothing out."""
    offer = getattr(spec.code(), "caption", None)
    return offer(data).strip() + "\n" if callable(offer) and offer(data).strip() else ""


def save_rc(spec: FigureSpec, venue: Venue, slot: str | None = None) -> dict[str, Any]:
    """The rcParams a venue figure is saved in (its page's: fonts resolve at save time)."""
    return {**page(venue, slot or declared_slots(spec)[0]).rc(), **VENUE_RC}


@dataclass(frozen=True)
class VenueSpec(FigureSpec):
    """A registered figure drawn for a venue's page at one slot: the same name, data and
    code, its own outputs (PDF and PNG at the venue's ppi, named by the slot when it is not
    the figure's own) and a render that draws it for the page."""

    venue: Venue | None = None
    #: The slot drawn; None: the figure's own (the first it declares).
    page_slot: str | None = None

    @classmethod
    def of(cls, spec: FigureSpec, venue: Venue, slot: str | None = None) -> VenueSpec:
        ppi = page(venue, "text").ppi
        fields = {f.name: getattr(spec, f.name) for f in dataclasses.fields(FigureSpec)}
        fields["outputs"] = (Output("pdf", ppi, None), Output("png", ppi, None))
        if slot is not None:
            fields["slot"] = slot
        return cls(**fields, venue=venue, page_slot=slot)

    @classmethod
    def each_slot(cls, spec: FigureSpec, venue: Venue) -> list[VenueSpec]:
        """One spec per slot the venue build writes for ``spec`` (its own first)."""
        try:
            slots = slots_of(spec, venue)
        except FigureDataError:  # no SLOTS: drawing it says so, for this figure only
            return [cls.of(spec, venue)]
        return [cls.of(spec, venue, slot if i else None) for i, slot in enumerate(slots)]

    def side_files(self, data: dict[str, Any]) -> dict[str, str]:
        """``NAME.caption.txt``: what the page versions leave to the caption (once, beside
        the figure's own slot)."""
        text = caption(self, data) if self.page_slot is None else ""
        return {f"{self.name}.caption.txt": text} if text else {}

    @property
    def stem(self) -> str:
        """The built files' name: ``NAME`` for the figure's own slot, ``NAME--column``."""
        return self.name if self.page_slot is None else \
            f"{self.name}{SLOT_SEPARATOR}{self.page_slot}"

    def output_names(self) -> list[str]:
        return [f"{self.stem}.{out.fmt}" for out in self.outputs]

    @property
    def variant(self) -> str:
        slot = "" if self.page_slot is None else f":{self.page_slot}"
        return f"venue:{self.venue.key}{slot}" if self.venue else "default"

    @property
    def variant_key(self) -> str:
        """The venue's numbers, the slot, this package's code and the page's: what the
        venue drawing depends on besides the figure's own module."""
        numbers = json.dumps([dataclasses.asdict(self.venue), self.page_slot], sort_keys=True,
                             default=str)
        here = Path(__file__).parent
        code = b"".join(path.read_bytes() for path in
                        [*sorted(here.glob("*.py")), here.parent.parent / "page.py"])
        return hashlib.sha256(numbers.encode() + code).hexdigest()

    @property
    def render(self) -> Callable[[dict[str, Any]], Figure]:
        base, venue, slot = super().render, self.venue, self.page_slot

        def render(data: dict[str, Any]) -> Figure:
            # the registered figure's code, at a dpi the author's size check passes: the
            # venue's ppi is checked by draw, with a line that names the venue's numbers
            registered = FigureSpec(self.name, (Output("pdf", 72, None),), self.seed_script)
            return draw(registered, data, venue, slot)

        render.rc = {**base.rc, **save_rc(self, venue, slot)}
        return render


def _too_many_pixels(spec: FigureSpec, venue: Venue, fig: Figure,
                     ppi: int) -> FigureDataError | None:
    """The figure drawn for the page, at the venue's ppi, is more pixels than any output
    may be (a poster-wide page at 1200 ppi: gigapixels, gigabytes of memory)."""
    from figures.author_code import MAX_PIXELS

    width, height = (float(v) for v in fig.get_size_inches())
    if width * height * ppi ** 2 <= MAX_PIXELS:
        return None
    return FigureDataError(f"--venue {venue.key}", None, (
        f"{spec.name} drawn at {width:g} x {height:g} in and {ppi} ppi is "
        f"{width * ppi:.0f} x {height * ppi:.0f} px, more than {MAX_PIXELS // 10**6} "
        "megapixels: lower the venue's text_width_in or min_raster_ppi"))


def parse_variant(variant: str) -> tuple[str, str | None] | None:
    """``venue:icml`` -> ("icml", None), ``venue:icml:column`` -> ("icml", "column");
    None for the default and camera-ready builds."""
    if not variant.startswith("venue:"):
        return None
    key, _, slot = variant.removeprefix("venue:").partition(":")
    return key, slot or None


def for_variant(spec: FigureSpec, variant: str, venues_file: Path | None = None) -> FigureSpec:
    """The spec that built a file of ``variant`` (``venue:icml``: the figure drawn for
    ICML's page); the registered spec for the default and camera-ready builds."""
    parsed = parse_variant(variant)
    if parsed is None:
        return spec
    from figures.preflight.venues import get_venue

    key, slot = parsed
    return VenueSpec.of(spec, get_venue(key, venues_file), slot)


def as_built(spec: FigureSpec, out_dir: Path, venues_file: Path | None = None,
             stem: str | None = None) -> FigureSpec:
    """The spec of the build in ``out_dir`` (read from the provenance inside its files
    ``stem``.pdf or .png; the figure's own name by default)."""
    from figures.outputs.provenance import read

    for fmt in ("pdf", "png"):
        try:
            inside = read(Path(out_dir) / f"{stem or spec.name}.{fmt}")
        except Exception:  # noqa: BLE001 - missing or damaged: the preflight says so
            inside = None
        if inside is not None and inside["figure"] == spec.name:
            return for_variant(spec, inside["variant"], venues_file)
    return spec


def slot_files(spec: FigureSpec, out_dir: Path) -> list[str]:
    """The stems of ``spec``'s other-slot files in ``out_dir`` (``NAME--column``)."""
    return sorted({f"{spec.name}{SLOT_SEPARATOR}{slot}" for slot in SLOTS
                   for fmt in ("pdf", "png")
                   if (Path(out_dir) / f"{spec.name}{SLOT_SEPARATOR}{slot}.{fmt}").is_file()})
