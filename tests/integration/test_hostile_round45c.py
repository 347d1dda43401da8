"""Hostile round 45c: W15 (make checks --out before it extracts), W22 (fig4's (c) claim on
ties), W25 (one epoch per run), W20 (fig4's condition count), W21 (fig1's layer count),
W19 (fig4's condition names)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run

from figures.extract.synthetic import generate


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.mark.parametrize(("out", "line"), [
    ("figdata/build", ("error: --out {figdata}/build: is inside the figdata folder {figdata}; "
                       "the build would write over its files. Choose another folder")),
    ("figdata", "error: --out {figdata}: is inside the figdata folder"),
    ("afile", "error: {tmp}/afile: already exists and is not a folder"),
    ("afile/sub", "error: {tmp}/afile/sub: a part of this path is a file, not a folder"),
])
def test_make_refuses_its_out_before_it_extracts(capsys, tmp_path, figdata_dir, out, line):
    """Round 45c (W15): `figures make RESULTS --figdata FD --out FD/build` extracted all nine
    figures into FD, then refused the --out (exit 2): a refused run had replaced the figdata,
    and nothing was built from it (an --out under a file: the same, exit 1). Every --out the
    build would refuse is refused first, nothing written."""
    results = generate(tmp_path / "results", epochs=3)
    (results / "SYNTHETIC.json").unlink()  # read as real
    (tmp_path / "afile").write_text("mine\n")
    before = _files(figdata_dir)
    code, stdout, err = run(capsys, "make", str(results), "--figdata", str(figdata_dir),
                            "--out", str(tmp_path / out))
    assert code in (1, 2), err
    assert "extracted" not in stdout + err
    assert err.splitlines() == [err.splitlines()[0]], err
    assert err.startswith(line.format(figdata=figdata_dir, tmp=tmp_path)), err
    assert _files(figdata_dir) == before
    assert not (tmp_path / "afile").is_dir()


def _alike_text(pairs: list[tuple[float, float]]) -> str:
    from figures.plots._caption import Claims

    c = Claims()
    c.alike([a for a, _ in pairs], [b for _, b in pairs], "", [f"c{i}" for i in range(len(pairs))])
    [claim] = c.made
    assert not claim.judge(claim.text)
    return claim.text


def test_fig4_alike_is_the_same_in_any_listing_order_and_never_vacuous():
    """Round 45c (W22): fig4's (c) claim compared two stable sorts, so a tie in the cosine was
    broken by list position: the same five conditions read "the same order" listed one way
    and "different orders" with the first two swapped; every value 0 read "the same order and
    agree in sign", and a cosine of exactly 0 "agreed in sign" with a ρ of either sign."""
    from itertools import permutations

    pairs = [(0.1, 0.1), (0.1, 0.2), (0.3, 0.3), (0.4, 0.4), (0.5, 0.5)]
    said = {_alike_text(list(p)) for p in permutations(pairs)}
    assert said == {("put the conditions in the same order where both tell them apart and "
                    "agree in sign")}, said
    assert _alike_text([(0.0, 0.0)] * 5) == ("do not both tell any two conditions apart and "
                                             "have no sign to compare")
    assert _alike_text([(0.0, -0.3), (0.2, -0.1), (0.3, 0.2)]) == (
        "put the conditions in the same order and differ in sign for c1 and have no sign to "
        "compare for c0")
    assert _alike_text([(0.1, 0.3), (0.2, 0.2), (0.3, 0.1)]) == (
        "put the conditions in different orders and agree in sign")
    assert _alike_text([(0.1, 0.1), (0.2, 0.2)]) == (
        "put the conditions in the same order and agree in sign")


def _cut_to_one_epoch(results: Path) -> None:
    import json

    for path in [*results.glob("snapshot_*/*.json"), *results.glob("dfa_residual_penalty/*.json")]:
        doc = json.loads(path.read_text())
        for key, value in doc.items():
            if isinstance(value, list) and value and isinstance(value[0], dict):
                doc[key] = value[:1]
        path.write_text(json.dumps(doc))
    for path in results.glob("cifar10*/results_cifar10.json"):
        doc = json.loads(path.read_text())
        for seed in doc.values():
            for method in seed.values():
                method["log"] = {k: v[:1] for k, v in method["log"].items()}
        path.write_text(json.dumps(doc))


