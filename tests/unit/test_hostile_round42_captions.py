"""Hostile round 42b, B18 to B20: caption verdicts written around computed numbers ("is not the
worst" on a tie, "changes BP's accuracy by +0.0 pp" for equal values, "stays within 100×"
whatever the spread). Each verdict is computed (figures/plots/_caption.py), follows the data,
is the same whatever order the data list their keys in, and every caption still passes
:func:`false_claims` (docs/venues.md, "Captions are computed")."""

from __future__ import annotations

import copy

import pytest
from helpers import REPO

from figures.data import figdata
from figures.plots._caption import Caption, false_claims
from figures.registry import BY_NAME


def data_of(name: str) -> dict:
    path = REPO / "figdata" / f"{name}.json"
    return copy.deepcopy(figdata.load(path, name, BY_NAME[name].schema)["data"])


def caption(name: str, data: dict) -> Caption:
    made = BY_NAME[name].code().caption(data)
    assert false_claims(made) == [], made
    return made


# --- B18: cifar_state_vs_credit, a tie for the lowest accuracy ------------------------------

def _reordered(data: dict, first: str) -> dict:
    """The same data, ``first`` listed first among the final accuracies."""
    finals = data["final_test_acc"]
    data["final_test_acc"] = {first: finals[first]} | {k: v for k, v in finals.items()
                                                       if k != first}
    return data


@pytest.mark.parametrize("first", ["dfa", "state_bridge", "credit_bridge"])
@pytest.mark.parametrize("seeds", [[0.3054, 0.2934, 0.2852], [0.2934, 0.3054, 0.2852]])
def test_state_vs_credit_says_a_tie_for_the_worst_as_a_tie(first, seeds):
    """Round 42 (B18): the State Bridge's final accuracies set to DFA's (0.2947 each, the
    lowest) read "its final test accuracy is not the worst" (min() took the first key of the
    tie, DFA); with state_bridge listed first the same data read "is the worst". A tie is said
    as a tie, whatever the order of the keys or of the seeds (a mean of the same numbers in
    another order may differ in its last bit)."""
    data = data_of("cifar_state_vs_credit")
    data["final_test_acc"]["dfa"] = [0.3054, 0.2934, 0.2852]
    data["final_test_acc"]["state_bridge"] = seeds
    text = caption("cifar_state_vs_credit", _reordered(data, first))
    assert "its final test accuracy is tied with DFA's for the worst." in text, text
    assert "not the worst" not in text, text
    assert "is the worst" not in text, text
    base = data_of("cifar_state_vs_credit")
    base["final_test_acc"]["dfa"] = [0.3054, 0.2934, 0.2852]
    base["final_test_acc"]["state_bridge"] = [0.3054, 0.2934, 0.2852]
    assert text == caption("cifar_state_vs_credit", base)


@pytest.mark.parametrize("first", ["bp", "dfa", "state_bridge", "credit_bridge"])
def test_state_vs_credit_names_every_method_it_ties(first):
    """Round 42 (B18): tied with two others for the lowest: both named, in the methods'
    order, the same whatever order the data list them in."""
    data = data_of("cifar_state_vs_credit")
    for method in ("bp", "dfa", "state_bridge"):
        data["final_test_acc"][method] = [0.25, 0.25, 0.25]
    text = caption("cifar_state_vs_credit", _reordered(data, first))
    assert "its final test accuracy is tied with BP's and DFA's for the worst." in text, text


@pytest.mark.parametrize(("state", "said"), [
    ([0.25, 0.25, 0.25], "is the worst."),
    # round 49 (from 48c W24): 0.0047 under DFA's mean, inside its seeds' ± 0.0083
    ([0.29, 0.29, 0.29], "is about as low as DFA's (within the seeds' spread)."),
    # round 50c (W26): 0.0053 ABOVE DFA's mean, inside its ± 0.0083: "not the worst" was said
    ([0.30, 0.30, 0.30], "is about as low as DFA's (within the seeds' spread)."),
    ([0.31, 0.31, 0.31], "is not the worst."),
])
@pytest.mark.parametrize("first", ["dfa", "state_bridge"])
def test_state_vs_credit_worst_or_not_does_not_follow_the_key_order(state, said, first):
    """Round 42 (B18): below, just below or just above DFA's 0.2947: the verdict follows
    the data, not the order of the keys."""
    data = data_of("cifar_state_vs_credit")
    data["final_test_acc"]["dfa"] = [0.3054, 0.2934, 0.2852]
    data["final_test_acc"]["state_bridge"] = state
    text = caption("cifar_state_vs_credit", _reordered(data, first))
    assert text.endswith(f"its final test accuracy {said}"), text


