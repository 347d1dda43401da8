"""Hostile round 19's rows: the paper's own XMP in an anonymous pack (P8), an author's image
that a synced figure would shadow (P5); round 20's sibling of P8, a note's author in the
compiled PDF's annotations (K4)."""

from __future__ import annotations

import pytest
from helpers import (
    REPO,
    figures_as_a_user,
    pack_refused,
    packed_anonymously,
    sync_refused_twice,
)

_figures = figures_as_a_user


def _hyperxmp_paper(folder, author: str, keys: str = "") -> None:
    folder.mkdir()
    (folder / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage{hyperref}\n\\usepackage{hyperxmp}\n"
        + (f"\\hypersetup{{{keys}}}\n" if keys else "")
        + f"\\title{{Credit assignment, audited}}\n\\author{{{author}}}\n"
        "\\begin{document}\nText of a paper under double-blind review.\n\\end{document}\n")


@pytest.mark.slow  # pack compiles the paper and its archive
def test_an_anonymous_pack_stops_on_the_authors_name_in_the_papers_xmp(tmp_path):
    r"""Round 19 (P8): ``\usepackage{hyperxmp}`` and ``\author{Janet Smithson}``: the PDF
    compiled from the archive carries the name in its XMP (dc:creator, filled from
    ``\author``), and ``pack --anonymous`` said only the source warning any paper gets, exit 0
    (the same name as hyperref's ``pdfauthor`` stops the pack)."""
    _hyperxmp_paper(tmp_path / "p", "Janet Smithson")
    assert pack_refused(tmp_path, "--anonymous") == (
        "error: main.tex: the PDF compiled from the archive discloses XMP metadata dc:creator: "
        "an author's name (Janet Smithson); the paper's XMP (hyperxmp?, pdfx's .xmpdata, "
        "\\DocumentMetadata) holds it: drop the package or that field for the anonymous "
        "version; the anonymous pack stops")


@pytest.mark.slow  # pack compiles the paper and its archive
def test_an_anonymous_pack_reads_every_field_of_the_papers_xmp(tmp_path):
    r"""Round 19 (P8): an anonymous ``\author`` but hyperxmp's contact e-mail (an XMP field
    of no document information) stops the pack; an anonymous paper's XMP alone does not."""
    _hyperxmp_paper(tmp_path / "p", "Anonymous Authors",
                    "pdfcontactemail={janet.smithson@uni-example.org}")
    assert pack_refused(tmp_path, "--anonymous").startswith(  # its line: round 42, A34
        "error: main.tex:4: the PDF compiled from the archive discloses XMP metadata "
        "Iptc4xmpCore:CiEmailWork: an e-mail address (janet.smithson@uni-example.org); "
        "the paper's XMP")
    _hyperxmp_paper(tmp_path / "q", "Anonymous Authors")
    assert "main.tex" in packed_anonymously(tmp_path, "q")


def _noted_paper(folder, author: str, body: str) -> None:
    folder.mkdir()
    (folder / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage{pdfcomment}\n\\usepackage{hyperref}\n"
        f"\\title{{Credit assignment, audited}}\n\\author{{{author}}}\n"
        f"\\begin{{document}}\n\\section{{Intro}}\\label{{s}}\n{body}\n\\end{{document}}\n")


@pytest.mark.slow  # pack compiles the paper and its archive
def test_an_anonymous_pack_stops_on_a_notes_author_in_the_compiled_pdfs_annotations(tmp_path):
    r"""Round 20 (K4): ``\pdfcomment[author={Janet Smithson},subject={note}]{...}`` and
    ``\author{Janet Smithson}``: the PDF compiled from the archive carries a page annotation
    whose /T (the author field a reader's comment panel shows) is the name, and ``pack
    --anonymous`` said only the source warning any paper gets, exit 0 (the same name in
    /Author or XMP stops the pack). An anonymous ``\author`` with a note signed by another
    name, or a note's text holding an e-mail address, stops it too."""
    _noted_paper(tmp_path / "p", "Janet Smithson", "Text of a paper\\pdfcomment[author={Janet "
                 "Smithson},subject={note}]{fix the related work} under review.")
    assert pack_refused(tmp_path, "--anonymous") == (
        "error: main.tex: the PDF compiled from the archive discloses an annotation's /T "
        "(page 1): an author's name (Janet Smithson); a note's author field (pdfcomment's or "
        "attachfile's author=?): leave it out of the anonymous version; the anonymous pack "
        "stops")
    _noted_paper(tmp_path / "q", "Anonymous Authors", "Text\\pdfmarkupcomment[markup=Highlight,"
                 "author=Karl Weberling]{of a paper}{cite more} under review.")
    assert "discloses an annotation's /T (page 1): an author's name (Karl Weberling);" \
        in pack_refused(tmp_path, "--anonymous", folder="q")
    _noted_paper(tmp_path / "r", "Anonymous Authors", "Text of a paper\\pdfcomment{ask "
                 "janet.smithson@uni-example.org} under review.")
    assert pack_refused(tmp_path, "--anonymous", folder="r").startswith(
        "error: main.tex: the PDF compiled from the archive discloses an annotation's /Contents "
        "(page 1): an e-mail address (janet.smithson@uni-example.org); a note's, tooltip's or "
        "attachment's text")


