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
