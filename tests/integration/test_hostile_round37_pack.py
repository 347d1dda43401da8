"""Hostile round 37's pack rows (issue 45) mended with an end-to-end test; the pass itself,
case by case, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import pytest
from helpers import pack_refused, write_files


@pytest.mark.slow  # TeX compiles the paper
@pytest.mark.parametrize(("name", "said"), [
    (".latexmkrc", ("I can't write on file `.latexmkrc'; TeX writes no file whose name starts "
                   "with a dot (openout_any=p): name it without the dot")),
    ("/tmp/figures-round37-outside.txt", ("I can't write on file "
     "`/tmp/figures-round37-outside.txt'; TeX writes no file outside the folder it compiles in "
     "(openout_any=p): write that file inside it"))], ids=["dotfile", "outside"])
def test_a_write_tex_refuses_says_why_it_was_refused(tmp_path, name, said):
    r"""Round 37 (P3): a paper writing a dotfile inside its own folder
    (``\immediate\openout\w=.latexmkrc``, which a paranoid TeX refuses for its leading dot):
    "TeX writes no file outside the folder it compiles in: write that file inside it", of a
    file inside it, and ``'.;`` doubled the stop. The dot is named; outside, as before."""
    write_files(tmp_path / "p", {"main.tex": (
        "\\documentclass{article}\n\\newwrite\\w\n"
        f"\\immediate\\openout\\w={name}\n\\immediate\\write\\w{{x}}\n"
        "\\begin{document}\nA.\n\\end{document}\n")})
    line = pack_refused(tmp_path)
    assert line.endswith(said), line
