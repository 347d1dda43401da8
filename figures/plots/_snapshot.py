"""What the two snapshot-evolution report figures (seed 001) share: the last residual-stream
norm ``||h_L||`` and the layer-2 BP-gradient norm over training, for BP and DFA, read, averaged
across seeds and drawn the same way.

- ``figure_snapshot_resmlp``: ResMLP with a terminal LayerNorm (one run, top row) and without
  it (mean ± std across the no-LN seeds found, bottom row).
- ``figure_snapshot_vit``: ViT-Mini, mean ± std across every ViT snapshot run found.

Per-seed series are lists of lists; render computes the mean ± std. The gradient is taken at
layer 2 (``[2]``), not the last layer as the paper figures do: that is what seed 001 plots.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from matplotlib.axes import Axes

from figures.data.schema import Epochs, ListOf, Record, Seed, Series
from figures.extract.results import ResultsTree, layer_series, log_epochs, log_records
from figures.page import integer_ticks, log_axis, panel_grid
from figures.plots._caption import Claims, band_share
from figures.plots._model import Curve, Entry, across, page_curves, seed_curve

# --- the runs' layout (where they live is each figure's) -------------------------------------

#: Per method, the log holding its per-epoch records.
LOG_KEYS = {"BP": "bp_log", "DFA": "dfa_log"}
#: Key variants, first found wins: ViT logs the CLS token's norms, ResMLP plain ones.
H_KEYS = ("hidden_norms_cls", "hidden_norms")
G_KEYS = ("bp_grad_per_sample_l2_med", "bp_grad_norms_per_sample_med")
H_INDEX = -1  # the last hidden state, h_L
G_INDEX = 2  # seed 001 plots the gradient at h_2 (the paper figures take the last layer)

# --- style ----------------------------------------------------------------------------------
#: BP and DFA: the seed's colours; the page's styles follow the names (figures/plots/_model.py).
METHOD = {"BP": Entry("BP", "b"), "DFA": Entry("DFA", "r")}
LINE_WIDTH = 2
BAND_ALPHA = 0.2
GRID_ALPHA = 0.3
METRICS = ("h_L", "g_2")  # left and right column
G_LABEL = r"$\|\nabla_{h_2} L\|_2$ (BP grad, median)"
X_LABEL = "epoch"


# --- extraction -----------------------------------------------------------------------------


def trajectory(doc: Any, file: str, log_key: str) -> dict[str, list[float]]:
    """Per epoch: the epoch number, ``||h_L||`` and the layer-2 BP-gradient norm."""
    log = log_records(doc, log_key, file)
    return {"epoch": log_epochs(log, log_key, file),
            "h_L": layer_series(log, H_KEYS, H_INDEX, file, log_key),
            "g_2": layer_series(log, G_KEYS, G_INDEX, file, log_key)}


def trajectories(doc: Any, file: str) -> dict[str, dict[str, list[float]]]:
    """Both methods' trajectories of one run, taken at once so that the parsed file can go
    (memory stays bounded by the largest file, however many seeds are globbed)."""
    return {method: trajectory(doc, file, log_key) for method, log_key in LOG_KEYS.items()}


def across_seeds(tree: ResultsTree, runs: Sequence[tuple[Any, str, Any]]) -> dict[str, Any]:
    """Per-seed series of both methods, cut to the shortest run; the epochs are the last
    run's BP epochs, as seed 001 takes them (other epochs: a warning naming the record)."""
    series = {(rel, method): trajectories[method]
              for _, rel, trajectories in runs for method in LOG_KEYS}
    lengths = {key: len(t["epoch"]) for key, t in series.items()}
    common = min(lengths.values(), default=0)
    longest = max(lengths.values(), default=0)
    for (rel, method), n in lengths.items():
        if n < longest:
            tree.warn(rel, LOG_KEYS[method],
                      f"{n} epoch records where other runs have {longest}; every run is cut to "
                      f"its first {common} epochs for the mean ± std")
    for at, (_, rel, trajectories) in enumerate(runs):  # hostile round 47c, W37: a copied
        curved = any(len(set(map(repr, t[m]))) > 1 for t in trajectories.values() for m in METRICS)
        if curved and (same := next((r for _, r, t in runs[:at] if t == trajectories), None)):
            tree.warn(rel, None, f"the same numbers as {same}, record for record: a copy is not "
                      "another seed (the mean ± std counts that run twice); remove the copy")
    epochs = series[(runs[-1][1], "BP")]["epoch"][:common] if runs else []
    for (rel, method), trajectory in series.items():
        # Averaged by record, as seed 001 does: never silently across different epochs.
        mismatch = next((i for i, drawn in enumerate(epochs)
                         if trajectory["epoch"][i] != drawn), None)
        if mismatch is not None:
            tree.warn(rel, f"{LOG_KEYS[method]}[{mismatch}].epoch",
                      f"epoch {trajectory['epoch'][mismatch]:g} where {runs[-1][1]} "
                      f"{LOG_KEYS['BP']} has {epochs[mismatch]:g}; the runs are averaged "
                      "record by record and drawn at the latter's epochs")
    block: dict[str, Any] = {"seeds": [seed for seed, _, _ in runs], "epoch": epochs}
    for method in LOG_KEYS:
        block[method] = {
            metric: [series[(rel, method)][metric][:common] for _, rel, _ in runs]
            for metric in METRICS
        }
    return block