def test_one_epoch_per_run_is_refused_naming_the_file_and_key(capsys, tmp_path, figdata_dir):
    """Round 45c (W25): results with one epoch per run extracted and built with exit 0: every
    epoch axis ticked 0.95 1.00 1.05, log axes under a decade labelled their minor ticks over
    each other, captions said "flat (1×) from the first epoch to the last" and "1 epochs". A
    series over epochs needs two: each figure with an epoch axis refuses one in one line naming
    the file and the key, its figdata kept; the bar chart of final accuracies says "1 epoch"."""
    from figures.data import figdata
    from figures.plots import cifar_summary

    results = generate(tmp_path / "results", epochs=3)
    (results / "SYNTHETIC.json").unlink()
    _cut_to_one_epoch(results)
    before = _files(figdata_dir)
    code, stdout, err = run(capsys, "extract", str(results), "--figdata", str(figdata_dir))
    assert code == 1
    refused = {"fig3b_crossarch_3row": "data.rows[0].methods.BP.epochs",
               "figure_snapshot_resmlp": "data.with_ln.BP.epoch",
               "figure_snapshot_vit": "data.epoch",
               "fig4_penalty_rescue": "data.panel_a.vanilla.epochs",
               "cifar_accuracy": "data.methods.bp.train_acc[0]",
               "cifar_state_vs_credit": "data.state_pred_error.42"}
    lines = err.splitlines()
    for name, key in refused.items():
        [line] = [line for line in lines if line.startswith(f"error: {name}: ")]
        assert f"{figdata_dir}/{name}.json" in line, line
        assert f"{key}: 1 epoch, expected at least 2" in line, line
        assert _files(figdata_dir)[f"{name}.json"] == before[f"{name}.json"]
    assert "extracted cifar_summary" in stdout
    data = figdata.load(figdata_dir / "cifar_summary.json", "cifar_summary",
                        cifar_summary.SCHEMA)["data"]
    assert data["epoch_counts"] == [1]
    assert str(cifar_summary.caption(data)).endswith("(3 seeds, 1 epoch).")


def _hero_of(figdata_dir: Path, layers: int, blocks: int = 10) -> None:
    import json

    path = figdata_dir / "fig1_audit_hero.json"
    doc = json.loads(path.read_text())
    for panel, n in (("panel_b", blocks), ("panel_c", layers)):
        values = doc["data"][panel]["values"]
        for method, series in values.items():
            values[method] = [series[i % len(series)] for i in range(n)]
    path.write_text(json.dumps(doc))


def _legible_at(capsys, tmp_path: Path, figdata_dir: Path, slot: tuple[str, str],
                figure: str) -> None:
    """``figure`` built at ``slot`` (venue, width) passes every rule of `figures check`
    (``--strict``: without it a failed rule is a row, exit 0; round 47, found mending W19)."""
    venue, width = slot
    out = tmp_path / "legible"
    assert run(capsys, "build", "--venue", venue, "--width", width, "--figdata",
               str(figdata_dir), "--out", str(out), figure)[0] == 0
    code, stdout, _ = run(capsys, "check", "--strict", "--venue", venue, "--out", str(out),
                          "--figdata", str(figdata_dir), figure)
    assert code == 0, stdout


def _refused_at(capsys, tmp_path: Path, figdata_dir: Path, slot: tuple[str, str],
                figure: str) -> str:
    """``figure`` refused at ``slot``: exit 1; what it said on stderr."""
    venue, width = slot
    code, _, err = run(capsys, "build", "--venue", venue, "--width", width, "--figdata",
                       str(figdata_dir), "--out", str(tmp_path / "refused"), figure)
    assert code == 1
    return err


