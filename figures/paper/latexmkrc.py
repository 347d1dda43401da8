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
    return found_elsewhere(folder, missing[1], main) if missing else ""


def found_elsewhere(folder: Path, name: str, main: str = "main.tex") -> str:
    """``"; ..."`` when the file ``name``, not beside ``main``, is under ``folder`` and
    ``folder`` holds a latexmkrc (whose search paths are not run); else ``""``."""
    rc = next((rc for rc in RC_NAMES if (folder / rc).is_file()), None)
    if rc is None or not name or "/" in name or (folder / name).exists():
        return ""
    found, looked = None, 0
    for here, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        looked += len(dirs) + len(files)
        if name in files:
            found = Path(here, name).relative_to(folder).as_posix()
            break
        if looked > _LOOKED:
            break
    if found is None:
        return ""
    return (f"; it is in the folder, at {found}, but the folder's {rc} (which may add that "
            "folder to TEXINPUTS) is not run (latexmk -norc; arXiv runs none either): move "
            f"the file beside {main} or give its path in the \\usepackage/\\input")
