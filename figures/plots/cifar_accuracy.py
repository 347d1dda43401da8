"""cifar_accuracy: accuracy curves (train and test, mean ± std over seeds) of the four training methods (seed 004's figure)."""

from __future__ import annotations

from typing import Any

import numpy as np
from matplotlib.figure import Figure

from figures.data.schema import ListOf, MapOf, Record, Seed
from figures.extract.results import ResultsTree
from figures.page import COMFORT_PT, Page, panel_grid
from figures.plots import _cifar as cifar
from figures.plots._caption import Claims, band_share
from figures.plots._model import Curve, across, page_curves, seed_curve
from figures.style import DEFAULT_RC, new_figure, themed


# --- extraction -------------------------------------------------------------------------------
def extract(tree: ResultsTree) -> dict[str, Any]:
    """Per method, each seed's train and test accuracy per epoch, cut to the common length
    (of runs that stopped early; a run's own two lists differ in length: refused, round 48c
    W27)."""
    runs = cifar.load_runs(tree)
    methods = {}
    for method in cifar.METHODS:
        logs = [run.epoch_logs(method) for run in runs]  # one train and test value per epoch
        curves = {key: [log[key] for log in logs] for key in ("train_acc", "test_acc")}
        epochs = [len(log["test_acc"]) for log in logs]  # train_acc's too
        common, longest = min(epochs), max(epochs)
        for run, n in zip(runs, epochs, strict=True):
            if n < longest:  # one warning per run, naming its log (both lists are short)
                tree.warn(run.file, run.where(method, "log"),
                          f"{n} epochs where other runs have {longest}; "
                          f"{cifar.METHOD[method].label} curves of all seeds cut to {common} "
                          "epochs")
        methods[method] = {key: [c[:common] for c in series] for key, series in curves.items()}
    return {"seeds": [run.seed for run in runs], "methods": methods}


# --- rendering --------------------------------------------------------------------------------
#: Designed for both: train and test side by side across the text, stacked in a column.
SLOTS = ('text', 'column')
#: Two panels side by side from 3.6 in, stacked below, data areas this share of their width;
#: stacked, at most this tall (in): at 0.55 two panels reached the 4.5 in cap from 3 in.
PANEL_MIN_IN, PANEL_ASPECT, STACKED_DATA_IN = 1.8, 0.55, 1.15
SMALLEST_WIDTH_IN = 1.9


def model(data: dict[str, Any]) -> dict[str, list[Curve]]:
    """Per panel (train, test), each method's mean ± std across seeds per epoch."""
    return {title: [across(cifar.METHOD[method], np.arange(1, len(curves[key][0]) + 1),
                           curves[key]) for method, curves in data["methods"].items()]
            for title, key in (("Train", "train_acc"), ("Test", "test_acc"))}


@themed(DEFAULT_RC)
def render(data: dict[str, Any]) -> Figure:
    fig = new_figure(figsize=(14, 5))
    axes = fig.subplots(1, 2)
    for ax, (title, curves) in zip(axes, model(data).items(), strict=True):
        for curve in curves:
            seed_curve(ax, curve, band_alpha=cifar.BAND_ALPHA)
        ax.set_xlabel("Epoch", fontsize=12)
        ax.set_ylabel(f"{title} Accuracy", fontsize=12)
        ax.set_title(f"{title} Accuracy", fontsize=13)
        ax.legend(fontsize=10)
        ax.grid(True, alpha=cifar.GRID_ALPHA)
    fig.suptitle(f"CIFAR-10 {cifar.ARCHITECTURE}, {cifar.seed_count(data['seeds'])})",
                 fontsize=14, y=1.02)
    fig.tight_layout()
    return fig


def caption(data: dict[str, Any]) -> str:
    """The suptitle, which a page leaves to the caption; numbers from the data
    (figures/plots/_caption.py)."""
    c = Claims()
    shares = {title: band_share([curves[key] for curves in data["methods"].values()])
              for title, key in (("train", "train_acc"), ("test", "test_acc"))}
    return c.caption(f"CIFAR-10 {c.name(cifar.ARCHITECTURE)}, {c.count(data['seeds'], 'seed')}"
                     f"): train and test accuracy, {c.band(shares, runs=data['seeds'])}.")


def _for_page(data: dict[str, Any], page: Page) -> Figure:
    """Train and test accuracy on one y scale (shared), each method's mean ± std band; side
    by side where two fit, stacked below (Page.grid), flatter stacked."""
    side_by_side = page.width_in + 0.01 >= 2 * PANEL_MIN_IN * max(page.small_pt / COMFORT_PT, 1)
    aspect = PANEL_ASPECT if side_by_side else min(PANEL_ASPECT, STACKED_DATA_IN / page.width_in)
    fig, axes = page.grid(2, min_panel_in=PANEL_MIN_IN, aspect=aspect, sharex=True, sharey=True)
    for ax, (title, curves) in zip(axes, model(data).items(), strict=True):
        page_curves(ax, curves, band_alpha=cifar.BAND_ALPHA)
        ax.set_title(title.lower())
        panel_grid(ax)
        ax.set_xlabel("epoch")
        ax.set_ylabel("accuracy")
        ax.label_outer()
    page.legend(fig)
    return fig


_PER_SEED = ListOf(cifar.ACCURACY_CURVE, equal_lengths=True)
SCHEMA = Record(
    {"seeds": ListOf(Seed(), unique=True),
     "methods": MapOf(Record({"train_acc": _PER_SEED, "test_acc": _PER_SEED},
                             same_length=[("train_acc[*]", "test_acc[*]")]), min_size=1,
                      known=cifar.METHODS)},
    same_length=[("seeds", "methods.*.train_acc", "methods.*.test_acc")],  # a series per seed
)
