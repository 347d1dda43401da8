"""Round 49 (from round 48b K22): a PDF pypdf cannot decode is told with what to do."""

from __future__ import annotations

from helpers import REPO

from figures.paper.which import UNREADABLE, which


def _pdf(objects: list[bytes]) -> bytes:
    """A PDF of ``objects`` (numbered from 1, the first the catalog) with its xref table."""
    out, offsets = b"%PDF-1.4\n", []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    return out + b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1, xref)


def test_a_pdf_with_a_cyclic_page_tree_says_what_to_do(tmp_path):
    """Round 48b (K22): a page tree whose ``/Kids`` holds itself (pdflatex prints its first
    page) stopped the pack with "unreadable: cannot be decoded (PdfReadError)", an exception's
    name for the only reason: it now says to export it again or rewrite it with Ghostscript
    (which reads it)."""
    content = b"0 0 1 rg 10 10 80 40 re f"
    cycle = tmp_path / "cycle.pdf"
    cycle.write_bytes(_pdf([
        b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 60] /Contents 4 0 R >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream"]))
    found = which(cycle, REPO / "figdata", wrappers=True)
    assert found.state == UNREADABLE
    assert found.why == ("cannot be decoded (PdfReadError): export it again, or rewrite it with "
                         "Ghostscript: `gs -o OUT.pdf -sDEVICE=pdfwrite IN.pdf`"), found.why
