"""Measuring a drawn figure as it will print: every text's size, every stroke's width, the
series colours of each panel, and the saved area (what ``bbox_inches`` keeps)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from figures.data import checks
from figures.preflight.legibility import Legibility, measure_legibility, scripts, series, vertices
from figures.registry import FigureSpec

if TYPE_CHECKING:
    import numpy as np
    from matplotlib.artist import Artist
    from matplotlib.axis import Axis
    from matplotlib.figure import Figure
    from matplotlib.transforms import Bbox

    from figures.outputs.kind import BuildKind


#: Texts are measured unhinted (the PDF's metrics), at a dpi of their own (matplotlib caches
#: text extents by dpi, not hinting): at a screen's 100 dpi the hinting widened a 57 pt label
#: to 64 pt, and two labels 4 pt apart in the PDF were called overlapping.
PRINT_DPI = 300


@dataclass(frozen=True)
class TextItem:
    size_pt: float  # as drawn
    text: str
    kind: str
    source: str
    #: Where it is drawn, in inches from the figure's lower left corner (x0, y0, x1, y1).
    box: tuple[float, float, float, float] | None = None
    #: Texts of one artist (a multi-line title) share it; the layout rule compares others.
    artist: int = 0


@dataclass(frozen=True)
class Stroke:
    width_pt: float  # as drawn
    what: str


@dataclass
class Measurement:
    """What preflight needs from one rendered Figure."""

    saved_size_in: tuple[float, float]
    #: The saved area in inches from the figure's lower left corner (x0, y0, x1, y1).
    saved_box: tuple[float, float, float, float]
    texts: list[TextItem]
    strokes: list[Stroke]
    series_colors: dict[str, list[str]]
    #: The saved area as drawn, RGB 0..1 at the figure's dpi (only when asked for).
    image: np.ndarray | None = None
    #: Each legend inside a panel that covers data: (panel, points covered) (the layout rule).
    covering_legends: list[tuple[str, int]] | None = None
    #: Script sizes, contrast, text over data, greyscale, the stamp (preflight/legibility.py).
    legibility: Legibility | None = None
    #: Each raster output's texts as it lays them out (the layout rule's "inside").
    rasters: list[RasterLayout] | None = None


@dataclass(frozen=True)
class RasterLayout:
    """A raster output's texts where it draws them: at its own dpi, with the theme's hinting
    (Agg's hinted glyphs set wider than the PDF's), and its saved area, in inches."""

    fmt: str
    dpi: float
    saved_box: tuple[float, float, float, float]
    texts: list[TextItem]


def measure(spec: FigureSpec, fig: Figure, data: dict[str, Any], *,
            raster: bool = False, kind: BuildKind | None = None,
            gate: bool = False) -> Measurement:
    """Saved size, texts, strokes and series colours of ``fig`` as ``kind`` saves it, in its
    theme; with ``raster``, also the saved area as pixels (the HTML report). ``gate``: only
    what sync's legibility gate reads (texts, strokes, scripts, legends over data: one layout
    at print dpi), not the series colours nor the drawing again at the screen's dpi for
    contrast, ink, greyscale and the stamp."""
    import matplotlib as mpl

    from figures.style import theme

    with theme(kind.rc(spec) if kind is not None else spec.render.rc):
        screen_dpi = fig.dpi
        fig.set_dpi(PRINT_DPI)  # the texts laid out and measured as they print (the PDF's)
        with mpl.rc_context({"text.hinting": "no_hinting"}):
            fig.draw_without_rendering()
            output = (kind.outputs(spec) if kind is not None else spec.outputs)[0]
            box = None
            renderer = fig.canvas.get_renderer()
            if output.bbox_inches == "tight":
                box = fig.get_tightbbox(renderer).padded(mpl.rcParams["savefig.pad_inches"])
                saved = (box.width, box.height)
                saved_box = (box.x0, box.y0, box.x1, box.y1)
            else:
                width, height = fig.get_size_inches()
                saved = (float(width), float(height))
                saved_box = (0.0, 0.0, saved[0], saved[1])
            module = spec.shown_path
            strings = {text: where for where, text in checks.strings(data, "data")}
            texts, strokes = [], []
            for artist, where, role in drawn(fig):
                _collect(artist, where, role, module, strings, texts, strokes, renderer)
            # the legends of the drawing whose texts the layout rule reads
            covering = covering_legends(fig)
        if gate:
            seen = Legibility(scripts=scripts(shown_texts(fig)))
            rasters = raster_layouts(spec, fig, kind, strings)
            fig.set_dpi(screen_dpi)
            return Measurement(saved, saved_box, texts, strokes, {}, None, covering, seen,
                               rasters)
        rasters = raster_layouts(spec, fig, kind, strings)
        fig.set_dpi(screen_dpi)  # pixels (the report, contrast, ink) at the screen's
        if raster:
            fig.canvas.draw()
        else:
            fig.draw_without_rendering()
        colors = series_colors(fig)
        image = _saved_area(fig, box) if raster else None
        legibility = measure_legibility(fig, shown_texts(fig))
    return Measurement(saved, saved_box, texts, strokes, colors, image, covering, legibility,
                       rasters)


def raster_layouts(spec: FigureSpec, fig: Figure, kind: BuildKind | None,
                   strings: dict[str, str]) -> list[RasterLayout]:
    """The texts of each raster output (PNG) of ``fig`` as it is saved: at its dpi, hinted as
    the theme hints, on a renderer of its own (matplotlib caches a text's extent per renderer
    and dpi, not per hinting). A y label 0.7 pt inside the PDF's top edge ran 0.4 pt past the
    PNG's and lost the ink of its last letter there (hostile round 42b, B34)."""
    import matplotlib as mpl
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.text import Text

    from figures.outputs.render import output_dpi

    canvas, dpi_before, layouts = fig.canvas, fig.dpi, []
    for out in (kind.outputs(spec) if kind is not None else spec.outputs):
        if out.fmt != "png":
            continue
        dpi = output_dpi(kind, out, fig) if kind is not None else out.dpi
        FigureCanvasAgg(fig)  # a fresh renderer: no extent measured unhinted is reused
        fig.set_dpi(dpi)
        fig.draw_without_rendering()
        renderer = fig.canvas.get_renderer()
        if out.bbox_inches == "tight":
            box = fig.get_tightbbox(renderer).padded(mpl.rcParams["savefig.pad_inches"])
            saved_box = (box.x0, box.y0, box.x1, box.y1)
        else:
            width, height = fig.get_size_inches()
            saved_box = (0.0, 0.0, float(width), float(height))
        texts: list[TextItem] = []
        for artist, where, role in drawn(fig):
            if isinstance(artist, Text):
                _collect(artist, where, role, spec.shown_path, strings, texts, [], renderer)
        layouts.append(RasterLayout(out.fmt, float(dpi), saved_box, texts))
    fig.set_canvas(canvas)
    fig.set_dpi(dpi_before)
    return layouts


