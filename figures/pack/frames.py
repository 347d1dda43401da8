"""Round 26 (PD): whether the archive's PDF prints graphicx's frame (the image's file name in
a box, draft mode) in place of an image, or pdfpages' in place of a PDF's pages, or a black
box (``demo``): the pack stops, naming the include and the option to remove.

Whether TeX framed an include is asked of TeX itself (hostile round 30). Each reading of
the source met a counter-case (round 29: a ``final`` passed too late, in a false branch; a
class given both), and so did each reading of the compile's output: an image sized in the
log and placed nowhere is framed, or only measured (``\\settowidth``, ``\\phantom``, an
``\\sbox`` never used: round 30, D2, D4); one placing of a file hides another include of it
framed (D3); a page printing the file's name prints a frame, or the prose naming the file
(round 29, D2). So, when the archive shows a sign of draft (its log sized an image and
placed it nowhere, or a source says ``draft``), the archive is compiled once more in its
proof folder with graphicx and pdfpages forced final (:func:`figures.pack.tex.prove_final`:
the package options, ``\\setkeys{Gin}{draft=false}`` at ``\\begin{document}`` and the
``draft`` key made void, so an include's own key and a group's ``\\setkeys`` are overridden
too), and each page's placed images and forms (its content stream's ``Do``) are counted in
both PDFs: a page placing more forced final, or an image the archive's page lacks (round
33, P8), printed a frame there (:mod:`figures.pack.placing`). The same: no
frame, whatever is measured or named (one pdflatex run more, about 0.7 s on a one-page
paper, paid only on a sign of draft).
The source and the log then only word the refusal: which include (a file forced final
placed more often, its name printed on that page first), and why (its own key, the class's
option, a group, the line setting graphics' switch itself: never a cause the paper lacks,
round 32 R3). ``demo`` is no draft that forcing undoes: read as before. When the forced
compile fails, or is cut at its own limit (round 31, F13: the line, or a warning, says so),
the log reading stands (the file sized and placed nowhere, its name on a page)."""

from __future__ import annotations

import re
from collections import Counter
from itertools import zip_longest
from pathlib import Path

from figures.errors import FigureDataError, display_path
from figures.pack import boxes, placing
from figures.pdf import UNREAD

#: pdftex.def's word for each image it places: ``Package pdftex.def Info: a.png  used on
#: input line 5.``, a PDF's page ``supp.pdf , page1`` (in draft mode: none placed, none said).
#: The page is kept (round 34, P3: ``multi.pdf , page2`` forced final against ``, page3`` in
#: the archive's compile read as the same file and line, so the refusal named none).
_USED = re.compile(r"^Package pdftex\.def Info: (.+?)(?: , page\s*(\d+))?\s+used on input line "
                   r"(\d+)\.", re.MULTILINE)
#: Why TeX framed an include the source reads a ``final`` for (round 29, D1 and D4).
_UNHEARD = ("a final TeX never hears (passed by \\PassOptionsToPackage after the package is "
            "loaded, or in a false branch) undoes nothing")
_GROUPED = re.compile(r"\\setkeys\s*\{Gin\}\s*\{[^{}]*\bdraft\s*=\s*false\b")


def signed(texts: dict[str, str], logged: str) -> bool:
    """Whether the archive shows a sign of draft, worth a compile forced final: its log
    sized an image and placed it nowhere, or a source (``texts``) says ``draft`` or ``demo``."""
    from figures.pack.inputs import unplaced

    return bool(unplaced(logged)) or any("draft" in text or "demo" in text  # round 33, P16
                                         for text in texts.values())


