"""``figures paper`` and ``figures check PAPER.pdf`` on bad ground: one line, no traceback."""

from __future__ import annotations

from helpers import REPO

from figures.cli import main as cli


def test_without_tex_one_line_names_the_debian_packages(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("shutil.which", lambda _name: None)
    code = cli.main(["paper", str(tmp_path), "--figdata", str(REPO / "figdata")])
    err = capsys.readouterr().err
    assert code == 1
    [line] = err.splitlines()
    assert "latexmk and pdflatex: not found" in line
    assert "texlive-latex-recommended texlive-latex-extra latexmk" in line


def test_a_damaged_paper_pdf_is_one_line(tmp_path, capsys):
    damaged = tmp_path / "main.pdf"
    damaged.write_bytes(b"%PDF-1.5\n1 0 obj << /Type /Catalog")
    code = cli.main(["check", str(damaged), "--venue", "icml", "--figdata",
                     str(REPO / "figdata")])
    out, err = capsys.readouterr()
    assert code == 1
    assert out == ""
    [line] = err.splitlines()
    assert line.startswith(f"error: {damaged}: cannot be read as a PDF")


def test_without_venue_the_paper_pdf_check_reads_the_tex_beside_it_or_says_so(tmp_path,
                                                                              capsys):
    pdf = tmp_path / "main.pdf"
    pdf.write_bytes(b"%PDF-1.5\n")
    code = cli.main(["check", str(pdf), "--figdata", str(REPO / "figdata")])
    [line] = capsys.readouterr().err.splitlines()
    assert code == 1
    assert line.startswith(f"error: {pdf}: which venue? give --venue V")
    (tmp_path / "main.tex").write_text("\\documentclass{IEEEtran}\n")
    code = cli.main(["check", str(pdf), "--figdata", str(REPO / "figdata")])
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith(f"error: {pdf}: cannot be read as a PDF")  # got past the venue


def test_the_built_files_check_still_needs_its_venue(capsys):
    code = cli.main(["check", "--figdata", str(REPO / "figdata")])
    assert code == 2
    assert "--venue" in capsys.readouterr().err


def _check(capsys, pdf):
    code = cli.main(["check", str(pdf), "--venue", "icml", "--figdata", str(REPO / "figdata")])
    out, err = capsys.readouterr()
    return code, out, err


def _one_page_pdf(path, **encrypt):
    from pypdf import PdfWriter

    writer = PdfWriter()
    writer.add_blank_page(612, 792)
    if encrypt:
        writer.encrypt(**encrypt)
    writer.write(path)
    return path


def test_an_encrypted_paper_pdf_is_one_line_saying_so(tmp_path, capsys):
    """Hostile pass 6: it said "cannot be read as a PDF (FileNotDecryptedError)"."""
    pdf = _one_page_pdf(tmp_path / "main.pdf", user_password="secret", owner_password="o")
    code, out, err = _check(capsys, pdf)
    assert (code, out) == (1, "")
    [line] = err.splitlines()
    assert line.startswith(f"error: {pdf}: is encrypted with a password")


def test_a_paper_pdf_encrypted_without_a_user_password_is_read(tmp_path, capsys):
    pdf = _one_page_pdf(tmp_path / "main.pdf", user_password="", owner_password="o")
    code, _, err = _check(capsys, pdf)
    assert code == 0
    assert f"warning: {pdf}: none of our figures is in it" in err


def test_a_paper_pdf_of_no_pages_or_a_folder_is_one_line(tmp_path, capsys):
    """Hostile pass 6: a PDF of no pages passed (exit 0); a folder was "no such file"."""
    from pypdf import PdfWriter

    PdfWriter().write(tmp_path / "zero.pdf")
    code, out, err = _check(capsys, tmp_path / "zero.pdf")
    assert (code, out) == (1, "")
    [line] = err.splitlines()
    assert line == f"error: {tmp_path / 'zero.pdf'}: has no pages: is it the compiled paper?"
    (tmp_path / "dir.pdf").mkdir()
    code, _, err = _check(capsys, tmp_path / "dir.pdf")
    assert code == 1
    assert err.startswith(f"error: {tmp_path / 'dir.pdf'}: a folder, not a file")
