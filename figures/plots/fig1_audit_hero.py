"""Figure 1, the audit hero figure (seed 002): the standard reporting pair, per-block cosine
and per-layer BP-gradient norm. Every value is a paper literal kept in figdata."""

from __future__ import annotations

from itertools import combinations, product
from typing import Any

import matplotlib as mpl
import numpy as np
from matplotlib.figure import Figure
from matplotlib.patches import FancyBboxPatch
from matplotlib.transforms import Bbox

from figures.data.schema import ListOf, MapOf, Number, Record, Series, Text
from figures.errors import FigureDataError
from figures.page import COMFORT_PT, LABEL_DPI, MUTED_TEXT, Page, log_axis, panel_grid
from figures.plots._caption import Claims
from figures.plots._model import PAPER, Curve, page_curves, seed_curve
from figures.plots._printed import places_apart
from figures.plots._trend import trend as course
from figures.style import PAPER_RC, new_figure, paper_grid, themed

METHODS = ("BP", "FA", "DFA")
# Quadrants of panel A: boundaries at cos = 0 and accuracy = chance (0.10).
CHANCE = 0.10
X_LIM = (-0.22, 1.12)
Y_LIM = (-0.02, 0.72)
B_YLIM = (-0.25, 1.12)
C_YLIM = (5e-12, 5e-2)
LABEL_OFFSETS = {"BP": (-8, 8), "FA": (8, 5), "DFA": (8, -8)}
CAPTION_BOX_HEIGHT = 0.13  # figure fraction
CAPTION_BOX_GAP = 0.12  # between an axes' bottom and its caption box's top

#: Most blocks (panel B) and layers (panel C): each is a labelled tick ("$l=9$", "$h_{11}$")
#: on a panel a third of the figure wide; more overlap. Measured at the smallest width of
#: every venue (3.25 in, IEEE's 3.467 in) with `figures check`: 12 layers put "10" on "11"
#: (round 45c, W21); 11 layers and 10 blocks keep every tick label apart.
MAX_BLOCKS = 10
MAX_LAYERS = 11
TICKS_REASON = "one labelled tick each; more overlap"
#: The caption box is sized for three lines.
CAPTION_LINES = 3

SCHEMA = Record({
    # Drawn on fixed axes: an accuracy, and cosines (at most 1), inside their limits.
    "panel_a": Record({"values": MapOf(Record({"acc": Number(within=(0, Y_LIM[1])),
                                               "gamma": Number(within=(X_LIM[0], 1))}),
                                       keys=METHODS, known=METHODS)}),
    "panel_b": Record({"values": MapOf(Series(within=(B_YLIM[0], 1), max_length=MAX_BLOCKS,
                                              max_reason=TICKS_REASON),
                                       keys=METHODS, known=METHODS, equal_lengths=True)}),
    "panel_c": Record({"values": MapOf(Series(positive=True, within=C_YLIM,
                                              max_length=MAX_LAYERS, max_reason=TICKS_REASON),
                                       keys=METHODS, known=METHODS, equal_lengths=True)}),
    "captions": ListOf(Text(max_lines=CAPTION_LINES,
                            lines_bounded_by="the caption box holds three"), length=3),
})


#: Designed for the text width: three panels in a row (two over one below 6 in).
SLOTS = ("text",)
#: Panel (a)'s cosine axis on a page: room left of 0 to name the two quadrants there.
PAGE_X_LIM = (-0.4, X_LIM[1])
#: ... and above the highest accuracy, room for a point's name under the title.
PAGE_Y_LIM = (Y_LIM[0], 0.86)
#: A panel at least this wide, its data area this share of its width tall (three in a row).
PANEL_MIN_IN, PANEL_ASPECT = 1.5, 0.5
#: Three in a row from this width: (a)'s quadrant names and points' names need 1.9 in (at
#: 5.5 in "DFA" came 0.4 pt from "looks like learning"); two by two below, flatter.
THREE_FROM_IN, KEY_BESIDE_FROM_IN, TWO_BY_TWO_ASPECT = 5.7, 4.0, 0.45
#: (a) over (b) and (c): at 3.25 in (a) still names its quadrants at 8 pt.
SMALLEST_WIDTH_IN = 3.25
#: The panels' titles on a page (the take-away boxes go to the caption).
PAGE_TITLES = (("(a) Standard reporting pair", "(a) Reporting pair"),
               ("(b) Per-block cosine", "(b) Cosine"),
               ("(c) Per-layer BP gradient", "(c) BP gradient"))


