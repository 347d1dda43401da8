"""Round 42a: a hostile pass (record only) over the paper path; the rows of where sync and
`figures paper` place a figure (figures/paper/placed.py, engine.py, audit.py) mended."""

from __future__ import annotations

import pytest
from helpers import ICML_PREAMBLE, figures_as_a_user, write_files

#: An ICML-like page of two columns (3.25 in each, text 6.75 in); ``{row}`` the float.
_ICML = ICML_PREAMBLE + r"""\title{ICML-like}\author{Anonymous}\maketitle
\input{macros}
\lipsum[1-2]
\begin{figure}[t]
\centering
\begin{tabular}{@{}cc@{}}
ROW
\end{tabular}
\caption{Two side by side.}
\end{figure}
\lipsum[3-8]
\end{document}
"""

#: A NeurIPS-like page (one column, 5.5 x 9 in), its style shipped beside it.
_NEURIPS_STY = r"""\NeedsTeXFormat{LaTeX2e}
\ProvidesPackage{neurips_2026}[2026/05/01 NeurIPS-like]
\RequirePackage[letterpaper,textwidth=5.5in,textheight=9in,top=1in]{geometry}
\RequirePackage{graphicx}
\renewcommand{\normalsize}{\fontsize{10}{11}\selectfont}
"""


def _neurips(body: str) -> dict[str, str]:
    return {"neurips_2026.sty": _NEURIPS_STY, "main.tex": (
        "\\documentclass{article}\n\\usepackage{neurips_2026}\n\\usepackage{lipsum}\n"
        "\\usepackage{rotating}\n\\usepackage{wrapfig}\n\\begin{document}\n\\input{macros}\n"
        f"{body}\n\\end{{document}}\n")}


def _run(cwd, *argv):
    ran = figures_as_a_user(cwd, *argv, "--allow-synthetic", timeout=900)
    return ran.returncode, ran.stdout + ran.stderr


@pytest.mark.slow  # sync asks TeX
def test_bare_includes_side_by_side_on_one_line_are_refused(tmp_path):
    """Round 42 (A62): two bare includes side by side in a tabular in a column float: sync
    built each for the column's whole \\linewidth, the second printed two thirds off the
    page, and sync and paper said 0 problems. TeX's probe shows their boxes on one baseline
    in one box of lines (before any file is there: a bare include is built for the line):
    each row refused, nothing written, with the edit (at 0.47 of a column each is under the
    figures' smallest width: the row in a figure*)."""
    write_files(tmp_path / "P", {"main.tex": _ICML.replace(
        "ROW", "\\includegraphics{cifar_summary} & \\includegraphics{cifar_accuracy}")})
    code, out = _run(tmp_path, "sync", "P", "--venue", "icml")
    assert code == 1, out
    for name, other in (("cifar_summary", "cifar_accuracy"), ("cifar_accuracy", "cifar_summary")):
        [row] = [line for line in out.splitlines() if line.startswith(name)]
        assert row.split(None, 2)[1:] == [
            "main.tex:14",
            (f"refused: it shares its line (3.25 in) with {other} at main.tex:14 (together "
            "3.4 in past it): without width= each is built for the whole line; at "
            "0.47\\linewidth each it is narrower than its smallest width (1.9 in): put the "
            "row in a figure* (a line of 6.75 in), with "
            f"\\includegraphics[width=0.48\\linewidth]{{{name}}} at main.tex:14")], row
    assert not (tmp_path / "P" / "figures").exists()
    assert not (tmp_path / "P" / "cifar_summary.pdf").exists()


@pytest.mark.slow  # sync, latexmk
def test_a_figure_printed_off_the_page_is_a_problem(tmp_path):
    """Round 42 (A62): the audit read each figure's size, never where the page prints it: a
    figure printed two thirds off the paper passed. Now a figure of ours printed past the
    page's edge is a problem naming it (two includes of a column's width each, the author's
    own widths, side by side in a column float)."""
    write_files(tmp_path / "P", {"main.tex": _ICML.replace(
        "ROW", "\\includegraphics[width=\\columnwidth]{cifar_summary} & "
        "\\includegraphics[width=\\columnwidth]{cifar_accuracy}")})
    code, out = _run(tmp_path, "paper", "P", "--venue", "icml")
    assert code == 1, out
    [problem] = [line for line in out.splitlines() if line.startswith("problem:")]
    assert problem.startswith("problem: cifar_accuracy (page 1, ./figures//cifar_accuracy.pdf): "
                              "printed 2.5"), problem
    assert problem.endswith(
        " in past the page's right edge (off the paper): its include's box is wider than the "
        "room it has there (two bare includes side by side are each as wide as the whole "
        "line): give the include a width= that fits (beside another, its share of the line: "
        "sync names it), sync and compile again"), problem


