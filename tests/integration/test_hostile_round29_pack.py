"""Hostile round 29's pack rows (issue 45). On draft mode: whether an include prints graphicx's
or pdfpages' frame is read from the archive's compile (its log sized the file and placed it
nowhere, and a page prints the name), no longer from the source (D1, D2, D4, D5). On the figs
branch: arXiv's upload removes a ``.pdf`` beside a ``.tex`` of its name, and an archive
holding both (a foreign figure, A1; our own figure in ``figs/NAME.tex`` + ``figs/NAME.pdf``,
A7) packed with no word, or the pack made the pair itself (an empty ``plot.tex`` beside
``plot.pdf``, A2); a Latin-1 paper's hidden branch (H3) and ``\\author`` names (A5) not told
under ``--anonymous``. The pass itself, case by case, is in docs/guarantees.md ("Hostile
passes")."""

from __future__ import annotations

import tarfile
from pathlib import Path

import matplotlib.pyplot as plt
import pytest
from helpers import figures_as_a_user, pack_refused, pack_said, write_files
from PIL import Image

_MENTION = "The plot file is \\texttt{a.png} in our repository."


def _paper(root, preamble: str, body: str) -> None:
    """``root/p``: ``PREAMBLE`` (from ``\\documentclass`` on), then ``BODY``, beside
    ``a.png`` and ``supp.pdf`` (one page)."""
    (root / "p").mkdir(parents=True)
    Image.new("RGB", (120, 80), (30, 160, 30)).save(root / "p" / "a.png")
    Image.new("RGB", (300, 200), (200, 60, 60)).save(root / "p" / "supp.pdf")
    write_files(root / "p", {"main.tex": (
        f"{preamble}\n\\author{{Anonymous}}\n\\begin{{document}}\n{body}\nText.\n"
        "\\end{document}\n")})


