"""Round 53h's pass over `figures.draw` from Python (W7): each mended row with a test that
failed before its mend."""

from __future__ import annotations

import shutil

from helpers import REPO

import figures


def test_a_figdata_dir_under_home_written_with_a_tilde_is_read(tmp_path, monkeypatch):
    """W7: ``figures.draw(..., figdata_dir="~/figdata")`` (as a notebook writes it, and as
    the shell expands it for the CLI's --figdata): "~/figdata: no such folder", of a folder
    that is there."""
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / "figdata").mkdir()
    shutil.copy(REPO / "figdata" / "cifar_summary.json", tmp_path / "figdata")
    fig = figures.draw("cifar_summary", "icml", 3.25, figdata_dir="~/figdata")
    assert round(float(fig.get_size_inches()[0]), 2) == 3.25
