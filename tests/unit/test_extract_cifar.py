"""Extraction of the CIFAR-10 report figures (seed 004) from tiny hand-made results trees:
exact data for every optional series, the seed-42-only figures, unequal run lengths, and
one-line errors naming the file and the key."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from figures.errors import FigureDataError, FigureDataWarning
from figures.extract.results import ResultsTree
from figures.registry import BY_NAME

SEEDS = (42, 123, 456)
FOLDERS = {42: "cifar10", 123: "cifar10_seed123", 456: "cifar10_seed456"}
METHODS = ("bp", "dfa", "state_bridge", "credit_bridge")


def r4(x: float) -> float:
    """Values as a log holds them (4 decimals), so that expected values compare exactly."""
    return round(x, 4)


def run(i: int, j: int, epochs: int = 3) -> dict[str, Any]:
    """Method ``j`` of seed number ``i``: accuracies 0.1*(j+1) rising by 0.01 per epoch,
    the last test epoch offset by 0.001*i so every final accuracy differs."""
    base = 0.1 * (j + 1)
    test = [r4(base + 0.01 * e + (0.001 * i if e == epochs - 1 else 0)) for e in range(epochs)]
    return {
        "log": {"train_acc": [r4(base + 0.02 * e) for e in range(epochs)], "test_acc": test},
        "diagnostics": {"bp_cosine": [1.0, 0.5 - j], "perturbation_rho": [0.8, 0.4 - j],
                        "nudging": {"0.01": [-0.01, j], "0.1": [-0.1, j]}},
        "drift": {"blocks.0.w1.weight": r4(0.1 + j), "blocks.0.w2.weight": 9.0,
                  "blocks.1.w1.weight": r4(0.2 + j)},
    }


def results(epochs: int = 3) -> dict[int, dict[str, Any]]:
    """Each seed's ``{method: run}``; the state bridge logs a prediction error per epoch."""
    out = {}
    for i, seed in enumerate(SEEDS):
        runs = {method: run(i, j, epochs) for j, method in enumerate(METHODS)}
        runs["state_bridge"]["log"]["state_pred_error"] = [0.5 / 10**e for e in range(epochs)]
        out[seed] = runs
    return out


def write(root: Path, docs: dict[int, Any]) -> None:
    for seed, runs in docs.items():
        path = root / FOLDERS[seed] / "results_cifar10.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(runs if isinstance(runs, str) else json.dumps({str(seed): runs}))


def extract(name: str, root: Path) -> tuple[dict[str, Any], list[str], list[str]]:
    """The data, the warnings and the files read."""
    tree = ResultsTree(root)
    with tree.recording() as used:
        data = BY_NAME[f"cifar_{name}"].extract(tree)
    return data, tree.warnings, used


# --- accuracy ------------------------------------------------------------------------------


def test_accuracy_keeps_every_seeds_curves_per_method(tmp_path):
    write(tmp_path, results(epochs=2))
    data, warnings, used = extract("accuracy", tmp_path)
    assert data == {
        "seeds": [42, 123, 456],
        "methods": {
            method: {"train_acc": [[r4(0.1 * (j + 1)), r4(0.1 * (j + 1) + 0.02)]] * 3,
                     "test_acc": [[r4(0.1 * (j + 1)), r4(0.1 * (j + 1) + 0.01 + 0.001 * i)]
                                  for i in range(3)]}
            for j, method in enumerate(METHODS)
        },
    }
    assert warnings == []
    assert used == [f"{FOLDERS[s]}/results_cifar10.json" for s in SEEDS]


