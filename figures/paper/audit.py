"""The compiled paper audited: ``figures check PAPER.pdf``.

pdfTeX copies every included PDF's document information into the paper, as the form
XObject's ``/PTEX.InfoDict``, beside ``/PTEX.FileName``; our provenance
(:mod:`figures.outputs.provenance`) is in it. So each of our figures is found in the paper
whatever its file was called, and reported **current**, **stale** (why) or, for an include
without our provenance, **foreign**. For each of ours: the scale it is printed at (the size
the page's content stream places it at, through its ``cm`` matrices, over its ``/BBox``, the
size it was built for), and its smallest text and thinnest line as printed (the sizes inside
the figure's own content stream, times that scale) against the venue's minimums. Every font
of the paper embedded, no Type 3; with ``anonymous``, what the PDF discloses of who made it
(:func:`figures.paper.disclosure.disclosed`, as ``figures pack --anonymous`` reads it, and its
bookmarks and links' addresses: :func:`figures.paper.aside.told`).

Everything is read with pypdf (its content-stream parser), never by hand.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

from figures.outputs import provenance
from figures.page import inches
from figures.paper.aside import told
from figures.paper.disclosure import authors_named, disclosed
from figures.paper.drawn import (
    Matrix,
    Rect,
    bbox,
    extent,
    font_problems,
    form_provenance,
    inner_sizes,
    placements,
)
from figures.paper.pictures import identity, known_for, pixel_size
from figures.paper.tikzcache import forms_within, is_cache, redraw
from figures.paper.which import why_stale
from figures.paths import BUILD_ROOT
from figures.venues import Venue

#: Printed at 100 % within this (pdfTeX rounds the placed size to a scaled point).
SCALE_TOLERANCE = 0.03


@dataclass
class Placed:
    """One included PDF as the paper prints it."""

    page: int
    file: str
    inside: dict[str, str] | None
    scale: float
    width_in: float
    height_in: float = 0.0
    smallest_text_pt: float | None = None
    smallest_glyph_pt: float | None = None
    thinnest_line_pt: float | None = None
    state: str = ""
    why: str = ""
    #: "pdf" (found by the provenance pdfTeX copied) or "png" (an image, by its pixels).
    format: str = "pdf"
    #: An image's size in pixels, and the resolution a picture of ours was saved at.
    pixels: tuple[int, int] = (0, 0)
    ppi: float = 0.0
    #: The height's scale, when it is not the width's (squashed or stretched).
    height_scale: float | None = None
    #: The TikZ externalization cache it is printed inside ("": none; round 25, TX2).
    cache: str = ""
    #: Where the page prints it (points: x0, y0, x1, y1, its box through its matrix: a
    #: rotated float's across and down the page), and the page's own box (what prints).
    on_page: Rect | None = None
    page_box: Rect | None = None

    @property
    def name(self) -> str:
        return self.inside["figure"] if self.inside else self.file


@dataclass
class Audit:
    placed: list[Placed] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    #: False when the paper draws images but no record of our pictures was found at all
    #: (run elsewhere than the project's folder): its PNGs could not be told ours.
    records: bool = True
    pages: int = 0
    #: What could not be checked (round 33, P17: a stream over pypdf's limits), one line each.
    notes: list[str] = field(default_factory=list)


class _Judge:
    """Whether a figure of ours is current, and its sizes inside, each worked out once: a
    paper that draws a figure on many pages (or a huge one) is not slower for it."""

    def __init__(self, reader, figdata_dir: Path, venues_file: Path | None) -> None:
        self.reader, self.figdata_dir, self.venues_file = reader, figdata_dir, venues_file
        self._done: dict[tuple, object] = {}

    def _once(self, key: tuple, work):
        if key not in self._done:
            self._done[key] = work()
        return self._done[key]

    def state(self, inside: dict[str, str]) -> tuple[str, str]:
        """``("current", "")``, or ``("stale", why)``."""
        stale = self._once(("stale", *sorted(inside.items())), lambda: why_stale(
            inside, self.figdata_dir, self.venues_file))
        return ("current", "") if stale is None else ("stale", stale[0])

    def not_ours(self, form, inside: dict[str, str]) -> bool:
        """The form's content is not the page the build wrote for the figure its label
        names (a picture relabelled, painted over): judged as ``figures which`` judges a
        file, by content; False when no such build is at hand to tell."""
        return self._once(("content", identity(form) or id(form)),
                          lambda: _not_the_build(form, inside, self.venues_file))

    def inner_sizes(self, form, notes: list[str], where: str) -> tuple:  # ``drawn`` keeps
        return self._once(("sizes", identity(form) or id(form)),  # each form alive: its id
                          lambda: inner_sizes(form, self.reader, notes, where))  # stays

    def file(self, path: Path):
        """``figures which`` of a PNG in the paper's folder."""
        from figures.paper.which import which

        return self._once(("file", path), lambda: which(path, self.figdata_dir,
                                                        self.venues_file))


