"""Round 40: a fresh hostile pass (record only); the `figures paper`, `check` and `sync`
lines it found unclear, kept."""

from __future__ import annotations

import pytest
from helpers import REPO, write_files

#: A supplement that refers to its main paper's figure through xr (main.aux), and that paper.
_XR = {
    "main.tex": ("\\documentclass{article}\n\\begin{document}\nText.\n\\begin{figure}[h]"
                 "\\centering\\rule{1in}{1in}\\caption{Summary.}\\label{fig:summary}"
                 "\\end{figure}\n\\end{document}\n"),
    "supplement.tex": ("\\documentclass{article}\n\\usepackage{xr}\n\\externaldocument{main}\n"
                       "\\begin{document}\nAs Figure~\\ref{fig:summary} of the main paper "
                       "shows, BP leads.\n\\end{document}\n"),
}


@pytest.mark.slow  # latexmk
def test_a_supplement_reading_main_aux_through_xr_is_told_why_it_prints_question_marks(
        tmp_path, monkeypatch, capsys):
    """Round 40 (X1): `figures paper --main supplement.tex` of a supplement that reads
    main.aux through xr (``\\externaldocument{main}``) said 0 problems though its page
    printed ``??``: figures paper leaves no .aux in the folder. Now one warning naming the
    file and what to do; with the author's own main.aux beside it, the compile reads it."""
    from figures.cli import main as cli

    paper = tmp_path / "p"
    write_files(paper, _XR)
    monkeypatch.chdir(tmp_path)
    argv = ["paper", str(paper), "--main", "supplement.tex", "--venue", "neurips",
            "--figdata", str(REPO / "figdata")]
    code = cli.main(argv)
    said = capsys.readouterr()
    assert f"warning: {paper / 'supplement.tex'}: reads main.aux (xr), which is not in the " \
        "folder (figures paper leaves no .aux there: each compile of its own starts from " \
        "scratch): its references fig:summary print ?? on the page; compile main.tex by hand " \
        "there once (latexmk -pdf main.tex), so that main.aux is beside supplement.tex, then " \
        "figures paper again\n" in said.err, said.err
    (paper / "main.aux").write_text("\\relax\n\\newlabel{fig:summary}{{1}{1}}\n")
    assert cli.main(argv) == code
    said = capsys.readouterr()
    assert "main.aux" not in said.err, said.err
    assert "fig:summary" not in (paper / "supplement.log").read_text()


@pytest.mark.slow  # sync asks TeX
def test_graphicx_not_loaded_for_want_of_a_missing_style_names_the_style(tmp_path):
    r"""Round 40 (P11): a downloaded paper whose venue style (which loads graphicx) is not
    beside it: each row said to add ``\usepackage{graphicx}``, a fix for a consequence; the
    cause was only in the warning above. Now each row names the missing style and its line."""
    from helpers import figures_as_a_user

    write_files(tmp_path / "P", {"main.tex": (
        "\\documentclass{article}\n\\usepackage{neurips_like}\n\\input{macros}\n"
        "\\begin{document}\nText.\n\\begin{figure}\n"
        "\\includegraphics[width=\\linewidth]{cifar_summary}\\caption{C}\\end{figure}\n"
        "\\end{document}\n")})
    ran = figures_as_a_user(tmp_path, "sync", "P", "--allow-synthetic", timeout=600)
    out = ran.stdout + ran.stderr
    assert ran.returncode == 1, out
    assert "warning: main.tex:2: loads neurips_like.sty, which this TeX Live does not have" \
        in out, out
    [row] = [line for line in out.splitlines() if line.startswith("cifar_summary")]
    assert row.endswith(
        "refused: \\includegraphics at main.tex:7 is undefined: graphicx is not loaded "
        "(neurips_like.sty, which main.tex:2 loads, is missing: see above); install "
        "neurips_like.sty or put it beside main.tex (or add \\usepackage{graphicx}), then "
        "sync again"), out


@pytest.mark.slow  # check asks TeX for the page of the .tex beside the PDF
def test_check_against_a_venue_whose_page_the_paper_does_not_have_says_so(
        tmp_path, monkeypatch, capsys):
    """Round 40 (P8): `figures check main.pdf --venue icml` of a paper whose text is 4.80 in
    wide (LNCS), not ICML's 6.75 in, said nothing of it. Now one note naming both widths;
    none when the venue is the paper's own page."""
    from pypdf import PdfWriter

    from figures.cli import main as cli

    paper = tmp_path / "p"
    write_files(paper, {"main.tex": (
        "\\documentclass{article}\n\\usepackage[textwidth=4.8in]{geometry}\n"
        "\\begin{document}\nText.\n\\end{document}\n")})
    writer = PdfWriter()
    writer.add_blank_page(612, 792)
    with (paper / "main.pdf").open("wb") as out:
        writer.write(out)
    monkeypatch.chdir(tmp_path)
    argv = ["check", str(paper / "main.pdf"), "--venue", "icml", "--figdata",
            str(REPO / "figdata")]
    cli.main(argv)
    said = capsys.readouterr().err
    assert said.startswith(
        f"note: {paper / 'main.pdf'}: its text is 4.80 in wide (main.tex's page: "
        "tex10pt-4.8x4.8x"), said
    assert ("), icml's is 6.75 in: is this paper for icml? Its figures are checked against "
            "icml's rules; check it with the venue it was made for, or with no --venue (its "
            "own page)\n") in said, said
    assert "no known venue" not in said, said
    (paper / "main.tex").write_text((paper / "main.tex").read_text().replace("4.8in", "6.75in"))
    cli.main(argv)
    assert "is this paper for" not in capsys.readouterr().err