def shown_texts(fig: Figure) -> list[tuple[Any, str]]:
    """Every drawn, non-empty Text with its role ("x tick label", "title", ...)."""
    from matplotlib.text import Text

    return [(artist, role or "text") for artist, _, role in drawn(fig)
            if isinstance(artist, Text) and artist.get_text().strip()
            and _visible_color(artist.get_color())]


def covering_legends(fig: Figure) -> list[tuple[str, int]]:
    """Legends drawn over their panel's data: the panel and how many line vertices and scatter
    points fall inside its box (bars and bands are not counted). Call after a draw."""
    import numpy as np

    found = []
    panels = {}
    for index, ax in enumerate(fig.axes, start=1):  # twins: one panel, one set of points
        panels.setdefault(tuple(round(v, 3) for v in ax.get_position().bounds), []).append(
            (index, ax))
    for members in panels.values():
        points = [xy for _, ax in members for _, xy in vertices(ax)]
        if not points:
            continue
        xy = np.concatenate(points)
        for index, ax in members:
            legend = ax.get_legend()
            if legend is None or not legend.get_visible():
                continue
            inside = int(legend.get_window_extent().count_contains(xy))
            if inside:
                found.append((f"axes {index}", inside))
    return found


def _saved_area(fig: Figure, box: Bbox | None) -> np.ndarray:
    """The saved area ``box`` (inches; None: all) as RGB 0..1 at the figure's dpi: cropped from
    the canvas, or drawn again by savefig when it reaches past the figure (a suptitle)."""
    import io

    import numpy as np
    from PIL import Image

    width, height = fig.get_size_inches()
    if box is not None and not (box.x0 >= 0 and box.y0 >= 0 and box.x1 <= width
                                and box.y1 <= height):
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", dpi=fig.dpi, bbox_inches=box)
        buffer.seek(0)
        with Image.open(buffer) as image:
            return np.asarray(image.convert("RGB"), dtype=float) / 255
    rgba = np.asarray(fig.canvas.buffer_rgba(), dtype=float) / 255
    rgb = rgba[..., :3] * rgba[..., 3:] + (1 - rgba[..., 3:])
    if box is None:
        return rgb
    dpi, rows = fig.dpi, rgb.shape[0]
    return rgb[round(rows - box.y1 * dpi):round(rows - box.y0 * dpi),
               round(box.x0 * dpi):round(box.x1 * dpi)]


