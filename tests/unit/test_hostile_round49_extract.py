"""Round 49 (from round 48c W7): a CIFAR run copied to another seed is told, not averaged
unseen."""

from __future__ import annotations

import json

from figures.cli import main as cli


def test_a_cifar_run_copied_to_another_seed_is_told(tmp_path, capsys):
    """Round 48c (W7 c): seed 42's CIFAR file copied over seed 123's, its key renamed 123,
    was averaged in silence (the std band narrowed by a run counted twice); W37's copy check
    covered the snapshot logs only. The synthesized tree (its seeds differ) says nothing."""
    results = tmp_path / "results"
    assert cli.main(["synthesize", str(results), "--epochs", "3"]) == 0
    capsys.readouterr()
    assert cli.main(["extract", str(results), "cifar_summary", "--figdata",
                     str(tmp_path / "fd")]) == 0
    assert "a copy is not another seed" not in capsys.readouterr().err
    original = json.loads((results / "cifar10" / "results_cifar10.json").read_text())
    copy = results / "cifar10_seed123" / "results_cifar10.json"
    copy.write_text(json.dumps({"123": original["42"]}, indent=1))
    assert cli.main(["extract", str(results), "cifar_summary", "--figdata",
                     str(tmp_path / "fd")]) == 0
    assert ("warning: cifar_summary: cifar10_seed123/results_cifar10.json: 123: the same "
            "numbers as cifar10/results_cifar10.json: a copy is not another seed (the mean ± "
            "std counts that run twice); remove the copy") in capsys.readouterr().err.splitlines()
