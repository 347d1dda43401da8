"""The one LaTeX reader (figures/paper/latex.py): what pdflatex reads, nothing else."""

from __future__ import annotations

import pytest

from figures.errors import FigureDataError
from figures.paper.latex import read_paper, width_in
from figures.venues import get_venue

ICML = get_venue("icml")

MAIN = r"""\documentclass[twocolumn]{article}
\usepackage{graphicx}
\usepackage[accepted]{icml2025}
\newcommand{\figdir}{figs}
\graphicspath{{\figdir/}}
% \includegraphics{commented_out}
\iffalse
\includegraphics{inside_iffalse}
\fi
\begin{document}
\begin{comment}
\includegraphics{inside_comment}
\end{comment}
\begin{figure*}
\includegraphics[width=\linewidth,
                 keepaspectratio]{\figdir/hero}
\end{figure*}
\input{sections/body}
\subfile{sections/appendix}
\import{parts/}{extra}
\include{missing}
\includegraphics{\undefinedmacro/x}
\end{document}
"""


@pytest.fixture
def paper(tmp_path):
    (tmp_path / "sections").mkdir()
    (tmp_path / "parts").mkdir()
    (tmp_path / "main.tex").write_text(MAIN)
    (tmp_path / "sections" / "body.tex").write_text(
        "\\begin{figure}\n\\includegraphics[width=0.85\\columnwidth]{summary}\n\\end{figure}\n")
    (tmp_path / "sections" / "appendix.tex").write_text("\\includegraphics[scale=1]{app}\n")
    (tmp_path / "parts" / "extra.tex").write_text("\\includegraphics[width=2in]{extra}\n")
    return tmp_path


def test_reads_what_pdflatex_reads_and_nothing_commented_out(paper):
    found = read_paper(paper)
    assert found.main == paper / "main.tex"
    assert [g.written for g in found.graphics] == ["figs/hero", "summary", "app", "extra"]
    assert found.graphicspath == [paper / "figs"]
    assert found.venue == "icml"
    hero, summary, _, extra = found.graphics
    assert hero.wide
    assert hero.line == 15
    assert hero.options["width"] == "\\linewidth"
    assert not summary.wide
    assert summary.tex == paper / "sections" / "body.tex"
    assert width_in(hero, 6.75, 3.25) == pytest.approx(6.75)
    assert width_in(summary, 6.75, 3.25) == pytest.approx(0.85 * 3.25)
    assert width_in(extra, 6.75, 3.25) == pytest.approx(2.0)


def test_what_it_cannot_resolve_is_named_by_file_and_line(paper):
    unresolved = read_paper(paper).unresolved
    assert any(u.startswith("main.tex:21: \\include{missing}: no such file") for u in unresolved)
    assert any(u.startswith("main.tex:22: \\includegraphics{\\undefinedmacro/x}")
               for u in unresolved)
    assert not (paper / "\\undefinedmacro").exists()


@pytest.mark.parametrize(("tex", "venue"), [
    (r"\documentclass{IEEEtran}", "ieee"), (r"\documentclass[sigconf]{acmart}", "acm"),
    ("\\documentclass{article}\n\\usepackage{neurips_2024}", "neurips"),
    ("\\documentclass{article}\n\\usepackage{iclr2025_conference}", "iclr"),
    (r"\documentclass{article}", None)])
def test_the_venue_from_the_class_or_a_package(tmp_path, tex, venue):
    (tmp_path / "paper.tex").write_text(tex + "\n\\begin{document}\\end{document}\n")
    assert read_paper(tmp_path).venue == venue


def test_the_main_file_is_the_one_with_documentclass_or_chosen(tmp_path):
    (tmp_path / "a.tex").write_text("\\documentclass{article}\n")
    (tmp_path / "b.tex").write_text("% \\documentclass{article}\n\\section{B}\n")
    assert read_paper(tmp_path).main.name == "a.tex"
    (tmp_path / "c.tex").write_text("\\documentclass{article}\n")
    with pytest.raises(FigureDataError, match=r"several main files.*--main"):
        read_paper(tmp_path)
    from pathlib import Path

    assert read_paper(tmp_path, Path("c.tex")).main.name == "c.tex"


SUBFIGURES = r"""\documentclass{article}
\DeclareGraphicsExtensions{.png,.pdf}
\begin{document}
\begin{figure*}
\begin{subfigure}[t]{0.5\linewidth}
\includegraphics[width=\linewidth]{a}
\end{subfigure}
\end{figure*}
\begin{figure}
\subfloat[One]{\includegraphics[width=0.45\linewidth]{c}}
\end{figure}
\end{document}
"""


def test_without_tex_a_box_is_not_read_and_the_width_is_estimated(tmp_path):
    """The fallback's limits (docs/paper.md): a subfigure's box is TeX's to know; without
    the engine \\linewidth is the column's, or the text's in a figure*."""
    (tmp_path / "main.tex").write_text(SUBFIGURES)
    found = read_paper(tmp_path)
    a, c = found.graphics
    assert found.graphics_extensions == [".png", ".pdf"]
    assert width_in(a, 6.75, 3.25) == pytest.approx(6.75)
    assert width_in(c, 6.75, 3.25) == pytest.approx(0.45 * 3.25)


