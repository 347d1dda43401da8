"""Hostile round 49a's rows on the paper path (sync, `figures paper`), each mended with a
test; the pass itself, row by row, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import on_paper, paper_folder

from figures import runner

HEAD = ("\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\nHi.\n"
        "\\begin{figure}\\includegraphics[width=0.7\\linewidth]{figures/cifar_summary}"
        "\\end{figure}\n")
BIB = "@misc{k, title={Inside}, author={A. Author}, year={2020}}\n"


@pytest.mark.slow
def test_a_bibliography_style_outside_the_folder_is_refused_at_its_line(tmp_path, monkeypatch,
                                                                         capsys):
    r"""Round 49a (P23): ``\bibliographystyle{/.../lab/evilplain}`` (a ``.bst`` outside the
    folder, the database ``refs.bib`` inside): `figures paper` left a main.pdf whose
    bibliography the outside style typeset, exit 0, where a ``.bib`` outside is refused: the
    check read only the ``.blg``'s database lines. A style is a program whose strings are
    what prints: refused at its line, naming it, no PDF; with ``plain`` the paper compiles."""
    lab = tmp_path / "lab"
    lab.mkdir()
    plain = runner.run(["kpsewhich", "plain.bst"], tmp_path).stdout.strip()
    (lab / "evilplain.bst").write_bytes(Path(plain).read_bytes())
    paper = paper_folder(tmp_path, monkeypatch, HEAD + "\\nocite{*}\n"
                         f"\\bibliographystyle{{{lab}/evilplain}}\n"
                         "\\bibliography{refs}\n"
                         "\\end{document}\n", {"refs.bib": BIB})
    code, _, err = on_paper(paper, capsys, "paper")
    assert code == 1, err
    [line] = [x for x in err.splitlines() if x.startswith("error:")]
    assert line.startswith(f"error: {paper / 'main.tex'}:7: reads "
                           f"{lab / 'evilplain.bst'}, outside the paper's folder"), line
    assert line.endswith("main.pdf not written"), line
    assert not (paper / "main.pdf").exists()
    (paper / "main.tex").write_text((paper / "main.tex").read_text().replace(
        f"{lab}/evilplain", "plain"))
    code, _, err = on_paper(paper, capsys, "paper")
    assert code == 0, err
    assert (paper / "main.pdf").is_file()


def test_a_style_or_database_named_from_home_is_read_where_kpathsea_finds_it(tmp_path,
                                                                             monkeypatch):
    r"""Round 49a (P23): bibtex's ``.blg`` writes ``The style file: ~/evilplain.bst`` (and
    ``$VAR/...``) as the paper named it; kpathsea expands it, so the file read is the one in
    the home folder, not one in the compile's own output folder: it is outside."""
    from figures.paper.outside import read_outside

    home, root, out = (tmp_path / n for n in ("home", "paper", "out"))
    for folder in (home, root, out):
        folder.mkdir()
    (home / "evilplain.bst").write_text("% a style\n")
    (home / "refs.bib").write_text(BIB)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("R49SEC", str(home))
    (out / "main.blg").write_text("This is BibTeX, Version 0.99d\nThe top-level auxiliary file: "
                                  "main.aux\nThe style file: ~/evilplain.bst\n"
                                  "Database file #1: $R49SEC/refs.bib\n")
    assert read_outside(root, out, "main") == [home / "evilplain.bst", home / "refs.bib"]


@pytest.mark.slow  # the probe compiles the paper
def test_a_page_too_short_for_a_figure_is_refused_naming_the_main_file(tmp_path, monkeypatch,
                                                                      capsys):
    r"""Round 49a (P4): the paper's own page 2.5 in tall (geometry, a banner): every step
    said ``Venue 'tex10.95pt-7.5x7.5x2.5in': text_height_in: expected a number in [3, 16]
    ...``, a venue the author never wrote and no way out. Now one line names main.tex, what
    TeX said of the page and what to do, nothing written."""
    paper = paper_folder(tmp_path, monkeypatch, (
        "\\documentclass[11pt]{article}\n\\usepackage[paperwidth=8.5in,paperheight=3.5in,"
        "margin=0.5in]{geometry}\n\\usepackage{graphicx}\n\\begin{document}\nShort.\n"
        "\\includegraphics[width=0.4\\textwidth]{figures/cifar_summary}\n\\end{document}\n"))
    code, _, err = on_paper(paper, capsys, "sync", "-n")
    assert code == 1, err
    assert "Venue '" not in err, err
    [line] = [x for x in err.splitlines() if x.startswith("error:")]
    assert line.startswith(f"error: {paper / 'main.tex'}: TeX says its text is 7.5 in wide and "
                           "2.5 in tall: figures are drawn for a text at least 3 in tall"), line
    assert "give the page a taller text" in line, line
    assert not any((paper / "figures").iterdir())


@pytest.mark.slow  # the probe compiles the paper
def test_a_standalone_page_is_drawn_for_its_width_at_the_default_height(tmp_path, monkeypatch,
                                                                        capsys):
    r"""Round 49a (P5): ``\documentclass[varwidth=4in]{standalone}`` (a figure panel), whose
    page grows to its content (TeX says its text is 226.705 in tall): every step said
    ``Venue 'tex10pt-4.774x4.774x226.705in': text_height_in: expected a number in [3, 16]``.
    A text taller than any page is no height: the figure is drawn for the width, at most the
    default height, as for a venue without one, and the note says so; sync -n predicts it."""
    paper = paper_folder(tmp_path, monkeypatch, (
        "\\documentclass[varwidth=4in,border=2pt]{standalone}\n\\usepackage{graphicx}\n"
        "\\begin{document}\n\\includegraphics[width=\\linewidth]{figures/cifar_summary}\n"
        "\\end{document}\n"))
    code, out, err = on_paper(paper, capsys, "sync", "-n")
    assert code == 0, err
    assert "Venue '" not in err, err
    assert "no text height (TeX says 226.705 in: the page grows to its content), so at most " \
           "4.5 in tall" in err, err
    assert "would copy build/tex10pt-4.774x4.774in/w4/cifar_summary.pdf" in out, out
    code, out, err = on_paper(paper, capsys, "sync")
    assert code == 0, err
    assert "copy build/tex10pt-4.774x4.774in/w4/cifar_summary.pdf" in out, out
    assert (paper / "figures" / "cifar_summary.pdf").is_file()


