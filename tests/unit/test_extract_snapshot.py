"""Seed 001 (figures.plots._snapshot) beyond tests/unit/test_extract.py: key-variant precedence, the
epoch-truncation rule, error lines for the with-LN run, and the render's drawing branches
(n in the titles, std band or not, an empty bottom row)."""

from __future__ import annotations

import json
import re
import warnings
from pathlib import Path
from typing import Any

import pytest

from figures.errors import FigureDataError, FigureDataWarning
from figures.extract.results import ResultsTree
from figures.plots import figure_snapshot_resmlp
from figures.registry import BY_NAME

H5 = [1.0, 2.0, 3.0, 4.0, 5.0]  # [-1] = 5.0, h_L
G5 = [0.1, 0.2, 0.3, 0.4, 0.5]  # [2] = 0.3, g_2 (seed 001's layer), [-1] = 0.5
WITH_LN = "snapshot_evolution_v2/snapshot_evolution_s42.json"
W = re.escape(WITH_LN)  # in error-line patterns


def rec(epoch: int, scale: float = 1.0, *, h_key: str = "hidden_norms",
        g_key: str = "bp_grad_norms_per_sample_med") -> dict[str, Any]:
    return {"epoch": epoch, h_key: [v * scale for v in H5], g_key: [v * scale for v in G5]}


def run(bp_epochs: int = 2, dfa_epochs: int | None = None, scale: float = 1.0,
        **keys: str) -> dict[str, Any]:
    dfa_epochs = bp_epochs if dfa_epochs is None else dfa_epochs
    return {"bp_log": [rec(e, scale, **keys) for e in range(1, bp_epochs + 1)],
            "dfa_log": [rec(e, 10 * scale, **keys) for e in range(1, dfa_epochs + 1)]}


def put(root: Path, rel: str, doc: Any) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc))


def noln(seed: int) -> str:
    return f"snapshot_no_outln_v1/snapshot_noLN_s{seed}.json"


def vit(tag: str) -> str:
    return f"snapshot_vit_v1/snapshot_vit_s{tag}.json"


# --- extraction ---------------------------------------------------------------------------


def test_resmlp_reads_with_ln_run_per_method_with_its_own_epochs(tmp_path):
    put(tmp_path, WITH_LN, run(bp_epochs=3, dfa_epochs=2))  # top row: no truncation needed
    for seed in (42, 123, 456):
        put(tmp_path, noln(seed), run(scale=seed))
    tree = ResultsTree(tmp_path)
    data = BY_NAME["figure_snapshot_resmlp"].extract(tree)
    assert data["with_ln"] == {
        "seed": 42,
        "BP": {"epoch": [1, 2, 3], "h_L": [5.0] * 3, "g_2": [0.3] * 3},
        "DFA": {"epoch": [1, 2], "h_L": [50.0] * 2, "g_2": [3.0] * 2},
    }
    assert data["no_ln"]["seeds"] == [42, 123, 456]
    assert data["no_ln"]["epoch"] == [1, 2]
    assert data["no_ln"]["BP"]["h_L"] == [[5.0 * s] * 2 for s in (42, 123, 456)]
    assert data["no_ln"]["DFA"]["g_2"] == [[0.3 * 10 * s] * 2 for s in (42, 123, 456)]
    assert tree.warnings == []


def test_gradient_l2_key_wins_over_the_older_key_when_both_are_logged(tmp_path):
    both = {"epoch": 1, "hidden_norms": H5, "bp_grad_norms_per_sample_med": G5,
            "bp_grad_per_sample_l2_med": [7.0, 8.0, 9.0]}
    put(tmp_path, vit("42"), {"bp_log": [both], "dfa_log": [both]})
    data = BY_NAME["figure_snapshot_vit"].extract(ResultsTree(tmp_path))
    assert data["BP"] == {"h_L": [[5.0]], "g_2": [[9.0]]}