def drawn(fig: Figure) -> Iterator[tuple[Artist, str, str]]:
    """(artist, where, role) of every visible artist drawn: ``where`` "axes 2" or "figure",
    ``role`` names ticks, grid lines, titles and legend parts."""
    from matplotlib.axes import Axes
    from matplotlib.axis import Axis
    from matplotlib.legend import Legend

    axes_index = {ax: i + 1 for i, ax in enumerate(fig.axes)}

    def walk(artist: Artist, where: str, role: str) -> Iterator[tuple[Artist, str, str]]:
        if not artist.get_visible():
            return
        if isinstance(artist, Axes):
            where = f"axes {axes_index.get(artist, '?')}"
            titles = {artist.get_title(loc) for loc in ("left", "center", "right")} - {""}
        if isinstance(artist, Axis):
            yield from _axis_parts(artist, where)
            return
        if isinstance(artist, Legend):
            role = "legend"
        yield artist, where, role
        for child in artist.get_children():
            child_role = role
            if isinstance(artist, Axes) and getattr(child, "get_text", None) \
                    and child.get_text() in titles:
                child_role = "title"
            yield from walk(child, where, child_role)

    for child in fig.get_children():
        yield from walk(child, "figure", "")


def _axis_parts(axis: Axis, where: str) -> Iterator[tuple[Artist, str, str]]:
    """The ticks the axis draws (matplotlib keeps spare Tick objects, and a locator returns
    places outside the view): what ``Axis.draw`` itself draws, the locators' places inside
    the view as its scale places them (after a draw: their labels are set)."""
    import numpy as np

    name, scale = axis.axis_name, axis.get_transform()
    low, high = sorted(scale.transform(np.asarray(axis.get_view_interval(), float)))
    room = (high - low) * 1e-10  # how close to the view's edge matplotlib still draws one
    ticks = [*(("major", tick) for tick in axis.get_major_ticks(len(axis.get_majorticklocs()))),
             *(("minor", tick) for tick in axis.get_minor_ticks(len(axis.get_minorticklocs())))]
    for which, tick in ticks:
        place = scale.transform(np.asarray([tick.get_loc()], float))[0]
        if not (tick.get_visible() and low - room <= place <= high + room):
            continue
        for part, role in ((tick.tick1line, "tick"), (tick.tick2line, "tick"),
                           (tick.gridline, "grid line"), (tick.label1, "tick label"),
                           (tick.label2, "tick label")):
            if part.get_visible():
                yield part, where, f"{which} {name} {role}"
    for part, role in ((axis.label, f"{name} axis label"),
                       (axis.get_offset_text(), f"{name} offset text")):
        if part.get_visible():
            yield part, where, role


def _visible_color(color: Any) -> bool:
    from matplotlib.colors import to_rgba_array

    try:
        rgba = to_rgba_array(color)
    except (ValueError, TypeError):
        return False
    return bool(len(rgba)) and bool((rgba[:, 3] > 0).any())