def model(data: dict[str, Any]) -> tuple[list[Curve], list[Curve], list[Curve]]:
    """(a) each method's point (aggregate cosine, accuracy); (b) its per-block cosine and
    (c) per-layer gradient norm over the index 0, 1, ...: what both layouts draw."""
    pair = data["panel_a"]["values"]
    return ([Curve(PAPER[m], [pair[m]["gamma"]], [pair[m]["acc"]]) for m in METHODS],
            *([Curve(PAPER[m], np.arange(len(data[key]["values"][m])), data[key]["values"][m])
               for m in METHODS] for key in ("panel_b", "panel_c")))


@themed(PAPER_RC)
def render(data: dict[str, Any]) -> Figure:
    fig = new_figure(figsize=(10.5, 4.5))
    axes = fig.subplots(1, 3)
    fig.subplots_adjust(wspace=0.38, left=0.06, right=0.97, bottom=0.30, top=0.94)
    points, cosines, grads = model(data)
    _standard_pair(axes[0], points)
    for ax, curves, panel in zip(axes[1:], (cosines, grads), PER_INDEX, strict=True):
        _per_index(ax, curves, *panel)
    for ax in axes:
        paper_grid(ax)
    axes[2].grid(True, which="minor", color="#e8e8e8", linewidth=0.3, linestyle=":")
    for ax, caption in zip(axes, data["captions"], strict=True):
        _caption_box(fig, ax, caption)
    return fig


def _standard_pair(ax, points: list[Curve]) -> None:
    ax.set_title("(A) Standard reporting pair", fontsize=9, fontweight="bold", loc="left")
    x0, x1 = X_LIM
    y0, y1 = Y_LIM
    ax.fill_between([0, x1], CHANCE, y1, color="#c8e6c9", alpha=0.5, zorder=0)
    ax.fill_between([x0, 0], y0, CHANCE, color="#ffcdd2", alpha=0.5, zorder=0)
    ax.fill_between([x0, 0], CHANCE, y1, color="#f5f5f5", alpha=0.6, zorder=0)
    ax.fill_between([0, x1], y0, CHANCE, color="#f5f5f5", alpha=0.6, zorder=0)
    ax.axvline(0, color="gray", lw=0.6, ls="--", zorder=1)
    ax.axhline(CHANCE, color="gray", lw=0.6, ls="--", zorder=1)
    quiet = {"fontsize": 6.5, "color": "#888", "ha": "center", "va": "center", "style": "italic"}
    ax.text(-0.11, 0.41, "cos < 0,\nacc > chance", rotation=90, **quiet)
    ax.text(0.55, 0.04, "cos > 0,\nacc < chance", **quiet)
    ax.text(0.55, 0.41, '"looks like\n learning"', fontsize=7, color="#388e3c",
            ha="center", va="center", fontweight="bold")
    ax.text(-0.11, 0.04, "neither", fontsize=6.5, color="#c62828",
            ha="center", va="center", style="italic")
    for method, point in zip(METHODS, points, strict=True):  # names under points (zorder 3)
        ax.scatter(point.x, point.y, c=point.entry.color, marker=point.entry.marker, s=70,
                   zorder=5, edgecolors="k", linewidths=0.5)
        ax.annotate(point.label, (point.x[0], point.y[0]), xytext=LABEL_OFFSETS[method],
                    textcoords="offset points", fontsize=8, fontweight="bold",
                    color=point.entry.color)
    ax.set_xlabel("Aggregate $\\Gamma$ (cosine)")
    ax.set_ylabel("Test accuracy")
    ax.set_xlim(*X_LIM)
    ax.set_ylim(*Y_LIM)


