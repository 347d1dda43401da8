"""figure_snapshot_vit: ViT-Mini with a terminal LayerNorm, mean ± std across every ViT snapshot run found: ||h_L^cls|| and the layer-2 BP-gradient norm over training, BP and DFA (seed 001's figure)."""

from __future__ import annotations

import re
from typing import Any

from matplotlib.figure import Figure

from figures.errors import FigureDataError
from figures.extract.results import ResultsTree
from figures.page import COMFORT_PT, Page
from figures.plots import _snapshot as snapshot
from figures.plots._caption import Claims
from figures.style import DEFAULT_RC, new_figure, themed

DIR = "snapshot_vit_v1"
PREFIX = "snapshot_vit_s"
#: ASCII digits without a leading zero: "s042" or "s٤٢" would be seed 42 counted twice.
RUN = re.compile(rf"{PREFIX}(0|[1-9][0-9]{{0,9}})\.json")
FIGSIZE = (11, 4)
YLABELS = {"h_L": r"$\|h_L^{cls}\|_2$ (median)", "g_2": snapshot.G_LABEL}
TITLE = "ViT-Mini, terminal LayerNorm (n={n})"

#: Designed for both: two panels stacked in a column, side by side across the text.
SLOTS = ("text", "column")
#: Stacked, one panel of 1.9 in: its log axis and title still fit.
SMALLEST_WIDTH_IN = 1.9


def extract(tree: ResultsTree) -> dict[str, Any]:
    """Every ``snapshot_vit_s*.json`` run, in file-name order (as seed 001 lists them)."""
    runs = []
    for rel in tree.glob(DIR, PREFIX):
        seed = RUN.fullmatch(rel.rsplit("/", 1)[-1])
        if seed is None:  # e.g. "snapshot_vit_s42 (copy).json": never averaged in silently
            tree.warn(rel, None, f"ignored: a ViT run is named {PREFIX}<digits>.json "
                      "(ASCII digits, no leading zero)")
            continue
        runs.append((int(seed.group(1)), rel, snapshot.trajectories(tree.load(rel), rel)))
    if not runs:
        raise FigureDataError(DIR, None, f"no {PREFIX}<digits>.json files found")
    return snapshot.across_seeds(tree, runs)


@themed(DEFAULT_RC)
def render(data: dict[str, Any]) -> Figure:
    fig = new_figure(figsize=FIGSIZE)
    axes = fig.subplots(1, 2)
    n = len(data["BP"]["h_L"])
    for ax, metric in zip(axes, snapshot.METRICS, strict=True):
        snapshot.seed_panel(ax, snapshot.curves(data, metric), YLABELS[metric],
                            TITLE.format(n=n), band=n > 1)
    fig.tight_layout()
    return fig


def caption(data: dict[str, Any]) -> str:
    """The panels' title and what a curve is, which a page leaves to the caption; whether the
    ± std band can be seen, measured (figures/plots/_caption.py)."""
    c = Claims()
    return c.caption("ViT-Mini, terminal LayerNorm: ||h_L^cls||_2 and the layer-2 BP gradient "
                     f"norm, {snapshot.PER_RUN}; {snapshot.spread(c, data)}.")


#: Stacked (in a column), a panel's data area this share of its width: two panels of two
#: curves each, 3.4 in tall at 3.25 in (at the side-by-side aspect they reached the 4.5 in cap).
STACKED_ASPECT = 0.32


def _for_page(data: dict[str, Any], page: Page) -> Figure:
    """Side by side where two fit, stacked below (Page.grid), flatter stacked."""
    side_by_side = page.width_in + 0.01 >= 2 * snapshot.PANEL_MIN_IN * max(
        page.small_pt / COMFORT_PT, 1)
    fig, axes = page.grid(2, min_panel_in=snapshot.PANEL_MIN_IN, sharex=True,
                          aspect=snapshot.PANEL_ASPECT if side_by_side else STACKED_ASPECT)
    n = len(data["BP"]["h_L"])
    for ax, metric in zip(axes, snapshot.METRICS, strict=True):
        snapshot.page_lines(ax, snapshot.curves(data, metric), band=n > 1)
        page.title(ax, *snapshot.PAGE_TITLES[metric])
        if ax.get_subplotspec().is_last_row():  # stacked: one x axis; each y its own scale
            ax.set_xlabel("epoch")
    page.legend(fig)
    return fig


SCHEMA = snapshot.across_seeds_schema(min_seeds=1)
