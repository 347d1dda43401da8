"""Hostile round 33's rows (issue 45) on the draft-frame count and pypdf's limits: a figure
PDF over pypdf's resource limits in a paper saying "draft" (P9, P10) and in ``figures check``
(P17), a stamp image placed only when graphicx is drafted, balancing the page's count (P8).
The pass itself, case by case, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import zlib
from pathlib import Path

import pytest
from helpers import REPO, figures_as_a_user, flate_stream, pack_refused, raw_pdf, write_files
from PIL import Image

from figures.cli import main as cli

#: More than pypdf 7 decompresses in one stream (75 MB): 78 KB compressed (round 33, P10's
#: ``bomb``); pypdf stops it within a second.
_BOMB = zlib.compress(b"n\n" * 40_000_000, 9)


def crafted(inside_a_form: bool) -> bytes:
    """A one-page PDF whose content (or a form it places, named by pdfTeX's
    ``/PTEX.FileName`` as an included ``./dense.pdf``) is over pypdf's limits."""
    objects = {1: b"<< /Type /Catalog /Pages 2 0 R >>",
               2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>"}
    if inside_a_form:
        objects[3] = (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources "
                      b"<< /XObject << /Fm1 5 0 R >> >> /Contents 4 0 R >>")
        objects[4] = flate_stream(b"", zlib.compress(b"q 1 0 0 1 10 10 cm /Fm1 Do Q\n"))
        objects[5] = flate_stream(b"/Type /XObject /Subtype /Form /BBox [0 0 100 100] "
                             b"/PTEX.FileName (./dense.pdf) /PTEX.PageNumber 1", _BOMB)
    else:
        objects[3] = (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] "
                      b"/Contents 4 0 R >>")
        objects[4] = flate_stream(b"", _BOMB)
    return raw_pdf(objects)


