"""Which of the files a compile opened TeX read as input, asked of LaTeX itself: its file
hook names every file ``\\input``, ``\\include``, ``\\usepackage`` or the class loads, and
graphicx logs every image; a file the recorder saw opened and neither names was only opened
by ``\\openin``: tested for (``\\IfFileExists``), or read line by line (a data table).

Such a file is packed empty (the test gives the same answer, and nothing of it leaves the
machine: a linked ``~/.ssh`` key, a 2 GB file) unless the archive's PDF then differs, when
it is packed as it is (:func:`figures.pack.run.pack`).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

#: The file TeX writes the names into, in the compile's folder.
LISTED = "fap-inputs.lst"
#: Given to latexmk (``-usepretex``): before the paper, each file LaTeX inputs written to
#: :data:`LISTED` (LaTeX 2020-10 and later; an older one lists nothing, and every opened
#: file counts as read).
PRETEX = (r"\ifdefined\AddToHook\newwrite\fapinputs\immediate\openout\fapinputs=" + LISTED
          + r"\AddToHook{file/before}{\immediate\write\fapinputs{\CurrentFilePathUsed|"
          r"\CurrentFileUsed}}\fi")
_GRAPHIC = re.compile(r"^File: (.+) Graphic file \(type ", re.MULTILINE)


def read_as_input(folder: Path, stem: str) -> set[str] | None:
    """The files (relative to ``folder``, the compile's) LaTeX input or graphicx included;
    None when LaTeX listed none (too old for file hooks)."""
    try:
        listed = (folder / LISTED).read_text(encoding="utf-8", errors="surrogateescape")
    except OSError:
        return None
    log = folder / f"{stem}.log"
    text = log.read_text(encoding="utf-8", errors="surrogateescape") if log.is_file() else ""
    names = [f"{path}/{file}" if path else file
             for path, _, file in (line.rpartition("|") for line in listed.splitlines())]
    return {os.path.normpath(name.strip()) for name in [*names, *_GRAPHIC.findall(text)]
            if name.strip()}
