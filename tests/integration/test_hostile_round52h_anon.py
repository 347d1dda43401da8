"""Round 52h's pass over ``figures pack --anonymous`` (K1, K5 of its report): each mended
row with a test that failed before its mend."""

from __future__ import annotations

import io
import zlib
from pathlib import Path

import numpy as np
from PIL import Image

from figures.pack.anonymity import in_sources


def _noise(shape: tuple[int, int], seed: int) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 256, (*shape, 3), dtype=np.uint8)


def _png(pixels: np.ndarray, **text: str) -> bytes:
    from PIL import PngImagePlugin

    info = PngImagePlugin.PngInfo()
    for key, value in text.items():
        info.add_text(key, value)
    out = io.BytesIO()
    Image.fromarray(pixels).save(out, "PNG", pnginfo=info)
    return out.getvalue()


def _jpeg(pixels: np.ndarray, comment: bytes = b"") -> bytes:
    out = io.BytesIO()
    Image.fromarray(pixels).save(out, "JPEG", quality=95, comment=comment)
    return out.getvalue()


def _pdf_with_stream(body: bytes, info: bytes = b"") -> bytes:
    packed = zlib.compress(body, 1)
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>",
               b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 4 0 R >>",
               b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(packed) + packed
               + b"\nendstream",
               b"<< /Author (" + info + b") >>"]
    out, offsets = b"%PDF-1.5\n", []
    for number, obj in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + obj + b"\nendobj\n"
    table = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    return out + b"trailer\n<< /Size %d /Root 1 0 R /Info 5 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1, table)


def test_the_pixels_of_a_photo_are_not_read_as_paths_or_addresses(tmp_path: Path):
    """K5: the compressed pixels of a photo (a PNG's IDAT, a JPEG's scan) and a PDF's
    compressed stream were read byte by byte for disclosures; their noise spells a home
    folder (``/~Zo``) or an address (``5@nd.GP``) now and then: 4 of 17 real photos of TeX
    Live's were each told "a home folder's path (~Zo) ... remove it for review", which no
    edit can follow. What a program writes there (a PNG's text, a JPEG's comment, a PDF's
    document information) is still read."""
    pixels = _noise((1000, 1000), 2)
    for name, data in {"photo.png": _png(pixels), "photo.jpg": _jpeg(pixels),
                       "scan.pdf": _pdf_with_stream(pixels.tobytes() * 3)}.items():
        assert in_sources({name: data}, ["Anonymous"], tmp_path) == [], name
    told = in_sources({"p.png": _png(_noise((200, 200), 3), Author="made in /home/jsmith/runs")},
                      ["Anonymous"], tmp_path)
    assert any("/home/jsmith" in line for line in told), told
    told = in_sources({"p.jpg": _jpeg(_noise((200, 200), 3), b"jsmith@mit.edu")},
                      ["Anonymous"], tmp_path)
    assert any("jsmith@mit.edu" in line for line in told), told
    told = in_sources({"p.pdf": _pdf_with_stream(b"0 0 m", b"/home/jsmith/x")},
                      ["Anonymous"], tmp_path)
    assert any("/home/jsmith" in line for line in told), told


def test_what_pypdf_says_of_the_compiled_pdf_is_not_printed_raw(tmp_path: Path, caplog):
    """K1: ``\\pdfinfo{/Author <4A616E65...>}`` beside hyperref's own ``/Author`` gives the
    compiled PDF a document information with the key twice; the anonymous pack's stop was
    preceded by pypdf's "Multiple definitions in dictionary at byte 0xb38a for key /Author",
    a line naming no file (``figures paper``'s audit read the PDF the same way)."""
    from figures.paper.disclosure import disclosed

    pdf = _pdf_with_stream(b"0 0 m", b"Jane Smith) /Author (x")
    told = disclosed(pdf, tmp_path, ["Anonymous"])
    assert any("Jane Smith" in line for line in told), told
    assert [r.getMessage() for r in caplog.records if r.name.startswith("pypdf")] == []


def test_a_photo_is_not_read_for_author_fields_or_acknowledgements(monkeypatch):
    """K5b: a 60 MB photo under ``--anonymous`` took the pack 113 s, 48 of them in the
    acknowledgements' patterns run over its bytes as if it were a source (and its authors'
    fields looked for there too): a figure holds no ``\\author`` nor a thanks section; what
    a program wrote in it is read by the figure's own checks."""
    from figures.paper import disclosure

    read: list[int] = []
    seen = disclosure.acknowledged
    monkeypatch.setattr(disclosure, "acknowledged", lambda text: read.append(len(text)) or
                        seen(text))
    photo = _png(_noise((600, 600), 4))
    names, _ = disclosure.authors_named({"main.tex": b"\\author{Janet Smithson}\nText.\n",
                                            "figs/photo.png": photo,
                                            "figs/plot.pdf": _pdf_with_stream(photo)})
    assert names == ["Janet", "Smithson"], names
    assert read == [len("\\author{Janet Smithson}\nText.\n")], read


def test_a_source_of_many_comment_lines_is_stripped_in_linear_time():
    """K7: a generated data file of 300,000 comment lines (15 MB, LF line ends), ``\\input``
    by the paper, took ``figures pack`` 6 min 40 s: each comment's line start searched back
    for a CR to the file's start. Now 6 MB takes a few seconds (before: about 40 s)."""
    import time

    from figures.pack.strip import strip_comments

    text = "Text.\n" + "".join(f"% {i} & 0.1234 & 0.5678 jsmith@mit.edu\n" for i in range(200000))
    started = time.perf_counter()
    out = strip_comments(text, lines=True)
    assert time.perf_counter() - started < 15
    assert out.startswith("Text.\n%\n%\n"), out[:20]
    assert "jsmith" not in out
