"""Round 50a (P35): an empty file where sync copies a figure, mended with a test; the pass
itself, row by row, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import pytest
from helpers import on_paper, paper_folder

from figures.outputs import provenance

PAPER = ("\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\nText.\n"
         "\\includegraphics[width=0.5\\linewidth]{figures/cifar_summary}\n\\end{document}\n")


@pytest.mark.slow  # the probe compiles the paper
def test_an_empty_file_where_the_copy_goes_is_replaced_and_said(tmp_path, monkeypatch, capsys):
    """Round 50a (P35): a ZERO-BYTE ``figures/cifar_summary.pdf`` (a failed download or an
    interrupted copy) was told as the author's own image, "not ours ... rename it (and its
    include), or --overwrite-theirs (it is then kept as ....bak)": a backup of nothing, and
    the whole sync refused. An empty file holds nothing of the author's: sync replaces it with
    the build and says so in the row; a file with any byte in it stays refused."""
    paper = paper_folder(tmp_path, monkeypatch, PAPER)
    target = paper / "figures" / "cifar_summary.pdf"
    target.write_bytes(b"")
    got, out, err = on_paper(paper, capsys, "sync")
    assert got == 0, out + err
    assert "the empty figures/cifar_summary.pdf (0 bytes) replaced" in out, out
    assert provenance.read_or_none(target) is not None  # ours now
    assert not list(paper.rglob("*.bak")), list(paper.rglob("*.bak"))
    target.write_bytes(b"\n")  # one byte of hers: kept, refused
    got, out, err = on_paper(paper, capsys, "sync")
    assert got == 1, out + err
    assert "figures/cifar_summary.pdf is not ours" in out + err, out + err
