"""Round 51b's second pass on ``figures pack`` (B1-B9 of its report): each mended row with a
test that failed before its mend."""

from __future__ import annotations

import os
import subprocess
import zlib
from pathlib import Path

import pytest
from helpers import REPO, figures_as_a_user, pack_refused, pack_said, pdf_strings, write_files

from figures.errors import FigureDataError


def _pdf(content: bytes) -> bytes:
    """A one-page PDF whose page draws ``content`` (Flate-compressed)."""
    packed = zlib.compress(content, 9)
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>",
               b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 4 0 R "
               b"/Resources << >> >>"),
               b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(packed) + packed
               + b"\nendstream"]
    out, offsets = b"%PDF-1.5\n", []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    table = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    return out + b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1, table)


def test_an_unreadable_content_stream_stops_the_anonymous_scrub():
    """B6: a figure's page content past pypdf's 75 MB decompression limit (a dense plot, or
    a hostile file) was kept "as it is": its ``% Karl Weberling`` line went into the
    anonymous archive (and, copied by pdfTeX, the reviewer's PDF) with warnings 0."""
    from figures.pack.scrub import without_metadata

    figure = _pdf(b"0 0 1 rg 10 10 50 50 re f\n" + b" " * (80 << 20) + b"\n% Karl Weberling\n")
    with pytest.raises(FigureDataError) as told:
        without_metadata(figure, "figs/plot.pdf")
    assert str(told.value).startswith("figs/plot.pdf: a content stream the pack cannot read ("
                                      "LimitReachedError: "), told.value
    assert str(told.value).endswith(": rewrite the figure (`gs -o OUT.pdf -sDEVICE=pdfwrite "
                                    "IN.pdf`, or export it again, smaller) and include that; "
                                    "the anonymous pack stops"), told.value
    small = _pdf(b"0 0 1 rg 10 10 50 50 re f\n% Karl Weberling\n")  # read: its comment goes
    assert b"Weberling" not in pdf_strings(without_metadata(small, "figs/s.pdf"))


def _paper(root: Path, body: str) -> Path:
    return write_files(root / "p", {"main.tex": "\\documentclass{article}\n\\usepackage{graphicx}"
                                    f"\n\\begin{{document}}\n{body}\n\\end{{document}}\n"})


def _followed(root: Path, refused: str, opening: str) -> None:
    """The command in the parentheses after ``opening`` in the line ``refused``, run in a
    shell in ``root`` (where the pack ran), as the user pastes it."""
    command = refused.split(opening, 1)[1].rsplit(")", 1)[0]
    subprocess.run(["bash", "-c", command], cwd=root, check=True)


@pytest.mark.slow  # TeX
def test_a_linked_folder_or_file_out_of_the_paper_is_told_a_way_out_that_works(tmp_path):
    """B2: ``figs -> ~/shared`` (a figure read through a linked folder) and ``notes.tex ->
    ~/notes.tex`` were each told "copy it into the folder": ``cp ~/shared/plot.png p/figs/``
    (or onto the linked file) says "are the same file", and the link stays. The line names
    the link and the copy to put in its place, from where the pack ran."""
    shared = tmp_path / "shared"
    shared.mkdir()
    from PIL import Image

    Image.new("RGB", (20, 10), (200, 0, 0)).save(shared / "plot.png")
    (tmp_path / "notes.tex").write_text("Notes.\n")
    paper = _paper(tmp_path, "\\input{notes}\\includegraphics{figs/plot.png}")
    (paper / "figs").symlink_to(shared)
    (paper / "notes.tex").symlink_to(tmp_path / "notes.tex")
    refused = pack_refused(tmp_path)
    assert refused == (
        f"error: figs/plot.png: read through figs, a link to the folder {shared}, outside the "
        "paper's folder, which alone is packed: put a copy of that folder in the link's place "
        f"(rm p/figs && cp -r {shared} p/figs), or remove the include"), refused
    _followed(tmp_path, refused.removesuffix(", or remove the include"), "in the link's place (")
    refused = pack_refused(tmp_path)
    assert refused == (
        "error: notes.tex: a link out of the paper's folder, which alone is packed: put a "
        f"copy of its target in its place (rm p/notes.tex && cp {tmp_path / 'notes.tex'} "
        "p/notes.tex), or remove it and its include"), refused
    _followed(tmp_path, refused.removesuffix(", or remove it and its include"),
              "in its place (")
    assert pack_said(tmp_path).endswith("warnings: 0\n")


@pytest.mark.slow  # TeX
def test_a_hard_links_command_names_the_file_from_where_the_pack_ran_quoted(tmp_path):
    """B1: ``sec/my notes.tex``, a hard link with a name outside, was told ``(cp sec/my
    notes.tex x && mv x sec/my notes.tex)``: the shell split the name, and it was named from
    the paper's folder, not where the pack ran. Pasted as it is now, it works."""
    (tmp_path / "elsewhere.tex").write_text("Shared text.\n")
    paper = _paper(tmp_path, '\\input{"sec/my notes"}')
    (paper / "sec").mkdir()
    os.link(tmp_path / "elsewhere.tex", paper / "sec" / "my notes.tex")
    refused = pack_refused(tmp_path)
    assert refused.endswith(
        "make it a copy of its own (cp 'p/sec/my notes.tex' 'p/sec/my notes.tex.copy' && mv "
        "'p/sec/my notes.tex.copy' 'p/sec/my notes.tex')"), refused
    _followed(tmp_path, refused, "make it a copy of its own (")
    assert (paper / "sec" / "my notes.tex").stat().st_nlink == 1
    assert "compiles from the archive alone" in pack_said(tmp_path)


