"""What the archive holds, or leaves out, that the page does not tell: an image cropped on the
page only (its whole file ships: hostile round 23, F3) and arXiv's ancillary folder, which
TeX never reads (round 25, AN). One warning line each, naming the file; nothing is refused.
And what the page prints that is no figure: graphicx's frames in draft mode (round 26, PD),
which stop the pack."""

from __future__ import annotations

import os
import re
from pathlib import Path

from figures.errors import FigureDataError, display_path
from figures.pack.images import IMAGE_SUFFIXES
from figures.texcodec import decoded_all
from figures.texread import blanked

#: arXiv's folder of ancillary files beside the main file (code, data it serves with the paper).
ANCILLARY = "anc"
#: graphicx's include (``*``: clipped) with its options; adjustbox's ``\\adjincludegraphics``.
_INCLUDE = re.compile(r"\\(?:adj)?includegraphics(\*)?\s*(?:\[([^\]]*)\]\s*)?(?:\[[^\]]*\]\s*)?"
                      r"\{([^{}]+)\}")
_CLIP = re.compile(r"(?:^|,)\s*clip\s*(?:=\s*true\s*)?(?:,|$)")
_CUT = re.compile(r"(?:^|,)\s*(?:viewport|bb)\s*=")
_TRIM = re.compile(r"(?:^|,)\s*trim\s*=\s*\{?([^,}]*)")


def _cuts(options: str) -> bool:
    """Whether an include's options cut part of the image: a ``viewport`` or ``bb``, or a
    ``trim`` with any length above zero (``trim=0 0 0 0`` hides nothing: round 27, K2; a
    negative one adds margin: round 28, K2; one written by a macro is taken to cut)."""
    if _CUT.search(options):
        return True
    if (trim := _TRIM.search(options)) is None:
        return False
    lengths = re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)", trim[1])
    return not lengths or any(float(length) > 0 for length in lengths)


def texts(files: dict[str, bytes]) -> dict[str, str]:
    """The packed files that are text (sources, the paper's own packages, a ``.bbl``), as
    :func:`figures.texcodec.decoded_all` reads them (a Latin-1 paper's letters as letters:
    hostile round 29, H3)."""
    return decoded_all({name: data for name, data in files.items() if b"\x00" not in data
                        and not name.lower().endswith((*IMAGE_SUFFIXES, ".eps", ".ps"))})


def clipped(texts: dict[str, str], packed: list[str]) -> list[str]:
    """One line per packed image that a source includes clipped (``trim``, ``viewport`` or
    ``bb`` with ``clip``, or ``\\includegraphics*``): the page shows part of it, the archive
    (and pdfTeX's PDF) holds all of it; a screenshot cropped to hide a name ships the name."""
    images = [name for name in packed if name.lower().endswith(IMAGE_SUFFIXES)]
    said: dict[str, str] = {}
    for source, text in sorted(texts.items()):
        read = blanked(text, verbatim=True, hidden=True)  # a listing of the code: no include
        for match in _INCLUDE.finditer(read):
            options = match.group(2) or ""
            if not _cuts(options) or not (match.group(1) or _CLIP.search(options)):
                continue
            image = _image(match.group(3).strip(), images)
            if image is not None and image not in said:
                line = read.count("\n", 0, match.start()) + 1
                said[image] = (f"{display_path(image)} ({display_path(source)}:{line}): clipped "
                               "on the page (trim or viewport with clip), but the archive ships "
                               "the whole image, and the PDF embeds it whole: crop the file "
                               "itself if the hidden part names anyone")
    return list(said.values())


def _image(name: str, images: list[str]) -> str | None:
    """The packed image an include names (``figs/shot`` without its extension, or through
    ``\\graphicspath``: a name ending so)."""
    name = os.path.normpath(name)
    for image in images:
        stem = image[:-len(Path(image).suffix)] if Path(image).suffix else image
        if name in (image, stem) or image.endswith("/" + name) or stem.endswith("/" + name):
            return image
    return None


def ancillary(paper: Path, packed: list[str]) -> list[str]:
    """One line when the paper's folder holds arXiv's ``anc/`` folder with files TeX never
    read: the archive holds only what TeX read, so they are left out, and said so."""
    folder = paper / ANCILLARY
    if folder.is_symlink() or not folder.is_dir():
        return []
    inside = {os.path.normpath(name) for name in packed}
    left = []
    for top, folders, names in os.walk(folder):
        folders[:] = [name for name in folders if not name.startswith(".")]  # as the copy
        left += [name for name in names if not name.startswith(".") and os.path.relpath(
            Path(top, name), paper) not in inside]
    if not left:
        return []
    files = f"{len(left)} file{'s' if len(left) > 1 else ''}"
    said = (f"{ANCILLARY}/: arXiv's ancillary files ({files}), not read by TeX: left out of the "
            "archive, which holds only what TeX read; add them to it by hand if you mean to "
            "submit them")
    return [said]


