"""The one PDF reader (figures/pdf.py): its walk over what pages draw ends on a cycle of
forms and on a nesting too deep, and an encrypted or damaged file is one line."""

from __future__ import annotations

import io
import itertools

import pytest
from pypdf import PdfWriter
from pypdf.generic import ArrayObject, DictionaryObject, NameObject, NumberObject, StreamObject

from figures.errors import DataError
from figures.pdf import MAX_DEPTH, open_pdf, pdf_fonts, resources


def _form(writer: PdfWriter):
    form = StreamObject()
    form.update({NameObject("/Type"): NameObject("/XObject"),
                 NameObject("/Subtype"): NameObject("/Form"),
                 NameObject("/BBox"): ArrayObject([NumberObject(0)] * 2 + [NumberObject(1)] * 2)})
    return form, writer._add_object(form)


def _drawing(ref) -> DictionaryObject:
    return DictionaryObject({NameObject("/XObject"): DictionaryObject({NameObject("/F"): ref})})


def _pdf(writer: PdfWriter) -> bytes:
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_a_form_drawn_inside_itself_is_walked_once():
    writer = PdfWriter()
    page = writer.add_blank_page(72, 72)
    form, ref = _form(writer)
    form[NameObject("/Resources")] = _drawing(ref)  # the form draws itself
    page[NameObject("/Resources")] = _drawing(ref)
    walked = list(resources(open_pdf(_pdf(writer))))
    assert [len(forms) for _, forms, _ in walked] == [0, 1]


def test_forms_nested_deeper_than_the_limit_end_the_walk_there():
    writer = PdfWriter()
    page = writer.add_blank_page(72, 72)
    refs = [_form(writer) for _ in range(MAX_DEPTH + 20)]
    for (form, _), (_, inner) in itertools.pairwise(refs):
        form[NameObject("/Resources")] = _drawing(inner)
    page[NameObject("/Resources")] = _drawing(refs[0][1])
    walked = list(resources(open_pdf(_pdf(writer))))
    assert max(len(forms) for _, forms, _ in walked) == MAX_DEPTH


def test_an_encrypted_file_is_one_line(tmp_path):
    writer = PdfWriter()
    writer.add_blank_page(72, 72)
    writer.encrypt(user_password="secret", owner_password="o", algorithm="RC4-128")
    path = tmp_path / "locked.pdf"
    path.write_bytes(_pdf(writer))
    with pytest.raises(DataError) as caught:
        pdf_fonts(path)
    assert str(caught.value) == (f"{path}: is encrypted with a password; rebuild it with "
                                 "`figures build --force`")
