"""Hostile round 37, K6: a foreign image's colour profile naming its author (a PNG's ``iCCP``
profile name, the profile's own description tag) under ``pack --anonymous``: the scrub
(figures/pack/scrub.py) names a PNG's profile as Pillow does, the profile's bytes kept; the
reading of the packed sources (figures/pack/anonymity.py) says which of the profile's texts
holds a name. End to end at the bottom."""

from __future__ import annotations

import functools
import io
import tarfile
import zlib

import pytest
from helpers import anonymous_paper, figures_as_a_user, raw_pdf, write_files
from PIL import Image, ImageCms
from PIL.PngImagePlugin import putchunk

from figures.pack.anonymity import in_sources
from figures.pack.scrub import ICC_NAME, colour_profiles, without_metadata

_TOLD = "in the packed source: the archive discloses it; remove it for review"
_KEPT = (" (the pack keeps a colour profile as it is, so the colours stay exact: embed another, "
         "such as sRGB, or rename it in a colour tool)")


@functools.cache  # littleCMS stamps the second it made the profile in its header
def _profile(description: str = "sRGB built-in") -> bytes:
    """littleCMS's sRGB profile, its description (13 characters, UTF-16 in an ICC v4 ``mluc``)
    replaced by ``description`` of the same length."""
    profile = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    return profile.replace("sRGB built-in".encode("utf-16-be"), description.encode("utf-16-be"))


def _png(profile: bytes, name: bytes = b"Janet Smithson", mode: str = "RGB") -> tuple[bytes, bytes]:
    """A PNG whose colour profile (``iCCP``, written with Pillow's putchunk after the header,
    which is 33 bytes: Pillow's PngInfo will not add one) is named ``name``, and the profile's
    compressed bytes."""
    image, out = Image.new(mode, (40, 30), (200, 40, 40) if mode == "RGB" else 40_000), io.BytesIO()
    image.save(out, "PNG")
    data, chunk, compressed = out.getvalue(), io.BytesIO(), zlib.compress(profile, 9)
    putchunk(chunk, b"iCCP", name, b"\0\0", compressed)
    return data[:33] + chunk.getvalue() + data[33:], compressed


def _pixels(data: bytes) -> tuple[str, bytes]:
    with Image.open(io.BytesIO(data)) as image:
        return image.mode, image.tobytes()


@pytest.mark.parametrize("mode", ["RGB", "I;16"])
def test_the_scrub_names_a_png_colour_profile_as_pillow_does(mode):
    """Round 37 (K6): a PNG's colour profile named ``Janet Smithson`` (``iCCP``'s name, a free
    label) shipped in the anonymous archive with that name: the profile is kept (its colours),
    and so was its name. The scrub names it ``ICC Profile``, the name Pillow's PNG writer gives
    every profile, and keeps the profile's compressed bytes and the pixels (16-bit too)."""
    data, compressed = _png(_profile(), mode=mode)
    scrubbed = without_metadata(data, "figs/photo.png")
    assert b"Smithson" not in scrubbed
    assert b"iCCP" + ICC_NAME + b"\0\0" + compressed in scrubbed
    written = io.BytesIO()  # the name Pillow writes when it saves a profile
    Image.new("RGB", (1, 1)).save(written, "PNG", icc_profile=_profile())
    assert b"iCCP" + ICC_NAME + b"\0" in written.getvalue()
    assert _pixels(scrubbed) == _pixels(data)
    with Image.open(io.BytesIO(scrubbed)) as image:
        assert image.info["icc_profile"] == _profile()
    assert colour_profiles(scrubbed) == [(_profile(), {
        "description, ICC desc": "sRGB built-in", "copyright, ICC cprt": "No copyright, use freely"})]


def test_a_name_in_a_colour_profiles_description_is_told_there(tmp_path):
    """Round 37 (K6): the profile's own description (ICC ``desc``) naming the author is kept
    (editing the profile would change colours): a PNG's profile is compressed, so nothing
    told it, nor a PDF's; a JPEG's was told as "its metadata or content". Each now says it is the colour
    profile's description, once."""
    profile = _profile("Smithson 2026")
    png = without_metadata(_png(profile)[0], "figs/photo.png")
    jpeg = io.BytesIO()
    Image.new("RGB", (40, 30), (200, 40, 40)).save(jpeg, "JPEG", icc_profile=profile)
    jpeg = without_metadata(jpeg.getvalue(), "figs/photo.jpg")
    deflated = zlib.compress(profile)  # a PDF's /ICCBased stream, compressed too
    pdf = without_metadata(raw_pdf({
        1: b"<< /Type /Catalog /Pages 2 0 R >>", 2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 9 9] /Contents 4 0 R /Resources "
           b"<< /ColorSpace << /C0 [/ICCBased 5 0 R] >> >> >>",
        4: b"<< /Length 6 >>\nstream\n/C0 cs\nendstream",
        5: b"<< /N 3 /Filter /FlateDecode /Length %d >>\nstream\n" % len(deflated) + deflated
           + b"\nendstream"}), "figs/photo.pdf")
    said = in_sources({"figs/photo.png": png, "figs/photo.jpg": jpeg, "figs/photo.pdf": pdf},
                      ["Janet", "Smithson"], tmp_path / "paper")
    assert said == [f"figs/{name} (its colour profile's description, ICC desc): an author's "
                    f"name (Smithson) {_TOLD}{_KEPT}" for name in ("photo.jpg", "photo.pdf",
                                                                   "photo.png")]


@pytest.mark.slow  # TeX compiles the archive
def test_an_anonymous_pack_ships_no_colour_profile_name(tmp_path):
    r"""Round 37 (K6), end to end: ``\author{Janet Smithson}`` and a PNG whose colour
    profile is named ``Janet Smithson``: the archive's PNG names it ``ICC Profile``, its
    profile and pixels as they were; the warning of the profile's name is gone."""
    data, compressed = _png(_profile())
    anonymous_paper(tmp_path, "\\usepackage{graphicx}\n\\author{Janet Smithson}",
                    "Text.\n\\includegraphics{photo.png}",
                    author=False)
    write_files(tmp_path / "p", {"photo.png": data})
    ran = figures_as_a_user(tmp_path, "pack", "p", "--anonymous", "--out", "p.tar.gz")
    assert ran.returncode == 0, ran.stderr
    assert "photo.png (its" not in ran.stderr, ran.stderr
    with tarfile.open(tmp_path / "p.tar.gz") as archive:
        shipped = archive.extractfile("photo.png").read()
    assert b"Smithson" not in shipped
    assert b"iCCP" + ICC_NAME + b"\0\0" + compressed in shipped
    assert _pixels(shipped) == _pixels(data)
