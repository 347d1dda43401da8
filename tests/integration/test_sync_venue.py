"""``figures sync`` on a venue paper: the gaps of issue 30 (one test each)."""

from __future__ import annotations

import json
import shutil

import pytest
from helpers import REPO

from figures.cli import main as cli

pytestmark = pytest.mark.slow

#: The venue's style, shipped in the paper's folder as real papers ship it: ICML's measures.
ICML_STY = r"""\ProvidesPackage{icml2025}
\RequirePackage[letterpaper,textwidth=6.75in,textheight=9in,columnsep=0.25in]{geometry}
\@twocolumntrue
"""
ICML = r"""\documentclass{article}
\usepackage{graphicx}
\usepackage{icml2025}
\newcommand{\figdir}{figs}
\begin{document}
\begin{figure*}
\includegraphics[width=\linewidth]{\figdir/fig1_audit_hero}
\end{figure*}
\end{document}
"""


@pytest.fixture
def project(tmp_path, monkeypatch):
    paper = tmp_path / "paper"
    paper.mkdir()
    (paper / "main.tex").write_text(ICML)
    (paper / "icml2025.sty").write_text(ICML_STY)
    figdata = tmp_path / "figdata"
    shutil.copytree(REPO / "figdata", figdata)
    monkeypatch.chdir(tmp_path)  # width builds go into tmp_path/build/
    return paper, figdata


def sync(capsys, paper, figdata, *extra):
    code = cli.main(["sync", str(paper), "--figdata", str(figdata), "--allow-synthetic",
                     *extra])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_venue_is_read_from_the_paper_and_the_figure_built_for_its_width(project, capsys):
    paper, figdata = project
    code, out, err = sync(capsys, paper, figdata)
    assert code == 0, out + err
    copied = paper / "figs" / "fig1_audit_hero.pdf"
    assert "build/icml/w6.75/fig1_audit_hero.pdf" in out
    assert copied.is_file()
    assert not (paper / "figs" / "fig1_audit_hero.png").exists()  # the PDF, not the PNG
    assert not (paper / "\\figdir").exists()
    code, out, _ = sync(capsys, paper, figdata)
    assert code == 0
    assert "up to date" in next(line for line in out.splitlines()
                                if line.startswith("fig1_audit_hero"))


def test_a_macro_it_cannot_expand_is_named_and_no_folder_is_made(project, capsys):
    paper, figdata = project
    (paper / "main.tex").write_text(ICML.replace(r"{\figdir/fig1", r"{\nowhere/fig1"))
    code, _, err = sync(capsys, paper, figdata)
    assert "main.tex:7: Undefined control sequence (pdflatex)" in err  # TeX's word for it
    assert code == 1
    assert not (paper / "\\nowhere").exists()
    assert not (paper / "figs").exists()


def test_the_default_build_into_a_venue_paper_needs_an_explicit_option(project, capsys,
                                                                         reference_build):
    paper, figdata = project
    code, _, err = sync(capsys, paper, figdata, "--built", str(reference_build))
    assert code == 2
    assert "the paper is set for icml's page" in err
    assert "--default-build" in err
    assert not (paper / "figs").exists()
    code, out, err = sync(capsys, paper, figdata, "--built", str(reference_build),
                          "--default-build")
    assert code == 0, out + err
    assert "warning: copying the default build into a paper for icml" in err
    assert "Type 3" in err
    [cost] = [line for line in err.splitlines() if line.startswith("warning: fig1_audit_hero")]
    assert "(main.tex:7): built " in cost
    assert "printed at 6.75 in" in cost
    assert "Type 3 font(s)" in cost
    assert (paper / "figs" / "fig1_audit_hero.pdf").read_bytes() == \
        (reference_build / "fig1_audit_hero.pdf").read_bytes()


def test_a_users_venue_file_syncs_and_which_knows_its_builds(project, capsys, tmp_path):
    paper, figdata = project
    venues = json.loads((REPO / "figures" / "venues.json").read_text())
    mine = dict(venues["venues"]["icml"], name="My workshop",
                min_font_pt={"value": 6.5, "source": "my workshop's style"})
    venues["venues"] = {"myws": mine}
    path = tmp_path / "my-venues.json"
    path.write_text(json.dumps(venues))
    code, out, err = sync(capsys, paper, figdata, "--venue", "myws", "--venues", str(path))
    assert code == 0, out + err
    assert "build/myws/w6.75/fig1_audit_hero.pdf" in out  # the box TeX prints it in
    code = cli.main(["which", str(paper / "figs" / "fig1_audit_hero.pdf"), "--figdata",
                     str(figdata), "--venues", str(path)])
    out, _ = capsys.readouterr()
    assert code == 0
    assert "venue:myws@6.75in" in out
    assert out.rstrip().endswith(": current")


