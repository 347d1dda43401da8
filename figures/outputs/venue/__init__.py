"""Figures for a venue's page: one print layout per figure, parameterised by the venue.

``figures build --venue V`` draws each figure as ``render`` draws it, then lays it out for
the page it is printed on, from the venue's numbers alone (``figures/preflight/venues.json``
or a user's ``--venues`` file), as tueplots derives rcParams from a venue's text width and
body font:

- **size**: the figure's slot width (text or column, ``FigureSpec.slot``) by a height from
  :data:`ASPECT` (the figure's own proportions, made taller where panels would be too flat to
  read at print size); saved at exactly that size (no tight bounding box), so it prints at
  100 %;
- **text**: every text at least the venue's minimum, sized from it: tick labels, legends and
  notes at :func:`page`'s ``small_pt``, axis labels at ``label_pt``, titles at ``title_pt``;
- **strokes**: every line, edge, tick and grid line at least the venue's minimum width;
- **colour**: each method one colour in every figure (:data:`METHOD_COLORS`, from the
  Okabe–Ito palette: every pair stays apart under the three simulated colour-vision
  deficiencies, ΔE ≥ 13), the other series colours mapped to the rest of the palette;
- **layout**: matplotlib's constrained layout, re-run at the print size and fonts; the
  panels' legends become one legend above them; a row of three or more panels on a page
  narrower than 6 in becomes a grid two panels wide; titles longer than a panel wrap; long
  category labels turn upright; a note that runs into a label moves off it; figure-level
  titles and hand-placed caption boxes are left to the paper's caption. Then
  :func:`.settle.settle` widens the padding, moves notes and wraps titles until no text touches
  another or the page's edge (the preflight's layout rule).

Output: a vector PDF with TrueType fonts embedded (``pdf.fonttype`` 42, text stays text) and a
PNG at the venue's ppi, for every figure. The default build is untouched: this package only
runs for ``--venue``. Its modules: this one (the page and the spec), ``palette.py`` (the
colours), ``layout.py`` (the passes), ``settle.py`` (the last pass).
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
from figures.registry import FigureSpec, Output

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from figures.preflight.venues import Venue

#: What a venue build saves: a vector PDF (TrueType, text as text) and a PNG.
VENUE_RC = {"pdf.fonttype": 42, "ps.fonttype": 42}
#: Height over width of each figure at print size (its panels' layout decides it).
ASPECT = {
    "fig1_audit_hero": 0.50, "fig3b_crossarch_3row": 0.95, "figure_snapshot_resmlp": 0.80,
    "figure_snapshot_vit": 0.42, "fig4_penalty_rescue": 0.72, "cifar_accuracy": 0.42,
    "cifar_diagnostics": 0.40, "cifar_feature_drift": 0.60, "cifar_state_vs_credit": 0.48,
    "cifar_summary": 0.60,
}
DEFAULT_ASPECT = 0.6
def page(venue: Venue, spec: FigureSpec) -> dict[str, float]:
    """The print geometry of ``spec`` at ``venue``, as a plain dict (tueplots' way): sizes
    in inches, fonts and strokes in points."""
    width = venue.column_width_in if spec.slot == "column" else (
        venue.text_width_in if spec.slot == "text" else float(spec.slot))
    small = max(venue.min_font_pt + 0.5, 7.0)
    return {
        "width_in": width,
        "height_in": round(width * ASPECT.get(spec.name, DEFAULT_ASPECT), 3),
        "small_pt": small,
        "label_pt": small + 1,
        "title_pt": small + 1,
        "line_pt": max(venue.min_line_pt, 0.5) + 0.25,
        "thin_pt": max(venue.min_line_pt, 0.5),
        "ppi": max(venue.min_raster_ppi, 300),
    }

@dataclass(frozen=True)
class VenueSpec(FigureSpec):
    """A registered figure drawn for a venue's page: the same name, data and code, its own
    outputs (PDF and PNG at the venue's ppi) and a render that lays it out for the page."""

    venue: Venue | None = None

    @classmethod
    def of(cls, spec: FigureSpec, venue: Venue) -> VenueSpec:
        ppi = int(page(venue, spec)["ppi"])
        fields = {f.name: getattr(spec, f.name) for f in dataclasses.fields(FigureSpec)}
        fields["outputs"] = (Output("pdf", ppi, None), Output("png", ppi, None))
        return cls(**fields, venue=venue)

    @property
    def variant(self) -> str:
        return f"venue:{self.venue.key}" if self.venue else "default"

    @property
    def variant_key(self) -> str:
        """The venue's numbers and this package's code: what the venue layout depends on."""
        numbers = json.dumps(dataclasses.asdict(self.venue), sort_keys=True, default=str)
        code = b"".join(path.read_bytes() for path in sorted(Path(__file__).parent.glob("*.py")))
        return hashlib.sha256(numbers.encode() + code).hexdigest()

    @property
    def render(self) -> Callable[[dict[str, Any]], Figure]:
        base = super().render
        geometry = page(self.venue, self)

        def render(data: dict[str, Any]) -> Figure:
            from figures.outputs.venue.layout import lay_out
            from figures.style import theme

            fig = base(data)
            with theme(base.rc):
                lay_out(fig, geometry)
            too_large = _too_many_pixels(self, fig, int(geometry["ppi"]))
            if too_large is not None:  # before anything is drawn at that size
                raise too_large
            return fig

        render.rc = {**base.rc, **VENUE_RC}
        return render

def _too_many_pixels(spec: VenueSpec, fig: Figure, ppi: int) -> FigureDataError | None:
    """The figure as laid out for the page, at the venue's ppi, is more pixels than any
    output may be (a poster-wide page at 1200 ppi: gigapixels, gigabytes of memory)."""
    from figures.author_code import MAX_PIXELS

    width, height = (float(v) for v in fig.get_size_inches())
    if width * height * ppi ** 2 <= MAX_PIXELS:
        return None
    return FigureDataError(f"--venue {spec.venue.key}", None, (
        f"{spec.name} laid out at {width:g} x {height:g} in and {ppi} ppi is "
        f"{width * ppi:.0f} x {height * ppi:.0f} px, more than {MAX_PIXELS // 10**6} "
        "megapixels: lower the venue's text_width_in or min_raster_ppi"))


def for_variant(spec: FigureSpec, variant: str, venues_file: Path | None = None) -> FigureSpec:
    """The spec that built a file of ``variant`` (``venue:icml``: the figure laid out for
    ICML); the registered spec for the default and camera-ready builds."""
    if not variant.startswith("venue:"):
        return spec
    from figures.preflight.venues import get_venue

    return VenueSpec.of(spec, get_venue(variant.removeprefix("venue:"), venues_file))


def as_built(spec: FigureSpec, out_dir: Path, venues_file: Path | None = None) -> FigureSpec:
    """The spec of the build in ``out_dir`` (read from the provenance inside its files)."""
    from figures.outputs.provenance import read

    for fmt in ("pdf", "png"):
        try:
            inside = read(Path(out_dir) / f"{spec.name}.{fmt}")
        except Exception:  # noqa: BLE001 - missing or damaged: the preflight says so
            inside = None
        if inside is not None and inside["figure"] == spec.name:
            return for_variant(spec, inside["variant"], venues_file)
    return spec

