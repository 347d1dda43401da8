"""``figures paper`` and ``figures check PAPER.pdf`` on bad ground: one line, no traceback."""

from __future__ import annotations

import re

import pytest
from helpers import REPO, paper_with_an_image

from figures.cli import main as cli


def test_without_tex_one_line_names_the_debian_packages(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("shutil.which", lambda _name: None)
    code = cli.main(["paper", str(tmp_path), "--figdata", str(REPO / "figdata")])
    err = capsys.readouterr().err
    assert code == 1
    [line] = err.splitlines()
    assert "latexmk and pdflatex: not found: install TeX Live (Debian/Ubuntu: apt-get " \
        "install latexmk texlive-latex-base texlive-latex-recommended texlive-latex-extra " in line


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


@pytest.mark.slow
def test_a_paper_of_no_known_venue_is_checked_on_its_own_page(tmp_path, capsys):
    """The README's ``figures check main.pdf`` after a sync of a plain ``article``: the page
    TeX sets, as ``figures paper`` and ``figures sync`` take it, not "which venue?"."""
    pdf = tmp_path / "main.pdf"
    pdf.write_bytes(b"%PDF-1.5\n")
    (tmp_path / "main.tex").write_text("\\documentclass{article}\n\\begin{document}\nx\n"
                                       "\\end{document}\n")
    code = cli.main(["check", str(pdf), "--figdata", str(REPO / "figdata")])
    note, line = capsys.readouterr().err.splitlines()
    assert code == 1
    assert note.startswith("note: article is no known venue: figures are drawn for its own page")
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


def _recorded_picture(build_dir, image, inside: str, ppi: float = 100) -> None:
    """A build state under ``build_dir`` that records ``image`` as cifar_summary's PNG."""
    import json

    from figures.outputs.pixels import digest

    build_dir.mkdir(parents=True, exist_ok=True)
    record = {"file": "cifar_summary.png", "pixels": digest(image),
              "size": [image.width, image.height], "ppi": ppi, "provenance": inside}
    (build_dir / ".build-state.json").write_text(json.dumps(
        {"cifar_summary": {"key": "k", "outputs": {}, "pictures": [record]}}))


def _inside(figdata_bytes: bytes) -> str:
    from figures.outputs import provenance
    from figures.outputs.kind import DEFAULT
    from figures.outputs.state import build_key
    from figures.registry import BY_NAME

    spec = BY_NAME["cifar_summary"]
    return provenance.encode(provenance.fields(spec, figdata_bytes,
                                               build_key(spec, figdata_bytes), "paper-values",
                                               DEFAULT, False))


def test_an_image_is_ours_by_its_pixels_current_or_stale_and_at_its_printed_scale(
        tmp_path, capsys, monkeypatch):
    from PIL import Image

    image = Image.new("RGB", (200, 100), (200, 30, 30))
    image.putpixel((5, 5), (0, 0, 0))
    pdf = paper_with_an_image(tmp_path / "paper", image, 144)  # 2 in: 100 % at 100 ppi
    monkeypatch.chdir(tmp_path)
    raw = (REPO / "figdata" / "cifar_summary.json").read_bytes()
    _recorded_picture(tmp_path / "build" / "figures", image, _inside(raw))
    code, out, _ = _check(capsys, pdf)
    [row] = [line.split() for line in out.splitlines() if line.startswith("cifar_summary")]
    assert row[2:5] == ["current", "100%", '2.00"']
    [problem] = [line for line in out.splitlines() if line.startswith("problem:")]
    assert problem == ("problem: cifar_summary (page 1, cifar_summary.png, by its pixels): "
                       "printed at 100 ppi (2 in wide), under icml's 300 ppi")
    _recorded_picture(tmp_path / "build" / "figures", image, _inside(raw + b"\n"))
    code, out, _ = _check(capsys, pdf)
    [row] = [line.split() for line in out.splitlines() if line.startswith("cifar_summary")]
    assert row[2] == "stale"
    assert code == 1


def test_an_image_whose_pixels_cannot_be_decoded_is_not_called_foreign_silently(
        tmp_path, capsys, monkeypatch):
    """Hostile pass 6: the line named the image twice ("image 3x2 px (page 1, image 3x2
    px)")."""
    from PIL import Image

    image = Image.new("RGB", (3, 2), (1, 2, 3))
    pdf = paper_with_an_image(tmp_path / "paper", image, 144, data=b"not flate")
    monkeypatch.chdir(tmp_path)
    _recorded_picture(tmp_path / "build" / "figures", image,
                      _inside((REPO / "figdata" / "cifar_summary.json").read_bytes()))
    code, out, _ = _check(capsys, pdf)
    assert code == 1
    [problem] = [line for line in out.splitlines() if "cannot be decoded" in line]
    assert problem.startswith("problem: image 3x2 px (page 1): its pixels cannot be decoded")
    assert "cannot tell whether it is one of ours" in problem


def test_without_any_record_of_our_pictures_the_images_are_not_passed_silently(
        tmp_path, capsys, monkeypatch):
    from PIL import Image

    pdf = paper_with_an_image(tmp_path / "paper", Image.new("RGB", (600, 300)), 144)
    monkeypatch.chdir(tmp_path)
    code, out, err = _check(capsys, pdf)
    assert code == 0
    assert "image 600x300 px" in out
    assert f"warning: {pdf}: 1 image(s) not told apart: no record of our PNGs' pixels" in err
    # records of other sizes: the image is told apart (not ours), no such warning
    _recorded_picture(tmp_path / "build" / "figures", Image.new("RGB", (3, 2)),
                      _inside((REPO / "figdata" / "cifar_summary.json").read_bytes()))
    code, out, err = _check(capsys, pdf)
    assert "not told apart" not in err
    assert f"warning: {pdf}: none of our figures is in it" in err


def test_a_paper_pdf_beside_figure_names_is_a_usage_error(tmp_path, capsys):
    """Hostile pass 6: `figures check a.pdf b.pdf` said "unknown figure(s) a.pdf, b.pdf"."""
    code = cli.main(["check", "a.pdf", "b.pdf", "--venue", "icml"])
    assert code == 2
    assert "one compiled paper at a time" in capsys.readouterr().err


def test_a_png_of_the_papers_folder_whose_label_lies_is_not_current(tmp_path, capsys,
                                                                     monkeypatch):
    """Hostile pass 6: known only by the paper's own PNG (its pixels in no build record),
    a picture painted over under a current label was "current" (its width build's state
    was looked for in build/icml/, not build/icml/w3.25/)."""
    import json

    from PIL import Image
    from PIL.PngImagePlugin import PngInfo

    from figures.outputs import provenance
    from figures.outputs.kind import venue_kind
    from figures.outputs.state import build_key
    from figures.registry import BY_NAME
    from figures.venues import get_venue

    monkeypatch.chdir(tmp_path)
    spec, kind = BY_NAME["cifar_summary"], venue_kind(get_venue("icml"), 3.25)
    raw = (REPO / "figdata" / "cifar_summary.json").read_bytes()
    key = build_key(spec, raw, kind)
    fields = provenance.fields(spec, raw, key, "synthetic-example", kind, True)
    built = tmp_path / "build" / "icml" / "w3.25"  # where `figures sync` builds 3.25 in
    built.mkdir(parents=True)  # the build wrote other bytes (and records no pixels)
    (built / ".build-state.json").write_text(json.dumps(
        {spec.name: {"key": key, "outputs": {"cifar_summary.png": "0" * 64}}}))
    painted = Image.new("RGB", (60, 40), (255, 0, 0))
    info = PngInfo()
    info.add_text(provenance.SUITE, provenance.encode(fields))
    (tmp_path / "paper").mkdir()
    painted.save(tmp_path / "paper" / "cifar_summary.png", pnginfo=info, dpi=(300, 300))
    pdf = paper_with_an_image(tmp_path / "paper", painted, 14.4)  # 0.2 in: 100 %
    code, out, _ = _check(capsys, pdf)
    [row] = [line.split() for line in out.splitlines() if line.startswith("cifar_summary")]
    assert row[2:4] == ["mislabel", "100%"]
    assert any("the content digest inside it differs" in line
               for line in out.splitlines() if line.startswith("problem: cifar_summary"))
    assert code == 1


def test_html_or_a_missing_out_with_a_paper_pdf_is_said_not_ignored(tmp_path, capsys):
    """Hostile pass 6: `figures check PAPER.pdf --html r.html` wrote nothing, without a word;
    an --out that is not there was not read, without a word."""
    pdf = _one_page_pdf(tmp_path / "main.pdf")
    code = cli.main(["check", str(pdf), "--venue", "icml", "--html", str(tmp_path / "r.html")])
    assert code == 2
    assert "--html is the built files' report" in capsys.readouterr().err
    assert not (tmp_path / "r.html").exists()
    code = cli.main(["check", str(pdf), "--venue", "icml", "--figdata", str(REPO / "figdata"),
                     "--out", str(tmp_path / "nothere")])
    assert code == 0
    assert f"warning: {tmp_path / 'nothere'}: no such folder" in capsys.readouterr().err


LOST = """\\documentclass{article}
\\usepackage[margin=1in]{geometry}
\\usepackage{graphicx}
\\begin{document}
Text.
INCLUDE
\\end{document}
"""


@pytest.mark.slow
def test_a_figure_tex_reads_but_prints_nowhere_is_a_problem_even_unseen_by_the_probe(
        tmp_path, monkeypatch):
    """Issue 44 (an llncs run ended with fig4 missing and exit 0): a figure of ours that the
    compile read (its recorder's main.fls) and the PDF prints nowhere is a problem, also when
    the probe never saw it (here: made only outside draft mode, in a box never used)."""
    from helpers import figures_in_process

    paper = tmp_path / "paper"
    paper.mkdir()
    main = paper / "main.tex"
    include = "\\includegraphics[width=\\linewidth]{cifar_summary}"
    main.write_text(LOST.replace("INCLUDE", include))
    monkeypatch.chdir(tmp_path)
    common = ("--allow-synthetic", "--figdata", str(REPO / "figdata"))
    code, out, err = figures_in_process("paper", str(paper), *common)
    assert code == 0, out + err  # cifar_summary.pdf now in the paper
    main.write_text(LOST.replace("INCLUDE", f"\\ifnum\\pdfdraftmode=0 \\sbox0{{{include}}}\\fi"))
    code, out, err = figures_in_process("paper", str(paper), *common)
    assert code == 1, out + err
    assert re.search(r"problem: cifar_summary \(\S*cifar_summary\.pdf\): TeX read it, but the "
                     "compiled paper prints it nowhere", out), out
