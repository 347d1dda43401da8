"""Hostile round 45b: what an anonymous pack's figure scrub keeps of a JPEG's application
segments (K4, K32), of a PDF figure's page, resources and XObjects (K20, K21), and Pillow's
own warnings on the terminal (K5)."""

from __future__ import annotations

import io
import struct
import tarfile
import warnings

import pytest
from helpers import anonymous_paper, figures_as_a_user, pdf_objects, raw_pdf, write_files
from PIL import Image, ImageCms

from figures.pack.scrub import FORM_KEPT, IMAGE_KEPT, PAGE_KEPT, without_metadata
from figures.paper.disclosure import jpeg_metadata, jpeg_segments


def _segment(marker: int, payload: bytes) -> bytes:
    return b"\xff" + bytes([marker]) + struct.pack(">H", len(payload) + 2) + payload


def _jpeg(*segments: bytes, icc: bool = False) -> bytes:
    """A 40x30 JPEG (Pillow's: JFIF first), ``segments`` after its JFIF segment, an sRGB
    profile (APP2 ``ICC_PROFILE``) among them when ``icc``."""
    out = io.BytesIO()
    profile = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes() if icc else None
    Image.new("RGB", (40, 30), (20, 130, 30)).save(out, "JPEG", quality=90,
                                                   **({"icc_profile": profile} if icc else {}))
    data = out.getvalue()
    jfif = 4 + int.from_bytes(data[4:6], "big")  # SOI, then APP0 JFIF
    return data[:jfif] + b"".join(segments) + data[jfif:]


def _pixels(data: bytes) -> bytes:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with Image.open(io.BytesIO(data)) as image:
            return image.tobytes()


_MPF = _segment(0xE2, b"MPF\x00 Janet Smithson MPF")
_FPXR = _segment(0xE2, b"FPXR\x00 Janet Smithson jsmith@mit.edu")


def test_a_jpegs_app2_that_is_no_colour_profile_is_removed():
    """Round 45b (K4): an APP2 that does not open with ``ICC_PROFILE\\0`` (a phone's MPF
    index, a camera's FlashPix ``FPXR``, any text) is metadata: the scrub removes it, keeps
    the colour profile's APP2 (and JFIF's APP0) and every pixel."""
    data = _jpeg(_MPF, _FPXR, icc=True)
    scrubbed = without_metadata(data, "photo.jpg")
    assert b"Smithson" not in scrubbed
    assert b"jsmith" not in scrubbed
    kept = [(marker, segment[4:16]) for marker, segment in jpeg_segments(scrubbed, "x")[1:-1]
            if 0xE0 <= marker <= 0xEF]
    assert kept[0] == (0xE0, b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01")
    assert (0xE2, b"ICC_PROFILE\x00") in kept
    assert len(kept) == 2
    assert _pixels(scrubbed) == _pixels(data)
    with Image.open(io.BytesIO(scrubbed)) as image:
        assert image.info["icc_profile"]  # the profile as it was
    assert jpeg_metadata(0xE2, _MPF)
    assert jpeg_metadata(0xE2, _FPXR)
    assert not jpeg_metadata(0xE2, _segment(0xE2, b"ICC_PROFILE\x00\x01\x01 profile"))
    assert jpeg_metadata(0xE0, _segment(0xE0, b"AVI1 Janet"))  # an APP0 that is no JFIF
    assert not jpeg_metadata(0xEE, _segment(0xEE, b"Adobe\x00d\x00\x00\x00\x00\x01"))


def _pdf_with_jpeg(jpeg: bytes) -> bytes:
    """A one-page PDF drawing ``jpeg`` (a DCTDecode image)."""
    content = b"q 40 0 0 30 0 0 cm /Im0 Do Q"
    return raw_pdf({
        1: b"<< /Type /Catalog /Pages 2 0 R >>",
        2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 40 30] /Contents 4 0 R "
           b"/Resources << /XObject << /Im0 5 0 R >> >> >>",
        4: b"<< /Length %d >>\nstream\n%s\nendstream" % (len(content), content),
        5: b"<< /Type /XObject /Subtype /Image /Width 40 /Height 30 /ColorSpace /DeviceRGB "
           b"/BitsPerComponent 8 /Filter /DCTDecode /Length %d >>\nstream\n%s\nendstream"
           % (len(jpeg), jpeg)})


