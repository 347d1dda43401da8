"""Hostile round 26's pack rows (issue 45): a supplement appended with pdfpages that prints the
name its own metadata holds (SU), and a paper left in draft mode, whose archive prints
graphicx's frames in place of its figures (PD)."""

from __future__ import annotations

import shutil

import pytest
from helpers import figures_as_a_user, pack_refused, tex, write_files


def _supplement(root) -> None:
    r"""Round 26 (SU)'s paper ``root/SU``: ``supp.pdf`` compiled from ``supp/supp.tex``
    (``\author{Janet Smithson \\ MIT}``, hyperref's ``pdfauthor={Janet Smithson}``), appended
    to the anonymous ``main.tex`` with pdfpages' ``\includepdf``."""
    write_files(root / "SU", {
        "supp/supp.tex": ("\\documentclass{article}\n\\usepackage[pdfauthor={Janet Smithson}]"
                          "{hyperref}\n\\author{Janet Smithson \\\\ MIT}\n\\title{Supplement}\n"
                          "\\begin{document}\n\\maketitle\nProofs here.\n\\end{document}\n"),
        "main.tex": ("\\documentclass{article}\n\\usepackage{pdfpages}\n\\author{Anonymous}\n"
                     "\\title{T}\n\\begin{document}\n\\maketitle\nIntro text here.\n"
                     "\\includepdf[pages=-]{supp.pdf}\n\\end{document}\n")})
    tex(root / "SU/supp", "pdflatex", "-interaction=nonstopmode", "supp.tex")
    (root / "SU/supp/supp.pdf").rename(root / "SU/supp.pdf")
    for made in (root / "SU/supp").glob("supp.*"):
        if made.suffix != ".tex":
            made.unlink()


@pytest.mark.slow  # TeX compiles the supplement and the archive
def test_a_supplement_printing_its_own_authors_name_is_a_warning(tmp_path):
    r"""Round 26 (SU): a supplement appended with pdfpages prints "Janet Smithson MIT" on
    page 2 of the anonymous archive's PDF; pack removed its ``/Author (Janet Smithson)`` and
    said ``warnings: 0``: the compiled text was read only for the sources' ``\author``
    names. Now the names the included files' own metadata holds are read for too: one
    warning naming the file, the page and what to do (a warning, as a printed ``\author``
    name is)."""
    _supplement(tmp_path)
    ran = figures_as_a_user(tmp_path, "pack", "SU", "--anonymous", "--main", "main.tex",
                            "--out", "SU.tar.gz", timeout=300)
    told = ran.stderr
    assert ran.returncode == 0, ran.stdout + told
    assert told.splitlines()[-1].endswith("warnings: 1"), told
    assert "warning: supp.pdf prints 'Janet Smithson' (its /Author) on page 2 of the archive: " \
           "the review copy names who made it; anonymize supp.pdf itself (the pack removes " \
           "only its metadata)" in told, told


@pytest.mark.slow  # TeX compiles the supplement and the paper
def test_check_anonymous_says_to_anonymize_a_supplement_that_prints_its_author(tmp_path):
    r"""Round 26 (SU): ``figures paper --anonymous`` (and ``figures check --anonymous``) on
    that paper said ``/PTEX.InfoDict /Author: an author's name ('Janet Smithson')
    (\pdfsuppressptexinfo=-1 leaves it out)``: that hides the metadata, not the name the
    supplement prints. Now the line says where it is printed and to anonymize the file."""
    _supplement(tmp_path)
    tex(tmp_path / "SU", "pdflatex", "-interaction=nonstopmode", "main.tex")
    ran = figures_as_a_user(tmp_path, "check", "SU/main.pdf", "--anonymous", "--venue", "icml")
    assert "problem: ./supp.pdf: /PTEX.InfoDict /Author: an author's name ('Janet Smithson'), " \
           "printed on page 2 too: anonymize supp.pdf itself (\\pdfsuppressptexinfo=-1 would " \
           "hide only its metadata)" in ran.stdout, ran.stdout + ran.stderr


