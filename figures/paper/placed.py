"""Each figure built for the box the paper prints it in, so it prints at 100 %.

The box is TeX's (:mod:`figures.paper.engine`): ``width=`` evaluated where the include is
typeset, else ``\\linewidth`` there (a column, the text in a ``figure*`` or a
``\\twocolumn[...]`` teaser, a ``subfigure``'s or ``minipage``'s box). Without a TeX engine it
is estimated from the source (:func:`figures.paper.latex.line_width_in`). The figure is drawn
for that width through the venue's page drawing into ``build/VENUE/w<width>/``.

Refused, each with the edit that prints it at 100 %: an include that trims, clips, rotates
(but a quarter turn after its size, judged down the page: :func:`figures.paper.wrappers.turned`)
or rescales our figure (``scale=``, ``height=``), a clip around the include that cuts it
(adjustbox's trim/clip, TikZ's ``\\clip``: :mod:`figures.paper.cropped`), a box wider than its line, and a box under the
figure's smallest width (:meth:`figures.contract.FigureModule.smallest_width_in`: its module's
``SMALLEST_WIDTH_IN``, else the narrowest of its slots on the venue's page).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from figures.errors import FigureDataError
from figures.page import Box, Width, holds, inches
from figures.paper.beside import beside
from figures.paper.bymacro import macro_width_edit
from figures.paper.latex import UNITS, Graphic, line_width_in, width_in
from figures.paper.overrun import overrun
from figures.paper.wrappers import (
    own_angle,
    printed_twice,
    quarter,
    reshaping_turn,
    to_width,
    turned,
)
from figures.registry import FigureSpec
from figures.texhints import gin_default
from figures.venues import Venue

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from figures.outputs.kind import BuildKind

#: Options with which the paper prints a build other than at 100 % (crops, turns, rescales).
_RESHAPING = ("trim", "viewport", "clip", "angle", "scale", "height", "totalheight",
              "keepaspectratio", "origin", "page")
#: Options that set the box ``clip`` (or ``\\includegraphics*``) cuts to: without one, the
#: figure's own box, so nothing is cut.
_BOUNDING = ("bb", "bbllx", "bblly", "bburx", "bbury", "natwidth", "natheight")


@dataclass(frozen=True)
class Placement:
    """Where an include puts a figure: the width in inches, or why none is built."""

    width: Width | None
    problem: str = ""


def fixed_include(graphic: Graphic, width: str | None = None, height: str | None = None
                  ) -> str:
    """The include written so it prints our build at 100 %: ``width`` (else its own, else
    its box's), nothing that crops, turns or rescales it; with ``height``, a box of both
    sides."""
    kept = {k: v for k, v in graphic.options.items()  # ! : a side graphicx works out
            if k not in _RESHAPING + _BOUNDING and (v or "").strip() != "!"}
    kept["width"] = width or kept.get("width", "\\linewidth")
    if height is not None:
        kept["height"] = height
    if quarter(own_angle(graphic)):  # the turn kept, after the size (round 50a, P2)
        kept.update({k: graphic.options[k] for k in ("origin", "angle") if k in graphic.options})
    options = ",".join(f"{k}={v}" if v else k for k, v in kept.items())
    return f"\\includegraphics[{options}]{{{graphic.written}}}"


def _reshaped(graphic: Graphic) -> str | None:
    """How the include reshapes the build (None: it prints it as built)."""
    options, printed = graphic.options, graphic.printed
    clipped = (printed is not None and printed.clip) or "clip" in options  # or the star
    if "viewport" in options or not _uncut(options.get("trim")) or (  # clip alone: none
            clipped and any(k in options for k in _BOUNDING)):
        return "trimmed or clipped"
    if options.get("page", "1").strip() not in ("1", ""):  # our builds have one page
        return f"by a page our one-page build has not (page={options['page']})"
    if (turn := reshaping_turn(graphic)) is not None:
        return turn
    if options.get("scale", "1").strip() not in ("1", "1.0"):
        return f"rescaled (scale={options['scale']})"
    height = options.get("height", options.get("totalheight"))
    if height is not None and _box_height(graphic) is None:
        return f"scaled by its height (height={height})" if height.strip() != "!" else (
            "scaled to a box of its own (width=!, height=!: as pdfpages' \\includepdf fits "
            "it to the page)")
    return None


#: A length of nothing as a ``trim`` writes it: ``0``, ``0.0``, ``0pt``, ``-0bp``.
_ZERO = re.compile(r"[-+]?(?:0+\.?0*|\.0+)(?:pt|bp|mm|cm|in|pc|dd|cc|sp|em|ex|px)?")


def _uncut(trim: str | None) -> bool:
    """Whether a ``trim`` cuts nothing: none given, or four lengths of nothing, as templates
    write ``trim=0 0 0 0`` (with ``clip`` too: a clip to the figure's own box; round 40,
    P15). A negative one adds a margin, which shrinks the figure in its box: not uncut."""
    parts = (trim or "").strip().removeprefix("{").removesuffix("}").split()  # keyval's
    return trim is None or (len(parts) == 4  # braces go (round 41, P15b: trim={0 0 0 0})
                            and all(_ZERO.fullmatch(part) for part in parts))


def reshape_problem(graphic: Graphic) -> str | None:
    """Why the include (or a clip around it) keeps any build from printing at 100 %, with the
    include that does; None: it prints the build as built."""
    around = graphic.printed.cropped if graphic.printed else ""  # round 39, F7/F10
    reshaped = f"cropped by {around} around its include" if around else _reshaped(graphic)
    if reshaped is None:
        return None
    outside = ", outside that clip" if around else ""
    return (f"the paper prints it {reshaped}, so no build of it prints at 100 %: write "
            f"{fixed_include(graphic)} at {graphic.tex.name}:{graphic.line}{outside} (sync "
            "builds it for that box)")


def trimmed_by_default(graphic: Graphic) -> str | None:
    """Why a ``trim`` or ``viewport`` that a ``\\setkeys{Gin}`` gives every include keeps
    ``graphic`` from printing at 100 % (graphicx applies it, and not the ``clip`` beside it,
    so the figure also runs out of its box; round 41, N9); None: none, or the include's own
    ``trim``/``viewport`` replaces it (judged by :func:`_reshaped`)."""
    cut = graphic.printed.default_cut.split() if graphic.printed else []
    if not cut or any(key in graphic.options for key in ("trim", "viewport")) or (
            cut[0] == "trim" and _uncut(" ".join(cut[1:]))):
        return None
    setkeys = gin_default(graphic.tex, (cut[0],)) or "a \\setkeys{Gin}"
    what = f"trims every include by {' '.join(cut[1:])} bp" if cut[0] == "trim" else \
        f"gives every include the viewport {' '.join(cut[1:])} bp"
    own = fixed_include(graphic).replace("]{", ",trim=0 0 0 0]{", 1)
    return (f"{setkeys} {what} (graphicx applies no clip with it, so the figure also runs out "
            f"of its box): no build of it prints at 100 %; remove that {cut[0]}=, or write "
            f"{own} at {graphic.tex.name}:{graphic.line} (a trim of its own replaces it)")


def _box_height(graphic: Graphic) -> float | None:
    """The height of a box of both sides (``width=`` and ``height=``, graphicx stretching the
    image to it), as TeX evaluated it; None: no such box (or no TeX to evaluate it)."""
    printed = graphic.printed
    if printed is None or "width" not in graphic.options or printed.height_in is None:
        return None
    return printed.height_in if any(k in graphic.options for k in ("height", "totalheight")) \
        else None


def placement(graphic: Graphic, spec: FigureSpec, venue: Venue) -> Placement:
    """The width ``graphic`` prints ``spec`` at: TeX's box, else estimated on ``venue``'s
    page; or why no build of it can print at 100 % there."""
    if (reshaped := printed_twice(graphic) or trimmed_by_default(graphic)  # (50a, P15)
            or reshape_problem(graphic)) is not None:
        return Placement(None, reshaped)
    printed = graphic.printed
    if printed is not None and "width" not in graphic.options and printed.box[0] > 0 and \
            printed.width_in is None and to_width(graphic):  # drawn for what prints: the
        printed = graphic.printed = replace(printed, width_in=round(  # factor is the file's
            printed.settles or printed.box[0] * printed.scale, 3), scale=1.0)  # (round 43),
        # also 1 (48a, P38); a row's gaps solved at once (50a, P13: figures.paper.rowfit)
    if printed is not None:  # no width= is None; 0 is a box of nothing (round 37, P19)
        line = printed.line_in
        width = line if printed.width_in is None else printed.width_in
    else:
        line = line_width_in(graphic, venue.text_width_in, venue.column_width_in)
        width = width_in(graphic, venue.text_width_in, venue.column_width_in) \
            if "width" in graphic.options else line
        if width is None:
            return Placement(None, f"width={graphic.options.get('width')}: not a length the "
                             "source reading evaluates (estimated: no TeX engine)")
    width = Width(width)  # a quarter turn's width runs down the text (round 49a, P20)
    line = venue.text_height_in if venue.text_height_in and turned(graphic) else line
    unfit = _unfit(graphic, width, line, spec, venue)
    return Placement(None, unfit) if unfit is not None else _judged(graphic, spec, venue,
                                                                     width, line)


def factor(printed) -> float:
    """The factor TeX's probe read a wrapper scale an include's box by (``\\scalebox``...); 1
    within 1 % (the audit's tolerance is 3 %), or when its box is of no width."""
    if printed is None or abs(printed.scale - 1) <= 0.01 or not printed.box[0]:
        return 1.0
    return printed.scale


def _judged(graphic: Graphic, spec: FigureSpec, venue: Venue, width: Width, line: float
            ) -> Placement:
    """The build for a box that fits its line, or why none: under the figure's smallest
    width. Where a wrapper scales it, what prints is judged, its box times the factor: the
    smallest width then by :mod:`figures.paper.builds`, naming the wrapper (hostile round
    42a, A49: an include of half a column doubled back to one was refused as too narrow)."""
    where = f"{graphic.tex.name}:{graphic.line}"
    try:  # its module's SMALLEST_WIDTH_IN wrong, a box wider than the venue's text: one line
        if (scale := factor(graphic.printed)) != 1:
            return Placement(venue.width(Width(round(width * scale, 3)), where))
        least = spec.smallest_width_in(venue)
        narrow = spec.too_narrow(venue, width, _widened(graphic, line, least, venue))
        if narrow is not None:
            return Placement(None, narrow.message)
        height = _box_height(graphic)
        return Placement(venue.width(width if height is None else Box(width, height), where))
    except FigureDataError as exc:
        return Placement(None, str(exc))


def _unfit(graphic: Graphic, width: Width, line: float, spec: FigureSpec | None = None,
           venue: Venue | None = None) -> str | None:
    """Why no build fits a box ``width`` wide on a line ``line`` wide, with the edit that
    prints one: wider than its line, or no wider than nothing (``width=0pt``, a negative
    width, a box around it of none: TeX typesets it so, which is not "no width given";
    round 37, P19); a bare include beside others on its line (:func:`figures.paper.beside.beside`). None: it
    fits."""
    where = f"{graphic.tex.name}:{graphic.line}"
    bare = graphic.printed is not None and "width" not in graphic.options
    if bare and graphic.printed.natural and line > 0:  # \linewidth is the line outside
        return _natural(graphic, line, spec, venue)
    if bare and graphic.printed.shares:
        return beside(graphic, line, _least(spec, venue), venue, fixed_include)
    if width > 0:
        shown = round(width * (scale := factor(graphic.printed)), 3)
        return None if shown <= line + 0.01 else overrun(
            graphic, shown, line, venue, scale, fixed_include(graphic, chr(92) + "linewidth"))
    given = graphic.options.get("width")
    said = f"width={given.strip()}" if given is not None else "the box it is in"
    fix = (f"write {fixed_include(graphic, chr(92) + 'linewidth')} at {where}" if line > 0
           else f"make the box around it wider ({where})")
    shown = "nothing of it shows" if width == 0 else "graphicx mirrors it"
    return (f"{said} prints it {width} in wide ({shown}), so no build prints at 100 %: {fix}"
            + (", or take the include out" if width == 0 else ""))


def _least(spec: FigureSpec | None, venue: Venue | None) -> float:
    try:  # the figure's own errors are the build's to say
        return 0.0 if spec is None or venue is None else spec.smallest_width_in(venue)
    except FigureDataError:
        return 0.0


def _natural(graphic: Graphic, line: float, spec: FigureSpec | None, venue: Venue | None
             ) -> str:
    """Why a bare include in a box of its content's own width gets no build: wrapfig's
    ``{0pt}`` takes the figure's width, and a bare include is built for the line outside
    it, so the wrap would take the whole line and leave the text beside it none (hostile
    round 42a, A61: one word a line in a sliver)."""
    where = f"{graphic.tex.name}:{graphic.line}"
    share = max(0.4, math.ceil(_least(spec, venue) / line * 100) / 100) if line > 0 else 1
    said = ("it is in a box as wide as what it holds (wrapfig's {0pt}), where a bare include "
            f"is built for the whole line ({inches(line)} in) and leaves the text beside it "
            "no room; ")
    if share > 0.6:
        return said + (f"it needs {share:g} of the line: put it in a figure of its own, "
                       f"{fixed_include(graphic, chr(92) + 'linewidth')} at {where}")
    return said + (f"write {fixed_include(graphic, f'{share:g}{chr(92)}linewidth')} at "
                   f"{where} (or give the wrapfigure that width and the include "
                   "width=\\linewidth)")


def _widened(graphic: Graphic, line: float, least: float, venue: Venue) -> str:
    """The one edit that gives ``graphic`` its figure's smallest width ``least``: a fraction
    of its line when the line holds it; a ``figure*`` on a page of two columns, when it is
    in none; else a wider box around it, as a fraction of the text."""
    if graphic.printed is not None and graphic.printed.shares:  # its row weighed (50a, P25)
        return beside(graphic, line, least, venue, fixed_include)
    where = f"{graphic.tex.name}:{graphic.line}"
    text, column = venue.text_width_in, venue.column_width_in
    if holds(line, least):
        share = math.ceil(least / line * 100) / 100
        width = f"{share:g}\\linewidth" if share < 1 else "\\linewidth"
        return macro_width_edit(graphic, width) or \
            f"write {fixed_include(graphic, width)} at {where}"  # \fig's width (49a, P1)
    if column < text - 0.01 and not graphic.wide and abs(line - column) <= 0.01 \
            and holds(text, least):  # its line is a column's: a figure* gives it the text's
        written = graphic.options.get("width", "\\linewidth").replace(" ", "")
        return (f"put it in a figure* (a line of {text:g} in)" + (
            "" if written == "\\linewidth" else
            f" with {fixed_include(graphic, chr(92) + 'linewidth')}") + f" at {where}")
    share = math.ceil(least / text * 100) / 100
    return (f"the box around it (a subfigure, minipage, column or margin note of "  # round 49
            f"{inches(line)} in) is narrower: make it at least {share:g}\\textwidth, or move "
            f"the include out of it ({where})" if share <= 1 else
            f"no line of this page ({text:g} in) holds it: leave it out of the paper")


def build_for_width(spec: FigureSpec, figdata_dir: Path, venue: Venue, width: Width
                    ) -> tuple[BuildKind | None, str, tuple[Figure, dict[str, Any]] | None]:
    """Build ``spec`` for ``venue`` at ``width`` inches: its build kind (whose folder holds it)
    and the drawing the build saved (None: it was current), or the one line that says why
    not."""
    from figures.outputs.kind import venue_kind
    from figures.paper.memo import known, remember

    kind = venue_kind(venue, width)
    if known(built_key(spec, figdata_dir, kind)):  # current, from the same bytes as last time
        return kind, "", None
    from figures.outputs.build import build
    [result] = build([spec], figdata_dir, kind.default_out, kind, keep=True)
    if result.status == "failed":
        return None, result.message, None
    remember(built_key(spec, figdata_dir, kind), True)
    return kind, "", result.drawing


def under_limit(graphic: Graphic, spec: FigureSpec, figdata_dir: Path, venue: Venue,
                width: Width) -> Width:
    """The build for a box whose height is a limit: ``keepaspectratio`` with ``width=`` and
    ``height=`` (or ``totalheight=``) has graphicx fit the image within both, its proportions
    kept, so a design no taller than the limit at that width prints at 100 % as drawn: its
    plain width build (whose own height is read from its PDF). A taller one, or any other
    box, is the box build, laid out again at that height. Hostile round 40 (P16): a box was
    filled, ``totalheight=10in,keepaspectratio`` a 10 in figure of four panels."""
    if not isinstance(width, Box) or "keepaspectratio" not in graphic.options:
        return width
    plain = Width(float(width))
    kind = build_for_width(spec, figdata_dir, venue, plain)[0]
    if kind is None:  # the box build says why
        return width
    from figures.pdf import open_pdf

    try:
        own = float(open_pdf(kind.default_out / f"{spec.name}.pdf").pages[0].mediabox.height)
    except Exception:  # noqa: BLE001 - unreadable: the box build, which writes it anew
        return width
    return plain if own / 72 <= width.height + 0.001 else width


def built_key(spec: FigureSpec, figdata_dir: Path, kind: BuildKind) -> str:
    """The key of ``spec``'s build of ``kind`` being current: every input its build key and
    the build's state are read from (the code is in every key, :mod:`figures.paper.memo`);
    :mod:`figures.paper.builds` asks it which builds to draw at once."""
    from figures.outputs.state import STATE_FILE, read_state
    from figures.paper.memo import digest_of, key_of, read_once

    out = kind.default_out
    # its own record (the others' change as they are built into the same folder)
    state = (read_once(out / STATE_FILE, read_state) or {}).get(kind.stem(spec))
    return key_of("built", spec.name, kind.key_part(), kind.stamp, repr(kind.outputs(spec)),
                  str(out.resolve()), str(Path(figdata_dir).resolve()),
                  digest_of(spec.figdata_path(figdata_dir)), state,
                  [digest_of(out / name) for name in kind.output_names(spec)])


def too_short(graphic: Graphic, spec: FigureSpec, figdata_dir: Path, venue: Venue,
              box: Box, illegible: str | None = None) -> str | None:
    """Why a box of both sides does not hold ``spec`` with the include that mends it, in the
    unit written: under the least height its design holds at that width, that height; its
    build there failing the legibility rules (``illegible``), its design's own height at
    that width. None: neither (its build failed for another reason)."""
    from figures.data import figdata
    from figures.outputs.kind import venue_kind

    doc = figdata.load(spec.figdata_path(figdata_dir), spec.name, spec.schema)
    kind = venue_kind(venue, Width(float(box)))
    fig = kind.draw(spec, doc["data"])  # as the build draws it, before its stamp
    own = float(fig.get_figheight())
    least = kind.least_height(spec, fig, figdata.is_synthetic(doc) and kind.stamp)
    if illegible is None and box.height >= least:
        return None
    written = graphic.options.get("height", graphic.options.get("totalheight", ""))
    unit = next((u for u in ("cm", "mm", "in", "pt", "bp") if written.strip().endswith(u)), "in")
    places = 1 if unit in ("cm", "in") else 0
    value = math.ceil((own if illegible else least) / UNITS[unit] * 10 ** places) / 10 ** places
    why = (f"its build for {box} in fails the legibility rules ({illegible}); its design's "
           f"height at {inches(box)} in is {inches(own)} in" if illegible else
           f"a box {inches(box.height)} in tall is shorter than {spec.name}'s smallest height "
           f"at {inches(box)} in ({inches(least)} in)")
    return (f"{why}: write {fixed_include(graphic, None, f'{value:g}{unit}')} at "
            f"{graphic.tex.name}:{graphic.line}")
