"""Hostile round 24's rows A1, S2, T2, N10, S6: an author named through the paper's own
macro, a paper without graphicx, the paper's own printing ``comment`` environment, our
figure placed by pgf's image commands, a paper with no citation under latexmk."""

from __future__ import annotations

import shutil

import pytest
from helpers import (
    REPO,
    figures_as_a_user,
    figures_in_process,
    packed_anonymously,
    packed_plot_book_pages,
    plot_book,
)

#: A printed number that is figdata's (fig1_audit_hero's BP accuracy) written by hand.
_BY_HAND = "Why does BP reach only 61.5\\% accuracy?"


@pytest.mark.slow  # sync asks TeX
def test_sync_says_graphicx_is_not_loaded_when_includegraphics_is_undefined(tmp_path):
    r"""Round 24 (S2): a paper that forgot ``\usepackage{graphicx}`` (article; memoir, which
    does not load it, the same): the row said "named at main.tex:6 but TeX did not typeset
    it (a test such as \IfFileExists around it ...): remove the test", a test that is not
    there and an edit that cannot mend it. Now the one line says ``\includegraphics`` is
    undefined there, graphicx not loaded, and to add ``\usepackage{graphicx}``."""
    for name, cls in (("NG", "article"), ("NM", "memoir")):
        paper = tmp_path / name
        (paper / "figs").mkdir(parents=True)
        (paper / "main.tex").write_text(
            f"\\documentclass{{{cls}}}\n\\input{{macros}}\n\\begin{{document}}\nText.\n"
            "\\begin{figure}\n\\includegraphics[width=\\linewidth]{figs/cifar_summary}"
            "\\caption{C}\\end{figure}\n\\end{document}\n")
        ran = figures_as_a_user(tmp_path, "sync", name, "--allow-synthetic", timeout=600)
        out = ran.stdout + ran.stderr
        assert ran.returncode == 1, out
        [row] = [line for line in out.splitlines() if line.startswith("cifar_summary")]
        assert ("refused: \\includegraphics at main.tex:6 is undefined: graphicx is not "
                "loaded") in row, out
        assert "add \\usepackage{graphicx} to the preamble" in row, out
        assert "IfFileExists" not in out, out


@pytest.mark.parametrize("definition", [
    "\\newenvironment{comment}{\\par\\noindent\\textbf{Reviewer comment:}\\itshape}{\\par}",
    "\\usepackage{comment}\\renewenvironment{comment}{\\par\\itshape}{\\par}",
    "\\NewDocumentEnvironment{comment}{}{\\par\\textbf{Reviewer:}}{\\par}"])
def test_check_tex_reads_the_papers_own_printing_comment_environment(tmp_path, definition):
    r"""Round 24 (T2): the paper's own printing ``\newenvironment{comment}{..}{..}`` (a
    rebuttal's reviewer-comment box): check-tex took every ``comment`` environment for
    comment.sty's and skipped the hand-written figdata number printed inside it
    ("0 hand-written ..", exit 0). Its body is text now: in the file that defines it, and in
    a file given after the one that defines it (the paper's files, in TeX's order)."""
    use = f"\\begin{{comment}}\n{_BY_HAND}\n\\end{{comment}}\n"
    (tmp_path / "one.tex").write_text(f"\\documentclass{{article}}\n{definition}\n"
                                      f"\\begin{{document}}\n{use}\\end{{document}}\n")
    (tmp_path / "main.tex").write_text(f"\\documentclass{{article}}\n{definition}\n"
                                       "\\begin{document}\n\\input{intro}\n\\end{document}\n")
    (tmp_path / "intro.tex").write_text(use)
    figdata = str(REPO / "figdata")
    code, out, err = figures_in_process("check-tex", str(tmp_path / "one.tex"), "--figdata",
                                        figdata)
    assert code == 1, err
    assert "one.tex:5: 61.5\\% is fig1_audit_hero's value written by hand" in out, out
    code, out, err = figures_in_process("check-tex", str(tmp_path / "main.tex"),
                                        str(tmp_path / "intro.tex"), "--figdata", figdata)
    assert code == 1, err
    assert "intro.tex:2: 61.5\\% is fig1_audit_hero's value" in out, out


@pytest.mark.parametrize("preamble", [
    "\\usepackage{comment}", "\\usepackage{verbatim}",
    "\\usepackage{comment}\\renewenvironment{comment}{\\setbox0\\vbox\\bgroup}{\\egroup}"])
def test_check_tex_still_skips_a_comment_environment_that_hides(tmp_path, preamble):
    """Round 24 (T2): the control: comment.sty's and verbatim.sty's ``comment``, and one the
    paper makes hide its body in a box, print nothing: their numbers are not checked."""
    (tmp_path / "one.tex").write_text(
        f"\\documentclass{{article}}\n{preamble}\n\\begin{{document}}\n\\begin{{comment}}\n"
        f"{_BY_HAND}\n\\end{{comment}}\n\\end{{document}}\n")
    code, _, err = figures_in_process("check-tex", str(tmp_path / "one.tex"), "--figdata",
                                      str(REPO / "figdata"))
    assert code == 0, err