def _graphic(options, wide=False):
    from pathlib import Path

    from figures.paper.latex import Graphic

    return Graphic(Path("main.tex"), 1, "x", options, wide)


def test_the_printed_width_estimated_and_every_reshaping_refused_with_its_edit():
    from figures.paper.engine import Printed
    from figures.paper.placed import placement
    from figures.registry import BY_NAME

    spec = BY_NAME["cifar_feature_drift"]  # a column figure: its smallest width is a column
    place = placement(_graphic({"width": "0.4\\textwidth"}, True), spec, ICML)
    assert place.width is None  # 2.7 in: under the column
    smallest = spec.smallest_width_in(ICML)  # the module's, 2.7 in above it
    assert smallest > 2.7
    assert f"2.7 in is narrower than cifar_feature_drift's smallest width ({smallest:g} in): " \
        "write \\includegraphics[width=0.45\\linewidth]{x} at main.tex:1" in place.problem
    assert placement(_graphic({"width": "0.5\\linewidth"}, True), spec, ICML).width == \
        pytest.approx(3.375)
    for options, how in (({"height": "1in"}, "scaled by its height (height=1in)"),
                         ({"width": "\\linewidth", "angle": "45"}, "rotated (angle=45)"),
                         ({"scale": "0.5"}, "rescaled (scale=0.5)"),
                         ({"width": "\\linewidth", "trim": "1 2 3 4", "clip": ""},
                          "trimmed or clipped")):
        problem = placement(_graphic(options), spec, ICML).problem
        assert f"the paper prints it {how}" in problem, problem
        assert "write \\includegraphics[width=\\linewidth]{x} at main.tex:1" in problem
    wider = placement(_graphic({"width": "4in"}), spec, ICML)
    assert "4 in is 0.75 in (54 pt) wider than its line (3.25 in)" in wider.problem
    typeset = _graphic({"width": "\\textwidth"})  # TeX's numbers win over the estimate
    typeset.printed = Printed(1, None, (0.0, 0.0), 4.0, 4.0, None, False)
    assert placement(typeset, spec, ICML).width == pytest.approx(4.0)
    typeset.printed = Printed(1, "x.pdf", (4.0, 1.0), 4.0, 4.0, None, True)  # \includegraphics*
    assert placement(typeset, spec, ICML).width == pytest.approx(4.0)  # Round 26 (SX): whole
    typeset.options["bb"] = "0 0 100 100"  # the star cutting to a box of its own
    assert "trimmed or clipped" in placement(typeset, spec, ICML).problem


def test_a_figure_star_is_advised_only_for_a_column_of_two_and_not_in_one_already():
    """The edit for a box under the figure's smallest width (1.9 in for cifar_summary):
    a figure* only where the line is a column of a two-column page and the include is in no
    figure*; else a wider box, as a fraction of the text (issue 44)."""
    from figures.paper.engine import Printed
    from figures.paper.placed import placement
    from figures.registry import BY_NAME
    from figures.venues import body_rules, on_page

    spec = BY_NAME["fig1_audit_hero"]  # smallest 3.25 in at 7 pt
    two, one = on_page(body_rules(10), 6.5, 3.1, 9), on_page(body_rules(10), 6.5, 6.5, 9)

    def advice(venue, line, wide=False, width="\\linewidth"):
        graphic = _graphic({"width": width}, wide)
        graphic.printed = Printed(1, None, (line, 1.0), line, None, None, False)
        return placement(graphic, spec, venue).problem

    assert advice(two, 3.1).endswith("put it in a figure* (a line of 6.5 in) at main.tex:1")
    assert advice(two, 3.1, width="\\columnwidth").endswith(
        "put it in a figure* (a line of 6.5 in) with \\includegraphics[width=\\linewidth]{x} "
        "at main.tex:1")
    for venue, wide in ((two, True), (one, False), (one, True)):  # a minipage of 1.5 in
        assert advice(venue, 1.5, wide).endswith(
            "the box around it (a subfigure, minipage, column or margin note of 1.5 in) is "
            "narrower: make it at least 0.5\\textwidth, or move the include out of it "
            "(main.tex:1)"), (venue.key, wide)


def test_a_page_wider_line_than_its_text_is_the_widest_a_figure_is_drawn():
    """Round 23 (P3): the widest line TeX gives an include (tufte's full-width ``figure*``)
    is the page's widest width, named in its key and read back from it (the build kind, the
    audit); a line within the text, or past a page's 12 in, leaves the page as it was."""
    from figures.venues import body_rules, on_page

    page = on_page(body_rules(10), 4.317, 4.317, 8.524, 6.6423)
    assert page.key == "tex10pt-4.317x4.317x8.524in-widest6.642in"
    assert get_venue(page.key) == page
    assert float(page.width(6.642)) == 6.642
    with pytest.raises(FigureDataError, match=r"widest line \(6\.642 in\)"):
        page.width(6.7)
    assert on_page(body_rules(10), 4.317, 4.317, 8.524, 4.32).key == \
        on_page(body_rules(10), 4.317, 4.317, 8.524, 13).key == "tex10pt-4.317x4.317x8.524in"
    icml = get_venue("icml")
    assert on_page(icml, 6.75, 3.25, None, 6.75) is icml
    wide = on_page(icml, 6.75, 3.25, None, 7.5)
    assert wide.key == "icml-6.75x3.25in-widest7.5in"
    assert get_venue(wide.key) == wide


