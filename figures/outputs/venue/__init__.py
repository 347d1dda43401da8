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
runs for ``--venue``, through :func:`draw` (the one way in, used by the build kind of
:mod:`figures.outputs.kind`). Its modules: this one (the page and :func:`draw`), ``palette.py`` (the
colours), ``layout.py`` (the passes), ``settle.py`` (the last pass).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from figures.errors import FigureDataError

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from figures.preflight.venues import Venue
    from figures.registry import FigureSpec

#: Height over width of each figure at print size (its panels' layout decides it).
ASPECT = {
    "fig1_audit_hero": 0.50, "fig3b_crossarch_3row": 0.95, "figure_snapshot_resmlp": 0.80,
    "figure_snapshot_vit": 0.42, "fig4_penalty_rescue": 0.72, "cifar_accuracy": 0.42,
    "cifar_diagnostics": 0.40, "cifar_feature_drift": 0.60, "cifar_state_vs_credit": 0.48,
    "cifar_summary": 0.60,
}
DEFAULT_ASPECT = 0.6


def page(venue: Venue, spec: FigureSpec, slot: str | float | None = None) -> dict[str, float]:
    """The print geometry of ``spec`` at ``venue`` in ``slot`` (None: the spec's own), as a
    plain dict (tueplots' way): sizes in inches, fonts and strokes in points."""
    width = venue.slot_width(spec.slot if slot is None else slot)
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


def ppi(venue: Venue) -> int:
    """The resolution of a venue build's PNG (and of its PDF's rasters)."""
    return int(max(venue.min_raster_ppi, 300))


def draw(spec: FigureSpec, data: dict[str, Any], venue: Venue,
         slot: str | float | None = None) -> Figure:
    """``spec``'s figure drawn from ``data`` and laid out for ``venue``'s page in ``slot``
    (None: the spec's own slot; ``"column"``, ``"text"`` or a width in inches). The one way
    into this package: raises :class:`FigureDataError` for a page that makes too many pixels."""
    from figures.outputs.render import draw as render_figure
    from figures.outputs.venue.layout import lay_out
    from figures.outputs.venue.settle import settle
    from figures.style import theme

    geometry = page(venue, spec, slot)
    fig = render_figure(spec, data)
    with theme(spec.render.rc):
        lay_out(fig, geometry)
        settle(fig, geometry)  # the last pass: no text touches another or the page's edge
    too_large = _too_many_pixels(spec, venue, fig, int(geometry["ppi"]))
    if too_large is not None:  # before anything is drawn at that size
        raise too_large
    return fig


def _too_many_pixels(spec: FigureSpec, venue: Venue, fig: Figure,
                     ppi: int) -> FigureDataError | None:
    """The figure as laid out for the page, at the venue's ppi, is more pixels than any
    output may be (a poster-wide page at 1200 ppi: gigapixels, gigabytes of memory)."""
    from figures.author_code import MAX_PIXELS

    width, height = (float(v) for v in fig.get_size_inches())
    if width * height * ppi ** 2 <= MAX_PIXELS:
        return None
    return FigureDataError(f"--venue {venue.key}", None, (
        f"{spec.name} laid out at {width:g} x {height:g} in and {ppi} ppi is "
        f"{width * ppi:.0f} x {height * ppi:.0f} px, more than {MAX_PIXELS // 10**6} "
        "megapixels: lower the venue's text_width_in or min_raster_ppi"))