#: Hostile rounds 30, 31: the paper read with graphics, graphicx and pdfpages forced final,
#: whatever asks for draft (the class, a package option, ``\setkeys{Gin}{draft}``, an
#: include's own key, ``\Gin@drafttrue`` anywhere, even in the body or the paper's own
#: ``\AtBeginDocument``: made to set final, round 31 F5), and graphics' switch itself set
#: false where an include reads it (``\Gin@setfile``), so ``\let\ifGin@draft\iftrue``
#: reaches no include either (round 32, R8: a safety net that sent such a paper to the log's
#: reading refused an image only measured, in ``\phantom``). Round 33: that wrapper put in as
#: graphics loads too, so a copy the paper keeps is the wrapper (P4), and again at
#: ``\begin{document}`` over a package's own (epstopdf, graphbox); pgf's and animate's own
#: switches (set from the class's ``draft`` as each loads: undone right after) and ``draft``
#: keys made void (P3, P15); graphicx's ``demo`` box taken back at the end of
#: ``\begin{document}`` (P16). Round 35 (Q2, Q12, Q2d, Q11): no other package is made final:
#: the class's options stay as the paper gives them, so its own ``\ifdraft`` (ifdraft's,
#: read at each use) and fixme's notes place in the forced compile what they place in draft.
#: :func:`framed` compares what each page places then with the archive's own compile.
FINAL = (
    "\\makeatletter\\PassOptionsToPackage{final}{graphicx}\\PassOptionsToPackage{final}{graphics}"
    "\\PassOptionsToPackage{final}{pdfpages}"
    "\\def\\figures@demo#1{\\rule{\\@ifundefined{Gin@@ewidth}{150pt}{\\Gin@@ewidth}}{"
    "\\@ifundefined{Gin@@eheight}{100pt}{\\Gin@@eheight}}}"  # graphics.sty's demo box
    "\\def\\figures@gin{\\Gin@draftfalse\\let\\Gin@drafttrue\\Gin@draftfalse"
    "\\let\\figures@setfile\\Gin@setfile\\def\\Gin@setfile{\\let\\ifGin@draft\\iffalse"
    "\\figures@setfile}\\let\\figures@wrap\\Gin@setfile}"
    "\\AddToHook{package/graphics/after}{\\figures@gin\\let\\figures@include\\Ginclude@graphics}"
    "\\AddToHook{begindocument/end}{\\ifx\\Ginclude@graphics\\figures@demo"
    "\\let\\Ginclude@graphics\\figures@include\\fi}"
    "\\def\\figures@pgf{\\pgf@draftmodefalse\\let\\pgf@draftmodetrue\\pgf@draftmodefalse"
    "\\pgfkeys{/pgf/images/draft/.code=}}\\AddToHook{package/pgf/after}{\\figures@pgf}"
    "\\AddToHook{package/pgfcore/after}{\\figures@pgf}"  # pgf's core alone (round 36, A1)
    "\\def\\figures@anim{\\@anim@@draftfalse\\let\\@anim@@drafttrue\\@anim@@draftfalse"
    "\\DeclareKeys[anim@user]{draft.code:n=,final.code:n=}"
    "\\DeclareKeys[anim@pkg]{draft.code:n=,final.code:n=}}"
    "\\AddToHook{package/animate/after}{\\figures@anim}"
    "\\def\\figures@late{\\let\\figures@setfile@\\Gin@setfile\\def\\Gin@setfile{"
    "\\let\\ifGin@draft\\iffalse\\figures@setfile@}}"  # a macro: no \\if read in a skip
    "\\AtBeginDocument{\\@ifundefined{Gin@drafttrue}{}{\\Gin@draftfalse"
    "\\let\\Gin@drafttrue\\Gin@draftfalse\\ifx\\Gin@setfile\\figures@wrap\\else"
    "\\expandafter\\figures@late\\fi}"
    "\\@ifundefined{KV@Gin@draft}{}{\\setkeys{Gin}{draft=false}\\define@key{Gin}{draft}"
    "[true]{}}\\@ifundefined{AM@pkg@draftfalse}{}{\\AM@pkg@draftfalse}"
    "\\@ifundefined{pgf@draftmodefalse}{}{\\figures@pgf}"
    "\\@ifundefined{@anim@@draftfalse}{}{\\figures@anim}}\\makeatother")


def framed(paper: Path, main: Path, pages: list[str], logged: str = "", pdf: bytes = b"",
           forced: tuple[bytes, str] | float | None = None,
           warnings: list[str] | None = None) -> FigureDataError | None:
    """The refusal when the archive's PDF ``pdf`` (its ``pages``' texts, its log's text
    ``logged``) prints a frame or a black box in place of a figure: one line naming the
    include (its file and line) and the option to remove; None when it prints none.
    ``forced``: the PDF and log of the archive compiled forced final (None: not compiled;
    a text: that compile's first error; a number: cut at that many seconds,
    :func:`boxes.cut`); ``warnings`` gets a line for each page whose frames could not be
    counted (round 33, P10), and one when the forced compile failed or was cut and the log's
    reading refuses nothing."""
    from figures.paper import drafts
    from figures.paper.latex import read_paper

    read = read_paper(paper, Path(main.name))
    if (boxed := _demo(read, main, logged) or (boxes.animated(read, main, pdf, forced)
                                                      if isinstance(forced, tuple) else None)):
        return boxed  # round 33, P15: an animation's frames are no page's content
    if not isinstance(forced, tuple):  # the forced compile failed, or was cut: the log's
        limit = forced if isinstance(forced, float) else None  # reading (round 31, F13)
        refused = _by_log(read, main, pages, logged, limit)
        if refused is None and forced is not None and not boxes.unchecked(
                read, main, forced, warnings) and limit and warnings is not None:
            warnings.append(f"{display_path(main.name)}: {boxes.cut(limit)}, which shows no "
                            "graphicx frame (nor can it show pgf's or animate's boxes): look at "
                            "the archive's figures before you submit")  # round 38, T3
        return refused  # a failed or cut compile: a word of pgf's and animate's boxes too
    archive = placing.placements(pdf)
    page = _more(main, archive, placing.placements(forced[0]), warnings)
    if page is None:  # forced final places nothing more, nothing else: no frame printed
        return _unread(read, main, archive, logged, warnings)
    more = list((Counter(_USED.findall(forced[1])) - Counter(_USED.findall(logged))).elements())
    text = pages[page - 1] if page <= len(pages) else ""
    more.sort(key=lambda used: Path(used[0]).name not in text)  # its name printed there first
    name, _, line = more[0] if more else ("", "", "0")
    for written, at, said, _own in drafts.pdfpages_drafts(read):
        shown = Path(written).name if Path(written).suffix else f"{Path(written).name}.pdf"
        if shown == Path(name).name:
            return _pdfpages(main, written, at, said, shown, page)
    includes = [include for include in _includes(read) if include[0] == Path(name).name]
    include = next((found for found in includes if found[1].line == int(line)),
                   includes[0] if includes else None)
    if include is None:
        return boxes.unnamed(read, main, name, line, page, forced[1], logged)
    return _refusal(read, main, include[1], include[0], page, logged)


