"""Round 14: a fresh hostile pass (record only) over ``figures paper``, ``pack``, ``sync``,
widths and the goldens; the cases it found broken, kept. The pass itself is in
docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import pytest
from helpers import REPO

from figures.errors import FigureDataError

_PLAIN = "\\documentclass{article}\n\\begin{document}\nHello.\n\\end{document}\n"


@pytest.mark.slow  # latexmk compiles the paper's copy
def test_pack_refuses_a_bbl_that_links_outside_the_papers_folder(tmp_path):
    r"""``main.bbl`` a link to a file outside the folder, no ``.bib``: the archive's
    ``main.bbl`` held the outside file's text, exit 0, ``warnings: 0`` (runner.latexmk
    copies the ``.bbl`` into TeX's output folder, and pack shipped that copy unchecked)."""
    from figures.pack.run import pack

    paper = tmp_path / "p"
    paper.mkdir()
    (tmp_path / "outside.bbl").write_text("\\begin{thebibliography}{1}\n\\bibitem{k} "
                                          "SECRET-OUTSIDE.\n\\end{thebibliography}\n")
    (paper / "main.bbl").symlink_to(tmp_path / "outside.bbl")
    (paper / "main.tex").write_text(_PLAIN.replace("Hello.", (
        "Cite \\cite{k}.\n\\bibliographystyle{plain}\n\\bibliography{refs}")))
    with pytest.raises(FigureDataError) as refused:
        pack(paper, tmp_path / "p.tar.gz", REPO / "figdata")
    assert str(refused.value) == (
        f"main.bbl: a link to {tmp_path}/outside.bbl, outside the paper's folder: the pack "
        "takes only the paper's own files; copy it into the folder (or remove it and its "
        "include)")
    assert not (tmp_path / "p.tar.gz").exists()
