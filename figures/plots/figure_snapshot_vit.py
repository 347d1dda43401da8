"""figure_snapshot_vit: ViT-Mini with a terminal LayerNorm, mean ± std across every ViT snapshot run found: ||h_L^cls|| and the layer-2 BP-gradient norm over training, BP and DFA (seed 001's figure).

What the two snapshot figures share is in ``_snapshot.py``.
"""

from __future__ import annotations

from typing import Any

from matplotlib.figure import Figure

from figures.errors import FigureDataError
from figures.extract.results import ResultsTree
from figures.page import Page
from figures.plots._snapshot import (
    METRICS,
    PAGE_TITLES,
    VIT_DIR,
    VIT_FIGSIZE,
    VIT_PREFIX,
    VIT_RUN,
    VIT_TITLE,
    VIT_YLABELS,
    across_seeds,
    across_seeds_schema,
    finish,
    mean_std_panel,
    page_lines,
    trajectories,
)
from figures.style import DEFAULT_RC, new_figure, themed

#: Designed for both: two panels stacked in a column, side by side across the text.
SLOTS = ("text", "column")


def extract(tree: ResultsTree) -> dict[str, Any]:
    """Every ``snapshot_vit_s*.json`` run, in file-name order (as seed 001 lists them)."""
    runs = []
    for rel in tree.glob(VIT_DIR, VIT_PREFIX):
        seed = VIT_RUN.fullmatch(rel.rsplit("/", 1)[-1])
        if seed is None:  # e.g. "snapshot_vit_s42 (copy).json": never averaged in silently
            tree.warn(rel, None, f"ignored: a ViT run is named {VIT_PREFIX}<digits>.json "
                      "(ASCII digits, no leading zero)")
            continue
        runs.append((int(seed.group(1)), rel, trajectories(tree.load(rel), rel)))
    if not runs:
        raise FigureDataError(VIT_DIR, None, f"no {VIT_PREFIX}<digits>.json files found")
    return across_seeds(tree, runs)


@themed(DEFAULT_RC)
def render(data: dict[str, Any], page: Page | None = None) -> Figure:
    if page is not None:
        return _for_page(data, page)
    fig = new_figure(figsize=VIT_FIGSIZE)
    axes = fig.subplots(1, 2)
    n = len(data["BP"]["h_L"])
    for ax, metric in zip(axes, METRICS, strict=True):
        mean_std_panel(ax, data, metric, band=n > 1)
        finish(ax, VIT_YLABELS[metric], VIT_TITLE.format(n=n))
    fig.tight_layout()
    return fig


def caption(data: dict[str, Any]) -> str:
    """The panels' title, which a page leaves to the caption."""
    return VIT_TITLE.format(n=len(data["BP"]["h_L"])) + ", mean ± std across seeds."


def _for_page(data: dict[str, Any], page: Page) -> Figure:
    """Side by side at the text width, stacked (x shared) in a column."""
    column = page.slot == "column"
    fig = page.figure(1.15 if column else 0.36)
    axes = fig.subplots(2, 1, sharex=True) if column else fig.subplots(1, 2)
    n = len(data["BP"]["h_L"])
    for ax, metric in zip(axes, METRICS, strict=True):
        page_lines(ax, data["epoch"], data, metric, band=n > 1)
        ax.set_title(PAGE_TITLES[metric])
    for ax in axes[-1:] if column else axes:
        ax.set_xlabel("epoch")
    page.legend(fig)
    return fig


SCHEMA = across_seeds_schema(min_seeds=1)
