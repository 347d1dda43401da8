"""A figure of ours the packed paper prints at another width than it was built for (hostile
round 25, RB2: ``figures/cifar_summary.pdf`` synced for a rebuttal letter beside the paper,
built for 2.5 in, printed at ICML's 3.25 in column by ``main.tex``). Its provenance is
current, so the figure check calls it current; the PDF compiled from the archive says how
wide each form of ours is printed, and a figure sync built for one width (its variant ends
``@2.5in``) printed at another is said in one warning. A figure of the default build (no
width of its own) is not judged: it is drawn at its own size and printed as the paper
likes."""

from __future__ import annotations

import math
import re

from figures.errors import display_path
from figures.page import inches

_WIDTH = re.compile(r"@([0-9.]+)in$")
#: Printed within this of the width it was built for (pdfTeX rounds to a scaled point).
_TOLERANCE = 0.03


def off_width(pdf: bytes, main: str) -> list[str]:
    """One warning per figure of ours ``pdf`` (the archive's compile) prints at another
    width than its build's (see the module's docstring)."""
    from figures.paper.drawn import form_provenance, placements
    from figures.pdf import open_pdf, pypdf_said

    said: dict[str, str] = {}
    try:
        with pypdf_said():
            drawn = placements(open_pdf(pdf))
    except Exception:  # noqa: BLE001 - the proof read it; what pypdf cannot walk: no word
        return []
    with pypdf_said():
        for _, form, matrix, _ in drawn:
            inside = form_provenance(form.get("/PTEX.InfoDict")) \
                if form.get("/Subtype") == "/Form" else None
            built = _WIDTH.search((inside or {}).get("variant", ""))
            if built is None or "/BBox" not in form:
                continue
            box = [float(v) for v in form["/BBox"]]
            printed = (box[2] - box[0]) * math.hypot(matrix[0], matrix[1]) / 72
            wide = float(built[1])
            file = str(form.get("/PTEX.FileName", inside["figure"])).removeprefix("./")
            if abs(printed - wide) > _TOLERANCE * wide and file not in said:
                said[file] = (
                    f"{display_path(file)}: {inside['figure']} was built for {wide:g} in "
                    f"({inside['variant']}), and {main} prints it at {inches(printed)} in "
                    f"({printed / wide:.0%}): drawn for another page (a letter's or another "
                    "main file's sync?), or sized where sync does not read it (\\setkeys{Gin}, "
                    f"\\pgfimage); run `figures paper PAPER --main {main}`, which syncs it for "
                    "this page or names what sizes it, then pack again")
    return list(said.values())
