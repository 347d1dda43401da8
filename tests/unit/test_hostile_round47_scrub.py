"""Round 47 (K17): what an anonymous pack's PDF figure keeps of a content stream's comments,
its fonts, graphics states and optional-content groups (round 45b's keep-lists reached
pages, resources, forms and images only)."""

from __future__ import annotations

import io

from helpers import pdf_objects, raw_pdf, tex
from PIL import Image, ImageChops

from figures.pack.pdfkeep import DESCRIPTOR_KEPT, EXTGSTATE_KEPT, FONT_KEPT
from figures.pack.scrub import without_metadata


def _stream(head: bytes, data: bytes) -> bytes:
    return b"<< %s /Length %d >>\nstream\n%s\nendstream" % (head, len(data), data)


def _hostile_pdf() -> bytes:
    """A page whose content opens with a ``%`` comment naming its author and draws in an
    optional-content group named after him, through a graphics state with a private key
    and a soft mask (its group's content commented too), text in a font whose descriptor
    and encoding carry private keys, a Type 3 glyph commented, a form commented."""
    content = (b"% CONTENTNOTE Karl Weberling kweber@mit.edu\n/OC /MC0 BDC /GS0 gs 1 0 0 rg "
               b"0 0 20 20 re f EMC /OC /MC1 BDC 0 0 1 rg 20 0 20 10 re f EMC\n"
               b"BT /F1 8 Tf 2 22 Td (Ab) Tj /F2 8 Tf (a) Tj ET /Fm0 Do % TAILNOTE Karl\n")
    return raw_pdf({
        1: b"<< /Type /Catalog /Pages 2 0 R >>",
        2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 40 30] /Contents 4 0 R /Resources "
           b"<< /Font << /F1 5 0 R /F2 12 0 R >> /ExtGState << /GS0 7 0 R >> /Properties "
           b"<< /MC0 9 0 R /MC1 << /Type /OCMD /OCGs [9 0 R] /Note (OCMDKEY Karl Weberling) >> "
           b">> /XObject << /Fm0 11 0 R >> >> >>",
        4: _stream(b"", content),
        5: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /FontNote (FONTKEY Karl "
           b"Weberling) /Encoding 6 0 R /FirstChar 65 /LastChar 98 /FontDescriptor 13 0 R "
           b"/Widths [%s] >>" % b" ".join([b"600"] * 34),
        6: b"<< /Type /Encoding /BaseEncoding /WinAnsiEncoding /EncNote (ENCKEY Karl Weberling) >>",
        7: b"<< /Type /ExtGState /ca 0.5 /GSNote (GSKEY Karl Weberling) /SMask 8 0 R >>",
        8: b"<< /Type /Mask /S /Luminosity /G 10 0 R /MaskNote (SMASKKEY Karl Weberling) >>",
        9: b"<< /Type /OCG /Name (OCGNAME Karl Weberling layer) /Usage << /CreatorInfo << "
           b"/Creator (USAGEKEY Karl Weberling) /Subtype /Artwork >> >> >>",
        10: _stream(b"/Type /XObject /Subtype /Form /BBox [0 0 40 30] /Group << /S /Transparency "
                    b"/CS /DeviceGray >>", b"% GROUPNOTE Karl Weberling\n0.8 g 0 0 40 30 re f"),
        11: _stream(b"/Type /XObject /Subtype /Form /BBox [0 0 40 30]",
                    b"% FORMNOTE Karl Weberling\n0 1 0 rg 30 20 5 5 re f"),
        12: b"<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1000 1000] /FontMatrix [0.001 0 0 "
            b"0.001 0 0] /CharProcs << /a 14 0 R >> /Encoding << /Type /Encoding /Differences "
            b"[97 /a] >> /FirstChar 97 /LastChar 97 /Widths [1000] >>",
        13: b"<< /Type /FontDescriptor /FontName /Helvetica /Flags 32 /FontBBox [0 0 1000 1000] "
            b"/ItalicAngle 0 /Ascent 718 /Descent -207 /CapHeight 718 /StemV 88 "
            b"/FDNote (FDKEY Karl Weberling) >>",
        14: _stream(b"", b"% GLYPHNOTE Karl Weberling\n1000 0 0 0 800 800 d1 0 0 800 800 re f"),
    })


def _everything(data: bytes) -> bytes:
    """Every key, string and decoded stream of the PDF ``data``, as pypdf reads them."""
    return b"\n".join(pdf_objects(data, streams=True))


def _rendered(folder, name: str, data: bytes) -> Image.Image:
    (folder / f"{name}.pdf").write_bytes(data)
    tex(folder, "pdftoppm", "-r", "200", "-png", "-singlefile", f"{name}.pdf", name)
    with Image.open(folder / f"{name}.png") as image:
        return image.convert("RGB")


def test_comments_fonts_states_and_layers_keep_no_name_and_draw_the_same(tmp_path):
    """Round 47 (K17): a ``%`` comment in the page's, a form's, a soft mask group's and a
    Type 3 glyph's content, a font's, its descriptor's and encoding's private keys, a
    graphics state's and its soft mask's, an optional-content group's name and usage and a
    membership dictionary's private key went into the archive (and by pdfTeX's copy into the
    reviewer's PDF) as they were: none is kept; the page draws pixel for pixel the same."""
    from pypdf import PdfReader

    data = _hostile_pdf()
    scrubbed = without_metadata(data, "figs/curve.pdf")
    everything = _everything(scrubbed)
    for word in (b"NOTE", b"KEY", b"OCGNAME", b"Weberling", b"kweber"):
        assert word not in everything, word
        assert word not in scrubbed, word
    resources = PdfReader(io.BytesIO(scrubbed)).pages[0]["/Resources"]
    font = resources["/Font"]["/F1"].get_object()
    assert set(font) <= FONT_KEPT
    assert set(font["/FontDescriptor"].get_object()) <= DESCRIPTOR_KEPT
    assert font["/FontDescriptor"]["/Ascent"] == 718
    assert set(resources["/ExtGState"]["/GS0"].get_object()) <= EXTGSTATE_KEPT
    assert resources["/Properties"]["/MC0"].get_object() == {"/Type": "/OCG", "/Name": "MC0"}
    assert _rendered(tmp_path, "before", data).tobytes() == _rendered(
        tmp_path, "after", scrubbed).tobytes()
    assert ImageChops.difference(_rendered(tmp_path, "before", data),
                                 Image.new("RGB", (112, 84), "white")).getbbox()  # it draws
