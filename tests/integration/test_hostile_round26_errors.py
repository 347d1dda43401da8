"""Hostile round 25's unclear refusals mended in round 26: the first LaTeX error in an input
file not named ``.tex`` (EL), and a file the paper reads that the copy left out for a build
product's suffix, read by pgfplots, fancyvrb, listings or verbatim (PL, LL)."""

from __future__ import annotations

import pytest
from helpers import figures_as_a_user, pack_refused, packed, write_files

pytestmark = pytest.mark.slow  # each compiles the paper


@pytest.mark.parametrize("suffix", ["pdf_tex", "tikz", "pgf"])
def test_the_first_error_in_an_input_file_of_any_suffix_names_its_file_and_line(tmp_path,
                                                                                suffix):
    """Round 25 (EL): ``\\input{figs/d.pdf_tex}`` (Inkscape), ``.tikz``, ``.pgf``
    (matplotlib's PGF backend) holding an undefined ``\\lineheight{1}`` on line 2: the pack
    said ``pdflatex: Command for 'pdflatex' gave return code 1`` (latexmk's word: no error, no
    file, no line) where a ``figs/d.tex`` gets ``./figs/d.tex:2: Undefined control
    sequence.``"""
    write_files(tmp_path / "p", {
        "main.tex": "\\documentclass{article}\n\\begin{document}\nIntro text here.\n"
                    f"\\input{{figs/d.{suffix}}}\n\\end{{document}}\n",
        f"figs/d.{suffix}": "Some text.\n\\lineheight{1}\n"})
    assert pack_refused(tmp_path) == (
        "error: main.tex: does not compile in a copy of the paper's folder: "
        f"./figs/d.{suffix}:2: Undefined control sequence.")


_TABLE = "epoch acc\n0 10\n5 45\n10 61.5\n"
_LOG = "epoch 10 acc 61.5% loss 0.93\n"
_PGFPLOTS = "\\usepackage{pgfplots}\\pgfplotsset{compat=1.18}"


def _plot(name: str) -> str:
    return ("\\begin{tikzpicture}\\begin{axis}\\addplot table[x=epoch,y=acc] "
            f"{{{name}}};\\end{{axis}}\\end{{tikzpicture}}")


#: How each reader reads a log (the preamble, the command), and the file it reads.
_READERS = {
    "PLG": (_PGFPLOTS, _plot("logs/train.log"), "logs/train.log", _TABLE),
    "PLO": (_PGFPLOTS, _plot("logs/results.out"), "logs/results.out", _TABLE),
    "LVF": ("\\usepackage{fancyvrb}", "\\VerbatimInput{logs/run.log}", "logs/run.log", _LOG),
    "LLS": ("\\usepackage{listings}", "\\lstinputlisting{logs/run.log}", "logs/run.log", _LOG),
    "LVB": ("\\usepackage{verbatim}", "\\verbatiminput{logs/run.out}", "logs/run.out", _LOG),
}


def _reads(row: str, *more: str) -> dict[str, str]:
    preamble, command, name, text = _READERS[row]
    return {name: text, "main.tex": f"\\documentclass{{article}}\n{preamble}\n"
            "\\begin{document}\nThe training log:\n" + "\n".join((*more, command))
            + "\n\\end{document}\n"}


@pytest.mark.parametrize("row", list(_READERS))
def test_a_log_the_paper_reads_goes_in_as_it_is(tmp_path, row):
    """Round 25 (PL, LL): pgfplots plotting a training log from its file (``\\addplot table
    {logs/train.log}``, a Stata ``logs/results.out``), a log listed with fancyvrb's
    ``\\VerbatimInput``, ``\\lstinputlisting``, verbatim's ``\\verbatiminput``: by hand each
    compiles; the copy left the file out for its suffix (a build product's) and the pack
    stopped with the reader's "could not read" or "not found" (pgfplots blaming line ends)
    for a file that is there. arXiv's upload keeps such a file unless a ``.tex`` of its name
    is beside it, so it goes in, as it is (``%`` and all)."""
    files = write_files(tmp_path / "p", _reads(row))
    name, text = _READERS[row][2:]
    archive, _ = packed(tmp_path)
    assert sorted(archive) == sorted([name, "main.tex"])
    assert archive[name] == text
    assert (files / name).read_text() == text


