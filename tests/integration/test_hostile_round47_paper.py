"""Round 47: the paper path's advice where a wrapper's height limit scales a figure down
(round 45a, P16)."""

from __future__ import annotations

import pytest
from helpers import REPO

from figures.cli import main as cli


@pytest.mark.slow  # TeX
def test_a_height_limit_that_shrinks_a_figure_is_named_in_the_refusal(tmp_path, monkeypatch,
                                                                       capsys):
    r"""Round 47 (P16, round 45a): ``\adjustbox{max width=\linewidth,max height=1.5in}``
    around a bare include shrank the figure under its smallest width; the refusal said "make
    the box it scales to wider", though the box was the line's full width already and the
    height limit did the scaling. The refusal now names the limit."""
    paper = tmp_path / "paper"
    (paper / "figures").mkdir(parents=True)
    (paper / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage[margin=1in]{geometry}\n"
        "\\usepackage{graphicx,adjustbox}\n\\begin{document}\n\\begin{figure}[t]\\centering\n"
        "\\adjustbox{max width=\\linewidth,max height=1.5in}"
        "{\\includegraphics{figures/fig1_audit_hero}}\n"
        "\\caption{Capped height.}\n\\end{figure}\nText.\n\\end{document}\n")
    monkeypatch.chdir(tmp_path)
    code = cli.main(["sync", str(paper), "--allow-synthetic", "--figdata",
                     str(REPO / "figdata")])
    said = capsys.readouterr()
    assert code == 1, said.out + said.err
    assert ("\\adjustbox at main.tex:6 scales it there by its height (max height=1.5in): make "
            "that height taller, or take the include out of it") in said.out + said.err
    assert "wider" not in said.out + said.err