def test_a_refused_figure_leaves_the_macros_unwritten(project, capsys):
    paper, figdata = project
    (paper / "main.tex").write_text(ICML.replace(r"\end{figure*}", "\\end{figure*}\n"
                                                 "\\input{macros}\n\\begin{figure}\n"
                                                 "\\includegraphics[scale=0.5]"
                                                 "{fig4_penalty_rescue}\n\\end{figure}"))
    code, out, _ = sync(capsys, paper, figdata)
    assert code == 1
    row = next(line for line in out.splitlines() if line.startswith("fig4_penalty_rescue"))
    assert "main.tex:11" in row
    assert "scale=0.5" in row
    assert "held, not written" in next(line for line in out.splitlines()
                                       if line.startswith("(macros)"))
    assert not (paper / "macros.tex").exists()
    assert not (paper / "figs").exists()  # all or nothing: the others wait too


def test_an_older_file_pdflatex_would_read_first_is_not_shadowed(project, capsys,
                                                                  reference_build):
    """Issue 32: the PNG was copied beside an older PDF that pdflatex still picks first."""
    paper, figdata = project
    (paper / "main.tex").write_text("\\documentclass{article}\n\\usepackage{graphicx}\n"
                                    "\\begin{document}\n\\includegraphics{cifar_summary}\n"
                                    "\\end{document}\n")
    from pypdf import PdfWriter

    old = PdfWriter()
    old.add_blank_page(200, 100)  # an older picture, not ours, that pdflatex reads first
    old.write(paper / "cifar_summary.pdf")
    code, out, _ = sync(capsys, paper, figdata, "--built", str(reference_build))
    assert code == 1
    row = next(line for line in out.splitlines() if line.startswith("cifar_summary"))
    assert "pdflatex reads cifar_summary.pdf" in row
    assert not (paper / "cifar_summary.png").exists()


SUBFIGURES = r"""\documentclass{article}
\usepackage{graphicx}
\usepackage{subcaption}
\usepackage{icml2025}
\begin{document}
\begin{figure*}
\begin{subfigure}{0.5\linewidth}
\includegraphics[width=\linewidth]{cifar_summary}
\end{subfigure}
\end{figure*}
\begin{figure}
\includegraphics[height=HEIGHT]{cifar_accuracy}
\end{figure}
\end{document}
"""


def test_a_subfigure_is_built_for_its_box_and_a_height_refused_with_its_edit(project, capsys):
    """Issue 30/37: a subfigure's \\linewidth is its box (TeX's number); height= alone would
    print the build rescaled, so it is refused with the include that prints it at 100 %."""
    from pypdf import PdfReader

    paper, figdata = project
    (paper / "main.tex").write_text(SUBFIGURES.replace("HEIGHT", "2in"))
    code, out, err = sync(capsys, paper, figdata)
    assert code == 1, out + err
    assert "build/icml/w3.375/cifar_summary.pdf" in row_of(out, "cifar_summary")
    row = row_of(out, "cifar_accuracy")
    assert "main.tex:12" in row
    assert "scaled by its height (height=2in)" in row
    assert "write \\includegraphics[width=\\linewidth]{cifar_accuracy} at main.tex:12" in row
    (paper / "main.tex").write_text(SUBFIGURES.replace("height=HEIGHT", "width=\\linewidth"))
    code, out, err = sync(capsys, paper, figdata)
    assert code == 0, out + err
    box = PdfReader(paper / "cifar_summary.pdf").pages[0].mediabox
    assert float(box.width) / 72 == pytest.approx(3.375, abs=0.01)
    box = PdfReader(paper / "cifar_accuracy.pdf").pages[0].mediabox
    assert float(box.width) / 72 == pytest.approx(3.25, abs=0.01)


def row_of(out, figure):
    return next(line for line in out.splitlines() if line.startswith(figure))


def test_one_file_included_at_two_widths_is_refused(project, capsys):
    paper, figdata = project
    column = "\\begin{figure}\n\\includegraphics{\\figdir/cifar_feature_drift}\n\\end{figure}\n"
    wide = ("\\begin{figure*}\n\\includegraphics[width=\\linewidth]{\\figdir/cifar_feature_drift}"
            "\n\\end{figure*}\n")
    (paper / "main.tex").write_text(ICML.replace("\\end{document}",
                                                 f"{column}{wide}{column}\\end{{document}}"))
    code, out, _ = sync(capsys, paper, figdata)
    assert code == 1
    rows = [line for line in out.splitlines() if line.startswith("cifar_feature_drift")]
    assert "copy build/icml/w3.25/cifar_feature_drift.pdf" in rows[0]
    assert "main.tex:13 and main.tex:10 include this one file at two sizes" in rows[1]
    assert "the same file as at main.tex:10" in rows[2]
    assert not (paper / "figs").exists()
    # the column include alone goes in; then the figure* one is still refused, not written
    # over the copy that is now up to date
    (paper / "main.tex").write_text(ICML.replace("\\end{document}", f"{column}\\end{{document}}"))
    assert sync(capsys, paper, figdata)[0] == 0
    copied = (paper / "figs" / "cifar_feature_drift.pdf").read_bytes()
    (paper / "main.tex").write_text(ICML.replace("\\end{document}",
                                                 f"{column}{wide}\\end{{document}}"))
    code, out, _ = sync(capsys, paper, figdata)
    assert code == 1
    assert "include this one file at two sizes" in out
    assert (paper / "figs" / "cifar_feature_drift.pdf").read_bytes() == copied
