"""Hostile round 23's rows about figures and names: a venue's placeholder author, our figure
wrapped by pdfcrop or a standalone page, the unprinted pages of a multi-page PDF figure."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import REPO, figures_as_a_user, pack_said, packed_plot_book_pages, plot_book, tex


def _pack(tmp_path, *options: str):
    return figures_as_a_user(tmp_path, "pack", "p", *options, "--out", "p.tar.gz", timeout=300)


@pytest.mark.slow  # pack compiles the paper and its archive
@pytest.mark.parametrize("author", ["Anonymous Authors", "Anonymous", "Author Name",
                                    "Anonymous Author(s)"])
def test_a_placeholder_author_filled_in_by_pdfusetitle_passes_the_anonymous_pack(
        tmp_path, author):
    """Round 23 (A6): hyperref's ``pdfusetitle`` fills ``/Author`` from ``\\author``; with
    the venue's placeholder (``\\author{Anonymous Authors}``) the anonymous pack stopped on
    "an author's name (Anonymous Authors)". A placeholder is no author's name, in the PDF
    check as in the source check; a real name still stops the pack."""
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage[pdfusetitle]{hyperref}\n"
        f"\\author{{{author}}}\n\\title{{A study}}\n\\begin{{document}}\n\\maketitle\nText.\n"
        "\\end{document}\n")
    ran = _pack(tmp_path, "--anonymous")
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert ran.stderr.splitlines()[-1].endswith("warnings: 0"), ran.stderr
    assert "an author's name" not in ran.stderr


@pytest.mark.slow  # pack compiles the paper
def test_a_real_name_filled_in_by_pdfusetitle_still_stops_the_anonymous_pack(tmp_path):
    """Round 23 (A6), the control: ``\\author{Janet Smithson}`` with ``pdfusetitle``."""
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage[pdfusetitle]{hyperref}\n"
        "\\author{Janet Smithson}\n\\title{A study}\n\\begin{document}\n\\maketitle\nText.\n"
        "\\end{document}\n")
    ran = _pack(tmp_path, "--anonymous")
    assert ran.returncode == 1, ran.stdout + ran.stderr
    assert "/Author: an author's name ('Janet Smithson')" in ran.stderr


def _wrapped(tmp_path, how: str) -> Path:
    """Our ``cifar_summary`` (synthetic example data) built into ``b/`` with a copy of the
    figdata, then wrapped as authors wrap a PDF (``pdfcrop``, a ``standalone`` page) into
    ``p/figs/summary-wrap.pdf``, included by ``p/main.tex``."""
    shutil.copytree(REPO / "figdata", tmp_path / "figdata")
    built = figures_as_a_user(tmp_path, "build", "cifar_summary", "--venue", "icml",
                              "--out", "b", "--jobs", "1", timeout=300)
    assert built.returncode == 0, built.stdout + built.stderr
    (tmp_path / "p" / "figs").mkdir(parents=True)
    wrap = tmp_path / "p" / "figs" / "summary-wrap.pdf"
    (tmp_path / "w").mkdir()
    shutil.copy(tmp_path / "b" / "cifar_summary.pdf", tmp_path / "w" / "built.pdf")
    if how == "pdfcrop":
        tex(tmp_path / "w", "pdfcrop", "built.pdf", "wrap.pdf")
    else:
        (tmp_path / "w" / "wrap.tex").write_text(
            "\\documentclass{standalone}\n\\usepackage{graphicx}\n\\begin{document}\n"
            "\\includegraphics{built.pdf}\n\\end{document}\n")
        tex(tmp_path / "w", "pdflatex", "-interaction=nonstopmode", "wrap.tex")
    shutil.copy(tmp_path / "w" / "wrap.pdf", wrap)
    (tmp_path / "p" / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\nText.\n"
        "\\includegraphics[width=2in]{figs/summary-wrap.pdf}\n\\end{document}\n")
    return wrap


def _which(tmp_path, path: Path):
    return subprocess.run([sys.executable, "-m", "figures", "which", str(path), "--figdata",
                           "figdata"], capture_output=True, text=True, cwd=tmp_path,
                          timeout=120, check=False)


@pytest.mark.slow  # builds a figure, runs pdfTeX (pdfcrop, standalone) and pack
@pytest.mark.parametrize("how", ["pdfcrop", "standalone"])
def test_our_synthetic_or_stale_figure_in_a_wrapper_pdf_is_judged_as_ours(tmp_path, how):
    """Round 23 (F1): our figure drawn from synthetic example data, cropped by ``pdfcrop`` or
    placed on a ``standalone`` page, passed ``pack`` as "not ours" (the synthetic check
    skipped, exit 0) and ``figures which`` called it "not from this suite". pdfTeX keeps our
    label in the placed form's ``/PTEX.InfoDict``: ``which`` and the pack read it there; a
    stale one stops the pack too. Round 26 (SW): a supplement appended with ``\\includepdf``
    is such a PDF too; the words name it, and a stale one's way out is to compile it again."""
    wrap = _wrapped(tmp_path, how)
    said = _which(tmp_path, wrap)
    assert said.returncode == 0, said.stdout + said.stderr
    assert said.stdout.strip().endswith(
        ": cifar_summary (venue:icml, synthetic-example) inside another PDF (a pdfcrop or "
        "standalone wrapper, a supplement): current"), said.stdout
    ran = figures_as_a_user(tmp_path, "pack", "p", "--out", "p.tar.gz", timeout=300)
    assert ran.returncode == 1, ran.stdout + ran.stderr
    assert ran.stderr.splitlines()[-1] == (
        "error: figs/summary-wrap.pdf: cifar_summary: placed in this PDF (a pdfcrop or "
        "standalone wrapper, a supplement), drawn from SYNTHETIC EXAMPLE DATA; the pack stops "
        "(--allow-synthetic to pack it anyway)")
    told = pack_said(tmp_path, "--allow-synthetic")
    assert "figures: 1 (1 ours, current; 0 not ours)" in told, told
    with (tmp_path / "figdata" / "cifar_summary.json").open("a") as figdata:
        figdata.write("\n")  # its figdata changed since: the wrapped figure is stale
    said = _which(tmp_path, wrap)
    assert said.returncode == 1
    assert ("inside another PDF (a pdfcrop or standalone wrapper, a supplement): stale: "
            in said.stdout), said.stdout
    assert said.stdout.strip().endswith("then crop, wrap or compile again the PDF that holds it")


@pytest.mark.slow  # pdfTeX makes the plot book, pack compiles the paper and its archive
@pytest.mark.parametrize("anonymous", [False, True])
def test_the_pages_of_a_pdf_figure_the_paper_never_prints_are_not_shipped(tmp_path, anonymous):
    """Round 23 (F2): ``\\includegraphics[page=2]{figs/plots.pdf}`` of a three-page plot
    book: the archive held every page, the unprinted ones naming a person and unpublished
    results, also under ``--anonymous``, warnings 0. They are left blank (page 2 stays page
    2, so the paper draws the same), and a warning names the file and the pages."""
    book = plot_book(tmp_path)
    (tmp_path / "p" / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\author{Anonymous}\n"
        "\\begin{document}\nText.\n\\includegraphics[page=2,width=3in]{figs/plots.pdf}\n"
        "\\end{document}\n")
    assert packed_plot_book_pages(tmp_path, *(["--anonymous"] if anonymous else [])) == [
        "", "PLOT OF THE PAPER", ""]
    assert (tmp_path / "p" / "figs" / "plots.pdf").read_bytes() == \
        book.read_bytes()  # the paper's own file: untouched
