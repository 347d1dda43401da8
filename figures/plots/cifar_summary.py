"""cifar_summary: final test accuracy of each method (mean ± std over seeds), labelled (seed 004's figure)."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
from matplotlib.figure import Figure

from figures.data.schema import ListOf, MapOf, Number, Record, Seed
from figures.errors import FigureDataWarning
from figures.extract.results import ResultsTree
from figures.page import YLABELS_IN, Page
from figures.plots._caption import Claims, band_share
from figures.plots._cifar import (
    ACCURACY,
    BAR_CAPSIZE,
    GRID_ALPHA,
    METHODS,
    SUMMARY_BAR_ALPHA,
    SUMMARY_BAR_WIDTH,
    VALUE_LABEL_GAP,
    bars,
    final_test_acc,
    held,
    load_runs,
    page_bars,
    seed_count,
)
from figures.style import DEFAULT_RC, new_figure, themed


def extract(tree: ResultsTree) -> dict[str, Any]:
    """Each method's final test accuracy per seed, and the runs' epoch counts (for the title)."""
    runs = load_runs(tree)
    lengths = [(run, method, len(run.epoch_logs(method)["test_acc"]))  # its epochs (W27)
               for run in runs for method in METHODS]
    longest = max(n for _, _, n in lengths)
    for run, method, n in lengths:
        if n < longest:
            tree.warn(run.file, run.where(method, "log", "test_acc"),
                      f"{n} epochs where other runs have {longest}; its final accuracy is "
                      f"taken at epoch {n}")
    return {"seeds": [run.seed for run in runs], "epoch_counts": sorted({n for _, _, n in lengths}),
            "final_test_acc": final_test_acc(runs, METHODS)}


#: Designed for the column: one bar per method.
SLOTS = ('column',)
#: Four bars with their names on two lines and values above them.
SMALLEST_WIDTH_IN = 1.9


@themed(DEFAULT_RC)
def render(data: dict[str, Any]) -> Figure:
    fig = new_figure(figsize=(10, 6))
    ax = fig.subplots()
    entries, means, stds = bars(data["final_test_acc"])
    x = np.arange(len(entries))
    drawn = ax.bar(x, means, SUMMARY_BAR_WIDTH, yerr=stds, color=[e.color for e in entries],
                   capsize=BAR_CAPSIZE, alpha=SUMMARY_BAR_ALPHA)
    epochs = "–".join(str(int(n)) for n in data["epoch_counts"])  # 100.0 is 100 epochs
    ax.set_ylabel("Test Accuracy", fontsize=13)
    ax.set_title(f"CIFAR-10 Test Accuracy ({seed_count(data['seeds'])}, {epochs} epochs)",
                 fontsize=14)
    ax.set_xticks(x)
    ax.set_xticklabels([e.label for e in entries], fontsize=12)
    ax.grid(True, alpha=GRID_ALPHA, axis="y")
    top = ax.get_ylim()[1]
    for method, bar, mean, std in zip(data["final_test_acc"], drawn, means, stds, strict=True):
        y = bar.get_height() + std + VALUE_LABEL_GAP
        ax.text(bar.get_x() + bar.get_width() / 2.0, y,
                f"{mean:.1%}", ha="center", va="bottom", fontweight="bold", fontsize=11)
        if y > top:  # the script's fixed gap outgrows bars this low (about 10% and below)
            warnings.warn(FigureDataWarning(
                f"data.final_test_acc.{method}", f"its value label ({mean:.1%}) is drawn "
                "above the panel: accuracies this low leave the script's fixed label gap "
                f"({VALUE_LABEL_GAP}) taller than the axis"), stacklevel=2)
    fig.tight_layout()
    return fig


def caption(data: dict[str, Any]) -> str:
    """The title, which a page leaves to the caption; numbers from the data."""
    c = Claims()
    finals = data["final_test_acc"]
    counts = data["epoch_counts"]
    epochs = "–".join(c.value(n) for n in counts) + (" epoch" if set(counts) == {1} else
                                                      " epochs")  # round 45c W25: "1 epochs"
    share = band_share([[[v] for v in runs] for runs in finals.values()],
                       also=[0.0])  # bars from 0
    spread = c.band({"": share}, "mean across seeds", "error bar", runs=data["seeds"])
    return c.caption(f"CIFAR-10 final test accuracy, {spread} "
                     f"({c.count(data['seeds'], 'seed')}, {epochs}).")


def _for_page(data: dict[str, Any], page: Page) -> Figure:
    """One bar per method; each value printed above its error bar, on white."""
    # a column is narrow (names on two lines); a wide page needs less height for four bars
    fig = page.figure(0.75 if page.width_in < 4 else 0.34)
    ax = fig.subplots()
    entries, means, stds = bars(data["final_test_acc"])
    drawn = page_bars(ax, entries, means, stds, page, page.width_in - YLABELS_IN)
    top = max(m + s for m, s in zip(means, stds, strict=True))
    for bar, mean, std in zip(drawn, means, stds, strict=True):
        ax.annotate(f"{mean:.1%}", (bar.get_x() + bar.get_width() / 2, mean + std),
                    xytext=(0, 2), textcoords="offset points", ha="center", va="bottom")
    ax.set_ylim(0, top * 1.25 if top > 0 else 1)  # a value label clear of the top spine
    ax.set_ylabel("test accuracy")
    return held(fig, page, __name__)  # a y label longer than its panel: taller


SCHEMA = Record({
    "seeds": ListOf(Seed(), unique=True),
    "epoch_counts": ListOf(Number(within=(1, 1e6), bounded_by="an epoch count", whole=True)),
    "final_test_acc": MapOf(ACCURACY, min_size=1, known=METHODS),
}, same_length=[("seeds", "final_test_acc.*")])
