"""The CIFAR-10 report figures (seed 004): accuracy curves, per-layer diagnostics, feature
drift, state-bridge prediction error vs credit, and the final-accuracy summary, for the four
training methods of the deep residual MLP runs (three seeds, one results file per seed).

The five extract functions share one loader, :func:`_load_runs`; the tree caches each file, so
the three files are parsed once however many figures are extracted.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass
from typing import Any

import numpy as np
from matplotlib.figure import Figure

from figures.errors import FigureDataError, FigureDataWarning
from figures.results import ResultsTree, element, get, number
from figures.schema import ListOf, MapOf, Number, Record, Scalar, Series, Text
from figures.style import DEFAULT_RC, legend, mean_std, mean_std_band, new_figure, themed

# --- data layout ------------------------------------------------------------------------------
#: One results file per seed; each holds ``{"<seed>": {method: run}}``.
RUN_FOLDERS = {42: "cifar10", 123: "cifar10_seed123", 456: "cifar10_seed456"}
RESULTS_FILE = "results_cifar10.json"
METHODS = ("bp", "dfa", "state_bridge", "credit_bridge")
#: The per-layer diagnostics and the feature drift are read from this seed's run only.
SINGLE_SEED = 42
DIAGNOSTICS = ("bp_cosine", "perturbation_rho", "nudging")
NUDGING_ETA = "0.01"
DRIFT_KEY = re.compile(r"blocks\.([0-9]+)\.w1\.weight")  # ASCII: "١٢" is no block 12
#: The state-vs-credit bar panel leaves BP out; the arrow points at the state bridge.
COMPARED = ("dfa", "state_bridge", "credit_bridge")
STATE_BRIDGE = "state_bridge"

# --- style ------------------------------------------------------------------------------------
COLORS = {"bp": "#F44336", "dfa": "#2196F3", "state_bridge": "#FF9800",
          "credit_bridge": "#4CAF50"}
LABELS = {"bp": "BP", "dfa": "DFA", "state_bridge": "State Bridge",
          "credit_bridge": "Credit Bridge"}
ARCHITECTURE = "Deep Residual MLP (d=512, L=12"
GRID_ALPHA = 0.3
BAND_ALPHA = 0.15
ERROR_LINE_ALPHA = 0.7
MARKER_SIZE = 4
ZERO_LINE = {"color": "gray", "linestyle": "--", "alpha": 0.5}
# (data key, y label, title, zero line) of the three diagnostics panels, left to right.
DIAGNOSTIC_PANELS = (
    ("bp_cosine", "Cosine with BP Gradient", "Offline BP Cosine", False),
    ("perturbation_rho", "Perturbation Correlation (ρ)", "Local Perturbation Correlation", True),
    ("nudging", "Nudge Delta (negative=good)", "Nudging Test (η={eta})", True),
)
BAR_CAPSIZE = 5
COMPARE_BAR_ALPHA = 0.8
SUMMARY_BAR_ALPHA = 0.85
SUMMARY_BAR_WIDTH = 0.6
VALUE_LABEL_GAP = 0.005  # above the error bar, in accuracy units
ANNOTATION_OFFSET = (0.3, 0.06)  # text position relative to the annotated bar's top


# --- loading ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Run:
    """One seed's results: the per-method records, with error locations."""

    seed: int
    file: str
    doc: dict[str, Any]

    def where(self, method: str, *keys: str) -> str:
        return ".".join((str(self.seed), method, *keys))

    def method(self, method: str) -> dict[str, Any]:
        return _object(get(self.doc, method, self.file, str(self.seed)), self.file,
                       self.where(method))

    def log_series(self, method: str, key: str) -> list[float]:
        log = _object(get(self.method(method), "log", self.file, self.where(method)),
                      self.file, self.where(method, "log"))
        where = self.where(method, "log", key)
        return _numbers(get(log, key, self.file, self.where(method, "log")), self.file, where)

    def section(self, method: str, name: str) -> dict[str, Any]:
        """The optional ``diagnostics`` / ``drift`` object; empty when absent."""
        rec = self.method(method)
        return _object(rec[name], self.file, self.where(method, name)) if name in rec else {}

    def final_test_acc(self, method: str) -> float:
        return element(self.log_series(method, "test_acc"), -1, self.file,
                       self.where(method, "log", "test_acc"))