def test_who_made_reads_what_the_scrub_removes():
    """Round 26 (SU): the names, e-mail addresses and user names a figure's metadata holds:
    a JPEG's EXIF Artist, XPAuthor and comment, a PNG's Author and a path in its text."""
    import io

    from PIL import Image
    from PIL.PngImagePlugin import PngInfo

    from figures.pack.scrub import who_made

    image = Image.new("RGB", (8, 8))
    exif = image.getexif()
    exif[315], exif[0x9C9D] = "Janet Smithson", "Bob Jones".encode("utf-16-le") + b"\0\0"
    jpeg, png, text = io.BytesIO(), io.BytesIO(), PngInfo()
    image.save(jpeg, "JPEG", exif=exif, comment=b"mail jsmith@mit.edu")
    text.add_text("Author", "Anonymous Authors")  # a venue's placeholder: no name
    text.add_text("Comment", "saved from /home/jsmith/shots/a.png")
    image.save(png, "PNG", pnginfo=text)
    assert sorted(who_made(jpeg.getvalue(), "a.jpg")) == [
        ("an e-mail address in its JPEG comment", "jsmith@mit.edu"),
        ("its EXIF Artist", "Janet Smithson"), ("its EXIF XPAuthor", "Bob Jones")]
    assert who_made(png.getvalue(), "a.png") == [("a user's name in its PNG Comment", "jsmith")]



def _shot(folder) -> None:
    """A foreign figure, ``shot.png``."""
    from PIL import Image

    folder.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (120, 80), (30, 160, 30)).save(folder / "shot.png")


def _draft_paper(root, options: str, preamble: str, keys: str, text: str = "Text.") -> None:
    r"""``root/p``: ``\documentclass[OPTIONS]{article}``, ``PREAMBLE``, one figure
    ``\includegraphics[KEYS]{shot}`` on line 6, then ``TEXT``."""
    _shot(root / "p")
    write_files(root / "p", {"main.tex": (
        f"\\documentclass[{options}]{{article}}\n{preamble}\n\\author{{Anonymous}}\n"
        "\\begin{document}\n\\begin{figure}[t]\\centering\n"
        f"\\includegraphics[{keys}]{{shot}}\n\\caption{{S.}}\\end{{figure}}\n{text}\n"
        "\\end{document}\n")})


@pytest.mark.slow  # TeX compiles the archive
@pytest.mark.parametrize(("options", "keys", "said"), [
    ("twocolumn,draft", "width=\\columnwidth",
     ("error: main.tex: the class option draft (main.tex:1): graphicx prints a frame for each "
     "image: the archive's PDF prints shot.png's on page 1 in place of the figure included at "
     "main.tex:6; remove it; the pack stops")),
    ("twocolumn", "draft,width=\\columnwidth",
     ("error: shot.png: its own draft key, \\includegraphics[draft,width=\\columnwidth] at "
     "main.tex:6: graphicx prints a frame in its place; remove draft from the include's "
     "options; the pack stops (the archive's PDF prints that frame on page 1, not the figure)")),
], ids=["DRC", "DK"])
def test_a_paper_in_draft_mode_is_refused_naming_the_option(tmp_path, options, keys, said):
    r"""Round 26 (PD): a paper left in draft mode, the class option
    (``\documentclass[twocolumn,draft]{article}``, DRC) or the include's own key
    (``\includegraphics[draft,width=..]``, DK): pack said "warnings: 0", exit 0, and the
    archive printed a frame with the file's name in place of the figure (``figures paper``
    said so). Now the pack stops in one line naming the option or the include, where, and
    to remove it: the same reading as ``figures paper`` (figures/paper/drafts.py)."""
    _draft_paper(tmp_path, options, "\\usepackage{graphicx}", keys)
    assert pack_refused(tmp_path).startswith(said)


