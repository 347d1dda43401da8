"""Figure 3b, cross-architecture temporal evolution (seed 000): one row per architecture
(:data:`ROWS`, labels in the figdata), columns ``||h_L||``, ``||g_L||`` and test accuracy over
epochs, for BP, FA and DFA.

Missing norms: seed 000 draws a flat 1.0 when a log has none of the accepted keys; extract
keeps that picture but warns and records it under ``"placeholder"``. The key is chosen from a
log's first record; a later record without it, or a bad norm, is an error naming it.
"""

from __future__ import annotations

import warnings
from typing import Any

import matplotlib as mpl
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from figures.data.checks import get, number
from figures.data.schema import Epochs, ListOf, MapOf, Record, Seed, Series, Text
from figures.errors import FigureDataError, FigureDataWarning
from figures.extract.results import ResultsTree, first_key, layer_series, log_epochs, log_records
from figures.page import (
    INTEGER_STEPS,
    LABEL_DPI,
    LEGEND_IN,
    ROW_DECOR_IN,
    YLABELS_IN,
    Page,
    integer_ticks,
    log_axis,
    panel_grid,
)
from figures.plots._caption import Claims
from figures.plots._model import PAPER, Curve, page_curves, seed_curve
from figures.style import PAPER_RC, markevery, new_figure, paper_grid, themed

METHODS = ("BP", "FA", "DFA")

#: Per row: label, the BP/DFA run (``bp_log``, ``dfa_log``) and the FA run (``fa_log``).
ROWS = (
    ("ViT-Mini", "snapshot_vit_v1/snapshot_vit_s42.json",
     "snapshot_vit_v1/snapshot_fa_canonical_s42.json"),
    ("ResMLP no-LN", "snapshot_no_outln_v1/snapshot_noLN_s42.json",
     "snapshot_no_outln_v1/snapshot_fa_canonical_noln_s42.json"),
    ("StudentNet", "snapshot_synth_v1/snapshot_synth_a1.0_L4_s42.json",
     "snapshot_synth_v1/snapshot_fa_canonical_s42.json"),
)
SEED = 42
#: Accepted key variants, in the seed's order of preference; the last layer ``[-1]`` is taken.
H_KEYS = ("hidden_norms", "hidden_norms_cls")
G_KEYS = ("bp_grad_norms_per_sample_med", "bp_grad_per_sample_l2_med")
#: Seed 000's stand-in for a series whose keys are all missing.
PLACEHOLDER = 1.0

FIGSIZE = (10.5, 7.2)
LAYOUT = {"wspace": 0.35, "hspace": 0.40, "left": 0.10, "right": 0.97, "bottom": 0.07,
          "top": 0.93}
LINEWIDTH = 1.5
G_YLIM = (1e-12, 5e-2)  # shared across rows for comparison
TITLES = ("$\\|h_L\\|$ (residual norm)", "$\\|g_L\\|$ (BP gradient at $h_L$)", "Test accuracy")
YLABELS = ("$\\|h_L\\|_2$", "$\\|g_L\\|_2$", "Test accuracy")
ROW_LABEL_OFFSET = (-55, 0)  # points left of the row's first axes


def extract(tree: ResultsTree) -> dict[str, Any]:
    rows = []
    for arch, main_file, fa_file in ROWS:
        runs = {"BP": (main_file, "bp_log"), "FA": (fa_file, "fa_log"),
                "DFA": (main_file, "dfa_log")}
        methods = {m: _series(tree, *runs[m]) for m in METHODS}
        rows.append({"arch": arch, "methods": methods})
    return {"seed": SEED, "rows": rows}


