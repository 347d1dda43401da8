"""figure_snapshot_vit: ViT-Mini with a terminal LayerNorm, mean ± std across every ViT snapshot run found: ||h_L^cls|| and the layer-2 BP-gradient norm over training, BP and DFA (seed 001's figure).

What the two snapshot figures share is in ``_snapshot.py``.
"""

from __future__ import annotations

from typing import Any

from matplotlib.figure import Figure

from figures.errors import FigureDataError
from figures.extract.results import ResultsTree
from figures.plots._snapshot import (
    METRICS,
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
    trajectories,
)
from figures.style import DEFAULT_RC, new_figure, themed


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
def render(data: dict[str, Any]) -> Figure:
    fig = new_figure(figsize=VIT_FIGSIZE)
    axes = fig.subplots(1, 2)
    n = len(data["BP"]["h_L"])
    for ax, metric in zip(axes, METRICS, strict=True):
        mean_std_panel(ax, data, metric, band=n > 1)
        finish(ax, VIT_YLABELS[metric], VIT_TITLE.format(n=n))
    fig.tight_layout()
    return fig


SCHEMA = across_seeds_schema(min_seeds=1)