def _more(main: Path, archive: list, final: list, warnings: list[str] | None) -> int | None:
    """The page naming a frame when the forced-final compile (``final``,
    :func:`placing.placements` of each page) places more over the whole paper than the
    archive's own (``archive``), or an image or imported page more often (round 33, P8: a
    page's total a paper balanced); None when it does not. The whole paper, not page by page:
    forcing the class's draft final reaches every package (fixme's notes vanish, microtype
    sets lines anew), so a correct float can move to another page (a review of round 33's P3
    mend); the page named is the first placing there what the archive lacks there, else the
    first placing more. A page either PDF could not count is said in ``warnings`` (round 33, P10)
    and passed over."""
    counted = []
    for number, (one, other) in enumerate(zip_longest(archive, final,
                                                      fillvalue=placing.Placed()), 1):
        if one is None or other is None:
            if warnings is not None:
                warnings.append(placing.unread_page(main.name, number, (
                    "whether it prints graphicx's frame in place of a figure could not be "
                    "counted")))
        else:
            counted.append((number, one, other))
    lacking = (sum((other.which for *_, other in counted), Counter())
               - sum((one.which for _, one, _ in counted), Counter()))
    if not lacking and sum(other.total - one.total for _, one, other in counted) <= 0:
        return None
    return next((number for number, one, other in counted if lacking & (other.which - one.which)),
                None) or next(number for number, one, other in counted if other.total > one.total)


def _unread(read, main: Path, archive: list, logged: str, warnings: list[str] | None
            ) -> FigureDataError | None:
    """Round 34 (P4): a frame inside a form pypdf will not read within its limits is counted
    in neither compile. An include with its own draft key TeX's log sized and placed nowhere
    is then refused as the log's reading refuses it; else each page placing such a form is
    said in ``warnings`` (its file, when pdfTeX imported it from one)."""
    from figures.pack.inputs import unplaced
    from figures.paper import drafts

    pages = [(number, sorted(placed.unread)) for number, placed in enumerate(archive, 1)
             if placed is not None and placed.unread]
    if not pages:
        return None
    sized = {Path(name).name for name in unplaced(logged)}
    for name, include in _includes(read):
        if name in sized and (own := drafts.draft_key(include)):
            return FigureDataError(name, None, (
                f"{own}; the pack stops (TeX's log sized it and placed it nowhere, and page "
                f"{pages[0][0]} of the archive's PDF places a form that {UNREAD}, so no count "
                "there shows the figure in place of the frame)"))
    for number, files in pages:
        shown = ", ".join(display_path(file) for file in files if file)
        if warnings is not None:
            warnings.append(placing.unread_page(main.name, number, (
                "whether graphicx's frame is inside it could not be counted"), (
                    f"places a form{f' ({shown})' if shown else ''} that")))
    return None


def _includes(read) -> list[tuple]:
    """Each include of the paper and the name of the file it names (``a.png``)."""
    from figures.paper.includes import includes_of

    return [(Path(include.found.name if include.found is not None else include.written).name,
             include) for include in includes_of(read)[0]]


def _pdfpages(main: Path, written: str, at: str, said: str, shown: str, page: int,
              limit: float | None = None) -> FigureDataError:
    why = said or f"TeX's log read {shown} and placed it nowhere; {_UNHEARD}"
    return FigureDataError(main.name, None, (
        f"\\includepdf{{{written}}} at {at} in draft mode ({why}): pdfpages prints a frame "
        f"with the file's name in place of its pages (page {page} of the archive's PDF); "
        f"remove draft{boxes.stops(limit).replace('figures', 'pages')}"))