def test_hidden_norms_cls_wins_over_hidden_norms_when_both_are_logged(tmp_path):
    both = {**rec(1), "hidden_norms_cls": [6.0, 60.0]}
    put(tmp_path, vit("42"), {"bp_log": [both], "dfa_log": [both]})
    data = BY_NAME["figure_snapshot_vit"].extract(ResultsTree(tmp_path))
    assert data["DFA"]["h_L"] == [[60.0]]


def test_single_no_ln_seed_is_kept_and_the_other_two_are_warned_about(tmp_path):
    put(tmp_path, WITH_LN, run())
    put(tmp_path, noln(123), run())
    tree = ResultsTree(tmp_path)
    data = BY_NAME["figure_snapshot_resmlp"].extract(tree)
    assert data["no_ln"]["seeds"] == [123]
    assert data["no_ln"]["BP"] == {"h_L": [[5.0, 5.0]], "g_2": [[0.3, 0.3]]}
    assert [w.split(":")[0] for w in tree.warnings] == [noln(42), noln(456)]


def test_runs_are_cut_to_the_shortest_and_epochs_come_from_the_last_run(tmp_path):
    put(tmp_path, WITH_LN, run())
    long_run = run(bp_epochs=4)
    for record in long_run["bp_log"]:
        record["epoch"] *= 10  # tell the epochs of the runs apart
    put(tmp_path, noln(42), run(bp_epochs=4, dfa_epochs=3))
    put(tmp_path, noln(123), run(bp_epochs=4))
    put(tmp_path, noln(456), long_run)  # last run read
    tree = ResultsTree(tmp_path)
    block = BY_NAME["figure_snapshot_resmlp"].extract(tree)["no_ln"]
    assert block["epoch"] == [10, 20, 30]
    assert all(len(s) == 3 for m in ("BP", "DFA") for k in ("h_L", "g_2") for s in block[m][k])
    # Runs logged at other epochs are averaged record by record, as seed 001 does: said so,
    # naming each run and method whose epochs differ from the drawn ones.
    differ = ("epoch 1 where snapshot_no_outln_v1/snapshot_noLN_s456.json bp_log has 10; the "
              "runs are averaged record by record and drawn at the latter's epochs")
    assert tree.warnings == [
        (f"{noln(42)}: dfa_log: 3 epoch records where other runs have 4; every run is cut to "
         "its first 3 epochs for the mean ± std"),
        *(f"{noln(seed)}: {log}[0].epoch: {differ}"
          for seed in (42, 123) for log in ("bp_log", "dfa_log")),
        f"{noln(456)}: dfa_log[0].epoch: {differ}",
    ]


def test_vit_runs_logged_at_other_epochs_are_a_warning_naming_the_run_and_record(tmp_path):
    """Hostile pass 3: a seed logged every 10 epochs was averaged into the others silently."""
    put(tmp_path, vit("42"), run(bp_epochs=3))
    sparse = run(bp_epochs=3)
    for log in ("bp_log", "dfa_log"):
        for record in sparse[log][1:]:
            record["epoch"] *= 10
    put(tmp_path, vit("456"), sparse)
    tree = ResultsTree(tmp_path)
    assert BY_NAME["figure_snapshot_vit"].extract(tree)["epoch"] == [1, 20, 30]
    differ = (f"epoch 2 where {vit('456')} bp_log has 20; the runs are averaged record by "
              "record and drawn at the latter's epochs")
    assert tree.warnings == [f"{vit('42')}: bp_log[1].epoch: {differ}",
                             f"{vit('42')}: dfa_log[1].epoch: {differ}"]


def test_no_no_ln_run_at_all_is_said_at_extraction_and_at_drawing(tmp_path):
    """Hostile pass 3: the bottom row was drawn as two blank axes without a word."""
    put(tmp_path, WITH_LN, run())
    tree = ResultsTree(tmp_path)
    data = BY_NAME["figure_snapshot_resmlp"].extract(tree)
    assert tree.warnings[-1] == ("snapshot_no_outln_v1: no snapshot_noLN_s<seed>.json run "
                                 "found: the bottom row (without terminal LN) is drawn empty")
    with pytest.warns(FigureDataWarning, match=r"^data\.no_ln: holds no seeds: the bottom row "
                      "is drawn empty$"):
        BY_NAME["figure_snapshot_resmlp"].render(data)


