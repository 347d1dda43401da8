"""cifar_diagnostics: per-layer diagnostics of one seed: offline BP cosine, local perturbation correlation, nudging test (seed 004's figure)."""

from __future__ import annotations

import math
from typing import Any

from matplotlib.figure import Figure

from figures.data.checks import mapping, numbers
from figures.data.schema import MapOf, Matches, Record, Seed, Series
from figures.extract.results import ResultsTree
from figures.page import MUTED_TEXT, Page, integer_ticks, log_axis, panel_grid
from figures.plots import _cifar as cifar
from figures.plots._caption import Claims
from figures.plots._model import Curve, page_curves, seed_curve
from figures.style import DEFAULT_RC, legend, new_figure, themed


def extract(tree: ResultsTree) -> dict[str, Any]:
    """Per diagnostic, the per-layer values of each method that has it (one seed)."""
    (run,) = cifar.load_runs(tree, (cifar.SINGLE_SEED,))
    panels: dict[str, dict[str, list[float]]] = {key: {} for key in cifar.DIAGNOSTICS}
    for method in cifar.METHODS:
        diag = run.section(method, "diagnostics")
        for key in ("bp_cosine", "perturbation_rho"):
            if key in diag:
                panels[key][method] = numbers(diag[key], run.file,
                                               run.where(method, "diagnostics", key))
        if "nudging" in diag:
            nudging = mapping(diag["nudging"], run.file, run.where(method, "diagnostics",
                                                                   "nudging"))
            if cifar.NUDGING_ETA in nudging:
                panels["nudging"][method] = numbers(
                    nudging[cifar.NUDGING_ETA], run.file,
                    run.where(method, "diagnostics", "nudging", cifar.NUDGING_ETA))
        for key, panel in panels.items():  # drawn as the seed draws it, but never unsaid
            if method not in panel:
                at = (key, cifar.NUDGING_ETA) if key == "nudging" else (key,)
                tree.warn(run.file, run.where(method, "diagnostics", *at),
                          f"missing: {cifar.METHOD[method].label} is left out of that panel")
    return {"seed": run.seed, "nudging_eta": cifar.NUDGING_ETA, **panels}


#: Designed for the text width: the three diagnostics in a row.
SLOTS = ('text',)


@themed(DEFAULT_RC)
def render(data: dict[str, Any]) -> Figure:
    fig = new_figure(figsize=(18, 5))
    axes = fig.subplots(1, 3)
    for ax, (key, ylabel, title, zero_line) in zip(axes, cifar.DIAGNOSTIC_PANELS, strict=True):
        for curve in cifar.per_layer(data[key]):
            seed_curve(ax, curve, "o-", markersize=cifar.MARKER_SIZE)
        ax.set_xlabel("Layer")
        ax.set_ylabel(ylabel)
        ax.set_title(title.format(eta=data["nudging_eta"]))
        legend(ax, key, fontsize=9)
        ax.grid(True, alpha=cifar.GRID_ALPHA)
        if zero_line:
            ax.axhline(y=0, **cifar.ZERO_LINE)
    fig.suptitle(f"CIFAR-10 Per-Layer Diagnostics (seed {data['seed']})", fontsize=14, y=1.02)
    fig.tight_layout()
    return fig


def caption(data: dict[str, Any]) -> str:
    """The suptitle and the nudging step, which a page leaves to the caption."""
    c = Claims()
    within = [_linear_within(cifar.per_layer(data[key])) for key in ("bp_cosine", "perturbation_rho")]
    scales = {w: "a log axis" if w is None else
              f"an axis linear within {c.value(w, sci=True)} of zero, logarithmic beyond"
              for w in dict.fromkeys(within)}  # each scale said once
    axes = (f"(a, b) on {scales[within[0]]}" if len(scales) == 1 else
            f"(a) on {scales[within[0]]}, (b) on {scales[within[1]]}")
    return c.caption(f"CIFAR-10 per-layer diagnostics (seed {c.value(data['seed'])}), "
                     f"{axes}; nudging test at η={c.value(data['nudging_eta'])}: a "
                     "point per layer, the bar across a method's points their mean.")


#: The panels' titles (longest first) and y labels on a page.
PAGE_PANELS = {"bp_cosine": (("(a) offline BP cosine", "(a) BP cosine"), "cosine"),
               "perturbation_rho": (("(b) perturbation correlation", "(b) perturbation $\\rho$",
                                     "(b) $\\rho$"), "$\\rho$"),
               "nudging": (("(c) nudging test (negative: good)", "(c) nudging (<0: good)",
                            "(c) nudging"),
                           "nudge $\\Delta$")}
#: Panels at least this wide, data areas this share of it tall: three in a row from 6 in, (a)
#: and (b) over (c) across the width below (three in a row at 5 in left 0.7 in of data).
PANEL_MIN_IN, PANEL_ASPECT = 1.5, 0.6
#: Two panels of 1.5 in, their labels beside them.
SMALLEST_WIDTH_IN = 3.0
#: A method's strip in (c), in inches of data area; the methods' names beside the strips.
STRIP_IN, NAMES_IN = 0.2, 0.85