def test_accuracy_cuts_a_method_to_its_shortest_run_and_names_the_short_run(tmp_path):
    docs = results(epochs=3)
    for key in ("train_acc", "test_acc"):  # a run that stopped early: both lists short
        docs[456]["dfa"]["log"][key] = docs[456]["dfa"]["log"][key][:2]
    write(tmp_path, docs)
    data, warnings, _ = extract("accuracy", tmp_path)
    assert data["methods"]["dfa"]["train_acc"] == [[0.2, 0.22]] * 3
    assert data["methods"]["dfa"]["test_acc"] == [[0.2, 0.21]] * 3
    assert len(data["methods"]["bp"]["train_acc"][0]) == 3  # the other methods keep 3
    assert warnings == [
        ("cifar10_seed456/results_cifar10.json: 456.dfa.log: 2 epochs where other "
         "runs have 3; DFA curves of all seeds cut to 2 epochs")]


# --- diagnostics (seed 42 only) -------------------------------------------------------------


def test_diagnostics_read_seed_42_only_and_the_nudging_at_eta_0_01(tmp_path):
    write(tmp_path, {42: results()[42]})  # the other seeds' files are not needed
    data, warnings, used = extract("diagnostics", tmp_path)
    assert data == {
        "seed": 42,
        "nudging_eta": "0.01",
        "bp_cosine": {m: [1.0, 0.5 - j] for j, m in enumerate(METHODS)},
        "perturbation_rho": {m: [0.8, 0.4 - j] for j, m in enumerate(METHODS)},
        "nudging": {m: [-0.01, j] for j, m in enumerate(METHODS)},
    }
    assert warnings == []
    assert used == ["cifar10/results_cifar10.json"]


def test_diagnostics_leave_out_each_method_missing_a_diagnostic(tmp_path):
    runs = results()[42]
    del runs["bp"]["diagnostics"]["bp_cosine"]
    del runs["dfa"]["diagnostics"]["nudging"]["0.01"]  # only eta 0.1 measured
    del runs["state_bridge"]["diagnostics"]["nudging"]
    del runs["credit_bridge"]["diagnostics"]
    write(tmp_path, {42: runs})
    data, warnings, _ = extract("diagnostics", tmp_path)
    assert list(data["bp_cosine"]) == ["dfa", "state_bridge"]
    assert list(data["perturbation_rho"]) == ["bp", "dfa", "state_bridge"]
    assert data["nudging"] == {"bp": [-0.01, 0]}
    # As the seed draws it, but never unsaid: a method that vanishes from a panel is named.
    file = "cifar10/results_cifar10.json"
    assert warnings == [
        f"{file}: 42.bp.diagnostics.bp_cosine: missing: BP is left out of that panel",
        f"{file}: 42.dfa.diagnostics.nudging.0.01: missing: DFA is left out of that panel",
        (f"{file}: 42.state_bridge.diagnostics.nudging.0.01: missing: State Bridge is left out "
         "of that panel"),
        (f"{file}: 42.credit_bridge.diagnostics.bp_cosine: missing: Credit Bridge is left out "
         "of that panel"),
        (f"{file}: 42.credit_bridge.diagnostics.perturbation_rho: missing: Credit Bridge is "
         "left out of that panel"),
        (f"{file}: 42.credit_bridge.diagnostics.nudging.0.01: missing: Credit Bridge is left "
         "out of that panel"),
    ]


# --- feature drift (seed 42 only) ------------------------------------------------------------


def test_drift_takes_w1_of_each_block_in_block_order_and_skips_methods_without_it(tmp_path):
    runs = results()[42]
    runs["bp"]["drift"] = {**{f"blocks.{b}.w1.weight": b / 10  # "10" sorts before "2"
                              for b in sorted(range(11), key=str)},
                           "blocks.2.w2.weight": 9.0, "head.weight": 9.0,
                           "blocks.\u0661\u0662.w1.weight": 9.0}  # Arabic-Indic "12": no block
    del runs["dfa"]["drift"]
    runs["state_bridge"]["drift"] = {"blocks.0.w2.weight": 9.0}  # no w1 at all
    write(tmp_path, {42: runs})
    data, warnings, used = extract("feature_drift", tmp_path)
    assert data == {
        "seed": 42,
        "drift": {
            "bp": {"block": list(range(11)), "drift": [b / 10 for b in range(11)]},
            "credit_bridge": {"block": [0, 1], "drift": [3.1, 3.2]},
        },
    }
    assert warnings == [
        ("cifar10/results_cifar10.json: 42.dfa.drift: no blocks.<N>.w1.weight: DFA is left out "
         "of the figure"),
        ("cifar10/results_cifar10.json: 42.state_bridge.drift: no blocks.<N>.w1.weight: State "
         "Bridge is left out of the figure")]
    assert used == ["cifar10/results_cifar10.json"]