# --- B19: fig4 (d), the penalty's change of BP's accuracy -------------------------------------

@pytest.mark.parametrize(("with_minus_no", "said"), [
    (0.0, "(d) The 2×2 control: BP's accuracy is level with and without the penalty;"),
    (0.0004, "(d) The 2×2 control: BP's accuracy is level with and without the penalty;"),
    (-0.0004, "(d) The 2×2 control: BP's accuracy is level with and without the penalty;"),
    (-0.055, "(d) The 2×2 control: the penalty lowers BP's accuracy by 5.5 pp;"),
    (0.021, "(d) The 2×2 control: the penalty raises BP's accuracy by 2.1 pp;"),
])
def test_fig4_says_the_penalty_leaves_bp_level_as_its_neighbours_do(with_minus_no, said):
    """Round 42 (B19): BP's accuracy the same with and without the penalty read "the penalty
    changes BP's accuracy by +0.0 pp" (a signed number, where the sentence's other two
    comparisons say "level"); a change under the printed 0.1 pp read "+0.0" or "−0.0". The
    change is said as its neighbours are (Claims.difference)."""
    data = data_of("fig4_penalty_rescue")
    bp = data["panel_c"]["accuracy"]["BP"]
    bp["with_penalty"] = bp["no_penalty"] + with_minus_no
    text = caption("fig4_penalty_rescue", data)
    assert said in text, text
    assert "0.0 pp" not in text, text
    assert "changes BP" not in text, text


# --- B20: fig1 (c), BP's gradient across layers ----------------------------------------------

@pytest.mark.parametrize(("bp", "said"), [
    ([1e-3, 1e-4, 1e-5, 1e-5, 1e-5], "BP's median gradient norm falls 2.0 orders of magnitude (100×)"),
    ([1e-5, 1e-4, 1e-3, 1e-3, 1e-3], "BP's median gradient norm rises 2.0 orders of magnitude (100×)"),
    ([4e-4] * 5, "BP's median gradient norm is flat (1×), FA's"),
])
def test_fig1_says_bp_gradient_trend_as_fa_and_dfa_are_said(bp, said):
    """Round 42 (B20): BP's gradient falling two decades read "BP's median gradient norm stays
    within 100× across layers" (said whatever the spread) beside FA's smaller fall, called a
    fall. BP's trend is computed as FA's and DFA's are (Claims.change)."""
    data = data_of("fig1_audit_hero")
    data["panel_c"]["values"]["BP"] = bp
    text = caption("fig1_audit_hero", data)
    assert said in text, text
    assert "stays" not in text, text


def test_a_small_number_prints_as_a_power_of_ten_not_pythons_e_notation():
    """Round 45c (W16): DFA's aggregate cosine Γ at 1e-05 (a collapsed DFA) printed as
    Python's ``1e−05`` in fig1's caption; a caption writes ``10⁻⁵`` (docs/venues.md)."""
    data = data_of("fig1_audit_hero")
    data["panel_a"]["values"]["DFA"]["gamma"] = 1e-05
    made = caption("fig1_audit_hero", data)
    assert "(0.25 and 10⁻⁵)" in made, made
    assert "e−0" not in made, made


@pytest.mark.parametrize(("accuracy", "said"), [
    (0.1000001, "0.1000001 and 0.306, above chance (0.1)"),
    (0.0999999, "0.0999999 and 0.306, not all above chance (0.1)"),
    (0.25, "0.25 and 0.306, above chance (0.1)"),
])
def test_an_accuracy_beside_chance_prints_the_digits_that_tell_them_apart(accuracy, said):
    """Round 47c (W12, W16's second half): FA's accuracy 1e-7 over chance printed as
    ``0.1 ... above chance (0.1)``, a claim its own numbers contradict; an accuracy prints as
    many places as tell it from the chance level it is compared with."""
    data = data_of("fig1_audit_hero")
    data["panel_a"]["values"]["FA"]["acc"] = accuracy
    made = caption("fig1_audit_hero", data)
    assert f"FA and DFA reach test accuracy {said}" in made, made
