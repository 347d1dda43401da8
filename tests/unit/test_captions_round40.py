"""Hostile round 40, C1 to C6: a caption's relations ("below", "leads", "hides", "almost
perfectly", "explodes", "mean across 1 seed ± std") were written around computed numbers, so
edited data kept the words and made them false. Each test varies the data so that a fixed word
cannot pass: the direction, the verdict and the neutral fall-back must follow the data, and
every caption still passes :func:`false_claims` (docs/venues.md, "Captions are computed")."""

from __future__ import annotations

import copy
import math
import warnings

import pytest
from helpers import FIXTURES, REPO

from figures.data import figdata
from figures.errors import FigureDataWarning
from figures.plots import _snapshot as snapshot
from figures.plots._caption import Caption, Claims, false_claims, scientific
from figures.registry import BY_NAME


def data_of(name: str, fixture: str | None = None) -> dict:
    """The committed figdata of ``name``, or its fixture ``NAME--fixture`` (a deep copy)."""
    path = (REPO / "figdata" / f"{name}.json" if fixture is None else
            FIXTURES / f"{name}{'--' + fixture if fixture else ''}.json")
    return copy.deepcopy(figdata.load(path, name, BY_NAME[name].schema)["data"])


def caption(name: str, data: dict) -> Caption:
    made = BY_NAME[name].code().caption(data)
    assert false_claims(made) == [], made
    return made


# --- C1: fig1_audit_hero ------------------------------------------------------------------

@pytest.mark.parametrize(("fa", "dfa", "gamma_dfa", "hides"), [
    ([0.9, 0.8, 0.7, 0.95], [0.5, 0.6, 0.7, 0.8], 0.1, None),         # every block aligned
    ([0.016, 0.072, -0.085, 0.997], [0.4, 0.001, -0.0004, -0.002], 0.1, "the"),
    ([0.9, 0.8, 0.7, 0.95], [0.4, 0.001, -0.0004, -0.002], 0.1, "DFA's"),
    ([0.016, 0.072, -0.085, 0.997], [0.4, 0.001, -0.0004, -0.002], -0.2, "FA's"),
    ([-0.5, -0.6, -0.7, -0.8], [0.5, 0.6, 0.7, 0.8], 0.1, "FA's"),  # round 41, C13
])
def test_fig1_says_the_aggregate_hides_blocks_only_where_it_does(fa, dfa, gamma_dfa, hides):
    """Round 40 (C1): "the aggregate hides blocks that are not aligned" followed "0 of 4
    blocks" (written, not computed). A positive Γ hides the blocks under 0.1 only where there
    are some: whose aggregate hides them, or none does. Round 41 (C13): a block against
    BP's gradient (cos −0.8) under a positive Γ is hidden too, not counted aligned, and the
    caption says they point against it."""
    data = data_of("fig1_audit_hero")
    data["panel_b"]["values"].update(FA=fa, DFA=dfa)
    data["panel_a"]["values"]["DFA"]["gamma"] = gamma_dfa
    text = caption("fig1_audit_hero", data)
    if hides is None:
        assert "hides blocks" not in text, text
        assert "no aggregate hides a block" in text, text
    else:
        assert f"{hides} aggregate hides blocks that are not aligned" in text, text
    assert ("against BP's gradient" in text) == any(v <= -0.1 for v in fa + dfa), text


@pytest.mark.parametrize(("fa_grads", "said"), [
    ([1e-6] * 5, "FA's is flat (1×), DFA's"),
    ([1e-6, 1e-6, 1e-6, 1e-6, 1.1e-6], "FA's is flat (1.1×), DFA's"),
    ([1e-6, 2e-6, 4e-6, 8e-6, 2e-5], "FA's rises 1.3 orders of magnitude (20×), DFA's"),
    ([2e-5, 8e-6, 4e-6, 2e-6, 1e-6], "FA's falls 1.3 orders of magnitude (20×), DFA's"),
])
def test_fig1_says_a_flat_gradient_is_flat(fa_grads, said):
    """Round 40 (C1): FA's gradients all 1e-6 read "FA's rises 0.0 orders of magnitude (1×)";
    where the decades print as 0.0 the caption says the series is flat."""
    data = data_of("fig1_audit_hero")
    data["panel_c"]["values"]["FA"] = fa_grads
    text = caption("fig1_audit_hero", data)
    assert said in text, text
    assert "0.0 orders" not in text, text


def test_fig1_flat_dfa_ends_at_its_value():
    """Round 40 (C1): DFA's gradient flat: "DFA's is flat (1×), at 4×10⁻⁹" (not "to")."""
    data = data_of("fig1_audit_hero")
    data["panel_c"]["values"]["DFA"] = [4e-9] * 5
    assert "DFA's is flat (1×), at 4×10⁻⁹." in caption("fig1_audit_hero", data)