def test_a_block_number_too_long_to_be_a_block_is_one_line_naming_the_key(tmp_path):
    """Hostile pass 3: a 5000-digit block number was an internal error (int() refuses it)."""
    runs = results()[42]
    runs["bp"]["drift"]["blocks." + "1" * 5000 + ".w1.weight"] = 0.5
    write(tmp_path, {42: runs})
    with pytest.raises(FigureDataError) as info:
        extract("feature_drift", tmp_path)
    assert info.value.file == "cifar10/results_cifar10.json"
    assert info.value.key == "42.bp.drift.blocks." + "1" * 5000 + ".w1.weight"
    assert info.value.message == "a block number of 5000 digits (at most 100); blocks run 0..N-1"


# --- state vs credit -----------------------------------------------------------------------


def test_state_vs_credit_keeps_each_seeds_error_curve_and_the_compared_finals(tmp_path):
    write(tmp_path, results(epochs=2))
    data, warnings, _ = extract("state_vs_credit", tmp_path)
    assert data == {
        "seeds": [42, 123, 456],
        "state_pred_error": {"42": [0.5, 0.05], "123": [0.5, 0.05], "456": [0.5, 0.05]},
        "final_test_acc": {m: [r4(0.1 * (j + 2) + 0.01 + 0.001 * i) for i in range(3)]
                           for j, m in enumerate(("dfa", "state_bridge", "credit_bridge"))},
    }
    assert warnings == []


def test_state_vs_credit_leaves_out_a_seed_without_a_prediction_error_log(tmp_path):
    docs = results()
    del docs[123]["state_bridge"]["log"]["state_pred_error"]
    write(tmp_path, docs)
    data, _, _ = extract("state_vs_credit", tmp_path)
    assert list(data["state_pred_error"]) == ["42", "456"]


@pytest.mark.slow
def test_state_vs_credit_note_quotes_the_mean_final_prediction_error(tmp_path):
    docs = results()
    docs[42]["state_bridge"]["log"]["state_pred_error"][-1] = 0.0123
    docs[456]["state_bridge"]["log"]["state_pred_error"][-1] = 0.0077
    del docs[123]["state_bridge"]["log"]["state_pred_error"]
    write(tmp_path, docs)
    data, _, _ = extract("state_vs_credit", tmp_path)
    fig = BY_NAME["cifar_state_vs_credit"].render(data)
    assert [t.get_text() for t in fig.axes[1].texts] == [
        "State pred err ≈ 0.0100\nbut worst accuracy!"]
    data["state_pred_error"] = {}
    with pytest.warns(FigureDataWarning, match=r"^data\.state_pred_error: holds no series: "
                      r"panel \(a\)"):  # round 51c, W17: the empty panel is said
        fig = BY_NAME["cifar_state_vs_credit"].render(data)
    assert [t.get_text() for t in fig.axes[1].texts] == ["but worst accuracy!"]
    assert fig.axes[0].get_lines() == []


# --- summary -------------------------------------------------------------------------------


def test_summary_takes_each_seeds_final_test_accuracy_and_the_epoch_count(tmp_path):
    write(tmp_path, results(epochs=2))
    data, warnings, _ = extract("summary", tmp_path)
    assert data == {
        "seeds": [42, 123, 456],
        "epoch_counts": [2],
        "final_test_acc": {m: [r4(0.1 * (j + 1) + 0.01 + 0.001 * i) for i in range(3)]
                           for j, m in enumerate(METHODS)},
    }
    assert warnings == []
    fig = BY_NAME["cifar_summary"].render(data)
    assert fig.axes[0].get_title() == "CIFAR-10 Test Accuracy (3 seeds, 2 epochs)"
    assert [t.get_text() for t in fig.axes[0].texts] == ["11.1%", "21.1%", "31.1%", "41.1%"]


