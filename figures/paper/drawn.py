"""What a compiled paper's pages draw, read with pypdf (its content-stream parser, never by
hand): every included PDF at any depth (a clip form, a wrapper PDF), every image, the matrix
each is drawn through; the smallest text and thinnest line inside a form; the fonts. Forms
that draw each other, or resources shared with the page, end the walk, not the audit."""

from __future__ import annotations

import math

from figures.outputs import provenance
from figures.paper.pictures import identity
from figures.pdf import MAX_DEPTH, unreadable

_STROKES = {b"S", b"s", b"B", b"B*", b"b", b"b*"}
Matrix = tuple[float, float, float, float, float, float]
_IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
Rect = tuple[float, float, float, float]


def times(m: Matrix, n: Matrix) -> Matrix:
    """``m`` then ``n`` (PDF's row-vector convention: m × n)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2,
            e * a2 + f * c2 + e2, e * b2 + f * d2 + f2)


def _length(m: Matrix) -> float:
    """How much ``m`` scales a length (the square root of its determinant)."""
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def _operations(stream, reader):
    from pypdf.generic import ContentStream

    return ContentStream(stream, reader).operations


def _in_state(operations, ctm: Matrix = _IDENTITY, clip: Rect | None = None, *,
              clips: bool = False):
    """Each operation but those that set the graphics state (``q``, ``Q``, ``cm``, ``w``),
    with the matrix, line width and (``clips``: and those that build a path not yielded)
    the clip on the page in force: the path a ``W`` or ``W*`` clips to (its rectangles, or
    the box of its points) cuts ``clip`` from the operation that ends it (round 39,
    F7/F10: adjustbox's and TikZ's clips around a plain include)."""
    stack, width, path, clipping = [], 1.0, None, False
    for operands, operator in operations:
        if operator == b"q":
            stack.append((ctm, width, clip))
        elif operator == b"Q":
            ctm, width, clip = stack.pop() if stack else (ctm, width, clip)
        elif operator == b"cm":
            ctm = times(tuple(float(v) for v in operands), ctm)
        elif operator == b"w":
            width = float(operands[0])
        elif clips and operator in _PATH:
            values = _numbers(operands)
            if operator == b"re" and len(values) == 4:
                values = [*values[:2], values[0] + values[2], values[1] + values[3]]
            for i in range(0, len(values) - 1, 2):
                x, y = _point(ctm, values[i], values[i + 1])
                path = (x, y, x, y) if path is None else (
                    min(path[0], x), min(path[1], y), max(path[2], x), max(path[3], y))
        elif clips and operator in (b"W", b"W*"):
            clipping = True
        else:
            if operator in _PAINTS:
                if clipping and path is not None:
                    clip = _within(clip, path)
                path, clipping = None, False
            yield operands, operator, ctm, width, clip


_PATH = {b"m", b"l", b"c", b"v", b"y", b"re"}
_PAINTS = _STROKES | {b"f", b"F", b"f*", b"n"}


def _numbers(operands) -> list[float]:
    try:
        return [float(v) for v in operands]
    except (TypeError, ValueError):
        return []


def _point(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return x * m[0] + y * m[2] + m[4], x * m[1] + y * m[3] + m[5]


def _within(clip: Rect | None, cut: Rect) -> Rect:
    """``clip`` cut to ``cut`` (both on the page)."""
    if clip is None:
        return cut
    return max(clip[0], cut[0]), max(clip[1], cut[1]), min(clip[2], cut[2]), min(clip[3], cut[3])


def _forms(resources) -> dict[str, object]:
    xobjects = (resources or {}).get("/XObject") or {}
    return {name: ref.get_object() for name, ref in xobjects.items()}


#: Forms inside forms followed :data:`figures.pdf.MAX_DEPTH` deep, at most this many drawn: a PDF whose
#: forms draw each other (legal, and seen) or a million markers ends the walk, not the audit.
_MOST_DRAWN = 200_000


def placements(reader, skipped: list[str] | None = None) -> list[tuple[int, object, Matrix, bool]]:
    """Every included PDF (a form XObject pdfTeX names, at any depth: inside a clip form,
    a wrapper PDF such as a ``standalone`` or ``pdfcrop`` panel) and every image XObject the
    pages draw, with the matrix it is drawn through and whether an unnamed form around it
    (pdfTeX's ``clip``) cuts into it: a clip to the figure's own box (``\\includegraphics*``
    alone) cuts nothing. A form is not followed into itself, nor into ours. A content stream
    pypdf will not read within its limits (round 33, P17: a 300k-point scatter's 2.7 M
    tokens) is not followed: ``skipped`` gets a line naming its file (or page) for each."""
    found: list[tuple[int, object, Matrix, bool]] = []
    parsed: dict[object, list] = {}
    budget = [_MOST_DRAWN]
    said = [] if skipped is None else skipped
    for number, page in enumerate(reader.pages, 1):
        walk = _Walk(reader, number, found, parsed, budget, said)
        try:
            contents = page.get_contents()
        except unreadable():  # its content over pypdf's limits: the page not followed, said
            said.append(_page_over(number))
            continue
        walk(contents, page.get("/Resources"), _IDENTITY, (), None)
    return found


def over_limits(where: str, what: str) -> str:
    """The line for a stream pypdf will not read within its limits (round 33, P17)."""
    return (f"{where}: draws more in one content stream than pypdf reads within its limits: "
            f"{what} not checked")


def _page_over(number: int) -> str:
    return over_limits(f"page {number}", "the figures and images it places were")


class _Walk:
    def __init__(self, reader, page: int, found: list, parsed: dict, budget: list[int],
                 skipped: list[str]):
        self.reader, self.page, self.found, self.parsed, self.budget, self.skipped = \
            reader, page, found, parsed, budget, skipped

    def __call__(self, contents, resources, base: Matrix, path: tuple, clip: Rect | None):
        if contents is None or len(path) > MAX_DEPTH:
            return
        key = identity(contents)  # a direct object (a page's contents) is parsed each time:
        operations = self.parsed.get(key) if key else None  # an id() is reused once freed
        if operations is None:
            try:
                operations = _operations(contents, self.reader)
            except unreadable():  # over pypdf's limits, or broken: not followed, said once
                name = _figure_name(contents) if path else None
                line = over_limits(f"{name} (page {self.page})", "what it draws inside (a "
                                   "figure of ours, an image) was") if name else \
                    _page_over(self.page)
                if line not in self.skipped:
                    self.skipped.append(line)
                operations = []
            if key:
                self.parsed[key] = operations
        forms = _forms(resources)
        for operands, operator, ctm, _, cut in _in_state(operations, base, clip, clips=True):
            if operator == b"Do" and operands and operands[0] in forms:
                self.budget[0] -= 1
                if self.budget[0] < 0:
                    return
                self._draw(forms[operands[0]], ctm, path, cut)

    def _draw(self, xobject, ctm: Matrix, path: tuple, clip: Rect | None) -> None:
        if xobject.get("/Subtype") == "/Image":  # into the unit square
            self.found.append((self.page, xobject, ctm, _cuts(clip, (0, 0, 1, 1), ctm)))
            return
        ident = identity(xobject) or ("direct", id(xobject))
        if xobject.get("/Subtype") != "/Form" or ident in path:
            return
        matrix = times(tuple(float(v) for v in xobject.get("/Matrix", _IDENTITY)), ctm)
        named = "/PTEX.FileName" in xobject or "/PTEX.InfoDict" in xobject
        box = bbox(xobject)
        if named:
            self.found.append((self.page, xobject, matrix, _cuts(clip, box, matrix)))
        if form_provenance(xobject.get("/PTEX.InfoDict")) is None:  # a wrapper, a clip form
            if not named and box is not None:  # its box clips what it draws
                clip = _within(clip, extent(box, matrix))
            self(xobject, xobject.get("/Resources"), matrix, (*path, ident), clip)



def bbox(xobject) -> Rect | None:
    """A form's ``/BBox``, its corners in order (None: none readable)."""
    try:
        x0, y0, x1, y1 = (float(v) for v in xobject["/BBox"])
    except (KeyError, TypeError, ValueError):
        return None
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def extent(box: Rect, matrix: Matrix) -> Rect:
    """``box`` drawn through ``matrix``: the rectangle its corners span on the page."""
    a, b, c, d, e, f = matrix
    xs, ys = zip(*((x * a + y * c + e, x * b + y * d + f)
                   for x in (box[0], box[2]) for y in (box[1], box[3])), strict=True)
    return min(xs), min(ys), max(xs), max(ys)


def _cuts(clip: Rect | None, box: Rect | None, matrix: Matrix) -> bool:
    """Whether ``clip`` (on the page) cuts into ``box`` drawn through ``matrix`` (half a
    point of rounding allowed: TeX's box and the PDF's differ by that)."""
    if clip is None:
        return False
    if box is None:
        return True
    x0, y0, x1, y1 = extent(box, matrix)
    return x0 < clip[0] - 0.5 or y0 < clip[1] - 0.5 or x1 > clip[2] + 0.5 or y1 > clip[3] + 0.5


def inner_sizes(form, reader, skipped: list[str] | None = None,
                where: str = "") -> tuple[float | None, float | None, float | None]:
    """The smallest text, the smallest glyph and the thinnest stroked line inside ``form``,
    in its own units. A text is one ``BT``..``ET`` block, at its largest size: matplotlib
    writes each string in one block, its math scripts (70 %) as smaller glyphs of it."""
    text = glyph = line = size = None
    tm: Matrix = _IDENTITY
    block: list[float] = []
    try:
        operations = _operations(form, reader)
    except unreadable():  # over pypdf's limits (round 33, P17): nothing measured, said
        if skipped is not None:
            skipped.append(over_limits(where, "its smallest text and thinnest line were"))
        return text, glyph, line
    for operands, operator, ctm, width, _ in _in_state(operations):
        if operator in _STROKES:
            printed = width * _length(ctm)
            line = printed if line is None else min(line, printed)
        elif operator == b"BT":
            tm, block = _IDENTITY, []
        elif operator == b"ET" and block:
            text = max(block) if text is None else min(text, max(block))
            glyph = min(block) if glyph is None else min(glyph, *block)
        elif operator == b"Tf":
            size = float(operands[1])
        elif operator == b"Tm":
            tm = tuple(float(v) for v in operands)
        elif operator in (b"Tj", b"TJ", b"'", b'"') and size:
            block.append(size * _length(times(tm, ctm)))
    return text, glyph, line


def font_problems(reader) -> list[str]:
    """Every font not embedded, and every Type 3 font, once each, naming where it is."""
    from figures.pdf import embedded, fonts

    problems, seen = [], set()
    for number, forms, name, font in fonts(reader):
        where = next(filter(None, map(_figure_name, reversed(forms))), f"page {number}")
        base = str(font.get("/BaseFont", name)).lstrip("/")
        subtype, inside = embedded(font)
        if (where, base, subtype) in seen:
            continue
        seen.add((where, base, subtype))
        if subtype == "Type3":
            problems.append(f"{where}: Type 3 font {base} (venues' checkers reject it; "
                            "save with pdf.fonttype 42)")
        elif not inside:
            problems.append(f"{where}: font {base} is not embedded")
    return problems


def _figure_name(form) -> str | None:
    info = form.get("/PTEX.InfoDict")
    inside = form_provenance(info)
    if inside is not None:
        return inside["figure"]
    name = form.get("/PTEX.FileName")
    return str(name) if name is not None else None


def form_provenance(info) -> dict[str, str] | None:
    """The provenance a placed form's ``/PTEX.InfoDict`` carries (None: not ours); the audit
    reads each form it finds by it too."""
    info = info.get_object() if info is not None else None
    if not info or info.get("/Subject") != provenance.SUITE:
        return None
    return provenance.decode(str(info.get("/Keywords", "")))
