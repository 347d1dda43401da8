"""A deterministic generator of a raw ``results/`` tree in the seeds' layout, standing in for
the real results with realistic shapes and magnitudes (docs/modules.md)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path, PurePosixPath
from typing import Any

import numpy as np

from figures.data.jsonio import read_json, write_text_atomic
from figures.errors import DataError
from figures.extract.results import PAPER_SEEDS, SYNTHETIC_MARKER, cifar_results_file

SEEDS = PAPER_SEEDS
N_LAYERS = 5  # hidden-norm entries per record: h_0 .. h_L with L = 4
N_BLOCKS = 12  # residual blocks of the CIFAR runs
CIFAR_METHODS = ("bp", "dfa", "state_bridge", "credit_bridge")

# Per method: (h_L start, h_L end, g_L start, g_L end, final accuracy), log-linear in between.
_WITH_LN = {"BP": (20.0, 200.0, 8e-5, 4e-5, 0.61), "FA": (30.0, 3e3, 2e-5, 9e-7, 0.40),
            "DFA": (30.0, 4e8, 2e-5, 5e-10, 0.31)}
# Without a terminal LayerNorm DFA still grows, but the BP gradient does not collapse.
_NO_LN = {"BP": (25.0, 180.0, 7e-5, 3.5e-5, 0.59), "FA": (30.0, 2e3, 2e-5, 2e-6, 0.38),
          "DFA": (30.0, 2e6, 3e-5, 1.5e-5, 0.30)}


def _trajectory(rng: np.random.Generator, start: float, end: float, epochs: int, noise: float):
    """Log-linear path with a saturating bend and multiplicative noise."""
    t = np.linspace(0.0, 1.0, epochs)
    bend = 1.0 - np.exp(-4.0 * t)
    log_path = np.log(start) + (np.log(end) - np.log(start)) * bend / bend[-1]
    return np.exp(log_path + rng.normal(0.0, noise, epochs))


def _snapshot_log(rng, params, epochs: int, *, h_key: str, g_key: str):
    h0, h1, g0, g1, acc = params
    h_L = _trajectory(rng, h0, h1, epochs, 0.04)
    g_L = _trajectory(rng, g0, g1, epochs, 0.08)
    acc_curve = 0.1 + (acc - 0.1) * (1 - np.exp(-np.arange(1, epochs + 1) / (epochs / 6)))
    acc_curve = np.clip(acc_curve + rng.normal(0, 0.006, epochs), 0, 1)
    depth = np.arange(N_LAYERS) - (N_LAYERS - 1)  # -4 .. 0
    log: list[dict[str, Any]] = []
    for i in range(epochs):
        record: dict[str, Any] = {"epoch": i + 1, "acc_eval": round(float(acc_curve[i]), 4)}
        record[h_key] = [float(f"{h_L[i] * 1.6**d:.6g}") for d in depth]
        record[g_key] = [float(f"{g_L[i] * 1.3 ** (-d):.6g}") for d in depth]
        record["gamma_dfa"] = round(float(rng.uniform(-0.01, 0.05)), 4)
        log.append(record)
    return log


def _write(path: Path, doc: Any) -> None:
    """Write one file whole or not at all (a full disk is one line naming it)."""
    write_text_atomic(path, json.dumps(doc))


def generate(results: Path, *, epochs: int = 100, seeds: Sequence[int] = SEEDS,
             vit_seeds: Sequence[int] | None = None) -> Path:
    """Write a complete raw results tree into ``results`` and return it; ``vit_seeds``: the
    ViT snapshot runs seed 001 globs (default: ``seeds``, which must hold 42)."""
    if 42 not in seeds:
        raise ValueError("seed 42 is required: the figure scripts read s42 files by name")
    results = Path(results)
    _refuse_real_results(results)
    rng = np.random.default_rng(20261121)
    vit_seeds = seeds if vit_seeds is None else vit_seeds

    def pair(params, h_key, g_key):
        return {"bp_log": _snapshot_log(rng, params["BP"], epochs, h_key=h_key, g_key=g_key),
                "dfa_log": _snapshot_log(rng, params["DFA"], epochs, h_key=h_key, g_key=g_key)}

    def fa(params, h_key, g_key):
        return {"fa_log": _snapshot_log(rng, params["FA"], epochs, h_key=h_key, g_key=g_key)}

    # each file is made as it is written, in this order: the random stream depends on it
    planned: list[tuple[str, Callable[[], dict[str, Any]]]] = []
    # ViT: CLS-token hidden norms, the l2 gradient key; ResMLP: plain ones, the older key
    vit_keys = ("hidden_norms_cls", "bp_grad_per_sample_l2_med")
    mlp_keys = ("hidden_norms", "bp_grad_norms_per_sample_med")
    for runs, folder, run, canonical, params, keys in (
            (vit_seeds, "snapshot_vit_v1", "vit", "", _WITH_LN, vit_keys),
            (seeds, "snapshot_no_outln_v1", "noLN", "_noln", _NO_LN, mlp_keys)):
        for seed in runs:
            planned.append((f"{folder}/snapshot_{run}_s{seed}.json",
                            lambda p=params, k=keys: pair(p, *k)))
        planned.append((f"{folder}/snapshot_fa_canonical{canonical}_s42.json",
                        lambda p=params, k=keys: fa(p, *k)))
    planned.append(("snapshot_evolution_v2/snapshot_evolution_s42.json",
                    lambda: pair(_WITH_LN, *mlp_keys)))
    # StudentNet: mixes the variants (ResMLP hidden key, ViT gradient key).
    synth_keys = ("hidden_norms", "bp_grad_per_sample_l2_med")
    planned.append(("snapshot_synth_v1/snapshot_synth_a1.0_L4_s42.json",
                    lambda: pair(_WITH_LN, *synth_keys)))
    planned.append(("snapshot_synth_v1/snapshot_fa_canonical_s42.json",
                    lambda: fa(_WITH_LN, *synth_keys)))
    planned.append(("dfa_residual_penalty/dfa_pen_lam0.01_s42.json",
                    lambda: _penalty(rng, epochs)))
    for seed in seeds:
        planned.append((cifar_results_file(seed),
                        lambda seed=seed: {str(seed): _cifar(rng, epochs)}))
    planned.extend(_figures_own_results())
    # the marker first: a tree cut short is still marked synthetic, never real results
    _write(results / SYNTHETIC_MARKER, {"generator": GENERATOR, "epochs": epochs,
                                        "seeds": list(seeds),
                                        "files": sorted(name for name, _ in planned)})
    for name, content in planned:
        _write(results / name, content())
    return results


GENERATOR = "figures.extract.synthetic"
#: A figure module's own example results: ``synthetic_results(rng) -> {relative path: JSON}``.
FIGURES_OWN = "synthetic_results"


def _figures_own_results() -> list[tuple[str, Callable[[], Any]]]:
    """The example results of each figure whose module defines FIGURES_OWN, from a random
    stream of their own (the paper's files', hence pictures, stay as they were)."""
    from figures import author_code
    from figures.registry import FIGURES

    rng = np.random.default_rng(20261122)
    planned: list[tuple[str, Callable[[], Any]]] = []
    for spec in FIGURES:
        try:
            make = spec.own(FIGURES_OWN)
        except (Exception, SystemExit):  # noqa: BLE001, S112 - extract and build say why
            continue
        if make is None:
            continue
        with author_code.running(spec.shown_path, FIGURES_OWN):
            files = make(rng)
        if not isinstance(files, dict) or not all(
                isinstance(rel, str) and _relative(rel) for rel in files):
            raise DataError(spec.shown_path, FIGURES_OWN, "expected a dict of paths relative "
                            "to the results folder (no .., not absolute) to JSON documents")
        planned.extend((rel, lambda doc=doc: doc) for rel, doc in files.items())
    return planned


def _relative(rel: str) -> bool:
    path = PurePosixPath(rel)
    return bool(rel) and not path.is_absolute() and ".." not in path.parts and "\\" not in rel


def _refuse_real_results(results: Path) -> None:
    """Write only into a new or empty folder or an earlier synthetic tree: never over real
    results (a file the marker does not list is someone else's)."""
    if results.exists() and not results.is_dir():
        raise DataError(str(results), None, "is a file, expected a folder")
    if not results.is_dir() or not any(results.iterdir()):
        return
    marker = results / SYNTHETIC_MARKER
    recorded = read_json(marker) if marker.is_file() else None
    if not isinstance(recorded, dict) or recorded.get("generator") != GENERATOR:
        raise DataError(str(results), None, f"is not empty and holds no {SYNTHETIC_MARKER} of "
                        "an earlier synthetic tree: refusing to write over what may be real "
                        "results; choose a new or empty folder")
    known = set(recorded.get("files", []))
    foreign = sorted(p.relative_to(results).as_posix() for p in results.rglob("*")
                     if not p.is_dir() and p.name != SYNTHETIC_MARKER
                     and p.relative_to(results).as_posix() not in known)
    if "files" in recorded and foreign:
        more = f" (and {len(foreign) - 1} more)" if len(foreign) > 1 else ""
        raise DataError(str(results), None, f"holds {foreign[0]}{more}, which no earlier "
                        "synthesize wrote: refusing to write over it; choose a new or empty folder")


def _penalty(rng: np.random.Generator, epochs: int) -> dict[str, Any]:
    h = _trajectory(rng, 30.0, 4e4, epochs, 0.05)
    g = _trajectory(rng, 2e-5, 3e-6, epochs, 0.08)
    return {"lam": 0.01, "log": [{"epoch": i + 1, "h_L_norm": float(f"{h[i]:.6g}"),
                                  "g_2_norm": float(f"{g[i]:.6g}")} for i in range(epochs)]}


def _cifar(rng: np.random.Generator, epochs: int) -> dict[str, Any]:
    finals = {"bp": 0.58, "dfa": 0.30, "state_bridge": 0.24, "credit_bridge": 0.44}
    t = np.arange(1, epochs + 1)
    runs: dict[str, Any] = {}
    for method in CIFAR_METHODS:
        final = finals[method] + rng.normal(0, 0.01)
        test = 0.1 + (final - 0.1) * (1 - np.exp(-t / (epochs / 5))) + rng.normal(0, 0.005, epochs)
        train = test + 0.25 * (final - 0.1) * t / epochs + rng.normal(0, 0.005, epochs)
        log: dict[str, Any] = {"train_acc": [round(float(v), 4) for v in train],
                               "test_acc": [round(float(v), 4) for v in test]}
        if method == "state_bridge":
            err = _trajectory(rng, 0.5, 2e-5, epochs, 0.1)
            log["state_pred_error"] = [float(f"{v:.4g}") for v in err]
        depth = np.arange(N_BLOCKS)
        quality = {"bp": 1.0, "dfa": 0.1, "state_bridge": 0.02, "credit_bridge": 0.5}[method]
        cos = quality * np.exp(-depth / 8) + rng.normal(0, 0.02, N_BLOCKS)
        if method == "bp":
            cos = np.ones(N_BLOCKS)
        runs[method] = {
            "log": log,
            "diagnostics": {
                "bp_cosine": [round(float(v), 4) for v in cos],
                "perturbation_rho": [round(float(v * 0.8), 4) for v in cos],
                "nudging": {
                    "0.01": [round(float(-v * 0.01 + rng.normal(0, 0.001)), 5) for v in cos],
                    "0.1": [round(float(-v * 0.1 + rng.normal(0, 0.01)), 5) for v in cos],
                },
            },
            "drift": {
                f"blocks.{b}.{w}.weight": round(float(rng.uniform(0.05, 0.5) * (1 + quality)), 4)
                for b in range(N_BLOCKS)
                for w in ("w1", "w2")
            },
        }
    return runs