def framed(paper: Path, main: Path, pages: list[str], logged: str = "") -> FigureDataError | None:
    """Round 26 (PD): the refusal when the archive's PDF (its ``pages``' texts) prints
    graphicx's frame (the image's file name, in a box) in place of an image, or pdfpages' in
    place of a PDF's pages, or a black box (``demo``): one line naming the include (its file
    and line) and the option to remove; None when nothing is framed. Whether TeX framed an
    include is read from the archive's compile (round 29: each reading of the source met a
    counter-case): its log (``logged``) sized the file and placed it nowhere (round 28, D2),
    and a page prints the file's name; the source (:mod:`figures.paper.drafts`) only words
    the line. An include's own ``draft`` key is read as written."""
    from figures.pack.inputs import placed, unplaced
    from figures.paper import drafts
    from figures.paper.latex import read_paper
    from figures.paper.sync import includes_of

    read = read_paper(paper, Path(main.name))
    sized = {Path(name).name for name in unplaced(logged)}  # graphicx's or pdfpages' frame

    def page_of(name: str) -> int | None:
        return next((n for n, text in enumerate(pages, 1) if name in text), None)

    for name, at, said, own in drafts.pdfpages_drafts(read):  # round 27, D3
        shown = Path(name).name if Path(name).suffix else f"{Path(name).name}.pdf"
        if (own or shown in sized) and (page := page_of(shown)):
            why = said or f"TeX's log read {shown} and placed it nowhere; {_UNHEARD}"
            return FigureDataError(main.name, None, (
                f"\\includepdf{{{name}}} at {at} in draft mode ({why}): pdfpages "
                f"prints a frame with the file's name in place of its pages (page {page} of the "
                "archive's PDF); remove draft; the pack stops (an archive printing frames in "
                "place of pages is no paper to submit)"))
    everywhere = drafts.draft(read)
    printed = {Path(name).name for name in placed(logged)}
    for include in includes_of(read)[0]:
        name = Path(include.found.name if include.found is not None else include.written).name
        page = page_of(name) if include.found is not None or Path(name).suffix else None
        at = f"{display_path(include.tex.name)}:{include.line}"  # the frame's: name.ext
        if "demo" in (everywhere or "") and not drafts.draft_key(include) and \
                name not in printed:  # demo: graphicx reads and places no image
            return FigureDataError(main.name, None, f"{everywhere} for each image (the figure "
                                   f"included at {at} too): remove it; the pack stops (an "
                                   "archive printing boxes in place of figures is no paper to "
                                   "submit)")
        if page is None:  # printed as an image, or its frame nowhere
            continue
        if own := drafts.draft_key(include):
            return FigureDataError(name, None, f"{own}; the pack stops (the archive's PDF "
                                   f"prints that frame on page {page}, not the figure)")
        if name not in sized:  # TeX placed it: the name printed is the text's (round 29, D2)
            continue
        if everywhere and "demo" not in everywhere:
            return FigureDataError(main.name, None, f"{everywhere} for each image: the "
                                   f"archive's PDF prints {name}'s on page {page} in place of "
                                   f"the figure included at {at}; remove it; the pack stops (an "
                                   "archive printing frames in place of figures is no paper to "
                                   "submit)")
        return FigureDataError(name, None, (
            f"the archive's PDF prints graphicx's frame with this name on page {page} in "
            f"place of the figure included at {at} (TeX's log sized {name} and placed it "
            "nowhere: graphicx in draft mode there, by the class's option draft or its own"
            + (", which a \\setkeys{Gin}{draft=false} in a group undoes only inside the group"
               if any(_GROUPED.search(text) for _, text in drafts.texts_of(read))
               else f"; {_UNHEARD}")
            + "); remove draft, or give that include draft=false; the pack stops (an archive "
            "printing frames in place of figures is no paper to submit)"))
    return None


#: Why TeX framed an include the source reads a ``final`` for (round 29, D1 and D4).
_UNHEARD = ("a final TeX never hears (passed by \\PassOptionsToPackage after the package is "
            "loaded, or in a false branch) undoes nothing")
_GROUPED = re.compile(r"\\setkeys\s*\{Gin\}\s*\{[^{}]*\bdraft\s*=\s*false\b")

