"""pgf's and animate's own draft boxes (hostile rounds 33-36): drawn in place of an image or
an animation where pgf or animate hear ``draft``, and named by no line of pdftex.def in the
log (pgf's ``\\pgfimage`` and an animation's frames are not graphicx's includes), so
:mod:`figures.pack.frames` finds them by what the forced-final compile reads and shows more,
and words them here from the source (:func:`figures.paper.drafts.package_draft`): the
include's own key, the package's option, the class's ``draft``.

An animation (``\\animategraphics``, ``animateinline`` of image files, of ``\\pgfimage``s
or of TikZ drawings: round 36, A3, A9) is a widget whose frames are no page's content: a
page of the forced compile showing more widgets' appearances than the archive's is its
draft box, named by a frame the forced log read when one is an include of animate's, else
by the paper's animation animate hears a draft for."""

from __future__ import annotations

import re
from itertools import zip_longest
from pathlib import Path

from figures.errors import FigureDataError, display_path

#: pdfTeX's word for each image file it reads or writes (``<a.png, id=1, 144.54pt x
#: 108.405pt>``, ``<./a.png>`` or ``<./a.png (PNG copy)>`` as a page ships): pgf's and
#: animate's too, which pdftex.def's log line does not give. A name may hold commas
#: (round 35, O2: ``<plot,v2.png, id=1, ...>``), not white space.
_READ = re.compile(r"<([^<>\s]+?\.[A-Za-z0-9]+)(?:, id=\d+,[^<>]*| \([^()<>]*\))?>")


def cut(limit: float) -> str:
    """Round 31 (F13): the words for a forced-final compile stopped at ``limit`` seconds
    (:func:`figures.pack.tex.prove_final`), said in the refusal or a warning."""
    return (f"the forced-final compile did not end within {limit:.0f} s, so the frames were "
            "judged from the log")


def stops(limit: float | None) -> str:
    """A refusal's end: why the pack stops, or that the forced compile was cut (F13)."""
    return (f"; the pack stops ({cut(limit)})" if limit else "; the pack stops (an archive "
            "printing frames in place of figures is no paper to submit)")


def read_only(forced: str, logged: str) -> list[str]:
    """The image files the forced compile's log (``forced``) says pdfTeX read and the
    archive's (``logged``) does not, by name (:data:`_READ`)."""
    return sorted({Path(n).name for n in _READ.findall(forced)}
                  - {Path(n).name for n in _READ.findall(logged)})


def unnamed(read, main: Path, name: str, line: str, page: int, forced: str,
            logged: str) -> FigureDataError:
    """The refusal of a page forced final places more on with no graphicx include to name:
    a file only the forced compile read (its log, ``forced``, against the archive's,
    ``logged``) that pgf or animate boxes in draft, where the source reads that draft
    (round 33, P3, P15: ``\\pgfimage`` under the class's ``draft``); else that page."""
    from figures.paper import drafts

    files = read_only(forced, logged)
    for file in files:
        if said := drafts.package_draft(read, file):
            return FigureDataError(main.name, None, (
                f"{said}; the archive's PDF prints that box on page {page}{stops(None)}"))
    shown = (f"{Path(name).name} (input line {line}, in the forced compile's log, not the "
             "archive's)" if name else f"{files[0]} (read only by the forced compile)"
             if files else "an image (the logs name none the archive's lacks)")
    asked = drafts.draft(read, finals=False) or ""
    why = (f"{asked.partition('): ')[0]})" if asked and "demo" not in asked
           else drafts.switched(read))  # round 34, P3: the cause, where the source reads it
    return FigureDataError(main.name, None, (
        f"the archive's PDF prints a draft frame or box in place of {shown} on page {page}: "
        "compiled with graphics, pgf and animate forced final, the paper places more"
        + (f"; draft there by {why}" if why else "") + f"; remove draft{stops(None)}"))


def unchecked(read, main: Path, forced: str | float, warnings: list[str] | None) -> bool:
    """Round 35 (M9), round 36 (T1): the forced compile failed (``forced``: its first error)
    or was cut (``forced``: its limit in seconds) where the source reads pgf's or animate's
    draft box, which no log shows: one warning saying so; whether one was said."""
    from figures.paper import drafts

    said = next((said for name in drafts.boxed_names(read)
                 if (said := drafts.package_draft(read, name))), None)
    if not said or warnings is None:
        return False
    why = (cut(forced) if isinstance(forced, float) else
           f"the forced-final compile failed ({forced.rstrip('.')})")
    warnings.append(f"{display_path(main.name)}: {why}, so a draft box the source reads could "
                    f"not be checked ({said.partition('; remove')[0]}): look at the archive's "
                    "figures before you submit")
    return True


def animated(read, main: Path, pdf: bytes, forced: tuple[bytes, str]
             ) -> FigureDataError | None:
    """Round 33 (P15): animate's draft box in place of an animation, whose frames (a widget's
    appearance, no page's content) no count of placements sees: a page of the forced PDF
    (``forced``: it and its log) showing more annotations' appearances than the archive's
    ``pdf``; named by a file its log read of an animation the source reads a draft for, else
    (round 36, A3, A9: frames drawn by TikZ or by ``\\pgfimage``) by the paper's animation."""
    from figures.paper import drafts

    page = next((n for n, (one, other) in enumerate(zip_longest(
        _shown(pdf), _shown(forced[0]), fillvalue=0), 1) if other > one), None)
    if page is None:
        return None
    said = next((said for name in sorted({Path(n).name for n in _READ.findall(forced[1])})
                 if (said := drafts.package_draft(read, name, ("animate",)))), None)
    if said := said or drafts.package_draft(read, None, ("animate",)):
        return FigureDataError(main.name, None, (
            f"{said}; the archive's PDF prints that box on page {page}{stops(None)}"))
    return None


def _shown(pdf: bytes) -> list[int]:
    """How many annotations each page of ``pdf`` shows an appearance of (``/AP``)."""
    from figures.pdf import open_pdf, pypdf_said

    shown = []
    with pypdf_said():
        for page in open_pdf(pdf).pages:
            annotations = page.get("/Annots")
            shown.append(0 if annotations is None else sum(
                "/AP" in annotation.get_object() for annotation in annotations.get_object()))
    return shown