@pytest.mark.slow  # pack compiles the paper and its archive
def test_pack_keeps_the_printed_body_of_the_papers_own_comment_environment(tmp_path):
    r"""Round 24 (T2), and round 23's V4 through pack: the paper's own printing
    ``\newenvironment{comment}`` in the preamble, used in an input file: its body is printed
    text, kept (it was cut, then the file shipped whole with one warning, its comments
    and all); a comment in it goes as in any text, warnings 0."""
    (tmp_path / "p" / "sec").mkdir(parents=True)
    (tmp_path / "p" / "main.tex").write_text(
        "\\documentclass{article}\n"
        "\\newenvironment{comment}{\\par\\noindent\\textbf{Reviewer comment:}\\itshape}{\\par}\n"
        "\\author{Anonymous}\n\\begin{document}\n\\input{sec/intro}\n\\end{document}\n")
    (tmp_path / "p" / "sec" / "intro.tex").write_text(
        "Intro text here.\n\\begin{comment}\nPlease compare with DFA. % SECRETOC Bob Jones\n"
        "\\end{comment}\nOur reply VISIBLE here.\n")
    assert packed_anonymously(tmp_path)["sec/intro.tex"] == (
        "Intro text here.\n\\begin{comment}\nPlease compare with DFA. %\n\\end{comment}\n"
        "Our reply VISIBLE here.\n")


@pytest.mark.parametrize(("files", "names"), [
    ({"main.tex": "\\newcommand{\\myname}{Janet Smithson}\n\\author{\\myname}\n"},
     ["Janet", "Smithson"]),
    ({"main.tex": "\\input{names}\n\\author{\\first\\ \\last \\and \\other}\n",
      "names.tex": ("\\def\\first{Janet}\\newcommand*\\last{Smithson}\n"
                    "\\providecommand{\\other}{\\textbf{Karl~Weber}}\n")},
     ["Janet", "Smithson", "Karl", "Weber"]),
    ({"main.tex": "\\newcommand{\\me}[1]{#1 Janet}\n\\author{\\me{A}}\n"}, []),  # (arguments)
])
def test_an_author_given_through_the_papers_own_macro_is_named(files, names):
    r"""Round 24 (A1): ``\newcommand{\myname}{Janet Smithson}`` / ``\author{\myname}`` (a
    template keeping the name in one place): the names were read from ``\author``'s
    source text, ``\myname`` no name, and ``pack --anonymous`` shipped a review copy
    printing her name with warnings 0. The paper's own macros without arguments are
    expanded in ``\author``'s argument, from any of its files."""
    from figures.paper.disclosure import authors_named

    assert authors_named({n: t.encode() for n, t in files.items()})[0] == names


@pytest.mark.slow  # pack compiles the paper and its archive
@pytest.mark.parametrize("author", ["\\myname", "Janet Smithson"])
def test_an_anonymous_pack_warns_of_an_author_named_through_a_macro(tmp_path, author):
    r"""Round 24 (A1): ``pack --anonymous`` of an ``article`` whose ``\maketitle`` prints
    ``\author{\myname}``, ``\newcommand{\myname}{Janet Smithson}``: rc=0, warnings 0.
    Now it warns twice, as the control ``\author{Janet Smithson}`` does: the name in the
    packed source and in the compiled text."""
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "main.tex").write_text(
        "\\documentclass{article}\n\\newcommand{\\myname}{Janet Smithson}\n\\title{A study}\n"
        f"\\author{{{author}}}\n\\begin{{document}}\n\\maketitle\nMain text of the paper.\n"
        "\\end{document}\n")
    ran = figures_as_a_user(tmp_path, "pack", "p", "--anonymous", "--out", "p.tar.gz",
                            timeout=300)
    err = ran.stderr
    assert ran.returncode == 0, ran.stdout + err
    assert err.splitlines()[-1].endswith("warnings: 2"), err
    assert ("warning: main.tex:2: an author's name (Janet) and 1 more (Smithson on line 2) in "
            "the packed source") in err, err  # each name: round 37, K4
    assert ("warning: main.tex: Janet, Smithson of \\author in the compiled text: the review "
            "copy names an author") in err, err


