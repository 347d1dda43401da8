"""Hostile round 25's pack rows: files another reader than LaTeX's own looks for and goes on
without (xr's and zref-xr's external ``.aux``, pgf's ``plot file``), and the net behind them:
a reference the archive leaves undefined that the author's own compile defines."""

from __future__ import annotations

import pytest
from helpers import pack_refused, packed, write_files

from figures.pack import refs

pytestmark = pytest.mark.slow

#: A supplement's labels as its compile writes them (xr, xr-hyper with hyperref, zref-xr).
_AUX = {
    "xr": "\\relax\n\\newlabel{sec:proof}{{2}{1}}\n\\newlabel{tab:big}{{1}{1}}\n",
    "xr-hyper": "\\relax\n\\newlabel{sec:proof}{{2}{1}{Proof}{section.2}{}}\n",
    "zref-xr": "\\relax\n\\zref@newlabel{sec:proof}{\\default{2}\\page{1}}\n",
}
_PREAMBLE = {
    "xr": ("\\usepackage{xr}\n\\externaldocument[S-]{%s}", "\\ref"),
    "xr-hyper": ("\\usepackage{xr-hyper}\\usepackage{hyperref}\n\\externaldocument[S-]{%s}",
                 "\\ref"),
    "zref-xr": ("\\usepackage{zref-xr,zref-user}\n\\zexternaldocument[S-]{%s}", "\\zref"),
}


def _main(reader: str, supplement: str = "supplement") -> str:
    preamble, ref = _PREAMBLE[reader]
    return ("\\documentclass{article}\n" + preamble % supplement + "\n\\begin{document}\n"
            f"Intro text here; the proof is in Section~{ref}{{S-sec:proof}} of the "
            "supplement.\n\\end{document}\n")


@pytest.mark.parametrize("reader", ["xr", "xr-hyper", "zref-xr"])
def test_an_external_documents_aux_goes_in_as_it_is(tmp_path, reader):
    """Round 25 (XR, XR2): ``\\externaldocument[S-]{supplement}`` (xr, xr-hyper) or zref-xr's
    ``\\zexternaldocument`` with the author's ``supplement.aux`` beside ``main.tex``: the copy
    left it out as a build product, its compile printed ``??`` as well, and the archive went
    out printing ``??`` for every reference to the supplement, exit 0. The other document's
    ``.aux`` is data the paper reads: it goes in as it is (arXiv asks for it)."""
    write_files(tmp_path / "p", {"main.tex": _main(reader), "supplement.aux": _AUX[reader],
                                 "supplement.tex": "\\documentclass{article}\n"})
    files, said = packed(tmp_path, "--main", "main.tex", warnings=None)
    assert files["supplement.aux"] == _AUX[reader], said
    assert "main.aux" not in files


def test_an_external_aux_outside_the_folder_stops_the_pack(tmp_path):
    """Round 25 (XR4): ``\\externaldocument[S-]{../supplement/supplement}`` (paper/ and
    supplement/ side by side): xr's ``No file ../supplement/supplement.aux`` (no full stop)
    was not read, and the archive printed ``??``, exit 0, warnings 0."""
    write_files(tmp_path, {"p/main.tex": _main("xr", "../supplement/supplement"),
                           "supplement/supplement.aux": _AUX["xr"]})
    assert pack_refused(tmp_path) == (
        "error: main.tex: reads ../supplement/supplement.aux, outside the paper's folder (as "
        "TeX's log says: Package xr Warning: No file ../supplement/supplement.aux); only the "
        "paper's folder is packed: move that file into it and name it from there "
        "(supplement.aux)")