def test_a_pdf_figures_jpeg_loses_an_app2_that_is_no_colour_profile():
    """Round 45b (K32): a PDF figure's DCTDecode image whose JPEG carries a FlashPix APP2
    naming its maker: the scrubbed PDF's JPEG holds no such segment, its pixels kept."""
    from pypdf import PdfReader

    jpeg = _jpeg(_FPXR)
    scrubbed = without_metadata(_pdf_with_jpeg(jpeg), "scan.pdf")
    assert b"Smithson" not in scrubbed
    assert b"jsmith" not in scrubbed
    image = PdfReader(io.BytesIO(scrubbed)).pages[0]["/Resources"]["/XObject"]["/Im0"]
    shipped = image.get_object().get_data()
    assert not any(jpeg_metadata(*each) for each in jpeg_segments(shipped, "x"))
    assert _pixels(shipped) == _pixels(jpeg)


def _stream(head: bytes, data: bytes) -> bytes:
    return b"<< %s /Length %d >>\nstream\n%s\nendstream" % (head, len(data), data)


def _hostile_pdf() -> bytes:
    """A one-page PDF whose page carries private keys (``/MyNote``, ``/LastModified``), whose
    resources a private ``/ResNote`` and a form no ``Do`` draws, whose drawn image a private
    ``/Note`` (its soft mask one too), and whose drawn form draws an image of its own
    resources and carries a ``/Note``."""
    content = b"q 40 0 0 30 0 0 cm /Im0 Do Q /Fm0 Do"
    return raw_pdf({
        1: b"<< /Type /Catalog /Pages 2 0 R >>",
        2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 40 30] /Contents 4 0 R "
           b"/MyNote (PAGEKEY Karl Weberling /home/kweber) "
           b"/LastModified (D:20260101 by kweber@mit.edu) "
           b"/Resources << /ProcSet [/PDF /ImageC] /ResNote (RESKEY Karl Weberling) "
           b"/XObject << /Im0 5 0 R /Unused 6 0 R /Fm0 7 0 R >> >> >>",
        4: _stream(b"", content),
        5: _stream(b"/Type /XObject /Subtype /Image /Width 2 /Height 1 /ColorSpace /DeviceRGB "
                   b"/BitsPerComponent 8 /SMask 9 0 R /Note (XOBJKEY Karl Weberling)",
                   b"\xff\x00\x00\x00\xff\x00"),
        6: _stream(b"/Type /XObject /Subtype /Form /BBox [0 0 10 10]",
                   b"BT /F1 12 Tf (UNUSEDFORM Karl Weberling) Tj ET"),
        7: _stream(b"/Type /XObject /Subtype /Form /BBox [0 0 40 30] /Note (FORMKEY Karl "
                   b"Weberling) /Resources << /XObject << /Im1 8 0 R >> >>", b"/Im1 Do"),
        8: _stream(b"/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray "
                   b"/BitsPerComponent 8 /Note (INNERKEY Karl Weberling)", b"\x80"),
        9: _stream(b"/Type /XObject /Subtype /Image /Width 2 /Height 1 /ColorSpace /DeviceGray "
                   b"/BitsPerComponent 8 /Note (MASKKEY Karl Weberling)", b"\xff\x80"),
    })


def _texts(data: bytes) -> str:
    """Every key and string of every object of a PDF, read by pypdf (not its bytes)."""
    return "\n".join(item.decode() for item in pdf_objects(data))


def test_a_pdf_figures_page_keeps_only_what_draws_it():
    """Round 45b (K20): a page's private keys (``/MyNote``, ``/LastModified``) are not kept
    (the page is kept to what draws it, not cleaned of a listed few), nor a form its content
    never draws; what it draws stays."""
    from pypdf import PdfReader

    scrubbed = without_metadata(_hostile_pdf(), "line.pdf")
    texts = _texts(scrubbed)
    for word in ("PAGEKEY", "kweber", "/MyNote", "/LastModified", "UNUSEDFORM", "/Unused"):
        assert word not in texts
    assert b"UNUSEDFORM" not in scrubbed
    page = PdfReader(io.BytesIO(scrubbed)).pages[0]
    assert set(page) <= PAGE_KEPT
    assert set(page["/Resources"]["/XObject"]) == {"/Im0", "/Fm0"}