def _collect(artist: Artist, where: str, role: str, module: str, strings: dict[str, str],
             texts: list[TextItem], strokes: list[Stroke], renderer: Any = None) -> None:
    from matplotlib.collections import Collection
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch
    from matplotlib.spines import Spine
    from matplotlib.text import Text

    if isinstance(artist, Text):
        text = artist.get_text()
        if text.strip() and _visible_color(artist.get_color()):
            kind = role or "text"
            source = strings.get(text, module)
            box = None
            if renderer is not None:
                extent = artist.get_window_extent(renderer)
                dpi = artist.figure.dpi
                box = (extent.x0 / dpi, extent.y0 / dpi, extent.x1 / dpi, extent.y1 / dpi)
            texts.append(TextItem(float(artist.get_fontsize()), text, f"{kind} ({where})",
                                  source, box, id(artist)))
        return
    if isinstance(artist, Line2D):
        if role.endswith(" tick"):
            if artist.get_markersize() > 0 and _visible_color(artist.get_markeredgecolor()):
                strokes.append(Stroke(float(artist.get_markeredgewidth()),
                                      f"{role} mark ({where})"))
            return
        label = artist.get_label()
        name = role or (f"line {label!r}" if label and not label.startswith("_") else "line")
        if (artist.get_linestyle() not in ("None", " ", "") and artist.get_linewidth() > 0
                and _visible_color(artist.get_color()) and len(artist.get_xdata()) > 1):
            strokes.append(Stroke(float(artist.get_linewidth()), f"{name} ({where})"))
        marker = artist.get_marker()
        if (marker not in (None, "None", "", " ") and artist.get_markersize() > 0
                and artist.get_markeredgewidth() > 0
                and _visible_color(artist.get_markeredgecolor())
                and _distinct(artist.get_markeredgecolor(), artist.get_markerfacecolor())):
            strokes.append(Stroke(float(artist.get_markeredgewidth()),
                                  f"marker edge of {name} ({where})"))
        return
    if isinstance(artist, Patch):
        if (artist.get_linewidth() > 0 and _visible_color(artist.get_edgecolor())
                and (not artist.get_fill()
                     or _distinct(artist.get_edgecolor(), artist.get_facecolor()))):
            what = "spine" if isinstance(artist, Spine) else f"{type(artist).__name__} edge"
            strokes.append(Stroke(float(artist.get_linewidth()), f"{what} ({where})"))
        return
    if isinstance(artist, Collection):
        edges, faces = artist.get_edgecolor(), artist.get_facecolor()
        widths = [w for w in artist.get_linewidths() if w > 0]
        if widths and _visible_color(edges) and _distinct(edges, faces):
            strokes.append(Stroke(float(min(widths)),
                                  f"{type(artist).__name__} edge ({where})"))


def _distinct(first: Any, second: Any) -> bool:
    import numpy as np
    from matplotlib.colors import to_rgba_array

    try:
        a, b = to_rgba_array(first), to_rgba_array(second)
    except (ValueError, TypeError):
        return True
    if len(b) == 0 or b[:, 3].max() == 0:
        return True
    return a.shape != b.shape or not np.allclose(a, b)


def series_colors(fig: Figure) -> dict[str, list[str]]:
    """Distinct colours of the data series (lines, scatter points, bars) over white, per panel
    (twins are one panel), greys (reference lines, edges) left out."""
    import numpy as np
    from matplotlib.colors import to_hex, to_rgba, to_rgba_array
    from matplotlib.markers import MarkerStyle

    panels: dict[tuple[float, ...], list[str]] = {}
    names: dict[tuple[float, ...], str] = {}
    for index, ax in enumerate(fig.axes, start=1):
        found: list[tuple[float, float, float, float]] = []
        lines, scatters, bars = series(ax)
        for line in lines:
            if line.get_linestyle() not in ("None", " ", "") or line.get_marker() not in (
                    None, "None", "", " "):  # it draws
                color = line.get_color()
                if line.get_linestyle() in ("None", " ", ""):  # markers only: their colour
                    face = line.get_markerfacecolor()
                    filled = MarkerStyle(line.get_marker()).is_filled()
                    color = face if filled and _visible_color(face) else \
                        line.get_markeredgecolor()
                found.append(to_rgba(color, line.get_alpha()))
        for coll in scatters:
            found.extend(tuple(c) for c in to_rgba_array(coll.get_facecolor()))
        for container in bars:
            found.extend(to_rgba(p.get_facecolor()) for p in container.patches)
        key = tuple(round(v, 3) for v in ax.get_position().bounds)
        names.setdefault(key, f"axes {index}")
        colors = panels.setdefault(key, [])
        for r, g, b, a in found:
            rgb = np.array([r, g, b]) * a + (1 - a)
            if rgb.max() - rgb.min() < 0.08:  # grey, black or white
                continue
            if (hex_ := to_hex(rgb)) not in colors:
                colors.append(hex_)
    return {names[key]: colors for key, colors in panels.items()}
