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

from figures.errors import display_path
from figures.page import inches

_WIDTH = re.compile(r"@([0-9.]+)in$")
#: Printed within this of the width it was built for (pdfTeX rounds to a scaled point).
_TOLERANCE = 0.03


def off_width(pdf: bytes, main: str, paper: Path | None = None,
              ours: list[str] | tuple[str, ...] = ()) -> list[str]:
    """One warning per figure of ours ``pdf`` (the archive's compile) prints at another
    width than its build's (see the module's docstring), or squashed (its height scaled
    otherwise than its width: ``[width=\\linewidth,height=2cm]``), as ``figures check``
    judges it (:func:`figures.paper.audit.squashed`), at its include in ``paper``'s source
    (hostile round 45b, K28: packed as current, warnings 0). ``ours``: the packed figures
    of ours by their names in ``paper``, whose own provenance is read for a form whose copy
    was scrubbed (``--anonymous``)."""
    from figures.outputs.provenance import read_or_none
    from figures.paper.audit import squashed
    from figures.paper.drawn import form_provenance, placements
    from figures.pdf import open_pdf, pypdf_said

    said: dict[str, str] = {}
    marks = {os.path.normpath(name): mark for name in ours if paper is not None
             and (mark := read_or_none(paper / name)) is not None}
    try:
        with pypdf_said():
            drawn = placements(open_pdf(pdf))
    except Exception:  # noqa: BLE001 - the proof read it; what pypdf cannot walk: no word
        return []
    with pypdf_said():
        for _, form, matrix, _ in drawn:
            inside = form_provenance(form.get("/PTEX.InfoDict")) \
                if form.get("/Subtype") == "/Form" else None
            if inside is None and form.get("/Subtype") == "/Form":
                inside = marks.get(_named(form.get("/PTEX.FileName")))
            built = _WIDTH.search((inside or {}).get("variant", ""))
            if inside is None or "/BBox" not in form:
                continue
            box = [float(v) for v in form["/BBox"]]
            printed = (box[2] - box[0]) * math.hypot(matrix[0], matrix[1]) / 72
            file = str(form.get("/PTEX.FileName", inside["figure"])).removeprefix("./")
            squash = squashed(math.hypot(matrix[0], matrix[1]), math.hypot(matrix[2], matrix[3]))
            if squash is not None and file not in said:
                tall = (box[3] - box[1]) * math.hypot(matrix[2], matrix[3]) / 72
                said[file] = _squashed(paper, main, file, inside["figure"], squash,
                                       f"{inches(printed)} x {inches(tall)} in")
                continue
            if built is None or file in said:
                continue
            if abs(printed - (wide := float(built[1]))) > _TOLERANCE * wide:
                said[file] = (
                    f"{display_path(file)}: {inside['figure']} was built for {wide:g} in "
                    f"({inside['variant']}), and {main} prints it at {inches(printed)} in "
                    f"({printed / wide:.0%}): drawn for another page (a letter's or another "
                    "main file's sync?), or sized where sync does not read it (\\setkeys{Gin}, "
                    f"\\pgfimage); run `figures paper PAPER --main {main}`, which syncs it for "
                    "this page or names what sizes it, then pack again")
    return list(said.values())


def _named(name: object) -> str:
    """A form's ``/PTEX.FileName`` as a name in the paper's folder (``./figs/a.pdf``:
    ``figs/a.pdf``); "" for none."""
    return os.path.normpath(str(name)) if name is not None else ""


def _squashed(paper: Path | None, main: str, file: str, figure: str, squash: str,
              size: str) -> str:
    """The warning for our ``figure`` (``file``) printed ``squash``ed at ``size``: at the
    include that prints it (read from ``paper``'s source: the first with a height), with the
    include that keeps its proportions."""
    from figures.paper.latex import read_paper
    from figures.paper.placed import fixed_include
    from figures.paper.sync import includes_of

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