def _for_page(data: dict[str, Any], page: Page) -> Figure:
    """(a) and (b) over whole-number layers, every layer marked, on a log axis where every
    value is positive (DFA and State Bridge near 0.01 were squashed under BP's 1.0); (c) a
    strip per method, a point per layer (the two that hover about 0 crossed eight times as
    lines); the zero line thin and solid; one legend above."""
    fig, axes = page.grid(3, min_panel_in=PANEL_MIN_IN, aspect=PANEL_ASPECT,
                          most=3 if page.wide else 2)
    for ax, (key, *_) in zip(axes[:2], cifar.DIAGNOSTIC_PANELS, strict=False):
        titles, ylabel = PAGE_PANELS[key]
        curves = cifar.per_layer(data[key])
        page_curves(ax, curves, every=None)
        linear_within = _linear_within(curves)
        if linear_within is None:
            log_axis(ax)
        else:  # near-zero series read on either side of 0, not squashed under BP's 1.0
            ax.set_yscale("symlog", linthresh=linear_within, linscale=1)
            ax.axhline(0, color=MUTED_TEXT, lw=page.line_pt - 0.25, zorder=1)
        page.title(ax, *titles)
        ax.set_ylabel(ylabel)
        ax.set_xlabel("layer")
        integer_ticks(ax.xaxis)
        panel_grid(ax)
    _page_strips(axes[2], cifar.per_layer(data["nudging"]), page)
    if not page.wide:  # (c) below: its row as tall as its strips need, the figure shorter
        has = page.width_in / 2 * PANEL_ASPECT
        page.row_height(fig, axes[2], has, min(has, STRIP_IN * len(data["nudging"]) + 0.1))
    page.legend(fig)
    return fig


def _page_strips(ax, curves: list[Curve], page: Page) -> None:
    """The nudging deltas: a row per method, a point per layer (open, the method's marker)
    and the layers' mean as a bar across them; in units of their decade."""
    titles, label = PAGE_PANELS["nudging"]
    exponent = _small_decade(curve.y for curve in curves)
    for row, curve in enumerate(curves):
        values = [v / 10.0 ** exponent for v in curve.y]
        style = curve.entry.style
        y = len(curves) - 1 - row
        ax.plot(values, [y] * len(values), linestyle="none", marker=style.marker,
                color=style.color, markerfacecolor="white", markersize=4,
                markeredgewidth=page.thin_pt * 2)
        mean = sum(values) / len(values)
        ax.plot([mean, mean], [y - 0.3, y + 0.3], color="black", lw=page.line_pt)
    ax.axvline(0, color=MUTED_TEXT, lw=page.line_pt - 0.25, zorder=1)
    ax.set_yticks(range(len(curves)), [curve.label for curve in reversed(curves)])
    ax.set_ylim(-0.6, len(curves) - 0.4)
    room = page.panel_in(ax) - NAMES_IN
    label = f"{label} ($\\times 10^{{{exponent}}}$)" if exponent else label
    ax.set_xlabel(page.fitting(room, f"{label}, a point per layer", label,
                               size_pt=page.label_pt))
    ax.set_title(page.fitting(room, *titles), loc="left")  # beside the methods' names
    panel_grid(ax, "x")


def _linear_within(curves: list[Curve]) -> float | None:
    """None where every value is positive (a log axis); else the decade of the most negative
    value (0: a hundredth), within which the axis is linear, logarithmic beyond."""
    low = min(v for curve in curves for v in curve.y)
    if low > 0:
        return None
    return 10.0 ** math.floor(math.log10(-low)) if low < 0 else 0.01


def _small_decade(series) -> int:
    """The decade of a quantity under 0.1 (nudging deltas), moved to the axis label: ticks
    read -0.25, not -0.0025."""
    peak = max((abs(v) for values in series for v in values), default=0.0)
    exponent = math.floor(math.log10(peak)) if peak > 0 else 0
    return exponent if exponent <= -2 else 0


#: Cosines and correlations lie in [-1, 1]; every method has a value per layer.
_CORRELATION = Series(within=(-1, 1), bounded_by="a cosine or correlation")
#: The nudging test's step size, as the logs key it ("0.01"): printed in the caption as the
#: experiment's η, so a positive number, not any label (round 48c, W30: ``η=abc``). Its value
#: is checked, not only its spelling (round 49c, W17): a mantissa of zeros is refused ("0",
#: "0.000": a step that nudges nothing), and so is an exponent of three digits ("1e-400" is 0
#: as a float, "1e308" no step); digits are ASCII ([0-9], not ``\d``, which took "٠.٠١").
NUDGING_STEP = Matches(r"(?![0.]*(?:[eE]|$))(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]{1,2})?",
                       'a positive number in quotes, as the logs key it ("0.01"): ASCII '
                       "digits, not 0, an exponent of two digits at most", max_length=40)


SCHEMA = Record({
    "seed": Seed(), "nudging_eta": NUDGING_STEP,
    "bp_cosine": MapOf(_CORRELATION, known=cifar.METHODS, equal_lengths=True),
    "perturbation_rho": MapOf(_CORRELATION, known=cifar.METHODS, equal_lengths=True),
    "nudging": MapOf(Series(), known=cifar.METHODS, equal_lengths=True),
})