def _not_the_build(form, inside: dict[str, str], venues_file: Path | None) -> bool:
    """:meth:`_Judge.not_ours`, worked out."""
    from figures.outputs.kind import parse_kind
    from figures.pdf import open_pdf
    from figures.registry import BY_NAME

    try:
        kind = parse_kind(inside["variant"], venues_file)
        built = Path(kind.default_out) / f"{kind.stem(BY_NAME[inside['figure']])}.pdf"
        return built.is_file() and provenance.read(built) == inside and \
            open_pdf(built).pages[0].get_contents().get_data() != form.get_data()
    except Exception:  # noqa: BLE001 - no build to compare with: the label stands
        return False


def audit(pdf: Path, figdata_dir: Path, venue: Venue, *, anonymous: bool = False,
          venues_file: Path | None = None, built: tuple[Path, ...] = (BUILD_ROOT,),
          unread: dict[str, str] | None = None) -> Audit:
    """``pdf`` audited against ``venue`` (see the module's docstring); its PNGs are looked
    for among the pictures the build states under ``built`` record, and the PNGs of the
    paper's folder (:mod:`figures.paper.pictures`). ``unread``: our figures no include sync
    reads prints (``figures paper`` knows), each with the command that does."""
    from figures.pdf import open_pdf

    reader = open_pdf(pdf)
    judge = _Judge(reader, figdata_dir, venues_file)
    result = Audit(pages=len(reader.pages))
    drawn = placements(reader, result.notes)
    images = [(page, xobject) for page, xobject, *_ in drawn
              if xobject.get("/Subtype") == "/Image"]
    known, result.records = known_for(Path(pdf).parent, [image for _, image in images],
                                      built) if images else ({}, True)
    decoded: dict[tuple, str | None] = {}
    caches: dict[tuple, str] = {}  # each form inside a TikZ cache: the cache's file
    for page, form, matrix, clipped in drawn:
        paper_box = reader.pages[page - 1].cropbox  # what prints of the page
        if form.get("/Subtype") == "/Image":
            item = _image(page, form, matrix, known, decoded, judge, venue.key)
            item.on_page, item.page_box = extent((0, 0, 1, 1), matrix), _rect(paper_box)
            result.placed.append(item)
            result.problems += _size_problems(item, venue) + _image_problems(item, venue)
            if item.inside is not None:
                result.problems += _figure_problems(item, venue, unread or {})
            continue
        box = [float(v) for v in form["/BBox"]]
        design_w, design_h = box[2] - box[0], box[3] - box[1]
        scale = math.hypot(matrix[0], matrix[1]) if design_w else 0.0
        file = str(form.get("/PTEX.FileName", "(no file name)"))
        inside = form_provenance(form.get("/PTEX.InfoDict"))
        item = Placed(page, file, inside, scale, design_w * scale / 72,
                      design_h * math.hypot(matrix[2], matrix[3]) / 72,
                      height_scale=math.hypot(matrix[2], matrix[3]))
        if (own := bbox(form)) is not None:
            item.on_page, item.page_box = extent(own, matrix), _rect(paper_box)
        result.problems += _size_problems(item, venue)
        result.placed.append(item)
        item.cache = caches.get(identity(form) or (), "")
        if inside is None:
            item.state = "foreign"
            if is_cache(Path(pdf).parent / file):  # ours inside are said so (TX2)
                item.state = "cache"
                caches.update(dict.fromkeys(forms_within(form), file))
            continue
        item.state, item.why = judge.state(inside)
        if item.state == "current" and judge.not_ours(form, inside):
            result.problems.append(f"{file} (page {page}): labelled {inside['figure']}, but its "
                                   f"content is not what the build wrote for it (painted over, "
                                   "swapped or relabelled): not ours; build and sync again")
            item.inside, item.state, item.file = None, "not ours", f"{file} ({inside['figure']}?)"
            continue
        if clipped:
            result.problems.append(f"{inside['figure']} (page {page}, {file}): cropped by the "
                                   f"paper: page {page} prints it clipped (a trim/clip on its "
                                   "include, or a clip around it: TikZ's \\clip, adjustbox's "
                                   "clip): remove the clip/trim and sync again (it is built "
                                   "for its box)")
        text, glyph, line = judge.inner_sizes(form, result.notes, f"{file} (page {page})")
        item.smallest_text_pt = text * scale if text is not None else None
        item.smallest_glyph_pt = glyph * scale if glyph is not None else None
        item.thinnest_line_pt = line * scale if line is not None else None
        result.problems += _figure_problems(item, venue, unread or {})
    result.problems += font_problems(reader)
    if anonymous:  # the authors of the .tex beside (main.pdf: main.tex), our provenance read
        tex = Path(pdf).with_suffix(".tex")
        authors = authors_named({tex.name: tex.read_bytes()})[0] if tex.is_file() else []
        result.problems += disclosed(pdf, Path(pdf).parent, authors, provenance=False)
        result.problems += told(reader, Path(pdf).parent, authors, Path(pdf).name)  # round 33
    return result


