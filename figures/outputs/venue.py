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
  :func:`_settle` widens the padding, moves notes and wraps titles until no text touches
  another or the page's edge (the preflight's layout rule).

Output: a vector PDF with TrueType fonts embedded (``pdf.fonttype`` 42, text stays text) and a
PNG at the venue's ppi, for every figure. The default build is untouched: this module only
runs for ``--venue``.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
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

#: Okabe & Ito (2008), "Color Universal Design": the palette of this module.
OKABE_ITO = {"blue": "#0072B2", "bluish green": "#009E73", "vermillion": "#D55E00",
             "sky blue": "#56B4E9", "reddish purple": "#CC79A7", "orange": "#E69F00",
             "yellow": "#F0E442"}
#: Each method's colour in every venue figure.
METHOD_COLORS = {"BP": OKABE_ITO["blue"], "FA": OKABE_ITO["bluish green"],
                 "DFA": OKABE_ITO["vermillion"], "State Bridge": OKABE_ITO["sky blue"],
                 "Credit Bridge": OKABE_ITO["reddish purple"]}
#: The default figures' series colours (style.PAPER_COLORS, the CIFAR and snapshot report
#: colours, fig4's conditions) and what each becomes: a method's colour where the series is
#: a method, else a palette colour not used for methods.
RECOLOR = {
    # paper figures: BP, FA, DFA
    "#2166ac": METHOD_COLORS["BP"], "#e08214": METHOD_COLORS["FA"],
    "#b2182b": METHOD_COLORS["DFA"],
    # CIFAR report: BP, DFA, state bridge, credit bridge
    "#f44336": METHOD_COLORS["BP"], "#2196f3": METHOD_COLORS["DFA"],
    "#ff9800": METHOD_COLORS["State Bridge"], "#4caf50": METHOD_COLORS["Credit Bridge"],
    # snapshot report: "b" BP, "r" DFA
    "#0000ff": METHOD_COLORS["BP"], "#ff0000": METHOD_COLORS["DFA"],
    # fig4: vanilla DFA (C3), penalized DFA (C2); cos/rho and no/with penalty bars
    "#d62728": METHOD_COLORS["DFA"], "#2ca02c": OKABE_ITO["sky blue"],
    "#4682b4": OKABE_ITO["blue"], "#7da76f": OKABE_ITO["orange"],
    "#cc4444": OKABE_ITO["vermillion"],
    # the state-vs-credit error curves (matplotlib's cycle, one per seed)
    "#1f77b4": OKABE_ITO["blue"], "#ff7f0e": OKABE_ITO["orange"],
}
#: Height over width of each figure at print size (its panels' layout decides it).
ASPECT = {
    "fig1_audit_hero": 0.50, "fig3b_crossarch_3row": 0.95, "figure_snapshot_resmlp": 0.80,
    "figure_snapshot_vit": 0.42, "fig4_penalty_rescue": 0.72, "cifar_accuracy": 0.42,
    "cifar_diagnostics": 0.40, "cifar_feature_drift": 0.60, "cifar_state_vs_credit": 0.48,
    "cifar_summary": 0.60,
}
DEFAULT_ASPECT = 0.6
#: Titles wrap at about this many characters per inch of panel width at title size.
CHARS_PER_INCH_AT_8PT = 13.0
#: Constrained layout's padding around each panel, in points, before :func:`_settle`.
PAD_PT = 3.0
#: Pages narrower than this get a row of three panels as a grid two wide.
REFLOW_BELOW_IN = 6.0
#: Each row of a re-flowed grid, as a fraction of the single row's height.
REFLOW_ROW_HEIGHT = 1.1
MAX_PAD_PT = 15.0
#: Texts of different panels kept this far apart (the preflight's layout rule asks 1 pt).
CLEAR_PT = 1.5


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
        """The venue's numbers and this module: what the venue layout depends on."""
        numbers = json.dumps(dataclasses.asdict(self.venue), sort_keys=True, default=str)
        code = Path(__file__).read_bytes()
        return hashlib.sha256(numbers.encode() + code).hexdigest()

    @property
    def render(self) -> Callable[[dict[str, Any]], Figure]:
        base = super().render
        geometry = page(self.venue, self)

        def render(data: dict[str, Any]) -> Figure:
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