# --- C2: fig4_penalty_rescue ----------------------------------------------------------------

@pytest.mark.parametrize(("factor", "said"), [
    (1e-4, "is 4.0 orders of magnitude (10000×) below vanilla DFA's"),
    (1e2, "is 2.0 orders of magnitude (100×) above vanilla DFA's"),
    (1.1, "is within 1.1× of vanilla DFA's"),
])
def test_fig4_says_where_the_penalised_norm_is_against_vanilla(factor, said):
    """Round 40 (C2): the penalised run's h_L 2.1 decades ABOVE vanilla read "below vanilla
    DFA's"; the direction is computed, "within" where the decades print as 0.0."""
    data = data_of("fig4_penalty_rescue")
    runs = data["panel_a"]
    runs["penalized"]["h_L"][-1] = runs["vanilla"]["h_L"][-1] * factor
    text = caption("fig4_penalty_rescue", data)
    assert said in text, text


@pytest.mark.parametrize(("dfa_minus_bp", "said"), [
    (-0.17, "with it, BP leads DFA by 17 pp, which is credit quality."),
    (0.05, "with it, DFA leads BP by 5 pp."),
    (0.002, "with it, BP and DFA are level."),
])
def test_fig4_says_who_leads_with_the_penalty(dfa_minus_bp, said):
    """Round 40 (C2): DFA 5 pp above BP read "BP leads DFA by −5 pp, which is credit
    quality"; who leads is computed, and the credit-quality reading only where BP does."""
    data = data_of("fig4_penalty_rescue")
    acc = data["panel_c"]["accuracy"]
    acc["DFA"]["with_penalty"] = acc["BP"]["with_penalty"] + dfa_minus_bp
    text = caption("fig4_penalty_rescue", data)
    assert said in text, text
    assert ("credit quality" in text) == said.startswith("with it, BP leads"), text


@pytest.mark.parametrize(("dfa", "said"), [
    (0.36, "DFA with the penalty is 1.1 pp above it."),
    (0.30, "DFA with the penalty is 4.9 pp below it."),
    (0.3491, "DFA with the penalty is level with it."),
])
def test_fig4_says_where_dfa_is_against_the_baseline(dfa, said):
    """Round 40 (C2): the baseline's "above/below" made by the same helper as the rest."""
    data = data_of("fig4_penalty_rescue")
    data["panel_c"]["accuracy"]["DFA"]["with_penalty"] = dfa
    assert said in caption("fig4_penalty_rescue", data)


# --- C3: cifar_state_vs_credit ------------------------------------------------------------

@pytest.mark.parametrize(("errors", "said", "perfect"), [
    (lambda n: [0.9] * n, "is flat (1×) from the first epoch to the last, at 0.9", False),
    (lambda n: [0.5 * 0.5 ** i for i in range(n)], "falls", None),
    (lambda n: [0.01 * 1.1 ** i for i in range(n)], "rises", False),
    (lambda n: [0.25] * (n - 1) + [0.01], "falls 1.4 orders of magnitude (25×)", False),
])
def test_state_vs_credit_says_almost_perfectly_only_where_the_error_is(errors, said, perfect):
    """Round 40 (C3): a prediction error of 0.9 at every epoch read "predicts h_L almost
    perfectly (final prediction error 9×10⁻¹ ...)". "Almost perfectly" only where the final
    error is three orders of magnitude under the first epoch's; 0.9 printed as 0.9."""
    data = data_of("cifar_state_vs_credit")
    for seed, series in data["state_pred_error"].items():
        data["state_pred_error"][seed] = errors(len(series))
    text = caption("cifar_state_vs_credit", data)
    first = errors(len(series))
    expect = (first[-1] <= 1e-3 * first[0]) if perfect is None else perfect
    assert said in text, text
    assert "9×10⁻¹" not in text, text
    assert ("almost perfectly" in text) == expect, text
    assert (", yet its final test accuracy is the worst" in text) == expect, text


def test_state_vs_credit_says_yet_only_against_the_worst_accuracy():
    """Round 40 (C3): near-perfect prediction and the best accuracy: no "yet"."""
    data = data_of("cifar_state_vs_credit")
    data["final_test_acc"]["state_bridge"] = [0.9] * len(data["final_test_acc"]["state_bridge"])
    text = caption("cifar_state_vs_credit", data)
    assert "almost perfectly, and its final test accuracy is not the worst" in text, text