@pytest.mark.slow  # builds a figure, pack compiles the paper
def test_our_figure_placed_by_pgf_image_commands_gets_the_figure_checks(tmp_path):
    r"""Round 24 (N10): our ``cifar_summary`` drawn from synthetic example data, placed with
    pgf's ``\pgfimage[width=3in]{figs/cifar_summary}`` (tikz; beamer's ``\logo``) or
    ``\pgfdeclareimage`` / ``\pgfuseimage``: pdfTeX embeds it with no graphicx log line, so
    pack took it for a file only opened, "read with \openin (data?)", and shipped it with
    "figures: 0", exit 0. pdfTeX's own word at shipout (``<./figs/cifar_summary.pdf>``) makes
    it an image, judged by its provenance as the control ``\includegraphics`` is."""
    shutil.copytree(REPO / "figdata", tmp_path / "figdata")
    built = figures_as_a_user(tmp_path, "build", "cifar_summary", "--venue", "icml",
                              "--out", "b", "--jobs", "1", timeout=300)
    assert built.returncode == 0, built.stdout + built.stderr
    (tmp_path / "p" / "figs").mkdir(parents=True)
    shutil.copy(tmp_path / "b" / "cifar_summary.pdf", tmp_path / "p" / "figs")
    for placing in ("\\pgfimage[width=3in]{figs/cifar_summary}",
                    "\\pgfdeclareimage[width=3in]{sum}{figs/cifar_summary}\\pgfuseimage{sum}",
                    "\\includegraphics[width=3in]{figs/cifar_summary}"):
        (tmp_path / "p" / "main.tex").write_text(
            "\\documentclass{article}\n\\usepackage{tikz}\n\\author{Anonymous}\n"
            f"\\begin{{document}}\nResults.\n\n{placing}\n\\end{{document}}\n")
        ran = figures_as_a_user(tmp_path, "pack", "p", "--out", "p.tar.gz", "--figdata",
                                "figdata", timeout=300)
        assert ran.returncode == 1, ran.stdout + ran.stderr
        assert ran.stderr.splitlines()[-1] == (
            "error: figs/cifar_summary.pdf: cifar_summary: drawn from SYNTHETIC EXAMPLE DATA; "
            "the pack stops (--allow-synthetic to pack it anyway)"), ran.stderr
        ran = figures_as_a_user(tmp_path, "pack", "p", "--out", "p.tar.gz", "--figdata",
                                "figdata", "--allow-synthetic", timeout=300)
        assert ran.returncode == 0, ran.stdout + ran.stderr
        assert "figures: 1 (1 ours, current; 0 not ours)" in ran.stderr, ran.stderr
        assert "openin" not in ran.stderr, ran.stderr


@pytest.mark.slow  # pdfTeX makes the plot book, pack compiles the paper and its archive
def test_the_unprinted_pages_of_a_pdf_placed_by_pgfimage_are_not_shipped(tmp_path):
    r"""Round 24 (N10): round 23 F2's plot book placed with ``\pgfimage[page=2]``: its
    unprinted pages (naming people) shipped under ``--anonymous``, the one warning calling
    it ``\openin`` data. They are blanked, as for ``\includegraphics[page=2]``."""
    plot_book(tmp_path)
    (tmp_path / "p" / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage{tikz}\n\\author{Anonymous}\n"
        "\\begin{document}\nText.\n\\pgfimage[page=2,width=3in]{figs/plots}\n\\end{document}\n")
    assert packed_plot_book_pages(tmp_path, "--anonymous") == ["", "PLOT OF THE PAPER", ""]


@pytest.mark.slow  # figures paper and pack compile the paper
def test_a_paper_citing_nothing_under_a_class_that_loads_natbib_compiles(tmp_path):
    r"""Round 24 (S6): a ``tufte-handout`` paper with no citation (the class loads natbib
    and bibentry): latexmk runs bibtex, which stops on "I found no \citation commands", and
    ``figures paper`` said "did not compile" of a paper whose PDF pdfTeX made without an
    error (``pack`` the same, "does not compile in a copy"). Bibtex had nothing to do: the
    paper is compiled without it (latexmk again, ``-bibtex-``: every rerun pdfTeX asks for),
    said in one note; a paper whose TeX fails still fails."""
    (tmp_path / "TF").mkdir()
    (tmp_path / "TF" / "main.tex").write_text(
        "\\documentclass{tufte-handout}\n\\title{A study}\n\\author{Anonymous}\n"
        "\\begin{document}\n\\maketitle\n\\section{Intro}\\label{s}\nText of the paper, "
        "see page~\\pageref{s}.\n\\end{document}\n")
    ran = figures_as_a_user(tmp_path, "paper", "TF", timeout=600)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert ("note: TF/main.tex: cites nothing, and bibtex (which latexmk runs for the "
            "class's natbib) stops on that: compiled without bibtex") in ran.stderr, ran.stderr
    from figures.pdf import open_pdf

    text = open_pdf((tmp_path / "TF" / "main.pdf").read_bytes()).pages[0].extract_text()
    assert "see page 1" in text, text  # the rerun pdfTeX asked for was made
    ran = figures_as_a_user(tmp_path, "pack", "TF", "--out", "TF.tar.gz", timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    (tmp_path / "TF" / "main.tex").write_text((tmp_path / "TF" / "main.tex").read_text()
                                              .replace("Text of", "\\undefinedmacro Text of"))
    ran = figures_as_a_user(tmp_path, "paper", "TF", timeout=600)
    assert ran.returncode == 1, ran.stdout + ran.stderr
    assert "did not compile: Undefined control sequence" in ran.stderr, ran.stderr