@pytest.mark.slow  # pack compiles the paper and its archive
def test_an_anonymous_hyperref_papers_links_and_unsigned_notes_still_pack(tmp_path):
    r"""Round 20 (K4): reading the compiled PDF's annotations refuses no anonymous paper for
    its links, hyperref's ``\url``, ``\href`` and ``\ref`` (link annotations: an action, no
    text field), nor for a note signed by no one or by a role (``author=Reviewer``)."""
    _noted_paper(tmp_path / "p", "Anonymous Authors",
                 "See \\url{https://github.com/anonymous-authors/fa-audit} and \\href{"
                 "https://anonymous.4open.science/r/fa-audit}{the code}, Section~\\ref{s}."
                 "\\pdfcomment{fix the related work}\\pdfcomment[author=Reviewer]{cite more}")
    assert "main.tex" in packed_anonymously(tmp_path)


def _her_png(tmp_path):
    """The two-column paper, and the author's own ``figures/cifar_summary.png`` (no
    provenance of ours: her hand-tuned export) that ``\\includegraphics{\\figdir/cifar_summary}``
    prints, no PDF beside it."""
    import shutil

    from PIL import Image

    paper = tmp_path / "p"
    shutil.copytree(REPO / "tests" / "papers" / "twocol", paper)
    (paper / "figures").mkdir()
    Image.new("RGB", (650, 490), "red").save(paper / "figures" / "cifar_summary.png",
                                             dpi=(200, 200))
    return paper


@pytest.mark.slow  # sync builds for the venue and its probe compiles the paper
def test_a_file_of_the_authors_that_a_synced_figure_would_shadow_is_refused(tmp_path):
    r"""Round 19 (P5): the author's ``figures/cifar_summary.png`` printed for an include
    without extension: sync wrote ``cifar_summary.pdf`` beside it, which pdflatex picks
    first (graphicx's order): her picture silently stopped printing, exit 0. Now the row is
    refused naming her file and the choices, nothing written (twice: the second sync's probe
    reads the copy it guesses it places); with ``--overwrite-theirs`` hers is kept aside."""
    paper = _her_png(tmp_path)
    before = sorted(p.relative_to(paper) for p in paper.rglob("*"))
    assert sync_refused_twice(tmp_path, "cifar_summary") == (
        "refused: pdflatex prints figures/cifar_summary.png for \\includegraphics"
        "{figures/cifar_summary} now, and it is not ours (no provenance of "
        "fa-audit-figures inside): the .pdf sync would write beside it is read first "
        "(graphicx's order), and yours would stop printing: rename yours (and the "
        "include) to keep it, write the extension (\\includegraphics"
        "{figures/cifar_summary.pdf}) to print ours, or --overwrite-theirs (yours is then "
        "moved aside to figures/cifar_summary.png.bak, and TeX reads ours)")
    assert sorted(p.relative_to(paper) for p in paper.rglob("*")) == before
    assert (tmp_path / "build").is_dir()
    ran = _figures(tmp_path, "sync", "p", "--venue", "icml", "--allow-synthetic",
                   "--overwrite-theirs")
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "(theirs figures/cifar_summary.png, which pdflatex printed kept as " \
        "figures/cifar_summary.png.bak)" in ran.stdout, ran.stdout
    figures = paper / "figures"
    assert not (figures / "cifar_summary.png").exists()
    assert (figures / "cifar_summary.png.bak").is_file()
    assert (figures / "cifar_summary.pdf").read_bytes().startswith(b"%PDF")
