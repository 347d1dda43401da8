"""The pages of a multi-page PDF figure the paper never prints (``\\includegraphics[page=2]
{slides.pdf}``: a slide deck, a plot book) left blank in the archive, as an unused file is
left out of it: what TeX never drew is no part of the paper, and may name people or hold
unpublished results. The printed pages stay as they are, at their numbers, so every
``page=N`` of the paper draws the same page from the archive (which the proof compile shows:
:func:`figures.pack.run.pack` compares the archive's PDF with the paper's)."""

from __future__ import annotations

import io
import os

from figures.errors import display_path


def placed(compiled: bytes) -> dict[str, set[int]]:
    """The pages of each included PDF the compiled paper places, as pdfTeX names them in
    each form it places (``/PTEX.FileName``, ``/PTEX.PageNumber``), at any depth; none when
    the paper suppressed them (``\\pdfsuppressptexinfo``)."""
    from figures.pdf import open_pdf, pypdf_said, resources

    found: dict[str, set[int]] = {}
    with pypdf_said():
        for _, _, drawn in resources(open_pdf(compiled)):
            for ref in (drawn.get("/XObject") or {}).values():
                form = ref.get_object()
                name, page = form.get("/PTEX.FileName"), form.get("/PTEX.PageNumber")
                if name is not None:
                    found.setdefault(os.path.normpath(str(name)), set()).add(
                        int(page) if page is not None else 1)
    return found


def _pages_of(name: str, found: dict[str, set[int]]) -> set[int] | None:
    """The pages placed of the packed file ``name`` (pdfTeX names it as it opened it:
    ``./figs/plots.pdf``, or by a longer path), None when pdfTeX names it nowhere."""
    name = os.path.normpath(name)
    matched = [pages for path, pages in found.items()
               if path == name or path.endswith(os.sep + name)]
    return set().union(*matched) if matched else None


def _spans(numbers: list[int]) -> str:
    """``[2, 3, 4, 7]`` as ``2-4, 7``."""
    spans: list[list[int]] = []
    for number in numbers:
        if spans and number == spans[-1][1] + 1:
            spans[-1][1] = number
        else:
            spans.append([number, number])
    return ", ".join(f"{a}-{b}" if b > a else f"{a}" for a, b in spans)


def unprinted(files: dict[str, bytes], compiled: bytes, *, anonymous: bool) -> list[str]:
    """Blank, in ``files`` (the archive's bytes), each PDF's pages the paper never places;
    one line per such file naming it and the pages. Under ``anonymous``, a multi-page PDF
    pdfTeX names nowhere (its names suppressed) is packed whole, and said so."""
    from pypdf import PdfWriter

    from figures.pdf import open_pdf, pypdf_said

    found = placed(compiled)
    said = []
    for name, data in sorted(files.items()):
        if not (name.lower().endswith(".pdf") and data.startswith(b"%PDF")):
            continue
        with pypdf_said():
            reader = open_pdf(data)
            count = len(reader.pages)
            pages = _pages_of(name, found)
            if count < 2:
                continue
            if pages is None:
                if anonymous:
                    said.append(f"{display_path(name)}: {count} pages, and which the paper "
                                "prints cannot be told (\\pdfsuppressptexinfo): packed whole, "
                                "every page of it goes to the reviewers")
                continue
            blank = [number for number in range(1, count + 1) if number not in pages]
            if not blank:
                continue
            writer = PdfWriter()
            for number, page in enumerate(reader.pages, 1):
                if number in pages:
                    writer.add_page(page)
                else:  # the same size: a page=N after it still draws page N
                    writer.add_blank_page(float(page.mediabox.width),
                                          float(page.mediabox.height))
            writer.metadata = reader.metadata  # as the file has it (--anonymous: none left)
            out = io.BytesIO()
            writer.write(out)
        files[name] = out.getvalue()
        said.append(f"{display_path(name)}: page(s) {_spans(blank)} of {count} never printed "
                    f"(the paper places {_spans(sorted(pages))}): left blank in the archive")
    return said