def test_a_chapters_aux_read_for_includeonly_says_to_remove_it(tmp_path):
    """Round 25 (XR3): ``\\includeonly{chap2}`` left in, chap2 referring to chap1's label
    from the author's ``chap1.aux``: the stop advised "rename it (.tex)", which cannot work
    (LaTeX reads that file by that name); the way out is to drop ``\\includeonly``."""
    write_files(tmp_path / "p", {
        "main.tex": "\\documentclass{article}\n\\includeonly{chap2}\n\\begin{document}\n"
                    "\\include{chap1}\n\\include{chap2}\n\\end{document}\n",
        "chap1.tex": "\\section{Setup}\\label{sec:setup}Setup text.\n",
        "chap2.tex": "\\section{Results}As set up in Section~\\ref{sec:setup}, results.\n",
        "chap1.aux": "\\relax\n\\newlabel{sec:setup}{{1}{1}}\n"})
    assert pack_refused(tmp_path).endswith(
        "reads chap1.aux where it exists (LaTeX's log in the copy: No file chap1.aux.); LaTeX "
        "reads it for the labels of an \\include'd chapter that \\includeonly leaves out, and "
        "the pack leaves out build products (.aux: arXiv's compile writes them anew): remove "
        "\\includeonly (or compile every chapter once)")


@pytest.mark.parametrize(("name", "why"), [  # data/curve.log (TP1) goes in: round 26's
    (".data/curve.dat", ("the pack leaves out hidden files and folders (.name: arXiv deletes "
     "them): move it into a folder whose name has no leading dot"))])
def test_a_plot_file_left_out_stops_the_pack(tmp_path, name, why):
    """Round 25 (TP): TikZ's ``\\draw plot file {data/curve.log}`` (TP1) or
    ``{.data/curve.dat}`` (TP2): pgf only warns for a missing file, the copy left it out, and
    the archive's plot was empty, exit 0, warnings 0."""
    write_files(tmp_path / "p", {name: "0 0\n1 1\n2 4\n", "main.tex": (
        "\\documentclass{article}\n\\usepackage{tikz}\n\\begin{document}\nThe curve:\n"
        f"\\begin{{tikzpicture}}\\draw plot file {{{name}}};\\end{{tikzpicture}}\n"
        "\\end{document}\n")})
    assert pack_refused(tmp_path) == (
        f"error: main.tex: reads {name} where it exists (LaTeX's log in the copy: Package pgf "
        f"Warning: Plot data file `{name}' not found.); {why}")


def test_a_plot_file_outside_the_folder_stops_the_pack(tmp_path):
    """Round 25 (TP3): ``\\draw plot file {../results/curve.dat}`` from ``paper/``: the
    archive's plot was empty, exit 0, warnings 0."""
    write_files(tmp_path, {"results/curve.dat": "0 0\n1 1\n", "p/main.tex": (
        "\\documentclass{article}\n\\usepackage{tikz}\n\\begin{document}\nThe curve:\n"
        "\\begin{tikzpicture}\\draw plot file {../results/curve.dat};\\end{tikzpicture}\n"
        "\\end{document}\n")})
    assert pack_refused(tmp_path).startswith(
        "error: main.tex: reads ../results/curve.dat, outside the paper's folder (as TeX's "
        "log says: Package pgf Warning: Plot data file `../results/curve.dat' not found.)")


_REFERS = ("\\documentclass{article}\n\\begin{document}\nSee Section~\\ref{sec:gone}.\n"
           "\\end{document}\n")


def test_undefined_in_the_archive_but_not_in_the_authors_log_stops_the_pack(tmp_path):
    """Round 25 (XR), the net behind every reader: the archive's compile leaves a reference
    undefined (``??``) that the author's own ``main.log`` has none of: the pack stops naming
    it, whatever file went missing."""
    write_files(tmp_path / "p", {"main.tex": _REFERS, "main.log": "No file main.aux.\n"})
    assert pack_refused(tmp_path) == (
        "error: main.tex: the archive's compile leaves references or citations sec:gone "
        "undefined (?? on its page), which your own compile's main.log defines: a file the "
        "paper reads did not go in; put it in the paper's folder (another document's .aux "
        "beside main.tex), or compile the paper again if main.log is old")