@pytest.mark.parametrize(("value", "text"), [
    (0.9, "0.9"), (0.25, "0.25"), (0.95, "0.95"), (120, "120"), (0.1, "0.1"),
    (2e-5, "2×10⁻⁵"), (0.01, "10⁻²"), (1e-7, "10⁻⁷"), (4.17e-9, "4×10⁻⁹"), (0.099, "10⁻¹"),
    (2.6e4, "3×10⁴"), (125.278, "125"), (12.4, "12"), (2.46, "2.5"), (999.7, "1000"),
])
def test_a_number_is_printed_plainly_where_a_power_only_hides_it(value, text):
    """Round 40 (C3): 0.9 was printed ``9×10⁻¹``; from 0.1 to under 1000 the shared
    formatter prints the number as written."""
    assert scientific(value) == text


# --- C5, C6: the snapshot figures -----------------------------------------------------------

@pytest.mark.parametrize(("name", "fixture"), [("figure_snapshot_resmlp", "single-noln-seed"),
                                               ("figure_snapshot_vit", "single-seed")])
def test_one_seed_has_no_mean_and_no_band(name, fixture):
    """Round 40 (C5): one no-LN run read "the mean across 1 seed (the ± std band ... too narrow
    to see)"; one run has neither, and both snapshot figures say so alike (one idiom)."""
    text = caption(name, data_of(name, fixture))
    assert "one run, no band." in text, text
    assert "mean across" not in text, text
    assert "±" not in text, text


@pytest.mark.parametrize("seeds", [1, 2, 3])
def test_resmlp_says_the_mean_across_its_seeds_as_the_vit_does(seeds):
    """Round 40 (C5): the no-LN row cut to ``seeds`` runs: its words are the ViT figure's for
    the same runs (snapshot.spread)."""
    data = data_of("figure_snapshot_resmlp")
    no_ln = data["no_ln"]
    no_ln["seeds"] = no_ln["seeds"][:seeds]
    for method in snapshot.LOG_KEYS:
        for metric in snapshot.METRICS:
            no_ln[method][metric] = no_ln[method][metric][:seeds]
    also = {m: [v for method in snapshot.LOG_KEYS for v in data["with_ln"][method][m]]
            for m in snapshot.METRICS}
    text = caption("figure_snapshot_resmlp", data)
    assert f"bottom: without it, {snapshot.spread(Claims(), no_ln, also)}." in text, text
    assert ("mean across the" in text) == (seeds > 1), text


@pytest.mark.parametrize("fixture", [None, "", "no-noln-seeds", "single-noln-seed"])
def test_resmlp_states_no_suptitle_claim_the_data_do_not_make(fixture):
    """Round 40 (C6): the seed's suptitle ("DFA explodes", "still grows", "does NOT
    collapse") was copied into the caption, even over a row with no data. Each row's trend is
    computed; a row without runs has none."""
    data = data_of("figure_snapshot_resmlp", fixture)
    text = caption("figure_snapshot_resmlp", data)
    for word in ("explodes", "still grows", "NOT collapse"):
        assert word not in text, text
    assert ("without it;" in text) == bool(data["no_ln"]["BP"]["h_L"]), text
    assert "with the LN" in text, text


@pytest.mark.parametrize(("shape", "said"), [("fall", "DFA's ||h_L|| falls"),
                                             ("rise", "DFA's ||h_L|| rises"),
                                             ("stay", "DFA's ||h_L|| is flat (1×)")])
def test_resmlp_trend_follows_the_data(shape, said):
    """Round 40 (C6): DFA's with-LN norm made to fall, rise or stay: the caption follows. (It
    fell or stayed by its last value alone, a climb of seven decades before it: round 51c, W20
    says such a turn, so the whole series falls, rises or stays here.)"""
    data = data_of("figure_snapshot_resmlp", "no-noln-seeds")
    series = data["with_ln"]["DFA"]["h_L"]
    if shape == "fall":
        series.reverse()
    elif shape == "stay":
        series[:] = [series[0]] * len(series)
    assert f"{said}" in caption("figure_snapshot_resmlp", data)


@pytest.mark.parametrize(("name", "said"), [("cifar_summary", "one run, no error bar (1 seed"),
                                          ("cifar_accuracy", "accuracy, one run, no band.")])
def test_cifar_captions_with_one_seed_claim_no_mean_and_no_band(name, said):
    """Round 40 (C7, as C5): cut to one seed, cifar_summary and cifar_accuracy said "mean
    across seeds (the ± std error bar ... too narrow to see)"; Claims.band, the one idiom,
    knows the runs it averages."""
    data = data_of(name)
    keep = data["seeds"].index(42)
    data["seeds"] = [42]
    if name == "cifar_summary":
        data["final_test_acc"] = {m: [v[keep]] for m, v in data["final_test_acc"].items()}
    else:
        data["methods"] = {m: {k: [v[keep]] for k, v in curves.items()}
                           for m, curves in data["methods"].items()}
    text = caption(name, data)
    assert said in text, text
    assert "mean across" not in text, text
    assert "±" not in text, text