def test_vit_seed_tags_that_are_not_numbers_are_ignored_with_a_warning(tmp_path):
    """Issue 10: only snapshot_vit_s<digits>.json is a run (a "42b" or "42 (copy)" is not)."""
    put(tmp_path, vit("42"), run())
    put(tmp_path, vit("42b"), run())
    tree = ResultsTree(tmp_path)
    assert BY_NAME["figure_snapshot_vit"].extract(tree)["seeds"] == [42]
    assert tree.warnings == [(f"{vit('42b')}: ignored: a ViT run is named snapshot_vit_s<digits>.json "
                             "(ASCII digits, no leading zero)")]


@pytest.mark.parametrize("twin", ["042", "\u0664\u0662"])  # Arabic-Indic digits: int() reads 42
def test_seed_42_written_another_way_is_not_a_second_run(tmp_path, twin):
    """Counted twice, seed 42 would weigh double in every mean ± std, silently."""
    put(tmp_path, vit("42"), run())
    put(tmp_path, vit("123"), run())
    put(tmp_path, vit(twin), run())
    tree = ResultsTree(tmp_path)
    assert BY_NAME["figure_snapshot_vit"].extract(tree)["seeds"] == [123, 42]
    assert tree.warnings == [(f"{vit(twin)}: ignored: a ViT run is named "
                             "snapshot_vit_s<digits>.json (ASCII digits, no leading zero)")]


@pytest.mark.parametrize(("doc", "message"), [
    (None, rf"^{W}: file not found: its run's folder snapshot_evolution_v2/ is not in"),
    ({"bp_log": [{"epoch": 1, "bp_grad_norms_per_sample_med": G5}], "dfa_log": [rec(1)]},
     rf"^{W}: bp_log\[0\]: missing key: expected hidden_norms_cls or hidden_norms$"),
    ({"bp_log": [rec(1)], "dfa_log": [{"hidden_norms": H5}]},
     rf"^{W}: dfa_log\[0\]\.epoch: missing key$"),
    ({"bp_log": [rec(1)], "dfa_log": [{**rec(1), "hidden_norms": []}]},
     (rf"^{W}: dfa_log\[0\]\.hidden_norms: list has 0 entries, index \[-1\] needs at "
      r"least 1$")),
    (('{"bp_log": [{"epoch": 1, "hidden_norms": [1, NaN], '
      '"bp_grad_norms_per_sample_med": [1, 1, 1]}], "dfa_log": []}'),
     rf"^{W}: bp_log\[0\]\.hidden_norms\[-1\]: expected a finite number, got nan$"),
    ({"bp_log": [rec(1), {**rec(2), "hidden_norms": [1.0, 2.0, 3.0, 4.0, -2.0]}],
      "dfa_log": [rec(1)]},
     (rf"^{W}: bp_log\[1\]\.hidden_norms\[-1\]: expected a positive number for a log "
      r"axis, got -2\.0$")),
    # the epoch fields order the log: stored reversed or with a record twice is refused
    ({"bp_log": [rec(2), rec(1)], "dfa_log": [rec(1)]},
     (rf"^{W}: bp_log\[1\]\.epoch: epoch 1 comes after epoch 2 of bp_log\[0\]; records must "
      r"be in increasing epoch order without duplicates: sort the log and drop repeated "
      r"records$")),
    ({"bp_log": [rec(1)], "dfa_log": [rec(1), rec(2), rec(2)]},
     rf"^{W}: dfa_log\[2\]\.epoch: epoch 2 repeats epoch 2 of dfa_log\[1\]; records must"),
    # one record's list cut short would put another layer at h_L (or g_2)
    ({"bp_log": [rec(1, h_key="hidden_norms_cls"),
                 {**rec(2, h_key="hidden_norms_cls"), "hidden_norms_cls": [1.0]}],
      "dfa_log": [rec(1)]},
     (rf"^{W}: bp_log\[1\]\.hidden_norms_cls: 1 layers where bp_log\[0\] has 5; every "
      r"record lists every layer$")),
    ({"bp_log": [rec(1), rec(2), {**rec(3), "bp_grad_norms_per_sample_med": [*G5, 0.6]}],
      "dfa_log": [rec(1)]},
     rf"^{W}: bp_log\[2\]\.bp_grad_norms_per_sample_med: 6 layers where bp_log\[0\] has 5;"),
])
def test_bad_with_ln_run_gives_one_line_naming_file_and_key(tmp_path, doc, message):
    if doc is not None:
        put(tmp_path, WITH_LN, doc)
    put(tmp_path, noln(42), run())
    with pytest.raises(FigureDataError, match=message):
        BY_NAME["figure_snapshot_resmlp"].extract(ResultsTree(tmp_path))