def _image(page: int, image, matrix: Matrix, known, decoded: dict[tuple, str | None],
           judge: _Judge, venue_key: str) -> Placed:
    """One image the page draws: ours when its pixels are a picture of ours, as printed (of
    the builds that drew those pixels, :func:`_build_of`'s)."""
    from figures.outputs.pixels import digest
    from figures.paper.which import CURRENT, MISLABELLED, STALE

    size = pixel_size(image)
    wide, tall = math.hypot(matrix[0], matrix[1]) / 72, math.hypot(matrix[2], matrix[3]) / 72
    item = Placed(page, f"image {size[0]}x{size[1]} px", None, math.nan, wide, tall,
                  format="png", pixels=size)
    ident = identity(image) or id(image)
    if size in {builds[0].size for builds in known.values()} and ident not in decoded:
        try:
            decoded[ident] = digest(image.decode_as_image())
        except Exception as exc:  # noqa: BLE001 - a damaged or exotic image (pypdf, Pillow)
            decoded[ident] = f"undecodable: {type(exc).__name__}"
    builds = known.get(decoded.get(ident) or "")
    item.state = "foreign"
    if (decoded.get(ident) or "").startswith("undecodable: "):
        item.why = f"its pixels cannot be decoded ({decoded[ident].partition(': ')[2]})"
    if not builds:
        return item
    found, judged = _build_of(builds, judge, venue_key)
    item.inside, item.ppi = found.inside, found.ppi
    named = found.source.name if found.from_paper else f"{found.inside['figure']}.png"
    item.file = f"{named}, by its pixels"
    item.scale = wide * found.ppi / size[0]
    item.height_scale = tall * found.ppi / size[1]
    if found.from_paper:
        state = judge.file(found.source)
        item.state = {CURRENT: "current", STALE: "stale", MISLABELLED: "mislabel"}.get(
            state.state, "foreign")
        item.why = state.why
        if item.state == "foreign":  # unreadable since: not known as ours after all
            item.inside, item.file = None, f"image {size[0]}x{size[1]} px"
        return item
    item.state, item.why = judged
    return item


def _build_of(builds, judge: _Judge, venue_key: str) -> tuple:
    """Of the builds that drew one picture (the newest first), the one it is taken for, and
    its ``(state, why)``: a current one, the checked venue's first (two venues of one page
    draw alike: an ICML paper's picture is current though a workshop's venue, unknown here,
    drew the same pixels since); else the most relevant stale one (the checked venue's, else
    the newest). One known only from the paper's folder is judged by ``which``."""
    ranked = sorted(builds, key=lambda k: k.inside.get("venue") != venue_key)  # stable
    if ranked[0].from_paper:
        return ranked[0], None
    judged = [(k, judge.state(k.inside)) for k in ranked]
    return next((pair for pair in judged if pair[1][0] == "current"), judged[0])


def _image_problems(item: Placed, venue: Venue) -> list[str]:
    """An image printed under the venue's raster resolution, or squashed."""
    where = f"{item.name} (page {item.page}" + (f", {item.file})" if item.inside else ")")
    problems = []
    printed_ppi = item.pixels[0] / item.width_in if item.width_in else math.inf
    if item.pixels[0] and printed_ppi < venue.min_raster_ppi - 0.5:
        problems.append(f"{where}: printed at {printed_ppi:.0f} ppi ({inches(item.width_in)} in "
                        f"wide), under {venue.key}'s {venue.min_raster_ppi:g} ppi")
    if item.inside is not None and item.state == "mislabel":
        problems.append(f"{where}: {item.why}")
    elif item.inside is None and item.why:
        problems.append(f"{where}: {item.why}: cannot tell whether it is one of ours")
    return problems


