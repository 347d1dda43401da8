"""Hostile round 34's pack rows (issue 45) on what pypdf will not read within its limits or
decode here: a page whose own content is over its 2 M tokens (P5), a figure's image in a
filter it cannot decode (P6), a frame inside a form it will not read (P4), and the wording
of a refusal naming no file (P3). The pass itself, case by case, is in docs/guarantees.md
("Hostile passes")."""

from __future__ import annotations

import io

import pytest
from helpers import pack_refused, pack_said, write_files
from PIL import Image

#: ``\lits``: 2 200 literals of 1 000 operators each, 2.2 M tokens in one content stream
#: (pypdf reads 2 M), the file a few KiB compressed.
LITS = ("\\def\\lits{\\count255=0 \\loop\\pdfliteral{" + "n " * 1000 + "}\\advance\\count255 1 "
        "\\ifnum\\count255<2200 \\repeat}")


def _paper(root, preamble: str, body: str, cls: str = "{article}") -> None:
    (root / "p").mkdir(parents=True)
    Image.new("RGB", (120, 80), (30, 160, 30)).save(root / "p" / "a.png")
    write_files(root / "p", {"main.tex": (
        f"\\documentclass{cls}\n\\usepackage{{graphicx}}\n{preamble}\n\\begin{{document}}\n"
        f"{body}\n\\end{{document}}\n")})


@pytest.mark.slow  # TeX compiles the archive
def test_a_page_over_pypdfs_limits_is_packed_with_a_warning(tmp_path):
    """Round 34 (P5): a correct paper, no draft anywhere, whose page's own content stream is
    over pypdf's 2 M tokens: ``error: internal error in figures pack: LimitReachedError``
    (the pages' texts were read with nothing caught). That page's text is now unknown, one
    warning names the page, and the rest of the pack goes on."""
    _paper(tmp_path, LITS, "Intro. \\includegraphics[width=3cm]{a.png}\\lits{} More.")
    said = pack_said(tmp_path)
    assert "internal error" not in said, said
    assert ("main.tex: page 1 of the archive's PDF draws more in one content stream than pypdf "
            "reads within its limits, so its text could not be read") in said, said


def _undecodable(image_filter: str) -> bytes:
    """A one-page PDF (pypdf's writer) drawing a 32x32 image whose stream is in
    ``image_filter`` (pdfTeX copies it as stored; pypdf cannot decode it here)."""
    from pypdf import PdfWriter
    from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject, NumberObject

    writer = PdfWriter()
    page = writer.add_blank_page(100, 100)
    image = DecodedStreamObject()
    image.set_data(bytes(range(256)) * 4)
    image.update({NameObject("/Type"): NameObject("/XObject"),
                  NameObject("/Subtype"): NameObject("/Image"),
                  NameObject("/Width"): NumberObject(32), NameObject("/Height"): NumberObject(32),
                  NameObject("/BitsPerComponent"): NumberObject(1),
                  NameObject("/ColorSpace"): NameObject("/DeviceGray"),
                  NameObject("/Filter"): NameObject(image_filter)})
    page[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): DictionaryObject(
        {NameObject("/Im1"): writer._add_object(image)})})
    contents = DecodedStreamObject()
    contents.set_data(b"q 80 0 0 80 10 10 cm /Im1 Do Q")
    page[NameObject("/Contents")] = writer._add_object(contents)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@pytest.mark.slow  # TeX compiles the archive
@pytest.mark.parametrize("image_filter", ["/JBIG2Decode", "/FooDecode"])
def test_an_image_pypdf_cannot_decode_is_no_internal_error(tmp_path, image_filter):
    """Round 34 (P6): a figure PDF whose image is JBIG2 (no jbig2dec here) or in a filter
    pypdf lacks, and "draft" in the prose (so the pack compiles forced final and counts what
    each page places): ``internal error ... DependencyError`` / ``NotImplementedError``.
    Such an image is now known by what pypdf gives undecoded, the same in both compiles:
    packed, no frame."""
    _paper(tmp_path, "", "In this draft: \\includegraphics[width=3cm]{weird.pdf} More.")
    (tmp_path / "p" / "weird.pdf").write_bytes(_undecodable(image_filter))
    said = pack_said(tmp_path)
    assert "internal error" not in said, said


