"""The archive's references, read against the paper's own compile: a reference or citation
the archive's compile leaves undefined (``??`` on the page) where the author's own log
(``main.log`` in her folder, read only) has none is a file the paper reads that did not go
in, whatever reader missed it (hostile round 25, XR: xr's ``\\externaldocument`` reading a
supplement's ``.aux``, which the copy's compile missed as well, so the pages agreed).
"""

from __future__ import annotations

import re
from pathlib import Path

from figures.errors import LatexError, display_path
from figures.pack import inputs

#: LaTeX's (natbib's, zref's...) word for a label or key it did not know, and its summary.
_UNDEFINED = re.compile(r"(?:Reference|Citation) `([^'\n]+)' (?:on page \S+ )?(?:is )?undefined")
_SUMMARY = re.compile(r"There were undefined (?:references|citations)")


def undefined(logged: str) -> list[str]:
    """The labels and keys a compile's log ``logged`` says were undefined (in its order,
    once each); ``[""]`` when it says only that some were."""
    found = list(dict.fromkeys(_UNDEFINED.findall(logged)))
    return found or ([""] if _SUMMARY.search(logged) else [])


def checked(paper: Path, main: str, logged: str, notes: list[str] | None) -> None:
    """Stop the pack when the archive's compile (its log ``logged``) leaves references or
    citations undefined and the author's own log beside ``main`` in ``paper`` has none: one
    line naming some of them and the file xr or zref-xr looked for, if it says. With no
    author's log to read, one warning in ``notes`` (None: said already); a paper whose own
    log has undefined ones too is left as it is (a draft's ``??`` are its own)."""
    left = undefined(logged)
    if not left:
        return
    log = paper / f"{Path(main).stem}.log"
    shown = ", ".join(name for name in left[:3] if name) + (
        f" (and {len(left) - 3} more)" if len(left) > 3 else "")
    read = [name for name, _, reader in inputs.missing(logged) if reader in ("xr", "zref-xr")]
    where = f" (from {read[0]}, which the archive's compile did not find)" if read else ""
    what = f"references or citations {shown}{where}" if shown else "references or citations"
    if not log.is_file():
        if notes is not None:
            notes.append(f"{display_path(main)}: the archive's compile leaves {what} undefined "
                         f"(?? on its page), and there is no {log.name} of your own compile "
                         "beside it to compare with: compile the paper, then pack again")
        return
    if undefined(inputs.log_text(log)):
        return
    raise LatexError(main, None, (
        f"the archive's compile leaves {what} undefined (?? on its page), which your own "
        f"compile's {log.name} defines: a file the paper reads did not go in; put it in the "
        f"paper's folder (another document's .aux beside {main}), or compile the paper again "
        f"if {log.name} is old"))
