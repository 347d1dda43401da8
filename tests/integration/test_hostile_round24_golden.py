"""Hostile round 24's rows A1, S2, T2, N10, S6: an author named through the paper's own
macro, a paper without graphicx, the paper's own printing ``comment`` environment, our
figure placed by pgf's image commands, a paper with no citation under latexmk."""

from __future__ import annotations

import pytest
from helpers import figures_as_a_user


@pytest.mark.slow  # sync asks TeX
def test_sync_says_graphicx_is_not_loaded_when_includegraphics_is_undefined(tmp_path):
    r"""Round 24 (S2): a paper that forgot ``\usepackage{graphicx}`` (article; memoir, which
    does not load it, the same): the row said "named at main.tex:6 but TeX did not typeset
    it (a test such as \IfFileExists around it ...): remove the test", a test that is not
    there and an edit that cannot mend it. Now the one line says ``\includegraphics`` is
    undefined there, graphicx not loaded, and to add ``\usepackage{graphicx}``."""
    for name, cls in (("NG", "article"), ("NM", "memoir")):
        paper = tmp_path / name
        (paper / "figs").mkdir(parents=True)
        (paper / "main.tex").write_text(
            f"\\documentclass{{{cls}}}\n\\input{{macros}}\n\\begin{{document}}\nText.\n"
            "\\begin{figure}\n\\includegraphics[width=\\linewidth]{figs/cifar_summary}"
            "\\caption{C}\\end{figure}\n\\end{document}\n")
        ran = figures_as_a_user(tmp_path, "sync", name, "--allow-synthetic", timeout=600)
        out = ran.stdout + ran.stderr
        assert ran.returncode == 1, out
        [row] = [line for line in out.splitlines() if line.startswith("cifar_summary")]
        assert ("refused: \\includegraphics at main.tex:6 is undefined: graphicx is not "
                "loaded") in row, out
        assert "add \\usepackage{graphicx} to the preamble" in row, out
        assert "IfFileExists" not in out, out