@pytest.mark.slow  # sync, latexmk
def test_a_rotated_float_is_judged_as_the_page_prints_it(tmp_path):
    """Round 42 (A26): a landscape figure in rotating's sidewaysfigure, width=\\textheight:
    sync built it for 9 in and the page prints it rotated, whole, yet `figures paper` said
    "9.001 in wide, wider than neurips's text (5.5 in)", exit 1: its width runs down the
    page. The size is now read across and down the page as printed."""
    write_files(tmp_path / "P", _neurips(
        "\\lipsum[1-3]\n\\begin{sidewaysfigure}\n\\centering\n"
        "\\includegraphics[width=\\textheight]{figures/fig1_audit_hero}\n"
        "\\caption{The audit, landscape.}\n\\end{sidewaysfigure}\n\\lipsum[4-6]"))
    code, out = _run(tmp_path, "paper", "P")
    assert "copy build/neurips-5.5x5.5in-widest9in/w9/fig1_audit_hero.pdf" in out, out
    assert "wider than" not in out, out
    assert code == 0, out
    assert "0 problem(s) (neurips)" in out, out


@pytest.mark.slow  # sync asks TeX
def test_a_bare_include_in_a_natural_width_wrap_is_refused(tmp_path):
    """Round 42 (A61): ``\\begin{wrapfigure}{r}{0pt}`` (wrapfig's natural width) around a
    bare include: sync built it for the whole 5.5 in line, the wrap took the line and the
    paragraph beside it was squeezed to a word a line; sync and paper said 0 problems. TeX's
    \\hsize there is 0 (a box as wide as what it holds): refused with the width to give."""
    write_files(tmp_path / "P", _neurips(
        "\\begin{wrapfigure}{r}{0pt}\n\\includegraphics{figures/cifar_summary}\n"
        "\\caption{Summary.}\n\\end{wrapfigure}\n\\lipsum[1-3]"))
    code, out = _run(tmp_path, "sync", "P")
    assert code == 1, out
    [row] = [line for line in out.splitlines() if line.startswith("cifar_summary")]
    assert row.split(None, 2)[1:] == [
        "main.tex:9",
        ("refused: it is in a box as wide as what it holds (wrapfig's {0pt}), where a bare "
         "include is built for the whole line (5.5 in) and leaves the text beside it no room; "
         "write \\includegraphics[width=0.4\\linewidth]{figures/cifar_summary} at main.tex:9 "
         "(or give the wrapfigure that width and the include width=\\linewidth)")], row
    assert not (tmp_path / "P" / "figures").exists()


@pytest.mark.slow  # sync asks TeX
def test_a_wrapper_that_scales_an_include_is_judged_by_what_prints(tmp_path):
    """Round 42 (A49): ``\\adjustbox{width=\\columnwidth}{\\includegraphics[width=0.5\\columnwidth]
    {cifar_feature_drift}}`` and ``\\scalebox{0.5}{\\includegraphics[width=2\\columnwidth]
    {cifar_summary}}`` each print a column (3.25 in), yet sync refused them on the include's
    own box (1.625 in "narrower than its smallest width", 6.5 in "would run into the margin")
    before any file was there: the one \\scalebox had every factor read as 1. A \\scalebox's
    factor is its own, adjustbox width='s is the widths' inside: both built for 3.25 in."""
    write_files(tmp_path / "P", {"main.tex": _ICML.replace(
        "ROW", "\\adjustbox{width=\\columnwidth}{\\includegraphics[width=0.5\\columnwidth]"
        "{cifar_feature_drift}} \\\\\n"
        "\\scalebox{0.5}{\\includegraphics[width=2\\columnwidth]{cifar_summary}}")})
    code, out = _run(tmp_path, "sync", "P", "--venue", "icml")
    assert code == 0, out
    for name in ("cifar_feature_drift", "cifar_summary"):
        assert f"copy build/icml/w3.25/{name}.pdf" in out, out


@pytest.mark.slow  # sync asks TeX, twice
def test_a_paper_moved_to_another_venue_is_told_whose_rules_apply_now(tmp_path):
    """Round 42a (A29): a figure synced for IEEE sits in a paper now on NeurIPS's style (a
    resubmission); the sync's note said it "draws for the paper's page under its own rules
    (pass --venue ieee to keep ieee's)": neither is what happens (NeurIPS's rules, read from
    the style) nor what a resubmitting author wants. It says whose rules apply, and that
    this is right for a paper moved there."""
    write_files(tmp_path / "P", _neurips(
        "\\begin{figure}[t]\n\\centering\n"
        "\\includegraphics[width=\\linewidth]{figures/cifar_summary}\n\\end{figure}\n"))
    code, out = _run(tmp_path, "sync", "P", "--venue", "ieee")
    assert code == 0, out
    code, out = _run(tmp_path, "sync", "P")
    assert code == 0, out
    [note] = [line for line in out.splitlines() if "was built for" in line]
    assert note.endswith("P/figures/cifar_summary.pdf was built for --venue ieee; this sync "
                         "draws it under neurips's rules (a paper moved to neurips: right; "
                         "pass --venue ieee only to keep ieee's)"), note
