"""Hostile round 24's rows A1, S2, T2, N10, S6: an author named through the paper's own
macro, a paper without graphicx, the paper's own printing ``comment`` environment, our
figure placed by pgf's image commands, a paper with no citation under latexmk."""

from __future__ import annotations

import pytest
from helpers import REPO, figures_as_a_user, figures_in_process, packed_anonymously

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
