"""Round 49 (data and CLI, round 49c): one bounded reader of figdata (W18), a std of one run
(W24), the nudging step's value (W17)."""

from __future__ import annotations

import json
import shutil

import pytest

from figures.cli import main as cli


def _sparse(path, size):
    path.unlink(missing_ok=True)
    with path.open("wb") as handle:
        handle.truncate(size)  # sparse: no byte written


def test_build_refuses_a_figdata_file_over_the_limit_unread(tmp_path, monkeypatch, capsys):
    """Round 49 (W18): ``figures build`` read a 1.5 GiB figdata file whole (3.2 GB resident)
    and called it "malformed JSON at line 1 column 1", where list, status and macros refused
    it unread: every command reads figdata through the one bounded reader."""
    from helpers import REPO

    from figures.data import jsonio

    monkeypatch.setattr(jsonio, "JSON_LIMIT", 1 << 20)
    figdata = tmp_path / "figdata"
    shutil.copytree(REPO / "figdata", figdata)
    _sparse(figdata / "cifar_summary.json", 3 << 20)
    code = cli.main(["build", "--figdata", str(figdata), "--out", str(tmp_path / "out"),
                     "cifar_summary"])
    err = capsys.readouterr().err
    assert code == 1, err
    assert (f"{figdata / 'cifar_summary.json'}: is 3 MiB, more than a JSON file here holds "
            "(1 MiB at most): is it the right file?") in err, err
    assert "malformed JSON" not in err
