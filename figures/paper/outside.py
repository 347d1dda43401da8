r"""What a compile of the paper read from outside its folder (hostile round 48a, P20).

TeX's recorder (``.fls``) names every file pdfTeX opened: ``\input``, an image,
``\pdffiledump``, ``\pdfobj file``, ``\openin``, whatever name the paper wrote (absolute,
``../``, ``~/``, ``$VAR``, a link inside the folder to a file outside). bibtex's ``.blg`` names
each database it read and the style it ran (round 49a P23: a ``.bst`` is a program whose
strings and formatting are what the bibliography prints, so a style outside is refused as a
``.bib`` outside is; kpathsea expands a ``~/`` or ``$VAR`` in either name, so they are too). A file read from neither the paper's folder, the compile's own output
folder, nor TeX's trees (kpathsea's: TeX Live, the user's ``~/texmf`` and its caches) nor a
search path the shell exports (``TEXINPUTS``) is the paper reading a file of the user's: a
downloaded paper prints ``/proc/self/environ`` (the environment: tokens, keys) or a file of
the home folder into the PDF that ``figures paper`` leaves beside it. So ``figures paper``
refuses such a compile before it puts the PDF in the folder, in one line naming the line that
asks for the file and what to do. Why not ``openin_any=p`` (TeX Live's paranoid reading,
which pack's proof compile uses): it judges the name, not the file, so a link in the folder,
``~`` and ``$VAR`` (kpathsea expands them after the check) and pdfTeX's embedding go past it;
the recorder lists each file as TeX opened it, whatever the name.
"""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path

from figures import runner
from figures.errors import LatexError, display_path, elide, shell_word
from figures.paper.latex import search_sources

#: kpathsea's trees of TeX's own files (the user's own ``~/texmf`` and caches among them).
_TREES = ("$TEXMF:$TEXMFROOT:$TEXMFSYSVAR:$TEXMFSYSCONFIG:$TEXMFVAR:$TEXMFCONFIG:$VARTEXFONTS:"
          "$TEXMFCACHE:$OSFONTDIR:$TEXMFCNF")
