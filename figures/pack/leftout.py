"""What the copy of the paper's folder leaves out, and the one the paper reads all the same:
hidden files and build products by their names; a file named as a build product that the
paper reads as data or text (a ``logs/train.log`` pgfplots plots) copied after all, as
arXiv's upload keeps it; and the names a LaTeX error line gives a file by.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from figures.errors import display_path, shell_word
from figures.pack.gpaths import inside


def hidden(name: str) -> bool:
    return name.startswith(".")


#: What a compile writes: the paper's leftovers (a ``main.aux`` of another package set) are
#: left out of the copy, which makes its own.
BUILD_PRODUCTS = (".aux", ".log", ".fls", ".fdb_latexmk", ".toc", ".lof", ".lot", ".out",
                  ".blg", ".bcf", ".run.xml", ".synctex.gz", ".nav", ".snm")


def data_left_out(paper: Path, name: str) -> bool:
    """Whether ``name``, which the copy's compile looked for, is a file of ``paper`` the copy
    left out for its build product's suffix alone: data the paper reads (pgfplots'
    ``logs/train.log``, a listed ``logs/run.log``, a Stata ``tables/reg.out``), copied and
    packed as it is read (hostile round 25, PL, LL): arXiv keeps it unless the archive holds
    a ``.tex`` of its name (:func:`removed_beside_tex`). Not an ``.aux``: LaTeX's own labels
    (another document's: :func:`figures.pack.tex.external_aux`)."""
    name = os.path.normpath(name)
    parts = name.split("/")
    return name.endswith(BUILD_PRODUCTS) and not name.endswith(".aux") and not (
        name.startswith("/") or ".." in parts or any(hidden(part) for part in parts)) and (
        paper / name).is_file()


#: What arXiv's upload removes beside a ``.tex`` of its name (``results.log`` beside
#: ``results.tex``: its file manager's check for files TeX made), of :func:`data_left_out`'s.
_REMOVED_BESIDE_TEX = (".log", ".out", ".blg")


def removed_beside_tex(sources: list[str], kept: frozenset[str]) -> str | None:
    """Why the archive of ``sources`` cannot hold one of ``kept`` (:func:`data_left_out`'s),
    or None: arXiv's upload removes it, a ``.tex`` of its name packed beside it."""
    for name in sorted(kept):
        suffix = Path(name).suffix
        stem = name.removesuffix(suffix)
        if suffix in _REMOVED_BESIDE_TEX and {f"{stem}.tex", f"{stem}.TEX"} & set(sources):
            return (f"reads {name}, which arXiv's upload removes beside {stem}.tex (packed "
                    f"too: a file named as what TeX makes of it): rename it ({stem}.dat, say) "
                    "where the paper reads it")
    return None


def beside_tex(name: str, sources: list[str] | set[str]) -> str | None:
    """The ``.tex`` of ``sources`` beside which arXiv's upload removes ``name``, a ``.pdf``
    (``figs/plot.pdf`` beside ``figs/plot.tex``: it takes the PDF for that file's output and
    deletes it, google-research/arxiv-latex-cleaner#50's "REMOVING main.pdf due to name
    conflict"), or None."""
    stem = name[:-4]
    return next((tex for tex in (f"{stem}.tex", f"{stem}.TEX") if tex in sources), None) \
        if name.lower().endswith(".pdf") else None


def pdf_beside_tex(sources: list[str]) -> tuple[str, str] | None:
    """A ``.pdf`` the paper reads (an included figure, a supplement) packed beside a ``.tex``
    of its name (input, or only tested for: :func:`beside_tex`) and why the archive cannot
    hold both (hostile round 29, A1, A7), or None."""
    for name in sources:
        if tex := beside_tex(name, sources):
            return name, (f"arXiv's upload removes it beside {tex} (packed too: arXiv takes a "
                          "PDF named as a .tex for that file's output), and the paper loses it "
                          f"there: rename {tex} (and its \\input) or the figure (and its "
                          "include)")
    return None


#: A name in an error line: a quoted one (```x'``, ``'x'``, ``"x"``) or a word.
_NAMED = re.compile(r"[`'\"]([^`'\"\n]+)['\"]|([^\s`'\"]+)")


def named(error: str) -> list[str]:
    """The names a LaTeX error line may give a file by, in its order: pgfplots' ``Could not
    read table file 'logs/train.log'``, fancyvrb's ``No verbatim file logs/run.log``,
    listings' ``File `logs/run(.log)' not found`` (its ``(.log)`` joined): each quoted text
    and each word, a full stop or comma after it dropped; which is a file is the caller's."""
    found = [re.sub(r"\((\.[^()\s]+)\)$", r"\1", (m[1] or m[2])).rstrip(".,;:")
             for m in _NAMED.finditer(error)]
    return list(dict.fromkeys(name for name in found if name))


#: The documented way out for a hidden file or folder the paper reads.
HIDDEN = ("the pack leaves out hidden files and folders (.name: arXiv deletes them): move it "
          "into a folder whose name has no leading dot")


def _held(paper: Path, name: str, graphic: bool) -> tuple[str, str] | None:
    """The file of ``paper`` TeX reads for ``name`` (relative to it), and the
    ``\\graphicspath`` folder it is found through ("" for none): the name as it is or with
    ``.tex``; for a ``graphic`` (an ``\\includegraphics`` TeX did not find) also with
    graphicx's extensions, beside the main file first, then in each ``\\graphicspath`` folder
    inside the paper, graphicx's order (hostile round 50b, K29: ``{logo}`` for
    ``.figures/logo.png`` got TeX's bare "not found")."""
    from figures.paper.includes import PDFLATEX_EXTENSIONS

    ends = ("", ".tex", *(PDFLATEX_EXTENSIONS if graphic else ()))
    for folder in [".", *(inside(paper) if graphic else ())]:
        for end in ends:
            found = os.path.normpath(f"{folder}/{name}{end}")
            if (paper / found).is_file():
                return found, "" if folder == "." else folder
    return None


def _hidden_why(name: str, found: str, via: str) -> str:
    """Why the copy has no ``found``, hidden, which TeX reads for ``name`` (through the
    ``\\graphicspath`` folder ``via``, or "")."""
    if ".git" in name.split("/")[:-1]:  # read by that name
        return ("read from the repository's .git folder (gitinfo2/gitinfo do this), which "
                "the pack leaves out: drop the package for the submission (or use its local "
                "option with a file beside main.tex)")
    if found in (os.path.normpath(name), os.path.normpath(f"{name}.tex")):
        return HIDDEN
    through, also = (f" (through \\graphicspath{{{{{via}/}}}})",
                     " (and change the \\graphicspath with it)") if via else ("", "")
    return f"the paper's compile reads {found} for it{through}, and {HIDDEN}{also}"


def left_out_why(paper: Path, name: str, reader: str = "latex",
                 graphic: bool = False) -> str | None:
    """Why the copy has no ``name`` (or ``name.tex``; for a ``graphic``, as graphicx finds it:
    :func:`_held`) that the paper's folder holds: a hidden file or folder (arXiv deletes
    them) or a build product's suffix (an ``.aux``, which :func:`data_left_out` does not
    copy); None when it holds none, or is not left out for its name. A file found under
    another name than TeX's words give (``.figures/logo.png`` for ``logo``) is named.
    ``reader``: who looked for it (:func:`figures.pack.inputs.missing`): the advice is what that one can read
    (an ``\\include``'d chapter's ``.aux`` is read by that name alone)."""
    parts = name.split("/")
    if name.startswith("/") or ".." in parts or (held := _held(paper, name, graphic)) is None:
        return None  # outside: left_outside's
    if any(hidden(part) for part in held[0].split("/") if part != "."):
        return _hidden_why(name, *held)
    if name.endswith(".aux") and reader == "latex":  # \includeonly leaves its chapter out
        return ("LaTeX reads it for the labels of an \\include'd chapter that \\includeonly "
                "leaves out, and the pack leaves out build products (.aux: arXiv's compile "
                "writes them anew): remove \\includeonly (or compile every chapter once)")
    if name.endswith(BUILD_PRODUCTS) and reader == "pgf":
        return (f"the pack leaves out files named as LaTeX's build products ({Path(name).suffix}: "
                "arXiv's compile writes them anew): rename it (.dat) and its plot file")
    if name.endswith(BUILD_PRODUCTS):
        return (f"the pack leaves out files named as LaTeX's build products ({Path(name).suffix}: "
                "arXiv's compile writes them anew): rename it (.tex)")
    return None


def explained(error: str, paper: Path, missing: str | None) -> str | None:
    """``error`` (the copy's compile's first) with why the copy had no file it names that
    ``paper`` holds (:func:`left_out_why`; ``missing``: the name of TeX's "File `x' not
    found", looked for as graphicx does), cut at that file's sentence (not pgfplots' "In
    case you intended ..."); None when it names none left out."""
    why = next(((name, said) for name in named(error) if (said := left_out_why(
        paper, name, graphic=name == missing))), None)
    if why is None:
        return None
    end = error.find(". ", error.find(why[0]))
    return f"{error[:end + 1] if end > 0 else error}; {why[1]}"


#: Of a file or folder the paper's compile needs that the user may not read (:func:`denied_named`).
DENIED = ("cannot be read, and the paper's compile needs it (Permission denied): make it "
          "readable to you (its owner can: chmod -R a+rX)")


def denied_named(denied: set[str], error: str, output: str = "",
                 copy: Path | None = None) -> str | None:
    """Which of ``denied`` (files and folders the copy of the paper left out, the user may
    not read them: :func:`figures.pack.tex.copy_paper`) the compile's first ``error`` names
    (``private``, for ``private/x.tex`` below it), or latexmk's ``output`` as a ``.bib`` not
    found, or None: TeX's "not found" of what the author may not read (round 47b, K9). A
    name with no folder is looked for in the folders a ``\\graphicspath`` of the ``copy``'s
    sources names too (``fig1_audit_hero`` for ``figs/fig1_audit_hero.pdf``: round 49b, K4,
    told "not written yet: run figures sync" of a figure written but unreadable), and below
    a denied folder through it too (``fig1_audit_hero`` in an unreadable ``figs/``, or
    ``sub/plot`` in ``figs/sub/``, as graphicx looks: round 50b, K4)."""
    bibs = re.findall(r"Bib file\(s\) not found in search path:\s+(\S+)", output)
    for word in [*named(error), *bibs]:
        name = os.path.normpath(word.removeprefix("./"))
        paths = [name] if name.startswith("/") else [os.path.normpath(f"{folder}/{name}")
                                                     for folder in [".", *inside(copy)]]
        for left in sorted(denied):
            # TeX's name with the extension its reader adds: .tex, .bib, or graphicx's
            # .pdf/.png/... for the extensionless include sync writes (round 48b, K6)
            named_so = (left, f"{left}.tex", f"{left}.bib", str(Path(left).with_suffix("")))
            if any(path in named_so or path.startswith(f"{left}/") for path in paths):
                return left
    return None


def bib_missing_hint(main: Path, bib: str) -> str:
    """What to do about a ``.bib`` the paper names and its folder lacks: a ``.bbl`` under
    another name there (Overleaf's download holds ``output.bbl``) is the bibliography already
    made, which packs as ``MAIN.bbl`` (round 48b, K16: the line said nothing to do). One
    outside the folder gets the pack's own advice for such files ("")."""
    if "/" in bib:
        return ""
    made = sorted(p.name for p in main.parent.glob("*.bbl") if p.name != f"{main.stem}.bbl")
    if made:
        return (f": copy it into the paper's folder, or rename {made[0]} (its bibliography "
                f"already made, as Overleaf names it) to {main.stem}.bbl")
    return f": copy it into the paper's folder (or its .bbl, as {main.stem}.bbl)"


def not_own(paper: Path, name: str) -> str:
    """Why ``paper / name`` is not the paper's own file (a link out of its folder, or not a
    regular file), and a way out that works where the pack was run: the link named in the
    paper's folder as given, a copy put in its place (hostile round 51b-2,
    B2: "copy it into the folder" of a file read through a linked folder ``figs -> ~/shared``,
    or of a linked file, made ``cp`` say "are the same file", the link left as it was). A
    linked folder is copied whole (the paper may read several files through it, and compiles
    as before), of which the pack takes what the paper reads."""
    real, link = (paper / name).resolve(), paper
    if not real.is_file():
        return ("not a regular file: the pack takes only the paper's own files; copy it into "
                "the folder (or remove it and its include)")
    for part in Path(name).parts:
        link = link / part
        if link.is_symlink():
            break
    target = link.resolve()
    if link == paper / name:
        return (f"a link out of the paper's folder, which alone is packed: put a copy of its "
                f"target in its place (rm {shell_word(link)} && cp {shell_word(target)} "
                f"{shell_word(link)}), or remove it and its include")  # each path once or twice:
        # a line holds 400 characters, and the target named twice cut the command (/tmp paths)
    return (f"read through {display_path(link.relative_to(paper).as_posix())}, a link to the "
            f"folder {display_path(target)}, outside the paper's folder, which alone is packed: "
            f"put a copy of that folder in the link's place (rm {shell_word(link)} && cp -r "
            f"{shell_word(target)} {shell_word(link)}), or remove the include")


def hard_link(paper: Path, name: str, outside: int, names: int) -> str:
    """The line for ``paper / name``, a hard link with ``outside`` of its ``names`` names
    outside the paper's folder; its command names the file as the pack was given it, quoted
    (round 51b-2, B1: ``cp sec/my notes.tex x && mv x sec/my notes.tex`` split the name and
    named it from the paper's folder, not where the pack ran)."""
    path, copy = shell_word(paper / name), shell_word(f"{paper / name}.copy")
    return (f"a hard link: {outside} of its {names} names {'is' if outside == 1 else 'are'} "
            "outside the paper's folder (the same file as one elsewhere): the pack takes only "
            f"the paper's own files; make it a copy of its own (cp {path} {copy} && mv {copy} "
            f"{path})")


def move_in(name: str) -> str:
    """The way out for a file the paper names outside its folder (``../refs.bib``): into the
    folder, and named from there; moved alone, the paper still named ``../refs.bib``, and the
    pack said the same again (hostile round 51b-2, B4)."""
    return (f"; only the paper's folder is packed: move that file into it and name it from "
            f"there ({display_path(Path(name.rstrip('.')).name)})")
