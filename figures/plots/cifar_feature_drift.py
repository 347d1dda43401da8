"""cifar_feature_drift: relative weight change of each block's w1 over training, per method (one seed) (seed 004's figure)."""

from __future__ import annotations

from typing import Any

import numpy as np
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from figures.data.checks import number
from figures.data.schema import Indexes, MapOf, Record, Seed, Series
from figures.errors import FigureDataError
from figures.extract.results import ResultsTree
from figures.page import INTEGER_STEPS, Page, integer_ticks, panel_grid
from figures.plots import _cifar as cifar
from figures.plots._caption import Claims
from figures.plots._model import Curve, page_curves, seed_curve
from figures.style import DEFAULT_RC, legend, new_figure, themed


def extract(tree: ResultsTree) -> dict[str, Any]:
    """Per method that has drift, the relative weight change of each block's ``w1`` (one seed)."""
    (run,) = cifar.load_runs(tree, (cifar.SINGLE_SEED,))
    drift = {}
    for method in cifar.METHODS:
        section = run.section(method, "drift")
        blocks = sorted((_block_number(m[1], run, method, key), key) for key in section
                        if (m := cifar.DRIFT_KEY.fullmatch(key)))
        _check_contiguous(blocks, run, method)
        if blocks:
            drift[method] = {"block": [block for block, _ in blocks], "drift": [
                number(section[key], run.file, run.where(method, "drift", key))
                for _, key in blocks]}
        else:
            tree.warn(run.file, run.where(method, "drift"),
                      f"no blocks.<N>.w1.weight: {cifar.METHOD[method].label} is left out of the "
                      "figure")
    return {"seed": run.seed, "drift": drift}


#: Most digits of a block number read (``int`` refuses 4300 and more).
MAX_BLOCK_DIGITS = 100


def _block_number(digits: str, run: cifar.Run, method: str, key: str) -> int:
    if len(digits) > MAX_BLOCK_DIGITS:
        raise FigureDataError(run.file, run.where(method, "drift", key),
                              f"a block number of {len(digits)} digits (at most "
                              f"{MAX_BLOCK_DIGITS}); blocks run 0..N-1")
    return int(digits)


def _check_contiguous(blocks: list[tuple[int, str]], run: cifar.Run, method: str) -> None:
    """Blocks 0..N-1, each once: a stray key would stretch the axis, a missing one close a gap."""
    for position, (block, key) in enumerate(blocks):
        if block == position:
            continue
        if block < position:  # "blocks.01" and "blocks.1"
            problem = f"block {block} appears twice ({blocks[position - 1][1]} and {key})"
        else:
            after = f"follows block {blocks[position - 1][0]}" if position else "comes first"
            problem = f"block {block} {after}; blocks.{position}.w1.weight is missing"
        raise FigureDataError(run.file, run.where(method, "drift", key),
                              f"{problem}: block keys must run 0..N-1, each once")


#: Designed for the column: a panel per method.
SLOTS = ('column',)


def model(data: dict[str, Any]) -> list[Curve]:
    """Each method's drift over its blocks."""
    return [Curve(cifar.METHOD[m], s["block"], s["drift"]) for m, s in data["drift"].items()]


@themed(DEFAULT_RC)
def render(data: dict[str, Any]) -> Figure:
    fig = new_figure(figsize=(10, 6))
    ax = fig.subplots(1, 1)
    for curve in model(data):
        seed_curve(ax, curve, "o-", markersize=cifar.MARKER_SIZE)
    ax.set_xlabel("Block", fontsize=12)
    ax.set_ylabel("Feature Drift ||W_final - W_init|| / ||W_init||", fontsize=11)
    ax.set_title(f"Feature Drift per Block (CIFAR-10, seed {data['seed']})", fontsize=13)
    legend(ax, "drift", fontsize=10)
    ax.grid(True, alpha=cifar.GRID_ALPHA)
    fig.tight_layout()
    return fig


def caption(data: dict[str, Any]) -> str:
    """The title, which a page leaves to the caption."""
    c = Claims()
    return c.caption(f"Feature drift per block, ||W_final - W_init|| / ||W_init|| of each "
                     f"block's w1 (CIFAR-10, seed {c.value(data['seed'])}); a panel per method, "
                     "the other methods behind it in light grey.")


#: Small multiples, two in a row at every width (four in a row at 6.75 in were flat): a panel
#: per method at least this wide, its data area this share of its width, at most MAX_DATA_IN.
PANEL_MIN_IN, PANEL_ASPECT, MAX_DATA_IN = 1.5, 0.5, 1.1
SMALLEST_WIDTH_IN = 3.0
#: The other methods behind each panel's own: light grey (L* 89, State Bridge's sky blue is
#: L* 70 in greyscale; the grey of L* 81 nearly merged with it), thin, unmarked.
#: Drawn at the page's data stroke: 1 pt, print's thinnest, or the venue's minimum.
CONTEXT = {"color": "#e0e0e0", "zorder": 1}


def _for_page(data: dict[str, Any], page: Page) -> Figure:
    """A panel per method on shared axes, its own series over the others in light grey: four
    zig-zag lines that crossed a dozen times in one panel each read alone. Each axis labelled
    at its panels (a label for the whole figure sat 0.3 in under them)."""
    curves = model(data)
    columns = min(2, len(curves))
    aspect = min(PANEL_ASPECT, MAX_DATA_IN * columns / page.width_in)
    fig, axes = page.grid(len(curves), min_panel_in=PANEL_MIN_IN, aspect=aspect, most=2,
                          sharex=True, sharey=True)
    for ax, curve in zip(axes, curves, strict=True):
        others = [o for o in curves if o is not curve]  # one grey line, gaps between
        ax.plot([x for o in others for x in (*o.x, np.nan)],
                [y for o in others for y in (*o.y, np.nan)], lw=page.line_pt - 0.25, **CONTEXT)
        page_curves(ax, [curve], every=None)
        page.title(ax, curve.label)
        integer_ticks(ax.xaxis)
        # at least three values labelled: at 3 in the 1 in axis held 0.5 and 1.0 only
        ax.yaxis.set_major_locator(MaxNLocator("auto", steps=INTEGER_STEPS, min_n_ticks=3))
        panel_grid(ax)
        spec = ax.get_subplotspec()
        if spec.is_last_row() or len(axes) - axes.index(ax) <= columns:
            ax.set_xlabel("block")
        if spec.is_first_col():  # as long as its panel is tall (the caption has the formula)
            ax.set_ylabel(page.fitting(page.width_in / columns * aspect,
                                       "drift $\\|W_T - W_0\\| / \\|W_0\\|$",
                                       "relative drift", "drift", size_pt=page.label_pt))
    page.legend(fig)
    return fig


SCHEMA = Record({
    "seed": Seed(),
    "drift": MapOf(Record({"block": Indexes(what="block"), "drift": Series()},
                          same_length=[("block", "drift")]), known=cifar.METHODS),
})
