"""Extraction from raw results trees: every key variant and layer choice of the seed scripts,
seed globbing, and one-line errors naming file and key, with exact expected values."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from figures.errors import FigureDataError
from figures.extract.results import ResultsTree
from figures.registry import BY_NAME, FIGURES

H5 = [1.0, 2.0, 3.0, 4.0, 5.0]  # per-layer norms: [2] = 3.0, [-1] = 5.0
G5 = [0.1, 0.2, 0.3, 0.4, 0.5]


def rec(epoch: int, *, scale: float = 1.0, h_key: str = "hidden_norms",
        g_key: str = "bp_grad_norms_per_sample_med", acc: float = 0.5) -> dict[str, Any]:
    return {"epoch": epoch, h_key: [v * scale for v in H5], g_key: [v * scale for v in G5],
            "acc_eval": acc}


def put(root: Path, rel: str, doc: Any) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc))


def extract(name: str, root: Path) -> tuple[dict[str, Any], list[str]]:
    tree = ResultsTree(root)
    return BY_NAME[name].extract(tree), tree.warnings


# --- seed 001: snapshot figures ----------------------------------------------------------


def snapshot_pair(epochs: int = 2, **kwargs: Any) -> dict[str, Any]:
    return {"bp_log": [rec(e, **kwargs) for e in range(1, epochs + 1)],
            "dfa_log": [rec(e, scale=10, **kwargs) for e in range(1, epochs + 1)]}


def test_vit_takes_cls_norm_last_layer_and_layer_2_gradient_across_globbed_seeds(tmp_path):
    keys = {"h_key": "hidden_norms_cls", "g_key": "bp_grad_per_sample_l2_med"}
    for seed in (7, 42):
        put(tmp_path, f"snapshot_vit_v1/snapshot_vit_s{seed}.json", snapshot_pair(**keys))
    put(tmp_path, "snapshot_vit_v1/snapshot_fa_canonical_s42.json", {"fa_log": []})  # not a run
    data, warnings = extract("figure_snapshot_vit", tmp_path)
    assert data["seeds"] == [42, 7]  # file-name order, as the seed script lists them
    assert data["epoch"] == [1, 2]
    assert data["BP"] == {"h_L": [[5.0, 5.0], [5.0, 5.0]], "g_2": [[0.3, 0.3], [0.3, 0.3]]}
    assert data["DFA"]["h_L"] == [[50.0, 50.0], [50.0, 50.0]]
    assert warnings == []


def test_vit_seeds_of_unequal_length_are_cut_to_the_common_epochs_with_a_warning(tmp_path):
    put(tmp_path, "snapshot_vit_v1/snapshot_vit_s42.json", snapshot_pair(3))
    put(tmp_path, "snapshot_vit_v1/snapshot_vit_s123.json", snapshot_pair(2))
    data, warnings = extract("figure_snapshot_vit", tmp_path)
    assert data["epoch"] == [1, 2]
    assert [len(s) for s in data["BP"]["h_L"]] == [2, 2]
    assert len(warnings) == 2
    assert warnings[0].startswith("snapshot_vit_v1/snapshot_vit_s123.json: bp_log: 2 epoch")


def test_resmlp_prefers_hidden_norms_cls_and_skips_a_missing_seed_with_a_warning(tmp_path):
    put(tmp_path, "snapshot_evolution_v2/snapshot_evolution_s42.json",
        snapshot_pair(h_key="hidden_norms_cls"))
    for seed in (42, 456):
        put(tmp_path, f"snapshot_no_outln_v1/snapshot_noLN_s{seed}.json", snapshot_pair())
    data, warnings = extract("figure_snapshot_resmlp", tmp_path)
    assert data["with_ln"]["BP"] == {"epoch": [1, 2], "h_L": [5.0, 5.0], "g_2": [0.3, 0.3]}
    assert data["no_ln"]["seeds"] == [42, 456]
    assert warnings == [("snapshot_no_outln_v1/snapshot_noLN_s123.json: file not found; seed "
                         "skipped, the no-LN mean ± std uses the seeds found")]


def test_resmlp_without_any_no_ln_seed_has_an_empty_bottom_row(tmp_path):
    put(tmp_path, "snapshot_evolution_v2/snapshot_evolution_s42.json", snapshot_pair())
    data, warnings = extract("figure_snapshot_resmlp", tmp_path)
    assert data["no_ln"] == {"seeds": [], "epoch": [], "BP": {"h_L": [], "g_2": []},
                             "DFA": {"h_L": [], "g_2": []}}
    assert len(warnings) == 4  # each seed, then the empty row
    assert warnings[-1].endswith("the bottom row (without terminal LN) is drawn empty")


# --- seed 000: cross-architecture figure ---------------------------------------------------


def crossarch_tree(root: Path, **vit_keys: Any) -> None:
    put(root, "snapshot_vit_v1/snapshot_vit_s42.json", snapshot_pair(**vit_keys))
    put(root, "snapshot_vit_v1/snapshot_fa_canonical_s42.json",
        {"fa_log": [rec(1, scale=2), rec(2, scale=2)]})
    put(root, "snapshot_no_outln_v1/snapshot_noLN_s42.json", snapshot_pair())
    put(root, "snapshot_no_outln_v1/snapshot_fa_canonical_noln_s42.json",
        {"fa_log": [rec(1), rec(2)]})
    put(root, "snapshot_synth_v1/snapshot_synth_a1.0_L4_s42.json", snapshot_pair())
    put(root, "snapshot_synth_v1/snapshot_fa_canonical_s42.json", {"fa_log": [rec(1), rec(2)]})


@pytest.mark.parametrize("keys", [
    {"h_key": "hidden_norms", "g_key": "bp_grad_norms_per_sample_med"},
    {"h_key": "hidden_norms_cls", "g_key": "bp_grad_per_sample_l2_med"},
])
def test_crossarch_takes_the_last_layer_under_either_key_variant(tmp_path, keys):
    crossarch_tree(tmp_path, **keys)
    data, warnings = extract("fig3b_crossarch_3row", tmp_path)
    assert [row["arch"] for row in data["rows"]] == ["ViT-Mini", "ResMLP no-LN", "StudentNet"]
    vit = data["rows"][0]["methods"]
    assert vit["BP"]["h_L"] == [5.0, 5.0]
    assert vit["BP"]["g_L"] == [0.5, 0.5]
    assert vit["FA"]["h_L"] == [10.0, 10.0]
    assert vit["DFA"]["g_L"] == [5.0, 5.0]
    assert vit["DFA"]["acc"] == [0.5, 0.5]
    assert warnings == []


def test_crossarch_log_without_norm_keys_is_drawn_flat_at_1_with_a_warning(tmp_path):
    crossarch_tree(tmp_path)
    put(tmp_path, "snapshot_synth_v1/snapshot_fa_canonical_s42.json",
        {"fa_log": [{"epoch": 1, "acc_eval": 0.3}, {"epoch": 2, "acc_eval": 0.4}]})
    data, warnings = extract("fig3b_crossarch_3row", tmp_path)
    fa = data["rows"][2]["methods"]["FA"]
    assert fa["h_L"] == [1.0, 1.0]
    assert fa["g_L"] == [1.0, 1.0]
    assert len(warnings) == 2
    assert warnings[0].startswith("snapshot_synth_v1/snapshot_fa_canonical_s42.json: fa_log[0]:")


# --- seed 003: penalty figure --------------------------------------------------------------


def test_penalty_panel_a_reads_last_layer_of_vanilla_and_the_penalised_norms(tmp_path):
    put(tmp_path, "snapshot_evolution_v2/snapshot_evolution_s42.json", snapshot_pair())
    put(tmp_path, "dfa_residual_penalty/dfa_pen_lam0.01_s42.json",
        {"log": [{"epoch": 1, "h_L_norm": 30.0, "g_2_norm": 2e-5}]})
    data, _ = extract("fig4_penalty_rescue", tmp_path)
    vanilla, penalized = data["panel_a"]["vanilla"], data["panel_a"]["penalized"]
    assert (vanilla["epochs"], vanilla["h_L"], vanilla["g_L"]) == ([1, 2], [50.0] * 2, [5.0] * 2)
    assert (penalized["epochs"], penalized["h_L"], penalized["g_2"]) == ([1], [30.0], [2e-5])


def test_penalty_extraction_keeps_the_paper_values_of_panels_b_and_c(tmp_path):
    from figures.extract.run import extract_figure

    put(tmp_path, "snapshot_evolution_v2/snapshot_evolution_s42.json", snapshot_pair())
    put(tmp_path, "dfa_residual_penalty/dfa_pen_lam0.01_s42.json",
        {"log": [{"epoch": 1, "h_L_norm": 30.0, "g_2_norm": 2e-5},
                 {"epoch": 2, "h_L_norm": 20.0, "g_2_norm": 3e-5}]})  # two epochs
    repo_figdata = Path(__file__).resolve().parents[2] / "figdata"
    previous = json.loads((repo_figdata / "fig4_penalty_rescue.json").read_text())
    doc = extract_figure(BY_NAME["fig4_penalty_rescue"], ResultsTree(tmp_path), repo_figdata)
    for key in ("panel_a_paper", "panel_b", "panel_c"):
        assert doc["data"][key] == previous["data"][key]
    assert doc["provenance"]["kind"] == "extracted"
    assert [s["path"] for s in doc["provenance"]["sources"]] == [
        "dfa_residual_penalty/dfa_pen_lam0.01_s42.json",
        "snapshot_evolution_v2/snapshot_evolution_s42.json"]


# --- seed 004: CIFAR figures ---------------------------------------------------------------

CIFAR_METHODS = ("bp", "dfa", "state_bridge", "credit_bridge")


def cifar_tree(root: Path, epochs: dict[int, int] | None = None) -> None:
    epochs = epochs or {}
    for i, seed in enumerate((42, 123, 456)):
        folder = "cifar10" if seed == 42 else f"cifar10_seed{seed}"
        n = epochs.get(seed, 3)
        runs = {}
        for j, method in enumerate(CIFAR_METHODS):
            log = {"train_acc": [0.1 * (j + 1)] * n,
                   "test_acc": [0.1 * (j + 1)] * (n - 1) + [0.1 * (j + 1) + 0.01 * i]}
            if method == "state_bridge":
                log["state_pred_error"] = [0.5, 0.01, 1e-4][:n]
            runs[method] = {"log": log,
                            "diagnostics": {"bp_cosine": [1.0, 0.5], "perturbation_rho": [0.9],
                                            "nudging": {"0.01": [-0.01], "0.1": [-0.1]}},
                            "drift": {**{f"blocks.{b}.w1.weight": b / 10  # "10" < "2"
                                         for b in sorted(range(11), key=str)},
                                      "blocks.2.w2.weight": 9.9}}
        put(root, f"{folder}/results_cifar10.json", {str(seed): runs})


def test_cifar_summary_takes_each_seeds_final_test_accuracy(tmp_path):
    cifar_tree(tmp_path)
    data, _ = extract("cifar_summary", tmp_path)
    assert data["seeds"] == [42, 123, 456]
    assert data["epoch_counts"] == [3]
    assert data["final_test_acc"]["dfa"] == [0.1 * 2 + 0.01 * i for i in range(3)]


def test_cifar_drift_orders_blocks_numerically_and_takes_w1_only(tmp_path):
    cifar_tree(tmp_path)
    data, _ = extract("cifar_feature_drift", tmp_path)
    assert data["drift"]["bp"] == {"block": list(range(11)), "drift": [b / 10 for b in range(11)]}


def test_cifar_diagnostics_takes_seed_42_and_nudging_eta_0_01(tmp_path):
    cifar_tree(tmp_path)
    data, _ = extract("cifar_diagnostics", tmp_path)
    assert data["seed"] == 42
    assert data["nudging"]["dfa"] == [-0.01]
    assert data["bp_cosine"]["credit_bridge"] == [1.0, 0.5]


def test_cifar_accuracy_cuts_seeds_to_the_common_epochs_with_a_warning(tmp_path):
    cifar_tree(tmp_path, epochs={123: 2})
    data, warnings = extract("cifar_accuracy", tmp_path)
    assert data["methods"]["bp"]["train_acc"] == [[0.1, 0.1]] * 3
    assert warnings[0].startswith("cifar10_seed123/results_cifar10.json: 123.bp.log: 2 epochs")


# --- errors: one line naming the file and the key ------------------------------------------


@pytest.mark.parametrize(("name", "damage", "message"), [
    ("figure_snapshot_vit",
     lambda r: (r / "snapshot_vit_v1/snapshot_vit_s42.json").unlink(),
     r"^snapshot_vit_v1: no snapshot_vit_s\*\.json files found$"),
    ("figure_snapshot_vit",
     lambda r: put(r, "snapshot_vit_v1/snapshot_vit_s42.json", '{"bp_log": [\n  {"epoch": 1,,'),
     r"^snapshot_vit_v1/snapshot_vit_s42\.json: malformed JSON at line 2 column 15"),
    ("figure_snapshot_vit",
     lambda r: put(r, "snapshot_vit_v1/snapshot_vit_s42.json", {"bp_log": []}),
     r"^snapshot_vit_v1/snapshot_vit_s42\.json: bp_log: empty log"),
    ("figure_snapshot_vit",
     lambda r: put(r, "snapshot_vit_v1/snapshot_vit_s42.json", {"bp_log": [rec(1)]}),
     r"^snapshot_vit_v1/snapshot_vit_s42\.json: dfa_log: missing key$"),
    ("figure_snapshot_vit",
     lambda r: put(r, "snapshot_vit_v1/snapshot_vit_s42.json",
                   {"bp_log": [{**rec(1), "bp_grad_norms_per_sample_med": [0.1, 0.2]}],
                    "dfa_log": [rec(1)]}),
     (r"^snapshot_vit_v1/snapshot_vit_s42\.json: bp_log\[0\]\.bp_grad_norms_per_sample_med: "
      r"list has 2 entries, index \[2\] needs at least 3$")),
    ("figure_snapshot_vit",
     lambda r: put(r, "snapshot_vit_v1/snapshot_vit_s42.json",
                   {"bp_log": [{**rec(1), "bp_grad_norms_per_sample_med": [1, 1, 0.0, 1, 1]}],
                    "dfa_log": [rec(1)]}),
     r"bp_log\[0\]\.bp_grad_norms_per_sample_med\[2\]: expected a positive number"),
    ("figure_snapshot_vit",
     lambda r: put(r, "snapshot_vit_v1/snapshot_vit_s42.json",
                   '{"bp_log": [{"epoch": NaN, "hidden_norms": [1], '
                   '"bp_grad_norms_per_sample_med": [1, 1, 1]}], "dfa_log": []}'),
     r"bp_log\[0\]\.epoch: expected a finite number, got nan"),
    ("fig4_penalty_rescue",
     lambda r: put(r, "snapshot_evolution_v2/snapshot_evolution_s42.json", snapshot_pair()),
     (r"^dfa_residual_penalty/dfa_pen_lam0\.01_s42\.json: file not found: its run's folder "
      r"dfa_residual_penalty/ is not in the results folder")),
    ("cifar_summary",
     lambda r: put(r, "cifar10/results_cifar10.json", '{"42": {"bp": {"log": {"test_acc": '
                                                       '[0.5, Infinity]}}}}'),
     r"^cifar10/results_cifar10\.json: 42\.bp\.log\.test_acc\[1\]: expected a finite number"),
    ("cifar_summary",
     lambda r: put(r, "cifar10_seed456/results_cifar10.json", {"456": {"bp": {"log": {
         "train_acc": [0.1], "test_acc": "0.5"}}}}),
     r"^cifar10_seed456/results_cifar10\.json: 456\.bp\.log\.test_acc: expected a list"),
])
def test_bad_results_give_one_line_naming_file_and_key(tmp_path, name, damage, message):
    put(tmp_path, "snapshot_vit_v1/snapshot_vit_s42.json", snapshot_pair())
    cifar_tree(tmp_path)
    damage(tmp_path)
    with pytest.raises(FigureDataError, match=message):
        extract(name, tmp_path)


def test_extract_command_goes_on_past_a_failing_figure(tmp_path, capsys):
    from figures.cli import main as cli
    from figures.extract.synthetic import generate

    results = generate(tmp_path / "results", epochs=3)
    (results / "snapshot_vit_v1/snapshot_vit_s123.json").write_text("{")
    figdata_dir = tmp_path / "figdata"
    repo_figdata = Path(__file__).resolve().parents[2] / "figdata"
    figdata_dir.mkdir()
    (figdata_dir / "fig4_penalty_rescue.json").write_bytes(
        (repo_figdata / "fig4_penalty_rescue.json").read_bytes())
    # the paper's log-derived figures: those synthesize writes results for
    from_logs = [s.name for s in FIGURES if s.extract and s.seed_script]
    code = cli.main(["extract", str(results), *from_logs, "--figdata", str(figdata_dir)])
    out, err = capsys.readouterr()
    assert code == 1
    assert out.count("extracted ") == len(from_logs) - 1
    assert ("error: figure_snapshot_vit: snapshot_vit_v1/snapshot_vit_s123.json: malformed JSON "
            "at line 1 column 2") in err
    assert f"1 of {len(from_logs)} figure(s) failed: figure_snapshot_vit" in err
    assert not (figdata_dir / "figure_snapshot_vit.json").exists()


def _penalty_files(root: Path) -> None:
    put(root, "snapshot_evolution_v2/snapshot_evolution_s42.json", snapshot_pair())
    put(root, "dfa_residual_penalty/dfa_pen_lam0.01_s42.json",
        {"log": [{"epoch": 1, "h_L_norm": 30.0, "g_2_norm": 2e-5},
                 {"epoch": 2, "h_L_norm": 20.0, "g_2_norm": 3e-5}]})  # two epochs


_SYNTH = "snapshot_synth_v1/snapshot_synth_a1.0_L4_s42.json"
_VANILLA = "snapshot_evolution_v2/snapshot_evolution_s42.json"
_PENALTY = "dfa_residual_penalty/dfa_pen_lam0.01_s42.json"


@pytest.mark.parametrize(("name", "damage", "message"), [
    ("fig3b_crossarch_3row",
     lambda r: put(r, _SYNTH, {"bp_log": [rec(1), {"epoch": 2, "hidden_norms": H5,
                                                     "bp_grad_norms_per_sample_med": G5}],
                               "dfa_log": [rec(1)]}),
     r"^snapshot_synth_v1/snapshot_synth_a1\.0_L4_s42\.json: bp_log\[1\]\.acc_eval: missing key$"),
    ("fig3b_crossarch_3row",
     lambda r: put(r, _SYNTH, {"bp_log": [{**rec(1), "hidden_norms": []}], "dfa_log": [rec(1)]}),
     r"bp_log\[0\]\.hidden_norms: list has 0 entries, index \[-1\] needs at least 1$"),
    ("fig3b_crossarch_3row",
     lambda r: put(r, _SYNTH, '{"bp_log": [{"epoch": 1, "hidden_norms": [1, Infinity], '
                              '"bp_grad_norms_per_sample_med": [1], "acc_eval": 0.5}], '
                              '"dfa_log": []}'),
     r"bp_log\[0\]\.hidden_norms\[-1\]: expected a finite number, got inf$"),
    ("fig4_penalty_rescue",
     lambda r: put(r, _VANILLA, {"dfa_log": [{**rec(1), "hidden_norms": [1.0, -2.0]}]}),
     (r"^snapshot_evolution_v2/snapshot_evolution_s42\.json: dfa_log\[0\]\.hidden_norms\[-1\]: "
      r"expected a positive number for a log axis, got -2\.0$")),
    ("fig4_penalty_rescue",
     lambda r: put(r, _PENALTY, {"log": [{"epoch": 1, "h_L_norm": 30.0}]}),
     r"^dfa_residual_penalty/dfa_pen_lam0\.01_s42\.json: log\[0\]\.g_2_norm: missing key$"),
    ("fig4_penalty_rescue",
     lambda r: put(r, _PENALTY, {"log": [{"epoch": 1, "h_L_norm": 0, "g_2_norm": 1e-6}]}),
     r"log\[0\]\.h_L_norm: expected a positive number for a log axis, got 0$"),
    ("fig3b_crossarch_3row",
     lambda r: put(r, _SYNTH, {"bp_log": [rec(1), rec(2), rec(1)], "dfa_log": [rec(1)]}),
     (r"^snapshot_synth_v1/snapshot_synth_a1\.0_L4_s42\.json: bp_log\[2\]\.epoch: epoch 1 "
      r"comes after epoch 2 of bp_log\[1\]; records must be in increasing epoch order")),
    ("fig3b_crossarch_3row",
     lambda r: put(r, _SYNTH, {"bp_log": [rec(1), {**rec(2), "hidden_norms": [9.0]}],
                               "dfa_log": [rec(1)]}),
     r"bp_log\[1\]\.hidden_norms: 1 layers where bp_log\[0\] has 5; every record lists every"),
    ("fig4_penalty_rescue",
     lambda r: put(r, _VANILLA, {"dfa_log": [rec(1), rec(1)]}),
     r"^snapshot_evolution_v2/snapshot_evolution_s42\.json: dfa_log\[1\]\.epoch: epoch 1 repeats"),
    ("fig4_penalty_rescue",
     lambda r: put(r, _VANILLA, {"dfa_log": [rec(1), {**rec(2), "hidden_norms": [1.0]}]}),
     r"dfa_log\[1\]\.hidden_norms: 1 layers where dfa_log\[0\] has 5; every record lists"),
    ("fig4_penalty_rescue",
     lambda r: put(r, _PENALTY, {"log": [{"epoch": 2, "h_L_norm": 30.0, "g_2_norm": 2e-5},
                                         {"epoch": 1, "h_L_norm": 30.0, "g_2_norm": 2e-5}]}),
     r"^dfa_residual_penalty/dfa_pen_lam0\.01_s42\.json: log\[1\]\.epoch: epoch 1 comes after"),
])
def test_bad_crossarch_and_penalty_logs_give_one_line(tmp_path, name, damage, message):
    crossarch_tree(tmp_path)
    _penalty_files(tmp_path)
    damage(tmp_path)
    with pytest.raises(FigureDataError, match=message):
        extract(name, tmp_path)


def test_extracted_data_that_build_would_refuse_is_refused_and_the_old_file_kept(
        tmp_path, capsys):
    """An accuracy logged as a percentage: extracting it would replace good figdata with a
    file every build refuses."""
    import shutil

    from figures.cli import main as cli
    from figures.extract.synthetic import generate

    results = generate(tmp_path / "results", epochs=2)
    log = results / "cifar10" / "results_cifar10.json"
    doc = json.loads(log.read_text())
    doc["42"]["bp"]["log"]["test_acc"] = [100 * a for a in doc["42"]["bp"]["log"]["test_acc"]]
    log.write_text(json.dumps(doc))
    figdata_dir = tmp_path / "figdata"
    shutil.copytree(Path(__file__).resolve().parents[2] / "figdata", figdata_dir)
    before = (figdata_dir / "cifar_accuracy.json").read_bytes()
    code = cli.main(["extract", str(results), "cifar_accuracy", "cifar_diagnostics",
                     "--figdata", str(figdata_dir)])
    out, err = capsys.readouterr()
    assert code == 1
    percent = doc["42"]["bp"]["log"]["test_acc"]
    # every problem of the data at once, where it came from first
    # (the one line is bounded: with this long temporary path the second problem is cut)
    assert err.splitlines()[0].startswith(
        f"error: cifar_accuracy: {figdata_dir / 'cifar_accuracy.json'}: in the data extracted "
        f"from {results}, cifar_accuracy.json was left as it was: 2 problems: "
        f"data.methods.bp.test_acc[0][0]: expected a number in [0, 1] (the figure's fixed "
        f"axis), got {percent[0]:g}; data.methods.bp.test_acc[0][1]")
    assert (figdata_dir / "cifar_accuracy.json").read_bytes() == before
    assert "extracted cifar_diagnostics" in out


def test_a_bad_paper_value_kept_on_extraction_is_said_to_come_from_figdata(tmp_path, capsys):
    """Hostile pass 3: the error blamed the results tree for a value carried over from the
    figdata file (panel C of fig4 holds paper values)."""
    import shutil

    from figures.cli import main as cli
    from figures.extract.synthetic import generate

    results = generate(tmp_path / "results", epochs=2)
    figdata_dir = tmp_path / "figdata"
    shutil.copytree(Path(__file__).resolve().parents[2] / "figdata", figdata_dir)
    path = figdata_dir / "fig4_penalty_rescue.json"
    doc = json.loads(path.read_text())
    doc["data"]["panel_c"]["accuracy"]["BP"]["no_penalty"] = 0.9
    path.write_text(json.dumps(doc))
    before = path.read_bytes()
    code = cli.main(["extract", str(results), "fig4_penalty_rescue", "--figdata",
                     str(figdata_dir)])
    _, err = capsys.readouterr()
    assert code == 1
    assert err.splitlines()[0] == (
        f"error: fig4_penalty_rescue: {path}: data.panel_c.accuracy.BP.no_penalty: expected a "
        "number in [0, 0.7] (the figure's fixed axis), got 0.9, in the paper values kept from "
        "fig4_penalty_rescue.json (fix them there); fig4_penalty_rescue.json was left as it was")
    assert path.read_bytes() == before
