"""Hostile round 29's pack rows (issue 45) mended on the figs branch: arXiv's upload removes
a ``.pdf`` beside a ``.tex`` of its name, and an archive holding both (a foreign figure, A1;
our own figure in ``figs/NAME.tex`` + ``figs/NAME.pdf``, A7) packed with no word, or the
pack made the pair itself (an empty ``plot.tex`` beside ``plot.pdf``, A2); a Latin-1 paper's
hidden branch (H3) and ``\\author`` names (A5) not told under ``--anonymous``. The pass
itself, case by case, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import tarfile

import matplotlib.pyplot as plt
import pytest
from helpers import figures_as_a_user, pack_refused, pack_said, write_files

from figures.texcodec import decoded, decoded_all, encodings, named


def _plot(path) -> None:
    """A foreign plot (matplotlib, TrueType fonts: no Type 3 warning)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with plt.rc_context({"pdf.fonttype": 42}):
        figure = plt.figure(figsize=(2, 1.5))
        figure.gca().plot([1, 2, 3])
        figure.savefig(path)
        plt.close(figure)


def _article(body: str, preamble: str = "") -> str:
    return ("\\documentclass{article}\n\\usepackage{graphicx}\n" + preamble
            + "\\begin{document}\n" + body + "\n\\end{document}\n")


@pytest.mark.slow  # pack compiles the paper
def test_a_figure_pdf_beside_a_tex_of_its_name_stops_the_pack(tmp_path):
    r"""Round 29 (A1): ``\input{results}`` (a table) and ``\includegraphics{results.pdf}`` (a
    plot) packed as "compiles from the archive alone", no word; arXiv's upload removes
    ``results.pdf`` beside ``results.tex`` ("REMOVING main.pdf due to name conflict") and
    the include fails there. Now one line naming both files and what to do."""
    paper = write_files(tmp_path / "p", {
        "main.tex": _article("Our results.\n\\input{results}\n\\begin{figure}[h]\\centering"
                             "\\includegraphics[width=3cm]{results.pdf}\\caption{R.}"
                             "\\end{figure}"),
        "results.tex": "\\begin{table}[h]\\centering\\begin{tabular}{cc}a&b\\\\1&2"
                       "\\end{tabular}\\caption{T.}\\end{table}\n"})
    _plot(paper / "results.pdf")
    assert pack_refused(tmp_path) == (
        "error: results.pdf: arXiv's upload removes it beside results.tex (packed too: arXiv "
        "takes a PDF named as a .tex for that file's output), and the paper loses it there: "
        "rename results.tex (and its \\input) or the figure (and its include)")


@pytest.mark.slow  # pack compiles the paper and its archive
def test_a_tex_only_looked_up_for_a_figure_is_not_packed_beside_it(tmp_path):
    r"""Round 29 (A2): ``\includegraphics{plot}`` with ``plot.tex`` beside ``plot.pdf`` (the
    plot's TikZ source, never input): the kernel's name look-up (``\set@curr@file``, TeX's
    default ``.tex`` tried first) opens ``plot.tex``, the pack took it for a file only
    tested and packed it empty beside ``plot.pdf``, which arXiv's upload then removes. A file
    only looked up, never tested nor read, is not packed at all where its stand-in would
    shadow a packed PDF; one truly tested (``\IfFileExists{plot.tex}``) stops the pack."""
    paper = write_files(tmp_path / "p", {
        "main.tex": _article("See the plot.\n\\begin{figure}[h]\\centering"
                             "\\includegraphics[width=3cm]{plot}\\caption{Plot.}\\end{figure}"),
        "plot.tex": "\\documentclass{standalone}\n\\usepackage{tikz}\n\\begin{document}"
                    "\\tikz\\draw (0,0)--(1,1);\\end{document}\n"})
    _plot(paper / "plot.pdf")
    said = pack_said(tmp_path, "--main", "main.tex")
    with tarfile.open(tmp_path / "p.tar.gz") as archive:
        assert sorted(archive.getnames()) == ["main.tex", "plot.pdf"]
    assert said.splitlines()[-1].endswith("warnings: 0"), said
    (tmp_path / "p.tar.gz").unlink()
    main = paper / "main.tex"
    main.write_text(main.read_text().replace("See", "\\IfFileExists{plot.tex}{}{}See"))
    assert pack_refused(tmp_path, "--main", "main.tex").startswith(
        "error: plot.pdf: arXiv's upload removes it beside plot.tex (packed too")


@pytest.mark.slow  # sync builds for the venue, paper and pack compile
def test_our_figure_beside_its_float_tex_is_told_by_sync_and_stops_the_pack(tmp_path):
    r"""Round 29 (A7): our figure in the common layout ``\input{figs/cifar_summary}``, the
    float in ``figs/cifar_summary.tex`` including ``figs/cifar_summary`` (the PDF sync
    writes beside it): packed with "warnings: 0", and arXiv would remove our figure. Sync
    now says so in one line, and the pack stops with A1's line."""
    write_files(tmp_path / "p", {
        "main.tex": "\\documentclass[twocolumn]{article}\n\\usepackage[letterpaper,"
                    "textwidth=6.75in,textheight=9in,columnsep=0.25in]{geometry}\n"
                    "\\usepackage{graphicx}\n\\begin{document}\n\\input{figs/cifar_summary}\n"
                    "Text.\n\\end{document}\n",
        "figs/cifar_summary.tex": "\\begin{figure}[t]\\centering\n\\includegraphics[width="
                                  "\\columnwidth]{figs/cifar_summary}\n\\caption{S.}"
                                  "\\end{figure}\n"})
    ran = figures_as_a_user(tmp_path, "sync", "p", "--venue", "icml", "--allow-synthetic")
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert ("warning: figs/cifar_summary.pdf: arXiv's upload removes it beside "
            "figs/cifar_summary.tex (a PDF named as a .tex's output; `figures pack` stops on "
            "it): rename figs/cifar_summary.tex (and its \\input) before you submit"
            ) in ran.stderr.splitlines(), ran.stderr
    assert pack_refused(tmp_path, "--allow-synthetic") == (
        "error: figs/cifar_summary.pdf: arXiv's upload removes it beside "
        "figs/cifar_summary.tex (packed too: arXiv takes a PDF named as a .tex for that "
        "file's output), and the paper loses it there: rename figs/cifar_summary.tex (and "
        "its \\input) or the figure (and its include)")