def _series(tree: ResultsTree, file: str, log_key: str) -> dict[str, Any]:
    """Epochs, last-layer ``||h_L||``, last-layer ``||g_L||`` and accuracy of one log."""
    log = log_records(tree.load(file), log_key, file)
    out: dict[str, Any] = {"source": f"{file}: {log_key}",
                           "epochs": log_epochs(log, log_key, file)}
    placeholder = {}
    for name, keys in (("h_L", H_KEYS), ("g_L", G_KEYS)):
        key = first_key(log[0], keys)
        if key is None:
            message = (f"none of {', '.join(keys)}; {name} drawn as a constant {PLACEHOLDER} "
                       "(seed 000's fallback)")
            tree.warn(file, f"{log_key}[0]", message)
            out[name] = [PLACEHOLDER] * len(log)
            placeholder[name] = f"none of {', '.join(keys)} in the log"
        else:
            out[name] = layer_series(log, (key,), -1, file, log_key)
    out["acc"] = [number(get(rec, "acc_eval", file, f"{log_key}[{i}]"), file,
                         f"{log_key}[{i}].acc_eval") for i, rec in enumerate(log)]
    if placeholder:
        out["placeholder"] = placeholder
    return out


#: Designed for the text width: a row of three panels per architecture.
SLOTS = ("text",)
#: Column titles on a page (the y labels name the architecture).
PAGE_TITLES = (("$\\|h_L\\|_2$ (residual norm)", "$\\|h_L\\|_2$"),
               ("$\\|g_L\\|_2$ (BP gradient)", "$\\|g_L\\|_2$"), ("test accuracy", "accuracy"))
#: A panel's data area this share of its width tall; inner rows share their x labels.
PANEL_ASPECT = 0.42
#: Three panels of 1.1 in: their log axes keep a tick label per decade apart.
SMALLEST_WIDTH_IN = 3.25


#: The columns, left to right: what each row draws of its runs.
COLUMNS = ("h_L", "g_L", "acc")


def model(data: dict[str, Any]) -> list[tuple[list[Curve], ...]]:
    """Per row, per column, each method's series over its epochs: what both layouts draw (a
    ||g_L|| value off the shared axis said once)."""
    for r, row in enumerate(data["rows"]):
        _warn_off_axis(row["methods"], f"rows[{r}].methods", "g_L", G_YLIM)
    return [tuple([Curve(PAPER[m], row["methods"][m]["epochs"], row["methods"][m][series])
                   for m in METHODS] for series in COLUMNS) for row in data["rows"]]


@themed(PAPER_RC)
def render(data: dict[str, Any]) -> Figure:
    rows = data["rows"]
    fig = new_figure(figsize=FIGSIZE)
    axes = fig.subplots(len(rows), 3, squeeze=False)
    fig.subplots_adjust(**LAYOUT)
    for r, (row, columns) in enumerate(zip(rows, model(data), strict=True)):
        # ||h_L|| and ||g_L|| on log axes (||g_L||: one y range for all rows), then accuracy;
        # the legend on the top row's first panel
        for c, (ax, curves) in enumerate(zip(axes[r], columns, strict=True)):
            for curve in curves:
                seed_curve(ax, curve, plot=ax.semilogy if c < 2 else ax.plot,
                           linewidth=LINEWIDTH)
            if c == 1:
                ax.set_ylim(*G_YLIM)
            ax.set_ylabel(YLABELS[c])  # titles on the top row, "Epoch" on the bottom one
            if r == 0:
                ax.set_title(TITLES[c])
            if r == c == 0:
                ax.legend(loc="center right", fontsize=7)
            if r == len(rows) - 1:
                ax.set_xlabel("Epoch")
            paper_grid(ax, log_scale=c < 2)
        axes[r][0].annotate(row["arch"], xy=(0, 0.5), xytext=ROW_LABEL_OFFSET,
                            xycoords="axes fraction", textcoords="offset points", fontsize=9,
                            fontweight="bold", rotation=90, ha="center", va="center")
    return fig


