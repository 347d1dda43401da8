"""The page a figure is drawn for, given before it draws (tueplots' way; docs/modules.md). No
page is the default: ``render(data)``, the seeds' own figure, pixel for pixel."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Self

# a figure's module imports these from here (docs/adding-a-figure.md); they live in ticks.py
from figures.ticks import INTEGER_STEPS, integer_ticks, log_axis, panel_grid  # noqa: F401

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

#: The slots a figure can be designed for: the venue's column width, or its text width.
SLOTS = ("column", "text")
#: A page narrower than this holds a row of two panels, not three.
WIDE_IN = 6.0
#: Mathtext draws a sub- or superscript at 0.7 of its base size; the smallest text of a page
#: (tick labels, whose log exponents are superscripts) is at least SCRIPT_PT / 0.7.
SCRIPT_PT = 5.0
#: figure-gate's comfortable floor for text (TYPE_FLOOR_PT): most venues' minimums are lower.
COMFORT_PT = 7.5
#: The smallest stroke of data ink (a series, a reference line) and of furniture (axes,
#: ticks, grid), in points: SIAM's and Science's print minimums, as figure-gate asks.
DATA_LINE_PT = 1.0
FURNITURE_PT = 0.5
#: What a row of panels needs beside its data area (a title, tick labels, an axis label) and
#: a legend above the panels, in inches at the page's type sizes.
ROW_DECOR_IN, LEGEND_IN = 0.5, 0.2
#: What a panel's y tick labels and y label take of its width, in inches.
YLABELS_IN = 0.55
#: The narrowest width a figure is drawn for: one panel's (narrower, no label fits beside it);
#: the widest: no page is wider.
MIN_WIDTH_IN, MAX_WIDTH_IN = 1.0, 12.0
#: The most pixels a raster may hold (half a gigabyte as RGBA): beyond it, refused before saving.
MAX_PIXELS = 2**27
#: Dots per inch an output may ask for: a raster beyond this is a figure too large to hold.
DPI_RANGE = (20, 1200)


def raster_too_large(width_in: float, height_in: float, dpi: float) -> str | None:
    """``W x H px, more than N megapixels`` when the raster exceeds :data:`MAX_PIXELS`."""
    if width_in * height_in * dpi ** 2 <= MAX_PIXELS:
        return None
    return (f"{width_in * dpi:.0f} x {height_in * dpi:.0f} px, more than "
            f"{MAX_PIXELS // 10**6} megapixels")


def inches(value: float) -> str:
    """A length in inches as every line prints it: rounded as a :class:`Width` is, to a
    thousandth (``3.467``, never ``3.46667`` beside a build's ``2.027``: hostile round 40, W5)."""
    return f"{round(float(value), 3):g}"


def holds(width: float, least: float) -> bool:
    """Whether a box ``width`` wide holds a figure whose smallest width is ``least``: the one
    comparison of a width with a figure's smallest (the build's refusal, placement, every
    advice that offers a width), both sides rounded as a :class:`Width` is. Each had its own
    slack (0.005 in, 0.01 in): an advice could offer a width the build then refused."""
    return Width(width) >= Width(least)


class Width(float):
    """A width in inches a figure is drawn at (``--width``, :func:`figures.draw`'s slot, a
    paper's box), made once at the edge: its one rounding, to a thousandth of an inch, names
    its folder (``w3.25``), its label (``3.25in``) and what goes into its build key alike, so
    3.25 and 3.2500000001 are one build. Made from a Width it is that Width."""

    __slots__ = ()

    def __new__(cls, inches: float) -> Self:
        if isinstance(inches, cls):  # a Box stays the Box it is
            return inches
        return super().__new__(cls, round(float(inches), 3))

    def __str__(self) -> str:
        return inches(self)

    @property
    def folder(self) -> str:
        """The folder its builds go into, inside the venue's: ``w3.25``."""
        return f"w{self}"

    @property
    def label(self) -> str:
        """Its part of a build kind's name: ``3.25in``."""
        return f"{self}in"


class Box(Width):
    """A width with a height: a paper's ``\\includegraphics[width=W,height=H]``, whose image
    graphicx stretches to that box. The figure is drawn for the width, then laid out again at
    the height (constrained layout gives the panels what the text leaves), so it prints at
    100 % undistorted; named ``3.25x1.42`` (folder ``w3.25x1.42``)."""

    __slots__ = ("height",)

    def __new__(cls, inches: float, height: float) -> Self:
        box = super().__new__(cls, float(inches))
        box.height = round(float(height), 3)
        return box

    def __str__(self) -> str:
        return f"{float(self):g}x{self.height:g}"

    def __reduce__(self) -> tuple:  # to a build worker and back, height kept
        return Box, (float(self), self.height)


#: The least height of a panel's data area when a box sets the height: below it a panel is
#: a strip (tick labels crowd, a series cannot be read).
MIN_PANEL_HEIGHT_IN = 0.6


def least_height_in(fig: Figure) -> float:
    """The least height ``fig`` (laid out at its own height) holds: its text, legends and
    gaps as they are, each row of panels' data area at :data:`MIN_PANEL_HEIGHT_IN` or as tall
    as its tallest y label (a label longer than its axis is cut)."""
    fig.draw_without_rendering()
    renderer = fig.canvas.get_renderer()
    spans: list[tuple[float, float, float]] = []
    for ax in fig.axes:
        if ax.get_subplotspec() is None or not ax.get_visible():
            continue  # an inset or a colorbar: inside a row
        box = ax.get_position()
        label = ax.yaxis.label
        tall = label.get_window_extent(renderer).height / fig.dpi if label.get_text() else 0
        spans.append((box.y0, box.y1, max(MIN_PANEL_HEIGHT_IN, tall)))
    rows: list[list[float]] = []
    for low, high, need in sorted(spans):  # the rows: overlapping vertical spans merged
        if rows and low < rows[-1][1] - 1e-6:
            rows[-1][1:] = max(rows[-1][1], high), max(rows[-1][2], need)
        else:
            rows.append([low, high, need])
    height = float(fig.get_figheight())
    data = sum(high - low for low, high, _ in rows) * height
    return round(height - data + sum(need for *_, need in rows), 3)


#: Fonts that ship with matplotlib (a page draws alike everywhere): STIX for a Times-set venue.
FONTS = {"serif": {"font.family": "serif", "font.serif": ["STIXGeneral"],
                   "mathtext.fontset": "stix"},
         "sans-serif": {"font.family": "sans-serif", "font.sans-serif": ["DejaVu Sans"],
                        "mathtext.fontset": "dejavusans"}}
#: Text colour of notes and secondary labels: 4.5:1 on white and on the light area shades.
MUTED_TEXT = "#52514e"


@dataclass(frozen=True)
class Page:
    """One print slot: sizes in inches, fonts and strokes in points."""

    slot: str
    width_in: float
    #: Half the venue's text height: a figure is never taller (two fit on a page).
    max_height_in: float
    family: str = "serif"
    small_pt: float = COMFORT_PT
    label_pt: float = COMFORT_PT + 0.5
    title_pt: float = COMFORT_PT + 1
    line_pt: float = DATA_LINE_PT + 0.25
    thin_pt: float = FURNITURE_PT
    min_font_pt: float = COMFORT_PT
    ppi: int = 300

    def __post_init__(self) -> None:  # by hand too: a venue's bounds (0 in drew a 0 x 0 figure)
        sizes = ("small_pt", "label_pt", "title_pt", "line_pt", "thin_pt", "min_font_pt")
        for name, (low, high) in {"width_in": (MIN_WIDTH_IN, MAX_WIDTH_IN), "max_height_in": (0.5, 8),
                                  **dict.fromkeys(sizes, (0, 13))}.items():
            if not low <= (value := getattr(self, name)) <= high:
                raise ValueError(f"Page.{name} = {value!r}: a number from {low:g} to {high:g}")

    @property
    def wide(self) -> bool:
        """Room for a row of three panels."""
        return self.width_in >= WIDE_IN

    @property
    def strip_in(self) -> float:
        """A strip under the panels for one line at the page's smallest text (the synthetic
        stamp's), in inches."""
        return self.small_pt * 1.5 / 72

    def height(self, aspect: float) -> float:
        """``aspect`` (height over width) of the page's width, capped at the tallest allowed."""
        return round(min(self.width_in * aspect, self.max_height_in), 3)

    def rc(self) -> dict[str, Any]:
        """The page as rcParams (tueplots' bundles: fonts, font sizes, strokes, layout)."""
        small, thin = self.small_pt, self.thin_pt
        return {
            **FONTS[self.family],
            "font.size": small, "axes.labelsize": self.label_pt,
            "axes.titlesize": self.title_pt, "xtick.labelsize": small,
            "ytick.labelsize": small, "legend.fontsize": small,
            "legend.title_fontsize": small, "figure.titlesize": self.title_pt,
            "axes.linewidth": thin, "grid.linewidth": thin, "patch.linewidth": thin,
            "hatch.linewidth": thin, "lines.linewidth": self.line_pt,
            "lines.markersize": 3.5, "lines.markeredgewidth": thin,
            "errorbar.capsize": 2,
            **{f"{axis}tick.{which}.width": thin for axis in "xy" for which in
               ("major", "minor")},
            "xtick.major.size": 3, "ytick.major.size": 3,
            "xtick.minor.size": 1.5, "ytick.minor.size": 1.5,
            "xtick.major.pad": 2, "ytick.major.pad": 2,
            "axes.titlepad": 3, "axes.labelpad": 2,
            "legend.frameon": False, "legend.handlelength": 2.2,
            "legend.columnspacing": 1.0, "legend.borderaxespad": 0.3,
            "legend.borderpad": 0.2, "legend.labelspacing": 0.25,
            "grid.color": "#d9d9d9",
            "figure.constrained_layout.h_pad": 2 / 72, "figure.constrained_layout.w_pad": 2 / 72,
            "figure.constrained_layout.hspace": 0.02, "figure.constrained_layout.wspace": 0.02,
            "pdf.fonttype": 42, "ps.fonttype": 42,
        }

    def grid(self, n: int, *, min_panel_in: float, aspect: float, lone_first: bool = False,
             most: int | None = None, weights: tuple[float, ...] | None = None,
             **shared: Any) -> tuple[Figure, list[Axes]]:
        """``n`` panels reflowed for the width: as many in a row as keep ``min_panel_in`` (at
        most ``most``), balanced rows shared by ``weights`` (the short row on top with
        ``lone_first``); height from rows and columns (tueplots). ``shared``: sharex/sharey."""
        min_panel_in *= max(self.small_pt / COMFORT_PT, 1)  # larger type: wider panels
        cols = max(1, min(most or n, n, int((self.width_in + 0.01) // min_panel_in)))
        rows = -(-n // cols)
        cols = -(-n // rows)
        fig = self.figure((rows * (self.width_in / cols * aspect + ROW_DECOR_IN) + LEGEND_IN)
                          / self.width_in)
        counts = [cols] * rows
        counts[0 if lone_first else -1] = n - (rows - 1) * cols
        weights = weights or (1,) * n
        if n == rows * cols and len({weights[r * cols:(r + 1) * cols] for r in range(rows)}) == 1:
            # equal rows: one grid, so columns align and a panel knows its row and column
            grid = fig.add_gridspec(rows, cols, width_ratios=weights[:cols])
            cells = [grid[r, c] for r in range(rows) for c in range(cols)]
        else:
            outer, cells = fig.add_gridspec(rows, 1), []
            for row, count in enumerate(counts):
                first = sum(counts[:row])
                inner = outer[row].subgridspec(1, count, width_ratios=weights[first:first + count])
                cells += [inner[0, i] for i in range(count)]
        axes: list[Axes] = []
        for cell in cells:
            axes.append(fig.add_subplot(cell, **{key: axes[0] for key, on in shared.items()
                                                 if on and axes}))
        if len(cells) == rows * cols:  # a shared scale is numbered on the outer edges only
            for ax in axes:
                spec = ax.get_subplotspec()
                if shared.get("sharex"):
                    ax.tick_params(labelbottom=spec.is_last_row())
                if shared.get("sharey"):
                    ax.tick_params(labelleft=spec.is_first_col())
        return fig, axes

    def fitting(self, room_in: float, *texts: str, size_pt: float | None = None) -> str:
        """The first of ``texts`` no wider than ``room_in`` at ``size_pt`` (the title's), else
        the last: a label shortens rather than run off the page."""
        return next((text for text in texts if self.text_in(text, size_pt) <= room_in),
                    texts[-1])

    def text_in(self, text: str, size_pt: float | None = None) -> float:
        """How wide ``text`` sets at ``size_pt`` (the title's), in inches (its longest line)."""
        from matplotlib.font_manager import FontProperties
        from matplotlib.textpath import TextToPath

        from figures.data.text import is_math
        width = TextToPath().get_text_width_height_descent  # mathtext as matplotlib sets it
        return max(width(line, FontProperties(size=size_pt or self.title_pt),
                         ismath=is_math(line))[0] for line in text.split("\n")) / 72

    def legend(self, fig: Figure, *axes: Axes) -> Any:
        """One legend above the panels, each label once, in as few rows as fit the width; the
        figure grows by the rows added."""
        entries: dict[str, Any] = {}
        for ax in axes or fig.axes:
            for handle, label in zip(*ax.get_legend_handles_labels(), strict=True):
                entries.setdefault(label, handle)
        renderer, count = fig.canvas.get_renderer(), len(entries)
        for rows in range(1, count + 1):
            legend = fig.legend(list(entries.values()), list(entries),
                                loc="outside upper center", ncols=-(-count // rows))
            box = legend.get_window_extent(renderer)
            if rows == count or box.width <= fig.bbox.width:
                break
            legend.remove()
        width, height = fig.get_size_inches()
        grown = height + max(0.0, box.height / fig.dpi - LEGEND_IN)
        fig.set_size_inches(width, round(min(grown, self.max_height_in), 3))
        return legend

    def row_height(self, fig: Figure, ax: Axes, has: float, need: float) -> None:
        """``ax``'s row of a two-row grid ``need`` in tall where the other row's data areas
        ``has``, the figure taller or shorter by the difference (at most the page's height)."""
        width, height = fig.get_size_inches()
        fig.set_size_inches(width, round(min(height + need - has, self.max_height_in), 3))
        ax.get_subplotspec().get_topmost_subplotspec().get_gridspec().set_height_ratios(
            (has, need))

    def panel_in(self, ax: Axes) -> float:
        """The width of ``ax``'s columns of the page, in inches."""
        spec = ax.get_subplotspec()
        ratios = spec.get_gridspec().get_width_ratios()
        return self.width_in * sum(ratios[i] for i in spec.colspan) / sum(ratios)

    def title(self, ax: Axes, *texts: str) -> None:
        """``ax``'s title, left: the first of ``texts`` that fits over its columns' width."""
        self.titles([ax], (texts,))

    def titles(self, axes: list[Axes], forms: tuple[tuple[str, ...], ...]) -> None:
        """Each of ``axes`` its title of ``forms``, left, all of one form: the longest at which
        every one fits over its panel (a title of fewer forms keeps its last)."""
        for level in range(max(map(len, forms))):
            texts = [form[min(level, len(form) - 1)] for form in forms]
            if all(self.text_in(text) <= self.panel_in(ax) - YLABELS_IN
                   for ax, text in zip(axes, texts, strict=True)):
                break
        for ax, text in zip(axes, texts, strict=True):
            ax.set_title(text, loc="left")

    def hold_labels(self, fig: Figure) -> str | None:
        """Grow ``fig`` taller (to the page's tallest) until every panel's y label lies inside
        it (constrained layout sets a y label's length aside: at 12 pt one ran off the top,
        hostile round 42b, B34/B35); measured unhinted at 300 dpi on a canvas of its own. The
        label still cut at the tallest height, None when none is."""
        import matplotlib as mpl
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        canvas, dpi, width = fig.canvas, fig.dpi, float(fig.get_figwidth())
        pad = mpl.rcParams["figure.constrained_layout.h_pad"]  # the layout's own margin
        engine, rect = fig.get_layout_engine(), fig.get_layout_engine().get()["rect"]
        try:
            with mpl.rc_context({"text.hinting": "no_hinting"}):
                for _ in range(LABEL_TRIES):
                    FigureCanvasAgg(fig)  # no extent cached for another height or hinting
                    fig.set_dpi(LABEL_DPI)  # the synthetic stamp's strip under the panels:
                    strip = self.strip_in / fig.get_figheight()  # outputs/stamp.py
                    engine.set(rect=(0, strip, 1, 1 - strip))
                    fig.draw_without_rendering()
                    renderer, height = fig.canvas.get_renderer(), float(fig.get_figheight())
                    over, label = max(((max(pad - box.y0 / LABEL_DPI,
                                            box.y1 / LABEL_DPI - height + pad), text.get_text())
                                       for text in (ax.yaxis.label for ax in fig.axes)
                                       if text.get_visible() and text.get_text().strip()
                                       for box in [text.get_window_extent(renderer)]),
                                      default=(0.0, None))
                    if over <= 0:
                        return None
                    if height >= self.max_height_in:
                        return label
                    # a label centred on one of n stacked rows moves a 2n-th of the growth
                    rows = max(1, len({ax.get_position().y0 for ax in fig.axes}))
                    fig.set_size_inches(width, min(round(height + 2 * rows * over + 0.005, 3),
                                                   self.max_height_in))
                return label
        finally:
            engine.set(rect=rect)
            fig.set_canvas(canvas)
            fig.set_dpi(dpi)

    def cut_short(self, fig: Figure) -> float | None:
        """The height ``fig`` needs where the page's tallest cuts it short, else None: its
        text, legends and gaps as set, each row of panels at least :data:`MIN_PANEL_HEIGHT_IN`
        (:func:`least_height_in`), measured laid out taller (at a 1.5 in tallest, constrained
        layout collapsed fig4's panels to nothing and fig3b's labels met: hostile round 47c,
        W19); measured inside :meth:`rc`, the figure left as it was."""
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        width, height = (float(v) for v in fig.get_size_inches())
        if height < self.max_height_in - 0.001:
            return None  # its own proportions, under the tallest: the page cut nothing
        canvas = fig.canvas
        try:
            fig.set_size_inches(width, 2 * height + 2)
            FigureCanvasAgg(fig)  # no extent cached for another height
            need = least_height_in(fig)
        finally:
            fig.set_size_inches(width, height)
            fig.set_canvas(canvas)
        return need if need > self.max_height_in + 0.005 else None

    def figure(self, aspect: float) -> Figure:
        """A figure of the page's width, ``aspect`` tall, laid out by constrained layout (from
        its grid's own positions at every draw: :class:`figures.style.SettledLayout`)."""
        from figures.style import SettledLayout, new_figure

        return new_figure(figsize=(self.width_in, self.height(aspect)), layout=SettledLayout())



#: Page.hold_labels: the draws it grows a figure in, at the preflight's dpi.
LABEL_TRIES, LABEL_DPI = 4, 300
