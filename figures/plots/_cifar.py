"""What the five CIFAR-10 report figures (seed 004) share: the runs' loader (the tree caches
each file: parsed once for all five), their methods (names, colours: the model both layouts
draw, figures/plots/_model.py) and page idioms."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from figures.data.checks import element, get, mapping, numbers
from figures.data.schema import Series
from figures.errors import FigureDataError
from figures.extract.results import PAPER_SEEDS, ResultsTree, cifar_results_file
from figures.page import panel_grid
from figures.plots._model import Curve, Entry
from figures.style import mean_std
from figures.venues import DEFAULT_MAX_HEIGHT_IN

# --- data layout ------------------------------------------------------------------------------
METHODS = ("bp", "dfa", "state_bridge", "credit_bridge")  # METHOD's keys
#: The per-layer diagnostics and the feature drift are read from this seed's run only.
SINGLE_SEED = 42
DIAGNOSTICS = ("bp_cosine", "perturbation_rho", "nudging")
NUDGING_ETA = "0.01"
DRIFT_KEY = re.compile(r"blocks\.([0-9]+)\.w1\.weight")  # ASCII: "١٢" is no block 12
#: The state-vs-credit bar panel leaves BP out; the arrow points at the state bridge.
COMPARED = ("dfa", "state_bridge", "credit_bridge")
STATE_BRIDGE = "state_bridge"

# --- style ------------------------------------------------------------------------------------
#: Each method's name and the seed's colour (its page style follows the name): the model of
#: every CIFAR figure's series and bars (figures/plots/_model.py).
METHOD = {"bp": Entry("BP", "#F44336"), "dfa": Entry("DFA", "#2196F3"),
          "state_bridge": Entry("State Bridge", "#FF9800"),
          "credit_bridge": Entry("Credit Bridge", "#4CAF50")}
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
class Run:
    """One seed's results: the per-method records, with error locations."""

    seed: int
    file: str
    doc: dict[str, Any]

    def where(self, method: str, *keys: str) -> str:
        return ".".join((str(self.seed), method, *keys))

    def method(self, method: str) -> dict[str, Any]:
        return mapping(get(self.doc, method, self.file, str(self.seed)), self.file,
                       self.where(method))

    def log(self, method: str) -> dict[str, Any]:
        return mapping(get(self.method(method), "log", self.file, self.where(method)),
                       self.file, self.where(method, "log"))

    def log_series(self, method: str, key: str, *, positive: bool = False) -> list[float]:
        return numbers(get(self.log(method), key, self.file, self.where(method, "log")),
                       self.file, self.where(method, "log", key), positive=positive)

    def section(self, method: str, name: str) -> dict[str, Any]:
        """The optional ``diagnostics`` / ``drift`` object; empty when absent."""
        rec = self.method(method)
        return mapping(rec[name], self.file, self.where(method, name)) if name in rec else {}

    def epoch_logs(self, method: str) -> dict[str, list[float]]:
        """The method's ``train_acc`` and ``test_acc``, one value per epoch each: refused in
        one line when their lengths differ (round 48c W27). The two are paired by position
        (epoch 1, 2, ...): a test accuracy logged every 5th epoch beside every epoch's train
        accuracy would otherwise draw the final test accuracy at epoch 20 and title a
        100-epoch run "20 epochs"; nothing in the log says which epochs a sparse list holds."""
        logs = {key: self.log_series(method, key) for key in ("test_acc", "train_acc")}
        test, train = (len(v) for v in logs.values())
        if train != test:
            raise FigureDataError(self.file, self.where(method, "log", "test_acc"), (
                f"has {test} value(s) where {self.where(method, 'log', 'train_acc')} has "
                f"{train}: give both one value per epoch (a test accuracy logged every few "
                "epochs cannot be paired with the train accuracy's epochs)"))
        return logs

    def final_test_acc(self, method: str) -> float:
        return element(self.log_series(method, "test_acc"), -1, self.file,
                       self.where(method, "log", "test_acc"))


