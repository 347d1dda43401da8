"""Clipping paths in a page's content stream (figures/paper/drawn.py): round 39's F7/F10/F11,
our figure printed with its top cut away by adjustbox's ``\\adjincludegraphics[trim,clip]``,
``\\adjustbox{trim,clip}`` or a TikZ ``\\clip`` around a plain include, while the audit
(which saw a clip only as a form's /BBox) said 0 problems. Hand-made PDFs: a named form
(as pdfTeX includes a PDF) drawn at 10..110 on both axes, inside the clips each case sets."""

from __future__ import annotations

import io
import zlib

import pytest
from helpers import flate_stream, raw_pdf
from pypdf import PdfReader

from figures.paper import drawn

_FIGURE = flate_stream(b"/Type /XObject /Subtype /Form /BBox [0 0 100 100] "
                       b"/PTEX.FileName (./figures/fig.pdf)", zlib.compress(b"0 0 m 100 100 l S"))
_DRAW = b"q 1 0 0 1 10 10 cm /Fig Do Q"


def _cut(page: bytes, wrapper: bytes = b"") -> bool:
    """Whether the placement of the figure ``page`` draws (through ``wrapper``, an unnamed
    form /Wrap whose content it is, when given) is cut by a clip."""
    forms = b"/Fig 5 0 R" + (b" /Wrap 6 0 R" if wrapper else b"")
    objects = {1: b"<< /Type /Catalog /Pages 2 0 R >>",
               2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
                  b"/Resources << /XObject << " + forms + b" >> >> >>",
               4: flate_stream(b"", zlib.compress(page)), 5: _FIGURE}
    if wrapper:
        objects[6] = flate_stream(b"/Type /XObject /Subtype /Form /BBox [0 0 612 792] "
                                  b"/Resources << /XObject << /Fig 5 0 R >> >>",
                                  zlib.compress(wrapper))
    [(_, form, _, cut)] = drawn.placements(PdfReader(io.BytesIO(raw_pdf(objects))))
    assert str(form["/PTEX.FileName"]) == "./figures/fig.pdf"
    return cut


@pytest.mark.parametrize("page", [
    b"q 0 0 200 80 re W n " + _DRAW + b" Q",  # adjustbox: its top cut (80 < 110)
    b"q 0 0 200 80 re W* n " + _DRAW + b" Q",
    b"q 0 0 m 200 0 l 200 50 l h W n " + _DRAW + b" Q",  # any path: its points' box
    b"q 0 0 200 300 re 50 0 10 10 re W n q 0 0 300 80 re W n " + _DRAW + b" Q Q",  # nested
    b"q 2 0 0 2 0 0 cm 0 0 50 40 re W n 0.5 0 0 0.5 0 0 cm " + _DRAW + b" Q",  # through cm
])
def test_round39_f7_a_clip_path_in_the_page_that_cuts_our_figure_is_seen(page):
    """Round 39 (F7): ``\\adjincludegraphics[width=\\columnwidth,trim=0 0 0 20,clip]`` (and
    ``\\adjustbox{trim=0 0 0 20,clip}{...}``, F11) clip with ``re W n`` in the page's content
    around a plain include: the figure printed with its top cut away, and the audit said 0
    problems. The clip path (in page space, through the matrix in force) cuts it: said."""
    assert _cut(page)


def test_round39_f10_a_tikz_clip_inside_a_form_cuts_what_it_draws():
    """Round 39 (F10): a TikZ ``\\clip (0,0) rectangle (8.255cm,6.2cm);`` around
    ``\\node{\\includegraphics[width=\\columnwidth]{...}}`` cut the top 1 cm away, unseen. A
    clip set inside a (foreign) form is carried to what the form draws."""
    assert _cut(b"q /Wrap Do Q", wrapper=b"q 0 0 200 80 re W n " + _DRAW + b" Q")


@pytest.mark.parametrize("page", [
    _DRAW,  # no clip at all
    b"q 0 0 612 792 re W n " + _DRAW + b" Q",  # a page-wide clip
    b"q -28 -28 297 255 re W n " + _DRAW + b" Q",  # a TikZ \clip larger than the figure
    b"q 10 10 100 100 re W n " + _DRAW + b" Q",  # a clip to its own box cuts nothing
    b"q 0 0 200 80 re W n Q " + _DRAW,  # the clip restored by Q before it is drawn
    b"q 0 0 200 80 re f " + _DRAW + b" Q",  # a filled rectangle: no clip
    b"q 4 0 0 4 0 0 cm 0 0 30 30 re W n 0.25 0 0 0.25 0 0 cm " + _DRAW + b" Q",  # 0..120
])
def test_round39_f10_a_clip_that_does_not_cut_our_figure_is_no_problem(page):
    """Round 39 (F10): correct papers are not flagged: a clip around the figure that does
    not cut it (a page-wide one, a TikZ ``\\clip`` larger than the figure, one to its own box,
    one restored before it is drawn, a rectangle filled, not clipped to) cuts nothing."""
    assert not _cut(page)
    assert not _cut(b"q /Wrap Do Q", wrapper=page)