def test_the_hero_at_its_layer_limit_is_legible_at_its_smallest_width(capsys, tmp_path,
                                                                      figdata_dir):
    """Round 45c (W21): fig1 at its documented 12 layers, built at 3.25 in (its smallest),
    printed layer ticks "10" and "11" touching (`check`: 1 collision) with exit 0. The limit is
    what is legible there, measured: 11 layers (and 10 blocks) pass every rule; 12 are refused
    in one line naming the file and the key."""
    _hero_of(figdata_dir, 11)
    _legible_at(capsys, tmp_path, figdata_dir, ("icml", "3.25"), "fig1_audit_hero")
    _hero_of(figdata_dir, 12)
    err = _refused_at(capsys, tmp_path, figdata_dir, ("icml", "3.25"), "fig1_audit_hero")
    assert "fig1_audit_hero.json: 3 problems: data.panel_c.values.BP: expected at most 11 " \
        "entries (one labelled tick each; more overlap), got 12" in err, err


def _conditions(figdata_dir: Path, n: int) -> None:
    import copy
    import json

    path = figdata_dir / "fig4_penalty_rescue.json"
    doc = json.loads(path.read_text())
    given = doc["data"]["panel_b"]["conditions"]
    doc["data"]["panel_b"]["conditions"] = [copy.deepcopy(given[i % len(given)])
                                            for i in range(n)]
    path.write_text(json.dumps(doc))


def test_fig4_draws_as_many_conditions_as_its_smallest_width_holds(capsys, tmp_path,
                                                                   figdata_dir):
    """Round 45c (W20): fig4 with 12 or 40 conditions built with exit 0, (a) and (b) squashed
    to strips, their tick labels on each other (`check`: 23 and 248 collisions). The schema
    bounds them at what IEEE's smallest width (3.467 in, 8 pt) holds, measured: 8 pass every
    rule there; 9 are refused in one line naming the file and the key."""
    _conditions(figdata_dir, 8)
    _legible_at(capsys, tmp_path, figdata_dir, ("ieee", "3.467"), "fig4_penalty_rescue")
    _conditions(figdata_dir, 9)
    err = _refused_at(capsys, tmp_path, figdata_dir, ("ieee", "3.467"), "fig4_penalty_rescue")
    assert (f"error: fig4_penalty_rescue: {figdata_dir}/fig4_penalty_rescue.json: "
            "data.panel_b.conditions: expected at most 8 entries") in err, err


def _label(figdata_dir: Path, index: int, label: str) -> None:
    import json

    path = figdata_dir / "fig4_penalty_rescue.json"
    doc = json.loads(path.read_text())
    doc["data"]["panel_b"]["conditions"][index]["label"] = label
    path.write_text(json.dumps(doc))


@pytest.mark.parametrize("width", ["3.25", "6.75"])
def test_fig4_condition_names_fit_on_two_lines_or_are_refused(capsys, tmp_path, figdata_dir,
                                                               width):
    """Round 45c (W19): a condition name inside the schema's text limits (95 characters on two
    lines) built with exit 0, cut at the left edge at 3.25 in and taking half the width at
    6.75 in ((d)'s title cut). A name too wide for one line is set on two (a row holds two);
    one too wide for two is refused in one line naming the file and the key."""
    _label(figdata_dir, 3, "fresh-$B$ null (a new random feedback matrix)")
    out = tmp_path / "out"
    assert run(capsys, "build", "--venue", "icml", "--width", width, "--figdata",
               str(figdata_dir), "--out", str(out), "fig4_penalty_rescue")[0] == 0
    code, stdout, _ = run(capsys, "check", "--venue", "icml", "--out", str(out), "--figdata",
                          str(figdata_dir), "fig4_penalty_rescue")
    assert code == 0, stdout
    _label(figdata_dir, 0, "vanilla DFA, early stopping at epoch 12 with the\nlearning rate "
                           "warm-up schedule of the appendix")
    code, _, err = run(capsys, "build", "--venue", "icml", "--width", width, "--figdata",
                       str(figdata_dir), "--out", str(tmp_path / "o"), "fig4_penalty_rescue")
    assert code == 1
    assert (f"error: fig4_penalty_rescue: {figdata_dir}/fig4_penalty_rescue.json: "
            "data.panel_b.conditions[0].label: sets 2.02 in wide on two lines where (c) has "
            "room for 1.40 in at 7.5 pt: shorten it") in err.splitlines(), err
