"""Round 47 (CLI): a file option given a folder's spelling (W2)."""

from __future__ import annotations

import pytest

from figures.cli import main as cli


@pytest.mark.parametrize(("command", "out"), [
    (["macros"], "paperdir/"), (["macros"], "sub/new/"), (["macros"], "m.tex/"),
    (["pack", "paper"], "paper.tar.gz/")])
def test_a_file_option_ending_in_a_slash_is_refused_in_one_line(tmp_path, monkeypatch, capsys,
                                                               command, out):
    """Round 47 (W2): ``figures macros --out paperdir/`` (tab completion's folder) wrote a
    file named ``paperdir``; ``sub/new/`` a file ``new`` in a new folder. A trailing slash
    names a folder: refused, one line, nothing written."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "paper").mkdir()
    with pytest.raises(SystemExit) as stopped:
        cli.main([*command, "--out", out])
    assert stopped.value.code == 2
    err = capsys.readouterr().err.splitlines()[-1]
    assert err.endswith(f"argument --out: {out} names a folder (its trailing /): give a file's "
                        "path in it"), err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["paper"]
