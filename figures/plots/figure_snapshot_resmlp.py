"""figure_snapshot_resmlp: ResMLP with a terminal LayerNorm (one run, top row) and without it (mean ± std across the no-LN seeds found, bottom row): the last residual norm ||h_L|| and the layer-2 BP-gradient norm over training, BP and DFA (seed 001's figure)."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
from matplotlib.figure import Figure

from figures.data.schema import Record, Seed
from figures.errors import FigureDataWarning
from figures.extract.results import ResultsTree
from figures.page import Page
from figures.plots import _snapshot as snapshot
from figures.plots._caption import Claims
from figures.plots._model import Curve
from figures.plots._trend import trend
from figures.style import DEFAULT_RC, new_figure, themed

WITH_LN_FILE = "snapshot_evolution_v2/snapshot_evolution_s42.json"
WITH_LN_SEED = 42
NO_LN_DIR = "snapshot_no_outln_v1"
NO_LN_SEEDS = (42, 123, 456)
FIGSIZE = (10, 7)
YLABELS = {"h_L": r"$\|h_L\|_2$ (median)", "g_2": snapshot.G_LABEL}
WITH_LN_TITLE = "ResMLP with terminal LayerNorm (s{seed})"
NO_LN_TITLE = "ResMLP WITHOUT terminal LayerNorm (mean ± std, n={n})"
SUPTITLE = (
    "Snapshot evolution: residual stream + BP grad over training\n"
    "(top: with terminal LN — DFA explodes; bottom: no terminal LN — DFA still grows but BP "
    "grad does NOT collapse)"
)
SUPTITLE_Y = 1.02

#: Designed for the text width: with and without the terminal LN over the two metrics.
SLOTS = ("text",)


def extract(tree: ResultsTree) -> dict[str, Any]:
    """One with-LN run per method, plus the no-LN seeds found (a missing one is skipped)."""
    doc = tree.load(WITH_LN_FILE)
    with_ln: dict[str, Any] = {"seed": WITH_LN_SEED}
    for method, log_key in snapshot.LOG_KEYS.items():
        with_ln[method] = snapshot.trajectory(doc, WITH_LN_FILE, log_key)
    runs = []
    for seed in NO_LN_SEEDS:
        rel = f"{NO_LN_DIR}/snapshot_noLN_s{seed}.json"
        if not tree.exists(rel):
            tree.warn(rel, None, "file not found; seed skipped, the no-LN mean ± std uses the "
                                 "seeds found")
            continue
        runs.append((seed, rel, snapshot.trajectories(tree.load(rel), rel)))
    if not runs:
        tree.warn(NO_LN_DIR, None, "no snapshot_noLN_s<seed>.json run found: the bottom row "
                                   "(without terminal LN) is drawn empty")
    return {"with_ln": with_ln, "no_ln": snapshot.across_seeds(tree, runs)}


def model(data: dict[str, Any]) -> tuple[dict[str, list[Curve]], dict[str, list[Curve]]]:
    """Per metric, the with-LN run's curves (top row) and the no-LN seeds' mean ± std (bottom
    row; none without seeds: drawn empty, as seed 001 draws it, and said so)."""
    if not (seeds := len(data["no_ln"]["BP"]["h_L"])):
        warnings.warn(FigureDataWarning("data.no_ln", "holds no seeds: the bottom row is "
                                        "drawn empty"), stacklevel=3)
    return ({m: snapshot.curves(data["with_ln"], m) for m in snapshot.METRICS},
            {m: snapshot.curves(data["no_ln"], m) if seeds else [] for m in snapshot.METRICS})


@themed(DEFAULT_RC)
def render(data: dict[str, Any]) -> Figure:
    fig = new_figure(figsize=FIGSIZE)
    axes = fig.subplots(2, 2, sharex=True)
    top, bottom = model(data)
    for ax, metric in zip(axes[0], snapshot.METRICS, strict=True):
        snapshot.seed_panel(ax, top[metric], YLABELS[metric],
                            WITH_LN_TITLE.format(seed=data["with_ln"]["seed"]), band=False,
                            x_label=None)
    if n := len(data["no_ln"]["BP"]["h_L"]):
        for ax, metric in zip(axes[1], snapshot.METRICS, strict=True):
            snapshot.seed_panel(ax, bottom[metric], YLABELS[metric], NO_LN_TITLE.format(n=n),
                                band=True)
    fig.suptitle(SUPTITLE, y=SUPTITLE_Y)
    fig.tight_layout()
    return fig


def caption(data: dict[str, Any]) -> str:
    """The seed's suptitle, the rows' titles and what a curve is, which a page leaves to the
    caption: what the suptitle claims (DFA's ||h_L|| "explodes", its BP gradient "does NOT
    collapse" without the LN) as each row's data give it, from the first epoch to the last
    (round 40, C6: the suptitle was copied in, even over a row with no data); whether the
    ± std band can be seen, measured on each column's one y scale."""
    c = Claims()
    no_ln, with_ln = data["no_ln"], data["with_ln"]
    rows = [("with the LN", with_ln["DFA"], with_ln["DFA"]["epoch"])]
    bottom = "no runs (drawn empty)"
    if no_ln["BP"]["h_L"]:
        also = {m: [v for method in snapshot.LOG_KEYS for v in with_ln[method][m]]
                for m in snapshot.METRICS}
        bottom = snapshot.spread(c, no_ln, also)
        rows.append(("without it", {m: np.mean(no_ln["DFA"][m], axis=0) for m in
                                    snapshot.METRICS}, no_ln["epoch"]))
    # a V (down and back) is said as it goes, not "is flat (1×)" (hostile round 51c, W20)
    trends = "; ".join(f"{what} " + " and ".join(
        trend(c, row[metric], x, "epoch") + f" {name}" for name, row, x in rows)
        for metric, what in
        (("h_L", "DFA's ||h_L||"), ("g_2", "its layer-2 BP gradient ||g_2||")))
    return c.caption(f"{SUPTITLE.splitlines()[0]}. Top: ResMLP with terminal LayerNorm (seed "
                     f"{c.value(with_ln['seed'])}); bottom: without it, {bottom}. From the "
                     f"first epoch to the last, {trends}. Curves: {snapshot.PER_RUN}; each "
                     "column one y scale for both rows.")


#: Two panels in a row at every width (rows compare down a column), data areas this tall.
SMALLEST_WIDTH_IN, ROW_ASPECT = 3.25, 0.3


def _for_page(data: dict[str, Any], page: Page) -> Figure:
    """Rows with and without the terminal LN, columns the two metrics; x shared, and each
    column one y scale for both rows, so a 2x drift never looks like a 10^4x collapse."""
    fig, axes = page.grid(4, min_panel_in=1.0, aspect=ROW_ASPECT, most=2, sharex=True)
    for top, bottom in ((0, 2), (1, 3)):
        axes[bottom].sharey(axes[top])
    with_ln, n = data["with_ln"], len(data["no_ln"]["BP"]["h_L"])
    top, bottom = model(data)
    for c, metric in enumerate(snapshot.METRICS):
        snapshot.page_lines(axes[c], top[metric], band=False)
        if bottom[metric]:
            snapshot.page_lines(axes[2 + c], bottom[metric], band=True)
        page.title(axes[c], *snapshot.PAGE_TITLES[metric])
        axes[2 + c].set_xlabel("epoch")
    # Each row's label is centred on its panel: two labels meet unless each is no longer
    # than a row's data area (the room between rows is the gap); "mean ± std" only where the
    # band is seen: here it is under 1 % of the axis (caption)
    seed, runs = with_ln["seed"], data["no_ln"]["seeds"]
    # one run is no mean (round 40, C5: "mean of 1 seeds"), none is no row of data
    said = ((f"mean of {n} seeds", f"mean, n={n}") if n > 1 else
            (f"seed {runs[0]}",) * 2 if n else ("no runs",) * 2)
    labels = ((f"with terminal LN\n(seed {seed})", f"no terminal LN\n({said[0]})"),
              (f"with LN\n(seed {seed})", f"no LN\n({said[1]})"), ("with LN", "no LN"))
    room = page.width_in / 2 * ROW_ASPECT
    top_label, bottom_label = next(pair for pair in labels if pair == labels[-1] or all(
        page.fitting(room, text, "", size_pt=page.label_pt) == text for text in pair))
    axes[0].set_ylabel(top_label)
    axes[2].set_ylabel(bottom_label)
    page.legend(fig, axes[0])
    return fig


SCHEMA = Record({
    "with_ln": Record({"seed": Seed(), "BP": snapshot.TRAJECTORY,
                       "DFA": snapshot.TRAJECTORY}),
    "no_ln": snapshot.across_seeds_schema(min_seeds=0),
})
