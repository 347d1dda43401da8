"""Round 49 (from round 49b K11): the way out of an author's name in a figure's file name."""

from __future__ import annotations

import zlib

import pytest
from helpers import flate_stream, raw_pdf

from figures.paper.disclosure import disclosed


def _pdf(file_name: bytes) -> bytes:
    """A page drawing one form XObject that pdfTeX's ``/PTEX.FileName`` names ``file_name``."""
    return raw_pdf({
        1: b"<< /Type /Catalog /Pages 2 0 R >>",
        2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        3: (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources "
            b"<< /XObject << /Fm1 5 0 R >> >> /Contents 4 0 R >>"),
        4: flate_stream(b"", zlib.compress(b"0 0 m 1 1 l S")),
        5: flate_stream(b"/Type /XObject /Subtype /Form /BBox [0 0 10 10] /PTEX.FileName ("
                        + file_name + b")", zlib.compress(b"0 0 m 1 1 l S"))})


@pytest.mark.parametrize(("file_name", "advice"), [
    (b"./figs/smithson_plot.pdf", "; rename the file (and its include) for review"),
    (b"/home/smithson/plot.pdf", "; include it by a relative path (or \\pdfsuppressptexinfo=-1)"),
])
def test_a_name_in_a_relative_file_name_is_told_to_rename_it(tmp_path, file_name, advice):
    """Round 49b (K11): ``figs/smithson_plot.pdf``, included by a relative path already, was
    told "include it by a relative path": the way out is to rename the file; an absolute
    path keeps the relative-path advice."""
    [found] = disclosed(_pdf(file_name), tmp_path, ["Janet", "Smithson"])
    assert found.startswith("/PTEX.FileName: "), found
    assert found.endswith(advice), found