def test_undefined_in_the_authors_log_too_is_left_as_it_is(tmp_path):
    """Round 25 (XR): a draft whose own log has undefined references too: nothing new; with
    no log of the author's to compare with, one warning."""
    log = "LaTeX Warning: Reference `sec:gone' on page 1 undefined on input line 3.\n"
    write_files(tmp_path / "p", {"main.tex": _REFERS, "main.log": log})
    packed(tmp_path)
    (tmp_path / "p" / "main.log").unlink()
    said = packed(tmp_path, warnings=1)[1]
    assert "leaves references or citations sec:gone undefined (?? on its page), and there is " \
        "no main.log of your own compile" in said


def test_undefined_in_the_authors_log_too_for_want_of_the_same_aux_is_told(tmp_path):
    """Round 40 (X2): a supplement reading main.aux through xr, whose own log (the one
    `figures paper` wrote, which leaves no .aux in the folder) did not find main.aux either:
    the pack took that log for the author's compile and shipped ``??`` with no word. Now one
    warning: undefined in both, for want of main.aux, and what to do."""
    log = ("Package xr Warning: \nNo file main.aux\nLABELS NOT IMPORTED.\n\n"
           "LaTeX Warning: Reference `fig:summary' on page 1 undefined on input line 5.\n")
    write_files(tmp_path / "p", {
        "main.tex": "\\documentclass{article}\n", "supplement.log": log,
        "supplement.tex": ("\\documentclass{article}\n\\usepackage{xr}\n\\externaldocument"
                           "{main}\n\\begin{document}\nSee Figure~\\ref{fig:summary}.\n"
                           "\\end{document}\n")})
    said = packed(tmp_path, "--main", "supplement.tex", warnings=None)[1]
    assert ("warning: supplement.tex: the archive's compile leaves references or citations "
            "fig:summary (from main.aux, which the archive's compile did not find) undefined "
            "(?? on its page), and so did your own compile's supplement.log, which did not find "
            "main.aux either (figures paper leaves no .aux in the folder): compile main.tex by "
            "hand there once (latexmk -pdf main.tex), so that main.aux is beside "
            "supplement.tex, then pack again\n") in said, said


def test_undefined_reads_labels_keys_and_the_summary():
    """Round 25 (XR): the net's reading of a log."""
    assert refs.undefined("LaTeX Warning: Reference `S-a' on page 1 undefined on input line 6."
                          "\nPackage natbib Warning: Citation `k1' on page 2 undefined\n") == [
        "S-a", "k1"]
    assert refs.undefined("LaTeX Warning: There were undefined references.\n") == [""]
    assert refs.undefined("LaTeX Warning: Label(s) may have changed.\n") == []


def test_gitinfo2s_head_file_in_dot_git_says_to_drop_the_package(tmp_path):
    """Round 25 (GI2): gitinfo2 reading ``.git/gitHeadInfo.gin`` (a git hook's, naming the
    author): the stop advised "move it into a folder whose name has no leading dot", which
    cannot be done (gitinfo2 reads it by that name); the way out is to drop the package for
    the submission (or its ``local`` option)."""
    write_files(tmp_path / "p", {
        ".git/gitHeadInfo.gin": ("\\usepackage[shash={a1b2c3d},authname={Janet Smithson}]"
                                 "{gitexinfo}\n"),
        "main.tex": ("\\documentclass{article}\n\\usepackage{gitinfo2}\n\\begin{document}\n"
                     "Intro text here. Version \\gitAbbrevHash{} by \\gitAuthorName.\n"
                     "\\end{document}\n")})
    refused = pack_refused(tmp_path)
    assert "leading dot" not in refused
    assert refused.endswith(
        "; read from the repository's .git folder (gitinfo2/gitinfo do this), which the pack "
        "leaves out: drop the package for the submission (or use its local option with a file "
        "beside main.tex)"), refused