#: Panels (B) and (C), a marked line per method over the index 0, 1, ...: title, the Axes
#: method drawing it, x label, tick label, y label, limits.
PER_INDEX = (("(B) Per-block cosine $\\cos(a_l, g_l)$", "plot", "Block $l$", "$l={}$",
              "$\\cos(a_l,\\, \\nabla_{h_l} \\mathcal{L})$", B_YLIM),
             ("(C) Per-layer $\\|g_l\\|$ (BP gradient)", "semilogy", "Layer $l$", "$h_{}$",
              "$\\|\\partial\\mathcal{L}/\\partial h_l\\|_2$ (median)", C_YLIM))


def _per_index(ax, curves: list[Curve], title: str, plot: str, xlabel: str, tick: str,
               ylabel: str, ylim: tuple[float, float]) -> None:
    ax.set_title(title, fontsize=9, fontweight="bold", loc="left")
    for curve in curves:
        seed_curve(ax, curve, plot=getattr(ax, plot), marker=curve.entry.marker, markersize=5,
                   linewidth=1.8, zorder=3)
    if plot == "plot":  # the cosine's zero
        ax.axhline(0, color="gray", lw=0.5, ls=":", zorder=1)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_xticks(curves[0].x)
    ax.set_xticklabels([tick.format(i) for i in curves[0].x])
    ax.set_ylim(*ylim)


def _caption_box(fig: Figure, ax, text: str) -> None:
    """A rounded grey box under ``ax`` holding the panel's one-sentence message."""
    box = ax.get_position()
    top = box.y0 - CAPTION_BOX_GAP
    bottom = top - CAPTION_BOX_HEIGHT
    fig.patches.append(FancyBboxPatch(
        (box.x0, bottom), box.x1 - box.x0, CAPTION_BOX_HEIGHT, boxstyle="round,pad=0.008",
        facecolor="#f7f7f7", edgecolor="#aaaaaa", linewidth=0.7, transform=fig.transFigure,
        clip_on=False, figure=fig))
    fig.text((box.x0 + box.x1) / 2, bottom + CAPTION_BOX_HEIGHT / 2, text, ha="center",
             va="center", fontsize=9.5, style="italic", transform=fig.transFigure)


def caption(data: dict[str, Any]) -> str:
    """What the take-away boxes say, as the data bear it out (the seed's "FA decays 2 orders
    of magnitude" is 1.3 decades in its own numbers): every number and relation computed
    (figures/plots/_caption.py)."""
    c = Claims()
    pair, cosines = data["panel_a"]["values"], data["panel_b"]["values"]
    grads = data["panel_c"]["values"]
    fa, dfa = pair["FA"], pair["DFA"]
    accuracy = {m: c.value(pair[m]["acc"], places_apart(pair[m]["acc"], CHANCE))
                for m in ("FA", "DFA")}
    above = c.word(min(fa["acc"], dfa["acc"]) > CHANCE, "above", "not all above")
    positive = c.word(min(fa["gamma"], dfa["gamma"]) > 0, "positive", "not all positive")
    low = {m: sum(abs(v) < LOW_COSINE for v in cosines[m]) for m in ("FA", "DFA")}
    blocks = c.count(cosines["FA"], "block")
    # Γ positive looks aligned: it hides the blocks not aligned (under LOW_COSINE: near zero,
    # or against BP's gradient, round 41 C13) only where there are some
    hidden = [m for m in ("FA", "DFA")
              if any(v < LOW_COSINE for v in cosines[m]) and pair[m]["gamma"] > 0]
    whose = f"{hidden[0]}'s" if len(hidden) == 1 else "the"
    hides = c.word(bool(hidden), f"{whose} aggregate hides blocks that are not aligned",
                   "no aggregate hides a block that is not aligned")
    against = {m: sum(v <= -LOW_COSINE for v in cosines[m]) for m in ("FA", "DFA")}
    opposed = "" if not any(against.values()) else (  # round 41, C13: why they are hidden
        f", and cos is at most {c.value(-LOW_COSINE)} (against BP's gradient) in "
        f"{c.value(against['FA'])} for FA and {c.value(against['DFA'])} for DFA")
    trend = {m: course(c, grads[m], range(len(grads[m])), "layer")  # a V said (51c, W32)
             for m in ("BP", "FA", "DFA")}  # round 42, B20: BP's too, not "stays within"
    return c.caption(
        f"(a) The standard reporting pair: FA and DFA reach test accuracy {accuracy['FA']} "
        f"and {accuracy['DFA']}, {above} chance ({c.value(CHANCE)}), with {positive} "
        f"aggregate cosine Γ ({c.value(fa['gamma'])} and {c.value(dfa['gamma'])}). (b) Per "
        f"block, |cos| is under {c.value(LOW_COSINE)} in {c.value(low['FA'])} of {blocks} for "
        f"FA and {c.value(low['DFA'])} for DFA{opposed}: {hides}. (c) From the first layer to the "
        f"last, BP's median gradient norm {trend['BP']}, FA's {trend['FA']}, DFA's "
        f"{trend['DFA']}, "
        f"{'at' if trend['DFA'].startswith('is flat') else 'to'} "
        f"{c.value(grads['DFA'][-1], sci=True)}.")


