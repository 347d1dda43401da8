"""The last pass of a venue layout: widen padding, move notes and wrap titles until no text
touches another or the page's edge (the preflight's layout rule)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from figures.outputs.venue.layout import CLEAR_PT, MAX_PAD_PT, PAD_PT, wrap

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def settle(fig: Figure, geometry: dict[str, float], rounds: int = 6) -> None:
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
                wrap(text, max(1.0, box.width / fig.dpi * 0.8), text.get_fontsize())
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
