"""Figure 4, penalty rescue and capacity-cost control (seed 003): (a) vanilla DFA's residual
norm against DFA with the residual penalty, BP-gradient norms on a twin log axis (extracted);
(b) deep-layer cosine and ρ, (c) the 2×2 BP/DFA × penalty control (paper literals, PAPER_KEYS).

Kept from the seed on purpose: the penalised run logs ``g_2_norm`` (layer 2), drawn on the
same twin axis as vanilla DFA's last-layer ``||g_L||``; the figdata names it ``g_2``.
"""

from __future__ import annotations

import math
import warnings
from typing import Any

import numpy as np
from matplotlib.figure import Figure
from matplotlib.transforms import Affine2D

from figures.data.checks import number_at
from figures.data.schema import Epochs, ListOf, MapOf, Number, Record, Seed, Series, Text
from figures.errors import FigureDataWarning
from figures.extract.results import ResultsTree, layer_series, log_epochs, log_records
from figures.page import MUTED_TEXT, Page, integer_ticks, log_axis, panel_grid
from figures.plots._caption import Claims, plain
from figures.plots._model import Curve, Entry, page_curves, seed_curve
from figures.plots._names import fitted_names, titles_inside
from figures.plots._rows import keep_row
from figures.style import DEFAULT_RC, METHOD_STYLE, NEUTRAL_FILLS, new_figure, themed

#: Top-level data keys carried over unchanged from the existing figdata on extraction.
PAPER_KEYS = ("panel_a_paper", "panel_b", "panel_c")

VANILLA_RUN = ("snapshot_evolution_v2/snapshot_evolution_s42.json", "dfa_log")
PENALIZED_RUN = ("dfa_residual_penalty/dfa_pen_lam0.01_s42.json", "log")
SEED = 42

FIGSIZE = (13, 6.0)
BAR_WIDTH = 0.35
COS_COLOR, RHO_COLOR = "#4682b4", "#7da76f"
NO_PEN_COLOR, WITH_PEN_COLOR = "#4682b4", "#cc4444"
PANEL_C_METHODS = ("BP", "DFA")
#: Each method's two accuracies in (c) (the page's (d)), left and right.
PENALTY = ("no_penalty", "with_penalty")
B_YLIM = (-0.1, 1.1)
C_YLIM = (0, 0.7)


def extract(tree: ResultsTree) -> dict[str, Any]:
    return {"panel_a": {"seed": SEED, "vanilla": _vanilla(tree), "penalized": _penalized(tree)}}


def _vanilla(tree: ResultsTree) -> dict[str, Any]:
    file, key = VANILLA_RUN
    log = log_records(tree.load(file), key, file)
    return {"source": f"{file}: {key}; h_L = hidden_norms[-1], "
                      "g_L = bp_grad_norms_per_sample_med[-1]",
            "epochs": log_epochs(log, key, file),
            "h_L": layer_series(log, ("hidden_norms",), -1, file, key),
            "g_L": layer_series(log, ("bp_grad_norms_per_sample_med",), -1, file, key)}


def _penalized(tree: ResultsTree) -> dict[str, Any]:
    file, key = PENALIZED_RUN
    log = log_records(tree.load(file), key, file)
    out: dict[str, Any] = {
        "source": f"{file}: {key}; h_L = h_L_norm, g_2 = g_2_norm (layer 2, drawn on the "
                  "||g_L|| axis as in seed 003)",
        "epochs": log_epochs(log, key, file), "h_L": [], "g_2": [],
    }
    for i, rec in enumerate(log):
        where = f"{key}[{i}]"
        out["h_L"].append(number_at(rec, "h_L_norm", file, where, positive=True))
        out["g_2"].append(number_at(rec, "g_2_norm", file, where, positive=True))
    return out


