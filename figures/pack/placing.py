"""What each page of a compiled PDF places, for the draft-frame check of
:mod:`figures.pack.frames`: how many XObjects (its content's ``Do``, those inside each form
it places counted too, per use, however deep forms nest: rounds 31 F2-F4, 32 R2) and which
images and included pages among them (round 33, P8: a paper placing a stamp image only when
graphicx is drafted balanced a page's total; what is placed is compared too). An image is
known by a digest of its decoded data, a page pdfTeX imported from a PDF by its
``/PTEX.FileName`` and ``/PTEX.PageNumber``; each form and image is read once, however often
placed (a form placed 8 times in each of 6 levels is 6 reads, not 8^6).

A stream pypdf will not read within its own limits (round 33, P9, P10: an honest 300k-point
scatter, 2.7 M tokens in one form; an 80 MB stream of 78 KB) is opaque: its own placement
counts, its inside is not read, the same in both compiles. A page whose own content is such
a stream is not counted at all (None), and :func:`figures.pack.frames.framed` says so."""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass, field

from figures.pdf import unreadable


@dataclass
class Placed:
    """What one page (or one form, per use) places: ``total`` XObjects, and among them each
    image and imported page by its identity, with how often."""

    total: int = 0
    which: Counter = field(default_factory=Counter)
    #: The forms placed whose inside pypdf would not read (round 34, P4), by the file
    #: pdfTeX imported each from (``/PTEX.FileName``), "" when none.
    unread: set[str] = field(default_factory=set)

    def add(self, other: Placed, matrix: Linear) -> None:
        """``other`` (a form's, in its own space) placed through ``matrix``."""
        self.total += other.total
        self.unread |= other.unread
        for (kind, what, linear), count in other.which.items():
            self.which[(kind, what, _times(linear, matrix))] += count


#: The linear part of a matrix (``a b c d`` of ``cm``): the size and turn an image or page
#: is drawn at, wherever on the page (the same pixels stamped at another size are not the
#: figure: round 33, P8's stamp was the figure's own plot).
Linear = tuple[float, float, float, float]
_UNIT: Linear = (1.0, 0.0, 0.0, 1.0)


def _times(m: Linear, n: Linear) -> Linear:
    """``m`` then ``n`` (PDF's row-vector convention), rounded to a thousandth: the same
    reads in both compiles round alike."""
    a, b, c, d = m
    a2, b2, c2, d2 = n
    return (round(a * a2 + b * c2, 3), round(a * b2 + b * d2, 3),
            round(c * a2 + d * c2, 3), round(c * b2 + d * d2, 3))


def unread_page(main: str, number: int, unchecked: str, what: str = "") -> str:
    """The warning of page ``number`` of the archive's PDF pypdf will not read within its
    limits (:data:`figures.pdf.UNREAD`; ``what``: a form it places that, round 34, P4),
    ending with what went ``unchecked`` for it."""
    from figures.errors import display_path
    from figures.pdf import UNREAD

    return (f"{display_path(main)}: page {number} of the archive's PDF {what}{' ' if what else ''}"
            f"{UNREAD}, so {unchecked}; look at that page before you submit")


def placements(pdf: bytes) -> list[Placed | None]:
    """What each page of ``pdf`` places (see the module's docstring); None for a page whose
    own content stream pypdf will not read within its limits."""
    from figures.pdf import open_pdf, pypdf_said

    pages: list[Placed | None] = []
    with pypdf_said():  # pypdf's word on a stream it stops at: not printed raw
        reader = open_pdf(pdf)
        walk = _Walk(reader)
        for page in reader.pages:
            try:
                contents = page.get_contents()
                operations = [] if contents is None else contents.operations
            except unreadable():
                pages.append(None)
                continue
            pages.append(walk.drawn(operations, page.get("/Resources"), ()))
    return pages