@pytest.mark.slow  # the probe compiles the paper
def test_a_file_the_paper_writes_itself_before_reading_it_is_not_missing(tmp_path, monkeypatch,
                                                                        capsys):
    r"""Round 49a (P30): a self-contained paper (the arXiv habit) writes ``numbers.tex`` with
    ``filecontents*`` before ``\documentclass``, then ``\input{numbers}``: every sync warned
    "no file numbers.tex ... by hand this stops LaTeX; add it or remove the line", where by
    hand LaTeX reads the file it wrote, and removing the line breaks the paper. TeX is asked:
    the probe reads what the paper wrote; a file it never writes is still said missing."""
    paper = paper_folder(tmp_path, monkeypatch, (
        "\\begin{filecontents*}[overwrite]{numbers.tex}\n\\newcommand{\\runs}{42}\n"
        "\\end{filecontents*}\n\\documentclass{article}\n\\usepackage{graphicx}\n"
        "\\input{numbers}\n\\begin{document}\nWe ran \\runs{} runs.\n\\input{absent}\n"
        "\\includegraphics[width=0.6\\linewidth]{figures/cifar_summary}\n\\end{document}\n"))
    code, _, err = on_paper(paper, capsys, "sync", "-n")
    assert code == 0, err
    assert "numbers" not in err, err
    assert "warning: main.tex:9: \\input{absent}: no file absent.tex in the paper's folder" in \
        err, err


@pytest.mark.slow  # the probe compiles the paper
@pytest.mark.parametrize(("share", "said"), [
    ("0.7", "would copy build/tex10pt-4.774x4.774x7.61in-widest7.61in/w5.327/fig1_audit_hero"),
    ("1.1", ("refused: 8.371 in is 0.76 in (55 pt) longer than the text's height (7.61 in), "
             "which a figure turned by \\rotatebox runs along: it would run off the page; "
             "write \\includegraphics[width=\\textheight]{figures/fig1_audit_hero} at "
             "main.tex:6"))])
def test_a_figure_turned_by_rotatebox_is_judged_down_the_page(tmp_path, monkeypatch, capsys,
                                                              share, said):
    r"""Round 49a (P20): ``\rotatebox{90}{\includegraphics[width=0.7\textheight]{...}}`` on
    a float page, a landscape figure that fits by hand, was refused as 0.55 in "wider than
    its line", with advice (``width=\linewidth``) that threw the landscape figure away. Its
    width runs down the page, as in a ``sidewaysfigure``: judged against the text's height
    (and built for it), its height across the line left to what the compiled page shows;
    one longer than the text's height is refused in those words, the rotation kept."""
    paper = paper_folder(tmp_path, monkeypatch, (
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\nText.\n"
        "\\begin{figure}[p]\\centering\n\\rotatebox{90}{\\includegraphics[width=" + share +
        "\\textheight]{figures/fig1_audit_hero}}\n\\caption{Turned.}\n\\end{figure}\n"
        "\\end{document}\n"))
    code, out, err = on_paper(paper, capsys, "sync", "-n")
    assert said in out + err, out + err
    assert code == (0 if share == "0.7" else 1), err
    assert "wider than its line" not in out + err


@pytest.mark.slow  # the probe compiles the paper
def test_a_scaled_row_of_bare_includes_settles_whatever_the_build_folder_holds(
        tmp_path, monkeypatch, capsys):
    r"""Round 49a (P6): ``\adjustbox{width=\textwidth}{\includegraphics{A}\hspace{0.5em}
    \includegraphics{B}}``, first synced with a build folder that held another paper's
    2.387 in summary (the newest build of it): round 1 guessed that file, drew the accuracy
    for the whole line, and round 2 refused the summary under its smallest width, the advice
    a factor that moves again. From an empty build folder the row settles at 2.453 in each;
    now it does whatever the build folder holds."""
    from pypdf import PdfWriter

    old = tmp_path / "build" / "other" / "w2.387"
    old.mkdir(parents=True)
    writer = PdfWriter()
    writer.add_blank_page(width=2.387 * 72, height=1.8 * 72)
    writer.write(old / "cifar_summary.pdf")
    paper = paper_folder(tmp_path, monkeypatch, (
        "\\documentclass[11pt]{amsart}\n\\usepackage{graphicx}\n\\usepackage{adjustbox}\n"
        "\\begin{document}\nText.\n\\begin{figure}[t]\n\\adjustbox{width=\\textwidth}{"
        "\\includegraphics{figures/cifar_accuracy}\\hspace{0.5em}"
        "\\includegraphics{figures/cifar_summary}}\n\\caption{A row.}\n\\end{figure}\n"
        "\\end{document}\n"))
    code, out, err = on_paper(paper, capsys, "sync", "-n")
    assert code == 0, out + err
    assert "refused" not in out.replace("0 refused", ""), out
    for name in ("cifar_accuracy", "cifar_summary"):
        assert f"would copy build/tex10.95pt-4.981x4.981x8.081in/w2.453/{name}.pdf" in out, out