#: Designed for the text width: a 2x2 grid (the twin axis of panel (a) split in two).
SLOTS = ("text",)
#: The penalty of the run drawn, as both layouts name it.
LAMBDA = "$\\lambda{=}10^{-2}$"
#: The two runs of (a): the page's name (the gradient's layer in it) and style (the penalised
#: run a condition of DFA with its own colour), seed 003's colour and ||h_L|| marker.
RUNS = {"vanilla": Entry("vanilla DFA ($L$)", "C3", "o", METHOD_STYLE["DFA"]),
        "penalized": Entry(f"DFA + penalty {LAMBDA} ($l{{=}}2$)", "C2", "s",
                           METHOD_STYLE["DFA + penalty"])}
#: The gradient each run logs (vanilla DFA its last layer, the penalised run layer 2: seed 003
#: draws both on one axis), and its marker there.
GRADIENT = {"vanilla": ("g_L", "^"), "penalized": ("g_2", "v")}


def model(data: dict[str, Any]) -> tuple[list[Curve], list[Curve]]:
    """(a) each run's ||h_L|| and (b) its gradient norm over its epochs."""
    runs = data["panel_a"]
    return ([Curve(entry, runs[name]["epochs"], runs[name]["h_L"])
             for name, entry in RUNS.items()],
            [Curve(entry, runs[name]["epochs"], runs[name][GRADIENT[name][0]])
             for name, entry in RUNS.items()])


@themed(DEFAULT_RC)
def render(data: dict[str, Any]) -> Figure:
    fig = new_figure(figsize=FIGSIZE)
    axes = fig.subplots(1, 3)
    _trajectory(axes[0], *model(data), data["panel_a_paper"])
    _alignment(axes[1], data["panel_b"]["conditions"])
    _capacity_cost(axes[2], data["panel_c"])
    fig.tight_layout()
    return fig


def caption(data: dict[str, Any]) -> str:
    """What a page leaves to the caption, every number and relation computed from the data
    (figures/plots/_caption.py)."""
    c = Claims()
    runs, acc = data["panel_a"], data["panel_c"]["accuracy"]
    conditions = data["panel_b"]["conditions"]
    labels = [cond["label"] for cond in conditions]
    seed, lam = data["panel_a"].get("seed"), _penalty(runs["penalized"])
    run = ", ".join(([f"λ = {c.value(lam, sci=True)}"] if lam else [])
                    + ([f"seed {c.value(seed)}"] if seed is not None else []))
    run = f" ({run})" if run else ""
    bare = [c.name(label) if not (cond["cos_err"] or cond["rho_err"]) else
            f"{'ρ' if cond['cos_err'] else 'the cosine'} of {c.name(label)}"
            for label, cond in zip(labels, conditions, strict=True)
            if not cond["cos_err"] or not cond["rho_err"]]
    errors = (f"; the source gives an error of zero for {', '.join(bare)}: no error bar"
              if bare else "")
    baseline, pp = data["panel_c"]["frozen_baseline"], {
        m: {k: 100 * v for k, v in acc[m].items()} for m in ("BP", "DFA")}
    bp, dfa = pp["BP"]["with_penalty"], pp["DFA"]["with_penalty"]
    # BP ahead with the penalty on both: the gap the penalty leaves is credit quality
    lead = c.difference(bp, dfa, 0, "DFA leads BP by {}", "BP leads DFA by {}",
                        "BP and DFA are level", unit=" pp")
    credit = ", which is credit quality" if lead.startswith("BP leads") else ""
    return c.caption(
        f"(a, b) With the residual penalty{run}, DFA's final ||h_L|| "
        + c.change(runs["penalized"]["h_L"][-1], runs["vanilla"]["h_L"][-1], "is {} below",
                   "is {} above", "is within {} of")
        + " vanilla DFA's; the penalised run's gradient is its layer-2 norm, as in the paper's script; "
        f"dashed: the gradient floor {c.value(data['panel_a_paper']['grad_floor'], sci=True)}. "
        "(c) Deep-layer alignment per condition, each value printed beside its point, error "
        f"bars the given error{errors}; cosine and ρ (the perturbation correlation) "
        + c.alike([x["cos"] for x in conditions], [x["rho"] for x in conditions], "",
                  labels).strip()
        + ". (d) The 2×2 control: "
        + c.difference(bp, pp["BP"]["no_penalty"], 1, "the penalty lowers BP's accuracy by {}",
                       "the penalty raises BP's accuracy by {}",  # round 42, B19: not "+0.0"
                       "BP's accuracy is level with and without the penalty", unit=" pp")
        + f"; with it, {lead}"
        f"{credit}. Dashed: the frozen baseline, the seed's shallow-model accuracy "
        f"({c.value(baseline)}); DFA with the penalty is "
        + c.difference(dfa, 100 * baseline, 1, "{} below it", "{} above it", "level with it",
                       unit=" pp") + ".")


