"""Round 52h W8 (and round 51-2's `--built /etc` row): a row whose built file in the
``--built`` folder is unreadable or stale said "run `figures build` first"; followed, the
build went to build/figures/ and the same row came back. The row names the build that
writes that folder's file anew."""

from __future__ import annotations

import pytest
from helpers import REPO

from figures.cli import main as cli

FIGDATA = ["--figdata", str(REPO / "figdata")]


@pytest.mark.slow  # sync asks TeX where the include prints
def test_a_built_folders_damaged_file_is_told_the_build_into_that_folder(tmp_path,
                                                                         monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    paper = tmp_path / "P"
    paper.mkdir()
    (paper / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\n"
        "\\includegraphics[width=\\linewidth]{cifar_summary.png}\n\\end{document}\n")
    (tmp_path / "bo").mkdir()
    (tmp_path / "bo" / "cifar_summary.png").write_bytes(b"not a png")
    assert cli.main(["sync", "P", "--built", "bo", "--allow-synthetic", *FIGDATA]) == 1
    err = capsys.readouterr()
    said = err.out + err.err
    build = f"figures build --out bo --figdata {REPO / 'figdata'} cifar_summary"
    assert f"run `{build}` first" in said, said
    assert "run `figures build` first" not in said, said