def lay_out(fig: Figure, geometry: dict[str, float]) -> None:
    """Resize ``fig`` to the page, set its text and strokes from ``geometry``, recolour its
    series, gather the panels' legends into one above them, and let constrained layout place
    everything again; then tick labels that would run into each other are turned."""
    geometry = dict(geometry)  # a re-flow makes it taller: this figure's own copy
    fig.set_size_inches(geometry["width_in"], geometry["height_in"])
    _drop_hand_placed(fig)
    _reflow(fig, geometry)
    _texts(fig, geometry)
    _strokes(fig, geometry)
    _colours(fig)
    _shared_legend(fig, geometry)
    fig.set_layout_engine("constrained", h_pad=PAD_PT / 72, w_pad=PAD_PT / 72, hspace=0.04,
                          wspace=0.04)
    _turn_crowded_tick_labels(fig)
    _separate_notes(fig)
    _settle(fig, geometry)


def _reflow(fig: Figure, geometry: dict[str, float]) -> None:
    """A row of three or more panels on a page narrower than :data:`REFLOW_BELOW_IN` becomes
    a grid two panels wide (an odd last panel spans the row), and the figure grows to hold
    the extra rows: at that width a row of three cannot be read."""
    panels: dict[tuple[int, int], list[Any]] = {}
    for ax in fig.axes:
        spec = ax.get_subplotspec()
        if spec is None:
            return  # placed by hand: left as drawn
        panels.setdefault((spec.rowspan.start, spec.colspan.start), []).append(ax)
    rows = {row for row, _ in panels}
    if geometry["width_in"] >= REFLOW_BELOW_IN or len(rows) != 1 or len(panels) < 3:
        return
    count = len(panels)
    grid_rows = -(-count // 2)
    grid = fig.add_gridspec(grid_rows, 2)
    for index, key in enumerate(sorted(panels)):
        row, col = divmod(index, 2)
        place = grid[row, :] if index == count - 1 and count % 2 else grid[row, col]
        for ax in panels[key]:
            ax.set_subplotspec(place)
    height = geometry["height_in"] * grid_rows * REFLOW_ROW_HEIGHT
    geometry["height_in"] = height
    fig.set_size_inches(geometry["width_in"], height)


def _drop_hand_placed(fig: Figure) -> None:
    """Figure-level texts and boxes (a suptitle, the hero's caption boxes) are placed by hand
    in figure fractions and cannot follow a new layout; in print the paper's caption carries
    what they say, so the venue layout leaves them out."""
    for artist in [*fig.patches, *fig.texts]:
        artist.set_visible(False)
        artist.set_in_layout(False)


def _shared_legend(fig: Figure, geometry: dict[str, float]) -> None:
    """One legend above the panels for all of them (each entry once), instead of a legend
    inside each panel covering its data at print size."""
    handles: dict[str, Any] = {}
    for ax in fig.axes:
        legend = ax.get_legend()
        if legend is None:
            continue
        for handle, text in zip(legend.legend_handles, legend.get_texts(), strict=False):
            handles.setdefault(text.get_text(), handle)
        legend.remove()
    if handles:
        columns = min(len(handles), 4 if geometry["width_in"] >= REFLOW_BELOW_IN else 3)
        fig.legend(list(handles.values()), list(handles), loc="outside upper center",
                   ncols=columns, frameon=False, fontsize=geometry["small_pt"],
                   handlelength=1.6, columnspacing=1.2)


def _turn_crowded_tick_labels(fig: Figure) -> None:
    """x tick labels that overlap their neighbours (long category names) are set on one line
    and turned upright: turned less, their boxes would still overlap."""
    fig.draw_without_rendering()
    renderer = fig.canvas.get_renderer()
    for ax in fig.axes:
        ticks, labels = ax.get_xticks(), ax.get_xticklabels()  # one label per tick
        shown = [t for t in labels if t.get_text() and t.get_visible()]
        boxes = [t.get_window_extent(renderer) for t in shown]
        if any(a.x1 + 2 > b.x0 for a, b in itertools.pairwise(boxes)):
            ax.set_xticks(ticks, [t.get_text().replace("\n", " ") for t in labels],
                          rotation=90)


def _separate_notes(fig: Figure, gap_pt: float = 2.0) -> None:
    """A note (a plain text in a panel) that runs into a point's label is moved down, clear
    of it: at print size the two would read as one run of text."""
    from matplotlib.text import Annotation

    fig.draw_without_rendering()
    renderer = fig.canvas.get_renderer()
    for ax in fig.axes:
        labels = [t for t in ax.texts if isinstance(t, Annotation) and t.get_visible()]
        for note in [t for t in ax.texts if not isinstance(t, Annotation) and t.get_visible()]:
            for _ in range(8):
                box = note.get_window_extent(renderer).expanded(1, 1)
                hit = [a for a in labels if a.get_window_extent(renderer).overlaps(box)]
                if not hit:
                    break
                lowest = min(a.get_window_extent(renderer).y0 for a in hit)
                shift = box.y1 - lowest + gap_pt * fig.dpi / 72
                where = note.get_transform()
                x, y = where.transform(note.get_position())
                note.set_position(where.inverted().transform((x, y - shift)))


def _texts(fig: Figure, geometry: dict[str, float]) -> None:
    from matplotlib.text import Text

    small, label, title = geometry["small_pt"], geometry["label_pt"], geometry["title_pt"]
    for text in fig.findobj(Text):
        text.set_fontsize(small)
    for ax in fig.axes:
        ax.xaxis.label.set_fontsize(label)
        ax.yaxis.label.set_fontsize(label)
        panel_width = ax.get_position().width * geometry["width_in"]
        for loc in ("left", "center", "right"):
            artist = getattr(ax, {"left": "_left_title", "center": "title",
                                  "right": "_right_title"}[loc])
            artist.set_fontsize(title)
            _wrap(artist, panel_width, title)


def _wrap(artist: Any, width_in: float, size_pt: float) -> None:
    """Wrap a title's lines to the panel's width, never inside ``$...$`` math."""
    per_line = max(12, int(width_in * CHARS_PER_INCH_AT_8PT * 8 / size_pt))
    lines = []
    for line in artist.get_text().split("\n"):
        words, current = _words(line), ""
        for word in words:
            if current and len(_plain(current + " " + word)) > per_line:
                lines.append(current)
                current = word
            else:
                current = f"{current} {word}" if current else word
        lines.append(current)
    artist.set_text("\n".join(lines))


def _words(line: str) -> list[str]:
    """The line's words, a ``$...$`` span kept as one."""
    words, current, in_math = [], "", False
    for char in line:
        if char == "$":
            in_math = not in_math
        if char == " " and not in_math:
            if current:
                words.append(current)
            current = ""
        else:
            current += char
    return [*words, current] if current else words


def _plain(text: str) -> str:
    """About as many characters as ``text`` prints (math commands count as one)."""
    import re

    return re.sub(r"\\[A-Za-z]+|[${}^_]", "x", text).replace("xx", "x")


def _strokes(fig: Figure, geometry: dict[str, float]) -> None:
    from matplotlib.collections import Collection
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    thin, line = geometry["thin_pt"], geometry["line_pt"]
    for artist in fig.findobj(Line2D):
        if artist.get_linewidth() > 0:
            artist.set_linewidth(max(artist.get_linewidth() * 0.7, thin))
        if artist.get_markeredgewidth() > 0:
            artist.set_markeredgewidth(max(artist.get_markeredgewidth(), thin))
        if artist.get_markersize() > 0:
            artist.set_markersize(min(artist.get_markersize(), 4))
    for artist in fig.findobj(Patch):
        if artist.get_linewidth() > 0:
            artist.set_linewidth(max(artist.get_linewidth(), thin))
    for artist in fig.findobj(Collection):
        widths = artist.get_linewidths()
        if len(widths) and max(widths) > 0:
            artist.set_linewidths([max(w, thin) if w > 0 else 0 for w in widths])
    for ax in fig.axes:
        ax.tick_params(which="both", width=thin, length=3)
        for spine in ax.spines.values():
            spine.set_linewidth(max(spine.get_linewidth(), thin))
        for data_line in ax.get_lines():
            if len(data_line.get_xdata()) > 2:  # a series, not a reference line
                data_line.set_linewidth(max(data_line.get_linewidth(), line))


def _colours(fig: Figure) -> None:
    from matplotlib.collections import Collection
    from matplotlib.colors import to_hex, to_rgba, to_rgba_array
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    def mapped(color: Any) -> Any:
        try:
            rgba = to_rgba(color)
        except (ValueError, TypeError):
            return color
        new = RECOLOR.get(to_hex(rgba[:3]))
        return color if new is None else to_rgba(new, rgba[3])

    from matplotlib.text import Text

    for text in fig.findobj(Text):
        text.set_color(mapped(text.get_color()))
    for artist in fig.findobj(Line2D):
        artist.set_color(mapped(artist.get_color()))
        artist.set_markerfacecolor(mapped(artist.get_markerfacecolor()))
        artist.set_markeredgecolor(mapped(artist.get_markeredgecolor()))
    for artist in fig.findobj(Patch):
        artist.set_facecolor(mapped(artist.get_facecolor()))
        artist.set_edgecolor(mapped(artist.get_edgecolor()))
    for artist in fig.findobj(Collection):
        faces = to_rgba_array(artist.get_facecolor())
        if len(faces):
            artist.set_facecolor([mapped(tuple(c)) for c in faces])
        edges = to_rgba_array(artist.get_edgecolor())
        if len(edges):
            artist.set_edgecolor([mapped(tuple(c)) for c in edges])


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


def _settle(fig: Figure, geometry: dict[str, float], rounds: int = 6) -> None:
    """Until no text runs into another or out of the page: wider padding between panels
    whose tick labels meet, a shared legend in fewer columns, a note moved off a tick label,
    a title wrapped narrower."""
    from matplotlib.legend import Legend
    from matplotlib.text import Annotation, Text

    from figures.preflight.measure import drawn

    pad = PAD_PT
    for _ in range(rounds):
        fig.draw_without_rendering()
        renderer = fig.canvas.get_renderer()
        width, height = fig.bbox.width, fig.bbox.height
        texts = [(t, t.get_window_extent(renderer), where) for t, where, _ in drawn(fig)
                 if isinstance(t, Text) and t.get_text().strip()]
        notes = {id(t) for ax in fig.axes for t in ax.texts if not isinstance(t, Annotation)}
        changed = False
        for text, box, _ in texts:  # cut by the page
            if box.x0 >= -0.5 and box.y0 >= -0.5 and box.x1 <= width + 0.5 \
                    and box.y1 <= height + 0.5:
                continue
            legend = _legend_of(text, fig)
            if isinstance(legend, Legend) and legend._ncols > 1:
                legend._ncols -= 1
                changed = True
            elif not isinstance(text, Annotation):
                _wrap(text, max(1.0, box.width / fig.dpi * 0.8), text.get_fontsize())
                changed = True
        for legend in fig.legends:  # a legend wider than the page: fewer columns
            box = legend.get_window_extent(renderer)
            if (box.x0 < -0.5 or box.x1 > width + 0.5) and legend._ncols > 1:
                legend._ncols -= 1
                changed = True
        clear = CLEAR_PT * fig.dpi / 72
        crowded, moved = False, set()
        for i, (first, a, here) in enumerate(texts):
            for second, b, there in texts[i + 1:]:
                if "axes" not in here or "axes" not in there or _apart(a, b) >= clear:
                    continue
                if here != there:
                    crowded = True  # tick labels of panels side by side or stacked
                    continue
                note = next((t for t in (first, second) if id(t) in notes
                             and id(t) not in moved), None)
                if note is not None:
                    moved.add(id(note))
                    _nudge(note, a if note is first else b, b if note is first else a, clear)
                    changed = True
        if crowded and pad < MAX_PAD_PT:
            pad += 2.0
            fig.get_layout_engine().set(h_pad=pad / 72, w_pad=pad / 72)
            changed = True
        if not changed:
            return


def _legend_of(text: Any, fig: Figure) -> Any:
    for legend in fig.legends:
        if text in legend.get_texts():
            return legend
    return None


def _apart(a: Any, b: Any) -> float:
    """The distance between two boxes (pixels); negative when they overlap."""
    dx = max(b.x0 - a.x1, a.x0 - b.x1)
    dy = max(b.y0 - a.y1, a.y0 - b.y1)
    if dx < 0 and dy < 0:
        return max(dx, dy)
    return (max(dx, 0) ** 2 + max(dy, 0) ** 2) ** 0.5


def _nudge(note: Any, box: Any, other: Any, clear: float) -> None:
    """Move ``note`` (its box ``box``) off ``other``: right of a label left of it, else up."""
    where = note.get_transform()  # data or axes coordinates, as the note was placed
    x, y = where.transform(note.get_position())
    if other.x1 <= box.x0 + box.width / 2:
        x += other.x1 - box.x0 + clear
    else:
        y += other.y1 - box.y0 + clear
    note.set_position(where.inverted().transform((x, y)))