def _penalty(run: dict[str, Any]) -> float | None:
    """The penalised run's λ, as its source file names it (``dfa_pen_lam0.01_s42.json``)."""
    import re

    found = re.search(r"_lam([0-9.]+(?:e-?[0-9]+)?)_", run.get("source", ""))
    return float(found.group(1)) if found else None


def _trajectory(ax, norms: list[Curve], grads: list[Curve], paper: dict[str, Any]) -> None:
    for curve, label in zip(norms, ("vanilla DFA $\\|h_L\\|$",
                                    f"penalized DFA $\\|h_L\\|$ ({LAMBDA})"), strict=True):
        seed_curve(ax, curve, label=label, lw=1.5, marker=curve.entry.marker, markersize=3)
    ax.set_yscale("log")
    ax.set_xlabel("epoch", fontsize=10)
    ax.set_ylabel("$\\|h_L\\|$ (log)", fontsize=10)
    ax.set_title("(a) penalty contains residual stream\n"
                 f"({paper['rescue_orders_of_magnitude']} OOM rescue)", fontsize=10)
    ax.legend(loc="lower right", fontsize=8)
    ax.grid(True, alpha=0.3, which="both")
    grad_ax = ax.twinx()
    # The penalised run's layer-2 norm, on the same axis (seed 003's picture).
    for curve, label, (_, marker) in zip(grads, ("vanilla $\\|g\\|$", "penalized $\\|g\\|$"),
                                         GRADIENT.values(), strict=True):
        seed_curve(grad_ax, curve, ":", label=label, lw=1, marker=marker, markersize=3)
    floor = paper["grad_floor"]
    grad_ax.axhline(floor, color="black", ls="--", lw=0.8,
                    label=f"$10^{{{round(math.log10(floor))}}}$ floor")
    grad_ax.set_yscale("log")
    grad_ax.set_ylabel("$\\|g_L\\|$ (log)", fontsize=9, color="gray")
    grad_ax.tick_params(axis="y", labelcolor="gray")


def _bar_pairs(ax, rows: list[dict[str, Any]], keys: tuple[str, str], labels: tuple[str, str],
               styles: list[dict[str, Any]]) -> np.ndarray:
    """Two bars a row, side by side: each row's ``keys[0]`` left, ``keys[1]`` right (the seed's
    (b) and (c), the page's (d)); their positions."""
    xpos = np.arange(len(rows))
    for offset, key, label, style in zip((-1, 1), keys, labels, styles, strict=True):
        ax.bar(xpos + offset * BAR_WIDTH / 2, [row[key] for row in rows], BAR_WIDTH, label=label,
               **style)
    return xpos


def _alignment(ax, conditions: list[dict[str, Any]]) -> None:
    xpos = _bar_pairs(ax, conditions, ("cos", "rho"), ("deep cos", "deep $\\rho$"),
                      [{"yerr": [c[f"{key}_err"] for c in conditions], "color": color,
                        "capsize": 3} for key, color in (("cos", COS_COLOR), ("rho", RHO_COLOR))])
    ax.axhline(0, color="black", lw=0.5)
    ax.set_xticks(xpos)
    ax.set_xticklabels([c["label"] for c in conditions], fontsize=8)
    ax.set_ylabel("deep-layer alignment", fontsize=10)
    ax.set_title("(b) two metrics agree across conditions\n(measurement vs random feedback)",
                 fontsize=10)
    ax.legend(loc="upper left", fontsize=8)
    ax.grid(True, axis="y", alpha=0.3)
    ax.set_ylim(*B_YLIM)
    low, high = B_YLIM
    for i, condition in enumerate(conditions):
        for key in ("cos", "rho"):
            value, err = condition[key], condition[f"{key}_err"]
            if value - err < low or value + err > high:  # drawn as the script draws it
                warnings.warn(FigureDataWarning(
                    f"data.panel_b.conditions[{i}].{key}_err",
                    f"the error bar {value:g} ± {err:g} reaches beyond the panel's fixed axis "
                    f"[{low:g}, {high:g}] and is cut there"), stacklevel=2)