def _load_runs(tree: ResultsTree, seeds: tuple[int, ...] = tuple(RUN_FOLDERS)) -> list[_Run]:
    """Each seed's results file, checked to hold that seed's object."""
    runs = []
    for seed in seeds:
        file = f"{RUN_FOLDERS[seed]}/{RESULTS_FILE}"
        doc = _object(get(tree.load(file), str(seed), file), file, str(seed))
        runs.append(_Run(seed, file, doc))
    return runs


def _object(value: Any, file: str, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise FigureDataError(file, where, f"expected an object, got {type(value).__name__}")
    return value


def _numbers(value: Any, file: str, where: str, *, positive: bool = False) -> list[float]:
    """A non-empty list of finite numbers (positive when bound for a log axis)."""
    if not isinstance(value, list):
        raise FigureDataError(file, where, f"expected a list of numbers, got "
                                           f"{type(value).__name__}")
    if not value:
        raise FigureDataError(file, where, "empty list, expected at least one value")
    return [number(v, file, f"{where}[{i}]", positive=positive) for i, v in enumerate(value)]


# --- extraction -------------------------------------------------------------------------------
def extract_accuracy(tree: ResultsTree) -> dict[str, Any]:
    """Per method, each seed's train and test accuracy per epoch, cut to the common length."""
    runs = _load_runs(tree)
    methods = {}
    for method in METHODS:
        curves = {key: [run.log_series(method, key) for run in runs]
                  for key in ("train_acc", "test_acc")}
        common = min(len(c) for series in curves.values() for c in series)
        longest = max(len(c) for series in curves.values() for c in series)
        for key, series in curves.items():
            for run, curve in zip(runs, series, strict=True):
                if len(curve) < longest:
                    tree.warn(run.file, run.where(method, "log", key),
                              f"{len(curve)} epochs where other runs have {longest}; "
                              f"{LABELS[method]} curves of all seeds cut to {common} epochs")
        methods[method] = {key: [c[:common] for c in series] for key, series in curves.items()}
    return {"seeds": [run.seed for run in runs], "methods": methods}


def extract_diagnostics(tree: ResultsTree) -> dict[str, Any]:
    """Per diagnostic, the per-layer values of each method that has it (one seed)."""
    (run,) = _load_runs(tree, (SINGLE_SEED,))
    panels: dict[str, dict[str, list[float]]] = {key: {} for key in DIAGNOSTICS}
    for method in METHODS:
        diag = run.section(method, "diagnostics")
        for key in ("bp_cosine", "perturbation_rho"):
            if key in diag:
                panels[key][method] = _numbers(diag[key], run.file,
                                               run.where(method, "diagnostics", key))
        if "nudging" in diag:
            nudging = _object(diag["nudging"], run.file, run.where(method, "diagnostics",
                                                                   "nudging"))
            if NUDGING_ETA in nudging:
                panels["nudging"][method] = _numbers(
                    nudging[NUDGING_ETA], run.file,
                    run.where(method, "diagnostics", "nudging", NUDGING_ETA))
        for key, panel in panels.items():  # drawn as the seed draws it, but never unsaid
            if method not in panel:
                at = (key, NUDGING_ETA) if key == "nudging" else (key,)
                tree.warn(run.file, run.where(method, "diagnostics", *at),
                          f"missing: {LABELS[method]} is left out of that panel")
    return {"seed": run.seed, "nudging_eta": NUDGING_ETA, **panels}


def extract_feature_drift(tree: ResultsTree) -> dict[str, Any]:
    """Per method that has drift, the relative weight change of each block's ``w1`` (one seed)."""
    (run,) = _load_runs(tree, (SINGLE_SEED,))
    drift = {}
    for method in METHODS:
        section = run.section(method, "drift")
        blocks = sorted((_block_number(m[1], run, method, key), key) for key in section
                        if (m := DRIFT_KEY.fullmatch(key)))
        _check_contiguous(blocks, run, method)
        if blocks:
            drift[method] = {
                "block": [block for block, _ in blocks],
                "drift": [number(section[key], run.file, run.where(method, "drift", key))
                          for _, key in blocks],
            }
        else:
            tree.warn(run.file, run.where(method, "drift"),
                      f"no blocks.<N>.w1.weight: {LABELS[method]} is left out of the figure")
    return {"seed": run.seed, "drift": drift}


#: Most digits of a block number read (``int`` refuses 4300 and more; a shorter stray one is
#: caught by the 0..N-1 check).
MAX_BLOCK_DIGITS = 100


def _block_number(digits: str, run: _Run, method: str, key: str) -> int:
    if len(digits) > MAX_BLOCK_DIGITS:
        raise FigureDataError(run.file, run.where(method, "drift", key),
                              f"a block number of {len(digits)} digits (at most "
                              f"{MAX_BLOCK_DIGITS}); blocks run 0..N-1")
    return int(digits)


def _check_contiguous(blocks: list[tuple[int, str]], run: _Run, method: str) -> None:
    """Blocks 0..N-1, each once: a stray key (block 10^20) would stretch the block axis, a
    missing block would silently close the gap."""
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


def extract_state_vs_credit(tree: ResultsTree) -> dict[str, Any]:
    """The state bridge's prediction error per epoch (seeds that log it) and the final test
    accuracy per seed of the compared methods."""
    runs = _load_runs(tree)
    errors = {}
    for run in runs:
        log = _object(get(run.method(STATE_BRIDGE), "log", run.file, run.where(STATE_BRIDGE)),
                      run.file, run.where(STATE_BRIDGE, "log"))
        if "state_pred_error" in log:
            errors[str(run.seed)] = _numbers(
                log["state_pred_error"], run.file,
                run.where(STATE_BRIDGE, "log", "state_pred_error"), positive=True)
    return {
        "seeds": [run.seed for run in runs],
        "state_pred_error": errors,
        "final_test_acc": _final_test_acc(runs, COMPARED),
    }


def extract_summary(tree: ResultsTree) -> dict[str, Any]:
    """Each method's final test accuracy per seed, and the runs' epoch counts (for the title)."""
    runs = _load_runs(tree)
    lengths = [(run, method, len(run.log_series(method, "test_acc")))
               for run in runs for method in METHODS]
    longest = max(n for _, _, n in lengths)
    for run, method, n in lengths:
        if n < longest:
            tree.warn(run.file, run.where(method, "log", "test_acc"),
                      f"{n} epochs where other runs have {longest}; its final accuracy is "
                      f"taken at epoch {n}")
    return {
        "seeds": [run.seed for run in runs],
        "epoch_counts": sorted({n for _, _, n in lengths}),
        "final_test_acc": _final_test_acc(runs, METHODS),
    }


def _final_test_acc(runs: list[_Run], methods: tuple[str, ...]) -> dict[str, list[float]]:
    return {method: [run.final_test_acc(method) for run in runs] for method in methods}


# --- rendering --------------------------------------------------------------------------------
@themed(DEFAULT_RC)
def render_accuracy(data: dict[str, Any]) -> Figure:
    fig = new_figure(figsize=(14, 5))
    axes = fig.subplots(1, 2)
    titles = ("Train Accuracy", "Test Accuracy")
    for method, curves in data["methods"].items():
        for ax, key in zip(axes, ("train_acc", "test_acc"), strict=True):
            epochs = np.arange(1, len(curves[key][0]) + 1)
            mean_std_band(ax, epochs, curves[key], "-", color=COLORS[method],
                          band_alpha=BAND_ALPHA, label=LABELS[method])
    for ax, title in zip(axes, titles, strict=True):
        ax.set_xlabel("Epoch", fontsize=12)
        ax.set_ylabel(title, fontsize=12)
        ax.set_title(title, fontsize=13)
        ax.legend(fontsize=10)
        ax.grid(True, alpha=GRID_ALPHA)
    fig.suptitle(f"CIFAR-10 {ARCHITECTURE}, {_seed_count(data['seeds'])})", fontsize=14,
                 y=1.02)
    fig.tight_layout()
    return fig


def _per_layer_line(ax, x, y, method: str) -> None:
    """One method's per-layer (or per-block) values: the report's marked line."""
    ax.plot(x, y, "o-", color=COLORS[method], label=LABELS[method], markersize=MARKER_SIZE)


@themed(DEFAULT_RC)
def render_diagnostics(data: dict[str, Any]) -> Figure:
    fig = new_figure(figsize=(18, 5))
    axes = fig.subplots(1, 3)
    for ax, (key, ylabel, title, zero_line) in zip(axes, DIAGNOSTIC_PANELS, strict=True):
        for method, values in data[key].items():
            _per_layer_line(ax, range(len(values)), values, method)
        ax.set_xlabel("Layer")
        ax.set_ylabel(ylabel)
        ax.set_title(title.format(eta=data["nudging_eta"]))
        legend(ax, key, fontsize=9)
        ax.grid(True, alpha=GRID_ALPHA)
        if zero_line:
            ax.axhline(y=0, **ZERO_LINE)
    fig.suptitle(f"CIFAR-10 Per-Layer Diagnostics (seed {data['seed']})", fontsize=14, y=1.02)
    fig.tight_layout()
    return fig


@themed(DEFAULT_RC)
def render_feature_drift(data: dict[str, Any]) -> Figure:
    fig = new_figure(figsize=(10, 6))
    ax = fig.subplots(1, 1)
    for method, series in data["drift"].items():
        _per_layer_line(ax, series["block"], series["drift"], method)
    ax.set_xlabel("Block", fontsize=12)
    ax.set_ylabel("Feature Drift ||W_final - W_init|| / ||W_init||", fontsize=11)
    ax.set_title(f"Feature Drift per Block (CIFAR-10, seed {data['seed']})", fontsize=13)
    legend(ax, "drift", fontsize=10)
    ax.grid(True, alpha=GRID_ALPHA)
    fig.tight_layout()
    return fig


@themed(DEFAULT_RC)
def render_state_vs_credit(data: dict[str, Any]) -> Figure:
    fig = new_figure(figsize=(12, 5))
    axes = fig.subplots(1, 2)
    _prediction_error(axes[0], data["state_pred_error"])
    _credit_bars(axes[1], data["final_test_acc"], data["state_pred_error"])
    fig.tight_layout()
    return fig


def _prediction_error(ax, errors: dict[str, list[float]]) -> None:
    for seed, series in errors.items():
        ax.plot(range(1, len(series) + 1), series, "-", alpha=ERROR_LINE_ALPHA, label=f"Seed {seed}")
    ax.set_xlabel("Epoch", fontsize=12)
    ax.set_ylabel("State Prediction Error", fontsize=12)
    ax.set_title("State Bridge: Prediction Error", fontsize=13)
    ax.set_yscale("log")
    if errors:  # no seed logged the error: no lines, so no (empty) legend either
        ax.legend()
    ax.grid(True, alpha=GRID_ALPHA)


def _credit_bars(ax, finals: dict[str, list[float]], errors: dict[str, list[float]]) -> None:
    methods = list(finals)
    means, stds = zip(*(mean_std(finals[m]) for m in methods), strict=True)
    x_pos = range(len(methods))
    ax.bar(x_pos, means, yerr=stds, color=[COLORS[m] for m in methods], capsize=BAR_CAPSIZE,
           alpha=COMPARE_BAR_ALPHA)
    ax.set_xticks(x_pos)
    ax.set_xticklabels([LABELS[m] for m in methods], fontsize=11)
    ax.set_ylabel("Test Accuracy", fontsize=12)
    ax.set_title("Test Accuracy Comparison\n(State Bridge predicts h_L perfectly\n"
                 "but produces worst credit)", fontsize=12)
    ax.grid(True, alpha=GRID_ALPHA, axis="y")
    # The claim in the note is the measured final prediction error (mean over the seeds
    # that log it); without any such log only the accuracy half of the note is left.
    note = "but worst accuracy!"
    if errors:
        final_error = np.mean([series[-1] for series in errors.values()])
        note = f"State pred err ≈ {final_error:.4f}\n{note}"
    i = methods.index(STATE_BRIDGE)
    dx, dy = ANNOTATION_OFFSET
    ax.annotate(note, xy=(i, means[i]), xytext=(i + dx, means[i] + dy),
                arrowprops={"arrowstyle": "->", "color": "black"}, fontsize=9, ha="center")


@themed(DEFAULT_RC)
def render_summary(data: dict[str, Any]) -> Figure:
    fig = new_figure(figsize=(10, 6))
    ax = fig.subplots()
    finals = data["final_test_acc"]
    methods = list(finals)
    means, stds = zip(*(mean_std(finals[m]) for m in methods), strict=True)
    x = np.arange(len(methods))
    bars = ax.bar(x, means, SUMMARY_BAR_WIDTH, yerr=stds, color=[COLORS[m] for m in methods],
                  capsize=BAR_CAPSIZE, alpha=SUMMARY_BAR_ALPHA)
    epochs = "–".join(str(n) for n in data["epoch_counts"])
    ax.set_ylabel("Test Accuracy", fontsize=13)
    ax.set_title(f"CIFAR-10 Test Accuracy ({_seed_count(data['seeds'])}, {epochs} epochs)",
                 fontsize=14)
    ax.set_xticks(x)
    ax.set_xticklabels([LABELS[m] for m in methods], fontsize=12)
    ax.grid(True, alpha=GRID_ALPHA, axis="y")
    top = ax.get_ylim()[1]
    for method, bar, mean, std in zip(methods, bars, means, stds, strict=True):
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


def _seed_count(seeds: list[int]) -> str:
    return f"{len(seeds)} seed{'s' if len(seeds) != 1 else ''}"


#: Accuracies are fractions (the summary prints them with ``.1%``); method keys pick colours.
#: Bars start at 0 and carry labels a fixed distance above: an accuracy of 1e-45 would scale
#: the axis so that the labels land ~1e40 pixels away, which FreeType refuses.
_ACCURACY = Series(within=(0, 1), smallest=1e-6)
_PER_SEED = ListOf(_ACCURACY, equal_lengths=True)
SCHEMA_ACCURACY = Record(
    {"seeds": ListOf(Scalar()),
     "methods": MapOf(Record({"train_acc": _PER_SEED, "test_acc": _PER_SEED},
                             same_length=[("train_acc[*]", "test_acc[*]")]), min_size=1,
                      known=METHODS)},
    same_length=[("seeds", "methods.*.train_acc", "methods.*.test_acc")],  # a series per seed
)
#: Cosines and correlations lie in [-1, 1]; every method has a value per layer.
_CORRELATION = Series(within=(-1, 1), bounded_by="a cosine or correlation")
SCHEMA_DIAGNOSTICS = Record({
    "seed": Scalar(), "nudging_eta": Text(),
    "bp_cosine": MapOf(_CORRELATION, known=METHODS, equal_lengths=True),
    "perturbation_rho": MapOf(_CORRELATION, known=METHODS, equal_lengths=True),
    "nudging": MapOf(Series(), known=METHODS, equal_lengths=True),
})
SCHEMA_FEATURE_DRIFT = Record({
    "seed": Scalar(),
    "drift": MapOf(Record({"block": Series(increasing=True), "drift": Series()},
                          same_length=[("block", "drift")]), known=METHODS),
})
SCHEMA_STATE_VS_CREDIT = Record({
    "seeds": ListOf(Scalar()),
    "state_pred_error": MapOf(Series(positive=True)),
    "final_test_acc": MapOf(_ACCURACY, keys=(STATE_BRIDGE,), min_size=1, known=METHODS),
}, same_length=[("seeds", "final_test_acc.*")],  # a final accuracy per seed
    keys_among=[("state_pred_error", "seeds")])  # drawn per seed, and in the mean error
SCHEMA_SUMMARY = Record({
    "seeds": ListOf(Scalar()),
    "epoch_counts": ListOf(Number(within=(1, 1e6), bounded_by="an epoch count", whole=True)),
    "final_test_acc": MapOf(_ACCURACY, min_size=1, known=METHODS),
}, same_length=[("seeds", "final_test_acc.*")])
