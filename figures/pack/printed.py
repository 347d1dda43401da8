"""A figure of ours the packed paper prints at another width than it was built for (hostile
round 25, RB2: ``figures/cifar_summary.pdf`` synced for a rebuttal letter beside the paper,
built for 2.5 in, printed at ICML's 3.25 in column by ``main.tex``). Its provenance is
current, so the figure check calls it current; the PDF compiled from the archive says how
wide each form of ours is printed, and a figure sync built for one width (its variant ends
``@2.5in``) printed at another is said in one warning. A figure of the default build (no
width of its own) is not judged: it is drawn at its own size and printed as the paper
likes.

Our figures are found in the compiled PDF by the provenance pdfTeX copies into each placed
form's ``/PTEX.InfoDict`` or, where ``--anonymous`` has scrubbed it from the packed copy, by
the file the form was read from (``/PTEX.FileName``) being one of ours, its provenance read
from the paper's own file (hostile round 49b, K34: the review copy lost both checks)."""

from __future__ import annotations

import contextlib
import math
import os
import re
from pathlib import Path

from figures.errors import display_path, shell_word
from figures.page import inches
from figures.paths import shown

_WIDTH = re.compile(r"@([0-9.]+)in$")
#: Printed within this of the width it was built for (pdfTeX rounds to a scaled point).
_TOLERANCE = 0.03


def off_width(pdf: bytes, main: str, paper: Path | None = None,
              ours: list[str] | tuple[str, ...] = (),
              files: dict[str, bytes] | None = None) -> list[str]:
    """One warning per figure of ours ``pdf`` (the archive's compile) prints at another
    width than its build's (see the module's docstring), or squashed (its height scaled
    otherwise than its width: ``[width=\\linewidth,height=2cm]``), as ``figures check``
    judges it (:func:`figures.paper.audit.squashed`), at its include in ``paper``'s source
    (hostile round 45b, K28: packed as current, warnings 0). ``ours``: the packed figures
    of ours by their names in ``paper``, whose own provenance is read for a form whose copy
    was scrubbed (``--anonymous``). ``files``: the archive's, by which a PNG of ours is
    known in the PDF (an image keeps no name there): by its size in pixels among the packed
    images, as the crop check knows it (hostile round 50b, K9: a PNG of ours at 40 % or
    squashed went untold where its PDF was told)."""
    from figures.outputs.provenance import read_or_none
    from figures.paper.audit import squashed
    from figures.paper.drawn import placements
    from figures.pdf import open_pdf, pypdf_said

    said: dict[str, str] = {}
    marks = {os.path.normpath(name): mark for name in ours if paper is not None
             and (mark := read_or_none(paper / name)) is not None}
    try:
        with pypdf_said():
            reader = open_pdf(pdf)
            drawn = placements(reader)
            images = _Images(reader, files or {}, marks) if any(
                xobject.get("/Subtype") == "/Image" for _, xobject, _, _ in drawn) else None
    except Exception:  # noqa: BLE001 - the proof read it; what pypdf cannot walk: no word
        return []
    with pypdf_said():
        for _, xobject, matrix, _ in drawn:
            if (placed := _placed(xobject, marks, images)) is None:
                continue
            inside, file, (unit_x, unit_y), (wide_pt, tall_pt) = placed
            built = _WIDTH.search(inside.get("variant", ""))
            across = math.hypot(matrix[0], matrix[1]) * unit_x  # points, as printed
            down = math.hypot(matrix[2], matrix[3]) * unit_y
            printed = across / 72
            squash = squashed(across / wide_pt, down / tall_pt)
            if squash is not None and file not in said:
                said[file] = _squashed(paper, main, file, inside["figure"], squash,
                                       f"{inches(printed)} x {inches(down / 72)} in")
                continue
            if built is None or file in said:
                continue
            if abs(printed - (wide := float(built[1]))) > _TOLERANCE * wide:
                said[file] = (
                    f"{display_path(file)}: {inside['figure']} was built for {wide:g} in "
                    f"({inside['variant']}), and {main} prints it at {inches(printed)} in "
                    f"({printed / wide:.0%}): drawn for another page (a letter's or another "
                    "main file's sync?), or sized where sync does not read it (\\setkeys{Gin}, "
                    f"\\pgfimage); run `figures paper {_folder(paper)} --main {main}`, which syncs it "
                    "for this page or names what sizes it, then pack again")
    return list(said.values())


