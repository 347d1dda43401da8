"""Round 48c (extract): W6 (no false warning of the paper's other seeds), W8 (the quoted
values told from any working folder)."""

from __future__ import annotations

import pytest

from figures.cli import main as cli


@pytest.mark.parametrize("name", ["cifar_diagnostics", "cifar_feature_drift"])
def test_a_single_seed_figure_does_not_warn_of_the_papers_other_seeds(tmp_path, capsys, name):
    """Round 48c (W6): cifar_diagnostics and cifar_feature_drift draw seed 42 alone by
    design; W34's mend compared the ``cifar10_seed*/`` folders with the seeds a figure
    reads, so every extract of the paper's own tree warned that ``cifar10_seed123/`` and
    ``cifar10_seed456/`` were "not among the paper's seeds (42)". A seed of PAPER_SEEDS is
    no stray run; a fourth seed is still told."""
    import shutil

    results = tmp_path / "results"
    assert cli.main(["synthesize", str(results), "--epochs", "3"]) == 0
    capsys.readouterr()
    assert cli.main(["extract", str(results), name, "--figdata", str(tmp_path / "fd")]) == 0
    assert "warning" not in capsys.readouterr().err
    shutil.copytree(results / "cifar10_seed456", results / "cifar10_seed789")
    assert cli.main(["extract", str(results), name, "--figdata", str(tmp_path / "fd")]) == 0
    assert (f"warning: {name}: cifar10_seed789/: a CIFAR run not among the paper's seeds "
            "(42, 123, 456): it is in no mean or std (move it out of the results folder, or "
            "add its seed to PAPER_SEEDS in figures/extract/results.py)"
            ) in capsys.readouterr().err.splitlines()