def test_a_pdf_figures_resources_and_xobjects_keep_only_what_draws_them():
    """Round 45b (K21): a private key of the page's resources (``/ResNote``), of a drawn
    image (``/Note``, which pdfTeX copies whole into the review PDF), of its soft mask, of a
    drawn form and of an image that form draws: none kept; the images' and form's own keys
    and data are."""
    from pypdf import PdfReader

    scrubbed = without_metadata(_hostile_pdf(), "img.pdf")
    texts = _texts(scrubbed)
    for word in ("RESKEY", "XOBJKEY", "MASKKEY", "FORMKEY", "INNERKEY", "Weberling", "/Note"):
        assert word not in texts
    resources = PdfReader(io.BytesIO(scrubbed)).pages[0]["/Resources"]
    assert set(resources) == {"/ProcSet", "/XObject"}
    image, form = (resources["/XObject"][name].get_object() for name in ("/Im0", "/Fm0"))
    assert set(image) <= IMAGE_KEPT
    assert image["/Width"] == 2
    assert "/SMask" in image
    assert image.get_data() == b"\xff\x00\x00\x00\xff\x00"
    assert set(form) <= FORM_KEPT
    assert form.get_data() == b"/Im1 Do"
    inner = form["/Resources"]["/XObject"]["/Im1"].get_object()
    assert set(inner) <= IMAGE_KEPT
    assert inner.get_data() == b"\x80"


def test_an_undecidable_content_keeps_every_xobject():
    """Round 45b (K20): a page whose content pypdf cannot read (a filter it cannot decode)
    keeps each of its forms and images (none is dropped on a guess), their keys kept to what
    draws them."""
    from pypdf import PdfReader

    data = _hostile_pdf().replace(b"4 0 obj\n<<  /Length", b"4 0 obj\n<< /Filter /JBIG2Decode"
                                  b" /Length")
    scrubbed = without_metadata(data, "odd.pdf")
    xobjects = PdfReader(io.BytesIO(scrubbed)).pages[0]["/Resources"]["/XObject"]
    assert {"/Im0", "/Fm0"} <= set(xobjects)
    assert "XOBJKEY" not in _texts(scrubbed)


def test_pillows_warning_of_a_malformed_mpo_is_not_printed():
    """Round 45b (K5): Pillow's "Image appears to be a malformed MPO file" (a JPEG with an
    MPF APP2 and no second picture), a path into site-packages on two lines each time the
    pack read the file: harmless (pdfTeX reads the first picture), so not warned, by Python
    or by the pack."""
    from figures.outputs.pixels import open_image

    data = _jpeg(_segment(0xE2, b"MPF\x00II*\x00\x08\x00\x00\x00"))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with open_image(io.BytesIO(data)) as image:
            assert image.size == (40, 30)
        said = []
        with open_image(io.BytesIO(data), said) as image:
            image.load()
    assert [str(w.message) for w in caught] == []
    assert said == []


def test_another_pillow_warning_is_one_line_naming_the_file(tmp_path, monkeypatch):
    """Round 45b (K5): a warning of Pillow's the pack does not know harmless is one line
    of the pack's, naming the file, not Python's two naming Pillow's source; a warning of
    other code meanwhile is warned as it was."""
    import PIL.Image

    from figures.outputs.pixels import open_image
    from figures.pack.images import _raster_warnings

    path = tmp_path / "odd.png"
    Image.new("RGB", (4, 4)).save(path)
    opened = PIL.Image.open

    def open_warned(*args, **kwargs):
        warnings.warn_explicit("Something odd in\nthis file", UserWarning, PIL.Image.__file__, 1)
        return opened(*args, **kwargs)

    monkeypatch.setattr(PIL.Image, "open", open_warned)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        said = _raster_warnings("figs/odd.png", path)
        with open_image(path):
            warnings.warn("ours", UserWarning, stacklevel=1)
    assert said == [("figs/odd.png: Pillow warns reading it (Something odd in this file): open "
                    "it in an image program and save it again if it does not show as it "
                    "should")]
    assert [str(w.message) for w in caught] == ["ours"]


@pytest.mark.slow  # TeX compiles the archive
def test_an_anonymous_pack_ships_no_mpf_segment_and_prints_no_pillow_warning(tmp_path):
    """Round 45b (K4, K5), end to end: a JPEG with a phone's MPF APP2 naming its maker
    (``Janet Smithson``): the archive's JPEG holds no name, and the terminal no Pillow
    warning."""
    data = _jpeg(_segment(0xE2, b"MPF\x00 Janet Smithson MPF"))
    anonymous_paper(tmp_path, "\\usepackage{graphicx}", "Text.\n\\includegraphics{photo.jpg}")
    write_files(tmp_path / "p", {"photo.jpg": data})
    ran = figures_as_a_user(tmp_path, "pack", "p", "--anonymous", "--out", "p.tar.gz")
    assert ran.returncode == 0, ran.stderr
    assert "UserWarning" not in ran.stderr, ran.stderr
    assert "MPO" not in ran.stderr, ran.stderr
    with tarfile.open(tmp_path / "p.tar.gz") as archive:
        shipped = archive.extractfile("photo.jpg").read()
    assert b"Smithson" not in shipped
    assert _pixels(shipped) == _pixels(data)