#: A per-block cosine under this, in magnitude, is a block not aligned (the caption's count).
LOW_COSINE = 0.1


def _for_page(data: dict[str, Any], page: Page) -> Figure:
    """Three panels in a row from THREE_FROM_IN; narrower, two by two with the key in the cell
    beside (a) (its three points no longer take the full width); below KEY_BESIDE_FROM_IN,
    where half the width cannot hold (a)'s quadrant names, (a) across the top."""
    width = page.width_in / max(page.small_pt / COMFORT_PT, 1) + 0.01  # at 7.5 pt type
    three, beside = width >= THREE_FROM_IN, width >= KEY_BESIDE_FROM_IN
    fig, axes = page.grid(3 if three or not beside else 4, min_panel_in=PANEL_MIN_IN,
                          aspect=TWO_BY_TWO_ASPECT if beside and not three else PANEL_ASPECT,
                          most=3 if three else 2, lone_first=not beside)
    key_ax = axes.pop(1) if beside and not three else None
    points, *per_index = model(data)
    _page_quadrants(axes[0], points, page)
    for ax, curves in zip(axes[1:], per_index, strict=True):
        page_curves(ax, curves, every=None)
        ax.set_xticks(curves[0].x)
        panel_grid(ax)
    axes[1].set_xlabel("block $l$")
    axes[1].set_ylabel("$\\cos(a_l, g_l)$")
    axes[1].set_ylim(*B_YLIM)
    axes[1].axhline(0, color=MUTED_TEXT, lw=page.line_pt - 0.25, ls=":", zorder=1)
    log_axis(axes[2])
    axes[2].set_xlabel("layer $l$")
    axes[2].set_ylabel("median $\\|g_l\\|_2$")
    axes[2].set_ylim(*C_YLIM)
    for ax, titles in zip(axes, PAGE_TITLES, strict=True):
        page.title(ax, *titles)
    _name_points(fig, axes[0], points, page)
    if key_ax is None:
        page.legend(fig, axes[1])
    else:
        key_ax.set_xticks([])
        key_ax.set_yticks([])
        key_ax.axis("off")
        key_ax.legend(*axes[1].get_legend_handles_labels(), loc="center")
    return fig


def _page_quadrants(ax, points: list[Curve], page: Page) -> None:
    """Panel (a) for a page: "looks like learning" shaded, quadrants named in empty corners."""
    x0, x1 = PAGE_X_LIM
    y1 = PAGE_Y_LIM[1]
    ax.fill_between([0, x1], CHANCE, y1, color="#ececec", lw=0, zorder=0)
    ax.axvline(0, color=MUTED_TEXT, lw=page.line_pt - 0.25, ls="--", zorder=1)
    ax.axhline(CHANCE, color=MUTED_TEXT, lw=page.line_pt - 0.25, ls="--", zorder=1)
    quiet = {"color": MUTED_TEXT, "style": "italic", "fontsize": page.small_pt}
    # short names, clear of the points' labels and the title at every width
    ax.text(x1 - 0.03, CHANCE + 0.02, "looks like learning", ha="right", va="bottom", **quiet)
    ax.text(x1 - 0.03, CHANCE - 0.02, "acc < chance", ha="right", va="top", **quiet)
    ax.text(x0 / 2, CHANCE - 0.02, "neither", ha="center", va="top", **quiet)
    ax.text(x0 / 2, (CHANCE + y1) / 2, "acc > chance", rotation=90, ha="center",
            va="center", **quiet)
    for point in points:
        (x,), (y,), style = point.x, point.y, point.entry.style
        ax.plot(x, y, linestyle="none", marker=style.marker, markersize=5, color=style.color,
                markeredgecolor="black", markeredgewidth=page.thin_pt, zorder=5)
    ax.set_xlabel("aggregate cosine $\\Gamma$")
    ax.set_ylabel("test accuracy")
    ax.set_xlim(*PAGE_X_LIM)
    ax.set_ylim(*PAGE_Y_LIM)