def _folder(paper: Path | None) -> str:
    """The paper's folder as the command a line suggests names it, from here (hostile round
    51, left unclear: the line said `figures paper PAPER`, a placeholder to fill in)."""
    return "PAPER_DIR" if paper is None else shell_word(display_path(shown(paper)))


def _placed(xobject, marks: dict[str, dict[str, str]], images: _Images | None):
    """A drawn form or image that is a figure of ours: its provenance, its packed file, the
    size of its unit square and its own size, in points (a form: its box, both; an image:
    1 by 1, its pixels at their resolution, as pdfTeX sizes it); None when not ours."""
    from figures.paper.drawn import form_provenance

    if xobject.get("/Subtype") == "/Image":
        return images.placed(xobject) if images is not None else None
    if xobject.get("/Subtype") != "/Form" or "/BBox" not in xobject:
        return None
    inside = form_provenance(xobject.get("/PTEX.InfoDict")) or marks.get(
        _named(xobject.get("/PTEX.FileName")))
    if inside is None:
        return None
    box = [float(v) for v in xobject["/BBox"]]
    size = (box[2] - box[0], box[3] - box[1])
    file = str(xobject.get("/PTEX.FileName", inside["figure"])).removeprefix("./")
    return inside, file, size, size


class _Images:
    """The packed PNGs and JPEGs of ours, as the PDF draws them: an image is ours when the
    packed images of its size in pixels (of several, of its pixels) are all ours
    (:func:`figures.pack.cropped.matching`), not inside an included PDF."""

    def __init__(self, reader, files: dict[str, bytes], marks: dict[str, dict[str, str]]):
        from figures.pack.cropped import image_sizes, in_included

        self.files, self.marks = files, marks
        self.sizes = image_sizes(files)
        self.within = in_included(reader)

    def placed(self, image):
        from figures.pack.cropped import matching
        from figures.paper.pictures import identity

        if (identity(image) or ("direct", id(image))) in self.within:
            return None
        names = matching(image, self.sizes, self.files)
        if not names or not all(os.path.normpath(name) in self.marks for name in names):
            return None
        name = names[0]
        wide, tall = self.sizes[name]
        across, down = _dpi(self.files[name])
        return self.marks[os.path.normpath(name)], name, (1.0, 1.0), (
            wide * 72 / across, tall * 72 / down)


def _dpi(data: bytes) -> tuple[float, float]:
    """An image's resolution as pdfTeX reads it (72 where it says none)."""
    import io

    from figures.outputs.pixels import open_image

    with contextlib.suppress(Exception), open_image(io.BytesIO(data)) as image:
        across, down = image.info.get("dpi", (72, 72))
        if across > 0 and down > 0:
            return float(across), float(down)
    return 72.0, 72.0


def _named(name: object) -> str:
    """A form's ``/PTEX.FileName`` as a name in the paper's folder (``./figs/a.pdf``:
    ``figs/a.pdf``); "" for none."""
    return os.path.normpath(str(name)) if name is not None else ""


def _squashed(paper: Path | None, main: str, file: str, figure: str, squash: str,
              size: str) -> str:
    """The warning for our ``figure`` (``file``) printed ``squash``ed at ``size``: at the
    include that prints it (read from ``paper``'s source: the first with a height), with the
    include that keeps its proportions."""
    from figures.paper.includes import includes_of
    from figures.paper.latex import read_paper
    from figures.paper.placed import fixed_include

    fix, where = "give its include width= only", display_path(file)
    with contextlib.suppress(Exception):  # the source unread: the file's name alone
        found = [include for include in includes_of(read_paper(paper, Path(main)))[0]
                 if include.found is not None and include.graphic is not None
                 and include.found.resolve() == (paper / file).resolve()]
        found.sort(key=lambda include: not {"height", "totalheight"} & set(
            include.graphic.options))
        if found:
            at = found[0]
            where = f"{display_path(at.tex.relative_to(paper).as_posix())}:{at.line}"
            fix = f"write {fixed_include(at.graphic)}"
    return (f"{where}: {display_path(file)}: {figure} is {squash} ({size}), its type "
            f"and lines squashed with it: {fix} (width= only keeps its proportions; `figures "
            "sync` builds it anew for a box of both sides that holds it), then pack again")
