"""Hostile round 50a's rows on the paper path (sync, `figures paper`), each mended with a
test; the pass itself, row by row, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import pytest
from helpers import on_paper, paper_folder

TURNED = ("\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\nText.\n"
          "\\begin{figure}[p]\\centering\n\\includegraphics[%s]{figures/fig1_audit_hero}\n"
          "\\caption{Turned.}\n\\end{figure}\n\\end{document}\n")


@pytest.mark.slow  # the probe compiles the paper
@pytest.mark.parametrize(("options", "code", "said"), [
    ("width=0.7\\textheight,angle=90", 0,
     "would copy build/tex10pt-4.774x4.774x7.61in-widest7.61in/w5.327/fig1_audit_hero"),
    ("width=0.7\\textheight,origin=c,angle=-90", 0,
     "would copy build/tex10pt-4.774x4.774x7.61in-widest7.61in/w5.327/fig1_audit_hero"),
    ("width=1.1\\textheight,angle=90", 1,
     ("refused: 8.371 in is 0.76 in (55 pt) longer than the text's height (7.61 in), which a "
     "figure turned by angle=90 runs along: it would run off the page; write "
     "\\includegraphics[width=\\textheight,angle=90]{figures/fig1_audit_hero} at main.tex:6")),
    ("angle=90,width=0.7\\textheight", 1,
     ("refused: the paper prints it turned before it is sized (angle=90 before width=: "
     "graphicx then sizes what the turn makes of it), so no build of it prints at 100 %: "
     "write \\includegraphics[width=0.7\\textheight,angle=90]{figures/fig1_audit_hero} at "
     "main.tex:6"))])
def test_a_figure_turned_by_its_own_angle_key_is_judged_down_the_page(
        tmp_path, monkeypatch, capsys, options, code, said):
    r"""Round 50a (P2): ``\includegraphics[width=0.8\textheight,angle=90]`` (graphicx's own
    landscape key: scaled to the width, then turned) was refused as "rotated, so no build of
    it prints at 100 %", untrue (a quarter turn scales nothing), with advice that dropped the
    turn and led into a second refusal. Judged as P20's ``\rotatebox{90}`` is: its width down
    the page, against the text's height, the turn kept in any advice; ``angle=`` written
    before ``width=`` (graphicx turns it, then sizes the turned box) is refused with the
    order that sizes the build itself."""
    paper = paper_folder(tmp_path, monkeypatch, TURNED % options)
    got, out, err = on_paper(paper, capsys, "sync", "-n")
    assert said in out + err, out + err
    assert got == code, err
    assert "wider than its line" not in out + err