def _pages(count: int) -> bytes:
    """A PDF of ``count`` blank pages (pypdf's writer)."""
    from pypdf import PdfWriter

    writer = PdfWriter()
    for _ in range(count):
        writer.add_blank_page(200, 100)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@pytest.mark.slow  # TeX compiles the archive
def test_an_imported_page_stamped_only_when_drafted_is_refused_by_name(tmp_path):
    r"""Round 34 (P3): ``\documentclass[draft]``, page 2 of multi.pdf framed at main.tex:5,
    and page 3 placed beside it only when graphicx is drafted (``\ifGin@draft``): refused,
    but as ``a draft frame or box in place of an image (input line 0) ... that page places
    more`` (the log's reading dropped the page, so both compiles read ``multi.pdf`` at line
    5 alike). The page is kept: the line names the file, the include and the class's draft."""
    _paper(tmp_path, "\\makeatletter\\AtBeginDocument{\\ifGin@draft\\def\\extra{"
           "\\includegraphics[page=3,width=2cm,draft=false]{multi.pdf}}\\else\\def\\extra{}\\fi}"
           "\\makeatother", "Intro. \\includegraphics[page=2,width=2cm]{multi.pdf}\\extra{} More.",
           cls="[draft]{article}")
    (tmp_path / "p" / "multi.pdf").write_bytes(_pages(3))
    said = pack_refused(tmp_path)
    for word in ("the class option draft (main.tex:1)", "multi.pdf's on page 1",
                 "the figure included at main.tex:5"):
        assert word in said, said
    assert "input line 0" not in said, said
    assert "that page" not in said, said


def test_a_frame_with_no_include_to_name_is_worded_from_the_logs(tmp_path):
    r"""Round 34 (P3): the refusal of a page forced final places more on, with no include to
    name, said ``an image (input line 0) ... that page places more`` (no file, no line, no
    cause; and the comparison is over the whole paper). It names the file and line only the
    forced compile's log used, the draft the source reads, and "the paper places more"."""
    from pathlib import Path

    from figures.pack import boxes
    from figures.paper.latex import read_paper

    _paper(tmp_path, "", "Intro.", cls="[draft]{article}")
    read = read_paper(tmp_path / "p", Path("main.tex"))
    forced = "Package pdftex.def Info: multi.pdf , page2 used on input line 5.\n"
    said = boxes.unnamed(read, Path("main.tex"), "multi.pdf", "5", 1, forced, "").message
    for word in ("in place of multi.pdf (input line 5, in the forced compile's log",
                 "on page 1", "the paper places more",
                 "draft there by the class option draft (main.tex:1)"):
        assert word in said, said
    said = boxes.unnamed(read, Path("main.tex"), "", "0", 1, "<./b.png>", "").message
    assert "in place of b.png (read only by the forced compile)" in said, said


@pytest.mark.slow  # TeX compiles the archive (twice)
@pytest.mark.parametrize("key", [",draft", ""], ids=["own-key", "none"])
def test_a_frame_inside_a_form_over_pypdfs_limits_is_not_packed_silently(tmp_path, key):
    r"""Round 34 (P4): ``\includegraphics[width=3cm,draft]{a.png}`` inside a ``\pdfxform``
    whose stream is over pypdf's 2 M tokens: packed with no word (both compiles count one
    form they cannot read inside). The include's own draft key, sized in the log and placed
    nowhere, is now refused as the log's reading refuses it; with no such key (only "draft"
    in the prose), a warning names the page placing a form that went unread."""
    _paper(tmp_path, LITS, f"In this draft: \\setbox0\\hbox{{\\includegraphics[width=3cm{key}]"
           "{a.png}\\lits}\\pdfxform0 \\pdfrefxform\\pdflastxform{} More.")
    if key:
        said = pack_refused(tmp_path)
        for word in ("a.png: its own draft key", "at main.tex:5", "page 1",
                     "TeX's log sized it and placed it nowhere"):
            assert word in said, said
        return
    said = pack_said(tmp_path)
    assert ("main.tex: page 1 of the archive's PDF places a form that draws more in one content "
            "stream than pypdf reads within its limits, so whether graphicx's frame is inside "
            "it could not be counted") in said, said
