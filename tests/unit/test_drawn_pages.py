"""The audit's page walk (figures/paper/drawn.py) reads each page's own content stream: a
direct object's id() is reused once it is freed, and a cache keyed by it gave page 2 page 1's
operations (issue 44: in one pytest process after other papers, article1in's page 2 figures
were "printed nowhere"; a fresh process found them)."""

from __future__ import annotations

from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    DecodedStreamObject,
    DictionaryObject,
    FloatObject,
    NameObject,
    TextStringObject,
)

from figures.paper import drawn


def _two_pages(path):
    """Two pages, each drawing its own named form (as pdfTeX includes a PDF)."""
    writer = PdfWriter()
    for number in (1, 2):
        page = writer.add_blank_page(200, 200)
        form = DecodedStreamObject()
        form.set_data(b"0 0 m 10 10 l S")
        form.update({NameObject("/Type"): NameObject("/XObject"),
                     NameObject("/Subtype"): NameObject("/Form"),
                     NameObject("/BBox"): ArrayObject([FloatObject(v) for v in (0, 0, 10, 10)]),
                     NameObject("/PTEX.FileName"): TextStringObject(f"./f{number}.pdf")})
        page[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): DictionaryObject(
            {NameObject(f"/Im{number}"): writer._add_object(form)})})
        contents = DecodedStreamObject()
        contents.set_data(f"q 1 0 0 1 0 0 cm /Im{number} Do Q".encode())
        page[NameObject("/Contents")] = writer._add_object(contents)
    writer.write(path)
    return PdfReader(path)


def test_each_page_is_walked_through_its_own_contents_whatever_ids_are_reused(
        tmp_path, monkeypatch):
    reader = _two_pages(tmp_path / "two.pdf")
    monkeypatch.setattr(drawn, "id", lambda _obj: 1, raising=False)  # every id reused
    found = [(page, str(form["/PTEX.FileName"])) for page, form, *_ in
             drawn.placements(reader)]
    assert found == [(1, "./f1.pdf"), (2, "./f2.pdf")]