# --- the helpers ------------------------------------------------------------------------------

def test_a_relation_written_by_hand_fails():
    """Round 40 (C1 to C6): a direction or verdict outside a claim is a claim's word written
    by hand, and false_claims says so."""
    text = caption("fig1_audit_hero", data_of("fig1_audit_hero"))
    for added in (" FA is below BP.", " BP leads.", " DFA explodes.", " It is flat.",
                  " It predicts almost perfectly.", " The aggregate hides them.",
                  " The norm does NOT collapse."):
        assert false_claims(Caption(text + added, text.claims)), added


@pytest.mark.parametrize(("value", "reference"), [(1.0, 2e3), (5e3, 1.0), (1.0, 1.1),
                                                  (3.0, 3.0), (1e-9, 1e3)])
def test_change_says_the_direction_of_its_data(value, reference):
    """Round 40 (C1, C2, C6): Claims.change picks less, more or same from the data."""
    c = Claims()
    said = c.change(value, reference, "less {}", "more {}", "same {}")
    decades = abs(math.log10(value / reference))
    word = "same" if f"{decades:.1f}" == "0.0" else "less" if value < reference else "more"
    assert said.startswith(word), said
    assert false_claims(c.caption(said)) == []


@pytest.mark.parametrize(("fixture", "label"), [("single-noln-seed", "(seed "),
                                                ("no-noln-seeds", "(no runs)"),
                                                ("", "(mean of 3 seeds)")])
def test_resmlp_page_labels_one_run_as_a_seed_not_a_mean(fixture, label):
    """Round 40 (C5): the page's bottom-row label read "no terminal LN (mean of 1 seeds)" for
    one run, and "(mean of 0 seeds)" for none."""
    from figures.outputs.kind import venue_kind
    from figures.venues import get_venue

    spec = BY_NAME["figure_snapshot_resmlp"]
    data = data_of("figure_snapshot_resmlp", fixture)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FigureDataWarning)
        fig = venue_kind(get_venue("neurips"), None).draw(spec, data)
    bottom = fig.axes[2].get_ylabel()
    assert label in bottom, bottom
    assert "1 seeds" not in bottom, bottom


def test_state_vs_credit_with_one_seed_says_one_run_not_means():
    """Round 41 (C11): cut to one seed, cifar_state_vs_credit said "(means over 1 seed)", the
    kind C5/C7 mended in the other figures: one run has no mean."""
    data = data_of("cifar_state_vs_credit")
    seed = next(iter(data["state_pred_error"]))
    data["state_pred_error"] = {seed: data["state_pred_error"][seed]}
    text = caption("cifar_state_vs_credit", data)
    assert "to 2×10⁻⁵ (one run): it predicts" in text, text
    assert "means over" not in text, text



@pytest.mark.parametrize(("shape", "said"), [
    (lambda i, n: 10 ** (-4 * (1 - abs(2 * i / (n - 1) - 1))),  # a V: down four decades, back
     ("falls 4.0 orders of magnitude (9100×) to 10⁻⁴ at epoch 50, then rises 4.0 orders of "
      "magnitude (9100×) by the last, to 1 (means over 3 seeds)")),
    (lambda i, n: 0.01 * 10 ** (3 * (1 - abs(2 * i / (n - 1) - 1))),  # a hump
     ("rises 3.0 orders of magnitude (930×) to 9.3 at epoch 50, then falls 3.0 orders of "
      "magnitude (930×) by the last, to 10⁻² (means over 3 seeds)")),
    (lambda i, n: 10 ** (-4 * i / (n - 1)),  # a steady fall: its ends say it
     "falls 4.0 orders of magnitude (10000×) from the first epoch to the last, to 10⁻⁴"),
])
def test_state_vs_credit_says_where_the_error_turns(shape, said):
    """Round 50c (W4): the caption read the first and last epochs only: a fall of four decades
    and a climb back was "is flat (1×) from the first epoch to the last", under a V. A turn
    over ten times past both ends is said, with its epoch."""
    data = data_of("cifar_state_vs_credit")
    for seed, series in data["state_pred_error"].items():
        data["state_pred_error"][seed] = [shape(i, len(series)) for i in range(len(series))]
    text = caption("cifar_state_vs_credit", data)
    assert f"The state bridge's prediction error of h_L {said}" in str(text), text