def _packs(root) -> None:
    ran = figures_as_a_user(root, "pack", "p", "--out", "p.tar.gz", timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "draft" not in ran.stderr, ran.stderr
    assert "frame" not in ran.stderr, ran.stderr


def test_an_image_placed_is_read_from_the_log():
    """Round 29: graphicx logs ``File: NAME Graphic file`` for each image it places (a line
    TeX broke at 79 characters joined first): that image is printed, whatever draft the
    source seems to ask."""
    from figures.pack.inputs import placed  # (here: the file collects without the mend)

    logged = ("<a.png, id=1, 144.54pt x 108.405pt>\nFile: a.png Graphic file (type png)\n"
              "<b.png, id=3, 144.54pt x 108.405pt>\n" + "x" * 73 + "File: figs/c.pn\n"
              "g Graphic file (type png)\n")
    assert placed(logged) == {"a.png"}  # only a line's start is a log line
    assert placed("File: figs/c.png Graphic file (type png)\n") == {"figs/c.png"}


@pytest.mark.slow  # TeX compiles the archive
@pytest.mark.parametrize(("preamble", "body", "said"), [
    (("\\documentclass[draft]{article}\n\\usepackage{graphicx}\n"
     "\\PassOptionsToPackage{final}{graphicx}"), "\\includegraphics[width=3cm]{a.png}",
     ("error: main.tex: the class option draft (main.tex:1): graphicx prints a frame for each "
     "image: the archive's PDF prints a.png's on page 1 in place of the figure included at "
     "main.tex:6; remove it; the pack stops")),
    (("\\documentclass[draft]{article}\n\\usepackage{graphicx}\n\\usepackage{pdfpages}\n"
     "\\PassOptionsToPackage{final}{pdfpages}"),
     "\\includegraphics[width=3cm,draft=false]{a.png}\n\\includepdf[pages=-]{supp.pdf}",
     ("error: main.tex: \\includepdf{supp.pdf} at main.tex:8 in draft mode (the class option "
     "draft): pdfpages prints a frame with the file's name in place of its pages (page 2 of "
     "the archive's PDF); remove draft; the pack stops"))], ids=["PL", "PLP"])
def test_a_final_passed_after_loading_undoes_no_draft(tmp_path, preamble, body, said):
    r"""Round 29 (D1): a draft class, graphicx (or pdfpages) loaded, and only then
    ``\PassOptionsToPackage{final}{graphicx}`` (``{pdfpages}``), which TeX no longer hears:
    the archive printed a frame with "a.png" ("supp.pdf") in place of the figure (the
    supplement), and the pack said nothing, exit 0 (the late final counted). Now TeX's log
    says it (the file sized, placed nowhere) and the pack stops, naming the class's draft."""
    _paper(tmp_path, preamble, body)
    assert pack_refused(tmp_path).startswith(said)


@pytest.mark.slow  # TeX compiles the archive
def test_a_draft_passed_after_loading_is_no_draft(tmp_path):
    r"""Round 29 (D2): a plain class, graphicx loaded, then
    ``\PassOptionsToPackage{draft}{graphicx}`` (too late: TeX prints the image), and the text
    naming a.png: the pack was refused as draft ("graphicx's option draft ... prints a.png's
    on page 1"), the text's own name taken for the frame. TeX's log placed a.png: it packs."""
    _paper(tmp_path, "\\documentclass{article}\n\\usepackage{graphicx}\n"
           "\\PassOptionsToPackage{draft}{graphicx}",
           f"\\includegraphics[width=3cm]{{a.png}} {_MENTION}")
    _packs(tmp_path)


@pytest.mark.slow  # TeX compiles the archive
@pytest.mark.parametrize(("package", "body", "said"), [
    ("graphicx", "\\includegraphics[width=3cm]{a.png}",
     ("error: a.png: the archive's PDF prints graphicx's frame with this name on page 1, not "
     "the figure included at main.tex:7 (TeX's log sized it, placed it nowhere): draft there "
     "by the class option draft (main.tex:1), which a final passed too late or in a false "
     "branch does not undo; remove that draft, or give that include draft=false; the pack "
     "stops")),
    ("pdfpages", "\\includepdf[pages=-]{supp.pdf}",
     ("error: main.tex: \\includepdf{supp.pdf} at main.tex:7 in draft mode (TeX's log read "
     "supp.pdf and placed it nowhere; a final TeX never hears"))], ids=["PIF", "PIFP"])
def test_a_final_in_a_false_branch_undoes_no_draft(tmp_path, package, body, said):
    r"""Round 29 (D4): a draft class, ``\newif\iffinal \finalfalse``,
    ``\iffinal\PassOptionsToPackage{final}{graphicx}\fi``, then graphicx: the archive printed
    a frame with "a.png" and the pack said nothing, exit 0 (the final in the false branch
    counted). Now the archive's log says it and the pack stops; pdfpages alike."""
    _paper(tmp_path, f"\\documentclass[draft]{{article}}\n\\newif\\iffinal \\finalfalse\n"
           f"\\iffinal\\PassOptionsToPackage{{final}}{{{package}}}\\fi\n"
           f"\\usepackage{{{package}}}", body)
    assert pack_refused(tmp_path).startswith(said)


@pytest.mark.slow  # TeX compiles the archive
@pytest.mark.parametrize("options", ["draft,final", "final,draft"], ids=["DF", "FD"])
def test_a_class_given_draft_and_final_prints_the_images(tmp_path, options):
    r"""Round 29 (D5): ``\documentclass[draft,final]{article}`` (either order) and the text
    naming a.png: graphics declares final after draft, so final wins and TeX prints the
    image; the pack was refused as draft ("the class option draft ..."). Now it packs: the
    archive's log placed a.png; and the source reading (figures paper's) is final too."""
    from figures.paper import drafts  # (here: the file collects without the mend)
    from figures.paper.latex import read_paper

    _paper(tmp_path, f"\\documentclass[{options}]{{article}}\n\\usepackage{{graphicx}}",
           f"\\includegraphics[width=3cm]{{a.png}} {_MENTION}")
    assert drafts.draft(read_paper(tmp_path / "p", Path("main.tex"))) is None
    _packs(tmp_path)


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
    others = ", ".join(f"{name} on line 5" for name in names.split(", ")[1:])  # round 37, K4
    assert f"warning: main.tex:5: an author's name (Jörg) and {names.count(',')} more " \
        f"({others}) in the packed source: the archive discloses them; remove them for " \
        "review" in said, said
    assert f"warning: main.tex: {names} of \\author in the compiled text" in said, said
    assert "(Ren)" not in said, said
    assert "Ren of" not in said, said


def test_one_decoding_of_a_papers_source():
    """Round 29 (H3, A5): the one decoding: UTF-8 when the bytes are UTF-8, else the encoding
    inputenc names, else cp1252 (Latin-1's letters, Windows' quotes; never fails, one
    character per byte); and a name's byte forms to look for in such a source."""
    from figures.texcodec import decoded, decoded_all, encodings, named  # (collects unmended)

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