def _capacity_cost(ax, panel: dict[str, Any]) -> None:
    acc = panel["accuracy"]
    baseline = panel["frozen_baseline"]
    # Percentage points: what the penalty costs BP, and BP's lead over DFA when both have it.
    bp_cost = 100 * (acc["BP"]["with_penalty"] - acc["BP"]["no_penalty"])
    gap = 100 * (acc["BP"]["with_penalty"] - acc["DFA"]["with_penalty"])
    xpos = _bar_pairs(ax, [acc[m] for m in PANEL_C_METHODS], PENALTY,
                      ("no penalty", f"with penalty {LAMBDA}"),
                      [{"color": NO_PEN_COLOR}, {"color": WITH_PEN_COLOR}])
    ax.axhline(baseline, color="black", ls="--", lw=1, label=f"frozen baseline {baseline}")
    ax.set_xticks(xpos)
    ax.set_xticklabels(PANEL_C_METHODS, fontsize=10)
    ax.set_ylabel("test accuracy", fontsize=10)
    ax.set_title("(c) BP+penalty 2$\\times$2 control\n"
                 f"(BP-pen-cost ${bp_cost:.1f}$pp; gap ${gap:.0f}$pp $=$ credit quality)",
                 fontsize=10)
    ax.legend(loc="upper right", fontsize=8)
    ax.grid(True, axis="y", alpha=0.3)
    ax.set_ylim(*C_YLIM)


# --- drawn for a page: no two data scales share a frame; neutral fills, as blue is BP's -----
PAGE_TITLES = (("(a) residual norm $\\|h_L\\|$", "(a) $\\|h_L\\|$"),
               ("(b) gradient norm $\\|g_l\\|$", "(b) $\\|g_l\\|$"),
               ("(c) deep-layer alignment", "(c) alignment"),
               ("(d) accuracy, 2$\\times$2 control", "(d) 2$\\times$2 control", "(d) control"))
#: Panels at least this wide, two in a row, data areas this share of their width tall, and
#: (a, b)'s at most this tall (in): at 0.5 two curves a panel reached the 4.5 in cap from 6.5 in.
PANEL_MIN_IN, PANEL_ASPECT, CURVES_DATA_IN = 1.55, 0.5, 1.15
#: (a, b)'s data areas at least this tall (in) where a short page gives (c) its rows' need.
PANEL_LEAST_IN = 0.5
#: Two panels of 1.6 in: (c)'s condition names and (b)'s two-line label need no less.
SMALLEST_WIDTH_IN = 3.25
#: (c) a dot plot on a linear axis, each value printed beside its point: the three conditions
#: near 0 (|cos| about 0.01) read by their numbers, not by lengths a log scale would distort.
ALIGN_LIM, ALIGN_TICKS = (-0.08, 1.08), (0, 0.5, 1)
#: Room for two printed values per condition, in lines of the page's small type (a text's
#: box is about 1.3 lines tall; two at ALIGN_OFFSET of a row apart keep 1 pt between them).
ALIGN_LINES_PER_ROW, ALIGN_OFFSET = 2.9, 0.25
#: Most conditions (c) draws: its rows take the height (a) and (b) need, and at the smallest
#: width of every venue (3.25 in; IEEE's 3.467 in at 8 pt) `figures check` passes 8 with the
#: paper's names; 9 put (a)'s log tick labels on each other at IEEE's (round 45c, W20).
MAX_CONDITIONS = 8
CONDITIONS_REASON = "a row each in (c), which takes the height (a) and (b) need"
#: (c)'s markers' size (pt).
MARKER_PT = 4
#: A printed value's clear space (pt) from its point's marker or error cap, whichever is further.
VALUE_GAP_PT = 2


