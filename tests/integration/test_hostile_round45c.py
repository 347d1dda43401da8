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
