"""Round 51b's second pass on ``figures pack`` (B1-B9 of its report): each mended row with a
test that failed before its mend."""

from __future__ import annotations

import zlib

import pytest
from helpers import pdf_strings

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
