"""Hostile round 38's pack rows (issue 45) mended with an end-to-end test; the pass itself,
case by case, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import pytest
from helpers import figures_as_a_user, write_files


@pytest.mark.slow  # TeX compiles the paper and the archive
@pytest.mark.parametrize(("body", "runs"), [
    (("\\usepackage{glossaries}\\makenoidxglossaries\\newglossaryentry{bp}{name=BP,"
     "description={backprop}}\n\\begin{document}\nWe use \\gls{bp}.\\printnoidxglossaries\n"),
     2),
    ("\\begin{document}\nHello.\n", 1)], ids=["glossaries", "plain"])
def test_the_proof_reruns_while_the_aux_it_reads_back_changes(tmp_path, body, runs):
    r"""Round 38 (L2): glossaries' ``\makenoidxglossaries`` keeps its entries in the ``.aux``
    and asks no "Rerun to get" in the log: the proof compiled once, and the pack warned that
    the archive's PDF differs (no glossary) and to look at what was stripped (nothing was).
    The ``.aux`` is compared as the other files a run reads back, without the lines every
    run writes alike (latexmk's way): two runs there, and a plain paper still one."""
    write_files(tmp_path / "p", {"main.tex": f"\\documentclass{{article}}\n{body}"
                                             "\\end{document}\n"})
    ran = figures_as_a_user(tmp_path, "pack", "p", "--out", "p.tar.gz", timeout=300)
    assert ran.returncode == 0, ran.stderr
    assert "differs" not in ran.stderr, ran.stderr
    assert f"({runs} pdflatex runs)" in ran.stderr, ran.stderr
