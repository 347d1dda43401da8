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


def test_extract_into_a_new_folder_from_outside_the_checkout_says_the_quoted_list_is_not_carried(
        tmp_path, capsys, monkeypatch):
    """Round 48c (W8): W33's mend looked for the repository's file at ``figdata/`` of the
    working folder, so from the author's paper folder (figdata beside her paper) the eight
    quoted values were lost in silence again. The package's own checkout is looked at too."""
    import json

    from helpers import REPO

    results = tmp_path / "results"
    assert cli.main(["synthesize", str(results), "--epochs", "3"]) == 0
    monkeypatch.chdir(tmp_path)  # no figdata/ here
    capsys.readouterr()
    fresh = tmp_path / "fd"
    assert cli.main(["extract", str(results), "cifar_summary", "--figdata", str(fresh)]) == 0
    kept = REPO / "figdata" / "cifar_summary.json"
    quoted = json.loads(kept.read_text())["quoted"]
    assert (f"warning: cifar_summary: {fresh / 'cifar_summary.json'}: quoted: a new file: the "
            f"{len(quoted)} value(s) the paper quotes (not in the logs) are listed in "
            f"{kept}, not here; copy its `quoted` list in, or `figures macros` of this folder "
            "leaves those macros undefined") in capsys.readouterr().err.splitlines()


def test_a_paper_values_figure_missing_from_a_new_folder_is_told_where_to_copy_it_from(
        tmp_path, capsys, monkeypatch):
    """Round 48c (W8): ``figures extract`` of fig1 into a new figdata folder said "edit
    this file by hand" of a file the folder does not hold. It names the repository's file
    to copy, as a figure keeping paper values beside its extracted ones does."""
    from helpers import REPO

    results = tmp_path / "results"
    assert cli.main(["synthesize", str(results), "--epochs", "3"]) == 0
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    fresh = tmp_path / "fd"
    assert cli.main(["extract", str(results), "fig1_audit_hero", "--figdata", str(fresh)]) == 1
    assert capsys.readouterr().err.splitlines()[0] == (
        f"error: fig1_audit_hero: {fresh / 'fig1_audit_hero.json'}: paper values only, no log "
        f"sources to extract, and not in this folder: copy "
        f"{REPO / 'figdata' / 'fig1_audit_hero.json'} here and edit it by hand")