@pytest.mark.slow  # TeX compiles the archive
def test_a_figure_over_pypdfs_limits_in_a_draft_paper_packs(tmp_path):
    """Round 33 (P9, P10): a figure PDF whose page is over pypdf's resource limits (an honest
    300k-point scatter, 2.7 M tokens; here 80 MB of operators in 78 KB) in a paper whose
    prose says "draft": the forced-final count read every form and caught nothing, so the
    pack stopped with ``internal error in figures pack: LimitReachedError``, pypdf's own
    ``Impossible to decode XFormObject`` printed raw before it. Now such a form is opaque
    (its placement counted, its inside not read, alike in both compiles): the archive packs,
    and nothing of pypdf's is printed."""
    write_files(tmp_path / "p", {"dense.pdf": crafted(inside_a_form=False), "main.tex": (
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\n"
        "Figure 1 shows all runs of this draft: \\includegraphics[width=3cm]{dense.pdf}\n"
        "\\end{document}\n")})
    ran = figures_as_a_user(tmp_path, "pack", "p", "--out", "p.tar.gz", timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    for absent in ("internal error", "LimitReached", "Limit reached", "Impossible to decode"):
        assert absent not in ran.stderr, ran.stderr


def test_a_page_over_pypdfs_limits_is_said_not_counted():
    """Round 33 (P10): a page whose own content stream pypdf will not read within its
    limits stopped the frame count with an internal error. Now that page is not counted
    (None), and the pack says so in a warning naming the page, rather than guessing."""
    from figures.pack import frames, placing

    assert placing.placements(crafted(inside_a_form=False)) == [None]
    said: list[str] = []
    assert frames._more(Path("main.tex"), [None], [placing.Placed()], said) is None
    [line] = said
    assert line.startswith("main.tex: page 1 of the archive's PDF draws more in one content "
                           "stream than pypdf reads within its limits"), line
    assert line.endswith("look at that page before you submit"), line


@pytest.mark.parametrize(("inside_a_form", "note"), [
    (True, ("note: ./dense.pdf (page 1): draws more in one content stream than pypdf reads "
            "within its limits: what it draws inside (a figure of ours, an image) was not "
            "checked")),
    (False, ("note: page 1: draws more in one content stream than pypdf reads within its "
             "limits: the figures and images it places were not checked"))],
    ids=["form", "page"])
def test_figures_check_skips_a_form_over_pypdfs_limits_and_checks_the_rest(
        tmp_path, capsys, inside_a_form, note):
    """Round 33 (P17): ``figures paper``/``figures check`` on a paper placing a figure PDF
    over pypdf's limits (the honest 300k-point scatter) said ``cannot be read as a PDF
    (LimitReachedError): is it the compiled paper?`` and checked no figure. Now what that
    form draws inside is skipped, said in a note naming its file (a page's own content over
    them: the page), and the rest checked; a real non-PDF keeps its line
    (test_a_damaged_paper_pdf_is_one_line)."""
    paper = tmp_path / "main.pdf"
    paper.write_bytes(crafted(inside_a_form))
    code = cli.main(["check", str(paper), "--venue", "icml", "--figdata",
                     str(REPO / "figdata")])
    out, err = capsys.readouterr()
    assert "cannot be read" not in err, err
    assert note in out.splitlines(), out
    assert code == 0, out + err


def test_figures_check_skips_a_form_in_a_filter_pypdf_lacks(tmp_path, capsys):
    """Review of round 33's P17 mend and round 34's P6: the pack's count caught a stream in a
    filter pypdf lacks (NotImplementedError) or needs a program for (DependencyError), but
    ``figures check``/``figures paper`` caught only pypdf's own errors: a figure form in such
    a filter was an internal error there. Every reader of a content stream now catches the
    same (:func:`figures.pdf.unreadable`): that form is skipped with a note naming its file."""
    form = (b"<< /Type /XObject /Subtype /Form /BBox [0 0 10 10] /Filter /FooDecode "
            b"/PTEX.FileName (./plot.pdf) /Length 4 >>\nstream\nxxxx\nendstream")
    paper = tmp_path / "main.pdf"
    paper.write_bytes(raw_pdf({
        1: b"<< /Type /Catalog /Pages 2 0 R >>", 2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        3: (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources "
            b"<< /XObject << /Fm1 5 0 R >> >> /Contents 4 0 R >>"),
        4: flate_stream(b"", zlib.compress(b"q 1 0 0 1 10 10 cm /Fm1 Do Q\n")), 5: form}))
    code = cli.main(["check", str(paper), "--venue", "icml", "--figdata",
                     str(REPO / "figdata")])
    out, err = capsys.readouterr()
    assert "internal error" not in err, err
    assert any(line.startswith("note: ./plot.pdf (page 1): ") for line in out.splitlines()), out
    assert code == 0, out + err


@pytest.mark.slow  # TeX compiles the archive
def test_a_stamp_placed_only_when_drafted_does_not_hide_the_frame(tmp_path):
    r"""Round 33 (P8): a paper reading graphics' switch, placing a stamp image (the figure's
    own pixels, smaller, in the page's corner) only when drafted, under a ``[draft]`` class:
    page 1 placed one image both ways (the stamp in the archive, the figure forced final),
    and the frame packed with no word. Each page's images are now compared by what they
    are (a digest of the decoded pixels, at the size drawn), not counted only: forced final
    places the figure the archive's page lacks, and the pack stops."""
    (tmp_path / "p").mkdir()
    Image.new("RGB", (120, 80), (30, 160, 30)).save(tmp_path / "p" / "a.png")
    Image.new("RGB", (120, 80), (30, 160, 30)).save(tmp_path / "p" / "b.png")
    write_files(tmp_path / "p", {"main.tex": (
        "\\documentclass[draft]{article}\n\\usepackage{graphicx}\n\\makeatletter"
        "\\AtBeginDocument{\\ifGin@draft\\AddToHook{shipout/background}{\\put(20pt,-20pt)"
        "{\\includegraphics[width=1cm,draft=false]{b.png}}}\\fi}\\makeatother\n"
        "\\begin{document}\nIntro. \\includegraphics[width=3cm]{a.png} More.\n"
        "\\end{document}\n")})
    said = pack_refused(tmp_path)
    for word in ("a.png", "page 1", "remove"):
        assert word in said, said
