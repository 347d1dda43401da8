"""Round 49 (from round 48c W24): cifar_state_vs_credit's "the worst" against the seeds'
spread the bars draw."""

from __future__ import annotations

from test_hostile_round42_captions import caption, data_of


def test_the_worst_is_not_said_of_a_mean_inside_the_seeds_spread():
    """Round 48c (W24): DFA ``[0.30, 0.25, 0.28]`` (mean 0.277) and the state bridge
    ``[0.32, 0.22, 0.275]`` (mean 0.272, std 0.041): the caption said "its final test accuracy
    is the worst" beside two bars level to the eye, each inside the other's error bar. Real
    data (0.248 against 0.295, std about 0.01) keep "the worst"."""
    name, data = "cifar_state_vs_credit", data_of("cifar_state_vs_credit")
    real = caption(name, data)
    assert real.endswith("its final test accuracy is the worst."), real
    data["final_test_acc"]["dfa"] = [0.30, 0.25, 0.28]
    data["final_test_acc"]["state_bridge"] = [0.32, 0.22, 0.275]
    near = caption(name, data)
    assert near.endswith("its final test accuracy is about as low as DFA's (within the seeds' "
                         "spread)."), near


def test_a_mean_just_above_the_lowest_inside_the_spread_is_not_called_not_the_worst():
    """Round 50c (W26): the hedge ran one way only. The state bridge 0.5 pp ABOVE DFA's mean
    inside DFA's ± 0.8 pp, or a mean 0.5 pp above with an 8 pp spread of its own, was flatly
    "not the worst", which the error bars beside it do not bear; well above both bars it is."""
    name, data = "cifar_state_vs_credit", data_of("cifar_state_vs_credit")
    dfa = data["final_test_acc"]["dfa"]
    near = "its final test accuracy is about as low as DFA's (within the seeds' spread)."
    for state in ([v + 0.005 for v in dfa], [0.2, 0.3, 0.4]):
        data["final_test_acc"]["state_bridge"] = state
        assert caption(name, data).endswith(near), (state, caption(name, data))
    data["final_test_acc"]["state_bridge"] = [v + 0.05 for v in dfa]
    assert caption(name, data).endswith("its final test accuracy is not the worst.")
