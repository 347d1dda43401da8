"""Hostile round 49a's unclear rows on the paper path (sync, `figures paper`), each made
right with a test; the pass itself, row by row, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import pytest
from helpers import on_paper, paper_folder


def _rows(err: str, name: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith(f"{name} ")]


@pytest.mark.slow  # the probe compiles the paper; sync draws
def test_a_page_too_short_for_a_figure_names_the_height_it_needs(tmp_path, monkeypatch,
                                                                 capsys):
    r"""Round 49a (P4b): the paper's own page 4.2 in tall (text 7.5 x 3.2 in), fig3b's three
    rows at ``\textwidth``: refused for its width ("no wider box holds it") and 29 overlaps,
    where the cause is the page's height (a figure at most 1.6 in tall squeezes its rows until
    the names meet). Now the row names the height the drawing needs and the text height that
    gives it, nothing written."""
    paper = paper_folder(tmp_path, monkeypatch, (
        "\\documentclass[11pt]{article}\n\\usepackage[paperwidth=8.5in,paperheight=4.2in,"
        "margin=0.5in]{geometry}\n\\usepackage{graphicx}\n\\begin{document}\nShort page.\n"
        "\\begin{figure}[p]\\centering\n"
        "\\includegraphics[width=\\textwidth]{figures/fig3b_crossarch_3row}\n"
        "\\end{figure}\n\\end{document}\n"))
    code, out, err = on_paper(paper, capsys, "sync", "-n")
    assert code == 1, err
    [row] = _rows(out, "fig3b_crossarch_3row")
    assert "no wider box holds it" not in row, row
    assert "main.tex:7" in row, row
    assert "this page is too short for it: it needs " in row, row
    assert "taller than the page's tallest figure (1.6 in: half its 3.2 in text height)" in row
    assert "give the page a text at least " in row, row
    assert "in tall (\\textheight" in row, row
    assert not any((paper / "figures").iterdir())


@pytest.mark.slow  # the probe compiles the paper
def test_a_saved_box_scaled_where_it_prints_again_names_that_wrapper(tmp_path, monkeypatch,
                                                                     capsys):
    r"""Round 49a (P29b): an include saved in a box (``\sbox{\figbox}{\includegraphics...}``
    at main.tex:5) printed whole in one figure and through ``\scalebox{0.5}{\usebox{\figbox}}``
    in another (main.tex:12): refused, rightly (one include, two sizes), but the row said "a
    wrapper scales it there", named neither the ``\scalebox`` nor its line, nor the way out.
    Now it names the wrapper where TeX scaled it and says to give that copy an include of its
    own."""
    paper = paper_folder(tmp_path, monkeypatch, (
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\newsavebox{\\figbox}\n"
        "\\begin{document}\n"
        "\\sbox{\\figbox}{\\includegraphics[width=0.6\\textwidth]{figures/cifar_summary}}\n"
        "Text.\n\\begin{figure}[t]\\centering\n\\usebox{\\figbox}\n\\caption{Saved box.}\n"
        "\\end{figure}\n\\begin{figure}[b]\\centering\n\\scalebox{0.5}{\\usebox{\\figbox}}\n"
        "\\caption{The same box at half size.}\n\\end{figure}\n\\end{document}\n"))
    code, out, err = on_paper(paper, capsys, "sync", "-n")
    assert code == 1, err
    [row] = _rows(out, "cifar_summary")
    assert "main.tex:5" in row, row
    assert "a wrapper scales it" not in row, row
    assert "\\scalebox at main.tex:12 scales it there" in row, row
    assert "the box it is saved in prints again" in row, row
    assert "give that copy an \\includegraphics of its own" in row, row


@pytest.mark.slow  # the probe compiles the paper
def test_a_compile_that_stops_names_tex_s_first_error_where_it_began(tmp_path, monkeypatch,
                                                                     capsys):
    r"""Round 49a (P13): a generated appendix of 200 ``table[h]`` floats: pdflatex stopped with
    ``Output loop---100 consecutive dead cycles`` at main.tex:11 (the ``\end{document}``'s
    flush), and that last symptom was all the line gave; LaTeX's first error, ``Too many
    unprocessed floats`` at sec/tables.tex's line, is the cause an author can act on
    (``\clearpage``, ``[H]``). Now the line gives TeX's first error at its file and line, then
    where TeX stopped."""
    rows = "".join(f"r{i} & {i} \\\\\n" for i in range(10))
    table = ("\\begin{table}[h]\\centering\n\\begin{tabular}{lr}\n\\hline\n" + rows
             + "\\hline\n\\end{tabular}\n\\end{table}\n")
    paper = paper_folder(tmp_path, monkeypatch, (
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\nResults.\n"
        "\\begin{figure}[t]\\centering\n"
        "\\includegraphics[width=0.7\\linewidth]{figures/cifar_accuracy}\n"
        "\\caption{Acc.}\n\\end{figure}\n\\input{sec/tables}\n\\end{document}\n"),
        {"sec/tables.tex": table * 200})
    code, _, err = on_paper(paper, capsys, "sync", "-n")
    assert code == 1, err
    [line] = [x for x in err.splitlines() if x.startswith("error:")]
    assert line.startswith(f"error: {paper / 'main.tex'}: pdflatex stopped before the end of "
                           "the paper (sec/tables.tex:"), line
    assert ": LaTeX Error: Too many unprocessed floats" in line, line
    assert "stopped at main.tex:10: Output loop---100 consecutive dead cycles" in line, line
    assert line.endswith("mend it so it compiles, then sync again"), line
    assert not any((paper / "figures").iterdir())


@pytest.mark.slow  # the probe compiles the paper
def test_an_angle_a_macro_gives_is_read_as_tex_reads_it(tmp_path, monkeypatch, capsys):
    r"""Round 49a (P11): ``\includegraphics[angle=\rot,width=0.6\linewidth]{...}`` with
    ``\def\rot{360}`` (a switch set to a whole turn) was refused, "the paper prints it rotated
    (angle=\rot)", where TeX prints it upright: graphicx expands the angle as it reads the
    key. Now the probe logs the angle TeX read: a whole turn is upright and synced, a quarter
    turn (``\turn`` = 90) written before the width still refused, naming the key as written
    (round 50a, P2: graphicx then sizes the turned box)."""
    paper = paper_folder(tmp_path, monkeypatch, (
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\def\\rot{360}\\def\\turn{90}\n"
        "\\begin{document}\n"
        "\\includegraphics[angle=\\rot,width=0.6\\linewidth]{figures/cifar_state_vs_credit}\n\n"
        "\\includegraphics[angle=\\turn,width=0.6\\linewidth]{figures/cifar_summary}\n"
        "\\end{document}\n"))
    code, out, err = on_paper(paper, capsys, "sync", "-n")
    assert code == 1, err
    [upright] = _rows(out, "cifar_state_vs_credit")
    assert "held, not written (a row is refused: all or nothing): copy " in upright, upright
    assert upright.endswith("/w2.864/cifar_state_vs_credit.pdf"), upright
    [turned] = _rows(out, "cifar_summary")
    assert "refused: the paper prints it turned before it is sized (angle=\\turn before " \
        "width=" in turned, turned  # round 50a (P2): turned, then sized; the advice keeps it
    assert "write \\includegraphics[width=0.6\\linewidth,angle=\\turn]{" in turned, turned


@pytest.mark.slow  # the probe compiles the paper (aastex631)
def test_an_include_a_class_macro_writes_is_mended_in_the_macro_s_width(tmp_path, monkeypatch,
                                                                        capsys):
    r"""Round 49a (P1): AAS's ``\gridline{\fig{...}{0.45\textwidth}{(a)} \fig{fig1_audit_hero}
    {0.45\textwidth}{(b)}}``, the hero under its smallest width: the advice was a bare
    ``\includegraphics[width=0.46\linewidth]{fig1_audit_hero}`` at that line, which drops the
    panel's "(b)" and the grid. Now it says to write the width in place of the macro's width
    argument, the edit P1b showed converges."""
    paper = paper_folder(tmp_path, monkeypatch, (
        "\\documentclass[twocolumn]{aastex631}\n\\graphicspath{{figures/}}\n"
        "\\begin{document}\n\\title{A test}\n\\author{A. Author}\n\\section{Intro}\nText.\n"
        "\\begin{figure*}\n\\gridline{\\fig{cifar_state_vs_credit}{0.45\\textwidth}{(a)}\n"
        "          \\fig{fig1_audit_hero}{0.45\\textwidth}{(b)}}\n\\caption{Grid.}\n"
        "\\end{figure*}\nMore text.\n\\end{document}\n"))
    code, out, err = on_paper(paper, capsys, "sync", "-n")
    assert code == 1, err
    [row] = _rows(out, "fig1_audit_hero")
    assert row.endswith("write 0.46\\linewidth in place of 0.45\\textwidth (\\fig's width) at "
                        "main.tex:10"), row


@pytest.mark.slow  # the probe compiles the paper
def test_a_wrapper_around_an_input_is_named_and_not_called_a_saved_box(tmp_path, monkeypatch,
                                                                       capsys):
    r"""Round 49a (P29b), its neighbour: ``\scalebox{0.5}{\input{fig}}`` at main.tex:6, the
    include in fig.tex. The wrapper TeX scaled it in is named at its line, with the advice of
    a wrapper around the include (no box is saved and printed again here)."""
    paper = paper_folder(tmp_path, monkeypatch, (
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\nText.\n"
        "\\begin{figure}[t]\\centering\n\\scalebox{0.5}{\\input{fig}}\n\\caption{Half.}\n"
        "\\end{figure}\n\\end{document}\n"),
        {"fig.tex": "\\includegraphics[width=0.6\\textwidth]{figures/cifar_summary}%\n"})
    code, out, err = on_paper(paper, capsys, "sync", "-n")
    assert code == 1, err
    [row] = _rows(out, "cifar_summary")
    assert row.endswith("\\scalebox at main.tex:6 scales it there: take the include out of it, "
                        "or make the box it scales to wider"), row