def load_runs(tree: ResultsTree, seeds: tuple[int, ...] = PAPER_SEEDS) -> list[Run]:
    """Each seed's results file (:func:`~figures.extract.results.cifar_results_file`),
    checked to hold that seed's object.

    A ``cifar10_seed*/`` folder of a seed outside PAPER_SEEDS is told (round 47c W34: it is
    in no figure's mean or std). The paper's own seeds are compared with PAPER_SEEDS, not
    with ``seeds``: a figure drawing seed 42 alone by design (cifar_diagnostics) leaves
    123 and 456 to the others, and warning of them would fire on every extract of the
    paper's own tree (round 48c W6). A seed's run equal to another's is told as a copy."""
    runs = []
    for seed in seeds:
        file = cifar_results_file(seed)
        doc = mapping(get(tree.load(file), str(seed), file), file, str(seed))
        if same := next((r.file for r in runs if r.doc == doc), None):  # round 49 (48c W7)
            tree.warn(file, str(seed), f"the same numbers as {same}: a copy is not another "
                      "seed (the mean ± std counts that run twice); remove the copy")
        runs.append(Run(seed, file, doc))
    known = (*PAPER_SEEDS, *(s for s in seeds if s not in PAPER_SEEDS))
    for other in sorted(tree.root.glob("cifar10_seed*/")):  # hostile round 47c, W34
        if other.name.removeprefix("cifar10_seed") not in map(str, known):
            tree.warn(f"{other.name}/", None, "a CIFAR run not among the paper's seeds "
                      f"({', '.join(map(str, known))}): it is in no mean or std (move it out "
                      "of the results folder, or add its seed to PAPER_SEEDS in "
                      "figures/extract/results.py)")
    return runs


def final_test_acc(runs: list[Run], methods: tuple[str, ...]) -> dict[str, list[float]]:
    return {method: [run.final_test_acc(method) for run in runs] for method in methods}


def per_layer(series: dict[str, list[float]]) -> list[Curve]:
    """Each method's per-layer values, over the layers 0, 1, ..."""
    return [Curve(METHOD[m], range(len(values)), values) for m, values in series.items()]


def bars(finals: dict[str, list[float]]) -> tuple[list[Entry], tuple, tuple]:
    """One bar per method: its entry, and the mean ± std of its seeds' final values."""
    means, stds = zip(*(mean_std(values) for values in finals.values()), strict=True)
    return [METHOD[m] for m in finals], means, stds


def seed_count(seeds: list[int]) -> str:
    return f"{len(seeds)} seed{'s' if len(seeds) != 1 else ''}"


#: Accuracies are fractions (printed ``.1%``); an accuracy of 1e-45 would scale the axis so
#: that the bars' labels land ~1e40 pixels away, which FreeType refuses.
ACCURACY = Series(within=(0, 1), smallest=1e-6)
#: An accuracy per epoch (an epoch axis: not just one).
ACCURACY_CURVE = Series(within=(0, 1), smallest=1e-6, over_epochs=True)


# --- drawn for a page -------------------------------------------------------------------------
def page_bars(ax, entries: list[Entry], means, stds, page: Any, room_in: float) -> Any:
    """One bar per method in its colour (opaque, edged), with its std as an error bar; a
    method's name on two lines where one does not fit its bar's share of ``room_in``."""
    drawn = ax.bar(range(len(entries)), means, 0.6, yerr=stds,
                   color=[e.style.color for e in entries], linewidth=0,
                   error_kw={"ecolor": "black", "color": "black",  # the page's data stroke
                             "elinewidth": page.line_pt - 0.25, "capthick": page.line_pt - 0.25})
    room = room_in / len(entries) - 0.1  # a gap between neighbours
    names = [page.fitting(room, e.label, e.label.replace(" ", "\n"), size_pt=page.small_pt)
             for e in entries]
    if any("\n" in name for name in names):  # alike: all names of two words on two lines
        names = [e.label.replace(" ", "\n") for e in entries]
    ax.set_xticks(range(len(entries)), names)
    panel_grid(ax, "y")
    return drawn


def held(fig: Any, page: Any, module: str) -> Any:
    """``fig`` with every y label inside it (:meth:`Page.hold_labels`: taller at large type);
    one line refusing the build when the page's tallest figure cannot hold one (``module``:
    the figure's file, named in the line)."""
    cut = page.hold_labels(fig)
    if cut is not None:
        raise FigureDataError(f"figures/plots/{module.rsplit('.', 1)[-1]}.py", "min_font_pt", (
            f"at {page.min_font_pt:g} pt type its y label {cut!r} runs off a figure "
            f"{page.width_in:g} in wide even at the page's tallest ({page.max_height_in:g} in): "
            "draw it wider, or lower the venue's min_font_pt" + (  # a short page: its height
                ", or raise its text_height_in (the tallest figure is half of it)"
                if page.max_height_in < DEFAULT_MAX_HEIGHT_IN else "")))
    return fig
