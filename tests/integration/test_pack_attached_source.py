"""A file the paper reads as TeX source and also attaches to its PDF (embedfile, attachfile):
a source first, stripped of its comments; a pure attachment (data) stays as it is."""

from __future__ import annotations

import subprocess

import pytest
from helpers import figures_as_a_user

from figures.pack import archive

#: A comment that must not leave the machine, and a pure attachment whose ``%`` is data.
_NOTE = "% SECRET reviewer 2 is Bob Jones, bob.jones@example.org"
_DATA = b"x,y % not a comment\n1,2\n"
#: The two forms: the paper attaches itself (embedfile's ``\embedfile{\jobname.tex}``), or
#: a section it inputs (attachfile's ``\attachfile{intro.tex}`` beside ``\input{intro}``).
_FORMS = {
    "embedfile-jobname": ("main.tex", {"main.tex": (
        "\\documentclass{article}\n\\usepackage{embedfile}\n\\author{Anonymous}\n"
        "\\embedfile{\\jobname.tex}\n\\embedfile{data.csv}\n\\begin{document}\n"
        f"Text.  {_NOTE}\n\\end{{document}}\n")}),
    "input-and-attachfile": ("intro.tex", {
        "main.tex": ("\\documentclass{article}\n\\usepackage{attachfile}\n"
                     "\\author{Anonymous}\n\\begin{document}\n"
                     "\\input{intro} \\attachfile{intro.tex} \\attachfile{data.csv}\n"
                     "\\end{document}\n"),
        "intro.tex": f"Intro text. {_NOTE}\n"}),
}


def _attachments(pdf) -> dict[str, bytes]:
    """The files a PDF embeds: in its catalogue's name tree (embedfile) and in its pages'
    file attachment annotations (attachfile)."""
    from pypdf import PdfReader

    reader = PdfReader(pdf)
    found = {name: data[0] for name, data in reader.attachments.items()}
    for page in reader.pages:
        for reference in page.get("/Annots") or []:
            annotation = reference.get_object()
            if annotation.get("/Subtype") == "/FileAttachment":
                spec = annotation["/FS"].get_object()
                found[str(spec["/F"])] = spec["/EF"]["/F"].get_object().get_data()
    return found


@pytest.mark.slow  # pack compiles the paper and its archive, and the test the archive
@pytest.mark.parametrize("anonymous", [False, True], ids=["plain", "anonymous"])
@pytest.mark.parametrize("form", sorted(_FORMS))
def test_a_source_that_is_also_an_attachment_is_stripped_as_a_source(tmp_path, form,
                                                                      anonymous):
    r"""Round 22 (A5): a file TeX reads as source and pdfTeX also embeds whole
    (``\embedfile{\jobname.tex}``, a reproducibility habit; ``\input{intro}`` with
    ``\attachfile{intro.tex}``) was packed as an attachment, as it is: its comments (a note
    naming a reviewer, an e-mail address) shipped, also under ``--anonymous``, warnings 0.
    A source first: the archive holds it stripped, the archive's PDF attaches that stripped
    file, the pure attachment ``data.csv`` stays whole, and the page texts still match."""
    attached, texts = _FORMS[form]
    paper = tmp_path / "p"
    paper.mkdir()
    for name, text in texts.items():
        (paper / name).write_text(text)
    (paper / "data.csv").write_bytes(_DATA)
    ran = figures_as_a_user(tmp_path, "pack", "p", "--out", "p.tar.gz",
                            *(["--anonymous"] if anonymous else []), timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "warnings: 0" in ran.stderr, ran.stdout + ran.stderr  # no difference, no e-mail
    unpacked = tmp_path / "x"
    archive.unpack((tmp_path / "p.tar.gz").read_bytes(), "tar", unpacked)
    shipped = (unpacked / attached).read_text()
    assert "SECRET" not in shipped, shipped
    assert "text." in shipped.lower(), shipped
    assert (unpacked / "data.csv").read_bytes() == _DATA
    subprocess.run(["pdflatex", "-interaction=nonstopmode", "-no-shell-escape", "main.tex"],
                   cwd=unpacked, capture_output=True, timeout=120, check=True)
    embedded = _attachments(unpacked / "main.pdf")
    assert embedded[attached] == (unpacked / attached).read_bytes(), embedded
    assert embedded["data.csv"] == _DATA, embedded