def _for_page(data: dict[str, Any], page: Page) -> Figure:
    """A 2x2 grid: (a) ||h_L|| and (b) ||g|| split from the seed's twin axis, (c) the
    alignment as a dot plot, its values printed, (d) the 2x2 control in greys and hatches."""
    aspect = min(PANEL_ASPECT, CURVES_DATA_IN / (page.width_in / 2))
    fig, axes = page.grid(4, min_panel_in=PANEL_MIN_IN, aspect=aspect, most=2,
                          weights=(1, 1, 2, 1))
    h_ax, g_ax, b_ax, c_ax = axes
    paper = data["panel_a_paper"]
    for ax, curves in zip((h_ax, g_ax), model(data), strict=True):
        page_curves(ax, curves)
        log_axis(ax)
        integer_ticks(ax.xaxis)
        ax.set_xlabel("epoch")
        panel_grid(ax)
    floor = paper["grad_floor"]
    g_ax.axhline(floor, color="black", ls="--", lw=page.line_pt - 0.25,
                 label=f"gradient floor $10^{{{round(np.log10(floor))}}}$")
    h_ax.set_ylabel("$\\|h_L\\|_2$")
    # one axis, two layers (as the seed draws it): the label and the key say whose is which
    g_ax.set_ylabel("$\\|g_l\\|_2$, $l = L$ or 2")
    conditions = data["panel_b"]["conditions"]
    _page_alignment(b_ax, conditions, page)
    # (c)'s row as tall as its printed values need (two lines per condition), the other's kept
    has, need = page.width_in / 2 * aspect, len(conditions) * ALIGN_LINES_PER_ROW * page.small_pt / 72
    if need > has:
        page.row_height(fig, b_ax, has, need)
    _page_control(c_ax, data["panel_c"], page)
    for ax, titles in zip(axes, PAGE_TITLES, strict=True):
        page.title(ax, *titles)
    page.legend(fig, g_ax, b_ax, c_ax)
    titles_inside(fig, axes, PAGE_TITLES, __name__)  # (a)'s log labels can widen it
    keep_row(page, fig, b_ax, need, PANEL_LEAST_IN)  # a page too short: (a, b) give way
    return fig


def _page_alignment(ax, conditions: list[dict[str, Any]], page: Page) -> None:
    """A dot plot: per condition the cosine (filled) over ρ (open), ± its given error, each
    value printed beside its point (right of it, left near 1), condition names on one line."""
    ypos, zero_lw = np.arange(len(conditions))[::-1], page.line_pt - 0.25
    for offset, key, label, marker in ((1, "cos", "cosine", "o"),
                                       (-1, "rho", "$\\rho$ (perturbation corr.)", "D")):
        ys = ypos + offset * ALIGN_OFFSET
        values = [c[key] for c in conditions]
        errors = [c[f"{key}_err"] for c in conditions]
        ax.errorbar(values, ys, xerr=errors, fmt=marker, color="black", ecolor="black",
                    elinewidth=page.thin_pt * 2, capsize=2, markersize=MARKER_PT,
                    markerfacecolor="black" if key == "cos" else "white",
                    markeredgewidth=page.thin_pt * 2, label=label, zorder=3)
        # a diamond's corner reaches size/√2 from its centre, its stroke's miter beyond that
        reach = MARKER_PT / math.sqrt(2) + page.thin_pt * 2
        for value, error, y in zip(values, errors, ys, strict=True):
            text = plain(value, 3) + (f" ± {plain(error, 3)}" if error else "")
            side = 1 if value < 0.5 else -1
            ax.annotate(text, (value, y), xytext=(side * VALUE_GAP_PT, 0),
                        textcoords=_beside(ax, value, y, error, side, reach, page.thin_pt * 2,
                                           page.text_in(text, page.small_pt) * 72, zero_lw),
                        ha="left" if side > 0 else "right", va="center",
                        fontsize=page.small_pt)
    ax.axvline(0, color=MUTED_TEXT, lw=zero_lw, zorder=1)  # a reference line: 1 pt
    names = fitted_names([c["label"] for c in conditions], page, "fig4_penalty_rescue.json",
                         "data.panel_b.conditions[{}].label", "(c)")
    ax.set_yticks(ypos, names)
    ax.set_ylim(ypos[-1] - 0.6, ypos[0] + 0.6)
    ax.set_xticks(ALIGN_TICKS, [f"{tick:g}" for tick in ALIGN_TICKS])
    ax.set_xlim(*ALIGN_LIM)
    ax.set_xlabel("deep-layer alignment")
    panel_grid(ax, "x")


