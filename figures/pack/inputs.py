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

from figures.errors import LatexError, display_path
from figures.texread import blanked

#: The file TeX writes the names into, in the compile's folder.
LISTED = "fap-inputs.lst"
#: Given to latexmk (``-usepretex``): before the paper, each file LaTeX inputs written to
#: :data:`LISTED` as ``LINE|PATH|FILE`` as it opens (LINE: the line of the file reading it,
#: 0 for the main file), and ``<LINE`` as it ends (LaTeX 2020-10 and later; an older one lists
#: nothing, and every opened file counts as read): TeX's reading order (:func:`sequence`).
PRETEX = (r"\ifdefined\AddToHook\newwrite\fapinputs\immediate\openout\fapinputs=" + LISTED
          + r"\AddToHook{file/before}{\immediate\write\fapinputs{\the\inputlineno|"
          r"\CurrentFilePathUsed|\CurrentFileUsed}}\AddToHook{file/after}{\immediate\write"
          r"\fapinputs{<\the\inputlineno}}\fi")
_GRAPHIC = re.compile(r"^File: (.+) Graphic file \(type ", re.MULTILINE)
#: pdfTeX's word for a file it embedded whole in the PDF (attachfile's ``\\attachfile``,
#: embedfile's ``\\embedfile``: ``\\pdfobj stream file``): read, as it is, not as TeX.
_EMBEDDED = re.compile(r"<<([^<>\n]+)>>")


def log_text(log: Path) -> str:
    """A compile's log, read once for every reading below ("" when there is none)."""
    try:
        return log.read_text(encoding="utf-8", errors="surrogateescape")
    except OSError:
        return ""


def sequence(folder: Path) -> list[tuple[str | None, int]] | None:
    """The files (relative to ``folder``, the compile's) LaTeX input as TeX, in the order it
    read them, from its file hook's list: ``(name, line)`` as one opens (at that line of the
    file reading it), ``(None, line)`` as one ends; None when LaTeX listed none (too old)."""
    try:
        text = (folder / LISTED).read_text(encoding="utf-8", errors="surrogateescape")
    except OSError:
        return None
    found: list[tuple[str | None, int]] = []
    for line in text.splitlines():
        number, _, rest = line.partition("|")
        path, _, file = rest.rpartition("|")
        if line.startswith("<") or not number.isdigit():
            found.append((None, int(line[1:]) if line[1:].isdigit() else 0))
        elif name := (f"{path}/{file}" if path else file).strip():
            found.append((os.path.normpath(name), int(number)))
    return found


def listed(folder: Path) -> set[str] | None:
    """The files (relative to ``folder``, the compile's) LaTeX input as TeX, from its file
    hook's list (:func:`sequence`); None when LaTeX listed none (too old for file hooks)."""
    found = sequence(folder)
    return None if found is None else {name for name, _ in found if name is not None}


def read_as_input(as_tex: set[str] | None, logged: str) -> set[str] | None:
    """The files LaTeX input (``as_tex``, :func:`listed`), graphicx included or pdfTeX
    embedded, the last two from its log's text ``logged``; None when LaTeX listed none."""
    if as_tex is None:
        return None
    return as_tex | {os.path.normpath(name.strip()) for name in [
        *_GRAPHIC.findall(logged), *embedded(logged)] if name.strip()}


def embedded(logged: str) -> list[str]:
    """The files pdfTeX embedded whole in the PDF (an attachment), named in the log's text
    ``logged``: packed as they are unless TeX also reads them as source (:func:`attached`)."""
    return [os.path.normpath(name.strip()) for name in _EMBEDDED.findall(logged)]


def attached(logged: str, as_tex: set[str] | None, main: str) -> set[str]:
    """Of the files embedded whole (:func:`embedded`), the attachments alone: not ``main``
    nor one LaTeX input as TeX (``as_tex``): a source first (``\\embedfile{\\jobname.tex}``,
    an ``\\input{intro}`` also attached), stripped as every source, and the archive's PDF
    then attaches the stripped file, the one the archive holds."""
    return set(embedded(logged)) - (as_tex or set()) - {os.path.normpath(main)}


#: LaTeX's own word for a file it looked for and did not find (``\\@input``'s, verbatim's
#: ``\\verbatiminput``'s: each tests the file first, and a missing one is no error).
_NO_FILE = re.compile(r"^No file (.+)\.$", re.MULTILINE)


def left_outside(paper: Path, logged: str) -> list[tuple[str, str]]:
    """The files the compile whose log's text is ``logged`` looked for by a name outside its folder
    (absolute, or climbing out with ``..``) and did not find there, though the paper's own
    compile reads them (they are, from ``paper``): the archive is without them. And those it
    embedded whole by such a name (an attachment): pdfTeX's embedding reads past
    ``openin_any``, so the proof compile found it, and an archive without it does not
    compile."""
    said = {Path(name.strip().strip('"')): f"as TeX's log says: No file {name.strip()}."
            for name in _NO_FILE.findall(logged)}
    said |= {Path(name): "embedded whole in its PDF" for name in  # \attachfile{/x}
             embedded(logged)}  # (pdfTeX's embedding reads past openin_any)
    return [(str(name), why) for name, why in said.items() if (
        name.is_absolute() or ".." in name.parts)
            and any((paper / f"{name}{tex}").is_file() for tex in ("", ".tex"))]


def refuse_outside(paper: Path, left: tuple[str, str], texts: dict[str, str],
                   main: str) -> None:
    """Stop the pack on ``left`` (a name and why, which :func:`left_outside` found): one line
    naming it and the command of the paper's files ``texts`` that reads it."""
    name, why = left
    said = re.compile(r"\\([A-Za-z@]+)\*?\s*(?:\[[^\]]*\]\s*)?\{\s*" + re.escape(name)
                      + r"\s*\}")
    file, command = next(((file, found[1]) for file, text in texts.items()
                          if name in text and (found := said.search(blanked(text)))), (main, None))
    shown = display_path(name)
    why = f"\\{command}, {why}" if command else why
    real, root = (paper / name).resolve(), paper.resolve()
    if real.is_relative_to(root):  # figs/../figs/x, or /home/me/paper/x: the paper's own
        raise LatexError(file, None, (
            f"reads {shown}, a file of the paper's folder by a name the archive's compile "
            f"cannot open, absolute or through .. ({why}): write it "
            f"{real.relative_to(root).as_posix()}"))
    raise LatexError(file, None, f"reads {shown}, outside the paper's folder ({why}); only "
                     "the paper's folder is packed: move that file into it")