@pytest.mark.slow  # TeX
def test_an_out_inside_the_paper_is_told_a_path_outside_it_from_where_the_pack_ran(tmp_path):
    """B3: run in the paper's folder (``figures pack . --out review.zip``), the refusal said
    "e.g. --out paper.tar.gz beside the paper's folder": typed as it says, that is inside
    again. It names the path beside the folder, from where the pack ran, of the same kind."""
    paper = _paper(tmp_path, "Text.")
    ran = figures_as_a_user(paper, "pack", ".", "--out", "review.zip")
    assert ran.returncode == 1, ran.stderr
    assert ran.stderr == ("error: review.zip: --out is inside the paper's folder; write the "
                          "archive outside it (e.g. --out ../p.zip, beside the paper's "
                          "folder)\n"), ran.stderr
    assert figures_as_a_user(paper, "pack", ".", "--out", "../p.zip").returncode == 0
    assert (tmp_path / "p.zip").is_file()


@pytest.mark.slow  # TeX
def test_a_file_named_outside_the_folder_is_told_to_be_named_from_inside_once_moved(tmp_path):
    r"""B4: ``\input{../shared/defs}`` was told "move that file into it"; moved, the paper
    still named ``../shared/defs`` and the pack said the same again. The line says to name
    it from there, and done so, the pack packs."""
    write_files(tmp_path / "shared", {"defs.tex": "Shared.\n"})
    paper = _paper(tmp_path, "\\input{../shared/defs}")
    refused = pack_refused(tmp_path)
    assert refused.endswith("; only the paper's folder is packed: move that file into it and "
                            "name it from there (defs.tex)"), refused
    (tmp_path / "shared" / "defs.tex").rename(paper / "defs.tex")
    (paper / "main.tex").write_text((paper / "main.tex").read_text().replace("../shared/", ""))
    assert "compiles from the archive alone" in pack_said(tmp_path)


def test_the_differing_line_is_quoted_where_it_differs():
    r"""B7: a line differing past its 60th character (``\pdffilemoddate`` of a packed file:
    the archive's file has another date) was quoted cut at 60 on both sides, the two quotes
    alike: "the paper prints "Size 17 sum EA76...", the archive "Size 17 sum EA76..."". It is
    quoted from a little before the first character that differs."""
    from figures.pack.proof import first_line

    head = "Size 17 sum EA76DD1850B709A348A4E99C71247513 date D:"
    said = first_line([f"{head}20261202023012Z."], [f"{head}19700101000000Z."])
    assert said == (': the paper prints "...E99C71247513 date D:20261202023012Z.", the archive '
                    '"...E99C71247513 date D:19700101000000Z."'), said
    assert first_line(["r = n % 3  # printed"], ["r = n %"]) == (
        ': the paper prints "r = n % 3  # printed", the archive "r = n %"')


def test_an_image_of_too_many_pixels_is_told_to_be_made_smaller(tmp_path, monkeypatch):
    """B10: a 15000 x 12000 scan (180 megapixels; pdfTeX includes it) stopped the pack with
    "cannot be decoded (DecompressionBombError): export it again": exported again, it has the
    same pixels. It names the size and says to make it smaller."""
    from PIL import Image

    from figures.paper.which import which

    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 1000)  # (a small image past the limit)
    Image.new("1", (100, 100), 1).save(tmp_path / "scan.png")
    why = which(tmp_path / "scan.png", tmp_path).why
    assert why == ("too many pixels to read (Image size (10000 pixels) exceeds limit of 2000 "
                   "pixels; Pillow refuses it as a possible decompression bomb): make it smaller "
                   "(fewer pixels: arXiv warns past 34 megapixels)"), why


def test_a_stop_while_the_pack_starts_names_the_archive_not_written(tmp_path, monkeypatch,
                                                                     capsys):
    """B8: SIGTERM about a second in (the pack's modules loading, the default --out looked
    at) said "terminated; finished files are complete, the others were left as they were",
    a build's words, where the pack writes one archive: it says that one was not written."""
    from figures.cli import main as cli
    from figures.pack import archive

    _paper(tmp_path, "Text.")
    (tmp_path / "p.tar.gz").write_bytes(b"")  # the default --out there: looked at first

    def stopped(_path):
        raise KeyboardInterrupt

    monkeypatch.setattr(archive, "written_by_pack", stopped)
    monkeypatch.chdir(tmp_path)
    assert cli.main(["pack", "p", "--figdata", str(REPO / "figdata")]) == 130
    assert capsys.readouterr().err == (f"interrupted before {tmp_path / 'p.tar.gz'} was "
                                       "written; nothing was written\n")


@pytest.mark.slow  # TeX
def test_a_device_only_tested_for_is_not_told_as_an_input(tmp_path):
    r"""B9: ``\IfFileExists{/dev/zero}{..}{..}`` (no ``\input``: latexmk hashes every file
    the compile opened, and read the device without end) was told "remove its \input", which
    the paper does not have. The line names the test too."""
    _paper(tmp_path, "\\IfFileExists{/dev/zero}{Yes.}{No.}")
    assert pack_refused(tmp_path) == (
        "error: main.tex: latexmk reads /dev/zero, a device without end; it was stopped: "
        "remove what names it (its \\input, or a test for it: \\IfFileExists)")