def _beside(ax, value: float, y: float, error: float, side: int, reach_pt: float,
            cap_pt: float, text_pt: float, zero_pt: float):
    """Text coordinates in points from a point's outer edge on ``side`` (1 right, -1 left):
    its marker (``reach_pt`` from the centre) or its error cap, whichever is further, or past
    the zero line (``zero_pt`` wide) where a text ``text_pt`` long would cross it; measured
    when drawn, as the layout fixes the axis' scale."""
    def at(renderer) -> Affine2D:
        scale = renderer.points_to_pixels(1)
        (x0, y0), (x1, _), (zero, _) = ax.transData.transform(
            [(value, y), (value + side * error, y), (0, y)])
        edge = max(abs(x1 - x0) + cap_pt / 2 * scale, reach_pt * scale)
        if 0 < side * (zero - x0) < edge + (VALUE_GAP_PT + text_pt) * scale:
            edge = max(edge, side * (zero - x0) + zero_pt / 2 * scale)
        return Affine2D().scale(scale).translate(x0 + side * edge, y0)
    return at


def _page_control(ax, panel: dict[str, Any], page: Page) -> None:
    xpos = _bar_pairs(ax, [panel["accuracy"][m] for m in PANEL_C_METHODS], PENALTY,
                      ("no penalty", "with penalty"),  # edges at the page's data stroke
                      [{**fill, "linewidth": page.line_pt - 0.25} for fill in NEUTRAL_FILLS[2:4]])
    baseline = panel["frozen_baseline"]
    ax.axhline(baseline, color=MUTED_TEXT, ls="--", lw=page.line_pt - 0.25,
               label=f"frozen baseline {baseline:g}")
    ax.set_xticks(xpos, PANEL_C_METHODS)
    ax.set_ylabel("test accuracy")
    ax.set_ylim(*C_YLIM)
    panel_grid(ax, "y")


SCHEMA = Record({
    "panel_a": Record({
        "vanilla": Record({"epochs": Epochs(), "h_L": Series(positive=True),
                           "g_L": Series(positive=True)}, same_length=[("epochs", "h_L", "g_L")]),
        "penalized": Record({"epochs": Epochs(), "h_L": Series(positive=True),
                             "g_2": Series(positive=True)},
                            same_length=[("epochs", "h_L", "g_2")]),
        "seed": Seed(),  # the run drawn (not drawn itself)
    }, optional=("seed",)),
    "panel_a_paper": Record({"grad_floor": Number(positive=True),
                             "rescue_orders_of_magnitude": Number()}),
    "panel_b": Record({"conditions": ListOf(Record({
        # Cosines and correlations on the fixed axis; error bars are never negative.
        "label": Text(min_length=1, blank_why="name the condition (it is printed on its tick)"),
        "cos": Number(within=(B_YLIM[0], 1)), "cos_err": Number(within=(0, 2)),
        "rho": Number(within=(B_YLIM[0], 1)), "rho_err": Number(within=(0, 2))}),
        max_length=MAX_CONDITIONS, max_reason=CONDITIONS_REASON)}),
    "panel_c": Record({
        "accuracy": MapOf(Record({"no_penalty": Number(within=C_YLIM),
                                  "with_penalty": Number(within=C_YLIM)}),
                          keys=PANEL_C_METHODS, known=PANEL_C_METHODS),
        "frozen_baseline": Number(within=C_YLIM),
    }),
})
