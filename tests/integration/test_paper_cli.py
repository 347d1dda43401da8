"""``figures paper`` and ``figures check PAPER.pdf`` on bad ground: one line, no traceback."""

from __future__ import annotations

from conftest import REPO

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