def test_a_log_beside_a_tex_of_its_name_in_the_archive_stops_the_pack(tmp_path):
    """Round 25 (LL): arXiv's upload removes ``logs/run.log`` beside ``logs/run.tex`` (its
    file manager's check for files TeX made): with both read (``\\input{logs/run}``), the
    archive would lose the log on arXiv; one line naming it and what to do."""
    write_files(tmp_path / "p", {**_reads("LVF", "\\input{logs/run}"),
                                 "logs/run.tex": "The run, in words.\n"})
    assert pack_refused(tmp_path) == (
        "error: main.tex: reads logs/run.log, which arXiv's upload removes beside logs/run.tex "
        "(packed too: a file named as what TeX makes of it): rename it (logs/run.dat, say) "
        "where the paper reads it")


def test_a_table_pgfplots_cannot_read_in_the_copy_names_the_file_and_what_to_do(tmp_path):
    """Round 25 (PL): pgfplots' error for a file the copy left out (a hidden folder's
    ``.data/train.dat``) said only "Could not read table file ... maybe TeX screwed up your
    end-of-lines?": the line now ends at the file's sentence and says why and what to do."""
    files = _reads("PLG")
    files["main.tex"] = files["main.tex"].replace("logs/train.log", ".data/train.dat")
    write_files(tmp_path / "p", {"main.tex": files["main.tex"], ".data/train.dat": _TABLE})
    assert pack_refused(tmp_path) == (
        "error: main.tex: does not compile in a copy of the paper's folder: ./main.tex:5: "
        "Package pgfplots Error: Could not read table file '.data/train.dat' in 'search "
        "path=.'.; the pack leaves out hidden files and folders (.name: arXiv deletes them): "
        "move it into a folder whose name has no leading dot")


@pytest.mark.parametrize(("main", "name", "text"), [
    (("Intro text here.\n\\IfFileExists{tables/reg.out}{\\input{tables/reg.out}}{}\nClosing "
     "text.\n"), "tables/reg.out", "Extra paragraph VISIBLE.\n"),
    ("The curve:\n\\begin{tikzpicture}\\draw plot file {data/curve.log};\\end{tikzpicture}\n",
     "data/curve.log", "0 0\n1 1\n2 4\n")])
def test_a_file_named_as_a_build_product_that_a_test_or_pgf_reads_goes_in(tmp_path, main,
                                                                          name, text):
    """Round 25 (PL, LL), N13's and TP1's class: ``\\IfFileExists{tables/reg.out}`` (a Stata
    table; round 24, N13) and TikZ's ``plot file {data/curve.log}`` (round 25, TP1) stopped
    the pack with "rename it": the file goes in as the paper reads it (arXiv's upload keeps
    it: no ``.tex`` of its name in the archive), the paragraph and the curve with it."""
    write_files(tmp_path / "p", {name: text, "main.tex": (
        "\\documentclass{article}\n\\usepackage{tikz}\n\\begin{document}\n" + main
        + "\\end{document}\n")})
    archive, _ = packed(tmp_path)
    assert archive[name] == text


def test_syncs_probe_stopping_in_a_pgf_file_names_its_file_and_line(tmp_path):
    """Round 25 (EL), sync's side: the probe stopping in matplotlib's ``figs/d.pgf``
    (``\\read16`` in nonstop mode) said ``exit 1 (cannot \\read ...)``, no file; its
    ``-file-line-error`` line names it, as one in a ``.tex`` did."""
    write_files(tmp_path / "p", {
        "main.tex": "\\documentclass{article}\n\\begin{document}\nIntro.\n\\input{figs/d.pgf}\n"
                    "\\end{document}\n", "figs/d.pgf": "Some text.\n\\read16 to \\x\n"})
    ran = figures_as_a_user(tmp_path, "sync", "p", "--allow-synthetic", timeout=300)
    assert ran.returncode == 1, ran.stdout + ran.stderr
    assert ran.stderr.splitlines()[-1] == (
        "error: p/main.tex: pdflatex stopped before the end of the paper (figs/d.pgf:2: "
        "Emergency stop (cannot \\read from terminal in nonstop modes)): mend it so it "
        "compiles, then sync again")
