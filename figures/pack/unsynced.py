"""A pack before any ``figures sync`` (hostile round 42a, A15): a fresh clone, where the
macros file and our figures sync writes are not committed, stopped on TeX's words alone
(``File `macros.tex' not found``). When the file TeX could not find is one sync writes (our
macros file, or an include named as one of our figures) and the paper's folder does not hold
it, the one line names where the paper reads it and the command that writes it."""

from __future__ import annotations

import itertools
import re
import shlex
from pathlib import Path

from figures import runner
from figures.errors import LatexError, display_path
from figures.pack.leftout import HIDDEN
from figures.texhints import unsearched
from figures.texread import blanked

#: TeX's words for a file it could not find: LaTeX's, and plain ``\\input macros``'s.
_MISSING = re.compile(r"File `([^']+)' not found|can't find file `([^']+)'")
#: Where TeX's ``-file-line-error`` put the error (``./main.tex:18:``).
_AT = re.compile(r"(?:\./)?([^\s:]+\.tex):(\d+):")
#: The suffixes our figures are synced with.
_OURS = (".pdf", ".png")


def told(error: LatexError, paper: Path, main: Path, folder: Path, chosen: str | None = None,
         figdata_dir: Path | None = None, allow_synthetic: bool = False) -> LatexError | None:
    """The one line for ``error`` (the compile of ``main`` in a copy of ``paper``, the main
    file's folder, the pack's ``folder``, ``--main`` ``chosen``, ``--figdata`` and
    ``--allow-synthetic``) when the file it did not find is one ``figures sync`` writes and
    is not there; else None. The sync it names takes the pack's figdata and synthetic data as
    the pack did: followed without them, it wrote other numbers or refused the synthetic
    figures (hostile round 51b, K25)."""
    from figures.paper.includes import MACROS_NAME
    from figures.paths import DEFAULT_FIGDATA, same_folder
    from figures.registry import BY_NAME

    found = _MISSING.search(error.message)
    if found is None or "\\graphicspath names" in error.message or HIDDEN in error.message:
        return None  # found outside the folder (hostile round 47b, K26), or hidden (50b, K29)
    name = (found[1] or found[2]).strip()
    base = Path(name)
    if base.name in (MACROS_NAME, Path(MACROS_NAME).stem):
        what = f"{name} is our macros file (the paper's numbers)"
    elif (base.stem if base.suffix.lower() in _OURS else base.name) in BY_NAME:
        what = f"{name} is our figure {base.stem if base.suffix.lower() in _OURS else base.name}"
    else:
        return None
    if any((paper / written).is_file() for written in (name, f"{name}.tex",
                                                       *(f"{name}{s}" for s in _OURS))):
        return None  # there: TeX missed it for another reason, which its words say
    if unsearched(error.message, main):  # there, where TeX does not look (round 54h, P12):
        return None  # its words say so (texhints.explained)
    if (outside := _found_outside(main, name)) is not None:
        return LatexError(error.file, error.key, f"{error.message}; {outside}")
    at = _AT.search(error.message[:found.start()])
    where = f"{at[1]}:{at[2]}" if at else _where(paper, main, name)
    command = " ".join(["figures", "sync", shlex.quote(display_path(folder)), *(
        ["--main", shlex.quote(chosen)] if chosen else []), *(
        ["--figdata", shlex.quote(display_path(figdata_dir))] if figdata_dir is not None
        and not same_folder(figdata_dir, DEFAULT_FIGDATA) else []), *(
        ["--allow-synthetic"] if allow_synthetic else [])])
    return LatexError(where, None, f"{what}, not written yet: `figures sync` writes it; run "
                      f"`{command}` first, then pack again")


def _found_outside(main: Path, name: str) -> str | None:
    """What to say when the paper's own compile (TeX asked, in the paper's folder) finds the
    include ``name`` outside it: through a ``\\graphicspath`` a macro writes
    (``\\graphicspath{{\\figdir}}``, hostile round 48b, K7 (c)), which the copy's error names
    no folder of, so that "not written yet: run figures sync" was said of a figure written
    where the macro's path finds it, and the advised sync wrote a second copy the include
    then shadows. None: TeX does not find it there either (or the paper does not compile)."""
    from figures.paper.engine import ask_tex

    try:
        asked = ask_tex(main, read_images=False)
    except LatexError:
        return None
    root = main.parent.resolve()
    for graphic in asked.graphics:
        read = getattr(graphic.printed, "file", None)
        if graphic.written != name or not read:
            continue
        path = (main.parent / read).resolve()
        if not path.is_relative_to(root):
            via = (f" (through \\graphicspath, which TeX reads as {graphic.path_written})"
                   if graphic.path_written else "")
            return (f"the paper's own compile reads it at {display_path(read)}{via}, outside "
                    "the paper's folder, which alone is packed: move those figures into it "
                    "(and point \\graphicspath there)")
    return None


def _where(paper: Path, main: Path, name: str) -> str:
    """``FILE:LINE`` of the first place the paper's sources write ``name`` as a file to read
    (``\\input{macros}``), the main file first; the main file's name when none does."""
    written = re.compile(r"(?:\{\s*|\\input\s+)" + re.escape(name.removesuffix(".tex"))
                         + r"(?:\.tex)?\s*(?:\}|\s|$)")
    others = sorted(itertools.islice((p for p in paper.rglob("*.tex") if p != main), 200))
    for source in [main, *others]:
        text = blanked(runner.read_bounded(source, 1 << 22) or "")
        if (found := written.search(text)) is not None:
            line = text.count("\n", 0, found.start()) + 1
            return f"{source.relative_to(paper).as_posix()}:{line}"
    return main.name
