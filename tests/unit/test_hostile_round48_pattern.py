"""Round 48b (K24): what an anonymous pack's PDF figure keeps of its patterns and shadings
(47b K17's mend kept fonts, graphics states and property lists to their keys, but a
``/Pattern`` or ``/Shading`` resource kept every key and a tiling pattern's comments)."""

from __future__ import annotations

import io

from helpers import pdf_objects, raw_pdf, tex
from PIL import Image, ImageChops

from figures.pack.pdfkeep import EXTGSTATE_KEPT, SHADING_KEPT, TILING_KEPT
from figures.pack.scrub import without_metadata


def _stream(head: bytes, data: bytes) -> bytes:
    return b"<< %s /Length %d >>\nstream\n%s\nendstream" % (head, len(data), data)


def _hostile_pdf() -> bytes:
    """A page filled with a tiling pattern (its content commented, its dictionary and its
    own form's carrying private keys), a shading pattern (private keys on it, its shading,
    function and graphics state) and painted with a shading (``sh``) carrying one too."""
    content = b"q /Pattern cs /P9 scn 0 0 20 30 re f /P8 scn 20 0 20 15 re f /Sh0 sh Q\n"
    return raw_pdf({
        1: b"<< /Type /Catalog /Pages 2 0 R >>",
        2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 40 30] /Contents 4 0 R /Resources "
           b"<< /Pattern << /P9 5 0 R /P8 7 0 R >> /Shading << /Sh0 8 0 R >> >> >>",
        4: _stream(b"", content),
        5: _stream(b"/Type /Pattern /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 10 10] "
                   b"/XStep 10 /YStep 10 /PatNote (PATKEY Karl Weberling) /Resources << "
                   b"/XObject << /Fm0 6 0 R >> >>",
                   b"% PATTERNNOTE Karl Weberling\n0 0 1 rg 0 0 5 5 re f /Fm0 Do"),
        6: _stream(b"/Type /XObject /Subtype /Form /BBox [0 0 10 10] /FormNote (FORMKEY Karl)",
                   b"% FORMNOTE Karl Weberling\n1 0 0 rg 5 5 5 5 re f"),
        7: b"<< /Type /Pattern /PatternType 2 /Shading 8 0 R /PatNote (SPATKEY Karl Weberling) "
           b"/ExtGState << /ca 1 /GSNote (GSKEY Karl Weberling) >> >>",
        8: b"<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [0 0 40 0] /ShNote (SHKEY Karl "
           b"Weberling) /Function << /FunctionType 2 /Domain [0 1] /C0 [1 0 0] /C1 [0 0 1] /N 1 "
           b"/FnNote (FNKEY Karl Weberling) >> /BBox [20 15 40 30] >>",
    })


def _rendered(folder, name: str, data: bytes) -> Image.Image:
    (folder / f"{name}.pdf").write_bytes(data)
    tex(folder, "pdftoppm", "-r", "200", "-png", "-singlefile", f"{name}.pdf", name)
    with Image.open(folder / f"{name}.png") as image:
        return image.convert("RGB")


def test_patterns_and_shadings_keep_no_name_and_draw_the_same(tmp_path):
    """Round 48b (K24): a tiling pattern's private key and ``%`` comment, its form's, a
    shading pattern's, its graphics state's, a shading's and its function's private keys
    went into the ``--anonymous`` archive (and by pdfTeX's copy the reviewer's PDF): none is
    kept; the page draws pixel for pixel the same."""
    from pypdf import PdfReader

    data = _hostile_pdf()
    scrubbed = without_metadata(data, "figs/curve.pdf")
    everything = b"\n".join(pdf_objects(scrubbed, streams=True))
    for word in (b"NOTE", b"KEY", b"Weberling", b"Karl"):
        assert word not in everything, word
        assert word not in scrubbed, word
    resources = PdfReader(io.BytesIO(scrubbed)).pages[0]["/Resources"]
    tiling = resources["/Pattern"]["/P9"].get_object()
    assert set(tiling) <= TILING_KEPT
    assert tiling["/XStep"] == 10
    assert set(resources["/Pattern"]["/P8"]["/ExtGState"]) <= EXTGSTATE_KEPT
    assert set(resources["/Shading"]["/Sh0"].get_object()) <= SHADING_KEPT
    before, after = _rendered(tmp_path, "before", data), _rendered(tmp_path, "after", scrubbed)
    assert before.tobytes() == after.tobytes()
    assert ImageChops.difference(before, Image.new("RGB", before.size, "white")).getbbox()
