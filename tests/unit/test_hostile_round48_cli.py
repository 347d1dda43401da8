"""Round 48 (CLI, round 48c): a refused command writes nothing (W14)."""

from __future__ import annotations

from figures.cli import main as cli


def test_an_extract_refused_for_an_unknown_name_makes_no_figdata_folder(tmp_path, monkeypatch,
                                                                       capsys):
    """Round 48c (W14): ``figures extract RESULTS nosuch`` from an author's own folder was
    refused (exit 2) after making an empty ``figdata/`` there, which the next ``figures
    build`` then told as "no figdata in this folder". The names are checked first."""
    (tmp_path / "results").mkdir()
    monkeypatch.chdir(tmp_path)
    assert cli.main(["extract", "results", "nosuch"]) == 2
    assert "unknown figure(s) nosuch" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results"]