def _refusal(read, main: Path, include, name: str, page: int, logged: str,
             limit: float | None = None) -> FigureDataError:
    """The refusal of ``include`` (of the file ``name``) framed on ``page``, worded from the
    source: its own key, the paper-wide draft, else the class's draft a group or a final TeX
    never hears leaves, the line setting graphics' switch itself (round 32, R3), or that the
    pack cannot name what set it: never a cause the paper lacks."""
    from figures.pack.inputs import unplaced
    from figures.paper import drafts

    at = f"{display_path(include.tex.name)}:{include.line}"
    if own := drafts.draft_key(include):
        return FigureDataError(name, None, f"{own}" + (boxes.stops(limit) if limit else (
            f"; the pack stops (the archive's PDF prints that frame on page {page}, not the "
            "figure)")))
    everywhere = drafts.draft(read)
    if everywhere and "demo" not in everywhere:
        return FigureDataError(main.name, None, (
            f"{everywhere} for each image: the archive's PDF prints {name}'s on page {page} in "
            f"place of the figure included at {at}; remove it{boxes.stops(limit)}"))
    sized = {Path(found).name for found in unplaced(logged)}
    said = (f"the archive's PDF prints graphicx's frame with this name on page {page}, not the "
            f"figure included at {at} (" + (f"{boxes.cut(limit)}; " if limit else "") + (
                "TeX's log sized it, placed it nowhere" if name in sized else
                "forced final, it prints there") + ")")  # short: the line whole (400 at most)
    if (asked := drafts.draft(read, finals=False)) and "demo" not in asked:  # a final read
        undone = ("a \\setkeys{Gin}{draft=false} in a group undoes only inside it"
                  if any(_GROUPED.search(text) for _, text in drafts.texts_of(read)) else
                  "a final passed too late or in a false branch does not undo")
        return FigureDataError(name, None, (
            f"{said}: draft there by {asked.partition('): ')[0]}), which {undone}; remove that "
            "draft, or give that include draft=false; the pack stops"))
    if switch := drafts.switched(read):  # round 32, R3: no option of the paper's says it
        return FigureDataError(name, None, f"{said}: draft there by {switch}; remove that, or "
                               "set graphicx final before the include; the pack stops")
    if name not in sized:  # never read: graphicx's demo box as well (round 33, P16)
        return FigureDataError(name, None, (
            f"the archive's PDF prints no figure included at {at} on page {page} (forced "
            "final, it prints there): graphicx prints a draft frame or demo's black box at "
            "this include (set by code the pack cannot name); make it final, without demo, "
            "there; the pack stops"))
    return FigureDataError(name, None, (
        f"{said}: graphicx is in draft mode at this include (set by code the pack cannot "
        "name); make it final there; the pack stops"))


def _page_of(pages: list[str], name: str) -> int | None:
    """The first page whose text holds ``name``, or None."""
    return next((n for n, text in enumerate(pages, 1) if name in text), None)


def _demo(read, main: Path, logged: str) -> FigureDataError | None:
    """graphicx's ``demo`` (a black box for each image, which forcing final does not undo):
    refused when an include with no ``draft`` key of its own was placed nowhere."""
    from figures.pack.inputs import placed
    from figures.paper import drafts

    everywhere = drafts.draft(read)
    if "demo" not in (everywhere or ""):
        return None
    printed = {Path(name).name for name in placed(logged)}
    for name, include in _includes(read):
        if not drafts.draft_key(include) and name not in printed:
            at = f"{display_path(include.tex.name)}:{include.line}"
            return FigureDataError(main.name, None, f"{everywhere} for each image (the figure "
                                   f"included at {at} too): remove it; the pack stops (an "
                                   "archive printing boxes in place of figures is no paper to "
                                   "submit)")
    return None


def _by_log(read, main: Path, pages: list[str], logged: str,
            limit: float | None = None) -> FigureDataError | None:
    """Round 29's reading, when the archive was not compiled forced final: a file the log
    sized and placed nowhere (or an include with its own draft key) whose name a page
    prints."""
    from figures.pack.inputs import unplaced
    from figures.paper import drafts

    sized = {Path(name).name for name in unplaced(logged)}  # graphicx's or pdfpages' frame
    for name, at, said, own in drafts.pdfpages_drafts(read):  # round 27, D3
        shown = Path(name).name if Path(name).suffix else f"{Path(name).name}.pdf"
        if (own or shown in sized) and (page := _page_of(pages, shown)):
            return _pdfpages(main, name, at, said, shown, page, limit)
    for name, include in _includes(read):
        page = _page_of(pages, name) if include.found is not None or Path(name).suffix else None
        if page is not None and (drafts.draft_key(include) or name in sized):
            return _refusal(read, main, include, name, page, logged, limit)
    return None
