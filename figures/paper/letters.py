"""Another main file of the paper's folder that includes the file sync is about to replace
(hostile round 25, RB2: a rebuttal letter ``response.tex`` kept beside ``main.tex``, the same
``figures/cifar_summary.pdf`` printed at 2.5 in by the one and a column by the other).

Within one paper, one file included at two sizes is refused (round 16); two documents of one
folder printing one file at two sizes is the same conflict, so it is refused the same way: the
sync for the letter would re-size the paper's figure (and ``figures pack`` of the paper, which
reads its provenance, would call it current). The width each copy is built for is read from
its provenance (``venue:icml@3.25in``); a copy built for the same width (or none) is no
conflict, whatever the venue's rules.
"""

from __future__ import annotations

import re
from pathlib import Path

from figures.errors import display_path
from figures.mainfile import main_files
from figures.paper.latex import read_paper, shown_path
from figures.paper.write import provenance_of

_WIDTH = re.compile(r"@([0-9.]+)in$")


def built_width(path: Path) -> str | None:
    """The width (``3.25``, in inches) the figure file ``path`` was built for, from its
    provenance (None: no width, or not ours)."""
    inside = provenance_of(path) if path.is_file() else None
    found = _WIDTH.search((inside or {}).get("variant", ""))
    return found[1] if found else None


def printed_by_another(main: Path, target: Path, source: Path, includes_of) -> str | None:
    """Why ``source`` may not replace ``target`` for the paper whose main file is ``main``:
    another main file of its folder includes ``target`` (its includes read by sync's
    ``includes_of``), built for another width than ``source``; None when none does."""
    now, new = built_width(target), built_width(source)
    if now == new or not target.is_file():
        return None
    root = main.parent
    for other in main_files(root):
        if other.resolve() == main.resolve():
            continue
        if any(i.found is not None and i.found.resolve() == target.resolve()
               for i in _includes(other, includes_of)):
            shown, letter, paper = (shown_path(target, root), shown_path(main, root),
                                    shown_path(other, root))
            stem = Path(shown).stem
            own = f"{Path(shown).parent.as_posix()}/{Path(letter).stem}/{stem}".lstrip("./")
            return (f"{paper}, another main file here, also includes {shown} (built for "
                    f"{_inches(now)}); {letter} prints it at {_inches(new)}: this sync would "
                    f"re-size {paper}'s figure: give {letter} its own copy "
                    f"(\\includegraphics{{{own}}}: sync copies ours there) or sync with "
                    f"--main {display_path(paper)} (a file no longer compiled: move it out "
                    "of the folder)")
    return None


def _includes(main: Path, includes_of) -> list:
    """The includes of the paper whose main file is ``main``, read from its source ([]: a
    source the reader cannot read: no word of it)."""
    try:
        return includes_of(read_paper(main.parent, Path(main.name)))[0]
    except Exception:  # noqa: BLE001 - as builds.untypeset: what raises here is no row
        return []


def _inches(width: str | None) -> str:
    return f"{width} in" if width else "its natural size"
