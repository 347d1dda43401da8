"""Regenerate tests/fixtures/: small figdata (12 epochs) for the golden-image tests.

usage: python tools/make_fixtures.py

One fixture per figure from a generated results tree, plus ``<figure>--<variant>.json`` for
each drawing branch the main fixture does not reach; each variant is the same tree with one
thing removed, as a real results folder can lack it. Deterministic: rerunning it rewrites the
same bytes. New fixtures need baselines (``nox -s baselines``).
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from figures.data import figdata
from figures.errors import FigureDataError
from figures.extract.results import ResultsTree
from figures.extract.run import extract_figure
from figures.extract.synthetic import generate
from figures.registry import BY_NAME, FIGURES

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
EPOCHS = 12


def _edit_json(path: Path, change: Callable[[dict], None]) -> None:
    doc = json.loads(path.read_text())
    change(doc)
    path.write_text(json.dumps(doc))


def _drop_noln(keep: tuple[int, ...]) -> Callable[[Path], None]:
    def edit(results: Path) -> None:
        for path in (results / "snapshot_no_outln_v1").glob("snapshot_noLN_s*.json"):
            if int(path.stem.rsplit("_s", 1)[1]) not in keep:
                path.unlink()
    return edit


def _cifar(seed: int, change: Callable[[dict], None]) -> Callable[[Path], None]:
    folder = "cifar10" if seed == 42 else f"cifar10_seed{seed}"

    def edit(results: Path) -> None:
        _edit_json(results / folder / "results_cifar10.json", lambda d: change(d[str(seed)]))
    return edit


def _partial_diagnostics(runs: dict) -> None:
    del runs["dfa"]["diagnostics"]["perturbation_rho"]
    del runs["state_bridge"]["diagnostics"]["nudging"]["0.01"]
    del runs["credit_bridge"]["diagnostics"]


def _no_state_error(seeds: tuple[int, ...]) -> Callable[[Path], None]:
    def edit(results: Path) -> None:
        for seed in seeds:
            _cifar(seed, lambda runs: runs["state_bridge"]["log"].pop("state_pred_error"))(results)
    return edit


def _strip_norms(results: Path) -> None:
    """StudentNet's FA log without any accepted norm key: seed 000 draws it flat at 1.0."""
    def strip(doc: dict) -> None:
        for record in doc["fa_log"]:
            for key in ("hidden_norms", "hidden_norms_cls", "bp_grad_norms_per_sample_med",
                        "bp_grad_per_sample_l2_med"):
                record.pop(key, None)
    _edit_json(results / "snapshot_synth_v1" / "snapshot_fa_canonical_s42.json", strip)


#: variant name -> (figure, how the results tree differs from the main one)
VARIANTS: dict[str, tuple[str, Callable[[Path], None]]] = {
    "fig3b_crossarch_3row--no-norm-keys": ("fig3b_crossarch_3row", _strip_norms),
    "figure_snapshot_vit--single-seed": (
        "figure_snapshot_vit",
        lambda r: [p.unlink() for p in (r / "snapshot_vit_v1").glob("snapshot_vit_s*.json")
                   if p.stem != "snapshot_vit_s42"]),
    "figure_snapshot_resmlp--single-noln-seed": ("figure_snapshot_resmlp", _drop_noln((42,))),
    "figure_snapshot_resmlp--no-noln-seeds": ("figure_snapshot_resmlp", _drop_noln(())),
    "cifar_diagnostics--partial": ("cifar_diagnostics", _cifar(42, _partial_diagnostics)),
    "cifar_feature_drift--partial": (
        "cifar_feature_drift", _cifar(42, lambda runs: runs["dfa"].pop("drift"))),
    "cifar_state_vs_credit--partial": ("cifar_state_vs_credit", _no_state_error((123,))),
    "cifar_state_vs_credit--no-error-logs": (
        "cifar_state_vs_credit", _no_state_error((42, 123, 456))),
}


def _write(name: str, stem: str, results: Path) -> None:
    spec = BY_NAME[name]
    try:
        doc = extract_figure(spec, ResultsTree(results), ROOT / "figdata")
    except FigureDataError as exc:  # e.g. a new figure whose logs the generator does not make
        print(f"kept tests/fixtures/{stem}.json: not in the synthetic tree ({exc})")
        return
    doc["provenance"]["notes"] = f"test fixture: {EPOCHS}-epoch synthetic tree (tools/make_fixtures.py)"
    doc.pop("quoted", None)
    doc.pop("$schema", None)  # figdata/'s relative path to the schema is wrong from here
    figdata.write(FIXTURES / f"{stem}.json", doc)
    print(f"wrote tests/fixtures/{stem}.json")


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        base = generate(Path(tmp) / "base", epochs=EPOCHS)
        for spec in FIGURES:
            if spec.extract is None:
                doc = json.loads(spec.figdata_path(ROOT / "figdata").read_text(encoding="utf-8"))
                doc.pop("$schema", None)
                figdata.write(FIXTURES / f"{spec.name}.json", doc)
                print(f"wrote tests/fixtures/{spec.name}.json (paper values, as in figdata/)")
            else:
                _write(spec.name, spec.name, base)
        for stem, (name, edit) in VARIANTS.items():
            variant = Path(tmp) / stem
            shutil.copytree(base, variant)
            edit(variant)
            _write(name, stem, variant)
    return 0


if __name__ == "__main__":
    sys.exit(main())