class _Walk:
    """The reads of one PDF: each form's :class:`Placed` and each image's identity, by its
    object, once read."""

    def __init__(self, reader) -> None:
        self.reader = reader
        self.inside: dict[object, Placed] = {}
        self.images: dict[object, str] = {}

    def drawn(self, operations, resources, opening: tuple[object, ...]) -> Placed:
        """What ``operations`` (a content stream's, drawn with ``resources``) place;
        ``opening``: the forms being read around it (a form drawing itself, which no PDF TeX
        writes, counts nothing inside)."""
        from pypdf.generic import IndirectObject

        xobjects = resources.get_object().get("/XObject") if resources is not None else None
        xobjects = xobjects.get_object() if xobjects is not None else {}
        placed, ctm, stack = Placed(), _UNIT, []
        for operands, operator in operations:
            if operator == b"q":
                stack.append(ctm)
            elif operator == b"Q":
                ctm = stack.pop() if stack else ctm
            elif operator == b"cm" and len(operands) == 6:
                ctm = _times(tuple(float(v) for v in operands[:4]), ctm)
            if operator != b"Do":
                continue
            placed.total += 1
            ref = xobjects.get(operands[0]) if operands else None
            drawn = ref.get_object() if ref is not None else None
            if drawn is None:
                continue
            key = (ref.idnum, ref.generation) if isinstance(ref, IndirectObject) else id(drawn)
            if drawn.get("/Subtype") == "/Image":
                placed.which[("image", self._image(key, drawn), ctm)] += 1
                continue
            if drawn.get("/Subtype") != "/Form":
                continue
            matrix = _times(_linear(drawn.get("/Matrix")), ctm)
            if "/PTEX.FileName" in drawn:  # a page pdfTeX imported from a PDF
                placed.which[("page", (str(drawn["/PTEX.FileName"]),
                                       int(drawn.get("/PTEX.PageNumber", 1))), matrix)] += 1
            if key not in self.inside and key not in opening:
                self.inside[key] = self._form(drawn, resources, (*opening, key))
            placed.add(self.inside.get(key, Placed()), matrix)
        return placed

    def _form(self, form, resources, opening: tuple[object, ...]) -> Placed:
        """What ``form`` places inside; nothing when pypdf will not read its stream within
        its limits (or at all): opaque, its own placement counted by the page."""
        from pypdf.generic import ContentStream

        try:
            operations = ContentStream(form, self.reader).operations
        except unreadable():  # a filter pypdf lacks too (round 34, P6)
            return Placed(unread={str(form.get("/PTEX.FileName", ""))})
        return self.drawn(operations, form.get("/Resources", resources), opening)

    def _image(self, key: object, image) -> str:
        """An image's identity: a digest of its decoded data; when pypdf will not decode it
        here (within its limits, a JBIG2 image with no jbig2dec, a filter it lacks: round 34,
        P6), of what it gives undecoded, the same in both compiles (pdfTeX copies the stream):
        its size, filter and length, and its stream's bytes as stored."""
        if key not in self.images:
            try:
                data = image.get_data()
            except unreadable():
                data = _undecoded(image)
            self.images[key] = hashlib.sha256(data).hexdigest()
        return self.images[key]


def _undecoded(image) -> bytes:
    """An image known without decoding it (:meth:`_Walk._image`)."""
    import io

    from pypdf.generic import NameObject

    said = repr([(name, repr(image.get(name).get_object()) if name in image else "")
                 for name in ("/Width", "/Height", "/BitsPerComponent", "/Filter", "/Length")])
    stored = io.BytesIO()
    try:
        length = image.get("/Length")
        image.write_to_stream(stored)  # public: its dictionary, then the bytes as stored
        if length is not None:
            image[NameObject("/Length")] = length  # (writing it takes its /Length out)
    except unreadable():
        pass
    return said.encode() + stored.getvalue().partition(b"\nstream\n")[2]


def _linear(matrix) -> Linear:
    """A form's ``/Matrix``'s linear part (none: the unit)."""
    try:
        return tuple(float(v) for v in matrix[:4]) if matrix is not None else _UNIT
    except (TypeError, ValueError):
        return _UNIT
