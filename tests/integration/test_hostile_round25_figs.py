"""Hostile round 25's rows about figures, `which` and the pack: a PDF that needs its password,
the archive's proof compile of a paper with a table of contents, a build without its mark, a
venue's class kept in the paper's folder."""

from __future__ import annotations

import shutil

import pytest
from helpers import REPO, figures_as_a_user, pack_said

from figures import runner
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


def test_which_of_a_build_without_its_mark_names_no_stamp(tmp_path, capsys):
    """Round 25 (W2): ``figures build --no-stamp`` of a synthetic figure printed
    ``[SYNTHETIC EXAMPLE DATA]`` (the mark it had just left off), and ``which`` called the
    file a second old "stale: the code or settings that draw it changed ..." naming five
    causes it does not have. The build key holds the stamp: still not current, but the line
    says why (built with --no-stamp) and what to do."""
    out = tmp_path / "b"
    assert cli.main(["build", "--out", str(out), "--no-stamp", "--jobs", "1",
                     "--figdata", str(REPO / "figdata"), "cifar_summary"]) == 0
    built = capsys.readouterr().out
    assert "(built without its mark: --no-stamp)" in built
    assert "[SYNTHETIC EXAMPLE DATA]" not in built
    png = out / "cifar_summary.png"
    assert cli.main(["which", str(png), "--figdata", str(REPO / "figdata")]) == 1
    [line] = capsys.readouterr().out.splitlines()
    assert line.startswith(f"{png}: cifar_summary (default, synthetic-example): stale: built "
                           "with --no-stamp (a synthetic figure without its SYNTHETIC EXAMPLE "
                           "DATA mark: refused in a paper); build it without --no-stamp; run "
                           "`figures build`")
    assert "the code or settings" not in line


@pytest.mark.slow  # pack compiles the paper and its archive
def test_a_venue_class_kept_in_the_folder_is_not_the_authors_disclosure(tmp_path):
    """Round 25 (CL1): ``pack --anonymous`` of an acmart paper keeping ``acmart.cls`` in its
    folder (as the venue's zip ships it) warned "acmart.cls:1933: an e-mail address
    (permissions@acm.org) in the packed source ...; remove it for review": the publisher's
    address in TeX Live's own class. What TeX Live's copy of the file holds too is the
    template's; the author's own ``mystyle.sty`` holding her address still warns."""
    acmart = runner.run(["kpsewhich", "acmart.cls"], tmp_path).stdout.strip()
    paper = tmp_path / "p"
    paper.mkdir()
    shutil.copy(acmart, paper / "acmart.cls")
    (paper / "mystyle.sty").write_text("% Janet's macros, jsmithson@mit.edu\n\\newcommand\\x{x}\n")
    (paper / "main.tex").write_text(
        "\\documentclass[sigconf,review,anonymous]{acmart}\n\\usepackage{mystyle}\n"
        "\\begin{document}\n\\title{Credit assignment}\n\\author{Anonymous}\n"
        "\\affiliation{\\institution{Anonymous}\\country{None}}\n\\maketitle\nText.\n"
        "\\end{document}\n")
    told = pack_said(tmp_path, "--anonymous")
    assert "acmart.cls:" not in told
    assert "mystyle.sty:1: an e-mail address (jsmithson@mit.edu)" in told
