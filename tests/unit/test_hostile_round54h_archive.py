"""Round 54h's pass over `figures pack`: each mended row with a test that failed before its
mend (those that need no TeX)."""

from __future__ import annotations

import pytest

from figures.errors import FigureDataError
from figures.pack import archive


def test_an_out_that_is_a_folder_is_named_a_folder(tmp_path):
    """B7: ``--out ~/uploads`` (a folder there, no trailing /): "--out: end the name in
    .tar.gz or .zip", as if a name's suffix were all that was wrong."""
    (tmp_path / "uploads").mkdir()
    with pytest.raises(FigureDataError) as raised:
        archive.kind_of(tmp_path / "uploads")
    assert "--out is a folder: name the archive file in it (e.g. --out " in str(raised.value)
    assert "uploads/paper.tar.gz)" in str(raised.value)


def test_a_merge_git_left_unresolved_is_told(tmp_path):
    """K2: ``<<<<<<< HEAD`` / ``=======`` / ``>>>>>>> jane/draft`` left in main.tex: the pack
    shipped both sides (the paper prints both), warnings 0; `figures paper` "0 problem(s)"."""
    from figures.pack import notices

    text = ("\\documentclass{article}\n% a comment the archive strips\n\\begin{document}\n"
            "<<<<<<< HEAD\nOur accuracy is high.\n=======\nOur accuracy is low.\n"
            ">>>>>>> jane/draft\n\\end{document}\n")
    (tmp_path / "main.tex").write_text(text)
    stripped = text.replace("% a comment the archive strips\n", "").encode()
    said = notices.conflicts({"main.tex": stripped, "figs/a.pdf": b"<<<<<<<"}, tmp_path)
    assert said == [("main.tex:4: a merge git left unresolved (<<<<<<< HEAD ... >>>>>>> "
                     "jane/draft): the archive holds both sides, and the paper prints both: "
                     "resolve it, then pack again")]
    assert notices.conflicts({"main.tex": b"a <<<<<<< b\n=======\n"}, tmp_path / "x") == []