def _figure_problems(item: Placed, venue: Venue, unread: dict[str, str]) -> list[str]:
    name, problems = item.name, []
    where = f"{name} (page {item.page}, {item.file})"
    problems += _off_page(item, where)
    if item.state == "stale":
        problems.append(f"{where}: stale: {item.why}; " + (
            f"it is inside TikZ's externalized cache {item.cache}: "
            f"{redraw(item.cache, True)}" if item.cache else
            "sync and compile again"))
    if abs(item.scale - 1) > SCALE_TOLERANCE:
        problems.append(f"{where}: printed at {item.scale:.0%} ({inches(item.width_in)} in wide), "
                        "not 100 %: " + (
                            f"sync reads no include of it ({unread[name]}), so it builds "
                            "nothing for this width: write it \\includegraphics[width=...]"
                            f"{_floor(name, venue)}, which sync reads, or give it the width it "
                            "was built for" + (
                                f" ({inches(item.width_in / item.scale)} in)" if item.scale else "")
                            if name in unread else
                            "give the include the width it was built for, or sync again to "
                            "build it for this width"))  # round 39, F18
    if (squash := squashed(item.scale, item.height_scale)) is not None:
        problems.append(f"{where}: {squash} ({inches(item.width_in)} x "
                        f"{inches(item.height_in)} in): give width= only (it keeps its "
                        "proportions)")
    if item.smallest_text_pt is not None and item.smallest_text_pt < venue.min_font_pt - 0.05:
        problems.append(f"{where}: smallest text {item.smallest_text_pt:.1f} pt as printed, "
                        f"under {venue.key}'s {venue.min_font_pt:g} pt")
    if item.thinnest_line_pt is not None and \
            item.thinnest_line_pt < venue.min_line_pt - 0.005:
        problems.append(f"{where}: thinnest line {item.thinnest_line_pt:.2f} pt as printed, "
                        f"under {venue.key}'s {venue.min_line_pt:g} pt")
    return problems


def squashed(scale: float, height_scale: float | None) -> str | None:
    """``squashed: its width printed at 100%, its height at 44%`` when a figure printed at
    ``scale`` across is printed at ``height_scale`` down (its proportions not kept, beyond
    :data:`SCALE_TOLERANCE`); None when it keeps them. ``figures pack`` asks it too (round
    45b, K28)."""
    if height_scale is None or abs(height_scale - scale) <= SCALE_TOLERANCE * max(scale, 1e-9):
        return None
    return f"squashed: its width printed at {scale:.0%}, its height at {height_scale:.0%}"


def _floor(name: str, venue: Venue) -> str:
    """`` (at least 3 in: its smallest width)`` for our figure ``name`` on ``venue``'s page
    ("" when its module does not say)."""
    from figures.registry import BY_NAME

    try:
        least = inches(BY_NAME[name].smallest_width_in(venue))
        return f" (at least {least} in: its smallest width)"
    except Exception:  # noqa: BLE001 - the figure's own errors are the build's to say
        return ""


def _rect(box) -> Rect:
    return float(box.left), float(box.bottom), float(box.right), float(box.top)


def _size_problems(item: Placed, venue: Venue) -> list[str]:
    """A figure (ours or not) wider than the text or taller than the page's text, as the
    page prints it: a rotated float's (rotating's ``sidewaysfigure``) width runs down the
    page, along the text's height (hostile round 42a, A26: it was judged across)."""
    problems = []
    wide, tall = item.width_in, item.height_in
    if item.on_page is not None:
        x0, y0, x1, y1 = item.on_page
        wide, tall = (x1 - x0) / 72, (y1 - y0) / 72
    if wide > venue.widest + 0.01:  # a full-width float's line is wider
        problems.append(f"{item.name} (page {item.page}): {inches(wide)} in wide, wider "
                        f"than {venue.key}'s " + (f"text ({venue.text_width_in:g} in)" if
                        venue.widest_in is None else f"widest line ({venue.widest:g} in)"))
    if venue.text_height_in and tall > venue.text_height_in + 0.01:
        problems.append(f"{item.name} (page {item.page}): {inches(tall)} in tall, "
                        f"taller than {venue.key}'s text ({venue.text_height_in:g} in)")
    return problems


def _off_page(item: Placed, where: str) -> list[str]:
    """A figure of ours the page prints past its edge, off the paper (more than a point):
    its include's box is wider than the room it has, as two bare includes side by side on
    one line, each built for the whole line (hostile round 42a, A62)."""
    if item.on_page is None or item.page_box is None:
        return []
    (x0, y0, x1, y1), (left, bottom, right, top) = item.on_page, item.page_box
    past = {"right": x1 - right, "left": left - x0, "top": y1 - top, "bottom": bottom - y0}
    side = max(past, key=past.get)
    if past[side] <= 1.0:
        return []
    return [(f"{where}: printed {inches(past[side] / 72)} in past the page's {side} edge (off "
            "the paper): its include's box is wider than the room it has there (two bare "
            "includes side by side are each as wide as the whole line): give the include a "
            "width= that fits (beside another, its share of the line: sync names it), sync and "
            "compile again")]

