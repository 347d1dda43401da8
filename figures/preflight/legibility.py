"""What a reviewer sees at print size and the artists' own numbers hide: script sizes, text
contrast against what is behind it, text over data ink, greyscale look-alikes, the stamp."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from figures.outputs.stamp import TEXT as STAMP_TEXT

if TYPE_CHECKING:
    from matplotlib.figure import Figure

#: A backdrop is the colour under at least this share of a text's box (figure-gate's 10 %).
BACKDROP_SHARE = 0.10
#: Two series of a panel with the same line style and marker whose greys differ by less
#: than this (CIE L*, 0-100) print as one in greyscale.
GREY_DELTA_L = 12.0


@dataclass
class Legibility:
    """Per text with a script: (text, kind, smallest glyph pt); (text, contrast); (text, data
    points under it); per panel: pairs of series alike in greyscale; the stamp."""

    scripts: list[tuple[str, str, float]] = field(default_factory=list)
    contrasts: list[tuple[str, float]] = field(default_factory=list)
    over_ink: list[tuple[str, int]] = field(default_factory=list)
    grey_pairs: list[tuple[str, str, str]] = field(default_factory=list)
    #: (size in pt as drawn, whether it lies over a panel), None when there is no stamp.
    stamp: tuple[float, bool] | None = None


def smallest_glyph_pt(text: Any) -> float:
    """The smallest glyph ``text`` draws, in points (mathtext: its deepest script's)."""
    from matplotlib.mathtext import MathTextParser

    size = float(text.get_fontsize())
    sizes = []
    for line in text.get_text().split("\n"):  # matplotlib lays out (and parses) each alone
        if text.get_usetex() or line.count("$") < 2 or not ("^" in line or "_" in line):
            continue
        try:
            parsed = MathTextParser("path").parse(line, dpi=72, prop=text.get_fontproperties())
        except ValueError:
            continue
        sizes += [glyph[1] for glyph in parsed.glyphs]
    return float(min(sizes)) if sizes else size


def scripts(texts: list[tuple[Any, str]]) -> list[tuple[str, str, float]]:
    """(text, kind, smallest glyph pt) of each of ``texts`` with a sub- or superscript (the
    text rule reads the rest)."""
    found = []
    for text, kind in texts:
        smallest = smallest_glyph_pt(text)
        if smallest < text.get_fontsize():
            found.append((text.get_text(), kind, smallest))
    return found


def measure_legibility(fig: Figure, texts: list[tuple[Any, str]]) -> Legibility:
    """Measure ``fig`` (drawn once more without its texts, for their backdrops)."""
    import numpy as np

    found = Legibility(scripts=scripts(texts))
    for text, _ in texts:
        if text.get_text() == STAMP_TEXT:
            box = text.get_window_extent()
            inside = any(ax.bbox.overlaps(box) for ax in fig.axes)
            found.stamp = (float(text.get_fontsize()), inside)
    # where each text is as laid out: the draw without them moves titles (to 2.3 x a panel's
    # height: fig4's (d) title was read against (c)'s grey at 5.25 in)
    boxes = [text.get_window_extent() for text, _ in texts]
    backdrop = _without_texts(fig, [t for t, _ in texts])
    height = backdrop.shape[0]
    points = _data_points(fig)
    for (text, kind), box in zip(texts, boxes, strict=True):
        x0, x1 = max(int(box.x0), 0), min(int(np.ceil(box.x1)), backdrop.shape[1])
        y0, y1 = max(int(height - box.y1), 0), min(int(np.ceil(height - box.y0)), height)
        if x1 <= x0 or y1 <= y0:
            continue
        pixels = backdrop[y0:y1, x0:x1].reshape(-1, 3)
        found.contrasts.append((text.get_text(), _worst_contrast(text, pixels)))
        if "tick" in kind or "axis label" in kind or kind.startswith("title"):
            continue  # outside the data area by construction
        inside = box.count_contains(points)
        if inside:
            found.over_ink.append((text.get_text(), int(inside)))
    found.grey_pairs = _grey_alike(fig)
    return found


def _without_texts(fig: Figure, texts: list[Any]) -> Any:
    """The figure as RGB 0..1 without the measured texts and the panels' furniture: what a
    reader reads the texts against (a tick label beside its tick mark is not on dark ground)."""
    import numpy as np

    shown = [t for t in texts if t.get_visible()]
    framed = [ax for ax in fig.axes if ax.axison]
    engine = fig.get_layout_engine()  # the panels stay where they are drawn
    if engine is not None:
        fig.set_layout_engine("none")
    for text in shown:
        text.set_visible(False)
    for ax in framed:
        ax.set_axis_off()
    try:
        fig.canvas.draw()
        rgba = np.asarray(fig.canvas.buffer_rgba(), dtype=float) / 255
    finally:
        for text in shown:
            text.set_visible(True)
        for ax in framed:
            ax.set_axis_on()
        if engine is not None:
            fig.set_layout_engine(engine)
    return rgba[..., :3] * rgba[..., 3:] + (1 - rgba[..., 3:])


def _luminance(rgb: Any) -> Any:
    import numpy as np

    rgb = np.asarray(rgb, dtype=float)
    linear = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    return linear @ np.array([0.2126, 0.7152, 0.0722])


def _worst_contrast(text: Any, pixels: Any) -> float:
    """WCAG contrast of the text's colour against the least contrasting colour that covers
    at least :data:`BACKDROP_SHARE` of its box."""
    import numpy as np
    from matplotlib.colors import to_rgb

    fg = _luminance(to_rgb(text.get_color()))
    bg = _luminance(pixels)
    ratio = (np.maximum(fg, bg) + 0.05) / (np.minimum(fg, bg) + 0.05)
    return float(np.quantile(ratio, BACKDROP_SHARE))


def series(ax: Any) -> tuple[list[Any], list[Any], list[Any]]:
    """A panel's data series, as every check reads them: its visible lines of three points or
    more, its visible scatter collections and its bar containers."""
    from matplotlib.collections import PathCollection
    from matplotlib.container import BarContainer

    return ([line for line in ax.get_lines() if line.get_visible() and len(line.get_xdata()) > 2],
            [c for c in ax.collections if isinstance(c, PathCollection) and c.get_visible()],
            [c for c in ax.containers if isinstance(c, BarContainer)])


def vertices(ax: Any) -> list[tuple[Any, Any]]:
    """Each line and scatter series of :func:`series` with the display coordinates of its
    (finite) vertices or points."""
    import numpy as np

    lines, scatters, _ = series(ax)
    found = []
    for line in lines:
        xy = ax.transData.transform(np.column_stack(
            [line.get_xdata(), line.get_ydata()]).astype(float))
        found.append((line, xy[np.isfinite(xy).all(axis=1)]))
    for coll in scatters:
        offsets = np.asarray(coll.get_offsets(), float)
        if len(offsets):
            found.append((coll, coll.get_offset_transform().transform(offsets)))
    return found


def _data_points(fig: Figure) -> Any:
    """Display coordinates of the data ink: densified line vertices, scatter points, bars."""
    import numpy as np
    from matplotlib.lines import Line2D

    found = [np.empty((0, 2))]
    for ax in fig.axes:
        for artist, xy in vertices(ax):
            if not isinstance(artist, Line2D) or artist.get_linestyle() in ("None", " ", ""):
                found.append(xy)  # points, or markers only: no segments
            elif len(xy) > 1:
                steps = np.linspace(0, 1, 12)[:, None, None]
                found.append((xy[:-1] + steps * (xy[1:] - xy[:-1])).reshape(-1, 2))
        for container in series(ax)[2]:
            for bar in container.patches:
                box = bar.get_window_extent()
                xs, ys = np.linspace(box.x0, box.x1, 8), np.linspace(box.y0, box.y1, 8)
                found.append(np.array([(x, y) for x in xs for y in ys]))
    return np.concatenate(found)


def _grey_alike(fig: Figure) -> list[tuple[str, str, str]]:
    """Per panel, pairs of series that share line style and marker (bars: hatch) and whose
    greys are closer than GREY_DELTA_L."""
    from matplotlib.colors import to_rgb
    from matplotlib.container import ErrorbarContainer

    pairs = []
    for index, ax in enumerate(fig.axes, start=1):
        looks = []
        lines, _, bar_containers = series(ax)
        bars = {id(line) for c in ax.containers if isinstance(c, ErrorbarContainer)
                for line in [c.lines[0], *c.lines[1]] if line is not None}
        for line in lines:
            if id(line) not in bars:
                looks.append((line.get_label(), (str(line.get_linestyle()), line.get_marker()),
                              _lightness(to_rgb(line.get_color()))))
        for container in bar_containers:
            if container.patches:
                first = container.patches[0]
                looks.append((container.get_label(), ("bar", first.get_hatch()),
                               _lightness(first.get_facecolor()[:3])))
        for i, (name, look, grey) in enumerate(looks):
            for other, other_look, other_grey in looks[i + 1:]:
                if look == other_look and abs(grey - other_grey) < GREY_DELTA_L:
                    pairs.append((f"axes {index}", name, other))
    return pairs


def _lightness(rgb: Any) -> float:
    """CIE L* (0-100) of an sRGB colour: how light it prints in greyscale."""
    y = float(_luminance(rgb))
    return 116 * y ** (1 / 3) - 16 if y > 0.008856 else 903.3 * y