def caption(data: dict[str, Any]) -> str:
    c = Claims()
    seed = f" (seed {c.value(data['seed'])})" if "seed" in data else ""
    return c.caption(
        f"Rows: {', '.join(c.name(row['arch']) for row in data['rows'])}{seed}. Columns: "
        "last-layer residual norm ||h_L||, BP gradient norm ||g_L|| at h_L (one axis for all "
        "rows), test accuracy; BP, FA and DFA over epochs.")


#: Markers per inch of a panel's width (at most the style's eight per line).
MARKS_PER_IN = 5


def _for_page(data: dict[str, Any], page: Page) -> Figure:
    """One row per architecture, each column one x and y scale (rows compare), one legend
    above; the height follows the rows (tueplots' way)."""
    rows = data["rows"]
    fig = page.figure((len(rows) * (page.width_in / 3 * PANEL_ASPECT + ROW_DECOR_IN / 2)
                       + ROW_DECOR_IN + LEGEND_IN) / page.width_in)
    axes = fig.subplots(len(rows), 3, squeeze=False, sharex="col", sharey="col")
    # markers per line by the panel's width: at 3.25 in eight made chains that hid the dashes
    marks = max(3, round((page.width_in / 3 - YLABELS_IN / 2) * MARKS_PER_IN))
    for r, (row, columns) in enumerate(zip(rows, model(data), strict=True)):
        for c, (series, curves) in enumerate(zip(COLUMNS, columns, strict=True)):
            ax = axes[r][c]
            for curve in curves:
                n = len(curve.y)
                page_curves(ax, [curve], every=max(markevery(n), round(n / marks)))
            # at least three labelled values per panel: at 3.25 in a 0.6 in axis held two
            if series != "acc":
                log_axis(ax)
            else:
                ax.yaxis.set_major_locator(MaxNLocator("auto", steps=INTEGER_STEPS,
                                                       min_n_ticks=3))
            panel_grid(ax)
            integer_ticks(ax.xaxis)
            if r == len(rows) - 1:
                ax.set_xlabel("epoch")
        axes[r][1].set_ylim(*G_YLIM)
        axes[r][0].set_ylabel(row["arch"], fontweight="bold")
    page.titles(axes[0], PAGE_TITLES)  # one form: at 4.75 in a short one beside two long
    page.legend(fig, axes[0][0])
    _fit_row_names(fig, [axes[r][0] for r in range(len(rows))], page)
    return fig


#: Apart from its neighbours' (and inside the figure) by at least this, as `figures check`
#: asks of any two texts (MIN_TEXT_GAP_PT in figures/preflight/rules.py).
ROW_NAME_GAP_PT = 1.0


