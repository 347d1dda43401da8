"""cifar_diagnostics: per-layer diagnostics of one seed: offline BP cosine, local perturbation correlation, nudging test (seed 004's figure)."""

from __future__ import annotations

import math
from typing import Any

from matplotlib.figure import Figure

from figures.data.checks import mapping, numbers
from figures.data.schema import MapOf, Record, Scalar, Series, Text
from figures.extract.results import ResultsTree
from figures.page import Page, integer_ticks, panel_grid
from figures.plots import _cifar as cifar
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
                          f"missing: {cifar.LABELS[method]} is left out of that panel")
    return {"seed": run.seed, "nudging_eta": cifar.NUDGING_ETA, **panels}


#: Designed for the text width: the three diagnostics in a row.
SLOTS = ('text',)


@themed(DEFAULT_RC)
def render(data: dict[str, Any]) -> Figure:
    fig = new_figure(figsize=(18, 5))
    axes = fig.subplots(1, 3)
    for ax, (key, ylabel, title, zero_line) in zip(axes, cifar.DIAGNOSTIC_PANELS, strict=True):
        for method, values in data[key].items():
            cifar.per_layer_line(ax, range(len(values)), values, method)
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
    from figures.plots._caption import Claims

    c = Claims()
    return c.caption(f"CIFAR-10 per-layer diagnostics (seed {c.value(data['seed'])}); nudging "
                     f"test at η={c.value(data['nudging_eta'])}.")


#: The panels' titles (longest first) and y labels on a page.
PAGE_PANELS = {"bp_cosine": (("(a) offline BP cosine", "(a) BP cosine"), "cosine"),
               "perturbation_rho": (("(b) perturbation correlation", "(b) perturbation $\\rho$",
                                     "(b) $\\rho$"), "$\\rho$"),
               "nudging": (("(c) nudging test (negative: good)", "(c) nudging (<0: good)",
                            "(c) nudging"),
                           "nudge $\\Delta$")}
#: Panels at least this wide (three in a row from 4.5 in), data areas this share of it tall.
PANEL_MIN_IN, PANEL_ASPECT = 1.5, 0.55
#: Two panels of 1.5 in, their labels beside them.
SMALLEST_WIDTH_IN = 3.0


def _for_page(data: dict[str, Any], page: Page) -> Figure:
    """Three panels over whole-number layers, reflowed for the width, every layer marked;
    the zero line thin and solid (no dash to mistake for a method's); one legend above."""
    fig, axes = page.grid(3, min_panel_in=PANEL_MIN_IN, aspect=PANEL_ASPECT)
    for ax, (key, _, _, zero_line) in zip(axes, cifar.DIAGNOSTIC_PANELS, strict=True):
        titles, ylabel = PAGE_PANELS[key]
        exponent = _small_decade(data[key].values())
        for method, values in data[key].items():
            cifar.page_line(ax, range(len(values)), [v / 10.0 ** exponent for v in values],
                            method, every_point=True)
        if exponent:
            ylabel = f"{ylabel} ($\\times 10^{{{exponent}}}$)"
        page.title(ax, *titles)
        ax.set_ylabel(ylabel)
        ax.set_xlabel("layer")
        integer_ticks(ax.xaxis)
        panel_grid(ax)
        if zero_line:
            ax.axhline(0, color="#52514e", lw=page.line_pt - 0.25, zorder=1)
    page.legend(fig)
    return fig


def _small_decade(series) -> int:
    """The decade of a quantity under 0.1 (nudging deltas), moved to the axis label: ticks
    read -0.25, not -0.0025."""
    peak = max((abs(v) for values in series for v in values), default=0.0)
    exponent = math.floor(math.log10(peak)) if peak > 0 else 0
    return exponent if exponent <= -2 else 0


#: Cosines and correlations lie in [-1, 1]; every method has a value per layer.
_CORRELATION = Series(within=(-1, 1), bounded_by="a cosine or correlation")
SCHEMA = Record({
    "seed": Scalar(), "nudging_eta": Text(),
    "bp_cosine": MapOf(_CORRELATION, known=cifar.METHODS, equal_lengths=True),
    "perturbation_rho": MapOf(_CORRELATION, known=cifar.METHODS, equal_lengths=True),
    "nudging": MapOf(Series(), known=cifar.METHODS, equal_lengths=True),
})
