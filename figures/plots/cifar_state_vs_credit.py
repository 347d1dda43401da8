"""cifar_state_vs_credit: the state bridge predicts h_L almost perfectly yet gives the worst credit: its prediction error per epoch beside the final test accuracies (seed 004's figure)."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
from matplotlib.figure import Figure

from figures.data.schema import ListOf, MapOf, Record, Seed, Series
from figures.errors import FigureDataWarning
from figures.extract.results import ResultsTree
from figures.page import COMFORT_PT, MUTED_TEXT, YLABELS_IN, Page, log_axis, panel_grid
from figures.plots import _cifar as cifar
from figures.plots._caption import Claims
from figures.plots._model import Curve, Entry, page_curves, seed_curve
from figures.plots._trend import turning
from figures.style import DEFAULT_RC, MethodStyle, new_figure, themed


def extract(tree: ResultsTree) -> dict[str, Any]:
    """The state bridge's prediction error per epoch and the compared methods' final accuracy."""
    runs = cifar.load_runs(tree)
    errors = {}
    for run in runs:
        if "state_pred_error" in run.log(cifar.STATE_BRIDGE):
            errors[str(run.seed)] = run.log_series(cifar.STATE_BRIDGE, "state_pred_error",
                                                   positive=True)
    return {"seeds": [run.seed for run in runs], "state_pred_error": errors,
            "final_test_acc": cifar.final_test_acc(runs, cifar.COMPARED)}


#: Designed for the text width: the error curves beside the accuracy bars.
SLOTS = ('text',)


def model(data: dict[str, Any]) -> tuple[list[Curve], tuple, float | None]:
    """The state bridge's error curve per seed (seeds are not methods: the page's greys), the
    compared methods' bars (entries, means, stds), and its final error, the mean over the
    seeds that log it at the last epoch they all reach (None: none logs it), which the seed's
    note and the caption claim: a run stopped early is not averaged at its own last epoch with
    the others' (hostile round 51c, W3, W8). No seed's error: panel (a) is drawn empty, and
    said so (W17: it was, silently, exit 0)."""
    errors = data["state_pred_error"]
    curves = [Curve(Entry(f"seed {seed}", page_style=SEED_STYLES[i % len(SEED_STYLES)]),
                    range(1, len(series) + 1), series)
              for i, (seed, series) in enumerate(errors.items())]
    if not errors:
        warnings.warn(FigureDataWarning("data.state_pred_error", NO_ERRORS), stacklevel=3)
    common = min(map(len, errors.values()), default=0)
    final = float(np.mean([series[common - 1] for series in errors.values()])) if errors else None
    return curves, cifar.bars(data["final_test_acc"]), final


#: What the build says of a figdata whose runs log no prediction error (W17), and what to do.
NO_ERRORS = ("holds no series: panel (a), the state bridge's prediction error, is drawn empty; "
             "log state_pred_error in the state bridge's runs and extract again to draw it")


@themed(DEFAULT_RC)
def render(data: dict[str, Any]) -> Figure:
    fig = new_figure(figsize=(12, 5))
    axes = fig.subplots(1, 2)
    curves, bars, final_error = model(data)
    _prediction_error(axes[0], curves)
    _credit_bars(axes[1], *bars, final_error)
    fig.tight_layout()
    return fig


def _prediction_error(ax, curves: list[Curve]) -> None:
    for curve in curves:
        seed_curve(ax, curve, alpha=cifar.ERROR_LINE_ALPHA, label=curve.label.capitalize())
    ax.set_xlabel("Epoch", fontsize=12)
    ax.set_ylabel("State Prediction Error", fontsize=12)
    ax.set_title("State Bridge: Prediction Error", fontsize=13)
    ax.set_yscale("log")
    if curves:  # no seed logged the error: no lines, so no (empty) legend either
        ax.legend()
    ax.grid(True, alpha=cifar.GRID_ALPHA)


def _credit_bars(ax, entries: list[Entry], means, stds, final_error: float | None) -> None:
    x_pos = range(len(entries))
    ax.bar(x_pos, means, yerr=stds, color=[e.color for e in entries],
           capsize=cifar.BAR_CAPSIZE, alpha=cifar.COMPARE_BAR_ALPHA)
    ax.set_xticks(x_pos)
    ax.set_xticklabels([e.label for e in entries], fontsize=11)
    ax.set_ylabel("Test Accuracy", fontsize=12)
    ax.set_title("Test Accuracy Comparison\n(State Bridge predicts h_L perfectly\n"
                 "but produces worst credit)", fontsize=12)
    ax.grid(True, alpha=cifar.GRID_ALPHA, axis="y")
    note = "but worst accuracy!"
    if final_error is not None:
        note = f"State pred err ≈ {final_error:.4f}\n{note}"
    i = entries.index(cifar.METHOD[cifar.STATE_BRIDGE])
    dx, dy = cifar.ANNOTATION_OFFSET
    ax.annotate(note, xy=(i, means[i]), xytext=(i + dx, means[i] + dy),
                arrowprops={"arrowstyle": "->", "color": "black"}, fontsize=9, ha="center")


def caption(data: dict[str, Any]) -> str:
    """The title's claim and the note on the bars, which a page leaves to the caption; every
    number, the error's direction, "almost perfectly" and "worst" from the data
    (figures/plots/_caption.py)."""
    c = Claims()
    finals = data["final_test_acc"]
    means = {m: float(np.mean(v)) for m, v in finals.items()}
    spread = dict(zip(finals, cifar.bars(finals)[2], strict=True))  # the error bars drawn
    worst = c.lowest(means, cifar.STATE_BRIDGE, {m: e.label for m, e in cifar.METHOD.items()},
                     spread)
    is_worst = worst != "not the worst"  # alone or tied for it
    errors, final = data["state_pred_error"], model(data)[2]
    if final is None:  # round 51c, W17: the empty panel said, not left to guess
        return c.caption("Panel (a) is empty: no seed's run logs the state bridge's prediction "
                         f"error. The state bridge's final test accuracy is {worst}.")
    ends = {seed: len(series) for seed, series in errors.items()}
    common = min(ends.values())  # round 51c, W3, W8: compared where every seed has a value
    mean = np.mean([series[:common] for series in errors.values()], axis=0)
    first, last = float(mean[0]), ("the last" if common == max(ends.values()) else
                                   f"epoch {c.value(float(common), 0)}")
    if (turn := turning(mean)) is None:
        trend = c.change(final, first, "falls {}", "rises {}", "is flat ({})")
        trend += (f" from the first epoch to {last}, " + ("at" if trend.startswith("is flat")
                                                           else "to"))
    else:  # round 50c, W4: a fall of four decades and a climb back was "is flat (1×)"
        value = float(mean[turn])
        trend = (f"{c.change(value, first, 'falls {}', 'rises {}', 'stays')} to "
                 f"{c.value(value, sci=True)} at epoch {c.value(float(turn + 1), 0)}, then "
                 f"{c.change(final, value, 'falls {}', 'rises {}', 'stays')} by {last}, to")
    perfect = final <= first * NEAR_PERFECT
    verdict = (f": {c.word(perfect, 'it predicts h_L almost perfectly', '')}"
               f"{', yet' if is_worst else ', and'}" if perfect else ";")
    over = (f"means over {c.count(errors, 'seed')}" if len(errors) > 1  # one run: no mean
            else "one run")  # (round 41, C11)
    if last != "the last":
        over += f"; the seeds' logs end at different epochs: {_ends(c, ends)}"
    return c.caption(f"The state bridge's prediction error of h_L {trend} "
                     f"{c.value(final, sci=True)} ({over})"
                     f"{verdict} its final test accuracy is {worst}.")


def _ends(c: Claims, ends: dict[str, int]) -> str:
    """``seed 42's at epoch 60, seed 123's and seed 456's at epoch 100``: where each seed's
    log ends, the earliest first (round 51c, W3, W8)."""
    by_end: dict[int, list[str]] = {}
    for seed, n in ends.items():
        by_end.setdefault(n, []).append(c.name(f"seed {seed}") + "'s")
    return ", ".join(f"{' and '.join(seeds)} at epoch {c.value(float(n), 0)}"
                     for n, seeds in sorted(by_end.items()))


#: "Almost perfectly": the final prediction error (mean over seeds) at most this share of the
#: first epoch's, three orders of magnitude down (round 40, C3: it was written whatever the
#: error).
NEAR_PERFECT = 1e-3


#: Two panels side by side from 3.2 in, stacked below; data areas this share of their width tall;
#: stacked, at most this tall (in): at 0.6 two panels reached the 4.5 in cap from 2.75 in.
PANEL_MIN_IN, PANEL_ASPECT, STACKED_DATA_IN = 1.6, 0.6, 1.15
#: Stacked, one panel of 1.9 in holds four bars' names on two lines.
SMALLEST_WIDTH_IN = 1.9
#: The seeds' error curves on a page: greys and line styles (the seeds are not methods).
SEED_STYLES = (MethodStyle("#000000", "-", "o"), MethodStyle("#52514e", "--", "s"),
               MethodStyle("#8a8a8a", ":", "^"))


def _for_page(data: dict[str, Any], page: Page) -> Figure:
    """The state bridge's prediction error per seed (greys, styles) beside the final test
    accuracy of each method (its colour); the seed's note and title go to the caption. Side by
    side where two fit, stacked below (Page.grid), flatter stacked."""
    side_by_side = page.width_in + 0.01 >= 2 * PANEL_MIN_IN * max(page.small_pt / COMFORT_PT, 1)
    aspect = PANEL_ASPECT if side_by_side else min(PANEL_ASPECT, STACKED_DATA_IN / page.width_in)
    fig, (error_ax, bar_ax) = page.grid(2, min_panel_in=PANEL_MIN_IN, aspect=aspect)
    curves, (entries, means, stds), _ = model(data)
    page_curves(error_ax, curves)
    log_axis(error_ax)
    error_ax.set_xlabel("epoch")
    error_ax.set_ylabel("state prediction error")
    page.title(error_ax, f"(a) {cifar.METHOD[cifar.STATE_BRIDGE].label}: prediction error",
               "(a) prediction error")
    panel_grid(error_ax)
    key = error_ax.legend(loc="best") if curves else None
    if not curves:  # round 51c, W17: an empty panel says why
        error_ax.text(0.5, 0.5, "no seed logs\nthe prediction error", ha="center",
                      va="center", transform=error_ax.transAxes, color=MUTED_TEXT,
                      fontsize=page.small_pt)
    cifar.page_bars(bar_ax, entries, means, stds, page, page.panel_in(bar_ax) - YLABELS_IN)
    bar_ax.set_ylabel("test accuracy")
    page.title(bar_ax, "(b) final test accuracy", "(b) accuracy")
    fig = cifar.held(fig, page, __name__)  # a y label longer than its panel: taller
    if key is not None and _over_curves(fig, error_ax, key):
        key.remove()  # no corner is empty: the key above the panels, as cifar_accuracy's
        page.legend(fig, error_ax)
        fig = cifar.held(fig, page, __name__)
    return fig


def _over_curves(fig: Figure, ax: Any, key: Any) -> bool:
    """Whether the seed key, where matplotlib's ``loc="best"`` put it in the laid-out figure,
    is crossed by a curve: the key was pinned to the upper right, empty only while the error
    falls (round 49c, W21: a diverging bridge's rising curves ran through it)."""
    fig.draw_without_rendering()
    box = key.get_window_extent()
    return any(line.get_transform().transform_path(line.get_path()).intersects_bbox(
        box, filled=False) for line in ax.get_lines())


#: A key left out was "missing key" alone (round 51c, W17): every key is drawn; an empty
#: state_pred_error ({}: no run logs it, as the extract writes it) draws panel (a) empty.
MISSING = ("every key is drawn: give {key}, as figures extract writes it (state_pred_error may "
           "be {{}} where no run logs the error)")
SCHEMA = Record({
    "seeds": ListOf(Seed(), unique=True),
    "state_pred_error": MapOf(Series(positive=True, over_epochs=True)),
    "final_test_acc": MapOf(cifar.ACCURACY, keys=(cifar.STATE_BRIDGE,), min_size=1,
                            known=cifar.METHODS),
}, same_length=[("seeds", "final_test_acc.*")],  # a final accuracy per seed
    keys_among=[("state_pred_error", "seeds")],  # drawn per seed, and in the mean error
    missing=MISSING)
