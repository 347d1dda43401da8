"""The visible mark on figures built from synthetic example data: added by the build (not
``render``, which stays pure), so such a file cannot pass for a result; ``--no-stamp`` is for
the comparison with the paper's scripts, which must get their pixels exactly."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from figures.outputs.kind import BuildKind
    from figures.registry import FigureSpec

TEXT = "synthetic example data"
COLOR = "#c62828"


def stamp_synthetic(spec: FigureSpec, fig: Figure, kind: BuildKind | None = None) -> None:
    """Write ``synthetic example data`` small in the last axes' bottom-right corner, on a light
    box, out of the layout (a stamped file has an unstamped one's size), in the figure's theme;
    a figure drawn for a venue's page is stamped under its panels (:func:`_stamp_page`)."""
    from matplotlib.layout_engine import ConstrainedLayoutEngine

    from figures.style import theme

    if (kind is not None and kind.page(spec) is not None
            and isinstance(fig.get_layout_engine(), ConstrainedLayoutEngine)):
        _stamp_page(spec, fig, kind)
        return
    ax = fig.axes[-1] if fig.axes else None
    with theme(spec.render.rc):
        where = {"transform": ax.transAxes} if ax is not None else {}
        artist = (ax or fig).text(
            0.99, 0.02, TEXT, ha="right", va="bottom", fontsize=7, color=COLOR,
            fontweight="bold", zorder=10, clip_on=False, **where,
            bbox={"facecolor": "white", "edgecolor": COLOR, "linewidth": 0.6, "alpha": 0.85,
                  "boxstyle": "round,pad=0.25"})
        artist.set_in_layout(False)
        if ax is not None:
            _clear_of_keys(fig, artist)


#: The stamp's corners of its axes, in the order tried: (x, y, ha, va) in axes coordinates.
CORNERS = ((0.99, 0.02, "right", "bottom"), (0.01, 0.02, "left", "bottom"),
           (0.99, 0.98, "right", "top"), (0.01, 0.98, "left", "top"))


def _clear_of_keys(fig: Figure, stamp) -> None:
    """The stamp moved to the first corner of its axes where it covers no legend and no
    other text (round 50c, W19: fig4's last axes is panel (a)'s twin, whose lower right holds
    (a)'s key: the stamp hid the penalised run's name); where none is clear, lower right."""
    here = stamp.axes.get_position()  # its axes and those drawn over it (a twin)
    near = [a for a in fig.axes if a.get_position().overlaps(here)]
    keys = [*fig.legends, *fig.texts, *(a.get_legend() for a in near),
            *(text for a in near for text in a.texts)]
    keys = [k for k in keys if k is not None and k is not stamp and k.get_visible()]
    if not keys:
        return  # nothing to cover: no drawing to measure (a build draws once more to save)
    fig.draw_without_rendering()
    renderer = fig.canvas.get_renderer()
    keys = [k.get_window_extent(renderer) for k in keys]
    for x, y, ha, va in CORNERS:
        stamp.set(x=x, y=y, ha=ha, va=va)
        box = stamp.get_window_extent(renderer).padded(4)  # and its box's padding
        if not any(box.overlaps(key) for key in keys):
            return
    stamp.set(**dict(zip(("x", "y", "ha", "va"), CORNERS[0], strict=True)))


def _stamp_page(spec: FigureSpec, fig: Figure, kind: BuildKind) -> None:
    """A figure drawn for a page: the stamp in a strip of its own under the panels, at the
    page's smallest text size: it never covers data and prints as legibly as the ticks."""
    from figures.style import theme

    size = kind.page(spec).small_pt
    strip = kind.page(spec).strip_in / fig.get_size_inches()[1]
    fig.get_layout_engine().set(rect=(0, strip, 1, 1 - strip))
    with theme(kind.rc(spec)):
        fig.text(0.995, strip / 2, TEXT, ha="right", va="center", fontsize=size, color=COLOR,
                 fontweight="bold")