@pytest.mark.slow  # TeX compiles the archive
def test_a_draft_class_with_graphicx_final_packs(tmp_path):
    r"""Round 26 (PD): ``\documentclass[draft]{article}`` with ``\usepackage[final]
    {graphicx}`` (draft's overfull marks, the figures printed): no frame is printed, so the
    pack goes on as before, no warning."""
    _draft_paper(tmp_path, "draft", "\\usepackage[final]{graphicx}", "width=\\linewidth")
    ran = figures_as_a_user(tmp_path, "pack", "p", "--out", "p.tar.gz", timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert ran.stderr.splitlines()[-1].endswith("warnings: 0"), ran.stderr


@pytest.mark.slow  # TeX compiles the archive
@pytest.mark.parametrize(("preamble", "keys"), [
    ("\\usepackage[final]{graphicx}", "width=\\linewidth"),
    ("\\usepackage{graphicx}\\setkeys{Gin}{draft=false}", "width=\\linewidth"),
    ("\\usepackage{graphicx}", "draft=false,width=\\linewidth"),
], ids=["package", "setkeys", "key"])
def test_a_draft_class_overridden_by_final_packs_though_the_text_names_the_file(
        tmp_path, preamble, keys):
    r"""Round 27 (D1): ``\documentclass[draft]{article}`` with graphicx's ``final`` (its
    package option, ``\setkeys{Gin}{final}`` or the include's own key), the figure printed,
    and the text naming the image's file (``the plot is \texttt{shot.png}``): the pack
    refused, "the class option draft ... prints shot.png's on page 1 in place of the figure",
    a paper right by hand stopped for the author's own words. Either overrides the class's
    ``draft``: no frame, the pack goes on."""
    _draft_paper(tmp_path, "draft", preamble, keys, "The plot is \\texttt{shot.png}.")
    ran = figures_as_a_user(tmp_path, "pack", "p", "--out", "p.tar.gz", timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr


@pytest.mark.slow  # TeX compiles the figure and the archive
def test_a_name_the_papers_text_prints_is_not_said_to_be_the_figures(tmp_path):
    r"""Round 27 (S1): a third party's figure ``plot.pdf`` (its ``/Author (Jane Doe)``, no
    name on its page), credited by the caption "Reproduced with permission from Jane Doe":
    the warning said "plot.pdf prints 'Jane Doe' ... anonymize plot.pdf itself", words the
    figure never prints and advice that cannot help. The figure's own pages are read: the
    line says the paper's text prints the name, and what to do either way."""
    write_files(tmp_path / "S1", {
        "fig/plot.tex": ("\\documentclass{article}\n\\usepackage[pdfauthor={Jane Doe}]"
                         "{hyperref}\n\\pagestyle{empty}\n\\begin{document}\nA plot.\n"
                         "\\end{document}\n"),
        "main.tex": ("\\documentclass{article}\n\\usepackage{graphicx}\n\\author{Anonymous}\n"
                     "\\begin{document}\n\\begin{figure}\\centering\n"
                     "\\includegraphics[width=3cm]{plot.pdf}\n\\caption{Reproduced with "
                     "permission from Jane Doe (2019).}\\end{figure}\nText.\n"
                     "\\end{document}\n")})
    tex(tmp_path / "S1/fig", "pdflatex", "-interaction=nonstopmode", "plot.tex")
    (tmp_path / "S1/fig/plot.pdf").rename(tmp_path / "S1/plot.pdf")
    shutil.rmtree(tmp_path / "S1/fig")
    ran = figures_as_a_user(tmp_path, "pack", "S1", "--anonymous", "--out", "S1.tar.gz",
                            timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert ("warning: plot.pdf: 'Jane Doe' (its /Author) is printed on page 1 of the archive "
            "by the paper's text, not by plot.pdf: if it names an author, remove it from the "
            "text for review; if it credits someone else, leave it") in ran.stderr, ran.stderr


@pytest.mark.slow  # TeX compiles the figures and the archive
def test_common_words_a_figures_metadata_holds_are_no_printed_name(tmp_path):
    r"""Round 27 (S3): ``a.pdf`` (``/Author (user)``) and ``b.pdf`` (``/Author (Machine
    Learning Group)``) beside "In the user study, our machine learning group of methods beats
    each baseline.": two warnings that each figure prints its maker's name, matched case-blind
    in the prose, "user" no name at all. A name is printed with its capitals, and a common
    account's word is none: nothing said. The control: "Machine Learning Group" printed as
    such is told."""
    for name, author in (("a", "user"), ("b", "Machine Learning Group")):
        write_files(tmp_path / "fig", {f"{name}.tex": (
            f"\\documentclass{{article}}\n\\usepackage[pdfauthor={{{author}}}]{{hyperref}}\n"
            "\\pagestyle{empty}\n\\begin{document}\nA plot.\n\\end{document}\n")})
        tex(tmp_path / "fig", "pdflatex", "-interaction=nonstopmode", f"{name}.tex")
    prose = "In the user study, our machine learning group of methods beats each baseline."
    for case, text in (("S3", prose), ("S3C", prose + " Thanks to the Machine Learning Group.")):
        write_files(tmp_path / case, {"main.tex": (
            "\\documentclass{article}\n\\usepackage{graphicx}\n\\author{Anonymous}\n"
            f"\\begin{{document}}\n{text}\n\\includegraphics[width=3cm]{{a}}"
            "\\includegraphics[width=3cm]{b}\n\\end{document}\n")})
        for name in "ab":
            shutil.copy(tmp_path / f"fig/{name}.pdf", tmp_path / case / f"{name}.pdf")
        ran = figures_as_a_user(tmp_path, "pack", case, "--anonymous", "--out",
                                f"{case}.tar.gz", timeout=300)
        assert ran.returncode == 0, ran.stdout + ran.stderr
        assert "'user'" not in ran.stderr, ran.stderr
        assert ("'Machine Learning Group' (its /Author) is printed" in ran.stderr) == (
            case == "S3C"), ran.stderr