def test_summary_of_runs_of_unequal_length_warns_and_titles_the_range(tmp_path):
    docs = results(epochs=3)
    docs[123]["bp"]["log"]["test_acc"] = [0.3, 0.4]
    docs[123]["bp"]["log"]["train_acc"] = [0.3, 0.5]  # a run that stopped early: both short
    write(tmp_path, docs)
    data, warnings, _ = extract("summary", tmp_path)
    assert data["epoch_counts"] == [2, 3]
    assert data["final_test_acc"]["bp"] == [0.12, 0.4, 0.122]
    assert warnings == [
        ("cifar10_seed123/results_cifar10.json: 123.bp.log.test_acc: 2 epochs where other "
         "runs have 3; its final accuracy is taken at epoch 2")]
    fig = BY_NAME["cifar_summary"].render(data)
    assert fig.axes[0].get_title() == "CIFAR-10 Test Accuracy (3 seeds, 2–3 epochs)"


@pytest.mark.parametrize("name", ["accuracy", "summary"])
def test_a_run_whose_test_and_train_lists_differ_in_length_is_refused(tmp_path, name):
    """Round 48c (W27): a test accuracy logged every 5th epoch beside every epoch's train
    accuracy is refused in one line naming the file and both keys; it was paired with the
    train list by position and both cut to the shorter (the final test accuracy drawn at
    epoch 20, "20 epochs" in the caption) under a warning blaming "other runs"."""
    docs = results(epochs=10)
    for runs in docs.values():
        for rec in runs.values():
            rec["log"]["test_acc"] = rec["log"]["test_acc"][4::5]
    write(tmp_path, docs)
    with pytest.raises(FigureDataError) as err:
        extract(name, tmp_path)
    assert str(err.value) == (
        "cifar10/results_cifar10.json: 42.bp.log.test_acc: has 2 value(s) where "
        "42.bp.log.train_acc has 10: give both one value per epoch (a test accuracy logged "
        "every few epochs cannot be paired with the train accuracy's epochs)")


# --- errors: one line naming the file and the key -------------------------------------------


def damaged(change) -> dict[int, Any]:
    docs = copy.deepcopy(results())
    change(docs)
    return docs


def _set(seed: int, method: str, path: tuple[str, ...], value: Any):
    def change(docs):
        node = docs[seed][method]
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return change


def _delete(seed: int, method: str, path: tuple[str, ...]):
    def change(docs):
        node = docs[seed][method]
        for key in path[:-1]:
            node = node[key]
        del node[path[-1]]
    return change


