"""The passes that lay a drawn figure out for a venue's page (see :mod:`figures.outputs.venue`):
size, re-flow, text, strokes, colour, one legend; :mod:`.settle` then moves what still touches."""

from __future__ import annotations

import itertools
import re
from typing import TYPE_CHECKING, Any

from figures.outputs.venue.palette import RECOLOR

if TYPE_CHECKING:
    from matplotlib.figure import Figure


#: Titles wrap at about this many characters per inch of panel width at title size.
CHARS_PER_INCH_AT_8PT = 13.0
#: Constrained layout's padding around each panel, in points, before the settle pass.
PAD_PT = 3.0
#: Pages narrower than this get a row of three panels as a grid two wide.
REFLOW_BELOW_IN = 6.0
#: Each row of a re-flowed grid, as a fraction of the single row's height.
REFLOW_ROW_HEIGHT = 1.1
MAX_PAD_PT = 15.0
#: Texts of different panels kept this far apart (the preflight's layout rule asks 1 pt).
CLEAR_PT = 1.5

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
    inside each panel covering its data at print size.

    Where two panels' legends give one colour two meanings (fig4: blue is "deep cos" in (b)
    and "no penalty" in (c)), each entry names its panel, "(b) deep cos": gathered without
    that, the legend would say blue means both."""
    entries: list[tuple[Any, str, Any]] = []  # (panel, label, handle)
    for ax in fig.axes:
        legend = ax.get_legend()
        if legend is None:
            continue
        entries += [(ax, text.get_text(), handle) for handle, text
                    in zip(legend.legend_handles, legend.get_texts(), strict=False)]
        legend.remove()
    if not entries:
        return
    meanings: dict[tuple[float, ...], set[str]] = {}
    for _, label, handle in entries:
        meanings.setdefault(_colour_of(handle), set()).add(label)
    named = any(len(labels) > 1 for colour, labels in meanings.items() if colour)
    handles: dict[str, Any] = {}
    for ax, label, handle in entries:
        handles.setdefault(f"{_panel_tag(ax, fig)} {label}" if named else label, handle)
    columns = min(len(handles), 4 if geometry["width_in"] >= REFLOW_BELOW_IN else 3)
    if named:  # longer entries: one column fewer
        columns = max(1, columns - 1)
    fig.legend(list(handles.values()), list(handles), loc="outside upper center",
               ncols=columns, frameon=False, fontsize=geometry["small_pt"],
               handlelength=1.6, columnspacing=1.2)


def _colour_of(handle: Any) -> tuple[float, ...]:
    """The colour a legend entry shows (a line's, else a patch's face), rounded; () for
    none (a handle without a colour of its own means nothing by colour)."""
    from matplotlib.colors import to_rgba

    for getter in ("get_color", "get_facecolor"):
        colour = getattr(handle, getter, None)
        if colour is not None:
            try:
                return tuple(round(c, 3) for c in to_rgba(colour()))
            except (TypeError, ValueError):  # an array of colours: not one meaning
                return ()
    return ()


def _panel_tag(ax: Any, fig: Figure) -> str:
    """How the figure names a panel: its title's leading "(b)", else its letter by order."""
    match = re.match(r"\s*(\([a-z]\))", ax.get_title())
    if match:
        return match.group(1)
    return f"({'abcdefghijklmnopqrstuvwxyz'[fig.axes.index(ax) % 26]})"


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
            wrap(artist, panel_width, title)


def wrap(artist: Any, width_in: float, size_pt: float) -> None:
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

