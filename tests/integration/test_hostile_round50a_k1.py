"""Round 50a (P25): the advice for includes of their own width in one row weighs the row."""

from __future__ import annotations

import re

import pytest
from helpers import figures_as_a_user, write_files

#: ``article[10pt,twocolumn]`` with 0.75 in margins (columns 3.431 in, text 7 in): the
#: "tabular of figures" idiom in a column float, each include half a column.
_PAPER = r"""\documentclass[10pt,twocolumn]{article}
\usepackage[margin=0.75in]{geometry}
\usepackage{graphicx,lipsum}
\begin{document}
\lipsum[1]
\begin{figure}[t]
\centering
\begin{tabular}{cc}
\includegraphics[width=0.5\columnwidth]{figs/cifar_accuracy} &
\includegraphics[width=0.5\columnwidth]{figs/cifar_summary} \\
(a) Accuracy & (b) Summary
\end{tabular}
\caption{Two in a tabular.}
\end{figure}
\lipsum[2-8]
\end{document}
"""


@pytest.mark.slow  # sync asks TeX, then latexmk
def test_two_includes_under_their_smallest_width_in_one_row_are_advised_a_row_that_fits(
        tmp_path):
    """Round 50 (P25): two includes of ``width=0.5\\columnwidth`` (1.715 in, under the
    figures' 1.9 in) in one ``tabular`` row were each told ``width=0.56\\linewidth``, the
    share that holds the width alone: the two and the cells' ``\\tabcolsep`` made 4.2 in in a
    3.43 in column and the row printed 0.5 in over the next column's text, sync and the
    audit silent. The row is weighed now, as for bare includes side by side: each has at
    most 0.45 of the line there, under the smallest width, so the row goes in a figure*;
    followed, the paper compiles with the row inside its line."""
    paper = write_files(tmp_path / "P", {"main.tex": _PAPER})
    ran = figures_as_a_user(tmp_path, "sync", "P", "-n", "--allow-synthetic")
    assert ran.returncode == 1, ran.stdout + ran.stderr
    for name, line in (("cifar_accuracy", 9), ("cifar_summary", 10)):
        [row] = [r for r in ran.stdout.splitlines() if r.startswith(name)]
        assert "0.56\\linewidth" not in row, row
        assert row.endswith(
            "at most 0.45\\linewidth (1.544 in) there; put the row in a figure* (a line of 7 "
            f"in), with \\includegraphics[width=0.47\\linewidth]{{figs/{name}}} at "
            f"main.tex:{line} (each of the row so)"), row
    text = (paper / "main.tex").read_text().replace("{figure}", "{figure*}")
    (paper / "main.tex").write_text(text.replace("0.5\\columnwidth", "0.47\\linewidth"))
    ran = figures_as_a_user(tmp_path, "paper", "P", "--allow-synthetic")
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "0 problem(s)" in ran.stdout + ran.stderr, ran.stdout + ran.stderr
    assert not re.search(r"Overfull \\hbox", (paper / "main.log").read_text()), "overfull"