def _fit_row_names(fig: Figure, column: list[Any], page: Page) -> None:
    """One line naming ``data.rows[N].arch`` where a row's name, bold and vertical beside its
    row, meets the next row's name or runs past the legend or the figure's top or foot,
    measured on the laid-out figure at the width being built: at 3.25 in "Vision Transformer
    Mini" ran over the next row's name and a longer one was cut, built at exit 0 while
    `figures check` failed them (round 48c W21). A name may reach into a neighbour's share
    where that one's name is short (the paper's "ResMLP no-LN" does at 3.25 in: the rows
    compare names, not a fixed share); one broken onto two lines with \\n is shorter. On a
    page too short for the figure the rows are squeezed and the names meet whatever they say:
    the build's height refusal names the cause (round 47c W19), so no name is blamed here."""
    if page.cut_short(fig) is not None:
        return
    screen_dpi = fig.dpi  # measured as `figures check` measures: unhinted, at print dpi (at
    fig.set_dpi(LABEL_DPI)  # 100 dpi the hinting made a name 2 pt longer or shorter), with
    engine = fig.get_layout_engine()  # the synthetic stamp's strip under the panels set
    rect = engine.get()["rect"]  # aside, as Page.hold_labels does (the rows ~1 pt shorter)
    engine.set(rect=(0, page.strip_in / fig.get_figheight(), 1,
                     1 - page.strip_in / fig.get_figheight()))
    try:
        with mpl.rc_context({"text.hinting": "no_hinting"}):
            fig.draw_without_rendering()  # the layout: the rows' places and the legend's
            renderer = fig.canvas.get_renderer()
            names = [ax.yaxis.label.get_window_extent(renderer) for ax in column]
            top = min([fig.bbox.y1, *(legend.get_window_extent(renderer).y0
                                      for legend in fig.legends)])
            foot, top_edge, dpi = fig.bbox.y0, fig.bbox.y1, fig.dpi
    finally:
        engine.set(rect=rect)
        fig.set_dpi(screen_dpi)
    gap = ROW_NAME_GAP_PT * dpi / 72
    labels = [ax.yaxis.label.get_text() for ax in column]
    # at least ROW_NAME_GAP_PT apart: overlapping, or closer, is what `check` fails
    for low in range(1, len(names)):
        apart = (names[low - 1].y0 - names[low].y1) * 72 / dpi
        if apart < ROW_NAME_GAP_PT:  # which of the two was renamed is not known: both named
            raise FigureDataError("fig3b_crossarch_3row.json", f"data.rows[{low - 1}].arch", (
                f"{labels[low - 1]!r} ({names[low - 1].height / dpi:.2f} in) and "
                f"data.rows[{low}].arch {labels[low]!r} ({names[low].height / dpi:.2f} in), "
                f"bold beside their rows, {'overlap' if apart <= 0 else f'come {apart:.1f} pt apart'} at "
                f"{page.width_in:g} in wide: shorten one, or break it onto two lines with \\n"))
    edge = ((0, "runs past the figure's top" if names[0].y1 > top_edge - gap else
             "runs into the legend") if names[0].y1 > top - gap else
            (len(names) - 1, "runs past the figure's foot") if names[-1].y0 < foot + gap else
            None)
    if edge is not None:
        r, what = edge
        raise FigureDataError("fig3b_crossarch_3row.json", f"data.rows[{r}].arch", (
            f"sets {names[r].height / dpi:.2f} in tall (bold, beside its row) and {what} "
            f"at {page.width_in:g} in wide: shorten it, or break it onto two lines with \\n"))


def _warn_off_axis(methods: dict[str, Any], where: str, series: str,
                   limits: tuple[float, float]) -> None:
    """The g_L axis is fixed, as in the paper's script: values beyond it are drawn off the
    panel, with a warning naming the key (not for a recorded placeholder)."""
    low, high = limits
    for m in METHODS:
        if series in methods[m].get("placeholder", {}):
            continue  # the seed's constant fallback, recorded and warned about by extract
        outside = [v for v in methods[m][series] if not low <= v <= high]
        if outside:
            warnings.warn(FigureDataWarning(
                f"data.{where}.{m}.{series}",
                f"{len(outside)} value(s) outside the shared axis [{low:g}, {high:g}] (e.g. "
                f"{outside[0]:g}) are drawn off the panel"), stacklevel=2)


_RUN = Record(
    {"epochs": Epochs(), "h_L": Series(positive=True), "g_L": Series(positive=True),
     "acc": Series(),
     # Norms the log lacked, drawn as the seed's constant fallback (see the module's doc).
     "placeholder": MapOf(Text(), known=("h_L", "g_L"))},
    optional=("placeholder",),
    same_length=[("epochs", "h_L", "g_L", "acc")],
)
#: A row named empty or blank drew its panels with no name beside them (round 49c W4).
ARCH_BLANK = "name the row's architecture (it is printed beside the row)"
SCHEMA = Record({"rows": ListOf(Record({"arch": Text(min_length=1, blank_why=ARCH_BLANK),
                                         "methods": MapOf(_RUN, keys=METHODS, known=METHODS)}),
                                 max_length=len(ROWS),
                                 max_reason=f"the figure's size is fixed for {len(ROWS)} rows"),
                 "seed": Seed()},  # the run the rows come from (not drawn)
                optional=("seed",))