#: The search paths a shell may export (``TEXINPUTS``, ``BIBINPUTS``, ``TEXINPUTS.pdflatex``).
_SEARCH = re.compile(r"\w*(?:INPUTS|FONTS)(?:[._]\w+)?")
#: What reads the compile's own input, ``/dev/null`` here: nothing is read from it.
_STDIN = ("/dev/null", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0")
#: bibtex's ``Database file #1: ../refs.bib`` and ``The style file: ../lab.bst`` in its ``.blg``.
_DATABASE = re.compile(r"^(?:Database file #\d+|The style file): (.+)$", re.MULTILINE)
#: A file bibtex's paranoid reading would not open (``I couldn't open style file ../lab.bst``):
#: one there is outside the folder (round 50a, P4: told "did not compile", naming no line).
_REFUSED = re.compile(r"^I couldn't open (?:style|database) file (.+)$", re.MULTILINE)


def tex_folders() -> list[Path]:
    """The folders TeX reads its own files from: kpathsea's trees and the search paths the
    shell exports (each as written and resolved)."""
    listed = [value for name, value in os.environ.items() if _SEARCH.fullmatch(name)]
    if runner.have("kpsewhich"):
        listed.append(runner.run(["kpsewhich", f"-expand-braces={_TREES}"], Path.cwd()).stdout)
    folders = []
    for value in listed:
        for part in value.strip().split(os.pathsep):
            if (part := part.strip().removeprefix("!!").rstrip("/")).startswith(("/", "~")):
                with contextlib.suppress(OSError, RuntimeError):
                    folders += [Path(part).expanduser(), Path(part).expanduser().resolve()]
    return folders


def read_outside(root: Path, out: Path, job: str) -> list[Path]:
    """Each file the compile in ``out`` (recorder ``out/JOB.fls``, bibtex's ``JOB.blg``) of
    the paper in ``root`` read from outside the paper's folder and TeX's (module docstring):
    anything under ``/proc``, ``/sys`` or ``/dev`` but the compile's own empty input."""
    read = runner.recorded(out / f"{job}.fls", root)[0] if (out / f"{job}.fls").is_file() \
        else []
    with contextlib.suppress(OSError, RuntimeError):
        blg = (out / f"{job}.blg").read_text(errors="replace")
        names = [str(Path(os.path.expandvars(n.strip())).expanduser())
                 for n in _DATABASE.findall(blg)]
        read += [Path(os.path.normpath(out / name)) if not Path(name).is_absolute()
                 and not (root / name).exists() else Path(os.path.normpath(root / name))
                 for name in names] + [Path(os.path.normpath(root / name)) for name in (
                     str(Path(os.path.expandvars(n.strip())).expanduser())
                     for n in _REFUSED.findall(blg)) if (root / name).is_file()]
    inside = [root, root.resolve(), out, out.resolve()]
    trees: list[Path] | None = None
    found = []
    for path in dict.fromkeys(read):
        try:
            real = path.resolve()
        except (OSError, RuntimeError):
            real = path
        if str(path) in _STDIN or any(real.is_relative_to(f) for f in inside):  # a link out
            continue
        if real.parts[1:2] not in (("proc",), ("sys",), ("dev",)) and \
                path.parts[1:2] not in (("proc",), ("sys",), ("dev",)):
            trees = tex_folders() if trees is None else trees
            if any(p.is_relative_to(f) for f in trees for p in (path, real)):
                continue
        found.append(path)
    return found


_SUBFILE = re.compile(r"\\documentclass\s*\[\s*([^\]%]*?)\s*\]\s*\{\s*subfiles\s*\}")


def subfile_of(main: Path, command: str, read: Path | None = None) -> str | None:
    """The way out when ``main`` is a chapter of the subfiles package
    (``\\documentclass[../main.tex]{subfiles}``), whose compile alone reads its main file's
    preamble from outside the folder given: the command on the main file's folder. "Copy it
    into the folder" was told, which keeps the preamble twice (hostile round 52h, P7)."""
    try:
        found = _SUBFILE.search(main.read_text(errors="replace")[:1 << 16])
    except OSError:
        return None
    named = os.path.normpath(main.absolute().parent / found[1]) if found else ""
    if not named or (read is not None and named not in (str(read), f"{read}.tex")):
        return None  # no subfile; one reading another file outside
    folder = os.path.relpath(named + "/..")
    folder = folder if not folder.startswith("..") else str(Path(folder).resolve())
    return (f"{main.name} is a subfile of {found[1]} (\\documentclass[{found[1]}]{{subfiles}}), "
            f"whose preamble it reads: run `figures {command} {shell_word(folder)}` on its main "
            "file's folder")


def refusal(paper, read: list[Path], pdf: str) -> LatexError:
    """The one line for ``read``, the files outside the paper's folder its compile read
    (:func:`read_outside`), at the line of the paper that names the first (else the main
    file), the others counted; ``pdf`` (``main.pdf``), the compiled paper, is not put in the
    folder."""
    path, more = read[0], len(read) - 1
    names = {str(path), os.path.relpath(path, paper.root)}
    with contextlib.suppress(ValueError):
        names.add("~/" + path.relative_to(Path.home()).as_posix())
    names |= {n.removesuffix(path.suffix) for n in names if path.suffix}
    pattern = re.compile(r"(?:(?<![\w./~-])|(?<=\\string))(?:\./)?(" + "|".join(
        re.escape(n) for n in sorted(names, key=len, reverse=True)) + r")(?![\w/-])")
    found = search_sources(paper, pattern) or search_sources(paper, re.compile(
        r"\{(?:[^{}]*(?:\$|~|\.\.)[^{}]*|/[^{}]*)/" + re.escape(path.stem)
        + r"(?:" + re.escape(path.suffix) + r")?\s*\}"))  # a name kpathsea expands (49a P22)
    where = f"{found[0]}:{found[1]}" if found else str(paper.main)
    shown = elide(display_path(path))
    with contextlib.suppress(OSError, RuntimeError):
        if path.is_symlink() or path.is_relative_to(paper.root):  # a link in the folder
            shown = f"{shown}, a link to {elide(display_path(path.resolve()))}"
    also = f" (and {more} other file(s) outside)" if more else ""
    if way := subfile_of(paper.main, "paper", Path(os.path.normpath(path.absolute()))):
        return LatexError(where, None, f"reads {shown}{also}, outside the paper's folder: "
                          f"{way}; {pdf} not written")
    return LatexError(where, None, f"reads {shown}{also}, outside the paper's folder: figures "
                      "paper prints only the paper's files and TeX's (a paper could print "
                      "yours, or your environment): copy it into the folder and name it from "
                      f"there; {pdf} not written")
