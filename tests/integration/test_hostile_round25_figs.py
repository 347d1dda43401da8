"""Hostile round 25's rows about figures, `which` and the pack: a PDF that needs its password,
the archive's proof compile of a paper with a table of contents, a build without its mark, a
venue's class kept in the paper's folder."""

from __future__ import annotations

import pytest
from helpers import REPO, figures_as_a_user

from figures.cli import main as cli


def _encrypted(path, **encrypt):
    from pypdf import PdfWriter

    writer = PdfWriter()
    writer.add_blank_page(612, 792)
    writer.add_metadata({"/Subject": "fa-audit-figures", "/Keywords": "figure=cifar_summary"})
    writer.encrypt(**encrypt)
    writer.write(path)
    return path


def test_which_of_a_pdf_that_needs_its_password_says_so(tmp_path, capsys):
    """Round 25 (WE): a PDF saved with a *user* password (RC4, which pypdf reads without
    `cryptography`) was "unreadable (... AES needs the `cryptography` package ...)": a cause
    it does not have and a fix that does not open it. It is one line naming the password."""
    pdf = _encrypted(tmp_path / "enc_user.pdf", user_password="secret", owner_password="o",
                     algorithm="RC4-128")
    assert cli.main(["which", str(pdf), "--figdata", str(REPO / "figdata")]) == 1
    captured = capsys.readouterr()
    [line] = (captured.out + captured.err).splitlines()
    assert line.startswith(f"{pdf}: unreadable (encrypted with a password to open")
    assert "cryptography" not in line
    assert "AES" not in line
    assert "qpdf --decrypt --password=PASSWORD IN OUT" in line


@pytest.mark.slow  # pack compiles the paper and its archive
def test_a_paper_with_a_table_of_contents_and_no_label_packs_without_a_false_warning(tmp_path):
    """Round 25 (TC): the archive's proof compile ran pdflatex once when the log asked no
    rerun, so a ``\\tableofcontents`` paper with no ``\\label`` (endfloat's list, the same)
    printed an empty contents and got "the PDF from the archive differs from the paper's own
    compile ... look at what was stripped" of a right archive. It reruns while the lists it
    reads back (``.toc``, ``.lof``, ``.lot``...) change."""
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "main.tex").write_text(
        "\\documentclass{article}\n\\author{Anonymous}\n\\begin{document}\n\\tableofcontents\n"
        "\\section{Intro}Intro text here.\n\\section{Method}Method text.\n"
        "\\appendix\\section{Proofs}Proof text.\n\\end{document}\n")
    ran = figures_as_a_user(tmp_path, "pack", "p", "--out", "p.tar.gz", timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "differs from the paper's own compile" not in ran.stderr
    assert "(2 pdflatex runs)" in ran.stderr
    assert ran.stderr.splitlines()[-1].endswith("warnings: 0"), ran.stderr
