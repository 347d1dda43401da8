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
    log has undefined ones too is left as it is (a draft's ``??`` are its own), unless its
    own compile missed the same other document's ``.aux`` (``figures paper``'s log, which
    keeps none in the folder): then one warning too (round 40, X2)."""
    left = undefined(logged)
    if not left:
        return
    log = paper / f"{Path(main).stem}.log"
    shown = ", ".join(name for name in left[:3] if name) + (
        f" (and {len(left) - 3} more)" if len(left) > 3 else "")
    read = external_missing(logged)
    where = f" (from {read[0]}, which the archive's compile did not find)" if read else ""
    what = f"references or citations {shown}{where}" if shown else "references or citations"
    if not log.is_file():
        if notes is not None:
            notes.append(f"{display_path(main)}: the archive's compile leaves {what} undefined "
                         f"(?? on its page), and there is no {log.name} of your own compile "
                         "beside it to compare with: " + (unresolved(read[0], main) if read
                                                          else "compile the paper")
                         + ", then pack again")
        return
    if undefined(own := inputs.log_text(log)):
        if read and notes is not None and read[0] in external_missing(own):  # round 40, X2
            notes.append(f"{display_path(main)}: the archive's compile leaves {what} undefined "
                         f"(?? on its page), and so did your own compile's {log.name}, which "
                         f"did not find {read[0]} either (figures paper leaves no .aux in the "
                         f"folder): {unresolved(read[0], main)}, then pack again")
        return
    raise LatexError(main, None, (
        f"the archive's compile leaves {what} undefined (?? on its page), which your own "
        f"compile's {log.name} defines: a file the paper reads did not go in; put it in the "
        f"paper's folder (another document's .aux beside {main}), or compile the paper again "
        f"if {log.name} is old"))


def external_missing(logged: str) -> list[str]:
    """The other documents' ``.aux`` files xr or zref-xr looked for in the compile whose
    log's text is ``logged`` and did not find (once each, in its order)."""
    return list(dict.fromkeys(name for name, _, reader in inputs.missing(logged)
                              if reader in ("xr", "zref-xr")))


def unresolved(aux: str, main: str) -> str:
    """What to do when ``main`` reads another document's ``aux`` (xr, zref-xr) that is not
    beside it: compile that document by hand, so that its ``.aux`` is."""
    tex = Path(aux).with_suffix(".tex")
    return (f"compile {(Path(main).parent / tex).as_posix().removeprefix('./')} by hand "
            f"there once (latexmk -pdf {tex.name}), so that {aux} is beside {Path(main).name}")


def external_references(main: Path, logged: str) -> str | None:
    """Round 40 (X1): the one line when the compile of ``main`` (its log's text ``logged``)
    read another document's ``.aux`` through xr or zref-xr, found none, and left references
    undefined (``??`` on its pages); else None."""
    read = external_missing(logged)
    if not read or not (left := undefined(logged)):
        return None
    reader = next(r for name, _, r in inputs.missing(logged) if name == read[0])
    shown = ", ".join(name for name in left[:3] if name) + (
        f" (and {len(left) - 3} more)" if len(left) > 3 else "")
    return (f"{display_path(main)}: reads {read[0]} ({reader}), which is not in the folder "
            "(figures paper leaves no .aux there: each compile of its own starts from "
            f"scratch): its references{' ' + shown if shown else ''} print ?? on the page; "
            f"{unresolved(read[0], main.name)}, then figures paper again")
