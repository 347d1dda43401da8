"""What a "File not found" of a paper's compile means when the paper's folder holds the file
and a latexmkrc: the latexmkrc that finds it (``ensure_path('TEXINPUTS', './styles//')``) is
not run (``latexmk -norc``, as arXiv runs none)."""

from __future__ import annotations

import os
import re
from pathlib import Path

#: The names latexmk reads a folder's own rc file under.
RC_NAMES = (".latexmkrc", "latexmkrc")
#: The most folder entries looked through for the file (a huge folder is not searched whole).
_LOOKED = 20000


def rc_not_run(folder: Path, error: str, main: str = "main.tex") -> str:
    """``"; ..."`` to add to ``error`` when the file it says is not found is under
    ``folder`` (not beside ``main``) and ``folder`` holds a latexmkrc; else ``""``."""
    missing = re.search(r"File `([^'/]+)' not found", error)
    rc = next((name for name in RC_NAMES if (folder / name).is_file()), None)
    if not missing or rc is None or (folder / missing[1]).exists():
        return ""
    found, looked = None, 0
    for here, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        looked += len(dirs) + len(files)
        if missing[1] in files:
            found = Path(here, missing[1]).relative_to(folder).as_posix()
            break
        if looked > _LOOKED:
            break
    if found is None:
        return ""
    return (f"; it is in the folder, at {found}, but the folder's {rc} (which may add that "
            "folder to TEXINPUTS) is not run (latexmk -norc; arXiv runs none either): move "
            f"the file beside {main} or give its path in the \\usepackage/\\input")