def _name_points(fig: Figure, ax, points: list[Curve], page: Page) -> None:
    """Each point of (a) named above it, or under it when another sits just above (their
    names would meet); where the name so placed would print on a name already placed (two
    methods at one point: a tie of rounded numbers, round 48c W22) or within 3 pt of it, on
    its other side, measured on the laid-out figure as ``figures check`` measures (side by
    side, hinted at 100 dpi, two names came 1.0 pt apart and failed it); where neither is
    free, beside it (right, left, a corner: three points within a name of each other, however
    distinct their values: round 49c W6 refused (0.40, 0.25), (0.405, 0.255), (0.41, 0.26)
    as "three methods at one place"). Three methods at exactly one place are still refused
    in one line naming the key (one marker cannot show three methods; more decimals part
    them); one line too, saying why, when no side is free at this width. The paper's
    points keep their places."""
    # clear of its marker's edge, however thick the venue's lines (hostile round 47c, W20)
    gap = 2.5 + page.thin_pt  # the marker's radius and half its edge, and as much apart
    up, down = max(3, gap), max(4, gap + 1)
    sides = {"above": ((0, up), "bottom", "center"), "under": ((0, -down), "top", "center"),
             "right": ((down, 0), "center", "left"), "left": ((-down, 0), "center", "right"),
             "upper right": ((up, up), "bottom", "left"),
             "upper left": ((-up, up), "bottom", "right"),
             "lower right": ((up, -up), "top", "left"), "lower left": ((-up, -up), "top", "right")}
    screen_dpi, engine = fig.dpi, fig.get_layout_engine()  # measured as `figures check`
    rect, strip = engine.get()["rect"], page.strip_in / fig.get_figheight()  # measures (and
    fig.set_dpi(LABEL_DPI)  # Page.hold_labels): unhinted at print dpi, the stamp's strip set
    engine.set(rect=(0, strip, 1, 1 - strip))  # aside; 1 pt apart, as `check` asks
    try:
        with mpl.rc_context({"text.hinting": "no_hinting"}):
            fig.draw_without_rendering()  # the layout, so that names are measured in place
            _place_names(ax, points, sides, fig.canvas.get_renderer(),
                         NAME_GAP_PT * LABEL_DPI / 72, page.width_in,
                         (2.5 + page.thin_pt / 2) * LABEL_DPI / 72)
    finally:
        engine.set(rect=rect)
        fig.set_dpi(screen_dpi)


#: Names of (a)'s points at least this far apart (`figures check`'s MIN_TEXT_GAP_PT).
NAME_GAP_PT = 1.0
#: ... and side by side this many times as far: a space's width ("DFA" 1 pt from "BP" read
#: "DFABP", round 49c W6); one over the other 1 pt still (W5's rows).
NAMES_APART = 3


