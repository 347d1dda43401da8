"""Round 50c (W20): ``figures build --out -x`` was refused with argparse's "argument --out:
expected one argument", naming no cause, though docs/commands.md says the word after an
option taking a value is that value whatever it begins with. It is; a word that is one of
the command's own options still leaves the option without a value."""

from __future__ import annotations

import pytest
from helpers import REPO, run


def test_a_value_beginning_with_a_dash_is_the_options_value(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "build", "cifar_summary", "--figdata", str(REPO / "figdata"),
                         "--out", "-x")
    assert code == 0, err
    assert (tmp_path / "-x" / "cifar_summary.png").is_file()
    with pytest.raises(SystemExit) as stopped:
        run(capsys, "build", "cifar_summary", "--figdata", "--out", "x")
    assert stopped.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "figures build: error: argument --figdata: expected one argument")