def test_comments_and_verbatim_are_read_as_tex_reads_them(tmp_path):
    """Issue 45 (one reading of comments, figures/texread.py): a verbatim environment TeX
    skips in ``\\iffalse`` hides nothing after it; a ``%`` in a footnote's URL is a comment
    (before: the include after a verbatim that never began was lost)."""
    (tmp_path / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\n"
        "\\iffalse\\begin{verbatim}\\fi\n\\includegraphics{seen}\n"
        "\\footnote{\\url{https://x.org/%}} \\includegraphics{commented}\n"
        "\\begin{verbatim}\n\\includegraphics{shown_as_code}\n\\end{verbatim}\n"
        "\\end{document}\n")
    found = read_paper(tmp_path)
    assert [g.written for g in found.graphics] == ["seen"]


@pytest.mark.parametrize(("trim", "cuts"), [
    ("0 0 0 0", False), ("0pt 0pt 0pt 0pt", False), ("0.0 -0bp .0 0mm", False),
    ("{0 0 0 0}", False), (" {0pt 0 0 0} ", False), ("{0 0 0 20}", True),
    ("0 0 0 20", True), ("-5 0 0 0", True), ("0 0 0", True), ("0 0 0 \\mytrim", True)])
@pytest.mark.parametrize("clip", [False, True])
def test_a_trim_of_nothing_is_no_crop(trim, cuts, clip):
    """Round 40 (P15): ``trim=0 0 0 0`` (with or without ``clip``), as templates write it,
    was refused "the paper prints it trimmed or clipped": it cuts nothing, as ``clip`` alone
    cuts nothing (round 26, SX), and TeX prints the figure at 100 %. A trim that cuts, a
    negative one (a margin that shrinks the figure in its box) or one the reading cannot
    take as four lengths of nothing is still refused. Round 41 (P15b): braced, as Overleaf's
    guide writes trims (``trim={0 0 0 0}``: keyval strips the braces), it cuts nothing too."""
    from figures.paper.placed import placement
    from figures.registry import BY_NAME

    options = {"width": "\\linewidth", "trim": trim} | ({"clip": ""} if clip else {})
    place = placement(_graphic(options), BY_NAME["cifar_feature_drift"], ICML)
    assert ("trimmed or clipped" in place.problem) is cuts, place.problem
    assert (place.width is None) is cuts


def test_a_box_wider_than_its_line_says_by_how_much():
    """Round 40 (P20): IEEE's graphics guide's ``width=3.5in`` in IEEEtran's 3.487 in column
    (252 pt) read "3.5 in is wider than its line (3.49 in)": the line rounded to what looks
    like the width. Now it says by how much, in inches and TeX's points."""
    from figures.paper.engine import Printed
    from figures.paper.placed import placement
    from figures.registry import BY_NAME

    graphic = _graphic({"width": "3.5in"})
    graphic.printed = Printed(1, None, (0.0, 0.0), 252 / 72.27, 3.5, None, False)
    problem = placement(graphic, BY_NAME["cifar_summary"], ICML).problem
    assert problem.startswith("3.5 in is 0.013 in (0.94 pt) wider than its line (3.487 in): "
                              "it would run into the margin; write "
                              "\\includegraphics[width=\\linewidth]{x} at main.tex:1"), problem


def test_a_column_include_as_wide_as_the_text_says_the_other_column_and_figure_star():
    """Round 42a (A25): ``width=\\textwidth`` in a one-column ``figure`` of a two-column page
    said "3.5 in (2.6e+02 pt) wider than its line: it would run into the margin": Python's
    ``.2g`` in a user's line, the margin where it runs into the other column, and nothing
    for an author who wanted it wide. Now: 254 pt, the other column, or a figure*."""
    from figures.paper.engine import Printed
    from figures.paper.placed import placement
    from figures.registry import BY_NAME

    graphic = _graphic({"width": "\\textwidth"})
    graphic.printed = Printed(1, None, (0.0, 0.0), 3.25, 6.75, None, False)
    problem = placement(graphic, BY_NAME["cifar_summary"], ICML).problem
    assert problem == ("6.75 in is 3.5 in (253 pt) wider than its line (3.25 in): it would run "
                       "into the other column; write \\includegraphics[width=\\linewidth]{x} "
                       "at main.tex:1, or put it in a figure* (a line of 6.75 in) to print it "
                       "that wide"), problem
    graphic.wide = True  # a figure*'s own line: the margin, and no figure* to offer
    graphic.printed = Printed(1, None, (0.0, 0.0), 6.75, 7.0, None, False)
    problem = placement(graphic, BY_NAME["cifar_summary"], ICML).problem
    assert "it would run into the margin; write" in problem
    assert "figure*" not in problem