def _place_names(ax, points: list[Curve], sides: dict[str, Any], renderer: Any,
                 gap: float, width_in: float, radius: float) -> None:
    """Each name on a free side (see :func:`_name_points`): inside the panel by ``gap``,
    clear of its frame and ticks (round 49c, W5: a tie at the floor printed "DFA" across the
    bottom frame and the 0.0 tick), of the quadrant names, of the other names and of the
    other points' markers (``radius``, in pixels: a name beside a point must not sit on
    another's). Where a side leaves the panel, a second row beyond the other name on the
    side inside comes next (the paper's collapse, FA and DFA at chance with Γ 0: "DFA" over
    "FA"); then beside the point, unless the two other methods sit exactly on it. The first
    choice in each method's order (BP's first) that leaves every name free, a side off the
    dashed dividers at Γ = 0 and chance before one they cross (round 50c, W12: names were
    struck through by them; a point on the cross may leave no other)."""
    inside = ax.get_window_extent(renderer).padded(-gap)
    quadrants = [t.get_window_extent(renderer) for t in ax.texts]
    u, v = ax.transData.transform((0, CHANCE))
    dividers = [Bbox.from_extents(u, inside.y0, u, inside.y1),
                Bbox.from_extents(inside.x0, v, inside.x1, v)]
    at = [tuple(ax.transData.transform((p.x[0], p.y[0]))) for p in points]
    spots, said = [], []
    for i, point in enumerate(points):
        (x,), (y,) = point.x, point.y
        under = any(0 < other.y[0] - y < 0.15 and abs(other.x[0] - x) < 0.3 for other in points)
        one_place = at.count(at[i]) == 3
        markers = [Bbox.from_extents(a - radius, b - radius, a + radius, b + radius)
                   for a, b in at if (a, b) != at[i]]
        first = ("under", "above") if under else ("above", "under")
        tries = [(s, 0) for s in first] + [(s, 1) for s in reversed(first)]
        free, out = [], set()
        beside = [] if one_place else [(s, 0) for s in BESIDE]
        for side, row in [*tries, *beside]:
            if row and OTHER[side] not in out:  # a second row only where the other side is out
                continue
            spot, box = _spot(ax, point, sides[side], row, gap, renderer)
            if not (inside.x0 <= box.x0 and box.x1 <= inside.x1 and inside.y0 <= box.y0
                    and box.y1 <= inside.y1):
                out.add(side)
            elif not any(box.padded(gap).overlaps(q) for q in quadrants) and not any(
                    box.overlaps(m) for m in markers):
                free.append((spot, box))
        spots.append(sorted(free, key=lambda f: any(f[1].padded(gap).overlaps(d) for d in dividers)))
        said.append((x, y, one_place))
    for k in range(1, len(points) + 1):  # the first method no choice leaves a free side
        choice = next((c for c in product(*spots[:k]) if all(
            not a[1].padded(gap * NAMES_APART, gap).overlaps(b[1])
            for a, b in combinations(c, 2))), None)
        if choice is None:
            raise FigureDataError("fig1_audit_hero.json", f"data.panel_a.values.{METHODS[k - 1]}",
                                  _no_side(*said[k - 1], width_in))
    for point, (spot, _) in zip(points, choice, strict=True):
        ax.annotate(point.label, (point.x[0], point.y[0]), textcoords="offset points",
                    zorder=6, **spot)


#: Beside a point, where above and under are taken (round 49c W6), in this order.
BESIDE = ("right", "left", "upper right", "upper left", "lower right", "lower left")
OTHER = {"above": "under", "under": "above"}


def _spot(ax, point: Curve, side: tuple, row: int, gap: float, renderer: Any):
    """A name's place on ``side`` of its point (in its ``row`` there: beyond the name on that
    side, one name's height and twice the gap further) and its box, measured."""
    (dx, dy), va, ha = side
    name = ax.annotate(point.label, (point.x[0], point.y[0]), xytext=(dx, dy),
                       textcoords="offset points", ha=ha, va=va)
    if row:
        step = (name.get_window_extent(renderer).height + 2 * gap) / renderer.points_to_pixels(1)
        name.xyann = (dx, dy + row * step * (1 if dy > 0 else -1))
    box = name.get_window_extent(renderer)
    name.remove()
    return {"xytext": name.xyann, "ha": ha, "va": va}, box


def _no_side(x: float, y: float, one_place: bool, width_in: float) -> str:
    """Why a point's name has no place, and what to do: three methods at exactly one place
    (a tie of rounded numbers: more decimals part them, and distinct points are named beside
    each other); else the points, the panel's frame and its quadrant names leave no side
    free at this width (a wider figure puts the points further apart)."""
    if one_place:
        return (f"at (acc {y:g}, Γ {x:g}) its name would print on another method's above and "
                "under the point (three methods at one place): give the values with the "
                "decimals that tell them apart")
    return (f"at (acc {y:g}, Γ {x:g}) its name finds no free side (above, under or beside: "
            "each prints on another method's name or point, a quadrant name or past the "
            f"panel's frame at {width_in:g} in): build the figure wider (--width)")