def test_bad_no_ln_seed_names_that_seed_file(tmp_path):
    put(tmp_path, WITH_LN, run())
    put(tmp_path, noln(123), {"bp_log": [rec(1)], "dfa_log": [{**rec(1), "hidden_norms": [0]}]})
    with pytest.raises(FigureDataError, match=rf"^{re.escape(noln(123))}: dfa_log\[0\]\.hidden_norms\[-1\]"):
        BY_NAME["figure_snapshot_resmlp"].extract(ResultsTree(tmp_path))


# --- render branches ----------------------------------------------------------------------


def resmlp_data(n_seeds: int) -> dict[str, Any]:
    line = {"epoch": [1, 2], "h_L": [1.0, 2.0], "g_2": [0.1, 0.2]}
    per_seed = [[1.0 + s, 2.0 + s] for s in range(n_seeds)]
    return {
        "with_ln": {"seed": 42, "BP": line, "DFA": line},
        "no_ln": {"seeds": list(range(n_seeds)), "epoch": [1, 2] if n_seeds else [],
                  "BP": {"h_L": per_seed, "g_2": per_seed},
                  "DFA": {"h_L": per_seed, "g_2": per_seed}},
    }


@pytest.mark.slow
@pytest.mark.parametrize("n_seeds", [0, 1, 3])
def test_resmlp_bottom_row_draws_bands_even_for_one_seed_and_nothing_without_seeds(n_seeds):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fig = BY_NAME["figure_snapshot_resmlp"].render(resmlp_data(n_seeds))
    assert [str(w.message) for w in caught] == (
        [] if n_seeds else ["data.no_ln: holds no seeds: the bottom row is drawn empty"])
    top, bottom = fig.axes[:2], fig.axes[2:]
    assert [ax.get_title() for ax in top] == ["ResMLP with terminal LayerNorm (s42)"] * 2
    assert fig.get_suptitle() == figure_snapshot_resmlp.SUPTITLE
    for ax in bottom:
        assert len(ax.lines) == (2 if n_seeds else 0)
        assert len(ax.collections) == (2 if n_seeds else 0)
        expected = (f"ResMLP WITHOUT terminal LayerNorm (mean ± std, n={n_seeds})"
                    if n_seeds else "")
        assert ax.get_title() == expected


@pytest.mark.slow
@pytest.mark.parametrize(("n_seeds", "bands"), [(1, 0), (2, 2)])
def test_vit_draws_the_std_band_only_for_several_seeds(n_seeds, bands):
    per_seed = [[1.0 + s, 2.0 + s] for s in range(n_seeds)]
    data = {"seeds": list(range(n_seeds)), "epoch": [1, 2],
            "BP": {"h_L": per_seed, "g_2": per_seed}, "DFA": {"h_L": per_seed, "g_2": per_seed}}
    fig = BY_NAME["figure_snapshot_vit"].render(data)
    for ax in fig.axes:
        assert [line.get_label() for line in ax.lines] == ["BP", "DFA"]
        assert len(ax.collections) == bands
        assert ax.get_title() == f"ViT-Mini, terminal LayerNorm (n={n_seeds})"
        assert ax.get_yscale() == "log"