_LATIN = ("\\documentclass{article}\n\\usepackage[latin1]{inputenc}\n\\usepackage[T1]{fontenc}"
          "\n{preamble}\\begin{document}\n{body}\n\\end{document}\n")


def _latin1(tmp_path, preamble: str, body: str) -> None:
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "main.tex").write_bytes(
        _LATIN.replace("{preamble}", preamble).replace("{body}", body).encode("latin-1"))


_BRANCH = ("\\ifarxiv SECRETLHF Grüße an München, Köln und Düsseldorf für ihre Unterstützung "
           "während der Überarbeitung, äußerst großzügig.\\fi")


@pytest.mark.slow  # pack compiles the paper and its archive
@pytest.mark.parametrize(("switch", "told"), [("\\arxivfalse", True), ("\\arxivtrue", False)])
def test_a_hidden_branch_of_a_latin1_paper_is_told(tmp_path, switch, told):
    r"""Round 29 (H3): in a Latin-1 paper (``\usepackage[latin1]{inputenc}``), a false
    ``\ifarxiv`` branch of German prose shipped under ``--anonymous`` with "warnings: 0"
    (the same file in UTF-8 was told): the sources were decoded as UTF-8 with lone
    surrogates, which the hidden notes' words do not take for letters. The one decoding
    (UTF-8, else inputenc's encoding) reads them as letters; a printed branch stays untold."""
    _latin1(tmp_path, f"\\newif\\ifarxiv {switch}\n", f"Einleitung.\n{_BRANCH}\nSchluss.")
    said = pack_said(tmp_path, "--anonymous")
    assert ("warning: main.tex:7: \\ifarxiv SECRETLHF Grüße an München, Köln und Düsseldorf "
            "für ihre Unterstützu... is hidden by \\ifarxiv, false there (\\newif\\ifarxiv)"
            in said) is told, said
    assert said.splitlines()[-1].endswith(f"warnings: {int(told)}"), said


@pytest.mark.slow  # pack compiles the paper and its archive
@pytest.mark.parametrize(("authors", "names"), [
    ("Jörg Müller", "Jörg, Müller"),
    ("Jörg Müller \\and Renée Faßbender", "Jörg, Müller, Renée, Faßbender"),
], ids=["one", "two"])
def test_a_latin1_authors_name_in_the_review_copy_is_told(tmp_path, authors, names):
    r"""Round 29 (A5): a Latin-1 ``\author{Jörg Müller}`` printed in the review copy: pack
    ``--anonymous`` said "warnings: 0" (the names decoded as UTF-8 with replacement:
    ``J\ufffdrg``, no name of three letters), and with two authors only a fragment, "Ren".
    Now the names are whole, in the source and in the compiled text, as for UTF-8."""
    _latin1(tmp_path, "\\title{Results}\n\\author{" + authors + "}\n", "\\maketitle\nIntro.")
    said = pack_said(tmp_path, "--anonymous")
    assert "warning: main.tex:5: an author's name (Jörg) in the packed source: the archive " \
        "discloses it; remove it for review" in said, said
    assert f"warning: main.tex: {names} of \\author in the compiled text" in said, said
    assert "(Ren)" not in said, said
    assert "Ren of" not in said, said


def test_one_decoding_of_a_papers_source():
    """Round 29 (H3, A5): the one decoding: UTF-8 when the bytes are UTF-8, else the encoding
    inputenc names, else cp1252 (Latin-1's letters, Windows' quotes; never fails, one
    character per byte); and a name's byte forms to look for in such a source."""
    latin = "\\usepackage[latin9]{inputenc} J\u00f6rg \u20ac".encode("iso8859-15")
    assert named([b"x", latin]) == "iso8859-15"
    assert decoded(latin, named([latin])) == "\\usepackage[latin9]{inputenc} J\u00f6rg \u20ac"
    assert decoded("J\u00f6rg".encode()) == "J\u00f6rg"
    assert decoded(b"J\xf6rg \x93q\x94 \x81") == "J\u00f6rg \u201cq\u201d \x81"
    assert decoded_all({"a.tex": b"\\usepackage[ansinew]{inputenc}", "b.tex": b"\x80"}) == {
        "a.tex": "\\usepackage[ansinew]{inputenc}", "b.tex": "\u20ac"}
    assert named([b"\\usepackage[utf8]{inputenc}"]) == "utf-8"
    assert named([b"\\usepackage[nosuch]{inputenc}"]) is None
    assert encodings("J\u00f6rg") == [b"J\xc3\xb6rg", b"J\xf6rg"]
    assert encodings("Smith") == [b"Smith"]