# --- rendering ------------------------------------------------------------------------------


def curves(block: dict[str, Any], metric: str) -> list[Curve]:
    """BP's and DFA's ``metric``: the mean ± std of per-seed lists at ``block["epoch"]``, or
    one run (``block[method]`` a trajectory) at its own epochs: what both layouts draw."""
    drawn = []
    for method, entry in METHOD.items():
        series = block[method][metric]
        runs = series if series and isinstance(series[0], list) else [series]
        drawn.append(across(entry, block["epoch"] if "epoch" in block else
                            block[method]["epoch"], runs))
    return drawn


def seed_panel(ax: Axes, drawn: list[Curve], y_label: str, title: str, *, band: bool,
               x_label: str | None = X_LABEL) -> None:
    """A panel as seed 001 draws it: the curves (with their ± std band), a log y axis."""
    for curve in drawn:
        seed_curve(ax, curve, band_alpha=BAND_ALPHA if band else None, lw=LINE_WIDTH)
    ax.set_yscale("log")
    if x_label:
        ax.set_xlabel(x_label)
    ax.set_ylabel(y_label)
    ax.set_title(title)
    ax.legend()
    ax.grid(True, alpha=GRID_ALPHA)


# --- drawn for a page -------------------------------------------------------------------------
#: The two metrics' titles on a page, longest first: one level of sub- and superscript (at
#: 5 pt or more). Each run's value is its median over samples (the caption says so, and
#: how runs are averaged): not "(median)" over a mean ± std band.
PAGE_TITLES = {"h_L": ("residual norm $\\|h_L\\|_2$", "$\\|h_L\\|_2$"),
               "g_2": ("BP gradient $\\|g_2\\|_2$", "$\\|g_2\\|_2$")}
#: What each curve is, for the captions.
PER_RUN = "each run's median over samples"
def band_shares(per_method: dict[str, Any], also: dict[str, Any] | None = None
                ) -> dict[str, float]:
    """Each metric's panel: its ± std bands' median width over its log axis's span (``also``:
    other series on that axis), for the caption (figures/plots/_caption.py)."""
    return {CAPTION_NAMES[metric]: band_share([per_method[m][metric] for m in LOG_KEYS],
                                              log=True, also=(also or {}).get(metric, ()))
            for metric in METRICS}


def spread(c: Claims, per_method: dict[str, Any], also: dict[str, Any] | None = None) -> str:
    """For a caption, how the runs of ``per_method`` are drawn: the mean across the seeds and
    whether its ± std band can be seen, or one run without either (:meth:`Claims.band`)."""
    return c.band(band_shares(per_method, also), "the mean across the {}",
                  runs=per_method["BP"]["h_L"])


#: The metrics as a caption names them.
CAPTION_NAMES = {"h_L": "||h_L||", "g_2": "||g_2||"}
#: Two panels side by side from 3.6 in, stacked below; data areas this share of their width.
PANEL_MIN_IN, PANEL_ASPECT = 1.8, 0.55


def page_lines(ax: Axes, drawn: list[Curve], *, band: bool) -> None:
    """BP and DFA in their page styles, with a mean ± std band when there are seeds to
    spread (and ``band``)."""
    page_curves(ax, drawn, band_alpha=BAND_ALPHA if band else None)
    log_axis(ax)
    integer_ticks(ax.xaxis)
    panel_grid(ax)


TRAJECTORY = Record({"epoch": Epochs(), "h_L": Series(positive=True),
                      "g_2": Series(positive=True)}, same_length=[("epoch", "h_L", "g_2")])


def across_seeds_schema(min_seeds: int) -> Record:
    per_seed = ListOf(Series(positive=True), min_length=min_seeds)
    metrics = Record({"h_L": per_seed, "g_2": per_seed})
    return Record(
        {"seeds": ListOf(Seed(), min_length=min_seeds, unique=True), "epoch": Epochs(min_length=min_seeds),
         "BP": metrics, "DFA": metrics},
        same_length=[("epoch", *(f"{m}.{k}[*]" for m in LOG_KEYS for k in METRICS)),
                     ("seeds", *(f"{m}.{k}" for m in LOG_KEYS for k in METRICS))],
    )