@pytest.mark.parametrize(("name", "docs", "message"), [
    ("accuracy", {42: results()[42], 456: results()[456]},
     (r"^cifar10_seed123/results_cifar10\.json: file not found: its run's folder "  # 50c W6
      r"cifar10_seed123/ is not in the results folder \(a run still going\?\): extract this "
      r"figure again when its log is written; the others are extracted$")),
    ("summary", {**results(), 42: '{"43": {}}'},
     r"^cifar10/results_cifar10\.json: 42: missing key$"),
    ("summary", {**results(), 123: '{"123": []}'},
     r"^cifar10_seed123/results_cifar10\.json: 123: expected an object, got a list$"),
    ("summary", {**results(), 42: '{"42": {"bp": {"log": {"test_acc": [0.5, NaN]}}}}'},
     (r"^cifar10/results_cifar10\.json: 42\.bp\.log\.test_acc\[1\]: expected a finite number, "
      r"got nan$")),
    ("summary", damaged(lambda d: d[456].pop("credit_bridge")),
     r"^cifar10_seed456/results_cifar10\.json: 456\.credit_bridge: missing key$"),
    ("accuracy", damaged(_delete(123, "bp", ("log", "train_acc"))),
     r"^cifar10_seed123/results_cifar10\.json: 123\.bp\.log\.train_acc: missing key$"),
    ("summary", damaged(_set(42, "dfa", ("log", "test_acc"), [])),
     (r"^cifar10/results_cifar10\.json: 42\.dfa\.log\.test_acc: empty list, expected at least "
      r"one value$")),
    ("accuracy", damaged(_set(42, "dfa", ("log", "train_acc"), "0.5")),
     (r"^cifar10/results_cifar10\.json: 42\.dfa\.log\.train_acc: expected a list of numbers, "
      r"got a string$")),
    ("state_vs_credit", damaged(_set(456, "state_bridge", ("log", "state_pred_error"),
                                     [0.5, 0.0, 0.1])),
     (r"^cifar10_seed456/results_cifar10\.json: 456\.state_bridge\.log\.state_pred_error\[1\]: "
      r"expected a positive number for a log axis, got 0\.0$")),
    ("state_vs_credit", damaged(_set(123, "state_bridge", ("log",), [0.5])),
     (r"^cifar10_seed123/results_cifar10\.json: 123\.state_bridge\.log: expected an object, "
      r"got a list$")),
    ("diagnostics", damaged(_set(42, "bp", ("diagnostics",), [1.0])),
     r"^cifar10/results_cifar10\.json: 42\.bp\.diagnostics: expected an object, got a list$"),
    ("diagnostics", damaged(_set(42, "dfa", ("diagnostics", "nudging"), [-0.01])),
     r"^cifar10/results_cifar10\.json: 42\.dfa\.diagnostics\.nudging: expected an object"),
    ("diagnostics", damaged(_set(42, "dfa", ("diagnostics", "nudging", "0.01"), [0.1, None])),
     (r"^cifar10/results_cifar10\.json: 42\.dfa\.diagnostics\.nudging\.0\.01\[1\]: expected a "
      r"number, got null$")),
    ("feature_drift", damaged(_set(42, "credit_bridge", ("drift", "blocks.2.w1.weight"),
                                   "big")),
     (r"^cifar10/results_cifar10\.json: 42\.credit_bridge\.drift\.blocks\.2\.w1\.weight: "
      r"expected a number, got a string$")),
    # block keys run 0..N-1: a stray key would stretch the block axis to 1e20, a missing
    # block would silently close the gap
    ("feature_drift", damaged(_set(42, "bp", ("drift", "blocks.99999999999999999999.w1.weight"),
                                   0.5)),
     (r"^cifar10/results_cifar10\.json: 42\.bp\.drift\.blocks\.99999999999999999999\.w1\.weight: "
      r"block 99999999999999999999 follows block 1; blocks\.2\.w1\.weight is missing: block "
      r"keys must run 0\.\.N-1, each once$")),
    ("feature_drift", damaged(_set(42, "dfa", ("drift", "blocks.3.w1.weight"), 0.5)),
     r"42\.dfa\.drift\.blocks\.3\.w1\.weight: block 3 follows block 1; blocks\.2\.w1\.weight is"),
    ("feature_drift", damaged(_delete(42, "dfa", ("drift", "blocks.0.w1.weight"))),
     r"42\.dfa\.drift\.blocks\.1\.w1\.weight: block 1 comes first; blocks\.0\.w1\.weight is"),
    ("feature_drift", damaged(_set(42, "dfa", ("drift", "blocks.01.w1.weight"), 0.5)),
     (r"42\.dfa\.drift\.blocks\.1\.w1\.weight: block 1 appears twice "
      r"\(blocks\.01\.w1\.weight and blocks\.1\.w1\.weight\): block keys")),
])
def test_bad_results_give_one_line_naming_file_and_key(tmp_path, name, docs, message):
    write(tmp_path, docs)
    with pytest.raises(FigureDataError, match=message):
        extract(name, tmp_path)
